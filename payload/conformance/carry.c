/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A counter crossing 2^32 while it is read. On RV32 a 64-bit counter
 * reaches S-mode in two halves: a firmware counter through
 * COUNTER_FW_READ (FID 5, the low 32 bits) and COUNTER_FW_READ_HI (FID
 * 6, the upper 32 bits), a hardware counter through its CSR and the
 * CSR's high half (cycleh, hpmcounterNh). So the firmware must take
 * initial_value from two registers at START (a3 and a4), carry into the
 * upper half, and answer FW_READ_HI with the upper half of the value
 * current at that call. Each check starts a counter just below 2^32 and
 * reads it past the carry:
 *  - a firmware counter, one event at a time, read as Linux 6.12 reads
 *    it (pmu_sbi_ctr_read(): FW_READ, then FW_READ_HI) and as a reader
 *    that cannot tear (upper, lower, upper again, retried while the
 *    upper half moved) with the carrying event made between its calls:
 *    every value is the initial value plus the events, exactly, so none
 *    goes backwards and the carry shows. On RV64, FW_READ alone gives
 *    the whole value and FW_READ_HI answers 0 throughout (table 15).
 *  - a cycle counter, fixed and programmable, read through its CSRs
 *    (upper, lower, upper) while it runs: never backwards, and the carry
 *    seen.
 * The firmware events are TIME set_timer calls, made one at a time: the
 * suite decides exactly when the counter moves.
 */
#include "check.h"
#include "csr.h"
#include "env.h"
#include "groups.h"
#include "pmu.h"
#include "printf.h"
#include "trap.h"

#define CARRY_2_32 (1ULL << 32)
/*
 * The firmware counter starts this many events below 2^32 and is read
 * after each of CARRY_FW_STEPS events: the carry comes with event 3.
 */
#define CARRY_FW_BELOW 3U
#define CARRY_FW_STEPS 6U
#define CARRY_FW_START (CARRY_2_32 - CARRY_FW_BELOW)

/* What a reader saw of a firmware counter after each event. */
struct carry_trace {
	uint64_t got[CARRY_FW_STEPS + 1]; /* got[i]: after i events */
	unsigned int reads;		  /* entries of got[] filled */
	unsigned int retries;		  /* upper half re-read (hi/lo/hi) */
	long error;			  /* of the call that ended the trace */
};

/*
 * A way of reading firmware counter @idx. With @carry_between, the
 * reader makes the carrying event itself, between its first and its
 * second call: the moment a two-call read can tear.
 */
typedef long (*carry_reader)(unsigned long idx, bool carry_between, uint64_t *v,
			     unsigned int *retries);

/* One firmware event on this hart. */
static void carry_fw_event(void)
{
	pmu_set_timer_calls(1);
}

/*
 * Whether Linux 6.12 reads FW_READ_HI for firmware counter @idx: on RV32,
 * from an SBI >= 2.0 firmware, when the counter_info.width field (bits
 * minus one) is at least 32.
 */
static bool carry_linux_reads_hi(unsigned long idx)
{
	return XLEN == 32 && env_version_at_least(2, 0) &&
	       env.ctr[idx].width > 32;
}

/*
 * Linux 6.12 pmu_sbi_ctr_read() of a firmware counter: FW_READ, then
 * FW_READ_HI when carry_linux_reads_hi(); no retry.
 */
static long carry_read_linux(unsigned long idx, bool carry_between, uint64_t *v,
			     unsigned int *retries)
{
	struct sbiret lo = pmu_fw_read(idx), hi = {SBI_SUCCESS, 0};

	(void)retries;
	if (carry_between)
		carry_fw_event();
	if (lo.error)
		return lo.error;
	if (carry_linux_reads_hi(idx))
		hi = pmu_fw_read_hi(idx);
	*v = ((uint64_t)hi.value << 32) | lo.value;
	return hi.error;
}

