/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * SSE on the real hart (see sse_hw.h). The core decides; this file only
 * moves state between the core and the machine:
 *  - regs_read/regs_write: the state the hart resumes in is mepc,
 *    mstatus.MPP/MPV (privilege and virtualisation), sstatus.SIE/SPIE/
 *    SPP, sepc, hstatus.SPV/SPVP and a6/a7 in the trap frame being
 *    handled (h->sse_frame, set before every call into the core that
 *    may deliver or complete). entry.S restores a6/a7 from the frame on
 *    both return paths, so writing the frame is enough.
 *  - kick: an IPI (FW_IPI_SSE) that makes the target look for events on
 *    its way back to S-mode.
 *  - pmu_route: the overflow interrupt (13) stays delegated to S-mode
 *    unless the PMU overflow event is ENABLED or RUNNING on this hart;
 *    then mideleg bit 13 is cleared and mie bit 13 set, so LCOFI traps
 *    here and becomes the SSE event. S-mode's own sie.LCOFIE (mie bit 13
 *    while delegated) is kept aside and put back afterwards.
 * Delivery is not a separate path: every return to S-mode through the
 * dispatcher or the trap handler looks at h->sse_work, which the SSE
 * call itself, the SSE IPI and the overflow interrupt set.
 */
#include <stddef.h>

#include <sbipmu/pmu.h>
#include <sbipmu/sbi_sse_ecall.h>
#include <sbipmu/sse.h>

#include "arch/discover.h"
#include "cpu/csr.h"
#include "ext/ipi.h"
#include "ext/sse_hw.h"
#include "rt/alloc.h"
#include "rt/platform.h"

static struct sse_core sse_hw_core;

/* The trap frame holding @a: entry.S passes &frame->x[10] as a. */
static struct fw_trap_regs *sse_hw_frame(const unsigned long a[6])
{
	return (struct fw_trap_regs *)((uintptr_t)a - FW_TRAP_REG(10));
}

static bool sse_hw_mpv(unsigned long ms)
{
	return fw_feat.h && fw_mstatus_mpv(ms);
}

static void sse_hw_regs_read(void *ctx, struct sse_regs *r)
{
	const struct fw_hart *h = ctx;
	unsigned long ms = csr_read(CSR_MSTATUS);

	r->pc = csr_read(CSR_MEPC);
	r->sepc = csr_read(CSR_SEPC);
	r->a6 = h->sse_frame->x[16];
	r->a7 = h->sse_frame->x[17];
	r->s_mode = ((ms & MSTATUS_MPP) >> MSTATUS_MPP_SHIFT) == PRV_S;
	r->virt = sse_hw_mpv(ms);
	r->sie = (ms & MSTATUS_SIE) != 0;
	r->spie = (ms & MSTATUS_SPIE) != 0;
	r->spp = (ms & MSTATUS_SPP) != 0;
	r->spv = r->spvp = false;
	if (fw_feat.h) {
		unsigned long hs = csr_read(CSR_HSTATUS);

		r->spv = (hs & HSTATUS_SPV) != 0;
		r->spvp = (hs & HSTATUS_SPVP) != 0;
	}
}

/* hstatus.SPV/SPVP and the virtualisation mode the hart resumes in. */
static void sse_hw_write_h(const struct sse_regs *r, unsigned long *ms)
{
	unsigned long hs =
		csr_read(CSR_HSTATUS) & ~(HSTATUS_SPV | HSTATUS_SPVP);

	if (r->spv)
		hs |= HSTATUS_SPV;
	if (r->spvp)
		hs |= HSTATUS_SPVP;
	csr_write(CSR_HSTATUS, hs);
#if __riscv_xlen == 64
	*ms &= ~MSTATUS_MPV;
	if (r->virt)
		*ms |= MSTATUS_MPV;
#else
	(void)ms;
	if (r->virt)
		csr_set(CSR_MSTATUSH, MSTATUSH_MPV);
	else
		csr_clear(CSR_MSTATUSH, MSTATUSH_MPV);
#endif
}

static void sse_hw_regs_write(void *ctx, const struct sse_regs *r)
{
	struct fw_hart *h = ctx;
	unsigned long ms = csr_read(CSR_MSTATUS);

	ms &= ~(MSTATUS_MPP | MSTATUS_SIE | MSTATUS_SPIE | MSTATUS_SPP);
	ms |= (r->s_mode ? PRV_S : PRV_U) << MSTATUS_MPP_SHIFT;
	if (r->sie)
		ms |= MSTATUS_SIE;
	if (r->spie)
		ms |= MSTATUS_SPIE;
	if (r->spp)
		ms |= MSTATUS_SPP;
	if (fw_feat.h)
		sse_hw_write_h(r, &ms);
	csr_write(CSR_MSTATUS, ms);
	csr_write(CSR_MEPC, (unsigned long)r->pc);
	csr_write(CSR_SEPC, (unsigned long)r->sepc);
	h->sse_frame->x[16] = (unsigned long)r->a6;
	h->sse_frame->x[17] = (unsigned long)r->a7;
}

