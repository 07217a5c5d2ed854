/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Linux's context-switch sequence for a profiled task, as
 * drivers/perf/riscv_pmu_sbi.c (6.12) issues it (FACTS §1):
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
 */
#include "bench.h"

#define BENCH_SCHED_MAX	 4
#define BENCH_INIT_VALUE ((1UL << (__riscv_xlen - 1)) | 1UL)

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
					   BENCH_INIT_VALUE, 0, &r);
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

void bench_sched_one_run(const char *key, unsigned long event)
{
	const struct bench_row row = {key, bench_sched_iter_1, event, 0};

	bench_row_run(&row);
}
