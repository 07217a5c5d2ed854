/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * NUM_COUNTERS (FID 0) and COUNTER_GET_INFO (FID 1, Table 7): the size of
 * the logical counter space (holes included, docs/semantics.md), the
 * counter_info encoding ([11:0] CSR, [17:12] width - 1, [XLEN-1] type)
 * for fixed, programmable and firmware counters on several hardware
 * configurations, and INVALID_PARAM for every kind of invalid index on
 * both sides of each boundary.
 */
#include "test_util.h"

#define INFO_CSR(v)    ((v)&0xFFFUL)
#define INFO_WIDTH(v)  (((v) >> 12) & 0x3FUL)
#define INFO_TYPE64(v) ((v) >> 63)

static int setup_holes(void **state)
{
	struct sim_env_cfg cfg = tu_cfg_qemu();

	cfg.hart.counters = 0x9D; /* 0, 2, 3, 4, 7 */
	return tu_setup_cfg(state, &cfg);
}

static int setup_no_fw(void **state)
{
	struct sim_env_cfg cfg = tu_cfg_qemu();

	cfg.num_fw = 0;
	return tu_setup_cfg(state, &cfg);
}

static int setup_narrow(void **state)
{
	struct sim_env_cfg cfg = tu_cfg_qemu();

	cfg.hart.width = 48;
	return tu_setup_cfg(state, &cfg);
}

static int setup_cycle_only(void **state)
{
	struct sim_env_cfg cfg = tu_cfg_qemu();

	cfg.hart.counters = 0x1; /* mcycle only */
	return tu_setup_cfg(state, &cfg);
}

static int setup_no_hw(void **state)
{
	struct sim_env_cfg cfg = tu_cfg_qemu();

	cfg.hart.counters = 0;
	cfg.no_rows = true;
	return tu_setup_cfg(state, &cfg);
}

static int setup_max_fw(void **state)
{
	struct sim_env_cfg cfg = tu_cfg_qemu();

	cfg.num_fw = PMU_MAX_FW_COUNTERS;
	return tu_setup_cfg(state, &cfg);
}

/* ---- NUM_COUNTERS ---- */

static void test_num_counters__qemu_virt__27_always_success(void **state)
{
	struct sim_env *env = *state;
	struct sbiret r = num_counters(env);

	assert_ok(r);
	assert_int_equal(r.value, QEMU_N_LOGICAL);
}

static void test_num_counters__arguments_ignored(void **state)
{
	struct sim_env *env = *state;
	struct sbiret r = ecall(env, SBI_EXT_PMU_NUM_COUNTERS, ~0UL, ~0UL, ~0UL,
				~0UL, ~0UL, ~0UL);

	assert_ok(r);
	assert_int_equal(r.value, QEMU_N_LOGICAL);
}

static void test_num_counters__holes__size_of_index_space(void **state)
{
	struct sim_env *env = *state;
	struct sbiret r = num_counters(env);

	/* highest hardware counter 7, then 8 firmware counters: 8..15 */
	assert_ok(r);
	assert_int_equal(r.value, 16);
}

static void test_num_counters__no_fw_counters__hw_space_only(void **state)
{
	struct sim_env *env = *state;
	struct sbiret r = num_counters(env);

	assert_ok(r);
	assert_int_equal(r.value, QEMU_FIRST_FW);
}

static void test_num_counters__16_fw_counters__35(void **state)
{
	struct sim_env *env = *state;
	struct sbiret r = num_counters(env);

	assert_ok(r);
	assert_int_equal(r.value, QEMU_FIRST_FW + 16);
}

/* ---- COUNTER_GET_INFO: success rows ---- */

static void test_get_info__cycle__csr_0xc00_width_63_type_hw(void **state)
{
	struct sim_env *env = *state;
	struct sbiret r = get_info(env, 0);

	assert_ok(r);
	assert_int_equal(INFO_CSR(r.value), 0xC00);
	assert_int_equal(INFO_WIDTH(r.value), 63);
	assert_int_equal(INFO_TYPE64(r.value), 0);
}