/*
 * Upper, lower, upper again; again from the lower while the upper moved.
 * Only the suite's own events move a firmware counter, so one retry is
 * all a correct firmware ever needs: after CARRY_FW_PASSES the value is
 * taken as it is, and judged.
 */
#define CARRY_FW_PASSES 3U

static long carry_read_hi_lo_hi(unsigned long idx, bool carry_between,
				uint64_t *v, unsigned int *retries)
{
	struct sbiret hi, lo, hi2 = pmu_fw_read_hi(idx);
	unsigned int pass;

	for (pass = 0; pass < CARRY_FW_PASSES; pass++) {
		hi = hi2;
		lo = pmu_fw_read(idx);
		if (carry_between && pass == 0)
			carry_fw_event();
		hi2 = pmu_fw_read_hi(idx);
		if (hi.error || lo.error || hi2.error)
			return hi.error ? hi.error
					: (lo.error ? lo.error : hi2.error);
		if (hi2.value == hi.value)
			break;
	}
	*retries += pass;
	*v = ((uint64_t)hi.value << 32) | lo.value;
	return SBI_SUCCESS;
}

/*
 * Start firmware counter @idx at CARRY_FW_START and read it with @read
 * after 0, 1, ... CARRY_FW_STEPS events; with @carry_between, the
 * carrying event is made inside its read.
 */
static void carry_fw_trace(unsigned long idx, carry_reader read,
			   bool carry_between, struct carry_trace *t)
{
	unsigned int i;

	t->error = pmu_start_one(idx, SBI_PMU_START_FLAG_SET_INIT_VALUE,
				 CARRY_FW_START)
			   .error;
	for (i = 0; i <= CARRY_FW_STEPS && t->error == SBI_SUCCESS; i++) {
		bool inside = carry_between && i == CARRY_FW_BELOW;

		if (i && !inside)
			carry_fw_event();
		t->error = read(idx, inside, &t->got[i], &t->retries);
		if (t->error == SBI_SUCCESS)
			t->reads = i + 1;
	}
	pmu_stop_one(idx, 0);
}

/* The number of events after which @t went wrong; -1 if it never did. */
static int carry_fw_first_wrong(const struct carry_trace *t)
{
	unsigned int i;

	for (i = 0; i < t->reads; i++)
		if (t->got[i] != CARRY_FW_START + i)
			return (int)i;
	return t->reads == CARRY_FW_STEPS + 1 ? -1 : (int)t->reads;
}

static void carry_fw_judge(const char *name, const char *why,
			   const struct carry_trace *t, const char *reader)
{
	static const char expected[] =
		"0xfffffffd plus the events: 0x100000000 after 3, "
		"0x100000003 after 6";
	int i = carry_fw_first_wrong(t);

	if (i < 0) {
		check_pass(name);
		check_note("%s: 0x%llx .. 0x%llx, %u retries", name,
			   (unsigned long long)t->got[0],
			   (unsigned long long)t->got[CARRY_FW_STEPS],
			   t->retries);
	} else if ((unsigned int)i == t->reads) {
		check_fail(name, why, expected, "%s after %d events%s",
			   check_error_name(t->error), i,
			   i ? "" : " (START or the first read)");
	} else {
		check_fail(name, why, expected, "0x%llx after %d events%s%s",
			   (unsigned long long)t->got[i], i,
			   i && t->got[i] < t->got[i - 1] ? " (backwards)" : "",
			   reader);
	}
}

/*
 * CFG_MATCH of SET_TIMER as Linux makes it, from base 0 over every valid
 * counter of the first XLEN (Linux RV32 tries that word first): a
 * firmware counter, configured but not started, or -1 with nothing held
 * and *@got the answer (the error, or the counter that was no firmware
 * counter). A firmware that mis-indexes counters matched from another
 * base (OpenSBI 1.5.1) is judged for that by cfg_match.fw_event.success,
 * and here for the carry alone.
 */
