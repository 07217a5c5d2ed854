/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * COUNTER_START (FID 3, Table 11) and COUNTER_STOP (FID 4, Table 13): every
 * error row, the check order of docs/semantics.md (INVALID_PARAM, then
 * NO_SHMEM, then ALREADY_*), all-or-nothing on sets, STOP(RESET) always
 * releasing, and what the hardware sees: mcountinhibit, the counter value
 * (SET_INIT_VALUE or kept), mhpmevent re-programmed at START with its
 * filter bits, OF cleared at START unless LCOFIP is pending, OF kept at
 * STOP, overflow on full-width and 48-bit counters.
 */
#include "test_util.h"

#define ALL_VALID   0x7FFFFFDUL
#define F_INIT	    SBI_PMU_START_FLAG_SET_INIT_VALUE
#define F_INIT_SNAP SBI_PMU_START_FLAG_INIT_SNAPSHOT
#define F_RESET	    SBI_PMU_STOP_FLAG_RESET
#define F_SNAP	    SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT
#define EV_IPI	    EV_FW(SBI_PMU_FW_IPI_SENT)

static int setup_narrow(void **state)
{
	struct sim_env_cfg cfg = tu_cfg_qemu();

	cfg.hart.width = 48;
	return tu_setup_cfg(state, &cfg);
}

static int setup_smcntrpmf(void **state)
{
	struct sim_env_cfg cfg = tu_cfg_qemu();

	cfg.hart.smcntrpmf = true;
	return tu_setup_cfg(state, &cfg);
}

/* Configure @ev on exactly counter @idx, stopped. */
static void map_only(struct sim_env *env, unsigned long idx, unsigned long ev)
{
	struct sbiret r;

	tu_stop_if_unowned(env, idx);
	r = cfg_match(env, idx, 1, 0, ev, 0);

	assert_ok(r);
	assert_int_equal(r.value, idx);
}

/* ---- COUNTER_START: SBI_SUCCESS ---- */

static void test_start__mapped_counter__success_and_counts(void **state)
{
	struct sim_env *env = *state;

	map_only(env, 3, EV_DTLB_READ_MISS);
	assert_ok(start(env, 3, 1, F_INIT, 100));
	assert_true(tu_started(env, 3));
	assert_int_equal(env->hart[0].counter[3], 100);
	sim_hart_tick(&env->hart[0], 7);
	assert_int_equal(env->hart[0].counter[3], 107);
}

static void test_start__no_set_init_value__value_kept(void **state)
{
	struct sim_env *env = *state;

	map_only(env, 3, EV_DTLB_READ_MISS);
	env->hart[0].counter[3] = 555;
	assert_ok(start(env, 3, 1, 0, 99));
	assert_int_equal(env->hart[0].counter[3], 555);
}

static void test_start__set_init_value__every_counter_of_set(void **state)
{
	struct sim_env *env = *state;

	map_only(env, 3, EV_DTLB_READ_MISS);
	map_only(env, 5, EV_ITLB_READ_MISS);
	map_only(env, QEMU_FIRST_FW, EV_IPI);
	assert_ok(
		start(env, 3, 0x5 | (1UL << (QEMU_FIRST_FW - 3)), F_INIT, 42));
	assert_int_equal(env->hart[0].counter[3], 42);
	assert_int_equal(env->hart[0].counter[5], 42);
	assert_int_equal(fw_read(env, QEMU_FIRST_FW).value, 42);
}

static void test_start__fixed_cycle_counter__counts(void **state)
{
	struct sim_env *env = *state;

	map_and_start(env, 0, EV_CYCLES, 0, 1000);
	sim_hart_tick(&env->hart[0], 10);
	assert_int_equal(env->hart[0].counter[0], 1010);
}

static void test_start__cbase_last_counter__valid(void **state)
{
	struct sim_env *env = *state;

	map_only(env, QEMU_N_LOGICAL - 1, EV_IPI);
	assert_ok(start(env, QEMU_N_LOGICAL - 1, 1, 0, 0));
}

/* ---- COUNTER_START: SBI_ERR_INVALID_PARAM ---- */

