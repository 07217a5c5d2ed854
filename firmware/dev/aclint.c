/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * CLINT and ACLINT (MSWI, MTIMER) as each hart sees them: its MSIP
 * word (the doorbell dev.c rings when an MSWI reaches the hart) and
 * its mtimecmp, whose addresses dev.c put in the hart's table entry,
 * and the one mtime register. Without an mtime the time CSR is read.
 */
#include "cpu/csr.h"
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

static uint64_t aclint_time_csr(void)
{
#if __riscv_xlen == 64
	return csr_read(CSR_TIME);
#else
	uint32_t hi, lo;

	do {
		hi = csr_read(CSR_TIMEH);
		lo = csr_read(CSR_TIME);
	} while (hi != csr_read(CSR_TIMEH));
	return ((uint64_t)hi << 32) | lo;
#endif
}

uint64_t fw_dev_time(void)
{
	volatile uint32_t *t = (volatile uint32_t *)fw_dev.mtime;
	uint32_t hi, lo;

	if (!t)
		return aclint_time_csr();
	do {
		hi = t[1];
		lo = t[0];
	} while (hi != t[1]);
	return ((uint64_t)hi << 32) | lo;
}

uint32_t fw_dev_timebase(void)
{
	return fw_dev.timebase_hz ? fw_dev.timebase_hz
				  : FW_DEV_TIMEBASE_ASSUMED;
}

/*
 * 32-bit divisions only: a 64-bit one would pull in libgcc's, which uses
 * t3-t6 (scripts/fw-fixed-regs.sh). Exact for any timebase below 4 GHz:
 * (us % 1000) * per_ms stays below 2^32.
 */
uint64_t fw_dev_us_to_ticks(uint32_t us)
{
	uint32_t per_ms = fw_dev_timebase() / 1000;

	return (uint64_t)(us / 1000) * per_ms + (us % 1000) * per_ms / 1000;
}

void fw_dev_udelay(uint32_t us)
{
	uint64_t start = fw_dev_time(), ticks = fw_dev_us_to_ticks(us);

	while (fw_dev_time() - start < ticks)
		;
}
