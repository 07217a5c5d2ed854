/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * SBI System Reset extension (EID "SRST", SBI v3.0 chapter "System Reset
 * Extension") on QEMU virt's sifive,test0 device: shutdown powers off
 * (QEMU exits 0, or 1 when the reason is "system failure"); cold and
 * warm reboot both reset the machine. Reserved types and reasons answer
 * INVALID_PARAM, vendor types NOT_SUPPORTED. Returns only on failure.
 */
#include "platform.h"
#include "pmu_trace.h"
#include "sbi_ext.h"

#define SRST_RESET	       0
#define SRST_TYPE_SHUTDOWN     0UL
#define SRST_TYPE_COLD_REBOOT  1UL
#define SRST_TYPE_WARM_REBOOT  2UL
#define SRST_TYPE_VENDOR_FIRST 0xF0000000UL
#define SRST_REASON_NONE       0UL
#define SRST_REASON_FAILURE    1UL
#define SRST_REASON_IMPL_FIRST 0xE0000000UL /* SBI- then vendor-specific */

static long srst_check(unsigned long type, unsigned long reason)
{
#if __riscv_xlen == 64
	if (type > 0xFFFFFFFFUL || reason > 0xFFFFFFFFUL) /* 32-bit fields */
		return SBI_ERR_INVALID_PARAM;
#endif
	if (reason > SRST_REASON_FAILURE && reason < SRST_REASON_IMPL_FIRST)
		return SBI_ERR_INVALID_PARAM;
	if (type <= SRST_TYPE_WARM_REBOOT)
		return SBI_SUCCESS;
	if (type >= SRST_TYPE_VENDOR_FIRST)
		return SBI_ERR_NOT_SUPPORTED;
	return SBI_ERR_INVALID_PARAM;
}

struct sbiret sbi_srst_ecall(struct fw_hart *h, unsigned long fid,
			     const unsigned long a[6])
{
	struct sbiret r = {SBI_ERR_NOT_SUPPORTED, 0};

	(void)h;
	if (fid != SRST_RESET)
		return r;
	r.error = srst_check(a[0], a[1]);
	if (r.error)
		return r;
	fw_pmu_trace_dump();
	fw_plat_reset(a[0] != SRST_TYPE_SHUTDOWN, a[1] == SRST_REASON_FAILURE);
	r.error = SBI_ERR_FAILED; /* the device did not act */
	return r;
}
