/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Reset and power-off actions as the tree describes them (decoded by
 * binding/dev_fdt.c): a masked 32-bit register write (sifive,test0/1,
 * syscon-poweroff, syscon-reboot) or a sifive,gpio0 pin driven to its
 * active level (gpio-restart on QEMU's sifive_u, gpio-poweroff).
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
static void reset_gpio(const struct dev_fdt_reset *r)
{
	uintptr_t base = (uintptr_t)r->gpio_base;
	volatile uint32_t *val =
		(volatile uint32_t *)(base + DEV_FDT_SIFIVE_GPIO_OUTPUT_VAL);
	volatile uint32_t *en =
		(volatile uint32_t *)(base + DEV_FDT_SIFIVE_GPIO_OUTPUT_EN);
	uint32_t bit = 1U << r->pin;

	if (r->active_low)
		*val &= ~bit;
	else
		*val |= bit;
	*en |= bit;
}

void fw_reset_do(const struct dev_fdt_reset *r)
{
	if (r->action == DEV_FDT_RESET_WRITE32) {
		if (r->addr <= UINTPTR_MAX)
			reset_write32(r);
	} else if (r->gpio_base <= UINTPTR_MAX &&
		   r->pin < DEV_FDT_SIFIVE_GPIO_PINS) {
		reset_gpio(r);
	}
}
