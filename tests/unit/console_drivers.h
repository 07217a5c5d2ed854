/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The console drivers the firmware registers (firmware/dev/uart8250.c,
 * sifive_uart.c, htif.c, renesas_scif.c: FW_CONSOLE_DRIVER()), as the host
 * tests and the device-tree fuzzer give them to the decoder.
 */
#ifndef TEST_CONSOLE_DRIVERS_H
#define TEST_CONSOLE_DRIVERS_H

#include "sbipmu/dev_fdt.h"

static const char *const test_8250_compat[] = {"ns16550a", "ns16550",
					       "snps,dw-apb-uart", NULL};
static const char *const test_sifive_compat[] = {"sifive,uart0", NULL};
static const char *const test_htif_compat[] = {"ucb,htif0", NULL};
static const char *const test_scif_compat[] = {"renesas,scif-r9a07g043", NULL};
static const struct dev_fdt_console_driver test_driver_list[] = {
	{test_8250_compat, DEV_FDT_CONSOLE_UART8250},
	{test_sifive_compat, DEV_FDT_CONSOLE_MMIO},
	{test_htif_compat, DEV_FDT_CONSOLE_HTIF},
	{test_scif_compat, DEV_FDT_CONSOLE_MMIO},
};
static const struct dev_fdt_console_drivers test_drivers = {
	test_driver_list, sizeof(test_driver_list[0]),
	sizeof(test_driver_list) / sizeof(test_driver_list[0])};

#endif
