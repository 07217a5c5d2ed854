/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * lib/string.c, the firmware's libc subset, checked against the host's
 * libc on every offset and length up to a bound, on bytes with the top
 * bit set (signedness), on overlapping moves in both directions and on
 * character arguments beyond 255. lib/string.c is linked here under the
 * names lib_* (see lib_string_rename.h).
 */
#define _POSIX_C_SOURCE 200809L /* strnlen, the reference */

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

/* lib/string.h seen through the renaming: declares lib_memcpy, ... */
#include "lib_string_rename.h"
#include "../../lib/string.h"
#undef memcpy
#undef memmove
#undef memset
#undef memcmp
#undef memchr
#undef strlen
#undef strnlen
#undef strcmp
#undef strncmp
#undef strchr
#undef strrchr

#include <string.h> /* libc: the reference */

#define BUF    96
#define MAXLEN 40

static unsigned int test_string_seed = 12345;

/* Deterministic bytes, top bit often set. */
static unsigned char test_string_byte(void)
{
	test_string_seed = test_string_seed * 1103515245u + 12345u;
	return (unsigned char)(test_string_seed >> 16);
}

static void test_string_fill(unsigned char *buf, size_t n)
{
	for (size_t i = 0; i < n; i++)
		buf[i] = test_string_byte();
}

/* A string of @len non-zero bytes at @s, terminated, drawn from @alphabet. */
static void test_string_make(char *s, size_t len, const char *alphabet)
{
	size_t k = strlen(alphabet);

	for (size_t i = 0; i < len; i++)
		s[i] = alphabet[test_string_byte() % k];
	s[len] = '\0';
}

static int test_string_sign(int v)
{
	return (v > 0) - (v < 0);
}

static void test_memcpy_matches_libc_every_offset_and_length(void **state)
{
	unsigned char src[BUF], want[BUF], got[BUF];

	(void)state;
	for (size_t off = 0; off < 8; off++) {
		for (size_t n = 0; n <= MAXLEN; n++) {
			test_string_fill(src, sizeof(src));
			test_string_fill(want, sizeof(want));
			memcpy(got, want, sizeof(got));
			assert_ptr_equal(lib_memcpy(got + off, src + 3, n),
					 got + off);
			memcpy(want + off, src + 3, n);
			assert_memory_equal(got, want, sizeof(got));
		}
	}
}

/* Overlap with the destination before and after the source. */
static void test_memmove_overlapping_both_directions(void **state)
{
	unsigned char want[BUF], got[BUF];

	(void)state;
	for (size_t dst = 0; dst < 16; dst++) {
		for (size_t src = 0; src < 16; src++) {
			for (size_t n = 0; n <= MAXLEN; n += 3) {
				test_string_fill(want, sizeof(want));
				memcpy(got, want, sizeof(got));
				assert_ptr_equal(
					lib_memmove(got + dst, got + src, n),
					got + dst);
				memmove(want + dst, want + src, n);
				assert_memory_equal(got, want, sizeof(got));
			}
		}
	}
}

/* memset stores (unsigned char)c: 0x1FF writes 0xFF, -1 writes 0xFF. */
static void test_memset_stores_low_byte_of_c(void **state)
{
	static const int values[] = {0, 0x5A, 0xFF, 0x1FF, -1, 0x180};
	unsigned char want[BUF], got[BUF];

	(void)state;
	for (size_t v = 0; v < sizeof(values) / sizeof(values[0]); v++) {
		for (size_t n = 0; n <= MAXLEN; n++) {
			test_string_fill(want, sizeof(want));
			memcpy(got, want, sizeof(got));
			assert_ptr_equal(lib_memset(got + 5, values[v], n),
					 got + 5);
			memset(want + 5, values[v], n);
			assert_memory_equal(got, want, sizeof(got));
		}
	}
}

