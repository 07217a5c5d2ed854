/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * SNAPSHOT_SET_SHMEM (FID 7, Tables 16 and 17) and the snapshot flags of
 * START / STOP: every error row with both sides of each boundary (4 KiB
 * alignment, first and last page of supervisor RAM, firmware memory, MMIO,
 * above RAM, the top of the address space, a non-zero high half on RV64,
 * reserved flags, the all-ones disable value), and the layout the
 * supervisor sees: values[idx - cbase], the overflow word relative to
 * cbase (zero without Sscofpmf), other slots untouched, no access to the
 * area outside STOP(TAKE_SNAPSHOT) / START(INIT_SNAPSHOT), one area per
 * hart; with the area rewritten by another hart during the call, each
 * slot loaded once and STOP loading nothing.
 */
#include "test_util.h"

#define F_INIT_SNAP SBI_PMU_START_FLAG_INIT_SNAPSHOT
#define F_RESET	    SBI_PMU_STOP_FLAG_RESET
#define F_SNAP	    SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT
#define EV_IPI	    EV_FW(SBI_PMU_FW_IPI_SENT)
#define PAGE	    4096UL
#define PATTERN	    0xA5A5A5A5A5A5A5A5ULL

static int setup_no_snapshot(void **state)
{
	struct sim_env_cfg cfg = sim_env_default_cfg();

	cfg.no_snapshot = true;
	return tu_setup_cfg(state, &cfg);
}

/*
 * Table 17, NOT_SUPPORTED: "The SBI PMU snapshot functionality is not
 * available" -- a firmware withholding it answers so even for a valid area,
 * and START with INIT_SNAPSHOT then finds no shared memory.
 */
static void test_set_shmem__snapshot_withheld__not_supported(void **state)
{
	struct sim_env *env = *state;
	struct sbiret r;

	assert_err(set_shmem(env, SIM_S_RAM_BASE, 0), SBI_ERR_NOT_SUPPORTED);
	r = cfg_match(env, 3, 1, 0, EV_DTLB_READ_MISS, 0);
	assert_ok(r);
	assert_err(start(env, 3, 1, SBI_PMU_START_FLAG_INIT_SNAPSHOT, 0),
		   SBI_ERR_NO_SHMEM);
}

static int setup_two_harts(void **state)
{
	struct sim_env_cfg cfg = tu_cfg_qemu();

	cfg.harts = 2;
	return tu_setup_cfg(state, &cfg);
}

/* Configure @ev on exactly counter @idx, stopped. */
static void map_only(struct sim_env *env, unsigned long idx, unsigned long ev)
{
	struct sbiret r = cfg_match(env, idx, 1, 0, ev, 0);

	assert_ok(r);
	assert_int_equal(r.value, idx);
}

static void assert_page_is(struct sim_env *env, uint64_t addr, uint8_t byte)
{
	const uint8_t *p = tu_mem(env, addr);
	size_t i;

	for (i = 0; i < PAGE; i++)
		assert_int_equal(p[i], byte);
}

/* ---- SNAPSHOT_SET_SHMEM: SBI_SUCCESS ---- */

static void test_set_shmem__first_s_ram_page__success(void **state)
{
	struct sim_env *env = *state;

	assert_ok(set_shmem(env, S_RAM, 0));
	assert_non_null(tu_hart(env)->shmem);
}

static void test_set_shmem__last_page_ending_at_ram_end__success(void **state)
{
	struct sim_env *env = *state;

	assert_ok(set_shmem(env, RAM_END - PAGE, 0));
}

static void test_set_shmem__no_access_at_set_time__page_untouched(void **state)
{
	struct sim_env *env = *state;

	assert_ok(set_shmem(env, S_RAM, 0));
	assert_page_is(env, S_RAM, 0xA5);
}

static void test_set_shmem__called_again__new_area_used(void **state)
{
	struct sim_env *env = *state;
	struct pmu_snapshot_shmem *second = tu_snap(env, S_RAM + PAGE);

	assert_ok(set_shmem(env, S_RAM, 0));
	assert_ok(set_shmem(env, S_RAM + PAGE, 0));
	map_and_start(env, 3, EV_DTLB_READ_MISS, 0, 77);
	assert_ok(stop(env, 3, 1, F_SNAP));
	assert_int_equal(second->values[0], 77);
	assert_page_is(env, S_RAM, 0xA5);
}

