/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * QEMU's virt machine: nothing the tree does not say (devices, harts,
 * the PMU map and ISA extensions all come from it); the file exists to
 * name the board in the banner and as the smallest example of a machine
 * file (docs/firmware.md, "Adding a machine").
 */
#include <stddef.h>

#include "machine/machine.h"

static const char *const virt_compatible[] = {"riscv-virtio", NULL};

FW_MACHINE(fw_machine_qemu_virt) = {
	.name = "QEMU virt",
	.compatible = virt_compatible,
};
