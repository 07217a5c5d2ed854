/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Reset and power-off actions as the tree describes them (decoded by
 * binding/dev_fdt.c): a masked 32-bit register write (sifive,test0/1,
 * syscon-poweroff, syscon-reboot) or a GPIO pin driven to its active
 * level (gpio-restart, gpio-poweroff): on a sifive,gpio0 (QEMU's
 * sifive_u) here, on JH7110's pinctrl by starfive_gpio.c.
 */
#include <sbipmu/dev_fdt.h>

#include "dev/dev.h"

static void reset_write32(const struct dev_fdt_reset *r)
{
	volatile uint32_t *reg = (volatile uint32_t *)(uintptr_t)r->addr;

	if (r->mask == 0xFFFFFFFFU)
		*reg = r->value;
	else
		*reg = (*reg & ~r->mask) | (r->value & r->mask);
}

/*
 * Linux's gpio-restart drives the pin inactive, waits, then active; the
 * inactive step matters only for a pin that was driven active already,
 * which nothing did here: the pin goes active at once.
 */
static void reset_gpio_sifive(uintptr_t base, uint32_t pin, bool high)
{
	volatile uint32_t *val =
		(volatile uint32_t *)(base + DEV_FDT_SIFIVE_GPIO_OUTPUT_VAL);
	volatile uint32_t *en =
		(volatile uint32_t *)(base + DEV_FDT_SIFIVE_GPIO_OUTPUT_EN);
	uint32_t bit = 1U << pin;

	if (pin >= DEV_FDT_SIFIVE_GPIO_PINS)
		return;
	if (high)
		*val |= bit;
	else
		*val &= ~bit;
	*en |= bit;
}

/* The GPIO drivers, by the controller type the binding decoded. */
static void (*const reset_gpio_drivers[])(uintptr_t, uint32_t, bool) = {
	[DEV_FDT_GPIO_SIFIVE] = reset_gpio_sifive,
	[DEV_FDT_GPIO_STARFIVE] = fw_starfive_gpio_drive,
};

void fw_reset_do(const struct dev_fdt_reset *r)
{
	if (r->action == DEV_FDT_RESET_WRITE32) {
		if (r->addr <= UINTPTR_MAX)
			reset_write32(r);
	} else if (r->gpio_base <= UINTPTR_MAX &&
		   r->gpio_type < sizeof(reset_gpio_drivers) /
					  sizeof(reset_gpio_drivers[0])) {
		reset_gpio_drivers[r->gpio_type]((uintptr_t)r->gpio_base,
						 r->pin, !r->active_low);
	}
}
