/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * NUM_COUNTERS (FID 0) and COUNTER_GET_INFO (FID 1, table 7): the error
 * rows, and what counter_info must say about a hardware counter for a
 * supervisor to use it (the CSR it reads, reserved bits clear, no time
 * CSR posing as a counter).
 */
#include "check.h"
#include "csr.h"
#include "env.h"
#include "groups.h"
#include "pmu.h"
#include "trap.h"

static const char why_info_invalid[] =
	"table 7: SBI_ERR_INVALID_PARAM when counter_idx points to an invalid "
	"counter; indices at or beyond NUM_COUNTERS are not counters";

#define CSR_TIME	 0xC01
#define CSR_COUNTER_LAST 0xC1F

static void get_info_num_counters(void)
{
	struct sbiret r = pmu_num_counters();

	check_true("num_counters.success",
		   "FID 0 always returns SBI_SUCCESS, with the number of "
		   "hardware and firmware counters",
		   r.error == SBI_SUCCESS && r.value > 0,
		   "SUCCESS with a count > 0", "%s (value %lu)",
		   check_error_name(r.error), r.value);
}

static void get_info_error_codes(void)
{
	unsigned int i;

	for (i = 0; i < env.probed; i++) {
		struct sbiret r = pmu_get_info(i);

		if (r.error != SBI_SUCCESS &&
		    r.error != SBI_ERR_INVALID_PARAM) {
			check_fail("counter_get_info.error_codes",
				   "table 7 lists SBI_SUCCESS and "
				   "SBI_ERR_INVALID_PARAM only",
				   "SUCCESS|INVALID_PARAM", "%s for index %u",
				   check_error_name(r.error), i);
			return;
		}
	}
	check_true("counter_get_info.error_codes",
		   "NUM_COUNTERS counts counters, so at least one index below "
		   "it must be a valid counter",
		   env.nhw + env.nfw > 0, "at least one valid counter",
		   "none of %lu indices", env.probed);
}

static void get_info_invalid_indices(void)
{
	check_error("counter_get_info.invalid_param.index_num",
		    why_info_invalid, ERRS1(SBI_ERR_INVALID_PARAM),
		    pmu_get_info(env.num));
	check_error("counter_get_info.invalid_param.index_max",
		    why_info_invalid, ERRS1(SBI_ERR_INVALID_PARAM),
		    pmu_get_info(ULONG_ALL_ONES));
#if XLEN == 64
	{
		unsigned long idx =
			(1UL << 32) | (env.nhw ? env.hw[0] : env.fw[0]);

		check_error("counter_get_info.invalid_param.index_high_bits",
			    "counter_idx is an unsigned long: a valid index "
			    "plus 2^32 is beyond NUM_COUNTERS and must not "
			    "alias the valid one (table 7)",
			    ERRS1(SBI_ERR_INVALID_PARAM), pmu_get_info(idx));
	}
#else
	check_skip("counter_get_info.invalid_param.index_high_bits",
		   "RV32: counter_idx has no bits above 31");
#endif
}

static void get_info_hw_csrs(void)
{
	unsigned int i;

	for (i = 0; i < env.nhw; i++) {
		const struct env_counter *c = &env.ctr[env.hw[i]];

		if (c->csr < CSR_CYCLE || c->csr > CSR_COUNTER_LAST) {
			check_fail(
				"counter_get_info.hw_csr.range",
				"counter_info.csr is the CSR S-mode reads the "
				"counter with: cycle, instret or hpmcounterN "
				"(0xC00-0xC1F)",
				"0xC00..0xC1F", "0x%x for counter %u", c->csr,
				env.hw[i]);
			return;
		}
	}
	check_pass("counter_get_info.hw_csr.range");
}

static void get_info_time(void)
{
	unsigned int i;

	for (i = 0; i < env.nhw; i++) {
		if (env.ctr[env.hw[i]].csr == CSR_TIME) {
			check_fail(
				"counter_get_info.time_not_a_counter",
				"time (CSR 0xC01) has no mcountinhibit bit "
				"and no mhpmevent: no PMU function can start, "
				"stop or configure it, so it is not a PMU "
				"counter",
				"no counter with CSR 0xC01", "counter %u",
				env.hw[i]);
			return;
		}
	}
	check_pass("counter_get_info.time_not_a_counter");
}

static void get_info_reserved(void)
{
	/* counter_info[XLEN-2:18] */
	const unsigned long reserved = ~(ULONG_MSB | 0x3FFFFUL);
	unsigned int i;

	for (i = 0; i < env.probed; i++) {
		if (env.ctr[i].valid && (env.ctr[i].info & reserved)) {
			check_fail("counter_get_info.reserved_bits.zero",
				   "counter_info[XLEN-2:18] is reserved for "
				   "future use",
				   "bits XLEN-2..18 clear",
				   "0x%lx for counter %u", env.ctr[i].info, i);
			return;
		}
	}
	check_pass("counter_get_info.reserved_bits.zero");
}

static void get_info_readable(void)
{
	struct trap_counts before = trap_counts(), after;
	unsigned long v;
	unsigned int i, bad = 0;
	bool any = false;

	trap_arm(true);
	for (i = 0; i < env.nhw; i++) {
		unsigned long n = trap_counts().exceptions;

		if (!csr_read_counter(env.ctr[env.hw[i]].csr, &v))
			continue;
		any = true;
		if (trap_counts().exceptions != n && !bad)
			bad = env.hw[i] + 1;
	}
	trap_arm(false);
	after = trap_counts();
	if (!any) {
		check_skip("counter_get_info.hw_csr.readable",
			   "no hardware "
			   "counter with a counter CSR");
		return;
	}
	check_true("counter_get_info.hw_csr.readable",
		   "the PMU chapter's premise: the counters are readable from "
		   "S-mode through cycle, instret and hpmcounterN (the CSR "
		   "counter_info names); the firmware must enable that in "
		   "mcounteren",
		   !bad, "every hardware counter CSR readable",
		   "a trap reading counter %u (scause %lu)", bad - 1,
		   after.exceptions != before.exceptions ? after.last_cause
							 : 0);
}

void get_info_run(void)
{
	get_info_num_counters();
	get_info_error_codes();
	get_info_invalid_indices();
	get_info_hw_csrs();
	get_info_time();
	get_info_reserved();
	get_info_readable();
}