static void
test_set_shmem__disable_all_ones__success_then_no_shmem(void **state)
{
	struct sim_env *env = *state;

	assert_ok(set_shmem(env, S_RAM, 0));
	assert_ok(disable_shmem(env));
	assert_null(tu_hart(env)->shmem);
	map_and_start(env, 3, EV_DTLB_READ_MISS, 0, 1);
	assert_err(stop(env, 3, 1, F_SNAP), SBI_ERR_NO_SHMEM);
	assert_err(start(env, 3, 1, F_INIT_SNAP, 0), SBI_ERR_NO_SHMEM);
}

static void test_set_shmem__disable_when_never_set__success(void **state)
{
	struct sim_env *env = *state;

	assert_ok(disable_shmem(env));
}

/* The function is implemented: its NOT_SUPPORTED and FAILED rows never
 * come back, whatever the input. */
static void test_set_shmem__not_supported_and_failed_rows__never(void **state)
{
	struct sim_env *env = *state;
	const unsigned long addrs[] = {0,	   1,	       S_RAM,
				       S_RAM + 16, RAM_END,    SIM_MMIO_BASE,
				       ~0UL,	   ~0UL - 4095};
	const unsigned long his[] = {0, 1, ~0UL};
	size_t i, j;

	for (i = 0; i < sizeof(addrs) / sizeof(addrs[0]); i++) {
		for (j = 0; j < 3; j++) {
			struct sbiret r =
				ecall(env, SBI_EXT_PMU_SNAPSHOT_SET_SHMEM,
				      addrs[i], his[j], 0);

			assert_true(r.error != SBI_ERR_NOT_SUPPORTED);
			assert_true(r.error != SBI_ERR_FAILED);
		}
	}
}

/* ---- SBI_ERR_INVALID_PARAM ---- */

static void test_set_shmem__flags_nonzero__invalid_param(void **state)
{
	struct sim_env *env = *state;
	unsigned int bit;

	for (bit = 0; bit < 64; bit++)
		assert_err(set_shmem(env, S_RAM, 1UL << bit),
			   SBI_ERR_INVALID_PARAM);
	assert_null(tu_hart(env)->shmem);
	assert_err(ecall(env, SBI_EXT_PMU_SNAPSHOT_SET_SHMEM, ~0UL, ~0UL, 1),
		   SBI_ERR_INVALID_PARAM);
}

static void test_set_shmem__not_4k_aligned__invalid_param(void **state)
{
	struct sim_env *env = *state;
	const unsigned long offs[] = {1, 8, 16, 2048, PAGE - 1};
	size_t i;

	for (i = 0; i < sizeof(offs) / sizeof(offs[0]); i++)
		assert_err(set_shmem(env, S_RAM + offs[i], 0),
			   SBI_ERR_INVALID_PARAM);
	assert_null(tu_hart(env)->shmem);
}

static void test_set_shmem__lo_all_ones_hi_zero__not_disable(void **state)
{
	struct sim_env *env = *state;

	assert_ok(set_shmem(env, S_RAM, 0));
	/* only both halves all-ones disable; this is a misaligned address */
	assert_err(ecall(env, SBI_EXT_PMU_SNAPSHOT_SET_SHMEM, ~0UL, 0, 0),
		   SBI_ERR_INVALID_PARAM);
	assert_non_null(tu_hart(env)->shmem);
}

/* ---- SBI_ERR_INVALID_ADDRESS ---- */

static void test_set_shmem__page_beyond_ram_end__invalid_address(void **state)
{
	struct sim_env *env = *state;

	assert_err(set_shmem(env, RAM_END, 0), SBI_ERR_INVALID_ADDRESS);
	assert_null(tu_hart(env)->shmem);
}

static void test_set_shmem__firmware_memory__invalid_address(void **state)
{
	struct sim_env *env = *state;

	assert_err(set_shmem(env, SIM_RAM_BASE, 0), SBI_ERR_INVALID_ADDRESS);
	assert_err(set_shmem(env, S_RAM - PAGE, 0), SBI_ERR_INVALID_ADDRESS);
}

static void test_set_shmem__mmio__invalid_address(void **state)
{
	struct sim_env *env = *state;

	assert_err(set_shmem(env, SIM_MMIO_BASE, 0), SBI_ERR_INVALID_ADDRESS);
	assert_err(set_shmem(env, 0, 0), SBI_ERR_INVALID_ADDRESS);
}

static void test_set_shmem__above_ram__invalid_address(void **state)
{
	struct sim_env *env = *state;

	assert_err(set_shmem(env, 0x100000000UL, 0), SBI_ERR_INVALID_ADDRESS);
	assert_err(set_shmem(env, 0x8000000000000000UL, 0),
		   SBI_ERR_INVALID_ADDRESS);
}

