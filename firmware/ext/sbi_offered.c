/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Which SBI extensions this firmware offers, asked by BASE's
 * probe_extension (sbi_base.c) and by the dispatcher before it routes a
 * call (sbi_ecall.c), so both give the same answer. It names no handler:
 * the dispatcher calls sbi_base.c, and sbi_base.c asks this file, so
 * neither of the two uses the other both ways.
 */
#include <sbipmu/pmu_spec.h>
#include <sbipmu/sse_spec.h>

#include "dev/dev.h"
#include "ext/sbi_ext.h"
#include "rt/hart.h"

bool fw_ext_offered(unsigned long eid)
{
	if (eid <= SBI_EXT_LEGACY_LAST)
		return fw_ext_legacy_offered(eid);
	switch (eid) {
	case SBI_EXT_BASE:
	case SBI_EXT_TIME:
	case SBI_EXT_IPI:
	case SBI_EXT_RFENCE:
	case SBI_EXT_HSM:
		return true;
	case SBI_EXT_SRST: /* with a device that resets */
		return fw_dev.reset_types != 0;
	case SBI_EXT_DBCN: /* with a console */
		return fw_dev.console != NULL;
	case SBI_EXT_PMU: /* the PMU core is up on this hart */
		return fw_hart_self()->pmu != NULL;
	case SBI_EXT_SSE: /* SSE likewise */
		return fw_hart_self()->sse != NULL;
	default:
		return false;
	}
}
