/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * gpio-poweroff and gpio-restart (Linux's power/reset drivers of the
 * same names): the pin of the tree's gpios driven to its active level,
 * through the driver of its controller (FW_GPIO_DRIVER: sifive_gpio.c,
 * starfive_gpio.c), which binding/dev_fdt_reset.c found by its strings.
 * Linux's gpio-restart drives the pin inactive, waits, then active; the
 * inactive step matters only for a pin that was driven active already,
 * which nothing did here: the pin goes active at once.
 */
#include <sbipmu/dev_fdt.h>

#include "dev/dev.h"

static bool gpio_reset(const struct dev_fdt_reset *r, unsigned int type,
		       bool failure)
{
	(void)type;
	(void)failure;
	if (!r->gpio || r->gpio_base > UINTPTR_MAX)
		return false;
	fw_gpio_driver_of(r->gpio)->drive((uintptr_t)r->gpio_base, r->pin,
					  !r->active_low);
	return true;
}

static const struct fw_reset_ops gpio_reset_ops = {
	.name = "gpio",
	.reset = gpio_reset,
};

static const char *const gpio_poweroff_compatible[] = {"gpio-poweroff", NULL};
static const char *const gpio_restart_compatible[] = {"gpio-restart", NULL};

FW_RESET_DRIVER(fw_reset_gpio_poweroff) = {
	.fdt = {.compatible = gpio_poweroff_compatible,
		.decode = dev_fdt_reset_gpio_poweroff},
	.ops = &gpio_reset_ops,
};

FW_RESET_DRIVER(fw_reset_gpio_restart) = {
	.fdt = {.compatible = gpio_restart_compatible,
		.decode = dev_fdt_reset_gpio_restart},
	.ops = &gpio_reset_ops,
};
