/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * syscon-poweroff and syscon-reboot (Linux's power/reset drivers of the
 * same names): a masked write of one 32-bit register of a syscon,
 * new = (old & ~mask) | (value & mask), a mask of all ones being a plain
 * write (binding/dev_fdt_reset.c reads regmap, offset, value and mask).
 */
#include <sbipmu/dev_fdt.h>

#include "dev/dev.h"

static bool syscon_reset(const struct dev_fdt_reset *r, unsigned int type,
			 bool failure)
{
	volatile uint32_t *reg = (volatile uint32_t *)(uintptr_t)r->addr;

	(void)type;
	(void)failure;
	if (r->addr > UINTPTR_MAX)
		return false;
	if (r->mask == 0xFFFFFFFFU)
		*reg = r->value;
	else
		*reg = (*reg & ~r->mask) | (r->value & r->mask);
	return true;
}

static const struct fw_reset_ops syscon_reset_ops = {
	.name = "register write",
	.reset = syscon_reset,
};

static const char *const syscon_poweroff_compatible[] = {"syscon-poweroff",
							 NULL};
static const char *const syscon_reboot_compatible[] = {"syscon-reboot", NULL};

FW_RESET_DRIVER(fw_reset_syscon_poweroff) = {
	.fdt = {.compatible = syscon_poweroff_compatible,
		.decode = dev_fdt_reset_syscon_poweroff},
	.ops = &syscon_reset_ops,
};

FW_RESET_DRIVER(fw_reset_syscon_reboot) = {
	.fdt = {.compatible = syscon_reboot_compatible,
		.decode = dev_fdt_reset_syscon_reboot},
	.ops = &syscon_reset_ops,
};
