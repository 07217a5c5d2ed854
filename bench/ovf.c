/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Linux's overflow interrupt handler, as drivers/perf/riscv_pmu_sbi.c
 * (6.12) issues its SBI calls from pmu_sbi_ovf_handler(), timed on a
 * counter that really overflowed (OF set, LCOFIP pending; the handler
 * runs with interrupts off, so the payload spins with sstatus.SIE = 0):
 *
 * Without snapshot (pmu_sbi_stop_hw_ctrs, pmu_sbi_start_ovf_ctrs_sbi):
 *   per word i of used_hw_ctrs (RISCV_MAX_COUNTERS = 64 bits: one word on
 *   RV64, two on RV32, empty words included):
 *     STOP(i * XLEN, used[i], 0)
 *   S-mode: read scountovf, clear sip.LCOFIP
 *   per word i: START(i * XLEN, used[i] & ~overflowed, 0, 0), results
 *     ignored (with one used counter the set is empty)
 *   per overflowed counter: START(idx, 1, SET_INIT_VALUE, period value)
 * With snapshot (pmu_sbi_stop_hw_ctrs, pmu_sbi_start_ovf_ctrs_snapshot):
 *   per word i: STOP(i * XLEN, used[i], TAKE_SNAPSHOT)
 *   S-mode: read the snapshot's overflow mask, clear sip.LCOFIP, write
 *     the overflowed counter's new value into the snapshot
 *   per word i: START(i * XLEN, used[i], INIT_SNAPSHOT)
 *   The base is i * XLEN, as guest/patches/0001 makes it: stock 6.12
 *   passes 64 * XLEN there, which a conforming firmware rejects (docs/facts.md
 *   F1.12), so timing it would time a rejection.
 * The used counters are matched the way Linux's sched-in does (cbase 0,
 * every valid counter); cycles is the one that overflows, started last
 * and BENCH_OVF_DELTA below its overflow; the others (instructions, the
 * DTLB and ITLB read misses) count from Linux's counting value. The
 * figure is the sum of the timed calls; the row fails if the overflowed
 * counter's bit is not in scountovf (or the snapshot mask) after STOP.
 * Rows for the parts time single calls of the same sequence; on RV32,
 * ovf_1_empty times the two calls RV64 never makes, the STOP and START
 * of the empty upper word.
 */
#include "bench.h"

#include "csr.h"
#include "printf.h"

#define BENCH_OVF_MAX 4
/* Counts from the overflowing counter's START to its overflow: more
 * than START's return on any firmware, little time to spin. */
#define BENCH_OVF_DELTA 3000ULL
/* Spin iterations waiting for LCOFIP (the overflow comes in ~1000). */
#define BENCH_OVF_BUDGET 100000UL
/* Linux's words of used_hw_ctrs: RISCV_MAX_COUNTERS / BITS_PER_LONG. */
#define BENCH_OVF_WORDS (64 / __riscv_xlen)
/* perf record -c 100000: the restarted counter's value is -period. */
#define BENCH_OVF_PERIOD 100000ULL

struct bench_ovf {
	unsigned int n;
	unsigned long idx[BENCH_OVF_MAX];
	unsigned long used[BENCH_OVF_WORDS];
	unsigned long ovf_idx; /* the counter that overflows: idx[0] */
	unsigned long ovf_bit; /* its bit in scountovf (csr - cycle) */
};

static const unsigned long bench_ovf_events[BENCH_OVF_MAX] = {
	BENCH_EV_CYCLES,
	BENCH_EV_INSTRET,
	BENCH_EV_DTLB_READ_MISS,
	BENCH_EV_ITLB_READ_MISS,
};

static void bench_ovf_release(const struct bench_ovf *o, unsigned int n)
{
	for (unsigned int i = 0; i < n; i++)
		bench_pmu(SBI_EXT_PMU_COUNTER_STOP, o->idx[i], 1,
			  SBI_PMU_STOP_FLAG_RESET, 0, 0);
	csr_clear(CSR_SIP, 1UL << IRQ_LCOF);
}

