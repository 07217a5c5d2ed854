/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * SiFive's GPIO controller (sifive,gpio0: FU540, FU740, QEMU's sifive_u)
 * as an output for gpio-restart and gpio-poweroff: the pin's bit set or
 * cleared in output_val, then its output enabled in output_en (FU540
 * manual, chapter 12), so that it never drives the old value.
 */
#include <sbipmu/dev_fdt.h>

#include "dev/dev.h"

static void sifive_gpio_drive(uintptr_t base, uint32_t pin, bool high)
{
	volatile uint32_t *val =
		(volatile uint32_t *)(base + DEV_FDT_SIFIVE_GPIO_OUTPUT_VAL);
	volatile uint32_t *en =
		(volatile uint32_t *)(base + DEV_FDT_SIFIVE_GPIO_OUTPUT_EN);
	uint32_t bit;

	if (pin >= DEV_FDT_SIFIVE_GPIO_PINS)
		return;
	bit = 1U << pin; /* after the check: a shift by 32 is undefined */
	if (high)
		*val |= bit;
	else
		*val &= ~bit;
	*en |= bit;
}

static const char *const sifive_gpio_compatible[] = {"sifive,gpio0", NULL};

FW_GPIO_DRIVER(fw_gpio_sifive) = {
	.fdt = {.compatible = sifive_gpio_compatible,
		.pins = DEV_FDT_SIFIVE_GPIO_PINS,
		.span = DEV_FDT_SIFIVE_GPIO_OUTPUT_VAL + 4},
	.drive = sifive_gpio_drive,
};