static void test_start__cbase_num_counters__invalid_param(void **state)
{
	struct sim_env *env = *state;

	assert_err(start(env, QEMU_N_LOGICAL, 1, 0, 0), SBI_ERR_INVALID_PARAM);
	assert_err(start(env, ~0UL, 1, 0, 0), SBI_ERR_INVALID_PARAM);
}

static void test_start__set_with_time_or_beyond__invalid_param(void **state)
{
	struct sim_env *env = *state;

	map_only(env, 0, EV_CYCLES);
	map_only(env, 2, EV_INSTRUCTIONS);
	assert_err(start(env, 0, 0x7, 0, 0), SBI_ERR_INVALID_PARAM);
	assert_err(start(env, 0, 0, 0, 0), SBI_ERR_INVALID_PARAM);
	assert_err(start(env, QEMU_N_LOGICAL - 1, 3, 0, 0),
		   SBI_ERR_INVALID_PARAM);
	assert_false(tu_started(env, 0));
	assert_false(tu_started(env, 2));
}

static void test_start__reserved_flag_bits__invalid_param(void **state)
{
	struct sim_env *env = *state;
	unsigned int bit;

	map_only(env, 3, EV_DTLB_READ_MISS);
	for (bit = 2; bit < 64; bit++)
		assert_err(start(env, 3, 1, 1UL << bit, 0),
			   SBI_ERR_INVALID_PARAM);
	assert_false(tu_started(env, 3));
}

static void
test_start__init_value_with_init_snapshot__invalid_param(void **state)
{
	struct sim_env *env = *state;

	map_only(env, 3, EV_DTLB_READ_MISS);
	assert_ok(set_shmem(env, S_RAM, 0));
	assert_err(start(env, 3, 1, F_INIT | F_INIT_SNAP, 0),
		   SBI_ERR_INVALID_PARAM);
	assert_false(tu_started(env, 3));
}

static void test_start__unmapped_counter__invalid_param(void **state)
{
	struct sim_env *env = *state;

	assert_err(start(env, 3, 1, F_INIT, 5), SBI_ERR_INVALID_PARAM);
	assert_err(start(env, QEMU_FIRST_FW, 1, 0, 0), SBI_ERR_INVALID_PARAM);
	map_only(env, 3, EV_DTLB_READ_MISS);
	/* one unmapped counter spoils the set: nothing starts */
	assert_err(start(env, 3, 3, 0, 0), SBI_ERR_INVALID_PARAM);
	assert_false(tu_started(env, 3));
}

/* ---- COUNTER_START: SBI_ERR_ALREADY_STARTED ---- */

static void test_start__already_started__already_started(void **state)
{
	struct sim_env *env = *state;

	map_and_start(env, 3, EV_DTLB_READ_MISS, 0, 10);
	sim_hart_tick(&env->hart[0], 5);
	assert_err(start(env, 3, 1, F_INIT, 0), SBI_ERR_ALREADY_STARTED);
	assert_int_equal(env->hart[0].counter[3], 15);
}

static void test_start__one_started_in_set__nothing_changed(void **state)
{
	struct sim_env *env = *state;

	map_only(env, 3, EV_DTLB_READ_MISS);
	map_and_start(env, 4, EV_DTLB_READ_MISS, 0, 10);
	map_only(env, 5, EV_DTLB_READ_MISS);
	assert_err(start(env, 3, 0x7, F_INIT, 99), SBI_ERR_ALREADY_STARTED);
	assert_false(tu_started(env, 3));
	assert_false(tu_started(env, 5));
	assert_int_equal(env->hart[0].counter[4], 10);
	assert_int_equal(env->hart[0].counter[3], 0);
}

/* ---- COUNTER_START: SBI_ERR_NO_SHMEM ---- */

static void test_start__init_snapshot_without_shmem__no_shmem(void **state)
{
	struct sim_env *env = *state;

	map_only(env, 3, EV_DTLB_READ_MISS);
	assert_err(start(env, 3, 1, F_INIT_SNAP, 0), SBI_ERR_NO_SHMEM);
	assert_false(tu_started(env, 3));
}

