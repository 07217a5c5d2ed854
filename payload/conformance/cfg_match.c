/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * COUNTER_CFG_MATCH (FID 2, tables 8 and 9) with well-formed counter sets:
 * flags, events the firmware must refuse, the meaning of CLEAR_VALUE,
 * AUTO_START and SKIP_MATCH, and the rule that the chosen counter comes
 * from the requested set and is not started. Malformed sets are in
 * sets.c; SKIP_MATCH across counter types, which has crashed firmware,
 * is in skip_match.c at the end of the run.
 */
#include "check.h"
#include "csr.h"
#include "env.h"
#include "groups.h"
#include "pmu.h"
#include "trap.h"

static const char why_reserved_flags[] =
	"table 9: SBI_ERR_INVALID_PARAM when the flag parameter has a "
	"reserved bit set (config_flags[XLEN-1:8] are reserved, table 8); "
	"SBI 2.0 made this row explicit, SBI 1.0 only called the bits "
	"reserved";
static const char why_unknown_event[] =
	"table 9: SBI_ERR_NOT_SUPPORTED when none of the counters can monitor "
	"the event; a well-formed event the firmware does not know is such an "
	"event (INVALID_PARAM is for counter sets and flags only)";
static const char why_malformed_event[] =
	"the event_idx is not one the spec defines (reserved bits or type, "
	"non-zero raw code); table 9 has no row for it, so either refusal, "
	"INVALID_PARAM or NOT_SUPPORTED, is accepted, but never a counter";

/* CFG_MATCH expected to fail with @accept; a counter it returns is freed. */
static void cfg_expect_error(const char *name, const char *why, errset_t accept,
			     struct ctr_set set, unsigned long flags,
			     unsigned long event)
{
	struct sbiret r = pmu_match_set(set, flags, event);

	if (r.error == SBI_SUCCESS)
		pmu_release(r.value);
	check_error(name, why, accept, r);
}

static void cfg_fw_success(void)
{
	struct ctr_set fw = env_fw_set();
	struct sbiret r;

	if (!env_need_fw("cfg_match.fw_event.success"))
		return;
	r = pmu_match_set(fw, 0, EV_SET_TIMER);
	check_true("cfg_match.fw_event.success",
		   "every firmware counter can count the standard firmware "
		   "events (table 6); SET_TIMER on the set of firmware "
		   "counters must find one",
		   r.error == SBI_SUCCESS && r.value < env.probed &&
			   env.ctr[r.value].fw,
		   "SUCCESS with a firmware counter", "%s (value %lu)",
		   check_error_name(r.error), r.value);
	if (r.error == SBI_SUCCESS)
		pmu_release(r.value);
}

static void cfg_reserved_flags(void)
{
	static const char name[] = "cfg_match.reserved_flags.invalid_param";
	const unsigned long bad[] = {1UL << 8, ULONG_MSB, ~0xFFUL};
	unsigned int i;

	if (!env_need_fw(name))
		return;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct sbiret r =
			pmu_match_set(env_fw_set(), bad[i], EV_SET_TIMER);

		if (r.error == SBI_SUCCESS)
			pmu_release(r.value);
		if (r.error != SBI_ERR_INVALID_PARAM) {
			check_fail(name, why_reserved_flags, "INVALID_PARAM",
				   "%s for flags 0x%lx",
				   check_error_name(r.error), bad[i]);
			return;
		}
	}
	check_pass(name);
}

/* Each filter hint alone on @set for @event must be accepted. */
static bool cfg_filter_flags_on(struct ctr_set set, unsigned long event,
				unsigned long *bad_flag, long *bad_err)
{
	unsigned long flag;

	for (flag = SBI_PMU_CFG_FLAG_SET_VUINH;
	     flag <= SBI_PMU_CFG_FLAG_SET_MINH; flag <<= 1) {
		struct sbiret r = pmu_match_set(set, flag, event);

		if (r.error) {
			*bad_flag = flag;
			*bad_err = r.error;
			return false;
		}
		pmu_release(r.value);
	}
	return true;
}

