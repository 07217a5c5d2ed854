/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The HSM state machine, firmware/rt/hsm.c, on the firmware's own hart
 * table (tests/sim/sim_fw_harts.h), call by call against SBI v3.0
 * chapter "Hart State Management Extension": the states of table "HSM
 * Hart States", each function's error table, and the suspend types of
 * table "HSM Hart Suspend Types". What the hardware half adds (the
 * doorbell, wfi, entering S-mode) is checked in QEMU by the conformance
 * payload and the Linux boots.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <sbipmu/sbi_spec.h>

#include "rt/hsm.h"
#include "sim/sim_fw_harts.h"

#define ADDR 0x80200000UL
#define ARG  0x87e00000UL

static int setup_two_harts(void **state)
{
	(void)state;
	if (!sim_fw_harts_dense(2))
		return -1;
	fw_hsm_boot_started(fw_hart_at(0));
	return 0;
}

static unsigned long status_of(unsigned long hartid)
{
	unsigned long s = ~0UL;

	assert_int_equal(fw_hsm_status(fw_hart_find(hartid), &s), SBI_SUCCESS);
	return s;
}

static void test_fw_hsm__harts_start_stopped_but_the_boot_hart(void **state)
{
	(void)state;
	assert_int_equal(status_of(0), SBI_HSM_STATE_STARTED);
	assert_int_equal(status_of(1), SBI_HSM_STATE_STOPPED);
}

static void
test_fw_hsm__start_of_stopped_hart_is_start_pending_until_it_runs(void **state)
{
	struct fw_hart *t = fw_hart_at(1);
	unsigned long addr = 0, arg = 0;

	(void)state;
	assert_false(fw_hsm_start_posted(t));
	assert_int_equal(fw_hsm_start(t, true, true, ADDR, ARG), SBI_SUCCESS);
	assert_int_equal(status_of(1), SBI_HSM_STATE_START_PENDING);
	assert_true(fw_hsm_start_posted(t));
	/* The hart takes start_addr and opaque as posted, and is started. */
	fw_hsm_take_start(t, &addr, &arg);
	assert_int_equal(addr, ADDR);
	assert_int_equal(arg, ARG);
	assert_int_equal(status_of(1), SBI_HSM_STATE_STARTED);
}

static void
test_fw_hsm__start_of_started_hart_is_already_available(void **state)
{
	unsigned long addr, arg;

	(void)state;
	assert_int_equal(fw_hsm_start(fw_hart_at(0), true, true, ADDR, 0),
			 SBI_ERR_ALREADY_AVAILABLE);
	/* Also a start of a hart started a moment ago... */
	assert_int_equal(fw_hsm_start(fw_hart_at(1), true, true, ADDR, 1),
			 SBI_SUCCESS);
	fw_hsm_take_start(fw_hart_at(1), &addr, &arg);
	assert_int_equal(fw_hsm_start(fw_hart_at(1), true, true, ADDR, 2),
			 SBI_ERR_ALREADY_AVAILABLE);
	assert_int_equal(status_of(1), SBI_HSM_STATE_STARTED);
}

static void
test_fw_hsm__second_start_while_pending_is_already_available_and_keeps_first(
	void **state)
{
	struct fw_hart *t = fw_hart_at(1);
	unsigned long addr = 0, arg = 0;

	(void)state;
	assert_int_equal(fw_hsm_start(t, true, true, ADDR, 1), SBI_SUCCESS);
	assert_int_equal(fw_hsm_start(t, true, true, ADDR + 4, 2),
			 SBI_ERR_ALREADY_AVAILABLE);
	fw_hsm_take_start(t, &addr, &arg);
	assert_int_equal(addr, ADDR);
	assert_int_equal(arg, 1);
}

static void test_fw_hsm__start_of_unknown_hart_is_invalid_param(void **state)
{
	(void)state;
	assert_null(fw_hart_find(2));
	assert_int_equal(fw_hsm_start(fw_hart_find(2), true, true, ADDR, 0),
			 SBI_ERR_INVALID_PARAM);
}

