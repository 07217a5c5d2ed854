/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Console channels. DBCN write_byte is preferred because it is the
 * current spec's console; the legacy putchar (EID 0x01) covers SBI 0.x
 * era firmware such as OpenSBI 1.1; the UART fallback lets a payload
 * report even when the firmware offers no console at all.
 */
#include "console.h"

#include <stdint.h>

#include "sbi.h"

#define UART_BASE     0x10000000UL
#define UART_THR      0
#define UART_LSR      5
#define UART_LSR_THRE 0x20

#define DBCN_WRITE_BYTE 2

static enum console_kind console_channel = CONSOLE_UART;
static int console_spin;

void console_init(void)
{
	if (sbi_probe(SBI_EXT_DBCN))
		console_channel = CONSOLE_DBCN;
	else if (sbi_probe(SBI_EXT_LEGACY_PUTCHAR))
		console_channel = CONSOLE_LEGACY;
	else
		console_channel = CONSOLE_UART;
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
	default:
		return "16550 UART";
	}
}

static void console_uart_putc(char c)
{
	volatile uint8_t *uart = (volatile uint8_t *)UART_BASE;

	while (!(uart[UART_LSR] & UART_LSR_THRE))
		;
	uart[UART_THR] = (uint8_t)c;
}

void console_putc(char c)
{
	switch (console_channel) {
	case CONSOLE_DBCN:
		sbi_ecall(SBI_EXT_DBCN, DBCN_WRITE_BYTE, (unsigned char)c, 0, 0,
			  0, 0, 0);
		break;
	case CONSOLE_LEGACY:
		sbi_ecall(SBI_EXT_LEGACY_PUTCHAR, 0, (unsigned char)c, 0, 0, 0,
			  0, 0);
		break;
	default:
		console_uart_putc(c);
		break;
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
