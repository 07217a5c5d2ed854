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

#include "console.h"
#include "csr.h"
#include "dev.h"
#include "discover.h"
#include "fault.h"
#include "ipi.h"
#include "platform.h"
#include "sbi_ext.h"
#include "sse_hw.h"
#include "trap.h"
#include "unpriv.h"

/* The trap came from a guest (V=1). */
static bool trap_from_guest(unsigned long ms)
{
	return fw_feat.h && fw_mstatus_mpv(ms);
}

/* mret then returns to V=0: the hypervisor (HS-mode) takes the trap. */
static void trap_leave_guest(unsigned long *ms)
{
#if __riscv_xlen == 64
	*ms &= ~MSTATUS_MPV;
#else
	(void)ms;
	csr_clear(CSR_MSTATUSH, MSTATUSH_MPV);
#endif
}

/* Causes whose tval is a (guest) virtual address: hstatus.GVA. */
static bool trap_tval_is_address(unsigned long cause)
{
	switch (cause) {
	case CAUSE_MISALIGNED_FETCH:
	case CAUSE_FETCH_ACCESS:
	case CAUSE_MISALIGNED_LOAD:
	case CAUSE_LOAD_ACCESS:
	case CAUSE_MISALIGNED_STORE:
	case CAUSE_STORE_ACCESS:
	case CAUSE_FETCH_PAGE_FAULT:
	case CAUSE_LOAD_PAGE_FAULT:
	case CAUSE_STORE_PAGE_FAULT:
		return true;
	default:
		return false;
	}
}

/*
 * Status register @status (sstatus's bits of mstatus, or vsstatus) as a
 * trap into that S-mode from privilege @prev leaves it: SPP = @prev,
 * SPIE <- SIE, SIE 0.
 */
static unsigned long trap_enter_s(unsigned long status, unsigned long prev)
{
	unsigned long s = status & ~(MSTATUS_SPP | MSTATUS_SPIE | MSTATUS_SIE);

	if (prev == PRV_S)
		s |= MSTATUS_SPP;
	if (status & MSTATUS_SIE)
		s |= MSTATUS_SPIE;
	return s;
}

/*
 * A guest's trap that the hypervisor delegated (hedeleg) goes to
 * VS-mode: the vs* CSRs and vsstatus take what a trap into the guest's
 * S-mode would leave, and the hart stays virtualised.
 */
static void trap_redirect_to_vs(unsigned long prev, unsigned long cause,
				unsigned long tval)
{
	unsigned long ms = csr_read(CSR_MSTATUS);

	csr_write(CSR_VSEPC, csr_read(CSR_MEPC));
	csr_write(CSR_VSCAUSE, cause);
	csr_write(CSR_VSTVAL, tval);
	csr_write(CSR_VSSTATUS, trap_enter_s(csr_read(CSR_VSSTATUS), prev));
	ms = (ms & ~MSTATUS_MPP) | PRV_S << MSTATUS_MPP_SHIFT;
	csr_write(CSR_MSTATUS, ms);
	csr_write(CSR_MEPC, csr_read(CSR_VSTVEC) & ~3UL);
}

/*
 * A guest's trap the hypervisor did not delegate goes to HS-mode as
 * the hardware would send it there: hstatus.SPV/SPVP say which guest
 * mode trapped, GVA whether stval is a guest virtual address, and
 * htval/htinst are 0 (no guest physical address, no transformed
 * instruction). Without this, mret would enter the hypervisor's stvec
 * still virtualised (kvm-check's conformance run in a KVM guest found
 * it: a misaligned LR.W from the guest).
 */
static void trap_hs_from_guest(unsigned long prev, unsigned long cause,
			       unsigned long *ms)
{
	unsigned long hs = csr_read(CSR_HSTATUS) &
			   ~(HSTATUS_SPV | HSTATUS_SPVP | HSTATUS_GVA);

	hs |= HSTATUS_SPV;
	if (prev == PRV_S)
		hs |= HSTATUS_SPVP;
	if (trap_tval_is_address(cause))
		hs |= HSTATUS_GVA;
	csr_write(CSR_HSTATUS, hs);
	csr_write(CSR_HTVAL, 0);
	csr_write(CSR_HTINST, 0);
	trap_leave_guest(ms);
}

void fw_trap_redirect(unsigned long cause, unsigned long tval)
{
	unsigned long ms = csr_read(CSR_MSTATUS);
	unsigned long prev = (ms & MSTATUS_MPP) >> MSTATUS_MPP_SHIFT;
	bool guest = trap_from_guest(ms);

	if (guest && (csr_read(CSR_HEDELEG) >> cause & 1)) {
		trap_redirect_to_vs(prev, cause, tval);
		return;
	}
	csr_write(CSR_SEPC, csr_read(CSR_MEPC));
	csr_write(CSR_SCAUSE, cause);
	csr_write(CSR_STVAL, tval);
	ms = (trap_enter_s(ms, prev) & ~MSTATUS_MPP) |
	     PRV_S << MSTATUS_MPP_SHIFT;
	if (guest)
		trap_hs_from_guest(prev, cause, &ms);
	csr_write(CSR_MSTATUS, ms);
	/* Exceptions always enter at the stvec base, vectored or not. */
	csr_write(CSR_MEPC, csr_read(CSR_STVEC) & ~3UL);
}

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
	switch (irq) {
	case IRQ_M_SOFT:
		fw_ipi_handle(h);
		break;
	case IRQ_M_TIMER:
		pmu_fw_event(h->pmu, SBIPMU_FW_TIMER_IRQ);
		sbi_time_irq(h);
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
