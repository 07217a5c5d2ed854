/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * COUNTER_START (FID 3, tables 10 and 11) and COUNTER_STOP (FID 4,
 * tables 12 and 13): reserved and version-dependent flags, the
 * ALREADY_STARTED / ALREADY_STOPPED rows on single counters and on sets,
 * counters with no event (INVALID_PARAM unless RESET), and STOP(RESET)
 * giving a counter back, including Linux's sequence of STOP then
 * STOP(RESET) on the already stopped counter. Firmware counters
 * carry the exact checks; a hardware counter shows that SET_INIT_VALUE
 * reaches the CSR.
 */
#include "check.h"
#include "csr.h"
#include "env.h"
#include "groups.h"
#include "pmu.h"
#include "trap.h"

static const char why_start_reserved[] =
	"table 11: SBI_ERR_INVALID_PARAM when the flag parameter has a "
	"reserved bit set (start_flags[XLEN-1:2] are reserved, table 10); "
	"explicit since SBI 2.0";
static const char why_stop_reserved[] =
	"table 13: SBI_ERR_INVALID_PARAM when the flag parameter has a "
	"reserved bit set (stop_flags[XLEN-1:2] are reserved, table 12); "
	"explicit since SBI 2.0";

/* A firmware counter for SET_TIMER, configured (and started if asked). */
static long ss_fw(bool started)
{
	return pmu_fw_configure(started ? SBI_PMU_CFG_FLAG_AUTO_START : 0,
				EV_SET_TIMER);
}

static void ss_reserved_flags(const char *name, bool start)
{
	const unsigned long bad[] = {1UL << 2, ULONG_MSB};
	unsigned int i;
	long f;

	if (!env_need_fw(name))
		return;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct sbiret r;

		f = ss_fw(!start);
		if (f < 0) {
			check_skip(name, "no firmware counter for SET_TIMER");
			return;
		}
		r = start ? pmu_start_one((unsigned long)f, bad[i], 0)
			  : pmu_stop_one((unsigned long)f, bad[i]);
		pmu_release((unsigned long)f);
		if (r.error != SBI_ERR_INVALID_PARAM) {
			check_fail(name,
				   start ? why_start_reserved
					 : why_stop_reserved,
				   "INVALID_PARAM", "%s for flags 0x%lx",
				   check_error_name(r.error), bad[i]);
			return;
		}
	}
	check_pass(name);
}

/*
 * INIT_SNAPSHOT / TAKE_SNAPSHOT (bit 1) came with SBI 2.0: before it the
 * bit is reserved; from it on, with no shared memory set, NO_SHMEM.
 */
static void ss_snapshot_flag(bool start)
{
	bool v2 = env_version_at_least(2, 0);
	const char *v2_name =
		start ? "counter_start.no_shmem" : "counter_stop.no_shmem";
	const char *v1_name =
		start ? "counter_start.reserved_flags.init_snapshot_pre_2_0"
		      : "counter_stop.reserved_flags.take_snapshot_pre_2_0";
	const char *name = v2 ? v2_name : v1_name;
	long f;
	struct sbiret r;

	/* The other version's check, named for the comparison table. */
	check_skip(v2 ? v1_name : v2_name, "the firmware reports SBI %s 2.0",
		   v2 ? ">=" : "<");
	if (!env_need_fw(name))
		return;
	f = ss_fw(!start);
	if (f < 0) {
		check_skip(name, "no firmware counter for SET_TIMER");
		return;
	}
	r = start ? pmu_start_one((unsigned long)f,
				  SBI_PMU_START_FLAG_INIT_SNAPSHOT, 0)
		  : pmu_stop_one((unsigned long)f,
				 SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT);
	pmu_release((unsigned long)f);
	if (v2)
		check_error(name,
			    "tables 11/13: SBI_ERR_NO_SHMEM when the snapshot "
			    "shared memory is not available and the snapshot "
			    "flag is set (none has been set up yet)",
			    ERRS1(SBI_ERR_NO_SHMEM), r);
	else
		check_error(name,
			    "the firmware reports SBI < 2.0, where bit 1 is "
			    "reserved (INVALID_PARAM per tables 11/13); a "
			    "firmware reading it as the 2.0 snapshot flag has "
			    "no shared memory (NO_SHMEM); silently ignoring a "
			    "snapshot request leaves the caller with values "
			    "that were never loaded or saved",
			    ERRS2(SBI_ERR_INVALID_PARAM, SBI_ERR_NO_SHMEM), r);
}

