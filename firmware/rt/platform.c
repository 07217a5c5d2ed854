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

#include <sbipmu/platform_fdt.h>

#include "cpu/csr.h"
#include "rt/alloc.h"
#include "rt/hart.h"
#include "rt/platform.h"

struct fw_platform fw_plat;

_Static_assert(FW_MAX_MEM_RANGES == PLATFORM_FDT_MAX_MEM, "memory ranges");

extern char _fw_start[];

/* Where the image runs: PC-relative, so it follows the load address. */
uintptr_t fw_region_base(void)
{
	return (uintptr_t)_fw_start;
}

/* The region's size once the boot hart's allocations are done: the
 * ecall path's shared-memory checks then read it instead of walking the
 * powers of two (11 instructions on every EVENT_GET_INFO otherwise). */
static uintptr_t region_frozen;

/*
 * The smallest power of two holding the image and the heap as far as it
 * is used (alloc.h): all of it once the boot hart has allocated what the
 * harts need, which it does before the PMP entry and the reserved-memory
 * node are made from this. Before the heap exists, the image's own
 * (its .bss and stacks included: the heap starts at _fw_end).
 */
uintptr_t fw_region_size(void)
{
	uintptr_t used, size = 4096;

	if (region_frozen)
		return region_frozen;
	used = fw_alloc_top() - (uintptr_t)_fw_start;
	while (size < used)
		size <<= 1;
	return size;
}

void fw_region_freeze(void)
{
	region_frozen = fw_region_size();
}

void fw_plat_init_defaults(void)
{
	fw_plat.model = "unknown";
	fw_plat.n_mem = 0;
}

/* The tree's model (if it names one) and RAM ranges, once it is checked:
 * this file is fw_plat's only writer. */
void fw_plat_take_tree(const struct platform_fdt_facts *f)
{
	unsigned int i;

	if (f->model[0])
		fw_plat.model = f->model;
	fw_plat.n_mem = f->n_mem;
	for (i = 0; i < f->n_mem; i++) {
		fw_plat.mem[i].base = f->mem[i].base;
		fw_plat.mem[i].size = f->mem[i].size;
	}
}

/* Does [addr, end) (end exclusive, no wrap) overlap the firmware region? */
bool fw_plat_overlaps_fw(uint64_t addr, uint64_t end)
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
	if (fw_plat_overlaps_fw(addr, end))
		return false;
	for (i = 0; i < fw_plat.n_mem; i++) {
		const struct fw_mem_range *r = &fw_plat.mem[i];

		if (addr >= r->base && end - r->base <= r->size)
			return true;
	}
	return false;
}
