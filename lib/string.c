/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The libc string functions the firmware links: those libfdt calls, and
 * memcpy/memmove/memset/memcmp, which the compiler may call on its own for
 * structure copies even in freestanding code. Byte-at-a-time on purpose:
 * the firmware copies a few hundred bytes at boot, and a loop this simple
 * is obviously right. mk/libfdt.mk compiles this file with
 * -fno-tree-loop-distribute-patterns, without which GCC would turn the
 * loop of memset() into a call to memset().
 */
#include <stdint.h>

#include "string.h"

void *memcpy(void *restrict dst, const void *restrict src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;

	for (size_t i = 0; i < n; i++)
		d[i] = s[i];
	return dst;
}

void *memmove(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;

	/*
	 * Copying forwards would overwrite source bytes not yet read when
	 * the destination starts inside the source: then go backwards. The
	 * unsigned difference is below n exactly in that case.
	 */
	if ((uintptr_t)d - (uintptr_t)s < n) {
		for (size_t i = n; i > 0; i--)
			d[i - 1] = s[i - 1];
	} else {
		for (size_t i = 0; i < n; i++)
			d[i] = s[i];
	}
	return dst;
}

void *memset(void *dst, int c, size_t n)
{
	unsigned char *d = dst;

	for (size_t i = 0; i < n; i++)
		d[i] = (unsigned char)c;
	return dst;
}

int memcmp(const void *a, const void *b, size_t n)
{
	const unsigned char *x = a;
	const unsigned char *y = b;

	for (size_t i = 0; i < n; i++) {
		if (x[i] != y[i])
			return x[i] - y[i];
	}
	return 0;
}

void *memchr(const void *s, int c, size_t n)
{
	const unsigned char *p = s;

	for (size_t i = 0; i < n; i++) {
		if (p[i] == (unsigned char)c)
			return (void *)(p + i);
	}
	return NULL;
}

size_t strlen(const char *s)
{
	size_t n = 0;

	while (s[n] != '\0')
		n++;
	return n;
}

size_t strnlen(const char *s, size_t max)
{
	size_t n = 0;

	while (n < max && s[n] != '\0')
		n++;
	return n;
}

/* Both compare as unsigned char, as the standard requires. */
int strcmp(const char *a, const char *b)
{
	return strncmp(a, b, SIZE_MAX);
}

int strncmp(const char *a, const char *b, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		unsigned char x = (unsigned char)a[i];
		unsigned char y = (unsigned char)b[i];

		if (x != y || x == '\0')
			return x - y;
	}
	return 0;
}

/* The terminator is part of the string: strchr(s, 0) finds it. */
char *strchr(const char *s, int c)
{
	for (size_t i = 0;; i++) {
		if (s[i] == (char)c)
			return (char *)(s + i);
		if (s[i] == '\0')
			return NULL;
	}
}

char *strrchr(const char *s, int c)
{
	const char *found = NULL;

	for (size_t i = 0;; i++) {
		if (s[i] == (char)c)
			found = s + i;
		if (s[i] == '\0')
			return (char *)found;
	}
}
