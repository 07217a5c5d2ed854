/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * SiFive UART console (sifive,uart0, on QEMU's sifive_u): txdata's bit 31
 * says the transmit FIFO is full, rxdata's bit 31 that the receive FIFO
 * is empty. Transmit and receive are enabled at probe; the baud divisor
 * is left as the machine set it (QEMU ignores it).
 */
#include <stddef.h>

#include <sbipmu/dev_fdt.h>

#include "dev/dev.h"

#define SIFIVE_TXDATA 0x00
#define SIFIVE_RXDATA 0x04
#define SIFIVE_TXCTRL 0x08
#define SIFIVE_RXCTRL 0x0C
#define SIFIVE_FULL   0x80000000U
#define SIFIVE_EMPTY  0x80000000U
#define SIFIVE_EN     0x1U

static uintptr_t sifive_base;

static volatile uint32_t *sifive_reg(unsigned int off)
{
	return (volatile uint32_t *)(sifive_base + off);
}

static void sifive_init(void)
{
	*sifive_reg(SIFIVE_TXCTRL) |= SIFIVE_EN;
	*sifive_reg(SIFIVE_RXCTRL) |= SIFIVE_EN;
}

static void sifive_putc(char c)
{
	while (*sifive_reg(SIFIVE_TXDATA) & SIFIVE_FULL)
		;
	*sifive_reg(SIFIVE_TXDATA) = (uint8_t)c;
}

static bool sifive_getc(char *c)
{
	uint32_t v = *sifive_reg(SIFIVE_RXDATA);

	if (v & SIFIVE_EMPTY)
		return false;
	*c = (char)v;
	return true;
}

static const struct fw_console_ops sifive_uart_ops = {
	.name = "sifive,uart0",
	.init = sifive_init,
	.putc = sifive_putc,
	.getc = sifive_getc,
};

static const struct fw_console_ops *
sifive_uart_probe(const struct dev_fdt_console *c)
{
	if (c->base > UINTPTR_MAX)
		return NULL;
	sifive_base = (uintptr_t)c->base;
	return &sifive_uart_ops;
}

static const char *const sifive_uart_compatible[] = {"sifive,uart0", NULL};

FW_CONSOLE_DRIVER(fw_console_sifive_uart) = {
	.fdt = {.compatible = sifive_uart_compatible,
		.type = DEV_FDT_CONSOLE_MMIO},
	.probe = sifive_uart_probe,
};