static long carry_fw_match(struct sbiret *got)
{
	*got = pmu_match_set(env_all_set(), 0, EV_SET_TIMER);
	if (got->error)
		return -1;
	if (got->value < env.probed && env.ctr[got->value].fw)
		return (long)got->value;
	pmu_release(got->value);
	return -1;
}

/* carry_fw_match(), or -1 after SKIPping @name with the reason. */
static long carry_fw_counter(const char *name)
{
	struct sbiret r;
	long f;

	if (!env_need_fw(name))
		return -1;
	f = carry_fw_match(&r);
	if (f < 0 && r.error)
		check_skip(name, "no firmware counter for SET_TIMER from base "
				 "0 (judged by fw_event.set_timer)");
	else if (f < 0)
		check_skip(name,
			   "CFG_MATCH of SET_TIMER gave counter %lu, not "
			   "a firmware counter (judged by cfg_match)",
			   r.value);
	return f;
}

/* carry_fw_trace() on counter @f, which is then given back. */
static void carry_fw_trace_once(unsigned long f, carry_reader read,
				bool carry_between, struct carry_trace *t)
{
	*t = (struct carry_trace){.error = SBI_SUCCESS};
	carry_fw_trace(f, read, carry_between, t);
	pmu_release(f);
}

static void carry_fw_linux(void)
{
	static const char name[] = "counter_fw_read.carry_2_32.linux_reader";
	struct carry_trace t;
	char reader[80] = "";
	long f;

	if (XLEN == 32 && !env_version_at_least(2, 0)) {
		check_skip(name, "RV32 before SBI 2.0 reads only 32 bits");
		return;
	}
	f = carry_fw_counter(name);
	if (f < 0)
		return;
	if (XLEN == 32 && !carry_linux_reads_hi((unsigned long)f))
		snprintf(reader, sizeof(reader),
			 " (counter_info.width %u: Linux reads no upper half)",
			 env.ctr[f].width - 1);
	carry_fw_trace_once((unsigned long)f, carry_read_linux, false, &t);
	carry_fw_judge(
		name,
		"tables 14 and 15: FW_READ gives the low 32 bits on RV32, "
		"FW_READ_HI the upper 32 bits of the current value; "
		"initial_value is 64 bits (table 10, a3/a4 on RV32) and a "
		"firmware counter 64 bits wide. Linux 6.12 reads FW_READ then "
		"FW_READ_HI on RV32 (when counter_info.width >= 32), FW_READ "
		"alone on RV64, and takes a value below the last as a wrap",
		&t, reader);
}

/*
 * Linux's two calls with the carry between them: the value it gets is
 * torn whatever the firmware does (pmu_sbi_ctr_read() does not retry).
 * Under Linux an event can come there: an IPI or a remote fence is
 * received in M-mode, which interrupts S-mode even with its interrupts
 * off. Shown, not judged.
 */
static void carry_fw_linux_torn(void)
{
	struct carry_trace t;
	struct sbiret r;
	long f = carry_fw_match(&r);

	if (f < 0)
		return;
	if (!carry_linux_reads_hi((unsigned long)f)) {
		pmu_release((unsigned long)f);
		return;
	}
	carry_fw_trace_once((unsigned long)f, carry_read_linux, true, &t);
	if (t.reads > CARRY_FW_BELOW)
		check_note("Linux's FW_READ, FW_READ_HI with the carry between "
			   "them reads 0x%llx for 0x100000000 (no retry)",
			   (unsigned long long)t.got[CARRY_FW_BELOW]);
}

static void carry_fw_hi_lo_hi(void)
{
	static const char name[] = "counter_fw_read_hi.carry_2_32.hi_lo_hi";
	struct carry_trace t;
	long f = carry_fw_counter(name);

	if (f < 0)
		return;
	carry_fw_trace_once((unsigned long)f, carry_read_hi_lo_hi, true, &t);
	carry_fw_judge(name,
		       "table 15: FW_READ_HI gives the upper 32 bits of the "
		       "current value, so a reader that re-reads the upper "
		       "half around FW_READ sees the carry made between its "
		       "calls, retries once and gets the exact count; "
		       "initial_value is 64 bits (table 10, a3/a4 on RV32)",
		       &t, "");
}

