/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pmu_overflow_irq(): the firmware takes the local counter-overflow
 * interrupt itself (Sscofpmf, while SSE routes it) and the PMU core
 * raises it to the platform through its overflow hook, knowing nothing
 * of SSE. What Linux expects afterwards (docs/facts.md F1.11): LCOFIP
 * acknowledged, the OF bit still set for scountovf, and START clearing
 * it so the next overflow interrupts again.
 */
#include "test_util.h"

#define NEAR_MAX(n) (~0ULL - (n))

/* A counter overflowing: LCOFIP raised as the hardware would. */
static void overflow_counter(struct sim_env *env, unsigned long idx)
{
	map_and_start(env, idx, EV_DTLB_READ_MISS, 0, NEAR_MAX(1));
	sim_hart_tick(&env->hart[0], 4);
	assert_true(env->hart[0].lcofip);
}

/* Acknowledged, reported with the overflowed counter, OF kept. */
static void test_overflow_irq__acknowledged_and_reported(void **state)
{
	struct sim_env *env = *state;
	uint64_t ovf;

	overflow_counter(env, 4);
	ovf = pmu_overflow_irq(tu_hart(env));
	assert_int_equal(ovf, 1ULL << 4);
	assert_false(env->hart[0].lcofip);
	assert_int_equal(env->overflow_calls, 1);
	assert_int_equal(env->overflow_last, 1ULL << 4);
	assert_ptr_equal(env->overflow_hal_ctx, &env->hart[0]);
	/* OF stays for the supervisor's scountovf. */
	assert_true(env->hart[0].event[4] & MHPMEVENT_OF);
	tu_check_invariants(env, __FILE__, __LINE__);
}

/* Linux's restart: STOP, START clears OF; the next overflow interrupts. */
static void test_overflow_irq__restart__next_overflow_raises(void **state)
{
	struct sim_env *env = *state;

	overflow_counter(env, 4);
	pmu_overflow_irq(tu_hart(env));
	assert_ok(stop(env, 4, 1, 0));
	assert_ok(start(env, 4, 1, SBI_PMU_START_FLAG_SET_INIT_VALUE,
			NEAR_MAX(1)));
	assert_false(env->hart[0].event[4] & MHPMEVENT_OF);
	sim_hart_tick(&env->hart[0], 4);
	assert_true(env->hart[0].lcofip);
	assert_int_equal(pmu_overflow_irq(tu_hart(env)), 1ULL << 4);
	assert_int_equal(env->overflow_calls, 2);
}

/*
 * A client resets its overflowed counter and leaves LCOFIP pending: the
 * overflow went with the counter, so it must not reach the next client
 * (docs/semantics.md, "stale overflow").
 */
static void test_stop_reset__stale_overflow__lcofip_dropped(void **state)
{
	struct sim_env *env = *state;

	overflow_counter(env, 4);
	assert_ok(stop(env, 4, 1, SBI_PMU_STOP_FLAG_RESET));
	assert_false(env->hart[0].lcofip);
	/* the next client starts a counter from 0: nothing pending */
	map_and_start(env, 5, EV_DTLB_READ_MISS, 0, 0);
	sim_hart_tick(&env->hart[0], 100);
	assert_false(env->hart[0].lcofip);
}

/* ... but not while another counter that ran still shows its overflow. */
static void test_stop_reset__other_overflow_pending__lcofip_kept(void **state)
{
	struct sim_env *env = *state;

	overflow_counter(env, 4);
	map_and_start(env, 5, EV_DTLB_READ_MISS, 0, NEAR_MAX(1));
	sim_hart_tick(&env->hart[0], 4);
	assert_true(env->hart[0].event[5] & MHPMEVENT_OF);
	assert_ok(stop(env, 4, 1, SBI_PMU_STOP_FLAG_RESET));
	assert_true(env->hart[0].lcofip);
	/* nor for a configured counter's own OF (set at CFG_MATCH) */
	assert_ok(stop(env, 5, 1, SBI_PMU_STOP_FLAG_RESET));
	assert_false(env->hart[0].lcofip);
	overflow_counter(env, 4);
	assert_ok(cfg_match(env, 6, 1, 0, EV_DTLB_READ_MISS, 0));
	assert_ok(stop(env, 4, 1, SBI_PMU_STOP_FLAG_RESET));
	assert_false(env->hart[0].lcofip);
}

/* Without Sscofpmf there is no overflow interrupt: nothing to do. */
static void test_overflow_irq__no_sscofpmf__nothing(void **state)
{
	struct sim_env *env = *state;

	assert_int_equal(pmu_overflow_irq(tu_hart(env)), 0);
	assert_int_equal(env->overflow_calls, 0);
	tu_check_invariants(env, __FILE__, __LINE__);
}

#define T(fn, setup) cmocka_unit_test_setup_teardown(fn, setup, tu_teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_overflow_irq__acknowledged_and_reported, tu_setup_qemu),
		T(test_overflow_irq__restart__next_overflow_raises,
		  tu_setup_qemu),
		T(test_stop_reset__stale_overflow__lcofip_dropped,
		  tu_setup_qemu),
		T(test_stop_reset__other_overflow_pending__lcofip_kept,
		  tu_setup_qemu),
		T(test_overflow_irq__no_sscofpmf__nothing,
		  tu_setup_no_sscofpmf),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
