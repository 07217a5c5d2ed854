/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The SBI PMU benchmark payload (bench/METHODOLOGY.md): an S-mode program
 * on payload/lib that times each SBI PMU call in retired instructions
 * under QEMU -icount, on whatever M-mode firmware runs below it. This
 * header ties its files together: the timed ecall (measure.c), per-row
 * statistics (stats.c), the machine and counters it found (env.c), and
 * the rows themselves (rows.c single calls, sched.c Linux's sequences,
 * through SBI calls and through delegated counters).
 * Output is one "BENCH ..." line per row, read by bench/run.py.
 */
#ifndef BENCH_BENCH_H
#define BENCH_BENCH_H

#include <stdbool.h>
#include <stdint.h>

#include <sbipmu/pmu_spec.h>
#include <sbipmu/sbi_spec.h>

/* Iterations recorded per row (after one warm-up), unless bench.iters=. */
#define BENCH_ITERS    64
#define BENCH_ONLY_MAX 32

/* event_idx of the events the rows use (SBI spec tables 3-5, 7). */
#define BENCH_EV(type, code) (((unsigned long)(type) << 16) | (code))
#define BENCH_EV_CYCLES	     BENCH_EV(SBI_PMU_EVENT_TYPE_HW, SBI_PMU_HW_CPU_CYCLES)
#define BENCH_EV_INSTRET                                                       \
	BENCH_EV(SBI_PMU_EVENT_TYPE_HW, SBI_PMU_HW_INSTRUCTIONS)
/* The cache events QEMU virt's own riscv,pmu node maps (docs/facts.md F2.1). */
#define BENCH_EV_DTLB_READ_MISS BENCH_EV(SBI_PMU_EVENT_TYPE_HW_CACHE, 0x19)
#define BENCH_EV_ITLB_READ_MISS BENCH_EV(SBI_PMU_EVENT_TYPE_HW_CACHE, 0x21)
#define BENCH_EV_FW_SET_TIMER                                                  \
	BENCH_EV(SBI_PMU_EVENT_TYPE_FW, SBI_PMU_FW_SET_TIMER)

/*
 * Linux's initial value for a counting event on a 64-bit counter,
 * -(max_period / 2). A START passes it whole in a3 on RV64, and on RV32
 * split, low half in a3 and high half in a4, as Linux 6.12 does
 * (pmu_sbi_ctr_start(): ival, ival >> 32).
 */
#define BENCH_COUNTING_VALUE 0x8000000000000001ULL
/* The registers of a 64-bit SBI argument: low (or whole), then high. */
#define BENCH_ARG_LO(v) ((unsigned long)(v))
#define BENCH_ARG_HI(v)                                                        \
	(__riscv_xlen == 32 ? (unsigned long)((uint64_t)(v) >> 32) : 0UL)

/* What env.c found out; the rows read it. */
struct bench_env {
	unsigned long spec_version;
	unsigned long impl_id;
	unsigned long num_counters;
	unsigned long valid;	 /* bit i: COUNTER_GET_INFO(i) succeeded */
	unsigned long fw;	 /* bit i: counter i is a firmware counter */
	unsigned long first_hpm; /* lowest valid hpmcounter (csr 0xC03+) */
	unsigned long hpm;	 /* bit i: hpmcounter i is a valid hw counter */
	bool snapshot;		 /* SNAPSHOT_SET_SHMEM accepted our area */
	/* Counter delegation: S-mode may program the hpm counters itself
	 * (Smcdeleg/Ssccfg/Sscsrind named and menvcfg.CDE set). */
	bool cdeleg;
	/* bench.suite=sched: only Linux's sched-in + sched-out rows. */
	bool sched_only;
	/* Scaling mode: the event of the last standard row, 0 otherwise. */
	unsigned long scaling_event;
	/* Boot arguments for profiling (bench/profile.py): run only the
	 * row named @only, @iters times. */
	char only[BENCH_ONLY_MAX];
	unsigned long iters;
};

extern struct bench_env bench_env;

/* ---- measure.c: the named points P0/P1 around one ecall ---- */

/* Instructions between P0 and P1 with nothing between them. */
unsigned long bench_measure_calibrate(void);

