// SPDX-License-Identifier: BSD-2-Clause
/*
 * SBI PMU extension (EID "PMU", SBI v3.0 chapter "Performance Monitoring
 * Unit Extension"): the firmware's only job is to hand the call to the
 * portable decoder (sbi/sbi_pmu_ecall.c) with this hart's PMU state, and
 * to count it. Without a PMU (set-up failed) the extension is absent.
 */
#include <sbipmu/pmu.h>
#include <sbipmu/sbi_pmu_ecall.h>

#include "sbi_ext.h"

struct sbiret sbi_pmu_fw_ecall(struct fw_hart *h, unsigned long fid,
			       const unsigned long a[6])
{
	struct sbiret r = {SBI_ERR_NOT_SUPPORTED, 0};

	if (!h->pmu)
		return r;
	pmu_fw_event(h->pmu, SBIPMU_FW_PMU_ECALL);
	return sbi_pmu_ecall(h->pmu, fid, a);
}
