/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Linux's context-switch sequence for a profiled task, as
 * drivers/perf/riscv_pmu_sbi.c (6.12) issues it (docs/facts.md F1.6):
 *   sched-in, per event:  CFG_MATCH(0, all valid, flags, event)
 *                         START(idx, 1, SET_INIT_VALUE, value)
 *   sched-out, per event: STOP(idx, 1, 0)       -- riscv_pmu_stop
 *                         STOP(idx, 1, RESET)   -- riscv_pmu_del, on the
 *                                                  already stopped counter
 * With SBI >= 2.0 and a snapshot area both STOPs add TAKE_SNAPSHOT (the
 * "_snap" rows: what Linux really sends to a firmware that offers it).
 * The figure is the sum of the timed calls of one sched-in + sched-out,
 * i.e. the firmware's share; the counter read between the STOPs is a
 * csrr in S-mode and costs the firmware nothing.
 *
 * The "_deleg" rows do the same context switch through delegated
 * counters (Smcdeleg/Ssccfg with Sscsrind), where S-mode programs the
 * counters itself and makes no SBI call; their figure is the S-mode
 * instructions that replace the calls (bench_sched_deleg below).
 */
#include "bench.h"

#include "csr.h"

#define BENCH_SCHED_MAX 4

struct bench_sched {
	const unsigned long *events;
	unsigned int n;
	unsigned long stop_flags; /* TAKE_SNAPSHOT or 0 */
	unsigned long idx[BENCH_SCHED_MAX];
};

static const unsigned long bench_sched_events[BENCH_SCHED_MAX] = {
	BENCH_EV_CYCLES,
	BENCH_EV_INSTRET,
	BENCH_EV_DTLB_READ_MISS,
	BENCH_EV_ITLB_READ_MISS,
};

/* Linux only complains about the second STOP if it is not this. */
static bool bench_sched_stop_ok(long err)
{
	return !err || err == SBI_ERR_ALREADY_STOPPED;
}

static long bench_sched_in(struct bench_sched *s, unsigned long *cost)
{
	struct sbiret r;

	for (unsigned int i = 0; i < s->n; i++) {
		*cost += bench_measure_pmu(SBI_EXT_PMU_COUNTER_CFG_MATCH, 0,
					   bench_env.valid, 0, s->events[i], 0,
					   &r);
		if (r.error)
			return r.error;
		s->idx[i] = r.value;
		*cost += bench_measure_pmu(SBI_EXT_PMU_COUNTER_START, s->idx[i],
					   1, SBI_PMU_START_FLAG_SET_INIT_VALUE,
					   BENCH_ARG_LO(BENCH_COUNTING_VALUE),
					   BENCH_ARG_HI(BENCH_COUNTING_VALUE),
					   &r);
		if (r.error)
			return r.error;
	}
	return SBI_SUCCESS;
}

static long bench_sched_out(const struct bench_sched *s, unsigned long *cost)
{
	struct sbiret r;

	for (unsigned int i = 0; i < s->n; i++) {
		*cost += bench_measure_pmu(SBI_EXT_PMU_COUNTER_STOP, s->idx[i],
					   1, s->stop_flags, 0, 0, &r);
		if (r.error)
			return r.error;
		*cost += bench_measure_pmu(
			SBI_EXT_PMU_COUNTER_STOP, s->idx[i], 1,
			SBI_PMU_STOP_FLAG_RESET | s->stop_flags, 0, 0, &r);
		if (!bench_sched_stop_ok(r.error))
			return r.error;
	}
	return SBI_SUCCESS;
}

static long bench_sched_iter(const struct bench_row *row, unsigned long *cost,
			     unsigned int n, unsigned long stop_flags)
{
	struct bench_sched s = {
		.events = row->event ? &row->event : bench_sched_events,
		.n = row->event ? 1 : n,
		.stop_flags = stop_flags,
	};
	long err;

	*cost = 0;
	err = bench_sched_in(&s, cost);
	if (err)
		return err;
	return bench_sched_out(&s, cost);
}

static long bench_sched_iter_1(const struct bench_row *row, unsigned long *cost)
{
	return bench_sched_iter(row, cost, 1, 0);
}

static long bench_sched_iter_4(const struct bench_row *row, unsigned long *cost)
{
	return bench_sched_iter(row, cost, BENCH_SCHED_MAX, 0);
}

static long bench_sched_iter_1_snap(const struct bench_row *row,
				    unsigned long *cost)
{
	if (!bench_env.snapshot)
		return SBI_ERR_NOT_SUPPORTED;
	return bench_sched_iter(row, cost, 1, SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT);
}

static long bench_sched_iter_4_snap(const struct bench_row *row,
				    unsigned long *cost)
{
	if (!bench_env.snapshot)
		return SBI_ERR_NOT_SUPPORTED;
	return bench_sched_iter(row, cost, BENCH_SCHED_MAX,
				SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT);
}

void bench_sched_run(bool snapshot)
{
	const struct bench_row plain[] = {
		{"sched_1", bench_sched_iter_1, 0, 0},
		{"sched_4", bench_sched_iter_4, 0, 0},
	};
	const struct bench_row snap[] = {
		{"sched_1_snap", bench_sched_iter_1_snap, 0, 0},
		{"sched_4_snap", bench_sched_iter_4_snap, 0, 0},
	};
	const struct bench_row *rows = snapshot ? snap : plain;

	for (unsigned int i = 0; i < 2; i++)
		bench_row_run(&rows[i]);
}

