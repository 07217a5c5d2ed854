/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The machine's time as the firmware reads it: the one mtime register of
 * the tree's CLINT/ACLINT MTIMER or PLMT, else the time CSR; and the
 * timebase, the tree's or an assumed one. dev.c sets both once at probe;
 * drivers (I2C timeouts), delays and the SBI TIME extension read them
 * here. Nothing here calls back into dev/, so any driver may use it.
 */
#include "cpu/csr.h"
#include "dev/dev.h"

static uintptr_t clock_mtime; /* 0: none, the time CSR is read */
static uint32_t clock_hz;     /* 0: unknown (the tree did not say) */

void fw_dev_clock_set_timebase(uint32_t hz)
{
	clock_hz = hz;
}

void fw_dev_clock_set_mtime(uintptr_t mtime)
{
	clock_mtime = mtime;
}

bool fw_dev_time_is_mmio(void)
{
	return clock_mtime != 0;
}

bool fw_dev_timebase_assumed(void)
{
	return clock_hz == 0;
}

static uint64_t clock_time_csr(void)
{
#ifndef __riscv
	/* The host's build (tools/board-report, tests/unit/test_dev_drivers
	 * link the drivers that read the time): no time CSR, no time. */
	return 0;
#elif __riscv_xlen == 64
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

/* Two 32-bit reads, the high half again until it held still. */
uint64_t fw_dev_time(void)
{
	volatile uint32_t *t = (volatile uint32_t *)clock_mtime;
	uint32_t hi, lo;

	if (!t)
		return clock_time_csr();
	do {
		hi = t[1];
		lo = t[0];
	} while (hi != t[1]);
	return ((uint64_t)hi << 32) | lo;
}

uint32_t fw_dev_timebase(void)
{
	return clock_hz ? clock_hz : FW_DEV_TIMEBASE_ASSUMED;
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