static void test_set_shmem__top_of_address_space__invalid_address(void **state)
{
	struct sim_env *env = *state;

	assert_err(set_shmem(env, ~0UL - (PAGE - 1), 0),
		   SBI_ERR_INVALID_ADDRESS);
}

static void test_set_shmem__hi_half_nonzero_rv64__invalid_address(void **state)
{
	struct sim_env *env = *state;

	assert_err(ecall(env, SBI_EXT_PMU_SNAPSHOT_SET_SHMEM, S_RAM, 1, 0),
		   SBI_ERR_INVALID_ADDRESS);
	assert_err(ecall(env, SBI_EXT_PMU_SNAPSHOT_SET_SHMEM, S_RAM, ~0UL, 0),
		   SBI_ERR_INVALID_ADDRESS);
	assert_null(tu_hart(env)->shmem);
}

/* ---- STOP with TAKE_SNAPSHOT ---- */

static void test_snapshot_stop__values_relative_to_cbase(void **state)
{
	struct sim_env *env = *state;
	struct pmu_snapshot_shmem *s = tu_snap(env, S_RAM);
	unsigned int i;

	assert_ok(set_shmem(env, S_RAM, 0));
	map_and_start(env, 3, EV_DTLB_READ_MISS, 0, 333);
	map_and_start(env, 5, EV_DTLB_WRITE_MISS, 0, 555);
	assert_ok(stop(env, 3, 0x5, F_SNAP));
	assert_int_equal(s->values[0], 333);
	assert_int_equal(s->values[2], 555);
	/* "The values corresponding to all other counters must not be modified"
	 */
	assert_int_equal(s->values[1], PATTERN);
	for (i = 3; i < SBI_PMU_SNAPSHOT_VALUES_COUNT; i++)
		assert_int_equal(s->values[i], PATTERN);
	assert_int_equal(s->overflow, 0);
}

static void test_snapshot_stop__linux_single_counter__slot_0(void **state)
{
	struct sim_env *env = *state;
	struct pmu_snapshot_shmem *s = tu_snap(env, S_RAM);

	assert_ok(set_shmem(env, S_RAM, 0));
	map_and_start(env, 18, EV_DTLB_READ_MISS, 0, 1818);
	assert_ok(stop(env, 18, 1, F_SNAP));
	assert_int_equal(s->values[0], 1818);
	assert_int_equal(s->values[18], PATTERN);
}

static void test_snapshot_stop__fw_counter_value_saved(void **state)
{
	struct sim_env *env = *state;
	struct pmu_snapshot_shmem *s = tu_snap(env, S_RAM);

	assert_ok(set_shmem(env, S_RAM, 0));
	map_and_start(env, QEMU_FIRST_FW, EV_IPI, 0, 40);
	pmu_fw_event(tu_hart(env), SBI_PMU_FW_IPI_SENT);
	pmu_fw_event(tu_hart(env), SBI_PMU_FW_IPI_SENT);
	assert_ok(stop(env, 0, 1UL << QEMU_FIRST_FW, F_SNAP));
	assert_int_equal(s->values[QEMU_FIRST_FW], 42);
}

static void test_snapshot_stop__overflow_word_relative_to_cbase(void **state)
{
	struct sim_env *env = *state;
	struct pmu_snapshot_shmem *s = tu_snap(env, S_RAM);

	assert_ok(set_shmem(env, S_RAM, 0));
	map_and_start(env, 3, EV_DTLB_READ_MISS, 0, 0);
	map_and_start(env, 4, EV_DTLB_READ_MISS, 0, ~0ULL);
	sim_hart_tick(&env->hart[0], 1);
	assert_ok(stop(env, 3, 0x3, F_SNAP));
	assert_int_equal(s->overflow, 0x2);
	assert_int_equal(s->values[0], 1);
	assert_int_equal(s->values[1], 0);
}

static void test_snapshot_stop__no_sscofpmf__overflow_word_zero(void **state)
{
	struct sim_env *env = *state;
	struct pmu_snapshot_shmem *s = tu_snap(env, S_RAM);

	assert_ok(set_shmem(env, S_RAM, 0));
	map_and_start(env, 3, EV_DTLB_READ_MISS, 0, ~0ULL);
	sim_hart_tick(&env->hart[0], 3);
	assert_ok(stop(env, 3, 1, F_SNAP));
	/* "valid only if Sscofpmf ... Otherwise, it must be zero" */
	assert_int_equal(s->overflow, 0);
	assert_int_equal(s->values[0], 2);
}

