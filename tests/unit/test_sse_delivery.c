/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Sections "Software Event Injection", "Software Event Completion" and
 * "Software Event Priority", and FIDs 6-9: the state the handler starts
 * in (a6 hart id, a7 ENTRY_ARG, sepc = interrupted pc, SPP, SPIE, SIE,
 * and with H the SPV/SPVP and virtualisation steps), what is saved in
 * the INTERRUPTED_* attributes, what COMPLETE restores (including
 * attributes the handler changed, and without writing a0/a1), masking
 * and unmasking, and the order between two events: priority value, then
 * event ID, preemption of a running handler by a higher-priority event
 * only, and resumption of the preempted one.
 */
#include "sse_util.h"

/* A recognisable interrupted S-mode context on hart @hart. */
static void set_context(struct sim_sse *s, unsigned int hart, bool s_mode,
			bool sie, bool spie, bool spp)
{
	struct sse_regs *r = &s->sim[hart].regs;

	r->pc = SE_PREV_PC;
	r->sepc = 0x5E9C;
	r->s_mode = s_mode;
	r->sie = sie;
	r->spie = spie;
	r->spp = spp;
}

/* "To inject a software event on a hart, the SBI implementation must" */
static void test_injection__handler_entry_state(void **state)
{
	struct sim_sse *s = *state;
	const struct sse_regs *r = &s->sim[0].regs;

	arm(s, EV_LOCAL_SW, SE_ENTRY, SE_ARG);
	assert_ok(do_unmask(s));
	set_context(s, 0, true, true, false, false);
	assert_ok(do_inject(s, EV_LOCAL_SW, SIM_SSE_HARTID(0)));
	/* A6 = hart id, A7 = ENTRY_ARG, pc = ENTRY_PC, S-mode. */
	assert_int_equal(r->a6, SIM_SSE_HARTID(0));
	assert_int_equal(r->a7, SE_ARG);
	assert_int_equal(r->pc, SE_ENTRY);
	assert_true(r->s_mode);
	/* sepc = interrupted pc (after the ecall), SPP = S, SPIE = SIE. */
	assert_int_equal(r->sepc, SE_PREV_PC + 4);
	assert_true(r->spp);
	assert_true(r->spie);
	assert_false(r->sie);
	/* The call's own result is in a0/a1 for the interrupted code. */
	assert_int_equal(s->sim[0].a0, SBI_SUCCESS);
}

/* "Save interrupted state of supervisor mode" */
static void test_injection__interrupted_attributes(void **state)
{
	struct sim_sse *s = *state;

	arm(s, EV_LOCAL_SW, SE_ENTRY, SE_ARG);
	assert_ok(do_unmask(s));
	set_context(s, 0, true, false, true, true);
	assert_ok(do_inject(s, EV_LOCAL_SW, SIM_SSE_HARTID(0)));
	assert_ok(do_read(s, EV_LOCAL_SW, SBI_SSE_ATTR_INTERRUPTED_SEPC, 4,
			  SE_BUF));
	assert_int_equal(se_get(s, SE_BUF, 0), 0x5E9C);
	assert_int_equal(se_get(s, SE_BUF, 1),
			 SBI_SSE_ATTR_INTERRUPTED_FLAGS_SSTATUS_SPP |
				 SBI_SSE_ATTR_INTERRUPTED_FLAGS_SSTATUS_SPIE);
	/* The interrupted a6/a7 were the INJECT call's FID and EID. */
	assert_int_equal(se_get(s, SE_BUF, 2), SBI_EXT_SSE_INJECT);
	assert_int_equal(se_get(s, SE_BUF, 3), SBI_EXT_SSE);
}

/* "Set sstatus.SPP CSR bit = interrupted privilege mode": U-mode. */
static void test_injection__from_user_mode__spp_clear(void **state)
{
	struct sim_sse *s = *state;
	struct sse_regs *r = &s->sim[0].regs;

	arm(s, EV_PMU, SE_ENTRY, SE_ARG);
	assert_ok(do_unmask(s));
	r->s_mode = false;
	r->pc = 0x1000;
	r->spp = true;
	sim_sse_overflow(s, 0);
	assert_true(se_in_handler(s, 0, SE_ENTRY, SE_ARG));
	assert_false(r->spp);
	assert_int_equal(r->sepc, 0x1000);
	/* Saved SPP is the interrupted sstatus.SPP, not the mode. */
	assert_int_equal(attr(s, EV_PMU, SBI_SSE_ATTR_INTERRUPTED_FLAGS) &
				 SBI_SSE_ATTR_INTERRUPTED_FLAGS_SSTATUS_SPP,
			 SBI_SSE_ATTR_INTERRUPTED_FLAGS_SSTATUS_SPP);
	do_complete(s);
	assert_false(r->s_mode);
	assert_int_equal(r->pc, 0x1000);
	assert_true(r->spp);
}

