/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The uint32_t parameters of HSM hart_suspend and SRST system_reset,
 * narrowed to their low 32 bits and sorted into the rows of the spec's
 * tables (see sbi_ext_decode.h). Nothing here knows which platform
 * types a firmware implements.
 */
#include <stdbool.h>

#include <sbipmu/sbi_ext_decode.h>

#define HSM_SUSPEND_NONRET_BIT	 0x80000000u
#define HSM_SUSPEND_PLATFORM_MIN 0x10000000u /* within each half */
#define SRST_TYPE_VENDOR_MIN	 0xF0000000u
#define SRST_REASON_SBI_MIN	 0xE0000000u
#define SRST_REASON_VENDOR_MIN	 0xF0000000u

enum sbi_hsm_suspend_class sbi_ext_hsm_suspend_type(unsigned long a0)
{
	uint32_t type = sbi_ext_arg_u32(a0);
	uint32_t low = type & ~HSM_SUSPEND_NONRET_BIT;
	bool nonret = (type & HSM_SUSPEND_NONRET_BIT) != 0;

	if (low == 0)
		return nonret ? SBI_HSM_SUSPEND_NONRET_DEFAULT
			      : SBI_HSM_SUSPEND_RET_DEFAULT;
	if (low < HSM_SUSPEND_PLATFORM_MIN)
		return SBI_HSM_SUSPEND_RESERVED;
	return nonret ? SBI_HSM_SUSPEND_NONRET_PLATFORM
		      : SBI_HSM_SUSPEND_RET_PLATFORM;
}

enum sbi_srst_type_class sbi_ext_srst_type(unsigned long a0)
{
	uint32_t type = sbi_ext_arg_u32(a0);

	switch (type) {
	case 0:
		return SBI_SRST_TYPE_SHUTDOWN;
	case 1:
		return SBI_SRST_TYPE_COLD_REBOOT;
	case 2:
		return SBI_SRST_TYPE_WARM_REBOOT;
	default:
		return type >= SRST_TYPE_VENDOR_MIN ? SBI_SRST_TYPE_VENDOR
						    : SBI_SRST_TYPE_RESERVED;
	}
}

enum sbi_srst_reason_class sbi_ext_srst_reason(unsigned long a1)
{
	uint32_t reason = sbi_ext_arg_u32(a1);

	if (reason == 0)
		return SBI_SRST_REASON_NONE;
	if (reason == 1)
		return SBI_SRST_REASON_FAILURE;
	if (reason >= SRST_REASON_VENDOR_MIN)
		return SBI_SRST_REASON_VENDOR;
	if (reason >= SRST_REASON_SBI_MIN)
		return SBI_SRST_REASON_SBI_IMPL;
	return SBI_SRST_REASON_RESERVED;
}
