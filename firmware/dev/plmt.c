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
#include "rt/hart.h"

static bool plmt_hart_setup(struct fw_hart *h,
			    const struct dev_fdt_timer_dev *d,
			    const struct dev_fdt_hart_ctx *c)
{
	(void)d;
	if (c->addr > UINTPTR_MAX)
		return false;
	h->timer_reg = (uintptr_t)c->addr;
	return true;
}

static void plmt_set(const struct fw_hart *h, uint64_t value)
{
	fw_dev_mtimecmp_write(h->timer_reg, value);
}

static const struct fw_timer_ops plmt_ops = {
	.hart_setup = plmt_hart_setup,
	.set = plmt_set,
};

static const char *const plmt_compatible[] = {"andestech,plmt0", NULL};

FW_TIMER_DRIVER(fw_timer_plmt) = {
	.fdt = {.compatible = plmt_compatible,
		.name = "plmt",
		.decode = dev_fdt_timer_plmt},
	.timer = &plmt_ops,
};
