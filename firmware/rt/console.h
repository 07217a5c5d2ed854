/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The M-mode console: the console device's bytes, a small printf for the boot
 * banner and diagnostics, and the byte-level access the SBI debug console
 * (DBCN) needs. One lock keeps lines from different harts apart.
 */
#ifndef FW_CONSOLE_H
#define FW_CONSOLE_H

#include <stdbool.h>
#include <stddef.h>

/*
 * A console driver: polled output and non-blocking input. The device
 * layer picks one from the tree and attaches it (dev/dev.c); until then,
 * and without one, bytes go nowhere.
 */
struct fw_console_ops {
	const char *name;
	void (*init)(void);
	void (*putc)(char c);
	bool (*getc)(char *c); /* NULL: output only */
};

void fw_console_attach(const struct fw_console_ops *ops);

void fw_console_putc(char c);
/* Non-blocking read: true and *c set when a byte was waiting. */
bool fw_console_getc(char *c);

void fw_console_lock(void);
void fw_console_unlock(void);
/*
 * For a fatal report: wait a bounded time for the lock, then release it
 * whoever holds it (the reporting hart itself, if it faulted inside a
 * printf, or a hart that will never let go). Lines may then interleave;
 * the report goes out.
 */
void fw_console_reclaim(void);

/* printf subset: %c %s %d %i %u %x %p, flags '0' '-', width, l/ll/z. */
void fw_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* The same, for a caller that holds the lock across several calls. */
void fw_printf_locked(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));

#endif
