// SPDX-License-Identifier: BSD-2-Clause
/*
 * The SBI dispatcher: the only place an extension ID is decoded. It
 * counts the call, routes it to the extension's handler, and applies the
 * single backstop of the error policy: any error code outside the SBI
 * v3.0 table becomes SBI_ERR_FAILED, and value is 0 whenever error is not
 * SBI_SUCCESS. Legacy v0.1 extensions (EIDs 0x00-0x0F) and unknown EIDs
 * answer SBI_ERR_NOT_SUPPORTED. The PMU case comes first: Linux makes PMU
 * calls on every context switch.
 */
#include <sbipmu/pmu.h>
#include <sbipmu/pmu_spec.h>

#include "csr.h"
#include "hart.h"
#include "sbi_ext.h"

static sbi_ext_fn ecall_lookup(unsigned long eid)
{
	switch (eid) {
	case SBI_EXT_PMU:
		return sbi_pmu_fw_ecall;
	case SBI_EXT_BASE:
		return sbi_base_ecall;
	case SBI_EXT_TIME:
		return sbi_time_ecall;
	case SBI_EXT_IPI:
		return sbi_ipi_ecall;
	case SBI_EXT_RFENCE:
		return sbi_rfence_ecall;
	case SBI_EXT_HSM:
		return sbi_hsm_ecall;
	case SBI_EXT_SRST:
		return sbi_srst_ecall;
	case SBI_EXT_DBCN:
		return sbi_dbcn_ecall;
	default:
		return NULL;
	}
}

bool sbi_ecall_probe(unsigned long eid)
{
	if (eid == SBI_EXT_PMU)
		return fw_hart_self()->pmu != NULL;
	return ecall_lookup(eid) != NULL;
}

void sbi_ecall_handle(struct fw_trap_regs *regs, struct fw_hart *h)
{
	sbi_ext_fn fn = ecall_lookup(regs->x[FW_REG_A7]);
	struct sbiret ret = {SBI_ERR_NOT_SUPPORTED, 0};

	pmu_fw_event(h->pmu, SBIPMU_FW_M_TRAP);
	pmu_fw_event(h->pmu, SBIPMU_FW_ECALL);
	/* Step over the ecall first: HSM may redirect mepc. */
	csr_write(CSR_MEPC, csr_read(CSR_MEPC) + 4);
	if (fn)
		ret = fn(h, regs->x[FW_REG_A6], &regs->x[FW_REG_A0]);
	if (!sbi_error_is_defined(ret.error))
		ret.error = SBI_ERR_FAILED;
	if (ret.error != SBI_SUCCESS)
		ret.value = 0;
	regs->x[FW_REG_A0] = (unsigned long)ret.error;
	regs->x[FW_REG_A1] = ret.value;
}

int sbi_hartmask_decode(unsigned long mask, unsigned long base,
			unsigned long *set)
{
	unsigned long out = 0;
	unsigned int i;

	if (base == ~0UL) { /* "all available harts" */
		*set = fw_hart_present_mask();
		return SBI_SUCCESS;
	}
	for (i = 0; i < __riscv_xlen; i++) {
		unsigned long id;

		if (!(mask & (1UL << i)))
			continue;
		if (__builtin_add_overflow(base, i, &id) || !fw_hart_get(id))
			return SBI_ERR_INVALID_PARAM;
		out |= 1UL << id;
	}
	*set = out;
	return SBI_SUCCESS;
}
