/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Firmware counters through the SBI functions: COUNTER_FW_READ (FID 5,
 * Table 14) and COUNTER_FW_READ_HI (FID 6, Table 15) on RV64 with every
 * kind of invalid index, and the life cycle of firmware counters under
 * CFG_MATCH / START / STOP: choice of the lowest free counter,
 * exhaustion, CLEAR_VALUE, AUTO_START, ALREADY_STARTED / ALREADY_STOPPED,
 * release by STOP(RESET), and configurations with 0 and 16 of them.
 */
#include "test_util.h"

#define ALL_VALID 0x7FFFFFDUL
#define FW0	  QEMU_FIRST_FW
#define EV_IPI	  EV_FW(SBI_PMU_FW_IPI_SENT)
#define F_INIT	  SBI_PMU_START_FLAG_SET_INIT_VALUE
#define F_RESET	  SBI_PMU_STOP_FLAG_RESET

static int setup_no_fw(void **state)
{
	struct sim_env_cfg cfg = tu_cfg_qemu();

	cfg.num_fw = 0;
	return tu_setup_cfg(state, &cfg);
}

static int setup_max_fw(void **state)
{
	struct sim_env_cfg cfg = tu_cfg_qemu();

	cfg.num_fw = PMU_MAX_FW_COUNTERS;
	return tu_setup_cfg(state, &cfg);
}

static int setup_holes(void **state)
{
	struct sim_env_cfg cfg = tu_cfg_qemu();

	cfg.hart.counters = 0x9D; /* 0, 2, 3, 4, 7; firmware 8..15 */
	return tu_setup_cfg(state, &cfg);
}

/* ---- COUNTER_FW_READ ---- */

static void test_fw_read__fw_counter__success_full_64_bits(void **state)
{
	struct sim_env *env = *state;
	uint64_t v = 0xFEDCBA9876543210ULL;
	struct sbiret r;

	map_and_start(env, FW0, EV_IPI, 0, v);
	r = fw_read(env, FW0);
	assert_ok(r);
	assert_int_equal(r.value, v);
}

/* A counter with no event is an "invalid counter" (Table 14). */
static void test_fw_read__unconfigured_fw_counter__invalid_param(void **state)
{
	struct sim_env *env = *state;

	assert_err(fw_read(env, FW0), SBI_ERR_INVALID_PARAM);
	assert_err(fw_read(env, QEMU_N_LOGICAL - 1), SBI_ERR_INVALID_PARAM);
}

/* Released by STOP(RESET): no stale value from the previous owner. */
static void test_fw_read__released_fw_counter__invalid_param(void **state)
{
	struct sim_env *env = *state;

	map_and_start(env, FW0, EV_IPI, 0, 1234);
	assert_ok(stop(env, FW0, 1, 0));
	assert_int_equal(fw_read(env, FW0).value, 1234);
	assert_err(stop(env, FW0, 1, F_RESET), SBI_ERR_ALREADY_STOPPED);
	assert_err(fw_read(env, FW0), SBI_ERR_INVALID_PARAM);
	assert_err(fw_read_hi(env, FW0), SBI_ERR_INVALID_PARAM);
}

/* Configured but never started: valid, it reads its value. */
static void test_fw_read__configured_not_started__success(void **state)
{
	struct sim_env *env = *state;
	struct sbiret r;

	assert_ok(cfg_match(env, FW0, 1, SBI_PMU_CFG_FLAG_CLEAR_VALUE, EV_IPI,
			    0));
	r = fw_read(env, FW0);
	assert_ok(r);
	assert_int_equal(r.value, 0);
	assert_ok(fw_read_hi(env, FW0));
}

static void test_fw_read__hw_counter__invalid_param(void **state)
{
	struct sim_env *env = *state;
	unsigned long i;

	map_and_start(env, 3, EV_DTLB_READ_MISS, 0, 5);
	for (i = 0; i < FW0; i++)
		assert_err(fw_read(env, i), SBI_ERR_INVALID_PARAM);
}

static void test_fw_read__index_num_counters__invalid_param(void **state)
{
	struct sim_env *env = *state;

	map_and_start(env, QEMU_N_LOGICAL - 1, EV_IPI, 0, 0);
	assert_ok(fw_read(env, QEMU_N_LOGICAL - 1));
	assert_err(fw_read(env, QEMU_N_LOGICAL), SBI_ERR_INVALID_PARAM);
	assert_err(fw_read(env, 64), SBI_ERR_INVALID_PARAM);
	assert_err(fw_read(env, ~0UL), SBI_ERR_INVALID_PARAM);
	assert_err(fw_read(env, (1UL << 32) + FW0), SBI_ERR_INVALID_PARAM);
}