/* "Software Event Completion": everything back as it was. */
static void test_completion__restores_interrupted_state(void **state)
{
	struct sim_sse *s = *state;
	struct sse_regs *r = &s->sim[0].regs;
	struct sse_regs before;
	struct sbiret ret;

	arm(s, EV_LOCAL_SW, SE_ENTRY, SE_ARG);
	assert_ok(do_unmask(s));
	set_context(s, 0, true, true, false, true);
	r->a6 = 0x66;
	r->a7 = 0x77;
	/* The event arrives on the way back from an unrelated trap. */
	assert_ok(do_mask(s));
	assert_ok(do_inject(s, EV_LOCAL_SW, SIM_SSE_HARTID(0)));
	r->pc = SE_PREV_PC;
	r->a6 = 0x66;
	r->a7 = 0x77;
	s->hart[0].masked = false;
	before = *r;
	assert_true(sse_hart_deliver(&s->hart[0]));
	assert_true(se_in_handler(s, 0, SE_ENTRY, SE_ARG));
	/* The handler's ecall: a0/a1 must survive COMPLETE untouched. */
	ret = sim_sse_ecall(s, 0, SBI_EXT_SSE_COMPLETE, 0xA0, 0xA1, 0, 0, 0, 0);
	assert_int_equal(ret.error, 0xA0);
	assert_int_equal(ret.value, 0xA1);
	assert_int_equal(r->pc, before.pc);
	assert_int_equal(r->sepc, before.sepc);
	assert_int_equal(r->a6, before.a6);
	assert_int_equal(r->a7, before.a7);
	assert_int_equal(r->sie, before.sie);
	assert_int_equal(r->spie, before.spie);
	assert_int_equal(r->spp, before.spp);
	assert_int_equal(r->s_mode, before.s_mode);
}

/* "...it can update the event attributes ... before calling complete" */
static void test_completion__uses_updated_attributes(void **state)
{
	struct sim_sse *s = *state;
	struct sse_regs *r = &s->sim[0].regs;

	arm(s, EV_LOCAL_SW, SE_ENTRY, SE_ARG);
	assert_ok(do_unmask(s));
	set_context(s, 0, true, true, true, true);
	assert_ok(do_inject(s, EV_LOCAL_SW, SIM_SSE_HARTID(0)));
	se_put(s, SE_BUF, 0, 0x1234); /* sepc */
	se_put(s, SE_BUF, 1, 0);      /* flags: SPP = SPIE = 0 */
	se_put(s, SE_BUF, 2, 0x60);   /* a6 */
	se_put(s, SE_BUF, 3, 0x70);   /* a7 */
	assert_ok(do_write(s, EV_LOCAL_SW, SBI_SSE_ATTR_INTERRUPTED_SEPC, 4,
			   SE_BUF));
	/* Resume elsewhere: the handler sets sepc itself. */
	r->sepc = 0x8888;
	do_complete(s);
	assert_int_equal(r->pc, 0x8888);
	assert_int_equal(r->sepc, 0x1234);
	assert_int_equal(r->a6, 0x60);
	assert_int_equal(r->a7, 0x70);
	assert_false(r->spp);
	assert_false(r->spie);
	/* SIE = the SPIE the handler started with (interrupted SIE). */
	assert_true(r->sie);
}

/*
 * H extension: entered from VS-mode, the handler runs with V = 0,
 * hstatus.SPV = 1, SPVP = SPP; completion goes back to V = 1 and
 * restores SPV/SPVP from INTERRUPTED_FLAGS.
 */