static void test_snapshot_stop__already_stopped__nothing_written(void **state)
{
	struct sim_env *env = *state;

	assert_ok(set_shmem(env, S_RAM, 0));
	map_only(env, 3, EV_DTLB_READ_MISS);
	assert_err(stop(env, 3, 1, F_SNAP), SBI_ERR_ALREADY_STOPPED);
	assert_page_is(env, S_RAM, 0xA5);
}

static void test_snapshot_stop__with_reset__saved_then_released(void **state)
{
	struct sim_env *env = *state;
	struct pmu_snapshot_shmem *s = tu_snap(env, S_RAM);

	assert_ok(set_shmem(env, S_RAM, 0));
	map_and_start(env, 3, EV_DTLB_READ_MISS, 0, 9);
	assert_ok(stop(env, 3, 1, F_SNAP | F_RESET));
	assert_int_equal(s->values[0], 9);
	assert_false(tu_mapped(env, 3));
}

static void
test_snapshot__start_stop_without_flags__area_untouched(void **state)
{
	struct sim_env *env = *state;

	assert_ok(set_shmem(env, S_RAM, 0));
	map_and_start(env, 3, EV_DTLB_READ_MISS, 0, 9);
	assert_ok(stop(env, 3, 1, 0));
	assert_err(stop(env, 3, 1, F_RESET), SBI_ERR_ALREADY_STOPPED);
	assert_ok(cfg_match(env, 0, tu_valid(env), 0, EV_CYCLES, 0));
	assert_page_is(env, S_RAM, 0xA5);
}

/* ---- START with INIT_SNAPSHOT ---- */

static void test_snapshot_start__init_from_cbase_relative_slots(void **state)
{
	struct sim_env *env = *state;
	struct pmu_snapshot_shmem *s = tu_snap(env, S_RAM);

	assert_ok(set_shmem(env, S_RAM, 0));
	map_only(env, 3, EV_DTLB_READ_MISS);
	map_only(env, 5, EV_DTLB_WRITE_MISS);
	map_only(env, QEMU_FIRST_FW, EV_IPI);
	s->values[0] = 111;
	s->values[2] = 555;
	s->values[QEMU_FIRST_FW - 3] = 1919;
	assert_ok(start(env, 3, 0x5 | (1UL << (QEMU_FIRST_FW - 3)), F_INIT_SNAP,
			0));
	assert_int_equal(env->hart[0].counter[3], 111);
	assert_int_equal(env->hart[0].counter[5], 555);
	assert_int_equal(fw_read(env, QEMU_FIRST_FW).value, 1919);
}

static void test_snapshot_start__init_snapshot__area_read_only(void **state)
{
	struct sim_env *env = *state;

	assert_ok(set_shmem(env, S_RAM, 0));
	map_only(env, 3, EV_DTLB_READ_MISS);
	assert_ok(start(env, 3, 1, F_INIT_SNAP, 0));
	assert_int_equal(env->hart[0].counter[3], PATTERN);
	assert_page_is(env, S_RAM, 0xA5);
}

/* ---- a supervisor rewriting the area during the call ---- */

#define SLOT(i) (S_RAM + SBI_PMU_SNAPSHOT_VALUES_OFFSET + 8 * (i))

/*
 * START with INIT_SNAPSHOT loads each started counter's slot once, and
 * nothing else of the area: once slot 0 is loaded, the other hart
 * rewrites it; counter 3 keeps the value loaded, as a second load would
 * not.
 */
static void test_snapshot_start__each_slot_loaded_once(void **state)
{
	struct sim_env *env = *state;
	struct pmu_snapshot_shmem *s = tu_snap(env, S_RAM);
	struct tu_race race = {
		.after = SLOT(0),
		.poke = {{SLOT(0), 999, 8}},
		.n_pokes = 1,
	};
	uint64_t a;

	assert_ok(set_shmem(env, S_RAM, 0));
	map_only(env, 3, EV_DTLB_READ_MISS);
	map_only(env, 5, EV_DTLB_WRITE_MISS);
	s->values[0] = 111;
	s->values[2] = 555;
	tu_race_arm(env, &race);
	assert_ok(start(env, 3, 0x5, F_INIT_SNAP, 0));
	tu_race_disarm(env);
	assert_int_equal(race.fired, 1);
	assert_int_equal(env->hart[0].counter[3], 111);
	assert_int_equal(env->hart[0].counter[5], 555);
	for (a = S_RAM; a < S_RAM + PAGE; a++) {
		bool slot = (a >= SLOT(0) && a < SLOT(1)) ||
			    (a >= SLOT(2) && a < SLOT(3));

		assert_int_equal(sim_mem_loads_of(&env->mem, a), slot);
	}
}