static void
test_fw_hsm__start_of_hart_without_s_mode_is_invalid_param(void **state)
{
	struct fw_hart *t = fw_hart_at(1);

	(void)state;
	t->s_mode = false;
	assert_int_equal(fw_hsm_start(t, true, true, ADDR, 0),
			 SBI_ERR_INVALID_PARAM);
	/* Checked before the address: a bad one changes nothing. */
	assert_int_equal(fw_hsm_start(t, false, true, 0, 0),
			 SBI_ERR_INVALID_PARAM);
	assert_false(fw_hsm_start_posted(t));
}

static void
test_fw_hsm__start_at_invalid_address_is_invalid_address_and_hart_stays_stopped(
	void **state)
{
	(void)state;
	assert_int_equal(fw_hsm_start(fw_hart_at(1), false, true, 1, 0),
			 SBI_ERR_INVALID_ADDRESS);
	assert_int_equal(status_of(1), SBI_HSM_STATE_STOPPED);
	/* The address is checked before the state, whatever the state. */
	assert_int_equal(fw_hsm_start(fw_hart_at(0), false, true, 1, 0),
			 SBI_ERR_INVALID_ADDRESS);
}

static void
test_fw_hsm__start_of_hart_not_yet_checked_in_is_taken_on_arrival(void **state)
{
	struct fw_hart *t = fw_hart_at(1);
	unsigned long addr = 0, arg = 0;

	(void)state;
	t->present = false; /* slow to arrive: still a hart of the tree */
	assert_int_equal(fw_hsm_start(t, true, true, ADDR, ARG), SBI_SUCCESS);
	t->present = true;
	assert_true(fw_hsm_start_posted(t));
	fw_hsm_take_start(t, &addr, &arg);
	assert_int_equal(addr, ADDR);
}

static void test_fw_hsm__stop_of_started_hart_is_stopped(void **state)
{
	(void)state;
	assert_int_equal(fw_hsm_stop(fw_hart_at(0)), SBI_SUCCESS);
	/* STOPPED at once, never STOP_PENDING when Linux asks. */
	assert_int_equal(status_of(0), SBI_HSM_STATE_STOPPED);
	/* And it can be started again. */
	assert_int_equal(fw_hsm_start(fw_hart_at(0), true, true, ADDR, 0),
			 SBI_SUCCESS);
}

static void test_fw_hsm__stop_of_hart_not_started_is_failed(void **state)
{
	(void)state;
	assert_int_equal(fw_hsm_stop(fw_hart_at(1)), SBI_ERR_FAILED);
	assert_int_equal(status_of(1), SBI_HSM_STATE_STOPPED);
}

static void
test_fw_hsm__get_status_of_unknown_hart_is_invalid_param(void **state)
{
	unsigned long s = 7;

	(void)state;
	assert_int_equal(fw_hsm_status(fw_hart_find(9), &s),
			 SBI_ERR_INVALID_PARAM);
	fw_hart_at(1)->s_mode = false;
	assert_int_equal(fw_hsm_status(fw_hart_at(1), &s),
			 SBI_ERR_INVALID_PARAM);
	assert_int_equal(s, 7);
}

static void
test_fw_hsm__suspend_reserved_or_platform_type_is_invalid_param(void **state)
{
	static const uint32_t types[] = {
		0x00000001, 0x0FFFFFFF, 0x10000000, 0x7FFFFFFF,
		0x80000001, 0x8FFFFFFF, 0x90000000, 0xFFFFFFFF,
	};
	unsigned int i;

	(void)state;
	for (i = 0; i < sizeof(types) / sizeof(types[0]); i++)
		assert_int_equal(
			fw_hsm_suspend_check(sbi_ext_hsm_suspend_type(types[i]),
					     true),
			SBI_ERR_INVALID_PARAM);
}

