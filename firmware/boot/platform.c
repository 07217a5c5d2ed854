/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The platform as the firmware sees it: the RAM S-mode owns (from the
 * tree, by fdt_setup.c), the firmware's own region, the shared-memory
 * check used by DBCN, the PMU and SSE cores, and their platform hooks
 * (including two platform firmware events of our own, see
 * docs/firmware.md). The devices are dev/'s.
 */
#include <limits.h>
#include <stddef.h>

#include "alloc.h"
#include "csr.h"
#include "hart.h"
#include "platform.h"
#include "sse_hw.h"

struct fw_platform fw_plat;

extern char _fw_start[];
extern char _fw_region_end[];

uintptr_t fw_region_base(void)
{
	return (uintptr_t)_fw_start;
}

/*
 * The smallest power of two holding the image and the heap as far as it
 * is used (alloc.h): all of it once the boot hart has allocated what the
 * harts need, which it does before the PMP entry and the reserved-memory
 * node are made from this.
 */
uintptr_t fw_region_size(void)
{
	uintptr_t used = fw_alloc_top() - (uintptr_t)_fw_start;
	uintptr_t size = (uintptr_t)_fw_region_end - (uintptr_t)_fw_start;

	while (size < used)
		size <<= 1;
	return size;
}

void fw_plat_init_defaults(void)
{
	fw_plat.model = "unknown";
	fw_plat.n_mem = 0;
}

/* Does [addr, end) (end exclusive, no wrap) overlap the firmware region? */
static bool plat_overlaps_fw(uint64_t addr, uint64_t end)
{
	uint64_t fw_lo = fw_region_base();
	uint64_t fw_hi = fw_lo + fw_region_size();

	return addr < fw_hi && fw_lo < end;
}

bool fw_plat_ram_ok(uint64_t addr, uint64_t size)
{
	uint64_t end;
	unsigned int i;

	if (size == 0 || __builtin_add_overflow(addr, size, &end))
		return false;
#if UINTPTR_MAX < UINT64_MAX
	/* RV32: the firmware can only dereference its own address space. */
	if (end - 1 > UINTPTR_MAX)
		return false;
#endif
	if (plat_overlaps_fw(addr, end))
		return false;
	for (i = 0; i < fw_plat.n_mem; i++) {
		const struct fw_mem_range *r = &fw_plat.mem[i];

		if (addr >= r->base && end - r->base <= r->size)
			return true;
	}
	return false;
}

static void *plat_shmem_map(void *ctx, uint64_t addr, uint64_t size)
{
	(void)ctx;
	if (!fw_plat_ram_ok(addr, size))
		return NULL;
	return (void *)(uintptr_t)addr;
}

/* Our platform events are numbered by their event_data (platform.h). */
static unsigned int plat_fw_event(void *ctx, uint64_t event_data)
{
	(void)ctx;
	if (event_data == FW_PLAT_EVENT_DBCN_BYTES ||
	    event_data == FW_PLAT_EVENT_HSM_SUSPEND)
		return (unsigned int)event_data;
	return 0;
}

/* Overflow taken in M-mode: SSE's business (sse_hw.c). */
static void plat_pmu_overflow(void *ctx, void *hal_ctx, uint64_t overflowed)
{
	(void)ctx;
	(void)hal_ctx;
	(void)overflowed;
	fw_sse_pmu_overflow();
}

const struct pmu_platform_ops fw_plat_pmu_ops = {
	.shmem_map = plat_shmem_map,
	.fw_platform_event = plat_fw_event,
	.overflow = plat_pmu_overflow,
};

/*
 * An SSE handler's entry pc is a virtual address. The one range refused
 * is the firmware's: with translation off S-mode cannot fetch there
 * (PMP), and with Sv32/39/48/57 on, those low addresses are user pages
 * S-mode may not execute; either way no handler could ever run there.
 */
static bool plat_sse_entry_ok(void *ctx, uint64_t pc)
{
	(void)ctx;
	return !plat_overlaps_fw(pc, pc + 2);
}

/* The SSE core keeps no hart table of its own: ours serves. */
static struct sse_hart *plat_sse_hart(void *ctx, uint64_t hartid)
{
	struct fw_hart *h = hartid <= ULONG_MAX ? fw_hart_find(hartid) : NULL;

	(void)ctx;
	return h ? h->sse_mem : NULL;
}

const struct sse_platform_ops fw_plat_sse_ops = {
	.shmem_map = plat_shmem_map,
	.entry_ok = plat_sse_entry_ok,
	.hart_find = plat_sse_hart,
};