/*
 * RV64: FW_READ_HI of the counter after 0 .. CARRY_FW_STEPS events; the
 * first answer that is not SUCCESS with value 0, and its step.
 */
static struct sbiret carry_fw_hi_steps(unsigned long f, unsigned int *step)
{
	struct sbiret r = {SBI_SUCCESS, 0};

	for (*step = 0; *step <= CARRY_FW_STEPS; ++*step) {
		if (*step)
			carry_fw_event();
		r = pmu_fw_read_hi(f);
		if (r.error || r.value)
			break;
	}
	return r;
}

static void carry_fw_hi_rv64(void)
{
	static const char name[] = "counter_fw_read_hi.carry_2_32.rv64_zero";
	static const char why[] = "table 15: FID 6 always returns zero in "
				  "sbiret.value on RV64, for a counter above "
				  "2^32 too";
	static const char expected[] = "SUCCESS (value 0) after 0 .. 6 events";
	struct sbiret r;
	unsigned int step = 0;
	long f = carry_fw_counter(name);

	if (f < 0)
		return;
	r = pmu_start_one((unsigned long)f, SBI_PMU_START_FLAG_SET_INIT_VALUE,
			  CARRY_FW_START);
	if (r.error) {
		pmu_release((unsigned long)f);
		check_fail(name, why, expected, "START %s",
			   check_error_name(r.error));
		return;
	}
	r = carry_fw_hi_steps((unsigned long)f, &step);
	pmu_release((unsigned long)f);
	check_true(name, why, r.error == SBI_SUCCESS && r.value == 0, expected,
		   "%s (value 0x%lx) after %u events",
		   check_error_name(r.error), r.value, step);
}

static void carry_fw_run(void)
{
	static const char fw_read_hi[] = "SBI < 2.0 (FID 6 judged by "
					 "version_gate.fw_read_hi)";

	carry_fw_linux();
	if (XLEN == 64 && env_version_at_least(2, 0))
		carry_fw_hi_rv64();
	else if (XLEN == 64)
		check_skip("counter_fw_read_hi.carry_2_32.rv64_zero", "%s",
			   fw_read_hi);
	else if (env_version_at_least(2, 0))
		carry_fw_hi_lo_hi();
	else
		check_skip("counter_fw_read_hi.carry_2_32.hi_lo_hi", "%s",
			   fw_read_hi);
	if (XLEN == 32 && env.nfw)
		carry_fw_linux_torn();
}

/*
 * A running cycle counter: counts below 2^32 at START, first tried; if
 * START and the first read take longer, each next try starts 16 times
 * farther. The reads go on for CARRY_HW_TAIL reads past the carry, and
 * give up after CARRY_HW_WAIT_MS by the time CSR (a read can trap to a
 * hypervisor, which makes it slow), or after CARRY_HW_READS_MAX when
 * time cannot be read.
 */
#define CARRY_HW_BELOW	   (1ULL << 24)
#define CARRY_HW_TRIES	   3U
#define CARRY_HW_WAIT_MS   2000U
#define CARRY_HW_READS_MAX (1UL << 24)
#define CARRY_HW_TAIL	   256UL
/* The upper half of a cycle counter moves every 2^32 counts: 2 passes do. */
#define CARRY_HW_PASSES 4U

struct carry_hw_run {
	uint64_t init;	/* the initial value */
	uint64_t first; /* the first read after START */
	uint64_t last;	/* the last read, the offending one if backwards */
	uint64_t prev;	/* the read before the last */
	unsigned long reads, retries;
	const char *failed; /* "CFG_MATCH" or "START" if one failed */
	long error;	    /* its error */
	bool trapped, backwards, crossed;
};

/*
 * Counter CSR @csr: on RV32 upper, lower, upper again, retried from the
 * lower while the upper moved (within CARRY_HW_PASSES); on RV64 the CSR.
 */
