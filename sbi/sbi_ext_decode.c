/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The uint32_t parameters of HSM hart_suspend and SRST system_reset,
 * narrowed to their low 32 bits and sorted into the rows of the spec's
 * tables (see sbi_ext_decode.h). Nothing here knows which platform
 * types a firmware implements.
 */
#include <stdbool.h>

#include <sbipmu/sbi_ext_decode.h>
#include <sbipmu/sbi_spec.h>

enum sbi_hsm_suspend_class sbi_ext_hsm_suspend_type(unsigned long a0)
{
	uint32_t type = sbi_ext_arg_u32(a0);
	/* Bit 31 (the default non-retentive type) makes any type so. */
	uint32_t nonret_bit = SBI_HSM_SUSPEND_TYPE_NON_RETENTIVE;
	uint32_t low = type & ~nonret_bit;
	bool nonret = (type & nonret_bit) != 0;

	if (low == SBI_HSM_SUSPEND_TYPE_RETENTIVE)
		return nonret ? SBI_HSM_SUSPEND_NONRET_DEFAULT
			      : SBI_HSM_SUSPEND_RET_DEFAULT;
	if (low < SBI_HSM_SUSPEND_TYPE_PLATFORM_FIRST)
		return SBI_HSM_SUSPEND_RESERVED;
	return nonret ? SBI_HSM_SUSPEND_NONRET_PLATFORM
		      : SBI_HSM_SUSPEND_RET_PLATFORM;
}

enum sbi_srst_type_class sbi_ext_srst_type(unsigned long a0)
{
	uint32_t type = sbi_ext_arg_u32(a0);

	switch (type) {
	case SBI_SRST_RESET_TYPE_SHUTDOWN:
		return SBI_SRST_TYPE_SHUTDOWN;
	case SBI_SRST_RESET_TYPE_COLD_REBOOT:
		return SBI_SRST_TYPE_COLD_REBOOT;
	case SBI_SRST_RESET_TYPE_WARM_REBOOT:
		return SBI_SRST_TYPE_WARM_REBOOT;
	default:
		return type >= SBI_SRST_RESET_TYPE_VENDOR_FIRST
			       ? SBI_SRST_TYPE_VENDOR
			       : SBI_SRST_TYPE_RESERVED;
	}
}

enum sbi_srst_reason_class sbi_ext_srst_reason(unsigned long a1)
{
	uint32_t reason = sbi_ext_arg_u32(a1);

	if (reason == SBI_SRST_RESET_REASON_NONE)
		return SBI_SRST_REASON_NONE;
	if (reason == SBI_SRST_RESET_REASON_SYSTEM_FAILURE)
		return SBI_SRST_REASON_FAILURE;
	if (reason >= SBI_SRST_RESET_REASON_VENDOR_FIRST)
		return SBI_SRST_REASON_VENDOR;
	if (reason >= SBI_SRST_RESET_REASON_SBI_FIRST)
		return SBI_SRST_REASON_SBI_IMPL;
	return SBI_SRST_REASON_RESERVED;
}