static long bench_ovf_match(struct bench_ovf *o)
{
	for (unsigned int i = 0; i < o->n; i++) {
		struct sbiret r =
			bench_pmu(SBI_EXT_PMU_COUNTER_CFG_MATCH, 0,
				  bench_env.valid, 0, bench_ovf_events[i], 0);

		if (r.error || r.value >= __riscv_xlen * BENCH_OVF_WORDS) {
			bench_ovf_release(o, i);
			return r.error ? r.error : SBI_ERR_FAILED;
		}
		o->idx[i] = r.value;
		o->used[r.value / __riscv_xlen] |= 1UL
						   << r.value % __riscv_xlen;
	}
	o->ovf_idx = o->idx[0];
	return SBI_SUCCESS;
}

static bool bench_ovf_wait(void)
{
	for (unsigned long spins = 0; spins < BENCH_OVF_BUDGET; spins++)
		if (csr_read(CSR_SIP) & (1UL << IRQ_LCOF))
			return true;
	return false;
}

/*
 * Start the others, then the one that overflows; wait for LCOFIP. QEMU
 * 7.2 may swallow the first overflow of a counter that was earlier
 * started far from its overflow (METHODOLOGY.md, "Overflow delivery"):
 * then once more.
 */
static long bench_ovf_overflow(const struct bench_ovf *o)
{
	struct sbiret r = {0};

	for (unsigned int i = o->n; i-- > 1 && !r.error;)
		r = bench_start_value(o->idx[i], BENCH_COUNTING_VALUE);
	for (unsigned int try = 0; try < 2 && !r.error; try++) {
		if (try)
			bench_pmu(SBI_EXT_PMU_COUNTER_STOP, o->ovf_idx, 1, 0, 0,
				  0);
		r = bench_start_value(o->ovf_idx, -BENCH_OVF_DELTA);
		if (!r.error && bench_ovf_wait())
			return SBI_SUCCESS;
	}
	if (r.error)
		return r.error;
	printf("BENCHINFO overflow rows: no LCOFIP on counter %lu\n",
	       o->ovf_idx);
	return SBI_ERR_FAILED;
}

static long bench_ovf_setup(struct bench_ovf *o, unsigned int n)
{
	struct sbiret r;
	long err;

	*o = (struct bench_ovf){.n = n};
	csr_clear(CSR_SIP, 1UL << IRQ_LCOF);
	err = bench_ovf_match(o);
	if (err)
		return err;
	r = bench_pmu(SBI_EXT_PMU_COUNTER_GET_INFO, o->ovf_idx, 0, 0, 0, 0);
	o->ovf_bit = (r.value & SBI_PMU_CTR_INFO_CSR_MASK) - 0xC00;
	if (r.error || o->ovf_bit < PMU_CTR_HPM_FIRST ||
	    o->ovf_bit >= __riscv_xlen)
		err = r.error ? r.error : SBI_ERR_FAILED;
	else
		err = bench_ovf_overflow(o);
	if (err)
		bench_ovf_release(o, n);
	return err;
}

static unsigned long bench_ovf_word_bit(unsigned long idx, unsigned int w)
{
	return idx / __riscv_xlen == w ? 1UL << idx % __riscv_xlen : 0;
}

/* The parts of a sequence, each timed on its own (a row reports one, or
 * the sum of the first three). */
enum bench_ovf_part {
	BENCH_OVF_STOP,	 /* STOP of the used set (every word) */
	BENCH_OVF_START, /* START of the others / INIT_SNAPSHOT of all */
	BENCH_OVF_INIT,	 /* START(SET_INIT_VALUE) of the overflowed one */
	/* Of STOP and START, the calls for empty words: RV32's upper word,
	 * which Linux stops and starts with an empty mask. */
	BENCH_OVF_EMPTY,
	BENCH_OVF_PARTS,
};

