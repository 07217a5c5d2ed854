/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Console output of a payload, through the best channel the firmware
 * offers: SBI DBCN if probed, else the legacy SBI putchar, else the
 * 16550 UART that the device tree's /chosen/stdout-path names, written
 * directly; with none of them output is dropped and the payload runs on.
 * Output is serialised across harts.
 */
#ifndef PAYLOAD_CONSOLE_H
#define PAYLOAD_CONSOLE_H

enum console_kind {
	CONSOLE_DBCN,
	CONSOLE_LEGACY,
	CONSOLE_UART,
	CONSOLE_NONE,
};

/*
 * Choose the channel (the UART from @dtb); call once on the boot hart
 * before any output.
 */
void console_init(const void *dtb);
/*
 * Write through the legacy putchar from now on, whatever console_init()
 * chose: for a program that must make legacy SBI calls only.
 */
void console_use_legacy(void);
enum console_kind console_kind(void);
const char *console_kind_name(void);

void console_putc(char c);
void console_puts(const char *s);

/* Whole-line serialisation for printf (a spinlock, not reentrant). */
void console_lock(void);
void console_unlock(void);

#endif
