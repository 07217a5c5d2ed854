/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Where events are delivered (section "Software Event States": local
 * vs global, PREFERRED_HART; FID 7's hart_id) and the PMU overflow
 * event's routing: a local event injected for another hart runs there
 * only after that hart's doorbell, a global one on its preferred hart
 * whoever injected it; the counter-overflow interrupt is taken by the
 * firmware exactly while the PMU event is ENABLED or RUNNING (its own
 * hart only), each overflow while pending is coalesced into one
 * delivery, and an overflow recorded but not delivered when SSE is
 * switched off is handed back to S-mode's ordinary interrupt.
 */
#include "sse_util.h"

/* FID 7: "the hart_id parameter refers to the hart on which ..." */
static void test_inject_local__other_hart__runs_there(void **state)
{
	struct sim_sse *s = *state;

	arm_on(s, 2, EV_LOCAL_SW, SE_ENTRY, SE_ARG);
	assert_ok(do_unmask_on(s, 2));
	arm(s, EV_LOCAL_SW, SE_ENTRY2, SE_ARG2);
	assert_ok(do_unmask(s));
	assert_ok(do_inject(s, EV_LOCAL_SW, SIM_SSE_HARTID(2)));
	/* Not on the caller, and not before hart 2 takes its doorbell. */
	assert_false(se_in_handler(s, 0, SE_ENTRY2, SE_ARG2));
	assert_int_equal(s->sim[2].kicks, 1);
	assert_false(se_in_handler(s, 2, SE_ENTRY, SE_ARG));
	sim_sse_take_ipis(s);
	assert_true(se_in_handler(s, 2, SE_ENTRY, SE_ARG));
	assert_int_equal(s->sim[1].kicks, 0);
	do_complete_on(s, 2);
	assert_int_equal(state_on(s, 2, EV_LOCAL_SW), SBI_SSE_STATE_ENABLED);
}

/* A local event not enabled on the target hart: the signal is dropped. */
static void test_inject_local__target_not_enabled__dropped(void **state)
{
	struct sim_sse *s = *state;

	assert_ok(do_register_on(s, 1, EV_LOCAL_SW, SE_ENTRY, SE_ARG));
	assert_ok(do_inject(s, EV_LOCAL_SW, SIM_SSE_HARTID(1)));
	sim_sse_take_ipis(s);
	assert_false(pending_on(s, 1, EV_LOCAL_SW));
	assert_ok(do_enable_on(s, 1, EV_LOCAL_SW));
	assert_ok(do_unmask_on(s, 1));
	assert_false(se_in_handler(s, 1, SE_ENTRY, SE_ARG));
}

/* A masked target keeps the event pending until it unmasks. */
static void test_inject_local__target_masked__pending(void **state)
{
	struct sim_sse *s = *state;

	arm_on(s, 1, EV_LOCAL_SW, SE_ENTRY, SE_ARG);
	assert_ok(do_inject(s, EV_LOCAL_SW, SIM_SSE_HARTID(1)));
	sim_sse_take_ipis(s);
	assert_true(pending_on(s, 1, EV_LOCAL_SW));
	assert_ok(do_unmask_on(s, 1));
	assert_true(se_in_handler(s, 1, SE_ENTRY, SE_ARG));
}

/*
 * A global event runs on its PREFERRED_HART, whichever hart injected it
 * and whatever hart_id it gave (docs/sse.md).
 */
static void test_inject_global__preferred_hart__runs_there(void **state)
{
	struct sim_sse *s = *state;
	unsigned int h;

	arm(s, EV_GLOBAL_SW, SE_ENTRY, SE_ARG);
	assert_ok(do_disable(s, EV_GLOBAL_SW));
	for (h = 0; h < 3; h++)
		assert_ok(do_unmask_on(s, h));
	for (h = 0; h < 3; h++) {
		unsigned int other = (h + 1) % 3;

		assert_ok(set_attr(s, EV_GLOBAL_SW, SBI_SSE_ATTR_PREFERRED_HART,
				   SIM_SSE_HARTID(h)));
		assert_ok(do_enable(s, EV_GLOBAL_SW));
		assert_ok(do_inject_on(s, other, EV_GLOBAL_SW,
				       SIM_SSE_HARTID(other)));
		sim_sse_take_ipis(s);
		assert_true(se_in_handler(s, h, SE_ENTRY, SE_ARG));
		assert_int_equal(s->hart[other].depth, 0);
		/* Its state is common: RUNNING seen from every hart. */
		assert_int_equal(state_on(s, other, EV_GLOBAL_SW),
				 SBI_SSE_STATE_RUNNING);
		do_complete_on(s, h);
		assert_ok(do_disable(s, EV_GLOBAL_SW));
	}
}

/* "For global events, only the hart executing the event handler ..." */
static void test_global_running__other_hart_writes__invalid_state(void **state)
{
	struct sim_sse *s = *state;

	assert_ok(set_attr(s, EV_GLOBAL_SW, SBI_SSE_ATTR_PREFERRED_HART,
			   SIM_SSE_HARTID(1)));
	arm(s, EV_GLOBAL_SW, SE_ENTRY, SE_ARG);
	assert_ok(do_unmask_on(s, 1));
	assert_ok(do_inject(s, EV_GLOBAL_SW, 0));
	sim_sse_take_ipis(s);
	assert_true(se_in_handler(s, 1, SE_ENTRY, SE_ARG));
	assert_err(set_attr(s, EV_GLOBAL_SW, SBI_SSE_ATTR_INTERRUPTED_A6, 1),
		   SBI_ERR_INVALID_STATE);
	assert_ok(set_attr_on(s, 1, EV_GLOBAL_SW, SBI_SSE_ATTR_INTERRUPTED_A6,
			      1));
	/* Reading is fine from anywhere. */
	assert_int_equal(attr(s, EV_GLOBAL_SW, SBI_SSE_ATTR_INTERRUPTED_A6), 1);
	/* COMPLETE on a hart running nothing does nothing. */
	assert_ok(do_complete(s));
	assert_int_equal(state_of(s, EV_GLOBAL_SW), SBI_SSE_STATE_RUNNING);
	do_complete_on(s, 1);
	assert_int_equal(state_of(s, EV_GLOBAL_SW), SBI_SSE_STATE_ENABLED);
}

/* A global event preferred elsewhere is not taken by the caller. */
static void test_inject_global__self_not_preferred__not_taken(void **state)
{
	struct sim_sse *s = *state;

	assert_ok(set_attr(s, EV_GLOBAL_SW, SBI_SSE_ATTR_PREFERRED_HART,
			   SIM_SSE_HARTID(2)));
	arm(s, EV_GLOBAL_SW, SE_ENTRY, SE_ARG);
	assert_ok(do_unmask(s));
	assert_ok(do_inject(s, EV_GLOBAL_SW, SIM_SSE_HARTID(0)));
	assert_int_equal(s->hart[0].depth, 0);
	assert_true(pending_of(s, EV_GLOBAL_SW));
	assert_int_equal(s->sim[2].kicks, 1);
	/* Hart 2 is masked: the event waits for it. */
	sim_sse_take_ipis(s);
	assert_true(pending_of(s, EV_GLOBAL_SW));
	assert_ok(do_unmask_on(s, 2));
	assert_true(se_in_handler(s, 2, SE_ENTRY, SE_ARG));
}

/*
 * Issue 10: while the PMU event is ENABLED (or RUNNING) the overflow
 * interrupt is the firmware's; disable hands it back.
 */
static void test_pmu_route__follows_enabled_state(void **state)
{
	struct sim_sse *s = *state;

	assert_ok(do_register(s, EV_PMU, SE_ENTRY, SE_ARG));
	assert_false(s->sim[0].routed);
	assert_ok(do_enable(s, EV_PMU));
	assert_true(s->sim[0].routed);
	assert_false(s->sim[1].routed);
	assert_ok(do_unmask(s));
	sim_sse_overflow(s, 0);
	assert_true(se_in_handler(s, 0, SE_ENTRY, SE_ARG));
	assert_true(s->sim[0].routed);
	do_complete(s);
	assert_true(s->sim[0].routed);
	assert_ok(do_disable(s, EV_PMU));
	assert_false(s->sim[0].routed);
	assert_ok(do_unregister(s, EV_PMU));
	/* Back to S-mode's own interrupt; nothing was left pending. */
	assert_false(s->sim[0].lcofip);
	sim_sse_overflow(s, 0);
	assert_true(s->sim[0].lcofip);
}

/* Overflows while the event is pending or running arrive once. */
static void test_pmu_overflow__while_pending__coalesced(void **state)
{
	struct sim_sse *s = *state;

	arm(s, EV_PMU, SE_ENTRY, SE_ARG);
	sim_sse_overflow(s, 0);
	sim_sse_overflow(s, 0);
	assert_true(pending_of(s, EV_PMU));
	assert_ok(do_unmask(s));
	assert_true(se_in_handler(s, 0, SE_ENTRY, SE_ARG));
	assert_int_equal(s->hart[0].depth, 1);
	/* One more while the handler runs: after it completes, once. */
	sim_sse_overflow(s, 0);
	sim_sse_overflow(s, 0);
	assert_int_equal(s->hart[0].depth, 1);
	do_complete(s);
	assert_true(se_in_handler(s, 0, SE_ENTRY, SE_ARG));
	do_complete(s);
	assert_int_equal(s->hart[0].depth, 0);
	assert_false(pending_of(s, EV_PMU));
	assert_false(s->sim[0].lcofip);
}

/* Disabled with an overflow still pending: S-mode's interrupt gets it. */
static void test_pmu_route__disable_with_pending__reposted(void **state)
{
	struct sim_sse *s = *state;

	arm(s, EV_PMU, SE_ENTRY, SE_ARG);
	sim_sse_overflow(s, 0);
	assert_ok(do_disable(s, EV_PMU));
	assert_false(s->sim[0].routed);
	assert_true(s->sim[0].lcofip);
	assert_int_equal(s->sim[0].reposts, 1);
}

/* One-shot PMU event: routing ends with the handler's COMPLETE. */
static void test_pmu_route__oneshot_complete__back_to_s_mode(void **state)
{
	struct sim_sse *s = *state;

	assert_ok(set_attr(s, EV_PMU, SBI_SSE_ATTR_CONFIG,
			   SBI_SSE_ATTR_CONFIG_ONESHOT));
	arm(s, EV_PMU, SE_ENTRY, SE_ARG);
	assert_ok(do_unmask(s));
	sim_sse_overflow(s, 0);
	assert_true(s->sim[0].routed);
	/* A second overflow during the handler is handed back, not lost. */
	sim_sse_overflow(s, 0);
	do_complete(s);
	assert_false(s->sim[0].routed);
	assert_true(s->sim[0].lcofip);
	assert_int_equal(state_of(s, EV_PMU), SBI_SSE_STATE_REGISTERED);
}

/* Each hart's PMU event is its own: routing on one hart only. */
static void test_pmu_route__per_hart(void **state)
{
	struct sim_sse *s = *state;

	arm_on(s, 1, EV_PMU, SE_ENTRY, SE_ARG);
	assert_true(s->sim[1].routed);
	assert_false(s->sim[0].routed);
	assert_false(s->sim[2].routed);
	sim_sse_overflow(s, 0);
	assert_true(s->sim[0].lcofip);
	assert_int_equal(s->hart[0].depth, 0);
}

/* The PMU event may be injected like any other (STATUS bit 3). */
static void test_pmu_event__injected__delivered(void **state)
{
	struct sim_sse *s = *state;

	arm(s, EV_PMU, SE_ENTRY, SE_ARG);
	assert_ok(do_unmask(s));
	assert_ok(do_inject(s, EV_PMU, SIM_SSE_HARTID(0)));
	assert_true(se_in_handler(s, 0, SE_ENTRY, SE_ARG));
}

/* HSM: a hart that stops gives up a global event it was running. */
static void test_hart_reset__running_global__enabled_again(void **state)
{
	struct sim_sse *s = *state;

	assert_ok(set_attr(s, EV_GLOBAL_SW, SBI_SSE_ATTR_PREFERRED_HART,
			   SIM_SSE_HARTID(1)));
	arm(s, EV_GLOBAL_SW, SE_ENTRY, SE_ARG);
	assert_ok(do_unmask_on(s, 1));
	assert_ok(do_inject(s, EV_GLOBAL_SW, 0));
	sim_sse_take_ipis(s);
	assert_int_equal(state_of(s, EV_GLOBAL_SW), SBI_SSE_STATE_RUNNING);
	sse_hart_reset(&s->hart[1]);
	se_check_invariants(s, __FILE__, __LINE__);
	assert_int_equal(state_of(s, EV_GLOBAL_SW), SBI_SSE_STATE_ENABLED);
	assert_int_equal(s->hart[1].depth, 0);
}

/* Set-up refuses tables it cannot work with. */
static void test_core_init__bad_tables__invalid_param(void **state)
{
	static const struct sse_hal_ops no_kick = {
		.regs_read = (void (*)(void *, struct sse_regs *))1,
		.regs_write = (void (*)(void *, const struct sse_regs *))1,
	};
	struct sse_platform_ops plat = {.shmem_map = sim_mem_shmem_map};
	struct sse_hw_desc hw = {.xlen = 64, .pmu_overflow = true};
	struct sse_core core;
	struct sse_hart a, b;

	(void)state;
	/* The PMU event without a way to route the interrupt. */
	assert_int_equal(sse_core_init(&core, &hw, &no_kick, &plat, NULL),
			 SBI_ERR_INVALID_PARAM);
	hw.pmu_overflow = false;
	hw.xlen = 16;
	assert_int_equal(sse_core_init(&core, &hw, &no_kick, &plat, NULL),
			 SBI_ERR_INVALID_PARAM);
	hw.xlen = 32;
	assert_int_equal(sse_core_init(&core, &hw, &no_kick, &plat, NULL),
			 SBI_SUCCESS);
	/* One hart without kick is fine, a second one is not; ids unique. */
	assert_int_equal(sse_hart_add(&core, &a, 5, NULL), SBI_SUCCESS);
	assert_int_equal(sse_hart_add(&core, &b, 6, NULL),
			 SBI_ERR_INVALID_PARAM);
}

#define T(fn)	  cmocka_unit_test_setup_teardown(fn, se_setup, se_teardown)
#define T_SMP(fn) cmocka_unit_test_setup_teardown(fn, se_setup_smp, se_teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		T_SMP(test_inject_local__other_hart__runs_there),
		T_SMP(test_inject_local__target_not_enabled__dropped),
		T_SMP(test_inject_local__target_masked__pending),
		T_SMP(test_inject_global__preferred_hart__runs_there),
		T_SMP(test_global_running__other_hart_writes__invalid_state),
		T_SMP(test_inject_global__self_not_preferred__not_taken),
		T_SMP(test_pmu_route__follows_enabled_state),
		T(test_pmu_overflow__while_pending__coalesced),
		T(test_pmu_route__disable_with_pending__reposted),
		T(test_pmu_route__oneshot_complete__back_to_s_mode),
		T_SMP(test_pmu_route__per_hart),
		T(test_pmu_event__injected__delivered),
		T_SMP(test_hart_reset__running_global__enabled_again),
		cmocka_unit_test(test_core_init__bad_tables__invalid_param),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
