/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Section "Software Event States" and its state machine figure, and the
 * STATUS attribute: every transition of the figure (register,
 * unregister, enable, disable, signal, complete, one-shot complete),
 * the reset value of every attribute, what unregister resets and what
 * it keeps, the pending bit (set by the source only while ENABLED or
 * RUNNING, cleared on entering RUNNING and on leaving the active
 * states), and local state kept per hart.
 */
#include "sse_util.h"

static const uint32_t ours[] = {EV_PMU, EV_LOCAL_SW, EV_GLOBAL_SW};

#define N(a) (sizeof(a) / sizeof((a)[0]))

/*
 * Table "SSE Event Attributes": reset value zero for all but
 * PREFERRED_HART ("SBI implementation specific"); STATUS shows only the
 * injection bit (every event we offer may be injected).
 */
static void test_attributes__reset_values(void **state)
{
	struct sim_sse *s = *state;
	unsigned int k, a;

	for (k = 0; k < N(ours); k++) {
		assert_ok(do_read(s, ours[k], 0, SBI_SSE_ATTR_COUNT, SE_BUF));
		for (a = 0; a < SBI_SSE_ATTR_COUNT; a++) {
			uint64_t v = se_get(s, SE_BUF, a);

			if (a == SBI_SSE_ATTR_STATUS)
				assert_int_equal(v, SBI_SSE_ATTR_STATUS_INJECT);
			else if (a == SBI_SSE_ATTR_PREFERRED_HART)
				assert_int_equal(v, SIM_SSE_HARTID(0));
			else
				assert_int_equal(v, 0);
		}
	}
}

/* Reading one attribute equals reading it within a range. */
static void test_read_attrs__single_equals_range(void **state)
{
	struct sim_sse *s = *state;
	unsigned int a;

	arm(s, EV_GLOBAL_SW, SE_ENTRY, SE_ARG);
	assert_ok(do_read(s, EV_GLOBAL_SW, 0, SBI_SSE_ATTR_COUNT, SE_BUF));
	for (a = 0; a < SBI_SSE_ATTR_COUNT; a++)
		assert_int_equal(attr(s, EV_GLOBAL_SW, a),
				 se_get(s, SE_BUF, a));
	for (a = 0; a < SBI_SSE_ATTR_COUNT; a++) {
		assert_ok(do_read(s, EV_GLOBAL_SW, a, SBI_SSE_ATTR_COUNT - a,
				  SE_BUF2));
		assert_int_equal(se_get(s, SE_BUF2, 0), se_get(s, SE_BUF, a));
	}
}

/* The figure: UNUSED -> REGISTERED -> ENABLED -> REGISTERED -> UNUSED. */
static void test_state_machine__register_enable_disable_unregister(void **state)
{
	struct sim_sse *s = *state;
	unsigned int k;

	for (k = 0; k < N(ours); k++) {
		assert_int_equal(state_of(s, ours[k]), SBI_SSE_STATE_UNUSED);
		assert_ok(do_register(s, ours[k], SE_ENTRY, SE_ARG));
		assert_int_equal(state_of(s, ours[k]),
				 SBI_SSE_STATE_REGISTERED);
		assert_int_equal(attr(s, ours[k], SBI_SSE_ATTR_ENTRY_PC),
				 SE_ENTRY);
		assert_int_equal(attr(s, ours[k], SBI_SSE_ATTR_ENTRY_ARG),
				 SE_ARG);
		assert_ok(do_enable(s, ours[k]));
		assert_int_equal(state_of(s, ours[k]), SBI_SSE_STATE_ENABLED);
		assert_ok(do_disable(s, ours[k]));
		assert_int_equal(state_of(s, ours[k]),
				 SBI_SSE_STATE_REGISTERED);
		assert_ok(do_unregister(s, ours[k]));
		assert_int_equal(state_of(s, ours[k]), SBI_SSE_STATE_UNUSED);
	}
}