/* Bytes compare as unsigned: 0x80 is greater than 0x7F. */
static void test_memcmp_sign_matches_libc_unsigned_bytes(void **state)
{
	unsigned char a[BUF], b[BUF];

	(void)state;
	for (size_t n = 0; n <= MAXLEN; n++) {
		for (size_t diff = 0; diff <= n; diff++) {
			test_string_fill(a, sizeof(a));
			memcpy(b, a, sizeof(b));
			if (diff < n)
				b[diff] = (unsigned char)(a[diff] ^ 0x80);
			assert_int_equal(test_string_sign(lib_memcmp(a, b, n)),
					 test_string_sign(memcmp(a, b, n)));
			assert_int_equal(test_string_sign(lib_memcmp(b, a, n)),
					 test_string_sign(memcmp(b, a, n)));
		}
	}
}

/* memchr looks for (unsigned char)c: 0x141 finds 'A', 0x80 finds 0x80. */
static void test_memchr_finds_first_within_length(void **state)
{
	static const int values[] = {0, 'A', 0x141, 0x80, -128, 0xFF};
	unsigned char buf[BUF];

	(void)state;
	for (size_t v = 0; v < sizeof(values) / sizeof(values[0]); v++) {
		for (size_t n = 0; n <= MAXLEN; n++) {
			test_string_fill(buf, sizeof(buf));
			buf[n / 2] = (unsigned char)values[v];
			assert_ptr_equal(lib_memchr(buf, values[v], n),
					 memchr(buf, values[v], n));
		}
	}
}

static void test_strlen_and_strnlen_every_bound(void **state)
{
	char s[BUF];

	(void)state;
	for (size_t len = 0; len <= MAXLEN; len++) {
		test_string_make(s, len, "ab\x80\xff");
		assert_int_equal(lib_strlen(s), strlen(s));
		for (size_t max = 0; max <= MAXLEN + 2; max++)
			assert_int_equal(lib_strnlen(s, max), strnlen(s, max));
	}
}

/* Prefixes, equal strings and high-bit bytes, with every bound n. */
static void test_strcmp_and_strncmp_sign_matches_libc(void **state)
{
	char a[BUF], b[BUF];

	(void)state;
	for (size_t la = 0; la <= 12; la++) {
		for (size_t lb = 0; lb <= 12; lb++) {
			test_string_make(a, la, "a\x80");
			test_string_make(b, lb, "a\x80");
			assert_int_equal(test_string_sign(lib_strcmp(a, b)),
					 test_string_sign(strcmp(a, b)));
			for (size_t n = 0; n <= 14; n++) {
				int want = strncmp(a, b, n);

				assert_int_equal(
					test_string_sign(lib_strncmp(a, b, n)),
					test_string_sign(want));
			}
		}
	}
}

/* The terminator counts as part of the string; c converts to char. */
static void test_strchr_and_strrchr_include_terminator(void **state)
{
	static const int values[] = {0, 'a', 'b', 'z', 0x80, 0x161, -1};
	char s[BUF];

	(void)state;
	for (size_t len = 0; len <= MAXLEN; len++) {
		test_string_make(s, len, "ab\x80\xff");
		for (size_t v = 0; v < sizeof(values) / sizeof(values[0]);
		     v++) {
			assert_ptr_equal(lib_strchr(s, values[v]),
					 strchr(s, values[v]));
			assert_ptr_equal(lib_strrchr(s, values[v]),
					 strrchr(s, values[v]));
		}
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(
			test_memcpy_matches_libc_every_offset_and_length),
		cmocka_unit_test(test_memmove_overlapping_both_directions),
		cmocka_unit_test(test_memset_stores_low_byte_of_c),
		cmocka_unit_test(test_memcmp_sign_matches_libc_unsigned_bytes),
		cmocka_unit_test(test_memchr_finds_first_within_length),
		cmocka_unit_test(test_strlen_and_strnlen_every_bound),
		cmocka_unit_test(test_strcmp_and_strncmp_sign_matches_libc),
		cmocka_unit_test(test_strchr_and_strrchr_include_terminator),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
