/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Argument decoding for the SBI extensions a firmware implements beside
 * the PMU whose parameters the spec types uint32_t: HSM hart_suspend's
 * suspend_type and SRST system_reset's reset_type and reset_reason. Pure
 * functions from the argument register to the class of value its table
 * defines, so they are unit-tested on the host like the PMU decoder; the
 * firmware decides what each class does. SBI v3.0 "Binary Encoding": "In
 * case the data is defined as 32bit wide, higher privilege software must
 * ensure that it only uses 32 bit data" -- only the low 32 bits of the
 * register count. A caller's ABI may leave anything above them: RV64
 * sign-extends 32-bit values, so a uint32_t 0x80000000 can arrive as
 * 0xFFFFFFFF80000000.
 */
#ifndef SBIPMU_SBI_EXT_DECODE_H
#define SBIPMU_SBI_EXT_DECODE_H

#include <stdint.h>

/* A uint32_t parameter from its register: the low 32 bits. */
static inline uint32_t sbi_ext_arg_u32(unsigned long reg)
{
	return (uint32_t)reg;
}

/* The rows of table "HSM Hart Suspend Types" (values: sbi_spec.h). */
enum sbi_hsm_suspend_class {
	SBI_HSM_SUSPEND_RET_DEFAULT,	 /* 0x00000000 */
	SBI_HSM_SUSPEND_NONRET_DEFAULT,	 /* 0x80000000 */
	SBI_HSM_SUSPEND_RESERVED,	 /* 0x00000001-0x0FFFFFFF,
					    0x80000001-0x8FFFFFFF */
	SBI_HSM_SUSPEND_RET_PLATFORM,	 /* 0x10000000-0x7FFFFFFF */
	SBI_HSM_SUSPEND_NONRET_PLATFORM, /* 0x90000000-0xFFFFFFFF */
};

/* The rows of table "SRST System Reset Types" (values: sbi_spec.h). */
enum sbi_srst_type_class {
	SBI_SRST_TYPE_SHUTDOWN,	   /* 0x00000000 */
	SBI_SRST_TYPE_COLD_REBOOT, /* 0x00000001 */
	SBI_SRST_TYPE_WARM_REBOOT, /* 0x00000002 */
	SBI_SRST_TYPE_RESERVED,	   /* 0x00000003-0xEFFFFFFF */
	SBI_SRST_TYPE_VENDOR,	   /* 0xF0000000-0xFFFFFFFF */
};

/* The rows of table "SRST System Reset Reasons" (values: sbi_spec.h). */
enum sbi_srst_reason_class {
	SBI_SRST_REASON_NONE,	  /* 0x00000000 */
	SBI_SRST_REASON_FAILURE,  /* 0x00000001 */
	SBI_SRST_REASON_RESERVED, /* 0x00000002-0xDFFFFFFF */
	SBI_SRST_REASON_SBI_IMPL, /* 0xE0000000-0xEFFFFFFF */
	SBI_SRST_REASON_VENDOR,	  /* 0xF0000000-0xFFFFFFFF */
};

/* suspend_type from hart_suspend's a0. */
enum sbi_hsm_suspend_class sbi_ext_hsm_suspend_type(unsigned long a0);

/* reset_type from system_reset's a0, reset_reason from its a1. */
enum sbi_srst_type_class sbi_ext_srst_type(unsigned long a0);
enum sbi_srst_reason_class sbi_ext_srst_reason(unsigned long a1);

#endif