static uint64_t carry_csr_read(unsigned int csr, unsigned long *retries)
{
	unsigned long lo = 0;
#if XLEN == 32
	unsigned long hi, hi2 = 0;
	unsigned int pass;

	csr_read_counter(csr + 0x80, &hi2);
	for (pass = 0; pass < CARRY_HW_PASSES; pass++) {
		hi = hi2;
		csr_read_counter(csr, &lo);
		csr_read_counter(csr + 0x80, &hi2);
		if (hi2 == hi)
			break;
	}
	*retries += pass;
	return ((uint64_t)hi << 32) | lo;
#else
	(void)retries;
	csr_read_counter(csr, &lo);
	return lo;
#endif
}

/*
 * Whether the watch that began at time @start has run out of time. The
 * low XLEN bits of time measure it (RV32: up to 2^32 ticks, 429 s at 10
 * MHz; a faster timebase is cut to that).
 */
static bool carry_hw_late(unsigned long start, unsigned long reads)
{
	uint64_t ticks;

	if (!env.time_readable || !env.timebase)
		return reads >= CARRY_HW_READS_MAX;
	ticks = (uint64_t)env.timebase * CARRY_HW_WAIT_MS / 1000U;
	if (ticks > ULONG_ALL_ONES)
		ticks = ULONG_ALL_ONES;
	return csr_read(CSR_TIME) - start > ticks;
}

/* Read counter CSR @csr until CARRY_HW_TAIL reads past 2^32 or a fault. */
static void carry_hw_watch(unsigned int csr, struct carry_hw_run *run)
{
	unsigned long tail = 0, start = 0;

	if (env.time_readable)
		start = csr_read(CSR_TIME);
	run->first = run->last = carry_csr_read(csr, &run->retries);
	for (run->reads = 1;
	     tail < CARRY_HW_TAIL && !carry_hw_late(start, run->reads);
	     run->reads++) {
		run->prev = run->last;
		run->last = carry_csr_read(csr, &run->retries);
		if (run->last < run->prev) {
			run->backwards = true;
			return;
		}
		if (run->last >= CARRY_2_32) {
			run->crossed = run->crossed || run->prev < CARRY_2_32;
			tail++;
		}
	}
}

/* One try: CFG_MATCH cycles on {idx}, START at @init, watch the CSR. */
static void carry_hw_try(unsigned long idx, uint64_t init,
			 struct carry_hw_run *run)
{
	unsigned long traps = trap_counts().exceptions;
	struct sbiret r;

	*run = (struct carry_hw_run){.init = init};
	r = pmu_match_one(idx, 0, EV_CYCLES);
	if (r.error) {
		run->failed = "CFG_MATCH";
		run->error = r.error;
		return;
	}
	trap_arm(true);
	r = pmu_start_one(idx, SBI_PMU_START_FLAG_SET_INIT_VALUE, init);
	if (r.error == SBI_SUCCESS)
		carry_hw_watch(env.ctr[idx].csr, run);
	trap_arm(false);
	run->trapped = trap_counts().exceptions != traps;
	pmu_release(idx);
	if (r.error) {
		run->failed = "START";
		run->error = r.error;
	}
}

static void carry_hw_measure(unsigned long idx, struct carry_hw_run *run)
{
	uint64_t below = CARRY_HW_BELOW;
	unsigned int i;

	for (i = 0; i < CARRY_HW_TRIES; i++, below <<= 4) {
		carry_hw_try(idx, CARRY_2_32 - below, run);
		/* Only a first read already past 2^32 earns another try. */
		if (run->failed || run->trapped || run->backwards ||
		    run->first < CARRY_2_32)
			return;
	}
}

/* START took, and its value, both halves, showed in the first read. */
static bool carry_hw_started_right(const struct carry_hw_run *run)
{
	return !run->failed && !run->trapped && run->first >= run->init &&
	       run->first < CARRY_2_32;
}

