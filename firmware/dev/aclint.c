/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * CLINT and ACLINT (MSWI, MTIMER) as each hart sees them: its MSIP
 * word (the doorbell dev.c rings when an MSWI reaches the hart) and
 * its mtimecmp, whose addresses dev.c put in the hart's table entry.
 * The mtime register is read by clock.c.
 */
#include "dev/dev.h"
#include "rt/hart.h"

void fw_aclint_msip_write(uintptr_t msip, uint32_t value)
{
	*(volatile uint32_t *)msip = value;
}

void fw_dev_timecmp_set(const struct fw_hart *h, uint64_t value)
{
	volatile uint32_t *cmp = (volatile uint32_t *)h->mtimecmp;

	if (!cmp)
		return;
	/*
	 * Two 32-bit writes, high half parked at all-ones first, so that no
	 * intermediate value lies in the past (works on RV32 and RV64).
	 */
	cmp[1] = 0xFFFFFFFFU;
	cmp[0] = (uint32_t)value;
	cmp[1] = (uint32_t)(value >> 32);
}
