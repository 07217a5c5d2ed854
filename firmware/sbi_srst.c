/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * SBI System Reset extension (EID "SRST", SBI v3.0 chapter "System Reset
 * Extension") on QEMU virt's sifive,test0 device: shutdown powers off
 * (QEMU exits 0, or 1 when the reason is "system failure"); cold and
 * warm reboot both reset the machine. reset_type and reset_reason are
 * uint32_t: only the low 32 bits of a0/a1 count (sbi_ext_decode.h).
 * Reserved types and reasons, and the platform-specific ones (none is
 * implemented), answer INVALID_PARAM. Returns only on failure.
 */
#include <sbipmu/sbi_ext_decode.h>

#include "platform.h"
#include "pmu_trace.h"
#include "sbi_ext.h"

#define SRST_RESET 0

/*
 * The answer to (reset_type, reset_reason) (SBI v3.0 SRST tables and
 * errors): INVALID_PARAM when "at least one of reset_type or reset_reason
 * is reserved or is platform-specific and unimplemented". We implement
 * the three standard types and the two standard reasons, no SBI- or
 * vendor-specific ones; NOT_SUPPORTED (an implemented type with missing
 * dependencies) never applies.
 */
static long srst_check(enum sbi_srst_type_class type,
		       enum sbi_srst_reason_class reason)
{
	if (reason != SBI_SRST_REASON_NONE && reason != SBI_SRST_REASON_FAILURE)
		return SBI_ERR_INVALID_PARAM;
	switch (type) {
	case SBI_SRST_TYPE_SHUTDOWN:
	case SBI_SRST_TYPE_COLD_REBOOT:
	case SBI_SRST_TYPE_WARM_REBOOT:
		return SBI_SUCCESS;
	default:
		return SBI_ERR_INVALID_PARAM;
	}
}

struct sbiret sbi_srst_ecall(struct fw_hart *h, unsigned long fid,
			     const unsigned long a[6])
{
	struct sbiret r = {SBI_ERR_NOT_SUPPORTED, 0};
	enum sbi_srst_type_class type = sbi_ext_srst_type(a[0]);
	enum sbi_srst_reason_class reason = sbi_ext_srst_reason(a[1]);

	(void)h;
	if (fid != SRST_RESET)
		return r;
	r.error = srst_check(type, reason);
	if (r.error)
		return r;
	fw_pmu_trace_dump();
	fw_plat_reset(type != SBI_SRST_TYPE_SHUTDOWN,
		      reason == SBI_SRST_REASON_FAILURE);
	r.error = SBI_ERR_FAILED; /* the device did not act */
	return r;
}
