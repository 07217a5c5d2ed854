/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The platform hooks the firmware gives the PMU and SSE cores
 * (core_plat.h): S-mode memory as the shared-memory check admits it,
 * our two platform firmware events, an overflow taken in M-mode handed
 * to SSE, and SSE's view of the hart table.
 */
#include <limits.h>

#include "ext/core_plat.h"
#include "ext/sse_hw.h"
#include "rt/hart.h"
#include "rt/platform.h"

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
	return !fw_plat_overlaps_fw(pc, pc + 2);
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