/* The SUCCESS rows of tables 11 and 13 on a firmware counter. */
static void ss_success(void)
{
	long f;

	if (!env_need_fw("counter_start.success"))
		return;
	f = ss_fw(false);
	if (f < 0) {
		check_skip("counter_start.success",
			   "no firmware counter for SET_TIMER");
		return;
	}
	check_error("counter_start.success",
		    "table 11: SBI_SUCCESS for a configured, stopped counter",
		    ERRS1(SBI_SUCCESS), pmu_start_one((unsigned long)f, 0, 0));
	check_error("counter_stop.success",
		    "table 13: SBI_SUCCESS for a running counter",
		    ERRS1(SBI_SUCCESS), pmu_stop_one((unsigned long)f, 0));
	pmu_release((unsigned long)f);
}

static void ss_already(void)
{
	long f;

	if (!env_need_fw("counter_start.already_started"))
		return;
	f = ss_fw(true);
	if (f < 0) {
		check_skip("counter_start.already_started",
			   "no firmware counter for SET_TIMER");
		return;
	}
	check_error("counter_start.already_started",
		    "table 11: SBI_ERR_ALREADY_STARTED when the set includes a "
		    "counter which is already started",
		    ERRS1(SBI_ERR_ALREADY_STARTED),
		    pmu_start_one((unsigned long)f, 0, 0));
	pmu_stop_one((unsigned long)f, 0);
	check_error("counter_stop.already_stopped",
		    "table 13: SBI_ERR_ALREADY_STOPPED when the set includes a "
		    "counter which is already stopped",
		    ERRS1(SBI_ERR_ALREADY_STOPPED),
		    pmu_stop_one((unsigned long)f, 0));
	pmu_release((unsigned long)f);
}

/* Two firmware counters, a running and b stopped, both configured. */
static bool ss_pair(unsigned long *a, unsigned long *b)
{
	long x = ss_fw(true), y = ss_fw(false);
	bool ok = x >= 0 && y >= 0 && (x > y ? x - y : y - x) < XLEN;

	if (!ok) {
		if (x >= 0)
			pmu_release((unsigned long)x);
		if (y >= 0)
			pmu_release((unsigned long)y);
		return false;
	}
	*a = (unsigned long)x;
	*b = (unsigned long)y;
	return true;
}

static struct ctr_set ss_set2(unsigned long a, unsigned long b)
{
	unsigned long lo = a < b ? a : b;

	return (struct ctr_set){lo, (1UL << (a - lo)) | (1UL << (b - lo))};
}

static void ss_already_sets(void)
{
	unsigned long a, b;
	struct ctr_set s;

	if (!env_need_fw("counter_start.already_started.partial_set"))
		return;
	if (!ss_pair(&a, &b)) {
		check_skip("counter_start.already_started.partial_set",
			   "needs two firmware counters within one mask");
		return;
	}
	s = ss_set2(a, b);
	check_error("counter_start.already_started.partial_set",
		    "table 11: ALREADY_STARTED when the set includes at least "
		    "one counter which is already started",
		    ERRS1(SBI_ERR_ALREADY_STARTED),
		    pmu_start(s.base, s.mask, 0, 0));
	pmu_release(a);
	pmu_release(b);
	if (!ss_pair(&a, &b))
		return;
	s = ss_set2(a, b);
	check_error("counter_stop.already_stopped.partial_set",
		    "table 13: ALREADY_STOPPED when the set includes at least "
		    "one counter which is already stopped",
		    ERRS1(SBI_ERR_ALREADY_STOPPED),
		    pmu_stop(s.base, s.mask, 0));
	pmu_release(a);
	pmu_release(b);
}