static void
test_fw_hsm__suspend_non_retentive_bad_resume_address_is_invalid_address(
	void **state)
{
	(void)state;
	assert_int_equal(
		fw_hsm_suspend_check(SBI_HSM_SUSPEND_NONRET_DEFAULT, false),
		SBI_ERR_INVALID_ADDRESS);
	assert_int_equal(
		fw_hsm_suspend_check(SBI_HSM_SUSPEND_NONRET_DEFAULT, true),
		SBI_SUCCESS);
}

static void test_fw_hsm__suspend_retentive_ignores_resume_address(void **state)
{
	(void)state;
	assert_int_equal(
		fw_hsm_suspend_check(SBI_HSM_SUSPEND_RET_DEFAULT, false),
		SBI_SUCCESS);
}

static void
test_fw_hsm__suspended_hart_is_suspended_then_started_on_resume(void **state)
{
	(void)state;
	assert_int_equal(fw_hsm_suspend(fw_hart_at(0)), SBI_SUCCESS);
	assert_int_equal(status_of(0), SBI_HSM_STATE_SUSPENDED);
	/* A suspended hart is no stopped one: it cannot be started. */
	assert_int_equal(fw_hsm_start(fw_hart_at(0), true, true, ADDR, 0),
			 SBI_ERR_ALREADY_AVAILABLE);
	fw_hsm_resume(fw_hart_at(0));
	assert_int_equal(status_of(0), SBI_HSM_STATE_STARTED);
}

static void test_fw_hsm__suspend_of_hart_not_started_is_failed(void **state)
{
	(void)state;
	assert_int_equal(fw_hsm_suspend(fw_hart_at(1)), SBI_ERR_FAILED);
	assert_int_equal(status_of(1), SBI_HSM_STATE_STOPPED);
}

/* A start no doorbell can carry would leave the caller waiting for a
 * hart that never comes: FAILED, and the hart stays STOPPED, startable
 * once it can be rung. The spec's other errors still come first. */
static void
test_fw_hsm__start_of_hart_no_doorbell_reaches_is_failed(void **state)
{
	struct fw_hart *t = fw_hart_at(1);

	(void)state;
	assert_int_equal(fw_hsm_start(t, true, false, ADDR, ARG),
			 SBI_ERR_FAILED);
	assert_int_equal(status_of(1), SBI_HSM_STATE_STOPPED);
	assert_false(fw_hsm_start_posted(t));
	assert_int_equal(fw_hsm_start(t, false, false, ADDR, ARG),
			 SBI_ERR_INVALID_ADDRESS);
	assert_int_equal(fw_hsm_start(fw_hart_at(0), true, false, ADDR, ARG),
			 SBI_ERR_ALREADY_AVAILABLE);
	assert_int_equal(fw_hsm_start(t, true, true, ADDR, ARG), SBI_SUCCESS);
}

#define T(name) cmocka_unit_test_setup(test_fw_hsm__##name, setup_two_harts)

int main(void)
{
	const struct CMUnitTest tests[] = {
		T(harts_start_stopped_but_the_boot_hart),
		T(start_of_stopped_hart_is_start_pending_until_it_runs),
		T(start_of_started_hart_is_already_available),
		T(second_start_while_pending_is_already_available_and_keeps_first),
		T(start_of_unknown_hart_is_invalid_param),
		T(start_of_hart_without_s_mode_is_invalid_param),
		T(start_at_invalid_address_is_invalid_address_and_hart_stays_stopped),
		T(start_of_hart_not_yet_checked_in_is_taken_on_arrival),
		T(start_of_hart_no_doorbell_reaches_is_failed),
		T(stop_of_started_hart_is_stopped),
		T(stop_of_hart_not_started_is_failed),
		T(get_status_of_unknown_hart_is_invalid_param),
		T(suspend_reserved_or_platform_type_is_invalid_param),
		T(suspend_non_retentive_bad_resume_address_is_invalid_address),
		T(suspend_retentive_ignores_resume_address),
		T(suspended_hart_is_suspended_then_started_on_resume),
		T(suspend_of_hart_not_started_is_failed),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