/*
 * STOP with TAKE_SNAPSHOT only stores: one value per counter of the set
 * and the overflow word, at addresses the set alone decides, and loads
 * nothing the supervisor could have rewritten. The simulated memory
 * counts any store outside the overflow word and the 64 values as a
 * violation (sim_env.c), which tu_ecall() asserts is 0.
 */
static void test_snapshot_stop__take_snapshot__stores_only(void **state)
{
	struct sim_env *env = *state;

	assert_ok(set_shmem(env, S_RAM, 0));
	map_and_start(env, 3, EV_DTLB_READ_MISS, 0, 3);
	map_and_start(env, 5, EV_DTLB_WRITE_MISS, 0, 5);
	assert_ok(stop(env, 3, 0x5, F_SNAP));
	assert_int_equal(env->mem.loads, 0);
	assert_int_equal(env->mem.stores, 3);
}

/* ---- per hart ---- */

static void test_snapshot__per_hart_areas__independent(void **state)
{
	struct sim_env *env = *state;
	struct pmu_snapshot_shmem *s0 = tu_snap(env, S_RAM);
	struct pmu_snapshot_shmem *s1 = tu_snap(env, S_RAM + PAGE);
	struct sbiret r;

	assert_ok(set_shmem(env, S_RAM, 0));
	r = cfg_match_on(env, 1, 3, 1, SBI_PMU_CFG_FLAG_AUTO_START,
			 EV_DTLB_READ_MISS, 0);
	assert_ok(r);
	env->hart[1].counter[3] = 31;
	/* hart 1 has no area yet */
	assert_err(stop_on(env, 1, 3, 1, F_SNAP), SBI_ERR_NO_SHMEM);
	assert_ok(set_shmem_on(env, 1, S_RAM + PAGE, 0));
	assert_ok(stop_on(env, 1, 3, 1, F_SNAP));
	assert_int_equal(s1->values[0], 31);
	assert_int_equal(s0->values[0], PATTERN);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
#define T(f)	 cmocka_unit_test_setup_teardown(f, tu_setup_qemu, tu_teardown)
#define TS(f, s) cmocka_unit_test_setup_teardown(f, s, tu_teardown)
		T(test_set_shmem__first_s_ram_page__success),
		T(test_set_shmem__last_page_ending_at_ram_end__success),
		T(test_set_shmem__no_access_at_set_time__page_untouched),
		T(test_set_shmem__called_again__new_area_used),
		T(test_set_shmem__disable_all_ones__success_then_no_shmem),
		T(test_set_shmem__disable_when_never_set__success),
		T(test_set_shmem__not_supported_and_failed_rows__never),
		T(test_set_shmem__flags_nonzero__invalid_param),
		T(test_set_shmem__not_4k_aligned__invalid_param),
		T(test_set_shmem__lo_all_ones_hi_zero__not_disable),
		T(test_set_shmem__page_beyond_ram_end__invalid_address),
		T(test_set_shmem__firmware_memory__invalid_address),
		T(test_set_shmem__mmio__invalid_address),
		T(test_set_shmem__above_ram__invalid_address),
		T(test_set_shmem__top_of_address_space__invalid_address),
		T(test_set_shmem__hi_half_nonzero_rv64__invalid_address),
		T(test_snapshot_stop__values_relative_to_cbase),
		T(test_snapshot_stop__linux_single_counter__slot_0),
		T(test_snapshot_stop__fw_counter_value_saved),
		T(test_snapshot_stop__overflow_word_relative_to_cbase),
		TS(test_snapshot_stop__no_sscofpmf__overflow_word_zero,
		   tu_setup_no_sscofpmf),
		T(test_snapshot_stop__already_stopped__nothing_written),
		T(test_snapshot_stop__with_reset__saved_then_released),
		T(test_snapshot__start_stop_without_flags__area_untouched),
		T(test_snapshot_start__init_from_cbase_relative_slots),
		T(test_snapshot_start__init_snapshot__area_read_only),
		T(test_snapshot_start__each_slot_loaded_once),
		T(test_snapshot_stop__take_snapshot__stores_only),
		TS(test_snapshot__per_hart_areas__independent, setup_two_harts),
		TS(test_set_shmem__snapshot_withheld__not_supported,
		   setup_no_snapshot),
#undef T
#undef TS
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