static void test_injection__from_vs_mode__h_extension(void **state)
{
	struct sim_sse *s = *state;
	struct sse_regs *r = &s->sim[0].regs;

	arm(s, EV_LOCAL_SW, SE_ENTRY, SE_ARG);
	assert_ok(do_unmask(s));
	assert_ok(do_mask(s));
	assert_ok(do_inject(s, EV_LOCAL_SW, SIM_SSE_HARTID(0)));
	s->hart[0].masked = false;
	r->virt = true;
	r->s_mode = true;
	r->spv = false;
	r->spvp = true;
	assert_true(sse_hart_deliver(&s->hart[0]));
	assert_false(r->virt);
	assert_true(r->spv);
	assert_true(r->spvp);
	assert_int_equal(attr(s, EV_LOCAL_SW, SBI_SSE_ATTR_INTERRUPTED_FLAGS) &
				 (SBI_SSE_ATTR_INTERRUPTED_FLAGS_HSTATUS_SPV |
				  SBI_SSE_ATTR_INTERRUPTED_FLAGS_HSTATUS_SPVP),
			 SBI_SSE_ATTR_INTERRUPTED_FLAGS_HSTATUS_SPVP);
	do_complete(s);
	assert_true(r->virt);
	assert_false(r->spv);
	assert_true(r->spvp);
}

/* Without H, SPV/SPVP are neither saved nor touched. */
static void test_injection__no_h_extension__spv_untouched(void **state)
{
	struct sim_sse *s = *state;
	struct sse_regs *r = &s->sim[0].regs;

	arm(s, EV_LOCAL_SW, SE_ENTRY, SE_ARG);
	assert_ok(do_unmask(s));
	r->spv = true;
	r->spvp = true;
	assert_ok(do_inject(s, EV_LOCAL_SW, SIM_SSE_HARTID(0)));
	assert_int_equal(attr(s, EV_LOCAL_SW, SBI_SSE_ATTR_INTERRUPTED_FLAGS) &
				 ~SBI_SSE_ATTR_INTERRUPTED_FLAGS_SSTATUS_SPP &
				 ~SBI_SSE_ATTR_INTERRUPTED_FLAGS_SSTATUS_SPIE,
			 0);
	assert_true(r->spv);
	assert_true(r->spvp);
}

/*
 * "The software events are masked initially on all harts": injected
 * while masked, the event pends; unmasking delivers it, the UNMASK
 * call's FID being the interrupted a6.
 */
static void test_hart_unmask__pending_event__delivered(void **state)
{
	struct sim_sse *s = *state;

	arm(s, EV_LOCAL_SW, SE_ENTRY, SE_ARG);
	assert_ok(do_inject(s, EV_LOCAL_SW, SIM_SSE_HARTID(0)));
	assert_false(se_in_handler(s, 0, SE_ENTRY, SE_ARG));
	assert_true(pending_of(s, EV_LOCAL_SW));
	assert_ok(do_unmask(s));
	assert_true(se_in_handler(s, 0, SE_ENTRY, SE_ARG));
	assert_int_equal(attr(s, EV_LOCAL_SW, SBI_SSE_ATTR_INTERRUPTED_A6),
			 SBI_EXT_SSE_HART_UNMASK);
}

/* Masking does not stop a running handler from completing. */
static void test_hart_mask__while_running__complete_works(void **state)
{
	struct sim_sse *s = *state;

	arm(s, EV_LOCAL_SW, SE_ENTRY, SE_ARG);
	assert_ok(do_unmask(s));
	assert_ok(do_inject(s, EV_LOCAL_SW, SIM_SSE_HARTID(0)));
	assert_ok(do_mask(s));
	do_complete(s);
	assert_int_equal(state_of(s, EV_LOCAL_SW), SBI_SSE_STATE_ENABLED);
	assert_int_equal(s->hart[0].depth, 0);
}

/*
 * Two events pending when the hart unmasks: the one with the lower
 * PRIORITY value runs first; the other runs when it completes.
 */
static void test_priority__two_pending__lower_value_first(void **state)
{
	struct sim_sse *s = *state;

	assert_ok(set_attr(s, EV_GLOBAL_SW, SBI_SSE_ATTR_PRIORITY, 5));
	assert_ok(set_attr(s, EV_LOCAL_SW, SBI_SSE_ATTR_PRIORITY, 10));
	arm(s, EV_LOCAL_SW, SE_ENTRY, SE_ARG);
	arm(s, EV_GLOBAL_SW, SE_ENTRY2, SE_ARG2);
	assert_ok(do_inject(s, EV_LOCAL_SW, SIM_SSE_HARTID(0)));
	assert_ok(do_inject(s, EV_GLOBAL_SW, 0));
	assert_ok(do_unmask(s));
	assert_true(se_in_handler(s, 0, SE_ENTRY2, SE_ARG2));
	assert_true(pending_of(s, EV_LOCAL_SW));
	do_complete(s);
	assert_true(se_in_handler(s, 0, SE_ENTRY, SE_ARG));
	assert_int_equal(state_of(s, EV_GLOBAL_SW), SBI_SSE_STATE_ENABLED);
	do_complete(s);
	assert_int_equal(s->hart[0].depth, 0);
}

