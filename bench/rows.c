/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The single-call rows: one SBI call timed per iteration, with whatever
 * state it needs set up before P0 and torn down after P1, untimed. Every
 * CFG_MATCH is the one Linux makes at sched-in: cbase 0, cmask = every
 * counter COUNTER_GET_INFO accepted, no filter flags; every START with
 * SET_INIT_VALUE gives Linux's 64-bit counting value, in a3/a4 on RV32;
 * every release is STOP(RESET). A row whose calls answer NOT_SUPPORTED
 * prints err=-2, which bench/run.py shows as "n/a" (SBI 1.0 firmwares
 * lack FIDs 6, 7 and 8).
 */
#include "bench.h"

#include "sbi.h"

/* The 52 events Linux probes: general 1-10, then 7 caches x 3 ops x 2. */
#define BENCH_INFO_EVENTS 52

struct bench_event_info {
	uint32_t event_idx;
	uint32_t output;
	uint64_t event_data;
};

static struct bench_event_info bench_info[BENCH_INFO_EVENTS]
	__attribute__((aligned(SBI_PMU_EVENT_INFO_ALIGN)));

/* ---- untimed helpers ---- */

static long bench_match(unsigned long event, unsigned long *idx)
{
	struct sbiret r = bench_pmu(SBI_EXT_PMU_COUNTER_CFG_MATCH, 0,
				    bench_env.valid, 0, event, 0);

	*idx = r.value;
	return r.error;
}

static long bench_match_start(unsigned long event, unsigned long *idx)
{
	long err = bench_match(event, idx);

	if (err)
		return err;
	return bench_start_value(*idx, BENCH_COUNTING_VALUE).error;
}

static void bench_release(unsigned long idx)
{
	bench_pmu(SBI_EXT_PMU_COUNTER_STOP, idx, 1, SBI_PMU_STOP_FLAG_RESET, 0,
		  0);
}

/* ---- iterations ---- */

static long bench_iter_null(const struct bench_row *row, unsigned long *cost)
{
	const unsigned long a[6] = {0};
	struct sbiret r;

	(void)row;
	*cost = bench_measure_ecall(SBI_EXT_BASE, SBI_EXT_BASE_GET_SPEC_VERSION,
				    a, &r);
	return r.error;
}

static long bench_iter_num_counters(const struct bench_row *row,
				    unsigned long *cost)
{
	struct sbiret r;

	(void)row;
	*cost = bench_measure_pmu(SBI_EXT_PMU_NUM_COUNTERS, 0, 0, 0, 0, 0, &r);
	return r.error;
}

static long bench_iter_get_info(const struct bench_row *row,
				unsigned long *cost)
{
	struct sbiret r;

	(void)row;
	*cost = bench_measure_pmu(SBI_EXT_PMU_COUNTER_GET_INFO,
				  bench_env.first_hpm, 0, 0, 0, 0, &r);
	return r.error;
}

static long bench_iter_cfg_match(const struct bench_row *row,
				 unsigned long *cost)
{
	struct sbiret r;

	*cost = bench_measure_pmu(SBI_EXT_PMU_COUNTER_CFG_MATCH, 0,
				  bench_env.valid, 0, row->event, 0, &r);
	if (!r.error)
		bench_release(r.value);
	return r.error;
}

/*
 * START of a counter matched for row->event with Linux's 64-bit counting
 * value: one register on RV64, two on RV32 (the split counter write).
 */
static long bench_iter_start(const struct bench_row *row, unsigned long *cost)
{
	unsigned long idx;
	struct sbiret r;
	long err = bench_match(row->event, &idx);

	if (err)
		return err;
	*cost = bench_measure_pmu(SBI_EXT_PMU_COUNTER_START, idx, 1,
				  SBI_PMU_START_FLAG_SET_INIT_VALUE,
				  BENCH_ARG_LO(BENCH_COUNTING_VALUE),
				  BENCH_ARG_HI(BENCH_COUNTING_VALUE), &r);
	bench_release(idx);
	return r.error;
}

/* STOP of a running counter with @flags; RESET included releases it. */
static long bench_iter_stop_flags(const struct bench_row *row,
				  unsigned long flags, unsigned long *cost)
{
	unsigned long idx;
	struct sbiret r;
	long err = bench_match_start(row->event, &idx);

	if (err)
		return err;
	*cost = bench_measure_pmu(SBI_EXT_PMU_COUNTER_STOP, idx, 1, flags, 0, 0,
				  &r);
	if (!(flags & SBI_PMU_STOP_FLAG_RESET))
		bench_release(idx);
	return r.error;
}

static long bench_iter_stop(const struct bench_row *row, unsigned long *cost)
{
	return bench_iter_stop_flags(row, 0, cost);
}

static long bench_iter_stop_reset(const struct bench_row *row,
				  unsigned long *cost)
{
	return bench_iter_stop_flags(row, SBI_PMU_STOP_FLAG_RESET, cost);
}

/* FW_READ or FW_READ_HI (@fid) of a started firmware counter. */
static long bench_iter_fw_fid(const struct bench_row *row, unsigned long fid,
			      unsigned long *cost)
{
	unsigned long idx;
	struct sbiret r;
	long err = bench_match_start(row->event, &idx);

	if (err)
		return err;
	*cost = bench_measure_pmu(fid, idx, 0, 0, 0, 0, &r);
	bench_release(idx);
	return r.error;
}

