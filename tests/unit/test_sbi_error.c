/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The names of the SBI error codes (sbi/sbi_error.c): each code of the
 * SBI v3.0 table "Standard SBI Errors" maps to the spec's name for it,
 * in full and without its prefix, every name differs from the others,
 * and a number that is no SBI error (positive, below the table, far
 * beyond either end) gets a name that says so and that no code has.
 */
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include <sbipmu/sbi_spec.h>

#define N(a) (sizeof(a) / sizeof((a)[0]))

/* The spec's table, written out here: the values and names to expect. */
static const struct {
	long code;
	const char *name;
	const char *short_name;
} spec_errors[] = {
	{0, "SBI_SUCCESS", "SUCCESS"},
	{-1, "SBI_ERR_FAILED", "FAILED"},
	{-2, "SBI_ERR_NOT_SUPPORTED", "NOT_SUPPORTED"},
	{-3, "SBI_ERR_INVALID_PARAM", "INVALID_PARAM"},
	{-4, "SBI_ERR_DENIED", "DENIED"},
	{-5, "SBI_ERR_INVALID_ADDRESS", "INVALID_ADDRESS"},
	{-6, "SBI_ERR_ALREADY_AVAILABLE", "ALREADY_AVAILABLE"},
	{-7, "SBI_ERR_ALREADY_STARTED", "ALREADY_STARTED"},
	{-8, "SBI_ERR_ALREADY_STOPPED", "ALREADY_STOPPED"},
	{-9, "SBI_ERR_NO_SHMEM", "NO_SHMEM"},
	{-10, "SBI_ERR_INVALID_STATE", "INVALID_STATE"},
	{-11, "SBI_ERR_BAD_RANGE", "BAD_RANGE"},
	{-12, "SBI_ERR_TIMEOUT", "TIMEOUT"},
	{-13, "SBI_ERR_IO", "IO"},
	{-14, "SBI_ERR_DENIED_LOCKED", "DENIED_LOCKED"},
};

static const long not_errors[] = {
	1, 2, 0x7F, -15, -16, -100, LONG_MAX, LONG_MIN, LONG_MIN + 1,
};

static void test_sbi_error__each_spec_code__its_spec_name(void **state)
{
	size_t i;

	(void)state;
	for (i = 0; i < N(spec_errors); i++) {
		assert_true(sbi_error_is_defined(spec_errors[i].code));
		assert_string_equal(sbi_error_name(spec_errors[i].code),
				    spec_errors[i].name);
		assert_string_equal(sbi_error_short_name(spec_errors[i].code),
				    spec_errors[i].short_name);
	}
}

/* The macros are the numbers the table gives (a spot check per end). */
static void test_sbi_error__macros__the_spec_numbers(void **state)
{
	(void)state;
	assert_int_equal(SBI_SUCCESS, 0);
	assert_int_equal(SBI_ERR_FAILED, -1);
	assert_int_equal(SBI_ERR_INVALID_PARAM, -3);
	assert_int_equal(SBI_ERR_DENIED_LOCKED, -14);
	assert_int_equal(SBI_ERR_LOWEST, -14);
	/* and this test's table has every code of theirs */
	assert_int_equal(N(spec_errors), 1 - SBI_ERR_LOWEST);
	assert_string_equal(sbi_error_name(SBI_ERR_LOWEST),
			    "SBI_ERR_DENIED_LOCKED");
}

static void test_sbi_error__names__all_different(void **state)
{
	size_t i, j;

	(void)state;
	for (i = 0; i < N(spec_errors); i++)
		for (j = i + 1; j < N(spec_errors); j++) {
			long a = spec_errors[i].code, b = spec_errors[j].code;

			assert_string_not_equal(sbi_error_name(a),
						sbi_error_name(b));
			assert_string_not_equal(sbi_error_short_name(a),
						sbi_error_short_name(b));
		}
}

static void test_sbi_error__not_an_error__named_unknown(void **state)
{
	size_t i, j;

	(void)state;
	for (i = 0; i < N(not_errors); i++) {
		long e = not_errors[i];

		assert_false(sbi_error_is_defined(e));
		assert_string_equal(sbi_error_name(e), "(not an SBI error)");
		assert_string_equal(sbi_error_short_name(e),
				    "(not an SBI error)");
		for (j = 0; j < N(spec_errors); j++)
			assert_string_not_equal(sbi_error_name(e),
						spec_errors[j].name);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sbi_error__each_spec_code__its_spec_name),
		cmocka_unit_test(test_sbi_error__macros__the_spec_numbers),
		cmocka_unit_test(test_sbi_error__names__all_different),
		cmocka_unit_test(test_sbi_error__not_an_error__named_unknown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
