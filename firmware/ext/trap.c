/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The trap dispatcher for everything but SBI calls (see trap.h). Each
 * firmware event of docs/facts.md F4.1 is counted here, before the trap is
 * handled: misaligned and access-fault traps, illegal instructions, and
 * our own M_TRAP / TIMER_IRQ. What the firmware does not handle itself
 * goes to S-mode exactly as a delegated trap would; an SSE event that
 * became due (an SSE IPI, a counter overflow SSE takes) is delivered on
 * the way back.
 */
#include <sbipmu/pmu.h>

#include "arch/discover.h"
#include "arch/fault.h"
#include "cpu/csr.h"
#include "cpu/unpriv.h"
#include "dev/dev.h"
#include "ext/ipi.h"
#include "ext/sbi_ext.h"
#include "ext/sse_hw.h"
#include "ext/trap.h"
#include "rt/console.h"
#include "rt/platform.h"

#include "arch/redirect.h"
/* csrr rd, time (or timeh): emulate if S-mode may read time but can't. */
static bool trap_emulate_time(struct fw_trap_regs *regs, unsigned long insn)
{
	unsigned long prev =
		(csr_read(CSR_MSTATUS) & MSTATUS_MPP) >> MSTATUS_MPP_SHIFT;
	unsigned int rd = (insn >> 7) & 31;
	uint64_t t;

	if ((insn & ~(31UL << 7)) == 0xC0102073UL)
		t = fw_dev_time();
#if __riscv_xlen == 32
	else if ((insn & ~(31UL << 7)) == 0xC8102073UL)
		t = fw_dev_time() >> 32;
#endif
	else
		return false;
	/* A U-mode read is S-mode's to allow (scounteren.TM), not ours. */
	if (prev != PRV_S && !(csr_read(CSR_SCOUNTEREN) & MCOUNTEREN_TM))
		return false;
	if (rd)
		regs->x[rd] = (unsigned long)t;
	csr_write(CSR_MEPC, csr_read(CSR_MEPC) + 4);
	return true;
}

static void trap_illegal(struct fw_trap_regs *regs, unsigned long tval)
{
	unsigned long insn = tval;
	struct fw_unpriv_fault f;

	if (!insn) { /* mtval may not hold the instruction: fetch it */
		uint32_t bits;
		unsigned int len;

		if (!fw_unpriv_fetch_insn(csr_read(CSR_MEPC), &bits, &len,
					  &f)) {
			fw_trap_redirect(f.cause, f.tval);
			return;
		}
		insn = bits;
	}
	if (!trap_emulate_time(regs, insn))
		fw_trap_redirect(CAUSE_ILLEGAL_INSN, tval);
}

static void trap_interrupt(struct fw_hart *h, unsigned long irq)
{
	/* The doorbell: MSIP, or an IMSIC file's external interrupt. */
	if (irq == fw_dev_ipi_irq(h)) {
		fw_ipi_handle(h);
		return;
	}
	switch (irq) {
	case IRQ_M_TIMER:
		pmu_fw_event(h->pmu, SBIPMU_FW_TIMER_IRQ);
		fw_ext_time_irq(h);
		break;
	case IRQ_LCOF: /* not delegated while SSE takes it (sse_hw.c) */
		fw_sse_lcofi(h);
		break;
	default:
		/* Not enabled by us; disable it so it cannot storm. */
		if (irq < __riscv_xlen)
			csr_clear(CSR_MIE, 1UL << irq);
		break;
	}
}

static void trap_exception(struct fw_trap_regs *regs, struct fw_hart *h,
			   unsigned long cause)
{
	unsigned long tval = csr_read(CSR_MTVAL);

	switch (cause) {
	case CAUSE_MISALIGNED_LOAD:
		pmu_fw_event(h->pmu, SBI_PMU_FW_MISALIGNED_LOAD);
		fw_misaligned(regs, cause, tval);
		break;
	case CAUSE_MISALIGNED_STORE:
		pmu_fw_event(h->pmu, SBI_PMU_FW_MISALIGNED_STORE);
		fw_misaligned(regs, cause, tval);
		break;
	case CAUSE_ILLEGAL_INSN:
		pmu_fw_event(h->pmu, SBI_PMU_FW_ILLEGAL_INSN);
		trap_illegal(regs, tval);
		break;
	case CAUSE_LOAD_ACCESS:
		pmu_fw_event(h->pmu, SBI_PMU_FW_ACCESS_LOAD);
		fw_trap_redirect(cause, tval);
		break;
	case CAUSE_STORE_ACCESS:
		pmu_fw_event(h->pmu, SBI_PMU_FW_ACCESS_STORE);
		fw_trap_redirect(cause, tval);
		break;
	default:
		fw_trap_redirect(cause, tval);
		break;
	}
}

void fw_trap_handle(struct fw_trap_regs *regs, struct fw_hart *h)
{
	unsigned long mcause = csr_read(CSR_MCAUSE);
	unsigned long prev =
		(csr_read(CSR_MSTATUS) & MSTATUS_MPP) >> MSTATUS_MPP_SHIFT;

	/* Not from S/U: a fault of the firmware itself (@h may be NULL). */
	if (prev == PRV_M)
		fw_fault_trap(regs);
	pmu_fw_event(h->pmu, SBIPMU_FW_M_TRAP);
	if (mcause & MCAUSE_IRQ)
		trap_interrupt(h, mcause & ~MCAUSE_IRQ);
	else
		trap_exception(regs, h, mcause);
	if (h->sse_work)
		fw_sse_trap_exit(h, regs);
}
