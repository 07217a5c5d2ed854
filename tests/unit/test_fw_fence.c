/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The remote-fence protocol, firmware/rt/fence.c, on the firmware's own
 * hart table (tests/sim/sim_fw_harts.h), against SBI v3.0 chapter
 * "RFENCE Extension": a remote fence is done "on all the harts
 * specified" when the call returns, so the caller waits for every other
 * target's acknowledgement; the caller, if named, fences itself; a
 * range of start 0 and size 0, or of size 2^XLEN-1, is the whole
 * address space. Here each target's side is played by the test, in the
 * order it chooses; one test runs the targets as threads.
 */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <sched.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <sbipmu/sbi_spec.h>

#include "rt/fence.h"
#include "sim/sim_fw_harts.h"

_Static_assert(sizeof(unsigned long) == 8, "RV64-sized registers");

static const struct fw_fence sfence = {.kind = SBI_EXT_RFENCE_REMOTE_SFENCE_VMA,
				       .start = 0x1000,
				       .size = 0x2000};

/* Hart @from posts @req to the harts of (@mask, @base). */
static struct fw_fence_targets post(unsigned int from, unsigned long mask,
				    unsigned long base)
{
	struct fw_hartlist list;

	assert_int_equal(fw_hartlist_decode(mask, base, &list), SBI_SUCCESS);
	return fw_fence_post(fw_hart_at(from), &sfence, &list);
}

/* Hart @self takes what it owes: the table indexes of the requesters. */
static unsigned int take_all(unsigned int self, unsigned int *from,
			     unsigned int max)
{
	struct fw_fence_cursor cursor = {0, 0};
	struct fw_hart *h;
	unsigned int n = 0;

	while ((h = fw_fence_take(fw_hart_at(self), &cursor))) {
		assert_true(n < max);
		from[n++] = h->index;
	}
	return n;
}

/* Hart @self performs (here: nothing) and acknowledges what it owes. */
static unsigned int serve(unsigned int self)
{
	unsigned int from[SIM_FW_MAX_HARTS], i, n;

	n = take_all(self, from, SIM_FW_MAX_HARTS);
	for (i = 0; i < n; i++) {
		assert_memory_equal(&fw_hart_at(from[i])->fence.start,
				    &sfence.start, sizeof(sfence.start));
		fw_fence_ack(fw_hart_at(from[i]));
	}
	return n;
}

static void
test_fw_fence__fence_returns_only_after_every_target_acknowledged(void **state)
{
	struct fw_fence_targets to;

	(void)state;
	assert_true(sim_fw_harts_dense(4));
	to = post(0, 0xE, 0); /* harts 1, 2, 3 */
	assert_false(to.self);
	assert_int_equal(to.others, 3);
	assert_true(fw_fence_pending(fw_hart_at(0)));
	assert_int_equal(serve(3), 1);
	assert_int_equal(serve(1), 1);
	assert_true(fw_fence_pending(fw_hart_at(0)));
	assert_int_equal(serve(2), 1);
	assert_false(fw_fence_pending(fw_hart_at(0)));
}

static void
test_fw_fence__caller_in_the_list_fences_itself_and_waits_for_no_one(
	void **state)
{
	struct fw_fence_targets to;

	(void)state;
	assert_true(sim_fw_harts_dense(4));
	to = post(2, 1UL << 2, 0);
	assert_true(to.self);
	assert_int_equal(to.others, 0);
	assert_false(fw_fence_pending(fw_hart_at(2)));
	/* It owes itself nothing: the local fence is the caller's. */
	assert_int_equal(serve(2), 0);
}

static void test_fw_fence__base_minus_one_signals_every_other_hart(void **state)
{
	struct fw_fence_targets to;
	unsigned int i;

	(void)state;
	assert_true(sim_fw_harts_dense(4));
	to = post(1, 0, ~0UL);
	assert_true(to.self);
	assert_int_equal(to.others, 3);
	for (i = 0; i < 4; i++)
		assert_int_equal(serve(i), i != 1);
	assert_false(fw_fence_pending(fw_hart_at(1)));
}