/* Add @cost of the call for word @w of part @part; EMPTY too if empty. */
static void bench_ovf_add(unsigned long *parts, enum bench_ovf_part part,
			  const struct bench_ovf *o, unsigned int w,
			  unsigned long cost)
{
	parts[part] += cost;
	if (!o->used[w])
		parts[BENCH_OVF_EMPTY] += cost;
}

/*
 * Timed: STOP of every word of used_hw_ctrs; the used word must stop.
 * With TAKE_SNAPSHOT, *@ovf collects each successful STOP's overflow
 * mask, as Linux does before the next word's STOP overwrites it.
 */
static long bench_ovf_stop(const struct bench_ovf *o, unsigned long flags,
			   uint64_t *ovf, unsigned long *parts)
{
	volatile uint64_t *snap = bench_env_snapshot_area();

	*ovf = 0;
	for (unsigned int w = 0; w < BENCH_OVF_WORDS; w++) {
		struct sbiret r;

		bench_ovf_add(parts, BENCH_OVF_STOP, o, w,
			      bench_measure_pmu(SBI_EXT_PMU_COUNTER_STOP,
						w * __riscv_xlen, o->used[w],
						flags, 0, 0, &r));
		if (o->used[w] && r.error)
			return r.error;
		if (!r.error && (flags & SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT))
			*ovf |= snap[0] << (w * __riscv_xlen);
	}
	return SBI_SUCCESS;
}

static long bench_ovf_sbi(const struct bench_ovf *o, unsigned long *cost)
{
	uint64_t init = -BENCH_OVF_PERIOD;
	struct sbiret r;
	uint64_t ovf;
	long err = bench_ovf_stop(o, 0, &ovf, cost);

	if (err)
		return err;
	if (!(csr_read(CSR_SCOUNTOVF) & (1UL << o->ovf_bit)))
		return SBI_ERR_FAILED; /* no real overflow to handle */
	csr_clear(CSR_SIP, 1UL << IRQ_LCOF);
	for (unsigned int w = 0; w < BENCH_OVF_WORDS; w++)
		bench_ovf_add(
			cost, BENCH_OVF_START, o, w,
			bench_measure_pmu(
				SBI_EXT_PMU_COUNTER_START, w * __riscv_xlen,
				o->used[w] & ~bench_ovf_word_bit(o->ovf_idx, w),
				0, 0, 0, &r));
	cost[BENCH_OVF_INIT] +=
		bench_measure_pmu(SBI_EXT_PMU_COUNTER_START, o->ovf_idx, 1,
				  SBI_PMU_START_FLAG_SET_INIT_VALUE,
				  BENCH_ARG_LO(init), BENCH_ARG_HI(init), &r);
	return r.error;
}

static long bench_ovf_snapshot(const struct bench_ovf *o, unsigned long *cost)
{
	volatile uint64_t *snap = bench_env_snapshot_area();
	struct sbiret r;
	uint64_t ovf;
	long err =
		bench_ovf_stop(o, SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT, &ovf, cost);

	if (err)
		return err;
	if (!(ovf & (1ULL << o->ovf_idx)))
		return SBI_ERR_FAILED; /* no real overflow to handle */
	csr_clear(CSR_SIP, 1UL << IRQ_LCOF);
	/* Snapshot indices are relative to the word's base. */
	snap[1 + o->ovf_idx % __riscv_xlen] = -BENCH_OVF_PERIOD;
	for (unsigned int w = 0; w < BENCH_OVF_WORDS; w++) {
		bench_ovf_add(
			cost, BENCH_OVF_START, o, w,
			bench_measure_pmu(SBI_EXT_PMU_COUNTER_START,
					  w * __riscv_xlen, o->used[w],
					  SBI_PMU_START_FLAG_INIT_SNAPSHOT, 0,
					  0, &r));
		if (o->used[w] && r.error)
			return r.error;
	}
	return SBI_SUCCESS;
}

/* row->event: part << 4 | used counters << 1 | snapshot. */
#define BENCH_OVF_ROW(n, snap, part)                                           \
	((unsigned long)(part) << 4 | (n) << 1 | (snap))
#define BENCH_OVF_ALL BENCH_OVF_PARTS /* a row's part: the sum */

