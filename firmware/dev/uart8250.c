/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * ns16550 / 8250 UART console (QEMU virt's ns16550a, snps,dw-apb-uart):
 * polled output and non-blocking input, registers reg-shift apart and
 * reg-io-width (1 or 4) bytes wide. No interrupts, no FIFO or baud set-up:
 * QEMU needs none, and Linux's 8250 driver programs the UART itself.
 */
#include <stddef.h>

#include <sbipmu/dev_fdt.h>

#include "dev/dev.h"

#define UART_THR      0
#define UART_RBR      0
#define UART_LSR      5
#define UART_LSR_DR   0x01
#define UART_LSR_THRE 0x20

static uintptr_t uart_base;
static unsigned int uart_shift;
static unsigned int uart_width;

static uint8_t uart_read(unsigned int reg)
{
	uintptr_t a = uart_base + ((uintptr_t)reg << uart_shift);

	if (uart_width == 4)
		return (uint8_t) * (volatile uint32_t *)a;
	return *(volatile uint8_t *)a;
}

static void uart_write(unsigned int reg, uint8_t v)
{
	uintptr_t a = uart_base + ((uintptr_t)reg << uart_shift);

	if (uart_width == 4)
		*(volatile uint32_t *)a = v;
	else
		*(volatile uint8_t *)a = v;
}

static void uart_putc(char c)
{
	while (!(uart_read(UART_LSR) & UART_LSR_THRE))
		;
	uart_write(UART_THR, (uint8_t)c);
}

static bool uart_getc(char *c)
{
	if (!(uart_read(UART_LSR) & UART_LSR_DR))
		return false;
	*c = (char)uart_read(UART_RBR);
	return true;
}

static const struct fw_console_ops uart8250_ops = {
	.name = "ns16550",
	.putc = uart_putc,
	.getc = uart_getc,
};

static const struct fw_console_ops *
uart8250_probe(const struct dev_fdt_console *c)
{
	if (c->base > UINTPTR_MAX)
		return NULL;
	uart_base = (uintptr_t)c->base;
	uart_shift = c->reg_shift;
	uart_width = c->reg_io_width;
	return &uart8250_ops;
}

static const char *const uart8250_compatible[] = {"ns16550a", "ns16550",
						  "snps,dw-apb-uart", NULL};

FW_CONSOLE_DRIVER(fw_console_uart8250) = {
	.fdt = {.compatible = uart8250_compatible,
		.type = DEV_FDT_CONSOLE_UART8250},
	.probe = uart8250_probe,
};