static void sse_hw_kick(void *ctx)
{
	fw_ipi_send(ctx, FW_IPI_SSE);
}

static void sse_hw_pmu_route(void *ctx, bool to_sse, bool repost)
{
	struct fw_hart *h = ctx;

	if (to_sse) {
		h->sse_lcofie = (csr_read(CSR_MIE) & MIP_LCOFIP) != 0;
		csr_clear(CSR_MIDELEG, MIP_LCOFIP);
		csr_set(CSR_MIE, MIP_LCOFIP);
		return;
	}
	csr_clear(CSR_MIE, MIP_LCOFIP);
	csr_set(CSR_MIDELEG, MIP_LCOFIP);
	if (h->sse_lcofie)
		csr_set(CSR_MIE, MIP_LCOFIP);
	/* An overflow SSE recorded but did not deliver: S-mode's now. */
	if (repost)
		csr_set(CSR_MIP, MIP_LCOFIP);
}

static const struct sse_hal_ops sse_hw_ops = {
	.regs_read = sse_hw_regs_read,
	.regs_write = sse_hw_regs_write,
	.kick = sse_hw_kick,
	.pmu_route = sse_hw_pmu_route,
};

/*
 * Every hart of the table gets its SSE state from the boot heap; the
 * core finds it through the platform's hart_find (ext/core_plat.c).
 */
int fw_sse_setup(bool pmu_overflow, const struct sse_platform_ops *plat)
{
	const struct sse_hw_desc hw = {
		.xlen = __riscv_xlen,
		.pmu_overflow = pmu_overflow,
		.h_ext = fw_feat.h,
	};
	unsigned int i, n = fw_hart_count();
	int rc = sse_core_init(&sse_hw_core, &hw, &sse_hw_ops, plat, NULL);

	for (i = 0; i < n && !rc; i++) {
		struct fw_hart *h = fw_hart_at(i);

		h->sse_mem = fw_alloc(sizeof(*h->sse_mem));
		rc = h->sse_mem ? sse_hart_add(&sse_hw_core, h->sse_mem,
					       h->hartid, h)
				: SBI_ERR_NO_SHMEM;
	}
	/* All or nothing: the harts see SSE only once every one has it. */
	for (i = 0; i < n && !rc; i++)
		fw_hart_at(i)->sse = fw_hart_at(i)->sse_mem;
	return rc;
}

bool fw_sse_pmu_event(void)
{
	return sse_hw_core.hw.pmu_overflow;
}

struct sbiret fw_sse_ecall(struct fw_hart *h, unsigned long fid,
			   const unsigned long a[6])
{
	struct sbiret r = {SBI_ERR_NOT_SUPPORTED, 0};
	bool resumed;

	if (!h->sse)
		return r;
	h->sse_frame = sse_hw_frame(a);
	r = sbi_sse_ecall(h->sse, fid, a, &resumed);
	h->sse_resumed = resumed;
	/* Whatever the call did may have made an event due. */
	h->sse_work = true;
	return r;
}

struct sbiret fw_sse_ecall_exit(struct fw_hart *h, const unsigned long a[6],
				struct sbiret ret)
{
	if (h->sse_resumed) {
		/* The hart resumes elsewhere, its a0/a1 as S-mode left them. */
		h->sse_resumed = false;
		ret.error = (long)a[0];
		ret.value = a[1];
	}
	fw_sse_trap_exit(h, sse_hw_frame(a));
	return ret;
}

void fw_sse_trap_exit(struct fw_hart *h, struct fw_trap_regs *regs)
{
	h->sse_work = false;
	if (!h->sse)
		return;
	h->sse_frame = regs;
	sse_hart_deliver(h->sse);
}

void fw_sse_lcofi(struct fw_hart *h)
{
	/* Routed here only by SSE, which exists only with the PMU. */
	if (!h->pmu || !h->sse) {
		csr_clear(CSR_MIE, MIP_LCOFIP);
		return;
	}
	pmu_overflow_irq(h->pmu);
}

void fw_sse_pmu_overflow(void)
{
	struct fw_hart *h = fw_hart_self();

	if (h->sse && sse_pmu_overflow(h->sse))
		h->sse_work = true;
}

void fw_sse_hart_reset(struct fw_hart *h)
{
	if (h->sse)
		sse_hart_reset(h->sse);
	h->sse_work = false;
	h->sse_resumed = false;
}