/*
 * Linux stops a counter, then resets it: the reset must still release
 * the mapping, whatever the call answers about the stop part.
 */
static void ss_reset_stopped(void)
{
	static const char name[] = "counter_stop.reset.releases_stopped";
	long f;
	struct sbiret r1, r2;

	if (!env_need_fw(name))
		return;
	f = ss_fw(true);
	if (f < 0) {
		check_skip(name, "no firmware counter for SET_TIMER");
		return;
	}
	pmu_stop_one((unsigned long)f, 0);
	r1 = pmu_stop_one((unsigned long)f, SBI_PMU_STOP_FLAG_RESET);
	r2 = pmu_match_one((unsigned long)f, SBI_PMU_CFG_FLAG_AUTO_START,
			   EV_FW(SBI_PMU_FW_ILLEGAL_INSN));
	check_true(name,
		   "RESET resets the counter to event mapping (table 12); on a "
		   "stopped counter the stop part may answer ALREADY_STOPPED, "
		   "and the counter must be free for CFG_MATCH afterwards",
		   (r1.error == SBI_SUCCESS ||
		    r1.error == SBI_ERR_ALREADY_STOPPED) &&
			   r2.error == SBI_SUCCESS &&
			   r2.value == (unsigned long)f,
		   "SUCCESS|ALREADY_STOPPED, then CFG_MATCH gets the counter",
		   "%s, then %s (value %lu)", check_error_name(r1.error),
		   check_error_name(r2.error), r2.value);
	pmu_release((unsigned long)f);
}

static void ss_reset_running(void)
{
	static const char name[] = "counter_stop.reset.releases_running";
	long f;
	struct sbiret r1, r2;

	if (!env_need_fw(name))
		return;
	f = ss_fw(true);
	if (f < 0) {
		check_skip(name, "no firmware counter for SET_TIMER");
		return;
	}
	r1 = pmu_stop_one((unsigned long)f, SBI_PMU_STOP_FLAG_RESET);
	r2 = pmu_match_one((unsigned long)f, 0, EV_FW(SBI_PMU_FW_ILLEGAL_INSN));
	check_true(name,
		   "STOP with RESET stops the counter and resets its event "
		   "mapping (table 12): it can be configured again",
		   r1.error == SBI_SUCCESS && r2.error == SBI_SUCCESS &&
			   r2.value == (unsigned long)f,
		   "SUCCESS, then CFG_MATCH gets the counter",
		   "%s, then %s (value %lu)", check_error_name(r1.error),
		   check_error_name(r2.error), r2.value);
	pmu_release((unsigned long)f);
}

/* STOP(RESET) of a running hardware counter frees it for another event. */
static void ss_reset_hw(void)
{
	static const char name[] = "counter_stop.reset.releases_hw";
	long h = env_programmable(WANT_CYCLES);
	struct sbiret r1, r2;

	if (h < 0 || !env.ctr[h].instructions) {
		check_skip(name, "no programmable counter for cycles and "
				 "instructions");
		return;
	}
	pmu_match_one((unsigned long)h, SBI_PMU_CFG_FLAG_AUTO_START, EV_CYCLES);
	r1 = pmu_stop_one((unsigned long)h, SBI_PMU_STOP_FLAG_RESET);
	r2 = pmu_match_one((unsigned long)h, 0, EV_INSTRUCTIONS);
	check_true(name,
		   "STOP with RESET resets the counter to event mapping (table "
		   "12): the counter can then be configured for another event",
		   r1.error == SBI_SUCCESS && r2.error == SBI_SUCCESS &&
			   r2.value == (unsigned long)h,
		   "SUCCESS, then CFG_MATCH gets the counter",
		   "%s, then %s (value %lu)", check_error_name(r1.error),
		   check_error_name(r2.error), r2.value);
	pmu_release((unsigned long)h);
}