static bool carry_hw_ok(const struct carry_hw_run *run)
{
	return carry_hw_started_right(run) && !run->backwards && run->crossed &&
	       run->last < 2 * CARRY_2_32;
}

static void carry_hw_fail(const char *name, const char *why,
			  const struct carry_hw_run *run)
{
	static const char expected[] =
		"reads from the initial value up, across 2^32, never "
		"backwards";

	if (run->failed)
		check_fail(name, why, expected, "%s %s", run->failed,
			   check_error_name(run->error));
	else if (run->trapped)
		check_fail(name, why, expected,
			   "a read of the counter trapped");
	else if (run->backwards)
		check_fail(name, why, expected, "0x%llx after 0x%llx",
			   (unsigned long long)run->last,
			   (unsigned long long)run->prev);
	else
		check_fail(name, why, expected,
			   "initial value 0x%llx, first read 0x%llx, last "
			   "0x%llx after %lu reads",
			   (unsigned long long)run->init,
			   (unsigned long long)run->first,
			   (unsigned long long)run->last, run->reads);
}

/*
 * A lower half that wrapped under an unchanged upper half, on RV32: the
 * hart's counter did not carry. Nothing of the firmware runs between two
 * reads (no SBI call, no trap), so that is the platform's. QEMU (7.2 and
 * 10.0 alike) does it: it computes each half apart, cycleh as the upper
 * half of its tick count less that at the write plus the upper half
 * written, cycle likewise, so a counter written with a lower half other
 * than the tick count's carries when the tick count does, not when its
 * own lower half wraps, and drops back by nearly 2^32.
 */
static bool carry_hw_no_carry(const struct carry_hw_run *run)
{
	return XLEN == 32 && run->backwards && !run->trapped &&
	       (run->last >> 32) == (run->prev >> 32);
}

/* The check named @name on hardware counter @idx (< 0: none). */
static void carry_hw_check(const char *name, long idx, const char *none)
{
	static const char why[] =
		"table 10: SET_INIT_VALUE sets the counter to the 64-bit "
		"initial_value (a3/a4 on RV32), so a cycle counter started "
		"below 2^32 counts on into the upper half; read as upper, "
		"lower, upper again (cycleh/hpmcounterNh on RV32) it never "
		"goes backwards";
	struct carry_hw_run run;

	if (idx < 0) {
		check_skip(name, "%s", none);
		return;
	}
	if (env.ctr[idx].width <= 32) {
		check_skip(name, "counter %ld is %u bits wide", idx,
			   env.ctr[idx].width);
		return;
	}
	carry_hw_measure((unsigned long)idx, &run);
	if (carry_hw_started_right(&run) && carry_hw_no_carry(&run)) {
		check_skip(name,
			   "the hart's counter did not carry: 0x%llx after "
			   "0x%llx, with nothing of the firmware between the "
			   "reads (QEMU computes cycleh apart from cycle: "
			   "carry.c)",
			   (unsigned long long)run.last,
			   (unsigned long long)run.prev);
		return;
	}
	if (!carry_hw_ok(&run)) {
		carry_hw_fail(name, why, &run);
		return;
	}
	check_pass(name);
	check_note("%s: counter %ld from 0x%llx, first read 0x%llx, %lu reads, "
		   "%lu retries",
		   name, idx, (unsigned long long)run.init,
		   (unsigned long long)run.first, run.reads, run.retries);
}

static void carry_hw_run_all(void)
{
	const struct env_counter *c0 = &env.ctr[PMU_CTR_CYCLE];

	carry_hw_check("counter_start.hw.carry_2_32.cycle_csr",
		       c0->valid && c0->cycles ? PMU_CTR_CYCLE : -1,
		       "CFG_MATCH of cycles on counter 0 fails");
	carry_hw_check("counter_start.hw.carry_2_32.hpmcounter_csr",
		       env_programmable(WANT_CYCLES),
		       "no programmable counter counts cycles");
}

void carry_run(void)
{
	carry_fw_run();
	carry_hw_run_all();
}
