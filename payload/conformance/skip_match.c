/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * SKIP_MATCH across counter types, which has crashed firmware in M-mode
 * (a firmware event on a hardware counter indexed the firmware-counter
 * array with a huge index; a hardware event on a firmware counter wrote
 * a CSR that does not exist). Each case is a group of its own at the end
 * of the run, so a crash is attributed to it and a resumed run carries
 * on past it. The counter is configured first with an event of its own
 * type, so a firmware that only accepts SKIP_MATCH on configured
 * counters still reaches the dangerous path.
 */
#include "check.h"
#include "env.h"
#include "groups.h"
#include "pmu.h"

static const char why_type[] =
	"SKIP_MATCH selects the first counter of the set, which must still be "
	"able to monitor the event (table 9: NOT_SUPPORTED when none of the "
	"counters can); a counter of the other type cannot. INVALID_PARAM is "
	"accepted as well; SUCCESS is not";

void skip_match_fw_on_hw_run(void)
{
	static const char name[] =
		"cfg_match.skip_match.fw_event_on_hw_counter";
	unsigned long h;
	struct sbiret r;

	if (!env.nhw || !env.nfw) {
		check_skip(name, "needs hardware and firmware counters");
		return;
	}
	h = env.hw[0];
	r = pmu_match_one(
		h, 0, env.ctr[h].instructions ? EV_INSTRUCTIONS : EV_CYCLES);
	r = pmu_match_one(h,
			  SBI_PMU_CFG_FLAG_SKIP_MATCH |
				  SBI_PMU_CFG_FLAG_CLEAR_VALUE |
				  SBI_PMU_CFG_FLAG_AUTO_START,
			  EV_SET_TIMER);
	pmu_check_alive(name, why_type,
			ERRS2(SBI_ERR_NOT_SUPPORTED, SBI_ERR_INVALID_PARAM), r);
	pmu_release(h);
}

void skip_match_hw_on_fw_run(void)
{
	static const char name[] =
		"cfg_match.skip_match.hw_event_on_fw_counter";
	unsigned long f;
	struct sbiret r;

	if (!env.nfw) {
		check_skip(name, "no firmware counters");
		return;
	}
	f = env.fw[0];
	pmu_match_one(f, 0, EV_SET_TIMER);
	r = pmu_match_one(f,
			  SBI_PMU_CFG_FLAG_SKIP_MATCH |
				  SBI_PMU_CFG_FLAG_CLEAR_VALUE |
				  SBI_PMU_CFG_FLAG_AUTO_START,
			  EV_CYCLES);
	pmu_check_alive(name, why_type,
			ERRS2(SBI_ERR_NOT_SUPPORTED, SBI_ERR_INVALID_PARAM), r);
	pmu_release(f);
}