static void cfg_filter_flags(void)
{
	static const char name[] = "cfg_match.filter_flags.accepted";
	unsigned long flag = 0;
	long err = 0;
	bool ok = true;
	struct ctr_set hw = env_hw_set(WANT_CYCLES);

	if (env.nfw)
		ok = cfg_filter_flags_on(env_fw_set(), EV_SET_TIMER, &flag,
					 &err);
	if (ok && hw.mask)
		ok = cfg_filter_flags_on(hw, EV_CYCLES, &flag, &err);
	check_true(name,
		   "config_flags[3:7] are filtering hints the firmware may "
		   "ignore or override (table 8 note); they are not reserved "
		   "bits, so no error applies",
		   ok, "SUCCESS for each of VUINH VSINH UINH SINH MINH",
		   "%s for flag 0x%lx", check_error_name(err), flag);
}

static void cfg_unknown_events(void)
{
	struct ctr_set all = env_all_set();

	cfg_expect_error("cfg_match.not_supported.general_reserved_code",
			 why_unknown_event, ERRS1(SBI_ERR_NOT_SUPPORTED), all,
			 0, EV(SBI_PMU_EVENT_TYPE_HW, 11));
	cfg_expect_error("cfg_match.not_supported.general_code_ffff",
			 why_unknown_event, ERRS1(SBI_ERR_NOT_SUPPORTED), all,
			 0, EV(SBI_PMU_EVENT_TYPE_HW, 0xFFFF));
	cfg_expect_error("cfg_match.not_supported.cache_reserved_id",
			 why_unknown_event, ERRS1(SBI_ERR_NOT_SUPPORTED), all,
			 0, EV_CACHE(SBI_PMU_HW_CACHE_MAX, 0, 0));
	cfg_expect_error("cfg_match.not_supported.cache_reserved_op",
			 why_unknown_event, ERRS1(SBI_ERR_NOT_SUPPORTED), all,
			 0, EV_CACHE(SBI_PMU_HW_CACHE_L1D, 3, 0));
	if (!env_need_fw("cfg_match.not_supported.fw_reserved_code"))
		return;
	cfg_expect_error("cfg_match.not_supported.fw_reserved_code",
			 why_unknown_event, ERRS1(SBI_ERR_NOT_SUPPORTED),
			 env_fw_set(), 0, EV_FW(SBI_PMU_FW_STANDARD_MAX));
	cfg_expect_error("cfg_match.not_supported.fw_reserved_code_255",
			 why_unknown_event, ERRS1(SBI_ERR_NOT_SUPPORTED),
			 env_fw_set(), 0, EV_FW(255));
}

static void cfg_malformed_events(void)
{
	const errset_t refuse =
		ERRS2(SBI_ERR_INVALID_PARAM, SBI_ERR_NOT_SUPPORTED);
	struct ctr_set all = env_all_set();

	cfg_expect_error("cfg_match.event_idx.zero", why_malformed_event,
			 refuse, all, 0, 0);
	cfg_expect_error("cfg_match.event_idx.reserved_type",
			 why_malformed_event, refuse, all, 0, EV(4, 1));
	cfg_expect_error("cfg_match.event_idx.reserved_type_14",
			 why_malformed_event, refuse, all, 0, EV(14, 0));
	cfg_expect_error("cfg_match.event_idx.raw_nonzero_code",
			 why_malformed_event, refuse, all, 0,
			 EV(SBI_PMU_EVENT_TYPE_HW_RAW, 1));
	cfg_expect_error("cfg_match.event_idx.raw_v2_nonzero_code",
			 why_malformed_event, refuse, all, 0,
			 EV(SBI_PMU_EVENT_TYPE_HW_RAW_V2, 1));
	cfg_expect_error("cfg_match.event_idx.bit20_cycles",
			 why_malformed_event, refuse, all, 0,
			 (1UL << 20) | EV_CYCLES);
	if (!env_need_fw("cfg_match.event_idx.bits_20_31_fw"))
		return;
	cfg_expect_error("cfg_match.event_idx.bits_20_31_fw",
			 why_malformed_event, refuse, env_fw_set(), 0,
			 0xFFF00000UL | EV_SET_TIMER);
#if XLEN == 64
	cfg_expect_error("cfg_match.event_idx.bit32_fw", why_malformed_event,
			 refuse, env_fw_set(), 0, (1UL << 32) | EV_SET_TIMER);
#endif
}