static void test_start__check_order__param_then_shmem_then_state(void **state)
{
	struct sim_env *env = *state;

	map_and_start(env, 3, EV_DTLB_READ_MISS, 0, 0);
	/* invalid set and no shmem: INVALID_PARAM first */
	assert_err(start(env, 0, 0x3, F_INIT_SNAP, 0), SBI_ERR_INVALID_PARAM);
	/* reserved flag and no shmem: INVALID_PARAM */
	assert_err(start(env, 3, 1, F_INIT_SNAP | 4, 0), SBI_ERR_INVALID_PARAM);
	/* already started and no shmem: NO_SHMEM */
	assert_err(start(env, 3, 1, F_INIT_SNAP, 0), SBI_ERR_NO_SHMEM);
	assert_err(start(env, 3, 1, 0, 0), SBI_ERR_ALREADY_STARTED);
}

/* ---- COUNTER_START: mhpmevent and OF ---- */

static void test_start__reprograms_lost_mhpmevent_with_filters(void **state)
{
	struct sim_env *env = *state;
	uint64_t want = MHPMEVENT_MINH | MHPMEVENT_SINH | EV_DTLB_READ_MISS;

	assert_ok(cfg_match(env, 3, 1, SBI_PMU_CFG_FLAG_SET_SINH,
			    EV_DTLB_READ_MISS, 0));
	assert_ok(start(env, 3, 1, 0, 0));
	assert_ok(stop(env, 3, 1, 0));
	/* a suspend path lost the CSR (docs/facts.md F1.8, F3.7) */
	sim_hart_lose_event(&env->hart[0], 3, 0);
	assert_ok(start(env, 3, 1, 0, 0));
	assert_int_equal(env->hart[0].event[3], want);
}

static void test_start__no_lcofip__of_cleared(void **state)
{
	struct sim_env *env = *state;

	map_only(env, 3, EV_DTLB_READ_MISS);
	assert_true(env->hart[0].event[3] & MHPMEVENT_OF);
	assert_ok(start(env, 3, 1, 0, 0));
	assert_int_equal(env->hart[0].event[3] & MHPMEVENT_OF, 0);
}

static void test_start__lcofip_pending__overflowed_of_kept(void **state)
{
	struct sim_env *env = *state;

	map_and_start(env, 3, EV_DTLB_READ_MISS, 0, ~0ULL - 1);
	sim_hart_tick(&env->hart[0], 4);
	assert_true(env->hart[0].lcofip);
	assert_ok(stop(env, 3, 1, 0));
	/* S-mode has not cleared LCOFIP yet: the overflow is not lost */
	assert_ok(start(env, 3, 1, F_INIT, 0));
	assert_true(env->hart[0].event[3] & MHPMEVENT_OF);
}

static void test_start__lcofip_pending__other_counter_of_cleared(void **state)
{
	struct sim_env *env = *state;

	map_and_start(env, 3, EV_DTLB_READ_MISS, 0, ~0ULL);
	map_and_start(env, 4, EV_DTLB_READ_MISS, 0, 0);
	sim_hart_tick(&env->hart[0], 1);
	assert_true(env->hart[0].lcofip);
	assert_ok(stop(env, 4, 1, 0));
	assert_ok(start(env, 4, 1, 0, 0));
	assert_int_equal(env->hart[0].event[4] & MHPMEVENT_OF, 0);
}

static void test_start__rv64_initial_value_a3_only_a4_ignored(void **state)
{
	struct sim_env *env = *state;

	map_only(env, 3, EV_DTLB_READ_MISS);
	assert_ok(ecall(env, SBI_EXT_PMU_COUNTER_START, 3, 1, F_INIT,
			0x0123456789ABCDEFUL, ~0UL));
	assert_int_equal(env->hart[0].counter[3], 0x0123456789ABCDEFULL);
}

/*
 * A counter configured while another counter's overflow is pending still
 * carries the OF bit CFG_MATCH set to mask it; it never overflowed, so
 * START should not leave that bit for S-mode to read as an overflow
 * (Linux would take a spurious sample). docs/semantics.md: a fresh
 * counter's OF is always cleared at its first START.
 */