/*
 * Unregister takes the handler away (ENTRY_* back to 0); PRIORITY and
 * CONFIG, writable while UNUSED, stay as written.
 */
static void test_unregister__entry_reset__config_kept(void **state)
{
	struct sim_sse *s = *state;

	assert_ok(set_attr(s, EV_LOCAL_SW, SBI_SSE_ATTR_PRIORITY, 4));
	assert_ok(set_attr(s, EV_LOCAL_SW, SBI_SSE_ATTR_CONFIG,
			   SBI_SSE_ATTR_CONFIG_ONESHOT));
	assert_ok(do_register(s, EV_LOCAL_SW, SE_ENTRY, SE_ARG));
	assert_ok(do_unregister(s, EV_LOCAL_SW));
	assert_int_equal(attr(s, EV_LOCAL_SW, SBI_SSE_ATTR_ENTRY_PC), 0);
	assert_int_equal(attr(s, EV_LOCAL_SW, SBI_SSE_ATTR_ENTRY_ARG), 0);
	assert_int_equal(attr(s, EV_LOCAL_SW, SBI_SSE_ATTR_PRIORITY), 4);
	assert_int_equal(attr(s, EV_LOCAL_SW, SBI_SSE_ATTR_CONFIG), 1);
}

/*
 * ENABLED -> RUNNING when signalled (and the hart is ready); complete:
 * RUNNING -> ENABLED. Pending is "cleared when ... moved to RUNNING".
 */
static void test_state_machine__signal_run_complete(void **state)
{
	struct sim_sse *s = *state;

	arm(s, EV_LOCAL_SW, SE_ENTRY, SE_ARG);
	assert_ok(do_unmask(s));
	assert_ok(do_inject(s, EV_LOCAL_SW, SIM_SSE_HARTID(0)));
	assert_true(se_in_handler(s, 0, SE_ENTRY, SE_ARG));
	assert_int_equal(state_of(s, EV_LOCAL_SW), SBI_SSE_STATE_RUNNING);
	assert_false(pending_of(s, EV_LOCAL_SW));
	do_complete(s);
	assert_int_equal(state_of(s, EV_LOCAL_SW), SBI_SSE_STATE_ENABLED);
}

/* One-shot: complete moves the event to REGISTERED (FID 6). */
static void test_complete__oneshot__registered(void **state)
{
	struct sim_sse *s = *state;

	assert_ok(set_attr(s, EV_GLOBAL_SW, SBI_SSE_ATTR_CONFIG,
			   SBI_SSE_ATTR_CONFIG_ONESHOT));
	arm(s, EV_GLOBAL_SW, SE_ENTRY, 0);
	assert_ok(do_unmask(s));
	assert_ok(do_inject(s, EV_GLOBAL_SW, 0));
	assert_int_equal(state_of(s, EV_GLOBAL_SW), SBI_SSE_STATE_RUNNING);
	do_complete(s);
	assert_int_equal(state_of(s, EV_GLOBAL_SW), SBI_SSE_STATE_REGISTERED);
	/* Injected again while REGISTERED: nothing runs, nothing pends. */
	assert_ok(do_inject(s, EV_GLOBAL_SW, 0));
	assert_int_equal(state_of(s, EV_GLOBAL_SW), SBI_SSE_STATE_REGISTERED);
	assert_false(pending_of(s, EV_GLOBAL_SW));
}

/* A signal while UNUSED or REGISTERED leaves no trace (docs/sse.md). */
static void test_pending__signal_not_enabled__dropped(void **state)
{
	struct sim_sse *s = *state;

	assert_ok(do_unmask(s));
	assert_ok(do_inject(s, EV_LOCAL_SW, SIM_SSE_HARTID(0)));
	assert_false(pending_of(s, EV_LOCAL_SW));
	assert_ok(do_register(s, EV_LOCAL_SW, SE_ENTRY, 0));
	assert_ok(do_inject(s, EV_LOCAL_SW, SIM_SSE_HARTID(0)));
	assert_false(pending_of(s, EV_LOCAL_SW));
	assert_ok(do_enable(s, EV_LOCAL_SW));
	assert_int_equal(state_of(s, EV_LOCAL_SW), SBI_SSE_STATE_ENABLED);
	assert_false(se_in_handler(s, 0, SE_ENTRY, 0));
}