static void test_fw_read__holes_layout__hole_invalid_fw_valid(void **state)
{
	struct sim_env *env = *state;

	map_and_start(env, 8, EV_IPI, 0, 0);
	map_and_start(env, 15, EV_IPI, 0, 0);
	assert_err(fw_read(env, 5), SBI_ERR_INVALID_PARAM);
	assert_err(fw_read(env, 7), SBI_ERR_INVALID_PARAM);
	assert_ok(fw_read(env, 8));
	assert_ok(fw_read(env, 15));
	assert_err(fw_read(env, 16), SBI_ERR_INVALID_PARAM);
}

/* ---- COUNTER_FW_READ_HI ---- */

static void test_fw_read_hi__rv64__always_zero(void **state)
{
	struct sim_env *env = *state;
	struct sbiret r;

	map_and_start(env, FW0, EV_IPI, 0, 0xFFFFFFFF00000001ULL);
	r = fw_read_hi(env, FW0);
	/* "always returns zero in sbiret.value for RV64" */
	assert_ok(r);
	assert_int_equal(r.value, 0);
}

static void test_fw_read_hi__hw_or_invalid_counter__invalid_param(void **state)
{
	struct sim_env *env = *state;

	assert_err(fw_read_hi(env, 0), SBI_ERR_INVALID_PARAM);
	assert_err(fw_read_hi(env, 1), SBI_ERR_INVALID_PARAM);
	assert_err(fw_read_hi(env, 3), SBI_ERR_INVALID_PARAM);
	assert_err(fw_read_hi(env, QEMU_N_LOGICAL), SBI_ERR_INVALID_PARAM);
	assert_err(fw_read_hi(env, ~0UL), SBI_ERR_INVALID_PARAM);
	/* a firmware counter with no event is invalid too */
	assert_err(fw_read_hi(env, QEMU_N_LOGICAL - 1), SBI_ERR_INVALID_PARAM);
	map_and_start(env, QEMU_N_LOGICAL - 1, EV_IPI, 0, 0);
	assert_ok(fw_read_hi(env, QEMU_N_LOGICAL - 1));
}

/* ---- no firmware counters ---- */

static void test_fw_counters__none__read_invalid_event_unsupported(void **state)
{
	struct sim_env *env = *state;
	uint64_t all = tu_valid(env);

	assert_err(fw_read(env, FW0), SBI_ERR_INVALID_PARAM);
	assert_err(cfg_match(env, 0, all, 0, EV_IPI, 0), SBI_ERR_NOT_SUPPORTED);
	assert_err(cfg_match(env, 0, all, 0, EV_FW(256), 0),
		   SBI_ERR_NOT_SUPPORTED);
}

/* ---- life cycle ---- */

static void test_fw_counters__match__lowest_free_fw_counter(void **state)
{
	struct sim_env *env = *state;
	unsigned long i;

	for (i = FW0; i < QEMU_N_LOGICAL; i++) {
		struct sbiret r = cfg_match(env, 0, ALL_VALID, 0, EV_IPI, 0);

		assert_ok(r);
		assert_int_equal(r.value, i);
	}
	assert_err(cfg_match(env, 0, ALL_VALID, 0, EV_IPI, 0),
		   SBI_ERR_NOT_SUPPORTED);
}

static void test_fw_counters__16_counters__all_usable(void **state)
{
	struct sim_env *env = *state;
	uint64_t all = tu_valid(env);
	unsigned int i;

	for (i = 0; i < PMU_MAX_FW_COUNTERS; i++) {
		struct sbiret r = cfg_match(
			env, 0, all, SBI_PMU_CFG_FLAG_AUTO_START, EV_FW(i), 0);

		assert_ok(r);
		assert_int_equal(r.value, FW0 + i);
	}
	for (i = 0; i < PMU_MAX_FW_COUNTERS; i++)
		pmu_fw_event(tu_hart(env), i);
	for (i = 0; i < PMU_MAX_FW_COUNTERS; i++)
		assert_int_equal(fw_read(env, FW0 + i).value, 1);
}

static void test_fw_counters__double_start__already_started(void **state)
{
	struct sim_env *env = *state;

	map_and_start(env, FW0, EV_IPI, 0, 3);
	assert_err(start(env, FW0, 1, F_INIT, 0), SBI_ERR_ALREADY_STARTED);
	assert_int_equal(fw_read(env, FW0).value, 3);
}

static void test_fw_counters__double_stop__already_stopped(void **state)
{
	struct sim_env *env = *state;

	map_and_start(env, FW0, EV_IPI, 0, 3);
	assert_ok(stop(env, FW0, 1, 0));
	assert_err(stop(env, FW0, 1, 0), SBI_ERR_ALREADY_STOPPED);
	assert_true(tu_mapped(env, FW0));
}