static void
test_start__lcofip_pending_fresh_counter__no_phantom_overflow(void **state)
{
	struct sim_env *env = *state;

	map_and_start(env, 3, EV_DTLB_READ_MISS, 0, ~0ULL);
	sim_hart_tick(&env->hart[0], 1);
	assert_true(env->hart[0].lcofip);
	map_only(env, 4, EV_DTLB_READ_MISS);
	assert_ok(start(env, 4, 1, F_INIT, 0));
	assert_int_equal(env->hart[0].event[4] & MHPMEVENT_OF, 0);
}

/* ---- COUNTER_STOP: SBI_SUCCESS ---- */

static void test_stop__running__success_and_frozen(void **state)
{
	struct sim_env *env = *state;

	map_and_start(env, 3, EV_DTLB_READ_MISS, 0, 10);
	assert_ok(stop(env, 3, 1, 0));
	assert_false(tu_started(env, 3));
	assert_true(tu_mapped(env, 3));
	sim_hart_tick(&env->hart[0], 100);
	assert_int_equal(env->hart[0].counter[3], 10);
}

static void test_stop__reset_running__unmapped_and_reusable(void **state)
{
	struct sim_env *env = *state;
	struct sbiret r;

	map_and_start(env, 3, EV_DTLB_READ_MISS, 0, 10);
	assert_ok(stop(env, 3, 1, F_RESET));
	assert_false(tu_mapped(env, 3));
	assert_int_equal(env->hart[0].event[3], 0);
	r = cfg_match(env, 0, ALL_VALID, 0, EV_ITLB_READ_MISS, 0);
	assert_int_equal(r.value, 3);
}

static void test_stop__multi_counter_hw_and_fw__all_stopped(void **state)
{
	struct sim_env *env = *state;
	unsigned long mask = 0x3UL | (1UL << (QEMU_FIRST_FW - 3));

	map_and_start(env, 3, EV_DTLB_READ_MISS, 0, 0);
	map_and_start(env, 4, EV_ITLB_READ_MISS, 0, 0);
	map_and_start(env, QEMU_FIRST_FW, EV_IPI, 0, 0);
	assert_ok(stop(env, 3, mask, 0));
	/* only the hand-off counters, outside the set, still run */
	assert_int_equal(tu_hart(env)->started, TU_FIXED);
	assert_int_equal(env->hart[0].inhibit & 0x18, 0x18);
}

static void test_stop__cbase_last_counter__valid(void **state)
{
	struct sim_env *env = *state;

	map_and_start(env, QEMU_N_LOGICAL - 1, EV_IPI, 0, 0);
	assert_ok(stop(env, QEMU_N_LOGICAL - 1, 1, 0));
}

/* ---- COUNTER_STOP: SBI_ERR_INVALID_PARAM ---- */

static void test_stop__invalid_set__invalid_param(void **state)
{
	struct sim_env *env = *state;

	map_and_start(env, 0, EV_CYCLES, 0, 0);
	assert_err(stop(env, 0, 0x3, 0), SBI_ERR_INVALID_PARAM);
	assert_err(stop(env, 0, 0, 0), SBI_ERR_INVALID_PARAM);
	assert_err(stop(env, QEMU_N_LOGICAL, 1, 0), SBI_ERR_INVALID_PARAM);
	assert_err(stop(env, 0, ALL_VALID | (1UL << QEMU_N_LOGICAL), 0),
		   SBI_ERR_INVALID_PARAM);
	assert_true(tu_started(env, 0));
}

static void test_stop__reserved_flag_bits__invalid_param(void **state)
{
	struct sim_env *env = *state;
	unsigned int bit;

	map_and_start(env, 3, EV_DTLB_READ_MISS, 0, 0);
	for (bit = 2; bit < 64; bit++)
		assert_err(stop(env, 3, 1, 1UL << bit), SBI_ERR_INVALID_PARAM);
	assert_true(tu_started(env, 3));
}

