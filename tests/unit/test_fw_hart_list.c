/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Hart lists, firmware/rt/hart_list.c, on the firmware's own hart table
 * (tests/sim/sim_fw_harts.h): SBI v3.0 "Hart list parameter" (a mask
 * of XLEN hart ids from hart_mask_base on; base -1 ignores the mask and
 * means every available hart) and the IPI and RFENCE calls' error for
 * it, "SBI_ERR_INVALID_PARAM: At least one hartid constructed from
 * hart_mask_base and hart_mask, is not valid, i.e. either the hartid is
 * not enabled by the platform or is not available to the supervisor".
 * A hart the table does not list is not enabled; one that never checked
 * in, or has no S-mode, is not available. A stopped hart is available:
 * S-mode may start it (HSM), so it may also be named. The host's
 * unsigned long is 64 bits, as an RV64 register.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <sbipmu/sbi_spec.h>

#include "rt/hart_list.h"
#include "rt/hsm.h"
#include "sim/sim_fw_harts.h"

_Static_assert(sizeof(unsigned long) == 8, "RV64-sized registers");

/* The hart ids a decoded list walks through, in order; how many. */
static unsigned int walk(const struct fw_hartlist *list, unsigned long *ids,
			 unsigned int max)
{
	unsigned int cursor = 0, n = 0;
	struct fw_hart *h;

	while ((h = fw_hartlist_next(list, &cursor))) {
		assert_true(n < max);
		ids[n++] = h->hartid;
	}
	return n;
}

static void test_fw_hart_list__hart_mask_names_harts_from_base(void **state)
{
	struct fw_hartlist list;
	unsigned long ids[8];

	(void)state;
	assert_true(sim_fw_harts_dense(8));
	assert_int_equal(fw_hartlist_decode(0x5, 2, &list), SBI_SUCCESS);
	assert_int_equal(walk(&list, ids, 8), 2);
	assert_int_equal(ids[0], 2);
	assert_int_equal(ids[1], 4);
}

static void test_fw_hart_list__hart_mask_zero_names_no_hart(void **state)
{
	struct fw_hartlist list;
	unsigned long ids[4];

	(void)state;
	assert_true(sim_fw_harts_dense(4));
	assert_int_equal(fw_hartlist_decode(0, 0, &list), SBI_SUCCESS);
	assert_int_equal(walk(&list, ids, 4), 0);
	/* A base far beyond the table names nothing either. */
	assert_int_equal(fw_hartlist_decode(0, 1000, &list), SBI_SUCCESS);
	assert_int_equal(walk(&list, ids, 4), 0);
}

static void
test_fw_hart_list__hart_mask_base_minus_one_means_every_hart(void **state)
{
	static const unsigned long masks[] = {0, 1, 0x8000000000000000UL, ~0UL};
	struct fw_hartlist list;
	unsigned long ids[4];
	unsigned int i;

	(void)state;
	assert_true(sim_fw_harts_dense(4));
	/* The mask is ignored, whatever it holds, even bits of no hart. */
	for (i = 0; i < sizeof(masks) / sizeof(masks[0]); i++) {
		assert_int_equal(fw_hartlist_decode(masks[i], ~0UL, &list),
				 SBI_SUCCESS);
		assert_int_equal(walk(&list, ids, 4), 4);
		assert_int_equal(ids[0], 0);
		assert_int_equal(ids[3], 3);
	}
}

static void test_fw_hart_list__hart_mask_base_minus_one_skips_unavailable_harts(
	void **state)
{
	struct fw_hartlist list;
	unsigned long ids[4];

	(void)state;
	assert_true(sim_fw_harts_dense(4));
	fw_hart_at(1)->present = false; /* not checked in */
	fw_hart_at(2)->s_mode = false;	/* no S-mode */
	assert_int_equal(fw_hartlist_decode(0, ~0UL, &list), SBI_SUCCESS);
	assert_int_equal(walk(&list, ids, 4), 2);
	assert_int_equal(ids[0], 0);
	assert_int_equal(ids[1], 3);
}

static void
test_fw_hart_list__hart_mask_bit_beyond_table_is_invalid_param(void **state)
{
	struct fw_hartlist list;

	(void)state;
	assert_true(sim_fw_harts_dense(4));
	assert_int_equal(fw_hartlist_decode(1UL << 4, 0, &list),
			 SBI_ERR_INVALID_PARAM);
	/* One bad bit among good ones spoils the whole list. */
	assert_int_equal(fw_hartlist_decode(0x1F, 0, &list),
			 SBI_ERR_INVALID_PARAM);
	assert_int_equal(fw_hartlist_decode(1, 4, &list),
			 SBI_ERR_INVALID_PARAM);
}