/* "...same priority ... lower event_id has higher priority" */
static void test_priority__equal_value__lower_id_first(void **state)
{
	struct sim_sse *s = *state;

	arm(s, EV_GLOBAL_SW, SE_ENTRY2, SE_ARG2);
	arm(s, EV_LOCAL_SW, SE_ENTRY, SE_ARG);
	arm(s, EV_PMU, SE_ENTRY3, SE_ARG3);
	assert_ok(do_inject(s, EV_GLOBAL_SW, 0));
	assert_ok(do_inject(s, EV_LOCAL_SW, SIM_SSE_HARTID(0)));
	sim_sse_overflow(s, 0);
	assert_ok(do_unmask(s));
	/* 0x00010000 < 0xffff0000 < 0xffff8000 */
	assert_true(se_in_handler(s, 0, SE_ENTRY3, SE_ARG3));
	do_complete(s);
	assert_true(se_in_handler(s, 0, SE_ENTRY, SE_ARG));
	do_complete(s);
	assert_true(se_in_handler(s, 0, SE_ENTRY2, SE_ARG2));
	do_complete(s);
	assert_int_equal(s->hart[0].depth, 0);
}

/*
 * "A higher priority software event ... always preempts a lower priority
 * software event in RUNNING state ... Once [it] is completed, the
 * previous lower priority software event will be resumed."
 */
static void test_priority__higher_preempts_running__then_resumes(void **state)
{
	struct sim_sse *s = *state;
	struct sse_regs *r = &s->sim[0].regs;
	uint64_t low_pc;

	assert_ok(set_attr(s, EV_LOCAL_SW, SBI_SSE_ATTR_PRIORITY, 1));
	assert_ok(set_attr(s, EV_GLOBAL_SW, SBI_SSE_ATTR_PRIORITY, 9));
	arm(s, EV_LOCAL_SW, SE_ENTRY, SE_ARG);
	arm(s, EV_GLOBAL_SW, SE_ENTRY2, SE_ARG2);
	assert_ok(do_unmask(s));
	assert_ok(do_inject(s, EV_GLOBAL_SW, 0));
	assert_true(se_in_handler(s, 0, SE_ENTRY2, SE_ARG2));
	/* In the low-priority handler: inject the high one -> preempted. */
	low_pc = r->pc + 4;
	assert_ok(do_inject(s, EV_LOCAL_SW, SIM_SSE_HARTID(0)));
	assert_true(se_in_handler(s, 0, SE_ENTRY, SE_ARG));
	assert_int_equal(s->hart[0].depth, 2);
	assert_int_equal(state_of(s, EV_GLOBAL_SW), SBI_SSE_STATE_RUNNING);
	/* Complete the high one: back in the low handler, after its call. */
	do_complete(s);
	assert_int_equal(r->pc, low_pc);
	assert_false(r->sie);
	assert_int_equal(r->a6, SBI_EXT_SSE_INJECT);
	assert_int_equal(r->a7, SBI_EXT_SSE);
	assert_int_equal(state_of(s, EV_LOCAL_SW), SBI_SSE_STATE_ENABLED);
	/* And complete the low one: back where it all started. */
	do_complete(s);
	assert_int_equal(s->hart[0].depth, 0);
	assert_true(r->sie);
}

/* FID 7: a lower-priority event injected from a handler waits. */
static void test_priority__lower_injected_in_handler__waits(void **state)
{
	struct sim_sse *s = *state;

	assert_ok(set_attr(s, EV_LOCAL_SW, SBI_SSE_ATTR_PRIORITY, 1));
	assert_ok(set_attr(s, EV_GLOBAL_SW, SBI_SSE_ATTR_PRIORITY, 9));
	arm(s, EV_LOCAL_SW, SE_ENTRY, SE_ARG);
	arm(s, EV_GLOBAL_SW, SE_ENTRY2, SE_ARG2);
	assert_ok(do_unmask(s));
	assert_ok(do_inject(s, EV_LOCAL_SW, SIM_SSE_HARTID(0)));
	assert_true(se_in_handler(s, 0, SE_ENTRY, SE_ARG));
	assert_ok(do_inject(s, EV_GLOBAL_SW, 0));
	assert_int_equal(s->hart[0].depth, 1);
	assert_true(pending_of(s, EV_GLOBAL_SW));
	do_complete(s);
	assert_true(se_in_handler(s, 0, SE_ENTRY2, SE_ARG2));
	assert_int_equal(s->hart[0].depth, 1);
	do_complete(s);
}