static long bench_ovf_iter(const struct bench_row *row, unsigned long *cost)
{
	bool snapshot = row->event & 1;
	unsigned int part = (unsigned int)(row->event >> 4);
	unsigned long parts[BENCH_OVF_PARTS] = {0};
	struct bench_ovf o;
	long err;

	if (snapshot && !bench_env.snapshot)
		return SBI_ERR_NOT_SUPPORTED;
	err = bench_ovf_setup(&o, (unsigned int)(row->event >> 1 & 7));
	if (err)
		return err;
	err = snapshot ? bench_ovf_snapshot(&o, parts)
		       : bench_ovf_sbi(&o, parts);
	bench_ovf_release(&o, o.n);
	*cost = part < BENCH_OVF_PARTS
			? parts[part]
			: parts[BENCH_OVF_STOP] + parts[BENCH_OVF_START] +
				  parts[BENCH_OVF_INIT];
	return err;
}

/*
 * Each sequence, then its parts on their own (per-call figures; the
 * STOP and the first START are one call per word of used_hw_ctrs). A
 * row with no call on this XLEN (the empty word's, on RV64) is not run.
 */
void bench_ovf_run(bool snapshot)
{
	const unsigned int w = BENCH_OVF_WORDS;
	const struct bench_row plain[] = {
		{"ovf_1", bench_ovf_iter, BENCH_OVF_ROW(1, 0, BENCH_OVF_ALL),
		 2 * w + 1},
		{"ovf_4", bench_ovf_iter, BENCH_OVF_ROW(4, 0, BENCH_OVF_ALL),
		 2 * w + 1},
		{"ovf_1_stop", bench_ovf_iter,
		 BENCH_OVF_ROW(1, 0, BENCH_OVF_STOP), w},
		{"ovf_1_start", bench_ovf_iter,
		 BENCH_OVF_ROW(1, 0, BENCH_OVF_START), w},
		{"ovf_1_init", bench_ovf_iter,
		 BENCH_OVF_ROW(1, 0, BENCH_OVF_INIT), 1},
		{"ovf_4_stop", bench_ovf_iter,
		 BENCH_OVF_ROW(4, 0, BENCH_OVF_STOP), w},
		{"ovf_4_start", bench_ovf_iter,
		 BENCH_OVF_ROW(4, 0, BENCH_OVF_START), w},
		{"ovf_4_init", bench_ovf_iter,
		 BENCH_OVF_ROW(4, 0, BENCH_OVF_INIT), 1},
		/* Last, so that the rows above run as they always have. */
		{"ovf_1_empty", bench_ovf_iter,
		 BENCH_OVF_ROW(1, 0, BENCH_OVF_EMPTY), 2 * (w - 1)},
	};
	const struct bench_row snap[] = {
		{"ovf_1_snap", bench_ovf_iter,
		 BENCH_OVF_ROW(1, 1, BENCH_OVF_ALL), 2 * w},
		{"ovf_4_snap", bench_ovf_iter,
		 BENCH_OVF_ROW(4, 1, BENCH_OVF_ALL), 2 * w},
		{"ovf_1_snap_stop", bench_ovf_iter,
		 BENCH_OVF_ROW(1, 1, BENCH_OVF_STOP), w},
		{"ovf_1_snap_start", bench_ovf_iter,
		 BENCH_OVF_ROW(1, 1, BENCH_OVF_START), w},
		{"ovf_4_snap_stop", bench_ovf_iter,
		 BENCH_OVF_ROW(4, 1, BENCH_OVF_STOP), w},
		{"ovf_4_snap_start", bench_ovf_iter,
		 BENCH_OVF_ROW(4, 1, BENCH_OVF_START), w},
	};
	const struct bench_row *rows = snapshot ? snap : plain;
	unsigned int n = snapshot ? sizeof(snap) / sizeof(*snap)
				  : sizeof(plain) / sizeof(*plain);

	for (unsigned int i = 0; i < n; i++)
		if (rows[i].calls)
			bench_row_run(&rows[i]);
}
