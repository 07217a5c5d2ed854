/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Andes' PLMT (andestech,plmt0: AX45MP on RZ/Five, AE350) as each
 * hart's timer: an MTIMER with mtime at +0 and the harts' mtimecmp
 * array from +8 (dev_fdt.h), written with 32-bit accesses as the RV32
 * cores of the family need. Its mtime is the clock (clock.c) when it is
 * the first device in the tree with one. Tested by decoding only: no
 * QEMU machine has a PLMT.
 */
#include <sbipmu/dev_fdt.h>

#include "dev/dev.h"

static const char *const plmt_compatible[] = {"andestech,plmt0", NULL};

FW_TIMER_DRIVER(fw_timer_plmt) = {
	.fdt = {.compatible = plmt_compatible,
		.name = "plmt",
		.decode = dev_fdt_timer_plmt},
	.timer = &fw_dev_mtimecmp_ops, /* aclint.c */
};