/*
 * Linux's boot-time STOP(RESET) of every valid counter in one call. The
 * answer is not judged: the set mixes running, stopped and unconfigured
 * counters, and for RESET, which releases whatever it is given, the spec
 * does not say whether an unconfigured counter makes the call
 * INVALID_PARAM or merely ALREADY_STOPPED (without RESET it is
 * INVALID_PARAM: ss_no_event()). What must hold is the effect: the
 * counters that were configured are free again.
 */
static void ss_reset_all(void)
{
	static const char name[] = "counter_stop.reset.all_valid_counters";
	struct ctr_set all = env_all_set();
	long a = ss_fw(true), b = ss_fw(false);
	struct sbiret r, ra = {0, 0}, rb = {0, 0};

	if (a < 0 || b < 0 || (unsigned long)a >= XLEN ||
	    (unsigned long)b >= XLEN) {
		check_skip(name, "needs two firmware counters below XLEN");
		pmu_release_all();
		return;
	}
	r = pmu_stop(all.base, all.mask, SBI_PMU_STOP_FLAG_RESET);
	ra = pmu_match_one((unsigned long)a, 0, EV_FW(SBI_PMU_FW_ILLEGAL_INSN));
	rb = pmu_match_one((unsigned long)b, 0, EV_FW(SBI_PMU_FW_ILLEGAL_INSN));
	check_true(name,
		   "Linux resets every valid counter with one STOP(RESET) at "
		   "boot and ignores the answer; RESET resets the mapping of "
		   "each counter of the set (table 12), so a running and a "
		   "configured counter are both free afterwards",
		   sbi_error_is_defined(r.error) && ra.error == SBI_SUCCESS &&
			   rb.error == SBI_SUCCESS,
		   "both counters free after the call",
		   "%s for the call, then %s and %s", check_error_name(r.error),
		   check_error_name(ra.error), check_error_name(rb.error));
	pmu_release_all();
}

/* Linux's per-event cycle, more times than there are counters. */
static void ss_no_leak(void)
{
	static const char name[] = "counter_stop.reset.no_leak";
	unsigned int i, rounds;
	struct sbiret r = {0, 0};

	if (!env_need_fw(name))
		return;
	rounds = 3 * env.nfw + 2;
	for (i = 0; i < rounds; i++) {
		r = pmu_match_set(env_fw_set(), 0, EV_SET_TIMER);
		if (r.error)
			break;
		pmu_start_one(r.value, SBI_PMU_START_FLAG_SET_INIT_VALUE, 0);
		pmu_stop_one(r.value, 0);
		pmu_stop_one(r.value, SBI_PMU_STOP_FLAG_RESET);
	}
	check_true(name,
		   "CFG_MATCH, START, STOP, STOP(RESET) gives the counter back "
		   "each time (table 12: RESET resets the mapping); repeating "
		   "it more often than there are counters must keep working",
		   i == rounds, "every round's CFG_MATCH succeeds",
		   "%s in round %u of %u", check_error_name(r.error), i + 1,
		   rounds);
}

static const char why_start_no_event[] =
	"table 11: SBI_ERR_INVALID_PARAM when the set has an invalid counter; "
	"a counter with no event (not configured, or released by STOP with "
	"RESET) cannot count anything, so it is not valid to start";
static const char why_stop_no_event[] =
	"table 13: SBI_ERR_INVALID_PARAM when the set has an invalid counter; "
	"a counter with no event is not valid to stop (as for START; OpenSBI "
	"answers INVALID_PARAM too). Only STOP with RESET releases anything, "
	"which is how Linux resets every counter at boot";

