/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * PMICs and MCUs that power a board off or reset it over I2C, as
 * OpenSBI 1.5.1 drives them: Dialog's DA9063 (FU740), X-Powers' AXP15060
 * (JH7110), SG2042's hwmon MCU. binding/dev_fdt_reset.c decodes each
 * into the bus (a controller of FW_I2C_DRIVER: i2c_dw.c, i2c_ocores.c),
 * the device's address and the register operations for the SRST type;
 * this file runs them in order, stopped at the first that fails, so
 * that a chip that is not the one named, or does not answer, is left
 * alone and the request reported failed (the next reset device for the
 * type is then tried).
 */
#include <sbipmu/dev_fdt.h>

#include "dev/dev.h"

static bool pmic_op(const struct fw_i2c_driver *d, const struct fw_i2c_bus *b,
		    uint8_t addr, const struct dev_fdt_i2c_op *op)
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

/* The bus's clock first (JH7110 may have gated it), then the operations. */
static bool pmic_reset(const struct dev_fdt_reset *r, unsigned int type,
		       bool failure)
{
	const struct fw_i2c_bus b = {(uintptr_t)r->i2c_base, r->i2c_reg_shift,
				     r->i2c_reg_io_width};
	const struct fw_i2c_driver *d;

	(void)type;
	(void)failure;
	if (!r->i2c || r->i2c_base > UINTPTR_MAX || r->i2c_clock > UINTPTR_MAX)
		return false;
	d = fw_i2c_driver_of(r->i2c);
	if (r->i2c_clock)
		*(volatile uint32_t *)(uintptr_t)r->i2c_clock |=
			DEV_FDT_JH7110_CLK_ENABLE;
	for (unsigned int i = 0; i < r->n_ops; i++)
		if (!pmic_op(d, &b, (uint8_t)r->i2c_addr, &r->ops[i]))
			return false;
	return true;
}

static const struct fw_reset_ops pmic_reset_ops = {
	.name = "i2c",
	.reset = pmic_reset,
};

static const char *const da9063_compatible[] = {"dlg,da9063", NULL};
static const char *const axp15060_compatible[] = {"x-powers,axp15060", NULL};
static const char *const sg2042_mcu_compatible[] = {"sophgo,sg2042-hwmon-mcu",
						    NULL};

FW_RESET_DRIVER(fw_reset_da9063) = {
	.fdt = {.compatible = da9063_compatible,
		.decode = dev_fdt_reset_da9063},
	.ops = &pmic_reset_ops,
};

FW_RESET_DRIVER(fw_reset_axp15060) = {
	.fdt = {.compatible = axp15060_compatible,
		.decode = dev_fdt_reset_axp15060},
	.ops = &pmic_reset_ops,
};

FW_RESET_DRIVER(fw_reset_sg2042_mcu) = {
	.fdt = {.compatible = sg2042_mcu_compatible,
		.decode = dev_fdt_reset_sg2042_mcu},
	.ops = &pmic_reset_ops,
};
