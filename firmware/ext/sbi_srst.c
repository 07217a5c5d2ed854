/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * SBI System Reset extension (EID "SRST", SBI v3.0 chapter "System Reset
 * Extension") on the reset devices the tree names (dev/dev.h): offered
 * only when there is one. A standard type no device does answers
 * NOT_SUPPORTED ("reset_type is valid but not implemented"); on QEMU's
 * sifive,test shutdown exits 0, or 1 when the reason is "system
 * failure". reset_type and reset_reason are uint32_t: only the low 32
 * bits of a0/a1 count (sbi_ext_decode.h). Reserved types and reasons,
 * and the platform-specific ones (none is implemented), answer
 * INVALID_PARAM. After a request the device took, the hart waits for the
 * machine to go (QEMU acts asynchronously: returning at once made Linux
 * print "SBI shutdown failed!" in 1 boot in 7 on QEMU 10); FAILED only
 * if it is still running a second later.
 */
#include <sbipmu/sbi_ext_decode.h>

#include "dev/dev.h"
#include "ext/pmu_trace.h"
#include "ext/sbi_ext.h"

/* How long a reset request may take before the call says FAILED. */
#define SRST_WAIT_US 1000000U

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
		return fw_dev_reset_can(type) ? SBI_SUCCESS
					      : SBI_ERR_NOT_SUPPORTED;
	default:
		return SBI_ERR_INVALID_PARAM;
	}
}

long fw_ext_srst_request(enum sbi_srst_type_class type,
			 enum sbi_srst_reason_class reason)
{
	long err = srst_check(type, reason);

	if (err)
		return err;
	fw_pmu_trace_dump();
	if (fw_dev_reset(type, reason == SBI_SRST_REASON_FAILURE))
		fw_dev_udelay(SRST_WAIT_US);
	return SBI_ERR_FAILED; /* the device did not act */
}

struct sbiret fw_ext_srst_ecall(struct fw_hart *h, unsigned long fid,
				const unsigned long a[6])
{
	struct sbiret r = {SBI_ERR_NOT_SUPPORTED, 0};
	enum sbi_srst_type_class type = sbi_ext_srst_type(a[0]);
	enum sbi_srst_reason_class reason = sbi_ext_srst_reason(a[1]);

	(void)h;
	if (fid != SBI_EXT_SRST_SYSTEM_RESET)
		return r;
	r.error = fw_ext_srst_request(type, reason);
	return r;
}