/*
 * AUTO_START: the counter counts from the moment CFG_MATCH returns.
 * Observed through counting, not through ALREADY_STARTED, so that this
 * check does not depend on the START error rows.
 */
static void cfg_auto_start(void)
{
	static const char name[] = "cfg_match.auto_start.counts";
	uint64_t v = 0;
	long f;

	if (!env_need_fw(name))
		return;
	f = pmu_fw_configure(SBI_PMU_CFG_FLAG_CLEAR_VALUE |
				     SBI_PMU_CFG_FLAG_AUTO_START,
			     EV_SET_TIMER);
	if (f < 0) {
		check_skip(name, "no firmware counter for SET_TIMER");
		return;
	}
	pmu_set_timer_calls(2);
	pmu_stop_one((unsigned long)f, 0);
	pmu_fw_value((unsigned long)f, &v);
	check_u64(name,
		  "table 8: AUTO_START starts the counter after configuring "
		  "it; two set_timer calls are then counted (CLEAR_VALUE "
		  "zeroed it first)",
		  2, v);
	pmu_release((unsigned long)f);
}

/* CLEAR_VALUE zeroes a counter that holds a value from before. */
static void cfg_clear_value(void)
{
	static const char name[] = "cfg_match.clear_value.zeroes";
	uint64_t v = 1;
	long f;

	if (!env_need_fw(name))
		return;
	f = pmu_fw_configure(0, EV_SET_TIMER);
	if (f < 0) {
		check_skip(name, "no firmware counter for SET_TIMER");
		return;
	}
	pmu_start_one((unsigned long)f, SBI_PMU_START_FLAG_SET_INIT_VALUE,
		      1000);
	pmu_stop_one((unsigned long)f, SBI_PMU_STOP_FLAG_RESET);
	pmu_match_one((unsigned long)f, SBI_PMU_CFG_FLAG_CLEAR_VALUE,
		      EV_SET_TIMER);
	pmu_fw_value((unsigned long)f, &v);
	check_u64(name,
		  "table 8: CLEAR_VALUE clears (zeroes) the counter value in "
		  "counter configuration",
		  0, v);
	pmu_release((unsigned long)f);
}

/* AUTO_START without CLEAR_VALUE keeps the configured counter's value. */
static void cfg_auto_start_keeps_value(void)
{
	static const char name[] = "cfg_match.auto_start.keeps_value";
	uint64_t v = 0;
	long f;
	struct sbiret r;

	if (!env_need_fw(name))
		return;
	f = pmu_fw_configure(SBI_PMU_CFG_FLAG_CLEAR_VALUE, EV_SET_TIMER);
	if (f < 0) {
		check_skip(name, "no firmware counter for SET_TIMER");
		return;
	}
	pmu_start_one((unsigned long)f, SBI_PMU_START_FLAG_SET_INIT_VALUE, 500);
	pmu_stop_one((unsigned long)f, 0);
	r = pmu_match_one((unsigned long)f,
			  SBI_PMU_CFG_FLAG_SKIP_MATCH |
				  SBI_PMU_CFG_FLAG_AUTO_START,
			  EV_SET_TIMER);
	pmu_stop_one((unsigned long)f, 0);
	pmu_fw_value((unsigned long)f, &v);
	if (r.error)
		check_fail(name, "SKIP_MATCH of the counter just configured",
			   "SUCCESS", "%s", check_error_name(r.error));
	else
		check_u64(name,
			  "table 8 note: AUTO_START has no impact on the "
			  "counter value",
			  500, v);
	pmu_release((unsigned long)f);
}