/* Pending while masked; STATUS bit 2 shows it; disable drops it. */
static void test_pending__masked_then_disabled__dropped(void **state)
{
	struct sim_sse *s = *state;

	arm(s, EV_LOCAL_SW, SE_ENTRY, 0);
	assert_ok(do_inject(s, EV_LOCAL_SW, SIM_SSE_HARTID(0)));
	assert_true(pending_of(s, EV_LOCAL_SW));
	assert_int_equal(attr(s, EV_LOCAL_SW, SBI_SSE_ATTR_STATUS),
			 SBI_SSE_STATE_ENABLED | SBI_SSE_ATTR_STATUS_PENDING |
				 SBI_SSE_ATTR_STATUS_INJECT);
	assert_ok(do_disable(s, EV_LOCAL_SW));
	assert_false(pending_of(s, EV_LOCAL_SW));
	assert_ok(do_enable(s, EV_LOCAL_SW));
	assert_ok(do_unmask(s));
	assert_int_equal(state_of(s, EV_LOCAL_SW), SBI_SSE_STATE_ENABLED);
}

/*
 * NOTE of "Software Event States": signalled again while RUNNING, the
 * event is taken only after the running handler completes.
 */
static void test_pending__signalled_while_running__after_complete(void **state)
{
	struct sim_sse *s = *state;
	uint64_t first_pc;

	arm(s, EV_LOCAL_SW, SE_ENTRY, SE_ARG);
	assert_ok(do_unmask(s));
	first_pc = s->sim[0].regs.pc + 4;
	assert_ok(do_inject(s, EV_LOCAL_SW, SIM_SSE_HARTID(0)));
	assert_true(se_in_handler(s, 0, SE_ENTRY, SE_ARG));
	/* From inside the handler: pending, not re-entered. */
	assert_ok(do_inject(s, EV_LOCAL_SW, SIM_SSE_HARTID(0)));
	assert_true(pending_of(s, EV_LOCAL_SW));
	assert_int_equal(s->hart[0].depth, 1);
	/* Complete: straight into the handler again, for the same context. */
	do_complete(s);
	assert_true(se_in_handler(s, 0, SE_ENTRY, SE_ARG));
	assert_int_equal(attr(s, EV_LOCAL_SW, SBI_SSE_ATTR_INTERRUPTED_SEPC),
			 0);
	assert_int_equal(s->sim[0].regs.sepc, first_pc);
	do_complete(s);
	assert_int_equal(s->sim[0].regs.pc, first_pc);
	assert_int_equal(state_of(s, EV_LOCAL_SW), SBI_SSE_STATE_ENABLED);
}

/* "...provided that supervisor software doesn't disable ... upon completion" */
static void test_pending__running_oneshot__dropped_at_complete(void **state)
{
	struct sim_sse *s = *state;

	assert_ok(set_attr(s, EV_LOCAL_SW, SBI_SSE_ATTR_CONFIG,
			   SBI_SSE_ATTR_CONFIG_ONESHOT));
	arm(s, EV_LOCAL_SW, SE_ENTRY, 0);
	assert_ok(do_unmask(s));
	assert_ok(do_inject(s, EV_LOCAL_SW, SIM_SSE_HARTID(0)));
	assert_ok(do_inject(s, EV_LOCAL_SW, SIM_SSE_HARTID(0)));
	do_complete(s);
	assert_false(se_in_handler(s, 0, SE_ENTRY, 0));
	assert_int_equal(state_of(s, EV_LOCAL_SW), SBI_SSE_STATE_REGISTERED);
	assert_false(pending_of(s, EV_LOCAL_SW));
}

