/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Firmware counters, exactly: SET_TIMER (event 0xF0005) counted once per
 * TIME set_timer call, nothing while stopped, SET_INIT_VALUE honoured,
 * resumed counting keeps the value; and COUNTER_FW_READ (FID 5, table
 * 14) and COUNTER_FW_READ_HI (FID 6, table 15) refusing hardware and
 * invalid counters, firmware counters with no event among them. Firmware
 * counters are the suite's exact instrument: QEMU's hardware counters are
 * neither exact nor reliably frozen.
 */
#include "check.h"
#include "env.h"
#include "groups.h"
#include "pmu.h"

static const char why_set_timer[] =
	"table 6: SBI_PMU_FW_SET_TIMER counts set timer events; each TIME "
	"set_timer call is one event, counted while the counter is started";
static const char why_fw_read_invalid[] =
	"table 14: SBI_ERR_INVALID_PARAM when counter_idx points to a hardware "
	"counter or an invalid counter";
static const char why_fw_read_hi_invalid[] =
	"table 15: SBI_ERR_INVALID_PARAM when counter_idx points to a hardware "
	"counter or an invalid counter";

static uint64_t fw_value(unsigned long f)
{
	uint64_t v = ~0ULL;

	pmu_fw_value(f, &v);
	return v;
}

/* Count, freeze, resume, re-initialise: one counter through its life. */
static void fw_set_timer_sequence(unsigned long f)
{
	struct sbiret r;

	pmu_set_timer_calls(5);
	r = pmu_fw_read(f);
	check_success_value("counter_fw_read.success_while_running",
			    "table 14: SBI_SUCCESS with the current value; a "
			    "running firmware counter can be read",
			    5, r);
	pmu_stop_one(f, 0);
	check_u64("fw_event.set_timer.counts_once", why_set_timer, 5,
		  fw_value(f));
	pmu_set_timer_calls(3);
	check_u64("fw_event.set_timer.frozen_after_stop",
		  "a stopped counter does not count (FID 4 stops counting)", 5,
		  fw_value(f));
	pmu_start_one(f, 0, 0);
	pmu_set_timer_calls(2);
	pmu_stop_one(f, 0);
	check_u64("fw_event.set_timer.resume_keeps_value",
		  "table 10 note: without SET_INIT_VALUE counting starts from "
		  "the current counter value",
		  7, fw_value(f));
	pmu_start_one(f, SBI_PMU_START_FLAG_SET_INIT_VALUE, 1000);
	pmu_set_timer_calls(3);
	pmu_stop_one(f, 0);
	check_u64("fw_event.set_timer.init_value",
		  "table 10: SET_INIT_VALUE sets the counter to initial_value "
		  "before it counts",
		  1003, fw_value(f));
}

static void fw_set_timer_wide(unsigned long f)
{
	static const char name[] =
		"fw_event.set_timer.init_value_above_32_bits";
	uint64_t v;

	if (XLEN == 32 && !env_version_at_least(2, 0)) {
		check_skip(name, "RV32 before SBI 2.0 reads only 32 bits");
		return;
	}
	pmu_start_one(f, SBI_PMU_START_FLAG_SET_INIT_VALUE, 0x100000000ULL);
	pmu_set_timer_calls(1);
	pmu_stop_one(f, 0);
	v = fw_value(f);
	check_true(name,
		   "initial_value is 64 bits (table 10); firmware counters are "
		   "up to 64 bits wide and their width is not reported, so the "
		   "value is 0x100000001, or 1 for a 32-bit counter",
		   v == 0x100000001ULL || v == 1, "0x100000001 (or 1)",
		   "0x%llx", (unsigned long long)v);
}

static void fw_set_timer(void)
{
	long f;

	if (!env_need_fw("fw_event.set_timer"))
		return;
	f = pmu_fw_configure(SBI_PMU_CFG_FLAG_CLEAR_VALUE |
				     SBI_PMU_CFG_FLAG_AUTO_START,
			     EV_SET_TIMER);
	if (f < 0) {
		check_fail("fw_event.set_timer", why_set_timer,
			   "a firmware counter for SET_TIMER", "none");
		return;
	}
	fw_set_timer_sequence((unsigned long)f);
	fw_set_timer_wide((unsigned long)f);
	pmu_release((unsigned long)f);
}