/* Equal priority, higher id running: a lower id still preempts. */
static void test_priority__tie_break_preempts(void **state)
{
	struct sim_sse *s = *state;

	arm(s, EV_LOCAL_SW, SE_ENTRY, SE_ARG);
	arm(s, EV_GLOBAL_SW, SE_ENTRY2, SE_ARG2);
	assert_ok(do_unmask(s));
	assert_ok(do_inject(s, EV_GLOBAL_SW, 0));
	assert_ok(do_inject(s, EV_LOCAL_SW, SIM_SSE_HARTID(0)));
	assert_true(se_in_handler(s, 0, SE_ENTRY, SE_ARG));
	assert_int_equal(s->hart[0].depth, 2);
	do_complete(s);
	do_complete(s);
	assert_int_equal(s->hart[0].depth, 0);
}

/* The deepest nesting: all three events, each preempting the last. */
static void test_priority__three_nested__unwind_in_order(void **state)
{
	struct sim_sse *s = *state;
	struct sse_regs *r = &s->sim[0].regs;

	assert_ok(set_attr(s, EV_GLOBAL_SW, SBI_SSE_ATTR_PRIORITY, 30));
	assert_ok(set_attr(s, EV_LOCAL_SW, SBI_SSE_ATTR_PRIORITY, 20));
	assert_ok(set_attr(s, EV_PMU, SBI_SSE_ATTR_PRIORITY, 10));
	arm(s, EV_GLOBAL_SW, SE_ENTRY2, SE_ARG2);
	arm(s, EV_LOCAL_SW, SE_ENTRY, SE_ARG);
	arm(s, EV_PMU, SE_ENTRY3, SE_ARG3);
	assert_ok(do_unmask(s));
	r->pc = SE_PREV_PC;
	assert_ok(do_inject(s, EV_GLOBAL_SW, 0));
	assert_ok(do_inject(s, EV_LOCAL_SW, SIM_SSE_HARTID(0)));
	sim_sse_overflow(s, 0);
	assert_true(se_in_handler(s, 0, SE_ENTRY3, SE_ARG3));
	assert_int_equal(s->hart[0].depth, 3);
	/* The overflow interrupted the local handler's first instruction. */
	do_complete(s);
	assert_int_equal(r->pc, SE_ENTRY);
	do_complete(s);
	assert_int_equal(r->pc, SE_ENTRY2 + 4);
	do_complete(s);
	assert_int_equal(r->pc, SE_PREV_PC + 4);
	assert_int_equal(s->hart[0].depth, 0);
}

#define T(fn) cmocka_unit_test_setup_teardown(fn, se_setup, se_teardown)
#define T_RV32(fn)                                                             \
	cmocka_unit_test_setup_teardown(fn, se_setup_rv32, se_teardown)
#define T_H(fn) cmocka_unit_test_setup_teardown(fn, se_setup_h, se_teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_injection__handler_entry_state),
		T_RV32(test_injection__handler_entry_state),
		T(test_injection__interrupted_attributes),
		T_RV32(test_injection__interrupted_attributes),
		T(test_injection__from_user_mode__spp_clear),
		T(test_completion__restores_interrupted_state),
		T_H(test_completion__restores_interrupted_state),
		T(test_completion__uses_updated_attributes),
		T_H(test_injection__from_vs_mode__h_extension),
		T(test_injection__no_h_extension__spv_untouched),
		T(test_hart_unmask__pending_event__delivered),
		T(test_hart_mask__while_running__complete_works),
		T(test_priority__two_pending__lower_value_first),
		T(test_priority__equal_value__lower_id_first),
		T(test_priority__higher_preempts_running__then_resumes),
		T(test_priority__lower_injected_in_handler__waits),
		T(test_priority__tie_break_preempts),
		T(test_priority__three_nested__unwind_in_order),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
