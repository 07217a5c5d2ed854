/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Console channels. DBCN write_byte is preferred because it is the
 * current spec's console and works on any machine the firmware runs on;
 * the legacy putchar (EID 0x01) covers SBI 0.x era firmware such as
 * OpenSBI 1.1; the UART fallback, at the address the device tree gives,
 * lets a payload report even when the firmware offers no console at all.
 */
#include "console.h"

#include <stdint.h>

#include "dt.h"
#include "sbi.h"

#define UART_THR      0
#define UART_LSR      5
#define UART_LSR_THRE 0x20

static enum console_kind console_channel = CONSOLE_NONE;
static struct dt_uart console_uart;
static int console_spin;

void console_init(const void *dtb)
{
	if (sbi_probe(SBI_EXT_DBCN))
		console_channel = CONSOLE_DBCN;
	else if (sbi_probe(SBI_EXT_LEGACY_CONSOLE_PUTCHAR))
		console_channel = CONSOLE_LEGACY;
	else if (dt_stdout_uart(dtb, &console_uart))
		console_channel = CONSOLE_UART;
	else
		console_channel = CONSOLE_NONE;
}

void console_use_legacy(void)
{
	console_channel = CONSOLE_LEGACY;
}

enum console_kind console_kind(void)
{
	return console_channel;
}

const char *console_kind_name(void)
{
	switch (console_channel) {
	case CONSOLE_DBCN:
		return "SBI DBCN";
	case CONSOLE_LEGACY:
		return "legacy SBI putchar";
	case CONSOLE_UART:
		return "16550 UART";
	default:
		return "none";
	}
}

/* UART register @reg, spaced and sized as the tree's node says. */
static uint8_t console_uart_read(unsigned int reg)
{
	uintptr_t addr = (uintptr_t)console_uart.base +
			 ((uintptr_t)reg << console_uart.reg_shift);

	if (console_uart.io_width == 4)
		return (uint8_t) * (volatile uint32_t *)addr;
	return *(volatile uint8_t *)addr;
}

static void console_uart_write(unsigned int reg, uint8_t val)
{
	uintptr_t addr = (uintptr_t)console_uart.base +
			 ((uintptr_t)reg << console_uart.reg_shift);

	if (console_uart.io_width == 4)
		*(volatile uint32_t *)addr = val;
	else
		*(volatile uint8_t *)addr = val;
}

static void console_uart_putc(char c)
{
	while (!(console_uart_read(UART_LSR) & UART_LSR_THRE))
		;
	console_uart_write(UART_THR, (uint8_t)c);
}

void console_putc(char c)
{
	switch (console_channel) {
	case CONSOLE_DBCN:
		sbi_ecall(SBI_EXT_DBCN, SBI_EXT_DBCN_CONSOLE_WRITE_BYTE,
			  (unsigned char)c, 0, 0, 0, 0, 0);
		break;
	case CONSOLE_LEGACY:
		sbi_ecall(SBI_EXT_LEGACY_CONSOLE_PUTCHAR, 0, (unsigned char)c,
			  0, 0, 0, 0, 0);
		break;
	case CONSOLE_UART:
		console_uart_putc(c);
		break;
	default:
		break; /* no console: the payload runs on silently */
	}
}

void console_puts(const char *s)
{
	while (*s)
		console_putc(*s++);
}

void console_lock(void)
{
	while (__atomic_exchange_n(&console_spin, 1, __ATOMIC_ACQUIRE))
		;
}

void console_unlock(void)
{
	__atomic_store_n(&console_spin, 0, __ATOMIC_RELEASE);
}
