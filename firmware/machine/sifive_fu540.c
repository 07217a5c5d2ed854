/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * SiFive FU540 (HiFive Unleashed, and QEMU's sifive_u, which models
 * it): everything but one erratum comes from the tree. The U54 cores'
 * sfence.vma by address may leave stale entries (FU540-C000 erratum
 * "CIP-1200"; OpenSBI flushes everything there too), so remote
 * SFENCE.VMA requests flush the whole TLB. Hart 0 (an E51 without
 * S-mode) needs nothing here: the boot flow parks any hart without
 * S-mode.
 */
#include <stddef.h>

#include "machine/machine.h"

static const char *const fu540_compatible[] = {
	"sifive,hifive-unleashed-a00",
	"sifive,fu540-c000",
	"sifive,fu540",
	NULL,
};

FW_MACHINE(fw_machine_sifive_fu540) = {
	.name = "SiFive FU540",
	.compatible = fu540_compatible,
	.sfence_full_flush = true,
};
