/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Forwarding ("redirecting") a trap to S-mode, or to VS-mode when it
 * came from a guest and the hypervisor delegated it, as if the hardware
 * had delegated it: sepc/scause/stval/sstatus (or their VS copies and
 * the H extension's htval/htinst and hstatus) set as the hardware
 * would, and the mret landing on the handler (see redirect.h). Used by
 * the trap router (ext/trap.c), the misaligned emulation and the legacy
 * calls' faults.
 */
#include "arch/discover.h"
#include "arch/redirect.h"
#include "cpu/csr.h"

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
