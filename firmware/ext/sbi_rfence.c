/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * SBI RFENCE extension (EID "RFNC", SBI v3.0 chapter "RFENCE
 * Extension"): the hardware half. Who owes which request, and when the
 * caller may return, is rt/fence.c's (host-tested); here the caller
 * rings each other target and waits until all acknowledged, handling
 * requests aimed at itself meanwhile (two harts fencing each other
 * cannot deadlock). The fence instructions are fence_exec.c's, for the
 * targets and for the calling hart, which, if targeted, fences locally. HFENCE
 * functions exist only with the H extension.
 * *_SENT counts once per request (one SBI call naming at least one hart),
 * *_RECEIVED once per fence performed, on the hart performing it, the
 * caller included (docs/facts.md F4.4).
 */
#include <sbipmu/pmu.h>

#include "arch/discover.h"
#include "cpu/csr.h"
#include "ext/fence_exec.h"
#include "ext/ipi.h"
#include "ext/sbi_ext.h"
#include "rt/fence.h"

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
	if (fid < SBI_EXT_RFENCE_REMOTE_HFENCE_VVMA_ASID)
		return 0;
	return csr_read(CSR_HGATP) & HGATP_VMID_MASK;
}

void fw_ext_rfence_request(struct fw_hart *h, const struct fw_hartlist *list,
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
		pmu_fw_event(h->pmu, fw_fence_sent_event(fid));
	rfence_ring(h, list);
	if (to.self)
		fw_fence_execute(h, &h->fence);
	while (fw_fence_pending(h))
		fw_ipi_poll(h);
}

struct sbiret fw_ext_rfence_ecall(struct fw_hart *h, unsigned long fid,
				  const unsigned long a[6])
{
	struct sbiret r = {SBI_ERR_NOT_SUPPORTED, 0};
	struct fw_hartlist list;

	if (fid >= SBI_EXT_RFENCE_FID_COUNT ||
	    (fid >= SBI_EXT_RFENCE_REMOTE_HFENCE_GVMA_VMID && !fw_feat.h))
		return r;
	r.error = fw_hartlist_decode(a[0], a[1], &list);
	if (r.error)
		return r;
	fw_ext_rfence_request(h, &list, (unsigned int)fid, a[2], a[3], a[4]);
	return r;
}