static long bench_iter_fw_read(const struct bench_row *row, unsigned long *cost)
{
	return bench_iter_fw_fid(row, SBI_EXT_PMU_COUNTER_FW_READ, cost);
}

/*
 * The upper half of a firmware counter: Linux RV32 makes this call after
 * every FW_READ (SBI >= 2.0); on RV64 it answers 0 and Linux never
 * makes it. SBI 1.0 firmwares answer NOT_SUPPORTED: n/a.
 */
static long bench_iter_fw_read_hi(const struct bench_row *row,
				  unsigned long *cost)
{
	return bench_iter_fw_fid(row, SBI_EXT_PMU_COUNTER_FW_READ_HI, cost);
}

static void bench_info_fill(void)
{
	unsigned int n = 0;

	for (unsigned long code = 1; code < SBI_PMU_HW_GENERAL_MAX; code++)
		bench_info[n++].event_idx =
			BENCH_EV(SBI_PMU_EVENT_TYPE_HW, code);
	for (unsigned long cache = 0; cache < SBI_PMU_HW_CACHE_MAX; cache++)
		for (unsigned long op = 0; op < SBI_PMU_HW_CACHE_OP_MAX; op++)
			for (unsigned long res = 0; res < 2; res++)
				bench_info[n++].event_idx =
					BENCH_EV(SBI_PMU_EVENT_TYPE_HW_CACHE,
						 cache << 3 | op << 1 | res);
}

static long bench_iter_event_info(const struct bench_row *row,
				  unsigned long *cost)
{
	struct sbiret r;

	(void)row;
	*cost = bench_measure_pmu(SBI_EXT_PMU_EVENT_GET_INFO,
				  (unsigned long)bench_info, 0,
				  BENCH_INFO_EVENTS, 0, 0, &r);
	return r.error;
}

static long bench_iter_start_snapshot(const struct bench_row *row,
				      unsigned long *cost)
{
	unsigned long idx;
	struct sbiret r;
	long err;

	if (!bench_env.snapshot)
		return SBI_ERR_NOT_SUPPORTED;
	err = bench_match(row->event, &idx);
	if (err)
		return err;
	*cost = bench_measure_pmu(SBI_EXT_PMU_COUNTER_START, idx, 1,
				  SBI_PMU_START_FLAG_INIT_SNAPSHOT, 0, 0, &r);
	bench_release(idx);
	return r.error;
}

static long bench_iter_stop_snapshot(const struct bench_row *row,
				     unsigned long *cost)
{
	if (!bench_env.snapshot)
		return SBI_ERR_NOT_SUPPORTED;
	return bench_iter_stop_flags(row, SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT,
				     cost);
}

/* ---- the suites ---- */

static const struct bench_row bench_rows[] = {
	{"null", bench_iter_null, 0, 0},
	{"num_counters", bench_iter_num_counters, 0, 0},
	{"get_info", bench_iter_get_info, 0, 0},
	{"cfg_match_hw", bench_iter_cfg_match, BENCH_EV_CYCLES, 0},
	{"cfg_match_fw", bench_iter_cfg_match, BENCH_EV_FW_SET_TIMER, 0},
	{"start_init", bench_iter_start, BENCH_EV_CYCLES, 0},
	{"stop", bench_iter_stop, BENCH_EV_CYCLES, 0},
	{"stop_reset", bench_iter_stop_reset, BENCH_EV_CYCLES, 0},
	{"fw_read", bench_iter_fw_read, BENCH_EV_FW_SET_TIMER, 0},
	{"event_info_52", bench_iter_event_info, 0, 0},
	/* Last, so that the rows above run as they always have. */
	{"start_init_fw", bench_iter_start, BENCH_EV_FW_SET_TIMER, 0},
	{"fw_read_hi", bench_iter_fw_read_hi, BENCH_EV_FW_SET_TIMER, 0},
};

static const struct bench_row bench_snapshot_rows[] = {
	{"start_snapshot", bench_iter_start_snapshot, BENCH_EV_CYCLES, 0},
	{"stop_snapshot", bench_iter_stop_snapshot, BENCH_EV_CYCLES, 0},
};

void bench_rows_run(void)
{
	bench_info_fill();
	for (unsigned int i = 0; i < sizeof(bench_rows) / sizeof(*bench_rows);
	     i++)
		bench_row_run(&bench_rows[i]);
}

void bench_rows_snapshot_run(void)
{
	for (unsigned int i = 0;
	     i < sizeof(bench_snapshot_rows) / sizeof(*bench_snapshot_rows);
	     i++)
		bench_row_run(&bench_snapshot_rows[i]);
}

void bench_rows_scaling_run(unsigned long event)
{
	const struct bench_row rows[] = {
		{"null", bench_iter_null, 0, 0},
		{"cfg_match_hw", bench_iter_cfg_match, BENCH_EV_CYCLES, 0},
		{"start_init", bench_iter_start, BENCH_EV_CYCLES, 0},
		{"cfg_match_last", bench_iter_cfg_match, event, 0},
		{"start_last", bench_iter_start, event, 0},
	};

	for (unsigned int i = 0; i < sizeof(rows) / sizeof(*rows); i++)
		bench_row_run(&rows[i]);
}