/* ---- COUNTER_STOP: SBI_ERR_ALREADY_STOPPED ---- */

static void test_stop__mapped_not_started__already_stopped(void **state)
{
	struct sim_env *env = *state;

	map_only(env, 3, EV_DTLB_READ_MISS);
	assert_err(stop(env, 3, 1, 0), SBI_ERR_ALREADY_STOPPED);
	assert_true(tu_mapped(env, 3));
}

/* ---- COUNTER_STOP: a counter with no event is invalid ---- */

static void test_stop__unmapped__invalid_param(void **state)
{
	struct sim_env *env = *state;

	assert_err(stop(env, 3, 1, 0), SBI_ERR_INVALID_PARAM);
	assert_err(stop(env, QEMU_FIRST_FW, 1, 0), SBI_ERR_INVALID_PARAM);
	/* one counter with no event spoils the set: nothing stops */
	map_and_start(env, 4, EV_DTLB_READ_MISS, 0, 0);
	assert_err(stop(env, 3, 0x3, 0), SBI_ERR_INVALID_PARAM);
	assert_err(stop(env, 3, 0x3, F_SNAP), SBI_ERR_INVALID_PARAM);
	assert_true(tu_started(env, 4));
}

/* Released by STOP(RESET): a second plain STOP finds no event. */
static void test_stop__released__invalid_param(void **state)
{
	struct sim_env *env = *state;

	map_and_start(env, QEMU_FIRST_FW, EV_IPI, 0, 0);
	assert_ok(stop(env, QEMU_FIRST_FW, 1, F_RESET));
	assert_err(stop(env, QEMU_FIRST_FW, 1, 0), SBI_ERR_INVALID_PARAM);
	/* RESET itself still takes it, with anything else */
	assert_err(stop(env, QEMU_FIRST_FW, 1, F_RESET),
		   SBI_ERR_ALREADY_STOPPED);
}

/* Fixed counters always have their event: stopped, never invalid. */
static void test_stop__fixed_unclaimed_stopped__already_stopped(void **state)
{
	struct sim_env *env = *state;

	assert_ok(stop(env, 0, 0x5, 0));
	assert_err(stop(env, 0, 0x5, 0), SBI_ERR_ALREADY_STOPPED);
}

static void test_stop__one_stopped_in_set__nothing_stopped(void **state)
{
	struct sim_env *env = *state;

	map_and_start(env, 3, EV_DTLB_READ_MISS, 0, 0);
	map_only(env, 4, EV_DTLB_READ_MISS);
	map_and_start(env, 5, EV_DTLB_READ_MISS, 0, 0);
	assert_err(stop(env, 3, 0x7, 0), SBI_ERR_ALREADY_STOPPED);
	assert_true(tu_started(env, 3));
	assert_true(tu_started(env, 5));
}

static void test_stop__reset_mixed_set__completes_already_stopped(void **state)
{
	struct sim_env *env = *state;

	map_and_start(env, 3, EV_DTLB_READ_MISS, 0, 0);
	map_only(env, 4, EV_DTLB_READ_MISS);
	/* 5 unmapped */
	assert_err(stop(env, 3, 0x7, F_RESET), SBI_ERR_ALREADY_STOPPED);
	assert_int_equal(tu_hart(env)->mapped, 0);
	assert_int_equal(tu_hart(env)->started, TU_FIXED);
}

static void test_stop__reset_stopped__released(void **state)
{
	struct sim_env *env = *state;

	map_and_start(env, 3, EV_DTLB_READ_MISS, 0, 0);
	assert_ok(stop(env, 3, 1, 0));
	assert_err(stop(env, 3, 1, F_RESET), SBI_ERR_ALREADY_STOPPED);
	assert_false(tu_mapped(env, 3));
}

static void test_stop__reset_fixed_smcntrpmf__fixed_cfg_cleared(void **state)
{
	struct sim_env *env = *state;

	tu_stop_if_unowned(env, 0);
	assert_ok(
		cfg_match(env, 0, 1, SBI_PMU_CFG_FLAG_SET_SINH, EV_CYCLES, 0));
	assert_true(env->hart[0].fixed_cfg[0] != 0);
	assert_err(stop(env, 0, 1, F_RESET), SBI_ERR_ALREADY_STOPPED);
	assert_int_equal(env->hart[0].fixed_cfg[0], 0);
}