static void
test_fw_hart_list__hart_mask_hart_not_checked_in_is_invalid_param(void **state)
{
	struct fw_hartlist list;

	(void)state;
	assert_true(sim_fw_harts_dense(4));
	fw_hart_at(3)->present = false;
	assert_int_equal(fw_hartlist_decode(1UL << 3, 0, &list),
			 SBI_ERR_INVALID_PARAM);
}

static void
test_fw_hart_list__hart_mask_hart_without_s_mode_is_invalid_param(void **state)
{
	struct fw_hartlist list;

	(void)state;
	assert_true(sim_fw_harts_dense(2));
	fw_hart_at(0)->s_mode = false; /* as sifive_u's hart 0 */
	assert_int_equal(fw_hartlist_decode(1, 0, &list),
			 SBI_ERR_INVALID_PARAM);
	assert_int_equal(fw_hartlist_decode(2, 0, &list), SBI_SUCCESS);
}

static void test_fw_hart_list__hart_mask_stopped_hart_is_available(void **state)
{
	struct fw_hartlist list;

	(void)state;
	assert_true(sim_fw_harts_dense(2)); /* both STOPPED */
	fw_hsm_boot_started(fw_hart_at(0));
	assert_int_equal(fw_hartlist_decode(3, 0, &list), SBI_SUCCESS);
}

static void
test_fw_hart_list__hart_mask_base_plus_bit_wrapping_is_invalid_param(
	void **state)
{
	struct fw_hartlist list;

	(void)state;
	assert_true(sim_fw_harts_dense(4));
	/* Base -2, bit 2: id 0 only by wrapping around; no such hart. */
	assert_int_equal(fw_hartlist_decode(1UL << 2, ~0UL - 1, &list),
			 SBI_ERR_INVALID_PARAM);
}

static void
test_fw_hart_list__hart_mask_bit_xlen_minus_one_is_last_id(void **state)
{
	struct fw_hartlist list;
	unsigned long ids[2];

	(void)state;
	assert_true(sim_fw_harts_dense(70));
	assert_int_equal(fw_hartlist_decode(1UL << 63, 5, &list), SBI_SUCCESS);
	assert_int_equal(walk(&list, ids, 2), 1);
	assert_int_equal(ids[0], 68);
}

static void test_fw_hart_list__hart_mask_sparse_hart_ids_are_found(void **state)
{
	static const unsigned long sparse[] = {0, 4, 100, 101};
	struct fw_hartlist list;
	unsigned long ids[4];

	(void)state;
	assert_true(sim_fw_harts(sparse, 4));
	assert_int_equal(fw_hartlist_decode(0x3, 100, &list), SBI_SUCCESS);
	assert_int_equal(walk(&list, ids, 4), 2);
	assert_int_equal(ids[0], 100);
	assert_int_equal(ids[1], 101);
	/* Hart 2 lies between listed ids: not enabled. */
	assert_int_equal(fw_hartlist_decode(1UL << 2, 0, &list),
			 SBI_ERR_INVALID_PARAM);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(
			test_fw_hart_list__hart_mask_names_harts_from_base),
		cmocka_unit_test(
			test_fw_hart_list__hart_mask_zero_names_no_hart),
		cmocka_unit_test(
			test_fw_hart_list__hart_mask_base_minus_one_means_every_hart),
		cmocka_unit_test(
			test_fw_hart_list__hart_mask_base_minus_one_skips_unavailable_harts),
		cmocka_unit_test(
			test_fw_hart_list__hart_mask_bit_beyond_table_is_invalid_param),
		cmocka_unit_test(
			test_fw_hart_list__hart_mask_hart_not_checked_in_is_invalid_param),
		cmocka_unit_test(
			test_fw_hart_list__hart_mask_hart_without_s_mode_is_invalid_param),
		cmocka_unit_test(
			test_fw_hart_list__hart_mask_stopped_hart_is_available),
		cmocka_unit_test(
			test_fw_hart_list__hart_mask_base_plus_bit_wrapping_is_invalid_param),
		cmocka_unit_test(
			test_fw_hart_list__hart_mask_bit_xlen_minus_one_is_last_id),
		cmocka_unit_test(
			test_fw_hart_list__hart_mask_sparse_hart_ids_are_found),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
