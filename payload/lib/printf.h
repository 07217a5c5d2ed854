/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A small printf for payloads: %d %i %u %x %X %p %s %c %%, length
 * modifiers l, ll and z, flags '0' and '-', and a field width. printf()
 * writes to the console as one unit (no interleaving between harts);
 * snprintf() always terminates the buffer and returns the length the
 * full output would have had.
 */
#ifndef PAYLOAD_PRINTF_H
#define PAYLOAD_PRINTF_H

#include <stdarg.h>
#include <stddef.h>

int printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int vprintf(const char *fmt, va_list ap);
int snprintf(char *buf, size_t size, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
int vsnprintf(char *buf, size_t size, const char *fmt, va_list ap);

#endif
