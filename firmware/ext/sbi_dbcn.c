/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * SBI Debug Console extension (EID "DBCN", SBI v3.0 chapter "Debug
 * Console Extension"), which `earlycon=sbi` needs when Linux has no
 * legacy SBI calls. The buffer is a physical address split over two
 * registers; it must pass the same RAM check as PMU shared memory before
 * a single byte is touched. Writes block on the UART; reads take only
 * what is already waiting.
 */
#include <sbipmu/pmu.h>

#include "ext/core_plat.h"
#include "ext/sbi_ext.h"
#include "rt/console.h"
#include "rt/platform.h"

/*
 * Bytes moved per call at most: the spec lets a call move fewer bytes
 * than asked, and a huge buffer must not hold the console lock for long.
 */
#define DBCN_CHUNK 4096UL

/* Physical address from (lo, hi); false if it does not fit 64 bits. */
static bool dbcn_addr(unsigned long lo, unsigned long hi, uint64_t *addr)
{
#if __riscv_xlen == 64
	*addr = lo;
	return hi == 0;
#else
	*addr = ((uint64_t)hi << 32) | lo;
	return true;
#endif
}

static struct sbiret dbcn_rw(struct fw_hart *h, bool write, unsigned long n,
			     unsigned long lo, unsigned long hi)
{
	struct sbiret r = {SBI_SUCCESS, 0};
	uint64_t addr;
	char *buf;

	if (n == 0)
		return r;
	if (!dbcn_addr(lo, hi, &addr) || !fw_plat_ram_ok(addr, n)) {
		r.error = SBI_ERR_INVALID_PARAM;
		return r;
	}
	buf = (char *)(uintptr_t)addr;
	if (n > DBCN_CHUNK)
		n = DBCN_CHUNK;
	if (!write) {
		while (r.value < n && fw_console_getc(&buf[r.value]))
			r.value++;
		return r;
	}
	fw_console_lock();
	for (; r.value < n; r.value++)
		fw_console_putc(buf[r.value]);
	fw_console_unlock();
	pmu_fw_platform_event(h->pmu, FW_PLAT_EVENT_DBCN_BYTES, n);
	return r;
}

struct sbiret fw_ext_dbcn_ecall(struct fw_hart *h, unsigned long fid,
				const unsigned long a[6])
{
	struct sbiret r = {SBI_SUCCESS, 0};

	switch (fid) {
	case SBI_EXT_DBCN_CONSOLE_WRITE:
		return dbcn_rw(h, true, a[0], a[1], a[2]);
	case SBI_EXT_DBCN_CONSOLE_READ:
		return dbcn_rw(h, false, a[0], a[1], a[2]);
	case SBI_EXT_DBCN_CONSOLE_WRITE_BYTE:
		fw_console_lock();
		fw_console_putc((char)(a[0] & 0xFF));
		fw_console_unlock();
		pmu_fw_platform_event(h->pmu, FW_PLAT_EVENT_DBCN_BYTES, 1);
		return r;
	default:
		r.error = SBI_ERR_NOT_SUPPORTED;
		return r;
	}
}
