/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The part of <string.h> the firmware has: the firmware has no libc, and
 * libfdt plus our own code need only these. Firmware sources put lib/ on
 * the include path, so <string.h> means this file there. Semantics are
 * the C standard's; lib/string.c implements them and
 * tests/unit/test_string.c checks them against the host's libc.
 */
#ifndef SBIPMU_LIB_STRING_H
#define SBIPMU_LIB_STRING_H

#include <stddef.h>

void *memcpy(void *restrict dst, const void *restrict src, size_t n);
void *memmove(void *dst, const void *src, size_t n);
void *memset(void *dst, int c, size_t n);
int memcmp(const void *a, const void *b, size_t n);
void *memchr(const void *s, int c, size_t n);
size_t strlen(const char *s);
size_t strnlen(const char *s, size_t max);
int strcmp(const char *a, const char *b);
int strncmp(const char *a, const char *b, size_t n);
char *strchr(const char *s, int c);
char *strrchr(const char *s, int c);

#endif