static void test_fw_fence__empty_list_signals_no_hart(void **state)
{
	struct fw_fence_targets to;
	unsigned int i;

	(void)state;
	assert_true(sim_fw_harts_dense(4));
	to = post(0, 0, 0);
	assert_false(to.self);
	assert_int_equal(to.others, 0);
	assert_false(fw_fence_pending(fw_hart_at(0)));
	for (i = 0; i < 4; i++)
		assert_int_equal(serve(i), 0);
}

static void test_fw_fence__target_owes_each_requester_once(void **state)
{
	unsigned int from[4];

	(void)state;
	assert_true(sim_fw_harts_dense(4));
	post(0, 1UL << 3, 0);
	post(2, 1UL << 3, 0);
	post(1, 1UL << 3, 0);
	/* Hart 3 owes harts 0, 1, 2 one request each, by table index. */
	assert_int_equal(take_all(3, from, 4), 3);
	assert_int_equal(from[0], 0);
	assert_int_equal(from[1], 1);
	assert_int_equal(from[2], 2);
	/* Taken is taken: nothing is owed twice. */
	assert_int_equal(take_all(3, from, 4), 0);
}

static void
test_fw_fence__two_harts_fencing_each_other_both_complete(void **state)
{
	(void)state;
	assert_true(sim_fw_harts_dense(2));
	post(0, 1UL << 1, 0);
	post(1, 1UL << 0, 0);
	/* Each, while it waits, serves the other (fw_ipi_poll in a loop). */
	assert_int_equal(serve(0), 1);
	assert_int_equal(serve(1), 1);
	assert_false(fw_fence_pending(fw_hart_at(0)));
	assert_false(fw_fence_pending(fw_hart_at(1)));
}

static void
test_fw_fence__requesters_beyond_one_hart_set_word_are_found(void **state)
{
	unsigned int from[2];

	(void)state;
	assert_true(sim_fw_harts_dense(130));
	post(129, 1, 0); /* to hart 0, from the third word's first bit */
	post(64, 1, 0);
	assert_int_equal(take_all(0, from, 2), 2);
	assert_int_equal(from[0], 64);
	assert_int_equal(from[1], 129);
}

static void
test_fw_fence__start_and_size_zero_is_whole_address_space(void **state)
{
	struct fw_fence f = {.start = 0, .size = 0};

	(void)state;
	assert_true(fw_fence_full(&f));
	f.start = 0x1000; /* size 0 at another start: no page at all */
	assert_false(fw_fence_full(&f));
	assert_int_equal(fw_fence_pages(&f), 0);
}

static void test_fw_fence__size_all_ones_is_whole_address_space(void **state)
{
	struct fw_fence f = {.start = 0x80000000UL, .size = ~0UL};

	(void)state;
	assert_true(fw_fence_full(&f));
}

static void test_fw_fence__wrapping_range_is_one_full_flush(void **state)
{
	struct fw_fence f = {.start = ~0UL - 0xFFF, .size = 0x2000};

	(void)state;
	assert_true(fw_fence_full(&f));
}

static void
test_fw_fence__range_in_last_page_is_one_page_not_a_wrap(void **state)
{
	struct fw_fence f = {.start = ~0UL - 0xFFF, .size = 0x800};

	(void)state;
	assert_false(fw_fence_full(&f));
	assert_int_equal(fw_fence_first_page(&f), ~0UL - 0xFFF);
	assert_int_equal(fw_fence_pages(&f), 1);
}

/* Up to 2^XLEN exactly: start + size wraps to 0, and all is flushed. */
static void test_fw_fence__range_to_the_very_top_is_one_full_flush(void **state)
{
	struct fw_fence f = {.start = ~0UL - 0xFFF, .size = 0x1000};

	(void)state;
	assert_true(fw_fence_full(&f));
}

static void test_fw_fence__range_counts_every_page_it_touches(void **state)
{
	/* 2 bytes across a page boundary: two pages. */
	struct fw_fence f = {.start = 0x1FFF, .size = 2};

	(void)state;
	assert_false(fw_fence_full(&f));
	assert_int_equal(fw_fence_first_page(&f), 0x1000);
	assert_int_equal(fw_fence_pages(&f), 2);
}

