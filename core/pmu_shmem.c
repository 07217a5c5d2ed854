/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Shared memory given by the supervisor: the PMU's use of the one
 * checked-arithmetic helper (sbi_shmem.h) that turns (address, count x
 * size) into a range, and SNAPSHOT_SET_SHMEM (FID 7). Whether a range
 * may be used is the platform's answer (RAM the supervisor owns, not
 * firmware memory, not MMIO: docs/facts.md F3.15); the core adds the spec's own
 * rules (alignment, flags, all-ones to disable) and never lets a size or
 * an end address wrap (docs/facts.md F3.11).
 */
#include <sbipmu/sbi_shmem.h>

#include "pmu_internal.h"

void *pmu_shmem_map(const struct pmu_core *core, uint64_t addr,
		    uint64_t addr_above, uint64_t count, uint64_t elem_size)
{
	return sbi_shmem_map(core->plat->shmem_map, core->plat_ctx, addr,
			     addr_above, count, elem_size);
}

int pmu_snapshot_set_shmem(struct pmu_hart *h, uint64_t addr,
			   uint64_t addr_above, bool disable, uint64_t flags)
{
	void *area;

	/* Table 17: "snapshot functionality is not available" comes first. */
	if (h->core->hw.no_snapshot)
		return SBI_ERR_NOT_SUPPORTED;
	/* "The flags parameter is reserved for future use and must be zero." */
	if (flags)
		return SBI_ERR_INVALID_PARAM;
	if (disable) {
		h->shmem = NULL;
		return SBI_SUCCESS;
	}
	if (addr & (SBI_PMU_SNAPSHOT_ALIGN - 1))
		return SBI_ERR_INVALID_PARAM;
	area = pmu_shmem_map(h->core, addr, addr_above, 1,
			     SBI_PMU_SNAPSHOT_SIZE);
	if (!area)
		return SBI_ERR_INVALID_ADDRESS;
	h->shmem = area;
	return SBI_SUCCESS;
}