/* Two counters on one event both count it. */
static void fw_two_counters(void)
{
	static const char name[] = "fw_event.set_timer.two_counters";
	const unsigned long flags =
		SBI_PMU_CFG_FLAG_CLEAR_VALUE | SBI_PMU_CFG_FLAG_AUTO_START;
	long a, b;
	uint64_t va, vb;

	if (!env_need_fw(name))
		return;
	a = pmu_fw_configure(flags, EV_SET_TIMER);
	b = pmu_fw_configure(flags, EV_SET_TIMER);
	if (a < 0 || b < 0) {
		check_skip(name, "the firmware maps SET_TIMER only once");
	} else {
		pmu_set_timer_calls(2);
		pmu_stop_one((unsigned long)a, 0);
		pmu_stop_one((unsigned long)b, 0);
		va = fw_value((unsigned long)a);
		vb = fw_value((unsigned long)b);
		check_true(name,
			   "each started counter configured for an event "
			   "counts it; table 6 gives no exception for a second "
			   "counter",
			   va == 2 && vb == 2, "2 and 2", "%llu and %llu",
			   (unsigned long long)va, (unsigned long long)vb);
	}
	if (a >= 0)
		pmu_release((unsigned long)a);
	if (b >= 0)
		pmu_release((unsigned long)b);
}

/* First hardware counter answering FW_READ(_HI) with anything else. */
static long fw_read_hw_offender(bool hi, struct sbiret *bad)
{
	unsigned int i;

	for (i = 0; i < env.nhw; i++) {
		unsigned long h = env.hw[i];
		const struct env_counter *c = &env.ctr[h];
		struct sbiret r;

		/* Configured for an event it counts, if any, to be thorough. */
		if (c->cycles || c->instructions)
			pmu_match_one(h, 0,
				      c->cycles ? EV_CYCLES : EV_INSTRUCTIONS);
		r = hi ? pmu_fw_read_hi(h) : pmu_fw_read(h);
		pmu_release(h);
		if (r.error != SBI_ERR_INVALID_PARAM) {
			*bad = r;
			return (long)h;
		}
	}
	return -1;
}

static void fw_read_hw(const char *name, const char *why, bool hi)
{
	struct sbiret bad = {0, 0};
	long h;

	if (!env.nhw) {
		check_skip(name, "no hardware counters");
		return;
	}
	h = fw_read_hw_offender(hi, &bad);
	check_true(name, why, h < 0, "INVALID_PARAM for every hardware counter",
		   "%s (value 0x%lx) for counter %ld",
		   check_error_name(bad.error), bad.value, h);
}

static void fw_read_invalid(void)
{
	long hole = env_hole();

	fw_read_hw("counter_fw_read.invalid_param.hw_counter",
		   why_fw_read_invalid, false);
	check_error("counter_fw_read.invalid_param.index_num",
		    why_fw_read_invalid, ERRS1(SBI_ERR_INVALID_PARAM),
		    pmu_fw_read(env.num));
	check_error("counter_fw_read.invalid_param.index_max",
		    why_fw_read_invalid, ERRS1(SBI_ERR_INVALID_PARAM),
		    pmu_fw_read(ULONG_ALL_ONES));
	if (hole >= 0)
		check_error("counter_fw_read.invalid_param.hole",
			    why_fw_read_invalid, ERRS1(SBI_ERR_INVALID_PARAM),
			    pmu_fw_read((unsigned long)hole));
	else
		check_skip("counter_fw_read.invalid_param.hole",
			   "no invalid index below NUM_COUNTERS");
}

static const char why_fw_read_no_event[] =
	"table 14: SBI_ERR_INVALID_PARAM when counter_idx points to an invalid "
	"counter; a firmware counter with no event (not configured, or "
	"released by STOP with RESET) is not a valid counter to read: its "
	"value belongs to nobody (OpenSBI answers INVALID_PARAM too)";
static const char why_fw_read_hi_no_event[] =
	"table 15: SBI_ERR_INVALID_PARAM when counter_idx points to an invalid "
	"counter; a firmware counter with no event is one (as for table 14)";

/* The last firmware counter, released: it has no event. */
static unsigned long fw_no_event(void)
{
	unsigned long f = env.fw[env.nfw - 1];

	pmu_release(f);
	return f;
}

/* A firmware counter that counted, then was released by STOP(RESET). */
static long fw_released(void)
{
	long f = pmu_fw_configure(SBI_PMU_CFG_FLAG_CLEAR_VALUE |
					  SBI_PMU_CFG_FLAG_AUTO_START,
				  EV_SET_TIMER);

	if (f < 0)
		return -1;
	pmu_set_timer_calls(2);
	pmu_stop_one((unsigned long)f, 0);
	pmu_stop_one((unsigned long)f, SBI_PMU_STOP_FLAG_RESET);
	return f;
}

