/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Spike, as Berkeley's simulator and QEMU's spike machine make it: HTIF
 * console and power-off, a CLINT, no UART, no riscv,pmu node. All of it
 * is in the tree; this file only names the board.
 */
#include <stddef.h>

#include "machine/machine.h"

static const char *const spike_compatible[] = {"ucbbar,spike-bare-dev", NULL};

FW_MACHINE(fw_machine_spike) = {
	.name = "Spike",
	.compatible = spike_compatible,
};
