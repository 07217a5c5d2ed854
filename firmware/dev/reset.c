/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Reset and power-off actions as the tree describes them (decoded by
 * binding/dev_fdt.c): a masked 32-bit register write (sifive,test0/1,
 * syscon-poweroff, syscon-reboot) or a GPIO pin driven to its active
 * level (gpio-restart, gpio-poweroff): on a sifive,gpio0 (QEMU's
 * sifive_u) here, on JH7110's pinctrl by starfive_gpio.c; or a PMIC's
 * register operations over I2C (i2c_dw.c, i2c_ocores.c), stopped at the
 * first that fails so that a chip that is not the one named, or does
 * not answer, is left alone and the request reported failed.
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

static bool reset_i2c_op(const struct fw_i2c_driver *d,
			 const struct fw_i2c_bus *b, uint8_t addr,
			 const struct dev_fdt_i2c_op *op)
{
	uint8_t v;

	switch (op->kind) {
	case DEV_FDT_I2C_WRITE:
		return d->write(b, addr, op->reg, op->value);
	case DEV_FDT_I2C_UPDATE:
		return d->read(b, addr, op->reg, &v) &&
		       d->write(b, addr, op->reg,
				(uint8_t)((v & ~op->mask) | op->value));
	default:
		return d->read(b, addr, op->reg, &v) && v == op->value;
	}
}

static bool reset_i2c(const struct dev_fdt_reset *r)
{
	const struct fw_i2c_driver *d =
		r->i2c_type == DEV_FDT_I2C_DW ? &fw_i2c_dw : &fw_i2c_ocores;
	const struct fw_i2c_bus b = {(uintptr_t)r->i2c_base, r->i2c_reg_shift,
				     r->i2c_reg_io_width};

	if (r->i2c_clock > UINTPTR_MAX)
		return false;
	if (r->i2c_clock) {
		volatile uint32_t *gate =
			(volatile uint32_t *)(uintptr_t)r->i2c_clock;

		*gate |= DEV_FDT_JH7110_CLK_ENABLE;
	}
	for (unsigned int i = 0; i < r->n_ops; i++)
		if (!reset_i2c_op(d, &b, (uint8_t)r->i2c_addr, &r->ops[i]))
			return false;
	return true;
}

bool fw_reset_do(const struct dev_fdt_reset *r)
{
	switch (r->action) {
	case DEV_FDT_RESET_WRITE32:
		if (r->addr > UINTPTR_MAX)
			return false;
		reset_write32(r);
		return true;
	case DEV_FDT_RESET_GPIO:
		if (r->gpio_base > UINTPTR_MAX ||
		    r->gpio_type >= sizeof(reset_gpio_drivers) /
					    sizeof(reset_gpio_drivers[0]))
			return false;
		reset_gpio_drivers[r->gpio_type]((uintptr_t)r->gpio_base,
						 r->pin, !r->active_low);
		return true;
	default:
		return r->i2c_base <= UINTPTR_MAX && reset_i2c(r);
	}
}