static void fw_read_no_event(void)
{
	long f;

	if (!env_need_fw("counter_fw_read.invalid_param.no_event"))
		return;
	check_error("counter_fw_read.invalid_param.no_event",
		    why_fw_read_no_event, ERRS1(SBI_ERR_INVALID_PARAM),
		    pmu_fw_read(fw_no_event()));
	f = fw_released();
	if (f < 0) {
		check_skip("counter_fw_read.invalid_param.released",
			   "no firmware counter for SET_TIMER");
		return;
	}
	check_error("counter_fw_read.invalid_param.released",
		    why_fw_read_no_event, ERRS1(SBI_ERR_INVALID_PARAM),
		    pmu_fw_read((unsigned long)f));
}

/* A configured firmware counter plus 2^32 is not that counter. */
static void fw_read_high_bits(void)
{
	static const char name[] =
		"counter_fw_read.invalid_param.index_high_bits";
#if XLEN == 64
	long f;

	if (!env_need_fw(name))
		return;
	f = pmu_fw_configure(SBI_PMU_CFG_FLAG_AUTO_START, EV_SET_TIMER);
	if (f < 0) {
		check_skip(name, "no firmware counter for SET_TIMER");
		return;
	}
	check_error(name,
		    "counter_idx is an unsigned long: index + 2^32 is an "
		    "invalid counter and must not alias the configured one",
		    ERRS1(SBI_ERR_INVALID_PARAM),
		    pmu_fw_read((1UL << 32) | (unsigned long)f));
	pmu_release((unsigned long)f);
#else
	check_skip(name, "RV32: counter_idx has no bits above 31");
#endif
}

static void fw_read_hi_value(void)
{
	const char *name = XLEN == 64 ? "counter_fw_read_hi.rv64_zero"
				      : "counter_fw_read_hi.upper_bits";
	long f;
	struct sbiret r;

	if (!env_need_fw(name))
		return;
	f = pmu_fw_configure(SBI_PMU_CFG_FLAG_AUTO_START, EV_SET_TIMER);
	if (f < 0) {
		check_skip(name, "no firmware counter for SET_TIMER");
		return;
	}
	pmu_stop_one((unsigned long)f, 0);
	pmu_start_one((unsigned long)f, SBI_PMU_START_FLAG_SET_INIT_VALUE,
		      0x500000007ULL);
	pmu_stop_one((unsigned long)f, 0);
	r = pmu_fw_read_hi((unsigned long)f);
	if (XLEN == 64)
		check_success_value(name,
				    "FID 6 always returns zero in sbiret.value "
				    "on RV64",
				    0, r);
	else
		check_true(name,
			   "FID 6 returns the upper 32 bits of the firmware "
			   "counter (5 for 0x500000007; 0 if the counter is "
			   "32 bits wide)",
			   r.error == SBI_SUCCESS &&
				   (r.value == 5 || r.value == 0),
			   "SUCCESS (value 5)", "%s (value 0x%lx)",
			   check_error_name(r.error), r.value);
	pmu_release((unsigned long)f);
}

static void fw_read_hi(void)
{
	if (!env_version_at_least(2, 0)) {
		check_skip("counter_fw_read_hi",
			   "the firmware reports SBI < 2.0 "
			   "(FID 6 judged by version_gate.fw_read_hi)");
		return;
	}
	fw_read_hi_value();
	fw_read_hw("counter_fw_read_hi.invalid_param.hw_counter",
		   why_fw_read_hi_invalid, true);
	check_error("counter_fw_read_hi.invalid_param.index_num",
		    why_fw_read_hi_invalid, ERRS1(SBI_ERR_INVALID_PARAM),
		    pmu_fw_read_hi(env.num));
	if (env.nfw)
		check_error("counter_fw_read_hi.invalid_param.no_event",
			    why_fw_read_hi_no_event,
			    ERRS1(SBI_ERR_INVALID_PARAM),
			    pmu_fw_read_hi(fw_no_event()));
	else
		check_skip("counter_fw_read_hi.invalid_param.no_event",
			   "no firmware counters");
}

void fw_counter_run(void)
{
	fw_set_timer();
	fw_two_counters();
	fw_read_invalid();
	fw_read_no_event();
	fw_read_high_bits();
	fw_read_hi();
}
