/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The platform the firmware runs on as the device tree describes it: its
 * model, RAM ranges, the firmware's own memory region, the shared-memory
 * check. Devices are dev/'s; the PMU and SSE cores' platform hooks are
 * ext/core_plat.h's. Implemented in platform.c.
 */
#ifndef FW_PLATFORM_H
#define FW_PLATFORM_H

#include <stdbool.h>
#include <stdint.h>

#define FW_MAX_MEM_RANGES 8

struct fw_mem_range {
	uint64_t base;
	uint64_t size;
};

struct fw_platform {
	const char *model;
	unsigned int n_mem;
	struct fw_mem_range mem[FW_MAX_MEM_RANGES];
};

extern struct fw_platform fw_plat;

/* The firmware's own memory region [base, base + size): where the image
 * runs, and the smallest power of two holding it and its heap. */
uintptr_t fw_region_base(void);
uintptr_t fw_region_size(void);
/*
 * Boot hart, after its last allocation and before the PMP entry and the
 * reserved-memory node are made: the size is final from here on.
 */
void fw_region_freeze(void);

/* Set defaults; called before the device tree is read. */
void fw_plat_init_defaults(void);

/* Take the checked tree's model and RAM ranges (@f must outlive fw_plat:
 * the model is not copied). */
struct platform_fdt_facts;
void fw_plat_take_tree(const struct platform_fdt_facts *f);

/* Does [addr, end) touch the firmware's region? */
bool fw_plat_overlaps_fw(uint64_t addr, uint64_t end);

/*
 * True when [addr, addr + size) is S-mode RAM the firmware may access:
 * inside one memory range, clear of the firmware region, no wrap, within
 * the firmware's address space. size 0 is never valid.
 */
bool fw_plat_ram_ok(uint64_t addr, uint64_t size);

#endif