/* SKIP_MATCH picks the first counter of the set (same type: safe). */
static void cfg_skip_match_first(void)
{
	static const char name[] = "cfg_match.skip_match.first_counter";
	struct ctr_set set;
	long f;
	struct sbiret r;

	if (!env_need_fw(name))
		return;
	f = pmu_fw_configure(0, EV_SET_TIMER);
	if (f < 0) {
		check_skip(name, "no firmware counter for SET_TIMER");
		return;
	}
	/* {f, and every firmware counter above it in the window} */
	set.base = (unsigned long)f;
	set.mask = env_fw_set().mask >> ((unsigned long)f - env_fw_set().base);
	r = pmu_match_set(set, SBI_PMU_CFG_FLAG_SKIP_MATCH, EV_SET_TIMER);
	check_success_value(name,
			    "table 8 note: with SKIP_MATCH the implementation "
			    "unconditionally selects the first counter of the "
			    "set",
			    (unsigned long)f, r);
	pmu_release((unsigned long)f);
}

static const char why_skip_unconfigured[] =
	"table 9: INVALID_PARAM when the set has an invalid counter. "
	"SKIP_MATCH "
	"skips a match the caller made before ('the caller already knows the "
	"counter'); a counter that never had an event, or was released by "
	"STOP with RESET, is not valid for it (OpenSBI answers INVALID_PARAM "
	"too). Fixed counters always have their event (checked above)";

/*
 * SKIP_MATCH on counter @idx nobody configured: refused, and the counter
 * still free for a CFG_MATCH on the same set afterwards.
 */
static void cfg_skip_match_unconfigured(const char *name, const char *free,
					unsigned long idx, unsigned long event)
{
	struct sbiret r, again;

	pmu_release(idx);
	r = pmu_match_one(idx, SBI_PMU_CFG_FLAG_SKIP_MATCH, event);
	again = pmu_match_one(idx, 0, event);
	check_error(name, why_skip_unconfigured, ERRS1(SBI_ERR_INVALID_PARAM),
		    r);
	check_true(
		free,
		"a SKIP_MATCH that found no match to skip leaves the counter "
		"as it was: free, so CFG_MATCH on the same set gets it",
		again.error == SBI_SUCCESS && again.value == idx,
		"CFG_MATCH gets the counter",
		"%s (value %lu) after SKIP_MATCH answered %s",
		check_error_name(again.error), again.value,
		check_error_name(r.error));
	pmu_release(idx);
}

static void cfg_skip_match_unconfigured_all(void)
{
	long h = env_programmable(WANT_CYCLES);

	if (env_need_fw("cfg_match.skip_match.unconfigured_fw_counter"))
		cfg_skip_match_unconfigured(
			"cfg_match.skip_match.unconfigured_fw_counter",
			"cfg_match.skip_match.unconfigured_fw_counter_left_"
			"free",
			env.fw[0], EV_SET_TIMER);
	if (h < 0) {
		check_skip("cfg_match.skip_match.unconfigured_hw_counter",
			   "no programmable counter counts cycles");
		check_skip("cfg_match.skip_match.unconfigured_hw_counter_left_"
			   "free",
			   "no programmable counter counts cycles");
		return;
	}
	cfg_skip_match_unconfigured(
		"cfg_match.skip_match.unconfigured_hw_counter",
		"cfg_match.skip_match.unconfigured_hw_counter_left_free",
		(unsigned long)h, EV_CYCLES);
}

/* The hardware counter whose CSR is @csr, or -1. */
static long cfg_counter_with_csr(unsigned int csr)
{
	unsigned int i;

	for (i = 0; i < env.nhw; i++)
		if (env.ctr[env.hw[i]].csr == csr)
			return env.hw[i];
	return -1;
}

