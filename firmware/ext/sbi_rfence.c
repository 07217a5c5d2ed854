/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * SBI RFENCE extension (EID "RFNC", SBI v3.0 chapter "RFENCE
 * Extension"). The caller writes one request into its own struct
 * fw_hart, marks itself in each target's fence_from set and rings the
 * target; it then waits until every target has cleared its bit in
 * `waiting`, handling requests aimed at itself meanwhile (two harts
 * fencing each other cannot deadlock). The calling hart, if targeted,
 * fences locally. HFENCE functions exist only with the H extension.
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

/* Function IDs; also the request kinds. */
enum fw_fence_kind {
	FENCE_I = 0,
	SFENCE_VMA = 1,
	SFENCE_VMA_ASID = 2,
	HFENCE_GVMA_VMID = 3,
	HFENCE_GVMA = 4,
	HFENCE_VVMA_ASID = 5,
	HFENCE_VVMA = 6,
	FENCE_KIND_COUNT = 7,
};

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

#define RFENCE_PAGE 4096UL
/* Above this many pages one full flush is cheaper than a loop. */
#define RFENCE_MAX_PAGES 64UL

#if __riscv_xlen == 64
#define HGATP_VMID_SHIFT 44
#define HGATP_VMID_MASK	 (0x3FFFUL << HGATP_VMID_SHIFT)
#else
#define HGATP_VMID_SHIFT 22
#define HGATP_VMID_MASK	 (0x7FUL << HGATP_VMID_SHIFT)
#endif

/* Whole address space: SBI v3.0 "start_addr and size are both 0, or
 * size is 2^XLEN-1"; also any range too long or wrapping. */
static bool rfence_is_full(const struct fw_fence *f)
{
	unsigned long end;

	if ((f->start == 0 && f->size == 0) || f->size == ~0UL)
		return true;
	if (__builtin_add_overflow(f->start, f->size, &end))
		return true;
	return f->size / RFENCE_PAGE >= RFENCE_MAX_PAGES;
}

/*
 * The pages of a range rfence_is_full() let through (start + size does
 * not wrap), counted: walking addresses up to start + size instead made
 * a range in the address space's last page wrap the walk to 0 and go
 * on for 2^52 pages, an M-mode hang.
 */
static unsigned long rfence_pages(const struct fw_fence *f)
{
	unsigned long first = f->start & ~(RFENCE_PAGE - 1);
	unsigned long last = (f->start + f->size - 1) & ~(RFENCE_PAGE - 1);

	return f->size ? (last - first) / RFENCE_PAGE + 1 : 0;
}

static void rfence_sfence(const struct fw_fence *f, bool asid)
{
	unsigned long a, i, n;

	if (rfence_is_full(f) || fw_machine->sfence_full_flush) {
		if (asid)
			fw_sfence_vma_all_asid(f->asid);
		else
			fw_sfence_vma_all();
		return;
	}
	n = rfence_pages(f);
	for (i = 0, a = f->start & ~(RFENCE_PAGE - 1); i < n;
	     i++, a += RFENCE_PAGE)
		if (asid)
			fw_sfence_vma_asid(a, f->asid);
		else
			fw_sfence_vma_addr(a);
}

static void rfence_hfence_gvma(const struct fw_fence *f, bool vmid)
{
	unsigned long a, i, n;

	/* No per-address form for "all VMIDs": flush everything. */
	if (!vmid || rfence_is_full(f)) {
		if (vmid)
			fw_hfence_gvma_vmid(f->asid);
		else
			fw_hfence_gvma_all();
		return;
	}
	n = rfence_pages(f);
	for (i = 0, a = f->start & ~(RFENCE_PAGE - 1); i < n;
	     i++, a += RFENCE_PAGE)
		fw_hfence_gvma_addr(a >> 2, f->asid);
}

/* HFENCE.VVMA acts on the VMID in hgatp: borrow the caller's. */
static void rfence_hfence_vvma(const struct fw_fence *f, bool asid)
{
	unsigned long saved = csr_read(CSR_HGATP);
	unsigned long a, i, n = rfence_pages(f);

	csr_write(CSR_HGATP, (saved & ~HGATP_VMID_MASK) | f->vmid);
	if (rfence_is_full(f)) {
		if (asid)
			fw_hfence_vvma_asid(f->asid);
		else
			fw_hfence_vvma_all();
	} else {
		for (i = 0, a = f->start & ~(RFENCE_PAGE - 1); i < n;
		     i++, a += RFENCE_PAGE)
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

/* One word of our fence_from set: do each request it names. */
static void rfence_process_word(struct fw_hart *self, unsigned int word)
{
	unsigned long from = __atomic_exchange_n(&self->fence_from.w[word], 0,
						 __ATOMIC_ACQUIRE);

	while (from) {
		unsigned int bit = (unsigned int)__builtin_ctzl(from);
		struct fw_hart *s = fw_hart_at(word * FW_HARTSET_BITS + bit);

		from &= from - 1;
		rfence_do(self, &s->fence);
		__atomic_sub_fetch(&s->fence.waiting, 1, __ATOMIC_RELEASE);
	}
}

void sbi_rfence_process(struct fw_hart *self)
{
	unsigned int w, words = (fw_hart_count() + FW_HARTSET_BITS - 1) /
				FW_HARTSET_BITS;

	for (w = 0; w < words; w++)
		if (__atomic_load_n(&self->fence_from.w[w], __ATOMIC_RELAXED))
			rfence_process_word(self, w);
}

/*
 * Post the request in h->fence to every hart of @list but h itself.
 * waiting counts the targets down: set before the first doorbell, so
 * no target can finish before it is counted.
 */
static bool rfence_post(struct fw_hart *h, const struct sbi_hartlist *list)
{
	unsigned int cursor = 0;
	unsigned long n = 0;
	struct fw_hart *t;
	bool self = false;

	while ((t = sbi_hartlist_next(list, &cursor)))
		n += t != h;
	__atomic_store_n(&h->fence.waiting, n, __ATOMIC_RELEASE);
	cursor = 0;
	while ((t = sbi_hartlist_next(list, &cursor))) {
		if (t == h) {
			self = true;
			continue;
		}
		fw_hartset_add_atomic(&t->fence_from, h->index);
		fw_ipi_send(t, FW_IPI_FENCE);
	}
	return self;
}

void sbi_rfence_request(struct fw_hart *h, const struct sbi_hartlist *list,
			unsigned int fid, unsigned long start,
			unsigned long size, unsigned long asid)
{
	unsigned int cursor = 0;

	h->fence.kind = fid;
	h->fence.start = start;
	h->fence.size = size;
	h->fence.asid = asid;
	h->fence.vmid = fid >= HFENCE_VVMA_ASID
				? csr_read(CSR_HGATP) & HGATP_VMID_MASK
				: 0;
	if (sbi_hartlist_next(list, &cursor))
		pmu_fw_event(h->pmu, rfence_events[fid].sent);
	if (rfence_post(h, list))
		rfence_do(h, &h->fence);
	while (__atomic_load_n(&h->fence.waiting, __ATOMIC_ACQUIRE))
		fw_ipi_poll(h);
}

struct sbiret sbi_rfence_ecall(struct fw_hart *h, unsigned long fid,
			       const unsigned long a[6])
{
	struct sbiret r = {SBI_ERR_NOT_SUPPORTED, 0};
	struct sbi_hartlist list;

	if (fid >= FENCE_KIND_COUNT || (fid >= HFENCE_GVMA_VMID && !fw_feat.h))
		return r;
	r.error = sbi_hartmask_decode(a[0], a[1], &list);
	if (r.error)
		return r;
	sbi_rfence_request(h, &list, (unsigned int)fid, a[2], a[3], a[4]);
	return r;
}