/* ---- COUNTER_STOP: SBI_ERR_NO_SHMEM ---- */

static void test_stop__take_snapshot_without_shmem__no_shmem(void **state)
{
	struct sim_env *env = *state;

	map_and_start(env, 3, EV_DTLB_READ_MISS, 0, 0);
	assert_err(stop(env, 3, 1, F_SNAP), SBI_ERR_NO_SHMEM);
	assert_true(tu_started(env, 3));
	assert_err(stop(env, 3, 1, F_SNAP | F_RESET), SBI_ERR_NO_SHMEM);
	assert_true(tu_mapped(env, 3));
}

static void test_stop__check_order__param_then_shmem_then_state(void **state)
{
	struct sim_env *env = *state;

	map_only(env, 3, EV_DTLB_READ_MISS);
	assert_err(stop(env, 0, 0x3, F_SNAP), SBI_ERR_INVALID_PARAM);
	assert_err(stop(env, 3, 1, F_SNAP | 4), SBI_ERR_INVALID_PARAM);
	/* a counter with no event before NO_SHMEM, unless RESET */
	assert_err(stop(env, 4, 1, F_SNAP), SBI_ERR_INVALID_PARAM);
	assert_err(stop(env, 4, 1, F_SNAP | F_RESET), SBI_ERR_NO_SHMEM);
	/* stopped and no shmem: NO_SHMEM comes before ALREADY_STOPPED */
	assert_err(stop(env, 3, 1, F_SNAP), SBI_ERR_NO_SHMEM);
	assert_err(stop(env, 3, 1, 0), SBI_ERR_ALREADY_STOPPED);
}

/* ---- overflow (Sscofpmf) ---- */

static void test_stop__overflowed_counter__of_kept_for_scountovf(void **state)
{
	struct sim_env *env = *state;

	map_and_start(env, 3, EV_DTLB_READ_MISS, 0, ~0ULL);
	sim_hart_tick(&env->hart[0], 1);
	assert_ok(stop(env, 3, 1, 0));
	assert_true(env->hart[0].event[3] & MHPMEVENT_OF);
}

static void test_overflow__full_width__of_and_lcofip(void **state)
{
	struct sim_env *env = *state;

	map_and_start(env, 3, EV_DTLB_READ_MISS, 0, ~0ULL - 9);
	sim_hart_tick(&env->hart[0], 9);
	assert_false(env->hart[0].lcofip);
	sim_hart_tick(&env->hart[0], 1);
	assert_true(env->hart[0].lcofip);
	assert_true(env->hart[0].event[3] & MHPMEVENT_OF);
	assert_int_equal(env->hart[0].counter[3], 0);
}

static void test_overflow__width_48__wraps_at_2_pow_48(void **state)
{
	struct sim_env *env = *state;
	uint64_t max = (1ULL << 48) - 1;

	/* bits above the width are ignored */
	map_and_start(env, 3, EV_DTLB_READ_MISS, 0, ~0ULL);
	assert_int_equal(env->hart[0].counter[3], max);
	assert_ok(stop(env, 3, 1, 0));
	assert_ok(start(env, 3, 1, F_INIT, max - 4));
	sim_hart_tick(&env->hart[0], 4);
	assert_false(env->hart[0].lcofip);
	sim_hart_tick(&env->hart[0], 6);
	assert_true(env->hart[0].lcofip);
	assert_int_equal(env->hart[0].counter[3], 5);
}

static void test_overflow__stopped_counter__no_interrupt(void **state)
{
	struct sim_env *env = *state;

	map_and_start(env, 3, EV_DTLB_READ_MISS, 0, ~0ULL - 1);
	assert_ok(stop(env, 3, 1, 0));
	sim_hart_tick(&env->hart[0], 100);
	assert_false(env->hart[0].lcofip);
	assert_int_equal(env->hart[0].event[3] & MHPMEVENT_OF, 0);
}