/*
 * SKIP_MATCH on a fixed counter nobody configured (Linux's legacy user
 * access mode does this on cycle and instret): "unconditionally" means
 * no prior CFG_MATCH is needed, and STOP(RESET) must not have broken it.
 */
static void cfg_skip_match_fixed(const char *name, unsigned int csr,
				 unsigned long event)
{
	long c = cfg_counter_with_csr(csr);
	struct sbiret r;

	if (c < 0) {
		check_skip(name, "no counter with CSR 0x%x", csr);
		return;
	}
	pmu_release((unsigned long)c);
	r = pmu_match_one((unsigned long)c, SBI_PMU_CFG_FLAG_SKIP_MATCH, event);
	check_success_value(name,
			    "table 8 note: with SKIP_MATCH the implementation "
			    "unconditionally selects the first counter of the "
			    "set; the fixed counter counts this event by "
			    "definition, configured before or not",
			    (unsigned long)c, r);
	pmu_release((unsigned long)c);
}

/* CLEAR_VALUE and AUTO_START mean the same for a hardware counter. */
static void cfg_hw_flags(void)
{
	long h = env_programmable(WANT_CYCLES);
	uint64_t v = ~0ULL;
	unsigned long traps = trap_counts().exceptions;

	if (h < 0 && env_hw_set(WANT_CYCLES).mask)
		h = (long)env_hw_set(WANT_CYCLES).base;
	if (h < 0) {
		check_skip("cfg_match.clear_value.hw", "no cycle counter");
		check_skip("cfg_match.auto_start.hw", "no cycle counter");
		return;
	}
	pmu_match_one((unsigned long)h, 0, EV_CYCLES);
	pmu_start_one((unsigned long)h, SBI_PMU_START_FLAG_SET_INIT_VALUE,
		      1ULL << (env.ctr[h].width - 2));
	pmu_release((unsigned long)h);
	pmu_match_one((unsigned long)h,
		      SBI_PMU_CFG_FLAG_CLEAR_VALUE |
			      SBI_PMU_CFG_FLAG_AUTO_START,
		      EV_CYCLES);
	trap_arm(true);
	csr_read_counter64(env.ctr[h].csr, &v);
	trap_arm(false);
	check_true("cfg_match.clear_value.hw",
		   "table 8: CLEAR_VALUE zeroes the counter, for hardware "
		   "counters as for firmware ones; it was set to 2^(width-2)",
		   trap_counts().exceptions == traps &&
			   v < (1ULL << (env.ctr[h].width - 3)),
		   "a small value", "0x%llx", (unsigned long long)v);
	check_error("cfg_match.auto_start.hw",
		    "table 8: AUTO_START starts the counter, for hardware "
		    "counters as for firmware ones: START answers "
		    "ALREADY_STARTED (table 11)",
		    ERRS1(SBI_ERR_ALREADY_STARTED),
		    pmu_start_one((unsigned long)h, 0, 0));
	pmu_release((unsigned long)h);
}

/* A started counter is never chosen (table: "which is not started"). */
static void cfg_started_not_selected(void)
{
	static const char name[] = "cfg_match.started_counter_not_selected";
	long f;
	struct sbiret r;

	if (!env_need_fw(name))
		return;
	f = pmu_fw_configure(SBI_PMU_CFG_FLAG_AUTO_START, EV_SET_TIMER);
	if (f < 0) {
		check_skip(name, "no firmware counter for SET_TIMER");
		return;
	}
	r = pmu_match_one((unsigned long)f, 0, EV_SET_TIMER);
	check_true(name,
		   "FID 2 finds a counter \"which is not started\": the only "
		   "counter of the set is running, so none qualifies",
		   r.error != SBI_SUCCESS, "an error (NOT_SUPPORTED)",
		   "SUCCESS (value %lu)", r.value);
	if (r.error == SBI_SUCCESS && r.value != (unsigned long)f)
		pmu_release(r.value);
	pmu_release((unsigned long)f);
}

