/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * SBI RFENCE extension (EID "RFNC", SBI v3.0 chapter "RFENCE
 * Extension"): the hardware half. Who owes which request, and when the
 * caller may return, is rt/fence.c's (host-tested); here the caller
 * rings each other target and waits until all acknowledged, handling
 * requests aimed at itself meanwhile (two harts fencing each other
 * cannot deadlock), and every hart performs the fence instructions.
 * The calling hart, if targeted, fences locally. HFENCE functions exist
 * only with the H extension.
 * *_SENT counts once per request (one SBI call naming at least one hart),
 * *_RECEIVED once per fence performed, on the hart performing it, the
 * caller included (docs/facts.md F4.4).
 */
#include <sbipmu/pmu.h>

#include "arch/discover.h"
#include "cpu/csr.h"
#include "ext/ipi.h"
#include "ext/sbi_ext.h"
#include "machine/machine.h"
#include "rt/fence.h"

static const struct {
	unsigned short sent, received;
} rfence_events[FENCE_KIND_COUNT] = {
	{SBI_PMU_FW_FENCE_I_SENT, SBI_PMU_FW_FENCE_I_RECEIVED},
	{SBI_PMU_FW_SFENCE_VMA_SENT, SBI_PMU_FW_SFENCE_VMA_RECEIVED},
	{SBI_PMU_FW_SFENCE_VMA_ASID_SENT, SBI_PMU_FW_SFENCE_VMA_ASID_RECEIVED},
	{SBI_PMU_FW_HFENCE_GVMA_VMID_SENT,
	 SBI_PMU_FW_HFENCE_GVMA_VMID_RECEIVED},
	{SBI_PMU_FW_HFENCE_GVMA_SENT, SBI_PMU_FW_HFENCE_GVMA_RECEIVED},
	{SBI_PMU_FW_HFENCE_VVMA_ASID_SENT,
	 SBI_PMU_FW_HFENCE_VVMA_ASID_RECEIVED},
	{SBI_PMU_FW_HFENCE_VVMA_SENT, SBI_PMU_FW_HFENCE_VVMA_RECEIVED},
};

#if __riscv_xlen == 64
#define HGATP_VMID_SHIFT 44
#define HGATP_VMID_MASK	 (0x3FFFUL << HGATP_VMID_SHIFT)
#else
#define HGATP_VMID_SHIFT 22
#define HGATP_VMID_MASK	 (0x7FUL << HGATP_VMID_SHIFT)
#endif

static void rfence_sfence(const struct fw_fence *f, bool asid)
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

static void rfence_hfence_gvma(const struct fw_fence *f, bool vmid)
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
static void rfence_hfence_vvma(const struct fw_fence *f, bool asid)
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

static void rfence_do(struct fw_hart *self, const struct fw_fence *f)
{
	switch (f->kind) {
	case FENCE_I:
		fw_fence_i();
		break;
	case SFENCE_VMA:
	case SFENCE_VMA_ASID:
		rfence_sfence(f, f->kind == SFENCE_VMA_ASID);
		break;
	case HFENCE_GVMA_VMID:
	case HFENCE_GVMA:
		rfence_hfence_gvma(f, f->kind == HFENCE_GVMA_VMID);
		break;
	default:
		rfence_hfence_vvma(f, f->kind == HFENCE_VVMA_ASID);
		break;
	}
	pmu_fw_event(self->pmu, rfence_events[f->kind].received);
}

void sbi_rfence_process(struct fw_hart *self)
{
	struct fw_fence_cursor cursor = {0, 0};
	struct fw_hart *from;

	while ((from = fw_fence_take(self, &cursor))) {
		rfence_do(self, &from->fence);
		fw_fence_ack(from);
	}
}

/* Ring every hart of @list but the caller @h. */
static void rfence_ring(struct fw_hart *h, const struct fw_hartlist *list)
{
	unsigned int cursor = 0;
	struct fw_hart *t;

	while ((t = fw_hartlist_next(list, &cursor)))
		if (t != h)
			fw_ipi_send(t, FW_IPI_FENCE);
}

/* HFENCE.VVMA's VMID: the caller's, from hgatp; 0 for other kinds. */
static unsigned long rfence_vmid(unsigned int fid)
{
	if (fid < HFENCE_VVMA_ASID)
		return 0;
	return csr_read(CSR_HGATP) & HGATP_VMID_MASK;
}

void sbi_rfence_request(struct fw_hart *h, const struct fw_hartlist *list,
			unsigned int fid, unsigned long start,
			unsigned long size, unsigned long asid)
{
	struct fw_fence req = {.kind = fid,
			       .start = start,
			       .size = size,
			       .asid = asid,
			       .vmid = rfence_vmid(fid)};
	struct fw_fence_targets to = fw_fence_post(h, &req, list);

	/* SENT: once per request naming at least one hart. */
	if (to.self || to.others)
		pmu_fw_event(h->pmu, rfence_events[fid].sent);
	rfence_ring(h, list);
	if (to.self)
		rfence_do(h, &h->fence);
	while (fw_fence_pending(h))
		fw_ipi_poll(h);
}

struct sbiret sbi_rfence_ecall(struct fw_hart *h, unsigned long fid,
			       const unsigned long a[6])
{
	struct sbiret r = {SBI_ERR_NOT_SUPPORTED, 0};
	struct fw_hartlist list;

	if (fid >= FENCE_KIND_COUNT || (fid >= HFENCE_GVMA_VMID && !fw_feat.h))
		return r;
	r.error = fw_hartlist_decode(a[0], a[1], &list);
	if (r.error)
		return r;
	sbi_rfence_request(h, &list, (unsigned int)fid, a[2], a[3], a[4]);
	return r;
}
