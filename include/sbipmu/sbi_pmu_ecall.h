/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The SBI PMU ecall decoder: the only code that reads the argument
 * registers of a PMU call. It joins RV32 register halves, narrows to XLEN,
 * calls the typed core function, and splits the result back into
 * (error, value). A single backstop turns any code the core should never
 * produce into SBI_ERR_FAILED; value is always defined (0 on error).
 */
#ifndef SBIPMU_SBI_PMU_ECALL_H
#define SBIPMU_SBI_PMU_ECALL_H

#include "pmu.h"

/*
 * Handle PMU function @fid with arguments a0..a5 (@a, as the registers
 * held them). The XLEN comes from the core's hardware description, so
 * the same code serves RV32 and RV64 (and tests both on the host).
 */
struct sbiret sbi_pmu_ecall(struct pmu_hart *h, unsigned long fid,
			    const unsigned long a[6]);

#endif
