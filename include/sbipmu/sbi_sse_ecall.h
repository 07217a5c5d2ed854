/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The SBI SSE ecall decoder: the only code that reads the argument
 * registers of an SSE call. It narrows the 32-bit arguments (event_id,
 * attribute IDs and counts) and the XLEN ones, joins the shared-memory
 * address halves, calls the typed core function and shapes the result
 * (error, value 0) with the same backstop as the PMU decoder.
 */
#ifndef SBIPMU_SBI_SSE_ECALL_H
#define SBIPMU_SBI_SSE_ECALL_H

#include "sse.h"

/*
 * Handle SSE function @fid with arguments a0..a5 (@a, as the registers
 * held them). *@resumed is set when COMPLETE made the hart resume an
 * interrupted context: the caller must then leave a0/a1 as they are
 * (the returned struct sbiret is meaningless).
 */
struct sbiret sbi_sse_ecall(struct sse_hart *h, unsigned long fid,
			    const unsigned long a[6], bool *resumed);

#endif
