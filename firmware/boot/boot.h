/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the boot hart learnt on the way to the next stage, shared by the
 * boot flow (main.c) and the banner (banner.c).
 */
#ifndef FW_BOOT_H
#define FW_BOOT_H

#include <stdbool.h>
#include <stdint.h>

#include <sbipmu/pmu.h>

#include "boot/fdt_setup.h"

/* QEMU's (and OpenSBI's) struct fw_dynamic_info, passed in a2. */
struct fw_dynamic_info {
	unsigned long magic;
	unsigned long version;
	unsigned long next_addr;
	unsigned long next_mode;
	unsigned long options;
	unsigned long boot_hart; /* version >= 2; -1: any */
};

#define FW_DYNAMIC_MAGIC	 0x4942534fUL /* "OSBI" */
#define FW_DYNAMIC_OPT_NO_BANNER 0x1UL

struct fw_boot {
	unsigned long hartid;
	bool boot_guarded;	     /* the boot stack's guard took */
	unsigned long preferred;     /* fw_dynamic's boot hart, -1UL: none */
	bool boot_not_in_tree;	     /* the tree does not list the boot hart */
	unsigned int harts_left_out; /* tree harts not served (memory, limit) */
	size_t hart_bytes;	     /* heap set aside per hart */
	bool dynamic;		     /* a valid fw_dynamic_info was passed */
	struct fw_dynamic_info info;
	unsigned long next_addr;
	unsigned long next_mode_asked; /* fw_dynamic's next_mode; else S */
	bool banner;		       /* fw_dynamic did not ask for silence */
	void *fdt_in;		       /* as received in a1 */
	void *fdt_out;		       /* as passed on */
	const char *fdt_note;	       /* what fw_fdt_fixup() did */
	int pmu_init_error;	       /* pmu_core_init() result */
	const struct pmu_core *pmu;
	size_t pmu_hart_bytes;
	struct fw_pmu_dt pmu_dt;
	int sse_error; /* fw_sse_setup() result */
};

/* First banner line; binding diagnostics follow it, then fw_banner(). */
void fw_banner_header(void);
void fw_banner(const struct fw_boot *b);

#endif