static void test_get_info__instret__csr_0xc02(void **state)
{
	struct sim_env *env = *state;
	struct sbiret r = get_info(env, 2);

	assert_ok(r);
	assert_int_equal(INFO_CSR(r.value), 0xC02);
	assert_int_equal(INFO_WIDTH(r.value), 63);
}

static void test_get_info__hpm_counters__csr_0xc00_plus_n(void **state)
{
	struct sim_env *env = *state;
	unsigned long i;

	for (i = 3; i <= 18; i++) {
		struct sbiret r = get_info(env, i);

		assert_ok(r);
		assert_int_equal(INFO_CSR(r.value), 0xC00 + i);
		assert_int_equal(INFO_WIDTH(r.value), 63);
		assert_int_equal(INFO_TYPE64(r.value), 0);
		/* reserved bits XLEN-2:18 are zero */
		assert_int_equal(r.value >> 18, 0);
	}
}

static void test_get_info__fw_counters__type_bit_63_set(void **state)
{
	struct sim_env *env = *state;
	unsigned long i;

	for (i = QEMU_FIRST_FW; i < QEMU_N_LOGICAL; i++) {
		struct sbiret r = get_info(env, i);

		assert_ok(r);
		assert_int_equal(INFO_TYPE64(r.value), 1);
		/* reserved bits 62:18 are zero */
		assert_int_equal((r.value >> 18) & ((1UL << 45) - 1), 0);
	}
}

static void test_get_info__last_index_n_minus_1__valid(void **state)
{
	struct sim_env *env = *state;

	assert_ok(get_info(env, QEMU_N_LOGICAL - 1));
}

static void test_get_info__narrow_counters__width_field_47(void **state)
{
	struct sim_env *env = *state;
	struct sbiret r = get_info(env, 3);

	assert_ok(r);
	assert_int_equal(INFO_WIDTH(r.value), 47);
	/* the fixed counters stay 64 bits wide in this configuration */
	r = get_info(env, 0);
	assert_ok(r);
	assert_int_equal(INFO_WIDTH(r.value), 63);
}

/* ---- COUNTER_GET_INFO: INVALID_PARAM row of Table 7 ---- */

static void test_get_info__time_counter_1__invalid_param(void **state)
{
	struct sim_env *env = *state;

	assert_err(get_info(env, 1), SBI_ERR_INVALID_PARAM);
}

static void test_get_info__index_num_counters__invalid_param(void **state)
{
	struct sim_env *env = *state;

	assert_err(get_info(env, QEMU_N_LOGICAL), SBI_ERR_INVALID_PARAM);
	assert_err(get_info(env, 63), SBI_ERR_INVALID_PARAM);
	assert_err(get_info(env, 64), SBI_ERR_INVALID_PARAM);
}

static void test_get_info__ulong_max__invalid_param(void **state)
{
	struct sim_env *env = *state;

	assert_err(get_info(env, ~0UL), SBI_ERR_INVALID_PARAM);
	assert_err(get_info(env, 1UL << 63), SBI_ERR_INVALID_PARAM);
}

static void test_get_info__index_above_32_bits__not_truncated(void **state)
{
	struct sim_env *env = *state;

	assert_err(get_info(env, (1UL << 32) + 3), SBI_ERR_INVALID_PARAM);
	assert_err(get_info(env, (1UL << 32) + QEMU_FIRST_FW),
		   SBI_ERR_INVALID_PARAM);
}

static void test_get_info__holes__invalid_param(void **state)
{
	struct sim_env *env = *state;

	assert_ok(get_info(env, 4));
	assert_err(get_info(env, 5), SBI_ERR_INVALID_PARAM);
	assert_err(get_info(env, 6), SBI_ERR_INVALID_PARAM);
	assert_ok(get_info(env, 7));
	/* firmware counters follow counter 7 */
	assert_int_equal(INFO_TYPE64(get_info(env, 8).value), 1);
	assert_ok(get_info(env, 15));
	assert_err(get_info(env, 16), SBI_ERR_INVALID_PARAM);
}

