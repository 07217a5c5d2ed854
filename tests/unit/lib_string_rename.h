/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Host test of lib/string.c: the firmware's string functions carry the
 * standard names, which on the host belong to libc. mk/libfdt.mk
 * force-includes this header when it compiles lib/string.c for the test,
 * so the object defines lib_memcpy, ... and libc stays untouched;
 * test_string.c includes it to declare the same names (see there).
 */
#define memcpy	lib_memcpy
#define memmove lib_memmove
#define memset	lib_memset
#define memcmp	lib_memcmp
#define memchr	lib_memchr
#define strlen	lib_strlen
#define strnlen lib_strnlen
#define strcmp	lib_strcmp
#define strncmp lib_strncmp
#define strchr	lib_strchr
#define strrchr lib_strrchr
