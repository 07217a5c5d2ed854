/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the device tree cannot say about a board, one short file per
 * board in this folder: its name, the root compatible strings that name
 * it, and its quirks. A machine file defines one struct fw_machine with
 * FW_MACHINE(); the linker gathers them (linker.ld), so adding a board is
 * adding a file. A board no file names runs on the generic defaults
 * (machine.c), which is all QEMU's virt and spike need: everything else
 * they have, the tree says. The QEMU PMU quirks belong to the CPU, not
 * the board (discover.c).
 */
#ifndef FW_MACHINE_H
#define FW_MACHINE_H

#include <stdbool.h>

struct fw_machine {
	const char *name;
	/* Root compatible strings that select this file (NULL-terminated). */
	const char *const *compatible;
	/*
	 * sfence.vma by address is unreliable on this SoC: every remote
	 * SFENCE.VMA becomes a full flush (the FU540's erratum).
	 */
	bool sfence_full_flush;
	/* OPTIONAL: edit the tree handed on (open, with room to grow). */
	int (*fdt_fixup)(void *fdt);
};

#define FW_MACHINE(sym)                                                        \
	const struct fw_machine sym __attribute__((                            \
		section(".fw_machines"), used)) /* walked as an array */

/* The machine the tree's root compatible names, or the generic one. */
const struct fw_machine *fw_machine_find(const void *fdt);

/* Chosen at boot (never NULL once the tree was taken). */
extern const struct fw_machine *fw_machine;

#endif