/*
 * Through delegated counters, per event. Sched-in: take a free counter
 * from the supervisor's own bitmap (Linux's used-counters mask), select
 * it (siselect 0x40 + i), write its event (sireg2: the selector, which
 * on QEMU is the event index, with no SINH/UINH filter bits, as for a
 * plain perf stat), inhibit it (a csrs: a released counter is already
 * stopped, so this changes nothing but costs what a check would), write
 * Linux's initial value (sireg) and start it (clear its scountinhibit
 * bit). Sched-out: stop it (set the
 * bit), then, after Linux's read (untimed, as in the SBI rows), release
 * it: its event back to 0 and its bit free. Timed: exactly that work,
 * P0/P1 around each sched-in, each stop and each release.
 */
#define BENCH_CSR_SIREG4 0x155 /* RV32: the high half of sireg's counter */

static unsigned long bench_deleg_used; /* bit i: hpmcounter i taken */

/* The lowest set bit's index, as Linux's generic __ffs (no Zbb ctz). */
static unsigned int bench_deleg_ffs(unsigned long x)
{
	unsigned int i = 0;

#if __riscv_xlen == 64
	if (!(x & 0xffffffffUL)) {
		i += 32;
		x >>= 32;
	}
#endif
	if (!(x & 0xffff)) {
		i += 16;
		x >>= 16;
	}
	if (!(x & 0xff)) {
		i += 8;
		x >>= 8;
	}
	if (!(x & 0xf)) {
		i += 4;
		x >>= 4;
	}
	if (!(x & 0x3)) {
		i += 2;
		x >>= 2;
	}
	return i + !(x & 0x1);
}

/* Sched-in of @event; its counter in *@ctr. False if none is free. */
static bool bench_deleg_in(unsigned long event, unsigned int *ctr)
{
	unsigned long free = bench_env.hpm & ~bench_deleg_used;
	unsigned long bit = free & -free;
	unsigned int i;

	if (!bit)
		return false;
	i = bench_deleg_ffs(bit);
	bench_deleg_used |= bit;
	csr_write(CSR_SISELECT, SISELECT_COUNTER + i);
	csr_write(CSR_SIREG2, event);
	csr_set(CSR_SCOUNTINHIBIT, bit);
	csr_write(CSR_SIREG, BENCH_ARG_LO(BENCH_COUNTING_VALUE));
#if __riscv_xlen == 32
	csr_write(BENCH_CSR_SIREG4, BENCH_ARG_HI(BENCH_COUNTING_VALUE));
#endif
	csr_clear(CSR_SCOUNTINHIBIT, bit);
	*ctr = i;
	return true;
}

static void bench_deleg_release(unsigned int i)
{
	csr_write(CSR_SISELECT, SISELECT_COUNTER + i);
	csr_write(CSR_SIREG2, 0);
	bench_deleg_used &= ~(1UL << i);
}

static long bench_sched_deleg(unsigned int n, unsigned long *cost)
{
	unsigned int ctr[BENCH_SCHED_MAX], in = 0;
	unsigned long p0, p1;
	long err = SBI_SUCCESS;
	uint64_t v;
	bool ok;

	if (!bench_env.cdeleg)
		return SBI_ERR_NOT_SUPPORTED;
	*cost = 0;
	for (; in < n; in++) {
		p0 = bench_measure_point();
		ok = bench_deleg_in(bench_sched_events[in], &ctr[in]);
		p1 = bench_measure_point();
		if (!ok) {
			err = SBI_ERR_NOT_SUPPORTED;
			break;
		}
		*cost += bench_measure_span(p0, p1);
	}
	for (unsigned int e = 0; e < in; e++) {
		p0 = bench_measure_point();
		csr_set(CSR_SCOUNTINHIBIT, 1UL << ctr[e]);
		p1 = bench_measure_point();
		*cost += bench_measure_span(p0, p1);
		/* Linux's read. The counter kept the initial value it was
		 * given, and cycles (the first event) counted from it. */
		if (!csr_read_counter64(CSR_CYCLE + ctr[e], &v) ||
		    v < BENCH_COUNTING_VALUE ||
		    (e == 0 && v == BENCH_COUNTING_VALUE))
			err = SBI_ERR_FAILED;
		p0 = bench_measure_point();
		bench_deleg_release(ctr[e]);
		p1 = bench_measure_point();
		*cost += bench_measure_span(p0, p1);
	}
	return err;
}

static long bench_sched_deleg_1(const struct bench_row *row,
				unsigned long *cost)
{
	(void)row;
	return bench_sched_deleg(1, cost);
}

static long bench_sched_deleg_4(const struct bench_row *row,
				unsigned long *cost)
{
	(void)row;
	return bench_sched_deleg(BENCH_SCHED_MAX, cost);
}

void bench_sched_deleg_run(void)
{
	const struct bench_row rows[] = {
		{"sched_1_deleg", bench_sched_deleg_1, 0, 0},
		{"sched_4_deleg", bench_sched_deleg_4, 0, 0},
	};

	for (unsigned int i = 0; i < 2; i++)
		bench_row_run(&rows[i]);
}

void bench_sched_one_run(const char *key, unsigned long event)
{
	const struct bench_row row = {key, bench_sched_iter_1, event, 0};

	bench_row_run(&row);
}