static void test_get_info__no_fw_counters__first_fw_index_invalid(void **state)
{
	struct sim_env *env = *state;

	assert_ok(get_info(env, 18));
	assert_err(get_info(env, QEMU_FIRST_FW), SBI_ERR_INVALID_PARAM);
}

static void
test_get_info__linux_probe_loop__valid_set_matches_core(void **state)
{
	struct sim_env *env = *state;
	unsigned long n = num_counters(env).value, i, seen = 0;

	for (i = 0; i < n; i++) {
		struct sbiret r = get_info(env, i);

		if (r.error == SBI_SUCCESS)
			seen |= 1UL << i;
		else
			assert_err(r, SBI_ERR_INVALID_PARAM);
	}
	assert_int_equal(seen, tu_valid(env));
	assert_int_equal(seen & 2, 0); /* never the time CSR */
}

static void test_get_info__linux_probe_loop_with_holes__valid_set(void **state)
{
	test_get_info__linux_probe_loop__valid_set_matches_core(state);
}

/* docs/semantics.md: "Index 1 (time) is never a counter" on any layout. */
static void test_get_info__cycle_only_hw__index_1_never_a_counter(void **state)
{
	struct sim_env *env = *state;
	unsigned long n = num_counters(env).value, i, fw = 0;

	assert_err(get_info(env, 1), SBI_ERR_INVALID_PARAM);
	for (i = 0; i < n; i++) {
		struct sbiret r = get_info(env, i);

		if (r.error == SBI_SUCCESS && INFO_TYPE64(r.value))
			fw++;
	}
	assert_int_equal(fw, 8);
}

static void test_get_info__no_hw_counters__fw_counters_from_3(void **state)
{
	struct sim_env *env = *state;
	unsigned long i;

	assert_int_equal(num_counters(env).value, 3 + 8);
	for (i = 0; i < 3; i++)
		assert_err(get_info(env, i), SBI_ERR_INVALID_PARAM);
	for (i = 3; i < 11; i++)
		assert_int_equal(INFO_TYPE64(get_info(env, i).value), 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
#define T(f)	 cmocka_unit_test_setup_teardown(f, tu_setup_qemu, tu_teardown)
#define TS(f, s) cmocka_unit_test_setup_teardown(f, s, tu_teardown)
		T(test_num_counters__qemu_virt__27_always_success),
		T(test_num_counters__arguments_ignored),
		TS(test_num_counters__holes__size_of_index_space, setup_holes),
		TS(test_num_counters__no_fw_counters__hw_space_only,
		   setup_no_fw),
		TS(test_num_counters__16_fw_counters__35, setup_max_fw),
		T(test_get_info__cycle__csr_0xc00_width_63_type_hw),
		T(test_get_info__instret__csr_0xc02),
		T(test_get_info__hpm_counters__csr_0xc00_plus_n),
		T(test_get_info__fw_counters__type_bit_63_set),
		T(test_get_info__last_index_n_minus_1__valid),
		TS(test_get_info__narrow_counters__width_field_47,
		   setup_narrow),
		T(test_get_info__time_counter_1__invalid_param),
		T(test_get_info__index_num_counters__invalid_param),
		T(test_get_info__ulong_max__invalid_param),
		T(test_get_info__index_above_32_bits__not_truncated),
		TS(test_get_info__holes__invalid_param, setup_holes),
		TS(test_get_info__no_fw_counters__first_fw_index_invalid,
		   setup_no_fw),
		T(test_get_info__linux_probe_loop__valid_set_matches_core),
		TS(test_get_info__linux_probe_loop_with_holes__valid_set,
		   setup_holes),
		TS(test_get_info__cycle_only_hw__index_1_never_a_counter,
		   setup_cycle_only),
		TS(test_get_info__no_hw_counters__fw_counters_from_3,
		   setup_no_hw),
#undef T
#undef TS
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