/* Started counters from one set are distinct until the set runs out. */
static void cfg_distinct(void)
{
	struct ctr_set fw = env_fw_set();
	unsigned long got[XLEN + 1], seen = 0;
	unsigned int n = 0, i,
		     size = (unsigned int)__builtin_popcountl(fw.mask);
	struct sbiret r = {0, 0};
	bool ok = true;

	if (!env_need_fw("cfg_match.distinct_counters"))
		return;
	for (i = 0; i < size && ok; i++) {
		r = pmu_match_set(fw, SBI_PMU_CFG_FLAG_AUTO_START,
				  EV_SET_TIMER);
		if (r.error)
			break;
		got[n++] = r.value;
		ok = r.value - fw.base < XLEN &&
		     !(seen & (1UL << (r.value - fw.base)));
		seen |= ok ? 1UL << (r.value - fw.base) : 0;
	}
	check_true("cfg_match.distinct_counters",
		   "FID 2 only selects counters not started; each running one "
		   "is taken, so N matches on a set of N free counters give N "
		   "distinct counters",
		   ok && n == size, "distinct counters for every match",
		   "%u of %u (%s, value %lu)", n, size,
		   check_error_name(r.error), r.value);
	r = pmu_match_set(fw, SBI_PMU_CFG_FLAG_AUTO_START, EV_SET_TIMER);
	if (r.error == SBI_SUCCESS)
		got[n++] = r.value;
	check_error("cfg_match.exhausted.not_supported",
		    "table 9: SBI_ERR_NOT_SUPPORTED when none of the counters "
		    "of the set can monitor the event (all are started)",
		    ERRS1(SBI_ERR_NOT_SUPPORTED), r);
	for (i = 0; i < n; i++)
		pmu_release(got[i]);
}

/* Requests narrower than "everything" must be answered inside the set. */
static void cfg_result_in_set(void)
{
	struct ctr_set cyc = env_hw_set(WANT_ANY);
	struct ctr_set fw = env_fw_set();
	struct sbiret r;

	/*
	 * Leave out the lowest member: the fixed cycle counter if there is
	 * one, which a firmware may be tempted to return regardless.
	 */
	cyc.mask &= cyc.mask - 1;
	if (cyc.mask) {
		r = pmu_match_set(cyc, 0, EV_CYCLES);
		if (r.error == SBI_SUCCESS)
			pmu_release(r.value);
	}
	fw.mask &= fw.mask - 1;
	if (fw.mask) {
		r = pmu_match_set(fw, 0, EV_SET_TIMER);
		if (r.error == SBI_SUCCESS)
			pmu_release(r.value);
	}
	check_true("cfg_match.result_in_set",
		   "FID 2 finds a counter \"from a set of counters\": the "
		   "returned counter_idx must be one of the set",
		   !env.outside.seen, "a counter inside the requested set",
		   "counter %lu for set base %lu mask 0x%lx event 0x%lx",
		   env.outside.got, env.outside.cbase, env.outside.cmask,
		   env.outside.event);
}

void cfg_match_run(void)
{
	cfg_fw_success();
	cfg_reserved_flags();
	cfg_filter_flags();
	cfg_unknown_events();
	cfg_malformed_events();
	cfg_auto_start();
	cfg_clear_value();
	cfg_auto_start_keeps_value();
	cfg_skip_match_first();
	cfg_skip_match_fixed("cfg_match.skip_match.cycle_counter_unconfigured",
			     CSR_CYCLE, EV_CYCLES);
	cfg_skip_match_fixed(
		"cfg_match.skip_match.instret_counter_unconfigured",
		CSR_CYCLE + PMU_CTR_INSTRET, EV_INSTRUCTIONS);
	cfg_skip_match_unconfigured_all();
	cfg_hw_flags();
	cfg_started_not_selected();
	cfg_distinct();
	cfg_result_in_set();
}
