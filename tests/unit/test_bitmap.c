/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The core's bit helpers (core/pmu_bitmap.h): lowest/highest set bit for
 * every position and with other bits around it, and the iterator visiting each
 * set bit once, lowest first, without touching the set it walks.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "../core/pmu_bitmap.h"

static void test_bit_lowest__every_position(void **state)
{
	unsigned int i;

	(void)state;
	for (i = 0; i < 64; i++) {
		assert_int_equal(pmu_bit_lowest(1ULL << i), i);
		/* bits above the lowest do not matter */
		assert_int_equal(pmu_bit_lowest(~0ULL << i), i);
	}
}

static void test_bit_highest__every_position(void **state)
{
	unsigned int i;

	(void)state;
	for (i = 0; i < 64; i++) {
		assert_int_equal(pmu_bit_highest(1ULL << i), i);
		assert_int_equal(pmu_bit_highest(~0ULL >> (63 - i)), i);
	}
}

static void test_for_each_bit__visits_each_once_in_order(void **state)
{
	const uint64_t set = 0x8000000000040005ULL;
	const unsigned int want[] = {0, 2, 18, 63};
	uint64_t rest, copy = set;
	unsigned int i, n = 0;

	(void)state;
	pmu_for_each_bit (i, rest, copy) {
		assert_true(n < 4);
		assert_int_equal(i, want[n]);
		n++;
	}
	assert_int_equal(n, 4);
	assert_true(copy == set);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_bit_lowest__every_position),
		cmocka_unit_test(test_bit_highest__every_position),
		cmocka_unit_test(test_for_each_bit__visits_each_once_in_order),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