static void test_fw_fence__max_pages_or_more_is_one_full_flush(void **state)
{
	struct fw_fence f = {.start = 0x10000,
			     .size = (FW_FENCE_MAX_PAGES - 1) * FW_FENCE_PAGE};

	(void)state;
	assert_false(fw_fence_full(&f));
	assert_int_equal(fw_fence_pages(&f), FW_FENCE_MAX_PAGES - 1);
	f.size += FW_FENCE_PAGE;
	assert_true(fw_fence_full(&f));
}

/* ---- the same protocol with targets running at the same time ---- */

#define RACE_HARTS 4
/* Few: the host has as few cores as the harts here, or fewer. */
#define RACE_ROUNDS 200

static unsigned long race_done[RACE_HARTS];
static int race_stop;

/* A target: serve whatever is owed until told to stop. */
static void *race_target(void *arg)
{
	unsigned int self = (unsigned int)(uintptr_t)arg;

	while (!__atomic_load_n(&race_stop, __ATOMIC_ACQUIRE)) {
		struct fw_fence_cursor cursor = {0, 0};
		struct fw_hart *from;

		while ((from = fw_fence_take(fw_hart_at(self), &cursor))) {
			__atomic_add_fetch(&race_done[self], 1,
					   __ATOMIC_RELAXED);
			fw_fence_ack(from);
		}
		sched_yield();
	}
	return NULL;
}

static void
test_fw_fence__concurrent_targets_all_done_when_caller_returns(void **state)
{
	pthread_t t[RACE_HARTS];
	unsigned int i, r;

	(void)state;
	assert_true(sim_fw_harts_dense(RACE_HARTS));
	for (i = 1; i < RACE_HARTS; i++)
		assert_int_equal(pthread_create(&t[i], NULL, race_target,
						(void *)(uintptr_t)i),
				 0);
	for (r = 1; r <= RACE_ROUNDS; r++) {
		post(0, 0xE, 0);
		while (fw_fence_pending(fw_hart_at(0)))
			sched_yield();
		/* Returned: every target has done this round's fence. */
		for (i = 1; i < RACE_HARTS; i++)
			assert_int_equal(__atomic_load_n(&race_done[i],
							 __ATOMIC_RELAXED),
					 r);
	}
	__atomic_store_n(&race_stop, 1, __ATOMIC_RELEASE);
	for (i = 1; i < RACE_HARTS; i++)
		pthread_join(t[i], NULL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(
			test_fw_fence__fence_returns_only_after_every_target_acknowledged),
		cmocka_unit_test(
			test_fw_fence__caller_in_the_list_fences_itself_and_waits_for_no_one),
		cmocka_unit_test(
			test_fw_fence__base_minus_one_signals_every_other_hart),
		cmocka_unit_test(test_fw_fence__empty_list_signals_no_hart),
		cmocka_unit_test(
			test_fw_fence__target_owes_each_requester_once),
		cmocka_unit_test(
			test_fw_fence__two_harts_fencing_each_other_both_complete),
		cmocka_unit_test(
			test_fw_fence__requesters_beyond_one_hart_set_word_are_found),
		cmocka_unit_test(
			test_fw_fence__start_and_size_zero_is_whole_address_space),
		cmocka_unit_test(
			test_fw_fence__size_all_ones_is_whole_address_space),
		cmocka_unit_test(
			test_fw_fence__wrapping_range_is_one_full_flush),
		cmocka_unit_test(
			test_fw_fence__range_in_last_page_is_one_page_not_a_wrap),
		cmocka_unit_test(
			test_fw_fence__range_to_the_very_top_is_one_full_flush),
		cmocka_unit_test(
			test_fw_fence__range_counts_every_page_it_touches),
		cmocka_unit_test(
			test_fw_fence__max_pages_or_more_is_one_full_flush),
		cmocka_unit_test(
			test_fw_fence__concurrent_targets_all_done_when_caller_returns),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