/* "The state of a local software event MUST be tracked separately". */
static void test_local_state__per_hart(void **state)
{
	struct sim_sse *s = *state;

	assert_ok(do_register_on(s, 1, EV_LOCAL_SW, SE_ENTRY, SE_ARG));
	assert_int_equal(state_on(s, 1, EV_LOCAL_SW), SBI_SSE_STATE_REGISTERED);
	assert_int_equal(state_on(s, 0, EV_LOCAL_SW), SBI_SSE_STATE_UNUSED);
	assert_int_equal(state_on(s, 2, EV_LOCAL_SW), SBI_SSE_STATE_UNUSED);
	/* Local PREFERRED_HART reads as the hart itself. */
	assert_int_equal(
		attr_on(s, 2, EV_LOCAL_SW, SBI_SSE_ATTR_PREFERRED_HART),
		SIM_SSE_HARTID(2));
}

/* "The state of a global software event MUST be common to all harts." */
static void test_global_state__common(void **state)
{
	struct sim_sse *s = *state;

	assert_ok(do_register_on(s, 1, EV_GLOBAL_SW, SE_ENTRY, SE_ARG));
	assert_int_equal(state_on(s, 2, EV_GLOBAL_SW),
			 SBI_SSE_STATE_REGISTERED);
	assert_err(do_register_on(s, 2, EV_GLOBAL_SW, SE_ENTRY, 0),
		   SBI_ERR_INVALID_STATE);
	assert_ok(do_enable_on(s, 2, EV_GLOBAL_SW));
	assert_int_equal(state_on(s, 0, EV_GLOBAL_SW), SBI_SSE_STATE_ENABLED);
	assert_int_equal(attr_on(s, 0, EV_GLOBAL_SW, SBI_SSE_ATTR_ENTRY_ARG),
			 SE_ARG);
}

/* HSM stop/start: the hart's own events start over. */
static void test_hart_reset__local_events_unused(void **state)
{
	struct sim_sse *s = *state;

	assert_ok(set_attr(s, EV_LOCAL_SW, SBI_SSE_ATTR_PRIORITY, 3));
	arm(s, EV_LOCAL_SW, SE_ENTRY, 0);
	arm(s, EV_PMU, SE_ENTRY2, 0);
	assert_true(s->sim[0].routed);
	assert_ok(do_unmask(s));
	sse_hart_reset(&s->hart[0]);
	se_check_invariants(s, __FILE__, __LINE__);
	assert_false(s->sim[0].routed);
	assert_int_equal(state_of(s, EV_LOCAL_SW), SBI_SSE_STATE_UNUSED);
	assert_int_equal(attr(s, EV_LOCAL_SW, SBI_SSE_ATTR_PRIORITY), 0);
	assert_err(do_mask(s), SBI_ERR_ALREADY_STOPPED);
}

#define T(fn)	  cmocka_unit_test_setup_teardown(fn, se_setup, se_teardown)
#define T_SMP(fn) cmocka_unit_test_setup_teardown(fn, se_setup_smp, se_teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_attributes__reset_values),
		T(test_read_attrs__single_equals_range),
		T(test_state_machine__register_enable_disable_unregister),
		T(test_unregister__entry_reset__config_kept),
		T(test_state_machine__signal_run_complete),
		T(test_complete__oneshot__registered),
		T(test_pending__signal_not_enabled__dropped),
		T(test_pending__masked_then_disabled__dropped),
		T(test_pending__signalled_while_running__after_complete),
		T(test_pending__running_oneshot__dropped_at_complete),
		T_SMP(test_local_state__per_hart),
		T_SMP(test_global_state__common),
		T(test_hart_reset__local_events_unused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
