/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The M-mode controls that S-mode needs for the ISA extensions the
 * device tree names (menvcfg, mstateen0..3, mseccfg): chosen once by the
 * boot hart from the tree and from what sticks in the CSRs, written by
 * every hart. An extension whose control cannot be set is dropped from
 * the tree handed on, so the next stage never traps on it
 * (docs/firmware.md, "M-mode enables").
 */
#ifndef FW_ENABLES_H
#define FW_ENABLES_H

#include <stdbool.h>
#include <stdint.h>

#include <sbipmu/platform_fdt.h>

/* The CSRs written, each as a 64-bit value (RV32: two halves). */
enum fw_enable_reg {
	FW_ENABLE_MENVCFG,
	FW_ENABLE_MSTATEEN0,
	FW_ENABLE_MSECCFG,
	FW_ENABLE_REGS,
};

struct fw_enables {
	bool present[FW_ENABLE_REGS]; /* the CSR answered its probe */
	uint64_t value[FW_ENABLE_REGS];
	unsigned int stateen_more; /* mstateen1..3 present: bits 1..3 */
	/* Extensions dropped from the tree: their control did not stick. */
	unsigned int n_dropped;
	const char *dropped[8];
};

extern struct fw_enables fw_enables;

/*
 * Boot hart, once: probe the CSRs, choose the values for what @dt names
 * (every hart alike), write them and keep what sticks.
 */
void fw_enables_discover(const struct platform_fdt_isa *dt);

/*
 * Boot hart, after fw_enables_discover(): add @bits to @reg's value if
 * they stick (written and read back; the CSR is left as it was if not),
 * for enables decided elsewhere (counter delegation's menvcfg.CDE).
 */
bool fw_enables_add(enum fw_enable_reg reg, uint64_t bits);

/* Whether extension @ext was dropped (its control did not stick). */
bool fw_enables_dropped(const char *ext);

/* Every hart: write the chosen values (the CSRs the boot hart found). */
void fw_enables_apply(void);

#endif