static void test_fw_counters__stop_start_without_init__value_kept(void **state)
{
	struct sim_env *env = *state;

	map_and_start(env, FW0, EV_IPI, 0, 10);
	pmu_fw_event(tu_hart(env), SBI_PMU_FW_IPI_SENT);
	assert_ok(stop(env, FW0, 1, 0));
	assert_ok(start(env, FW0, 1, 0, 0));
	pmu_fw_event(tu_hart(env), SBI_PMU_FW_IPI_SENT);
	assert_int_equal(fw_read(env, FW0).value, 12);
}

static void test_fw_counters__clear_value__zeroed(void **state)
{
	struct sim_env *env = *state;

	map_and_start(env, FW0, EV_IPI, 0, 50);
	assert_ok(stop(env, FW0, 1, 0));
	assert_ok(cfg_match(env, FW0, 1,
			    SBI_PMU_CFG_FLAG_SKIP_MATCH |
				    SBI_PMU_CFG_FLAG_CLEAR_VALUE,
			    EV_FW(SBI_PMU_FW_SET_TIMER), 0));
	assert_int_equal(fw_read(env, FW0).value, 0);
}

static void test_fw_counters__auto_start__counts_immediately(void **state)
{
	struct sim_env *env = *state;
	struct sbiret r = cfg_match(env, 0, ALL_VALID,
				    SBI_PMU_CFG_FLAG_AUTO_START |
					    SBI_PMU_CFG_FLAG_CLEAR_VALUE,
				    EV_IPI, 0);

	assert_ok(r);
	pmu_fw_event(tu_hart(env), SBI_PMU_FW_IPI_SENT);
	assert_int_equal(fw_read(env, r.value).value, 1);
	assert_err(start(env, r.value, 1, 0, 0), SBI_ERR_ALREADY_STARTED);
}

static void test_fw_counters__stop_reset__same_counter_next_match(void **state)
{
	struct sim_env *env = *state;
	unsigned int round;

	for (round = 0; round < 50; round++) {
		struct sbiret r = cfg_match(env, 0, ALL_VALID, 0, EV_IPI, 0);

		assert_int_equal(r.value, FW0);
		assert_ok(start(env, FW0, 1, F_INIT, 0));
		assert_ok(stop(env, FW0, 1, 0));
		assert_err(stop(env, FW0, 1, F_RESET), SBI_ERR_ALREADY_STOPPED);
	}
	assert_int_equal(tu_hart(env)->mapped, 0);
}

/*
 * Every filter flag is accepted on a firmware counter; with all of them
 * no event counts, whatever its mode (test_fw_filters.c has each one).
 */
static void test_fw_counters__filter_flags__accepted_applied(void **state)
{
	struct sim_env *env = *state;
	struct sbiret r = cfg_match(env, 0, ALL_VALID, 0xF8, EV_IPI, 0);

	assert_ok(r);
	assert_ok(start(env, r.value, 1, F_INIT, 0));
	pmu_fw_event(tu_hart(env), SBI_PMU_FW_IPI_SENT);
	env->hart[0].mode = PMU_MODE_U;
	pmu_fw_event(tu_hart(env), SBI_PMU_FW_IPI_SENT);
	assert_int_equal(fw_read(env, r.value).value, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
#define T(f)	 cmocka_unit_test_setup_teardown(f, tu_setup_qemu, tu_teardown)
#define TS(f, s) cmocka_unit_test_setup_teardown(f, s, tu_teardown)
		T(test_fw_read__fw_counter__success_full_64_bits),
		T(test_fw_read__unconfigured_fw_counter__invalid_param),
		T(test_fw_read__released_fw_counter__invalid_param),
		T(test_fw_read__configured_not_started__success),
		T(test_fw_read__hw_counter__invalid_param),
		T(test_fw_read__index_num_counters__invalid_param),
		TS(test_fw_read__holes_layout__hole_invalid_fw_valid,
		   setup_holes),
		T(test_fw_read_hi__rv64__always_zero),
		T(test_fw_read_hi__hw_or_invalid_counter__invalid_param),
		TS(test_fw_counters__none__read_invalid_event_unsupported,
		   setup_no_fw),
		T(test_fw_counters__match__lowest_free_fw_counter),
		TS(test_fw_counters__16_counters__all_usable, setup_max_fw),
		T(test_fw_counters__double_start__already_started),
		T(test_fw_counters__double_stop__already_stopped),
		T(test_fw_counters__stop_start_without_init__value_kept),
		T(test_fw_counters__clear_value__zeroed),
		T(test_fw_counters__auto_start__counts_immediately),
		T(test_fw_counters__stop_reset__same_counter_next_match),
		T(test_fw_counters__filter_flags__accepted_applied),
#undef T
#undef TS
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