/* START and STOP without RESET of firmware counters that have no event. */
static void ss_no_event(void)
{
	unsigned long last;
	long f;

	if (!env_need_fw("counter_stop.invalid_param.no_event"))
		return;
	last = env.fw[env.nfw - 1];
	pmu_release(last);
	check_error("counter_start.invalid_param.no_event", why_start_no_event,
		    ERRS1(SBI_ERR_INVALID_PARAM), pmu_start_one(last, 0, 0));
	pmu_release(last);
	check_error("counter_stop.invalid_param.no_event", why_stop_no_event,
		    ERRS1(SBI_ERR_INVALID_PARAM), pmu_stop_one(last, 0));
	f = ss_fw(true);
	if (f < 0) {
		check_skip("counter_stop.invalid_param.released",
			   "no firmware counter for SET_TIMER");
		return;
	}
	pmu_stop_one((unsigned long)f, SBI_PMU_STOP_FLAG_RESET);
	check_error("counter_stop.invalid_param.released", why_stop_no_event,
		    ERRS1(SBI_ERR_INVALID_PARAM),
		    pmu_stop_one((unsigned long)f, 0));
}

/* SET_INIT_VALUE reaches a hardware counter's CSR. */
static void ss_hw_init_value(void)
{
	static const char name[] = "counter_start.hw.set_init_value";
	long h = env_programmable(WANT_CYCLES);
	const struct env_counter *c;
	uint64_t init, v = 0;
	unsigned long traps;
	bool read;

	/* A programmable counter if possible, else the fixed one. */
	if (h < 0 && env_hw_set(WANT_CYCLES).mask)
		h = (long)env_hw_set(WANT_CYCLES).base;
	if (h < 0) {
		check_skip(name, "no hardware counter counts cycles");
		return;
	}
	c = &env.ctr[h];
	init = c->width > 40 ? 1ULL << 36 : 1ULL << (c->width - 4);
	pmu_match_one((unsigned long)h, 0, EV_CYCLES);
	traps = trap_counts().exceptions;
	trap_arm(true);
	pmu_start_one((unsigned long)h, SBI_PMU_START_FLAG_SET_INIT_VALUE,
		      init);
	read = csr_read_counter64(c->csr, &v);
	trap_arm(false);
	pmu_release((unsigned long)h);
	check_true(
		name,
		"table 10: SET_INIT_VALUE sets the counter to initial_value; "
		"a running cycle counter then reads at least that",
		read && trap_counts().exceptions == traps && v >= init &&
			v - init < (1ULL << 40),
		"a value a little above the initial value",
		"0x%llx for initial value 0x%llx", (unsigned long long)v,
		(unsigned long long)init);
}

static void ss_hw_already(void)
{
	struct ctr_set cyc = env_hw_set(WANT_CYCLES);
	unsigned long h = cyc.base;

	if (!cyc.mask) {
		check_skip("counter_start.hw.already_started",
			   "no hardware counter counts cycles");
		return;
	}
	pmu_match_one(h, SBI_PMU_CFG_FLAG_AUTO_START, EV_CYCLES);
	check_error("counter_start.hw.already_started",
		    "table 11: SBI_ERR_ALREADY_STARTED for a started counter",
		    ERRS1(SBI_ERR_ALREADY_STARTED), pmu_start_one(h, 0, 0));
	pmu_stop_one(h, 0);
	check_error("counter_stop.hw.already_stopped",
		    "table 13: SBI_ERR_ALREADY_STOPPED for a stopped counter",
		    ERRS1(SBI_ERR_ALREADY_STOPPED), pmu_stop_one(h, 0));
	pmu_release(h);
}

void start_stop_run(void)
{
	ss_reserved_flags("counter_start.reserved_flags.invalid_param", true);
	ss_reserved_flags("counter_stop.reserved_flags.invalid_param", false);
	ss_snapshot_flag(true);
	ss_snapshot_flag(false);
	ss_success();
	ss_already();
	ss_already_sets();
	ss_reset_stopped();
	ss_reset_running();
	ss_no_leak();
	ss_reset_hw();
	ss_reset_all();
	ss_no_event();
	ss_hw_init_value();
	ss_hw_already();
}