/*
 * Make SBI call (@ext, @fid, @a[0..5]); *@ret gets its result. Returns
 * instret(P1) - instret(P0) - calibration, where P0 is the csrr right
 * before the ecall and P1 the csrr right after the firmware's return.
 */
unsigned long bench_measure_ecall(unsigned long ext, unsigned long fid,
				  const unsigned long a[6], struct sbiret *ret);

/* The same for an SBI PMU function. */
unsigned long bench_measure_pmu(unsigned long fid, unsigned long a0,
				unsigned long a1, unsigned long a2,
				unsigned long a3, unsigned long a4,
				struct sbiret *ret);

/*
 * S-mode work timed without an ecall: P0 = bench_measure_point() before
 * it, P1 = bench_measure_point() after it; bench_measure_span(P0, P1) is
 * the instructions between them. Each point is one `csrr instret` with a
 * memory clobber, so no load, store or CSR access crosses it.
 */
static inline unsigned long bench_measure_point(void)
{
	unsigned long v;

	__asm__ volatile("csrr %0, instret" : "=r"(v) : : "memory");
	return v;
}

unsigned long bench_measure_span(unsigned long p0, unsigned long p1);

/* ---- stats.c: one row's figures ---- */

struct bench_stats {
	const char *key;
	unsigned long n;
	unsigned long min;
	unsigned long max;
	uint64_t sum;
	long err;	    /* first SBI error met; the row stops there */
	unsigned int calls; /* SBI calls per iteration, 0: not said */
};

void bench_stats_init(struct bench_stats *s, const char *key);
void bench_stats_add(struct bench_stats *s, unsigned long cost);
/* "BENCH key=... n=... min=... max=... sum=... mean=... err=..."
 * [" calls=N"] */
void bench_stats_print(const struct bench_stats *s);

/* ---- rows: each iteration returns an SBI error and its cost ---- */

struct bench_row;
typedef long (*bench_iter_fn)(const struct bench_row *row, unsigned long *cost);

struct bench_row {
	const char *key;
	bench_iter_fn iter;
	unsigned long event; /* the hardware event the row uses, if any */
	/* SBI calls per iteration when the row's output should say it
	 * (their number depends on XLEN), else 0. */
	unsigned int calls;
};

/*
 * One warm-up iteration, then bench_env.iters timed ones; prints the row.
 * Skipped when bench_env.only names another row.
 */
void bench_row_run(const struct bench_row *row);

/* Untimed PMU call for set-up and tear-down. */
struct sbiret bench_pmu(unsigned long fid, unsigned long a0, unsigned long a1,
			unsigned long a2, unsigned long a3, unsigned long a4);
/* Untimed START(@idx, 1, SET_INIT_VALUE, @value), both halves on RV32. */
struct sbiret bench_start_value(unsigned long idx, uint64_t value);

/* ---- env.c ---- */

/*
 * Discover the counters, start instret through the PMU and prove that it
 * counts, M-mode included. False (after saying why) if the benchmark
 * cannot run on this firmware.
 */
bool bench_env_setup(void);
/* Register the snapshot area; sets bench_env.snapshot on success. */
void bench_env_snapshot(void);
/*
 * Whether S-mode may program counters itself (sets bench_env.cdeleg):
 * the harts' ISA strings in @dtb must name Smcdeleg, Ssccfg and
 * Sscsrind, and a trap-guarded access must not trap.
 */
void bench_env_cdeleg(const void *dtb);
/* The snapshot area (SBI_PMU_SNAPSHOT_SIZE bytes, 64-bit words). */
volatile uint64_t *bench_env_snapshot_area(void);

/* ---- rows.c, sched.c: the suites ---- */

void bench_rows_run(void);
void bench_rows_snapshot_run(void);
void bench_rows_scaling_run(unsigned long event);
void bench_sched_run(bool snapshot);
/* The same sequences through delegated counters (no SBI call). */
void bench_sched_deleg_run(void);
/* ovf.c: Linux's overflow handler's calls, 1 and 4 used counters. */
void bench_ovf_run(bool snapshot);
/* deliver.c: overflow to handler and back, LCOFI and SSE paths. */
void bench_deliver_run(void);
/* sched-in + sched-out of the single event @event (scaling mode). */
void bench_sched_one_run(const char *key, unsigned long event);

#endif
