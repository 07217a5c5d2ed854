/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The reset drivers the firmware registers, and the GPIO and I2C
 * controllers their actions go through (firmware/dev/sifive_test.c,
 * syscon_reset.c, gpio_reset.c, pmic_reset.c, htif.c; sifive_gpio.c,
 * starfive_gpio.c, i2c_dw.c, i2c_ocores.c: FW_RESET_DRIVER(),
 * FW_GPIO_DRIVER(), FW_I2C_DRIVER()), as the host tests and the
 * device-tree fuzzer give them to the decoder. tests/unit/
 * test_dev_drivers.c checks that these tables are the firmware's.
 */
#ifndef TEST_RESET_DRIVERS_H
#define TEST_RESET_DRIVERS_H

#include "sbipmu/dev_fdt.h"

static const char *const test_finisher_compat[] = {"sifive,test0",
						   "sifive,test1", NULL};
static const char *const test_syscon_poweroff_compat[] = {"syscon-poweroff",
							  NULL};
static const char *const test_syscon_reboot_compat[] = {"syscon-reboot", NULL};
static const char *const test_gpio_poweroff_compat[] = {"gpio-poweroff", NULL};
static const char *const test_gpio_restart_compat[] = {"gpio-restart", NULL};
static const char *const test_da9063_compat[] = {"dlg,da9063", NULL};
static const char *const test_axp15060_compat[] = {"x-powers,axp15060", NULL};
static const char *const test_sg2042_mcu_compat[] = {"sophgo,sg2042-hwmon-mcu",
						     NULL};
static const char *const test_htif_reset_compat[] = {"ucb,htif0", NULL};

static const struct dev_fdt_reset_driver test_reset_driver_list[] = {
	{test_finisher_compat, dev_fdt_reset_test},
	{test_syscon_poweroff_compat, dev_fdt_reset_syscon_poweroff},
	{test_syscon_reboot_compat, dev_fdt_reset_syscon_reboot},
	{test_gpio_poweroff_compat, dev_fdt_reset_gpio_poweroff},
	{test_gpio_restart_compat, dev_fdt_reset_gpio_restart},
	{test_da9063_compat, dev_fdt_reset_da9063},
	{test_axp15060_compat, dev_fdt_reset_axp15060},
	{test_sg2042_mcu_compat, dev_fdt_reset_sg2042_mcu},
	{test_htif_reset_compat, dev_fdt_reset_htif},
};

static const char *const test_sifive_gpio_compat[] = {"sifive,gpio0", NULL};
static const char *const test_starfive_gpio_compat[] = {
	"starfive,jh7110-sys-pinctrl", NULL};

static const struct dev_fdt_gpio_driver test_gpio_driver_list[] = {
	{test_sifive_gpio_compat, DEV_FDT_SIFIVE_GPIO_PINS,
	 DEV_FDT_SIFIVE_GPIO_OUTPUT_VAL + 4},
	{test_starfive_gpio_compat, DEV_FDT_STARFIVE_GPIO_PINS,
	 DEV_FDT_STARFIVE_GPIO_DOUT + DEV_FDT_STARFIVE_GPIO_PINS},
};

static const char *const test_dw_i2c_compat[] = {"snps,designware-i2c", NULL};
static const char *const test_ocores_i2c_compat[] = {"sifive,i2c0", NULL};

static const struct dev_fdt_i2c_driver test_i2c_driver_list[] = {
	{test_dw_i2c_compat, DEV_FDT_I2C_FIXED, DEV_FDT_I2C_DW_SPAN},
	{test_ocores_i2c_compat, DEV_FDT_I2C_SHIFTED, 0},
};

#define TEST_LIST(a)                                                           \
	{                                                                      \
		(a), sizeof((a)[0]), sizeof(a) / sizeof((a)[0])                \
	}

static const struct dev_fdt_reset_drivers test_reset_drivers = {
	TEST_LIST(test_reset_driver_list),
	TEST_LIST(test_gpio_driver_list),
	TEST_LIST(test_i2c_driver_list),
};

#endif
