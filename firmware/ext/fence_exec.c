/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Remote fences performed on this hart: the fence instructions for each
 * request kind (SBI v3.0 chapter "RFENCE Extension"), and the
 * *_RECEIVED firmware event, counted on the hart that performs it, the
 * caller included (docs/facts.md F4.4). Which requests a hart owes is
 * rt/fence.c's. Called from the IPI mailbox (ipi.c) for requests other
 * harts posted, and from sbi_rfence.c when the caller is a target too,
 * so neither of those two calls the other's receiving side.
 */
#include <sbipmu/pmu.h>
#include <sbipmu/sbi_spec.h>

#include "cpu/csr.h"
#include "ext/fence_exec.h"
#include "machine/machine.h"

static const struct {
	unsigned short sent, received;
} fence_events[SBI_EXT_RFENCE_FID_COUNT] = {
	[SBI_EXT_RFENCE_REMOTE_FENCE_I] = {SBI_PMU_FW_FENCE_I_SENT,
					   SBI_PMU_FW_FENCE_I_RECEIVED},
	[SBI_EXT_RFENCE_REMOTE_SFENCE_VMA] = {SBI_PMU_FW_SFENCE_VMA_SENT,
					      SBI_PMU_FW_SFENCE_VMA_RECEIVED},
	[SBI_EXT_RFENCE_REMOTE_SFENCE_VMA_ASID] =
		{SBI_PMU_FW_SFENCE_VMA_ASID_SENT,
		 SBI_PMU_FW_SFENCE_VMA_ASID_RECEIVED},
	[SBI_EXT_RFENCE_REMOTE_HFENCE_GVMA_VMID] =
		{SBI_PMU_FW_HFENCE_GVMA_VMID_SENT,
		 SBI_PMU_FW_HFENCE_GVMA_VMID_RECEIVED},
	[SBI_EXT_RFENCE_REMOTE_HFENCE_GVMA] = {SBI_PMU_FW_HFENCE_GVMA_SENT,
					       SBI_PMU_FW_HFENCE_GVMA_RECEIVED},
	[SBI_EXT_RFENCE_REMOTE_HFENCE_VVMA_ASID] =
		{SBI_PMU_FW_HFENCE_VVMA_ASID_SENT,
		 SBI_PMU_FW_HFENCE_VVMA_ASID_RECEIVED},
	[SBI_EXT_RFENCE_REMOTE_HFENCE_VVMA] = {SBI_PMU_FW_HFENCE_VVMA_SENT,
					       SBI_PMU_FW_HFENCE_VVMA_RECEIVED},
};

static void fence_sfence(const struct fw_fence *f, bool asid)
{
	unsigned long a, i, n;

	if (fw_fence_full(f) || fw_machine->sfence_full_flush) {
		if (asid)
			fw_sfence_vma_all_asid(f->asid);
		else
			fw_sfence_vma_all();
		return;
	}
	n = fw_fence_pages(f);
	for (i = 0, a = fw_fence_first_page(f); i < n; i++, a += FW_FENCE_PAGE)
		if (asid)
			fw_sfence_vma_asid(a, f->asid);
		else
			fw_sfence_vma_addr(a);
}

static void fence_hfence_gvma(const struct fw_fence *f, bool vmid)
{
	unsigned long a, i, n;

	/* No per-address form for "all VMIDs": flush everything. */
	if (!vmid || fw_fence_full(f)) {
		if (vmid)
			fw_hfence_gvma_vmid(f->asid);
		else
			fw_hfence_gvma_all();
		return;
	}
	n = fw_fence_pages(f);
	for (i = 0, a = fw_fence_first_page(f); i < n; i++, a += FW_FENCE_PAGE)
		fw_hfence_gvma_addr(a >> 2, f->asid);
}

/* HFENCE.VVMA acts on the VMID in hgatp: borrow the caller's. */
static void fence_hfence_vvma(const struct fw_fence *f, bool asid)
{
	unsigned long saved = csr_read(CSR_HGATP);
	unsigned long a, i, n = fw_fence_pages(f);

	csr_write(CSR_HGATP, (saved & ~HGATP_VMID_MASK) | f->vmid);
	if (fw_fence_full(f)) {
		if (asid)
			fw_hfence_vvma_asid(f->asid);
		else
			fw_hfence_vvma_all();
	} else {
		for (i = 0, a = fw_fence_first_page(f); i < n;
		     i++, a += FW_FENCE_PAGE)
			if (asid)
				fw_hfence_vvma_addr_asid(a, f->asid);
			else
				fw_hfence_vvma_addr(a);
	}
	csr_write(CSR_HGATP, saved);
}

void fw_fence_execute(struct fw_hart *self, const struct fw_fence *f)
{
	switch (f->kind) {
	case SBI_EXT_RFENCE_REMOTE_FENCE_I:
		fw_fence_i();
		break;
	case SBI_EXT_RFENCE_REMOTE_SFENCE_VMA:
	case SBI_EXT_RFENCE_REMOTE_SFENCE_VMA_ASID:
		fence_sfence(f,
			     f->kind == SBI_EXT_RFENCE_REMOTE_SFENCE_VMA_ASID);
		break;
	case SBI_EXT_RFENCE_REMOTE_HFENCE_GVMA_VMID:
	case SBI_EXT_RFENCE_REMOTE_HFENCE_GVMA:
		fence_hfence_gvma(
			f, f->kind == SBI_EXT_RFENCE_REMOTE_HFENCE_GVMA_VMID);
		break;
	default:
		fence_hfence_vvma(
			f, f->kind == SBI_EXT_RFENCE_REMOTE_HFENCE_VVMA_ASID);
		break;
	}
	pmu_fw_event(self->pmu, fence_events[f->kind].received);
}

void fw_fence_execute_owed(struct fw_hart *self)
{
	struct fw_fence_cursor cursor = {0, 0};
	struct fw_hart *from;

	while ((from = fw_fence_take(self, &cursor))) {
		fw_fence_execute(self, &from->fence);
		fw_fence_ack(from);
	}
}

unsigned int fw_fence_sent_event(unsigned int kind)
{
	return fence_events[kind].sent;
}