static void test_overflow__configured_unstarted__no_interrupt(void **state)
{
	struct sim_env *env = *state;

	map_only(env, 3, EV_DTLB_READ_MISS);
	/* even if something un-inhibited it, OF set at configure masks LCOFI */
	env->hart[0].inhibit &= ~(1u << 3);
	env->hart[0].counter[3] = ~0ULL;
	sim_hart_tick(&env->hart[0], 1);
	assert_false(env->hart[0].lcofip);
	env->hart[0].inhibit |= 1u << 3;
}

static void test_overflow__no_sscofpmf__no_of_no_lcofip(void **state)
{
	struct sim_env *env = *state;

	map_and_start(env, 3, EV_DTLB_READ_MISS, 0, ~0ULL);
	sim_hart_tick(&env->hart[0], 2);
	assert_false(env->hart[0].lcofip);
	assert_int_equal(env->hart[0].event[3], EV_DTLB_READ_MISS);
	assert_ok(stop(env, 3, 1, 0));
	assert_ok(start(env, 3, 1, F_INIT, 0));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
#define T(f)	 cmocka_unit_test_setup_teardown(f, tu_setup_qemu, tu_teardown)
#define TS(f, s) cmocka_unit_test_setup_teardown(f, s, tu_teardown)
		T(test_start__mapped_counter__success_and_counts),
		T(test_start__no_set_init_value__value_kept),
		T(test_start__set_init_value__every_counter_of_set),
		T(test_start__fixed_cycle_counter__counts),
		T(test_start__cbase_last_counter__valid),
		T(test_start__cbase_num_counters__invalid_param),
		T(test_start__set_with_time_or_beyond__invalid_param),
		T(test_start__reserved_flag_bits__invalid_param),
		T(test_start__init_value_with_init_snapshot__invalid_param),
		T(test_start__unmapped_counter__invalid_param),
		T(test_start__already_started__already_started),
		T(test_start__one_started_in_set__nothing_changed),
		T(test_start__init_snapshot_without_shmem__no_shmem),
		T(test_start__check_order__param_then_shmem_then_state),
		T(test_start__reprograms_lost_mhpmevent_with_filters),
		T(test_start__no_lcofip__of_cleared),
		T(test_start__lcofip_pending__overflowed_of_kept),
		T(test_start__lcofip_pending__other_counter_of_cleared),
		T(test_start__rv64_initial_value_a3_only_a4_ignored),
		T(test_start__lcofip_pending_fresh_counter__no_phantom_overflow),
		T(test_stop__running__success_and_frozen),
		T(test_stop__reset_running__unmapped_and_reusable),
		T(test_stop__multi_counter_hw_and_fw__all_stopped),
		T(test_stop__cbase_last_counter__valid),
		T(test_stop__invalid_set__invalid_param),
		T(test_stop__reserved_flag_bits__invalid_param),
		T(test_stop__mapped_not_started__already_stopped),
		T(test_stop__unmapped__invalid_param),
		T(test_stop__released__invalid_param),
		T(test_stop__fixed_unclaimed_stopped__already_stopped),
		T(test_stop__one_stopped_in_set__nothing_stopped),
		T(test_stop__reset_mixed_set__completes_already_stopped),
		T(test_stop__reset_stopped__released),
		TS(test_stop__reset_fixed_smcntrpmf__fixed_cfg_cleared,
		   setup_smcntrpmf),
		T(test_stop__take_snapshot_without_shmem__no_shmem),
		T(test_stop__check_order__param_then_shmem_then_state),
		T(test_stop__overflowed_counter__of_kept_for_scountovf),
		T(test_overflow__full_width__of_and_lcofip),
		TS(test_overflow__width_48__wraps_at_2_pow_48, setup_narrow),
		T(test_overflow__stopped_counter__no_interrupt),
		T(test_overflow__configured_unstarted__no_interrupt),
		TS(test_overflow__no_sscofpmf__no_of_no_lcofip,
		   tu_setup_no_sscofpmf),
#undef T
#undef TS
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
