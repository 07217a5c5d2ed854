/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Base checks: the firmware offers the PMU extension at a spec version
 * that has it, unknown function IDs are refused, and the functions newer
 * than the reported spec version are absent (a firmware must not be
 * judged on what it does not claim, but must not half-claim it either).
 */
#include "check.h"
#include "env.h"
#include "groups.h"
#include "pmu.h"
#include "sbi.h"

static const char why_unknown_fid[] =
	"SBI binary encoding: a function ID the extension does not implement "
	"returns SBI_ERR_NOT_SUPPORTED";

static void base_unknown_fids(void)
{
	static const unsigned long fids[] = {9, 10, 0x100, 0xFFFF,
					     ULONG_ALL_ONES};
	unsigned int i;

	for (i = 0; i < sizeof(fids) / sizeof(fids[0]); i++) {
		struct sbiret r = pmu_call(fids[i], 0, 0, 0, 0, 0, 0);

		if (r.error != SBI_ERR_NOT_SUPPORTED) {
			check_fail("pmu.unknown_fid.not_supported",
				   why_unknown_fid, "NOT_SUPPORTED",
				   "%s for FID 0x%lx",
				   check_error_name(r.error), fids[i]);
			return;
		}
	}
	check_pass("pmu.unknown_fid.not_supported");
}

/* A FID introduced in @major.@minor must be absent below that version. */
static void base_version_gate(const char *name, unsigned long fid,
			      unsigned int major, unsigned int minor)
{
	static const char why[] =
		"table 20 gives each FID the SBI version that introduced it; "
		"to a firmware reporting an older version the FID is unknown, "
		"and unknown FIDs return SBI_ERR_NOT_SUPPORTED";
	struct sbiret r;

	if (env_version_at_least(major, minor)) {
		check_skip(name,
			   "firmware reports SBI >= %u.%u; the function "
			   "is judged by its own checks",
			   major, minor);
		return;
	}
	/* Harmless arguments: an implemented FID must not act on them. */
	r = pmu_call(fid, ULONG_ALL_ONES, ULONG_ALL_ONES, ULONG_ALL_ONES, 0, 0,
		     0);
	check_error(name, why, ERRS1(SBI_ERR_NOT_SUPPORTED), r);
}

void base_run(void)
{
	check_true("base.spec_version",
		   "table 20: the PMU extension exists from SBI 0.3 on",
		   env.spec_version >= SBI_SPEC_VERSION(0, 3), ">= 0.3",
		   "%lu.%lu", SBI_SPEC_VERSION_MAJOR(env.spec_version),
		   SBI_SPEC_VERSION_MINOR(env.spec_version));
	if (!check_true("base.probe_pmu",
			"the suite needs the PMU extension (EID 0x504D55)",
			env.pmu, "probe_extension != 0", "0"))
		return;
	base_unknown_fids();
	base_version_gate("version_gate.fw_read_hi.not_supported",
			  SBI_EXT_PMU_COUNTER_FW_READ_HI, 2, 0);
	base_version_gate("version_gate.snapshot_set_shmem.not_supported",
			  SBI_EXT_PMU_SNAPSHOT_SET_SHMEM, 2, 0);
	base_version_gate("version_gate.event_get_info.not_supported",
			  SBI_EXT_PMU_EVENT_GET_INFO, 3, 0);
}
