/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The ecall decoder on an RV32 hart, driven register by register: 64-bit
 * arguments split low/high (event_data a4/a5, initial_value a3/a4),
 * shared-memory addresses as (a0 low, a1 high), FW_READ / FW_READ_HI
 * returning the two halves, counter_info with the type in bit 31, sets,
 * flags and raw data limited to 32 bits, register bits above XLEN
 * ignored, logical counters above 31 reached through cbase, and no write
 * of mhpmeventh without Sscofpmf (docs/facts.md F3.17).
 */
#include "test_util.h"

#define LO32	   0xFFFFFFFFUL
#define GARBAGE_HI 0xDEADBEEF00000000UL /* host bits no RV32 register has */
#define ALL_VALID  0x7FFFFFDUL
#define EV_IPI	   EV_FW(SBI_PMU_FW_IPI_SENT)
#define F_SKIP	   SBI_PMU_CFG_FLAG_SKIP_MATCH
#define F_INIT	   SBI_PMU_START_FLAG_SET_INIT_VALUE

static int setup_rv32_platform(void **state)
{
	struct sim_env_cfg cfg = tu_cfg_qemu();

	cfg.hart.xlen = 32;
	cfg.platform_events = true;
	return tu_setup_cfg(state, &cfg);
}

static int setup_rv32_raw(void **state)
{
	struct sim_env_cfg cfg = tu_cfg_qemu();

	cfg.hart.xlen = 32;
	cfg.rows = tu_rows_qemu_raw_any();
	return tu_setup_cfg(state, &cfg);
}

static int setup_rv32_no_sscofpmf_raw(void **state)
{
	struct sim_env_cfg cfg = tu_cfg_qemu();

	cfg.hart.xlen = 32;
	cfg.hart.sscofpmf = false;
	cfg.rows = tu_rows_qemu_raw_any();
	return tu_setup_cfg(state, &cfg);
}

/* 0, 2..31 and 16 firmware counters: logical 32..47 need cbase >= 16. */
static int setup_rv32_48_counters(void **state)
{
	struct sim_env_cfg cfg = tu_cfg_qemu();

	cfg.hart.xlen = 32;
	cfg.hart.counters = 0xFFFFFFFDu;
	cfg.num_fw = 16;
	return tu_setup_cfg(state, &cfg);
}

/* ---- NUM_COUNTERS / COUNTER_GET_INFO ---- */

static void test_rv32_num_counters__27(void **state)
{
	struct sim_env *env = *state;

	assert_int_equal(num_counters(env).value, QEMU_N_LOGICAL);
}

static void test_rv32_get_info__fw_counter__type_bit_31(void **state)
{
	struct sim_env *env = *state;
	struct sbiret r = get_info(env, QEMU_FIRST_FW);

	assert_ok(r);
	assert_int_equal(r.value, (1UL << 31) | (63UL << 12));
}

static void test_rv32_get_info__hw_counter__csr_width_type_0(void **state)
{
	struct sim_env *env = *state;
	struct sbiret r = get_info(env, 3);

	assert_ok(r);
	assert_int_equal(r.value, 0xC03 | (63UL << 12));
}

static void test_rv32_get_info__register_bits_above_xlen_ignored(void **state)
{
	struct sim_env *env = *state;
	struct sbiret r = get_info(env, GARBAGE_HI | 3);

	assert_ok(r);
	assert_int_equal(r.value & 0xFFF, 0xC03);
	assert_err(get_info(env, LO32), SBI_ERR_INVALID_PARAM);
}

/* ---- CFG_MATCH: event_data in a4 (low) and a5 (high) ---- */

static void test_rv32_cfg_match__event_data_a5_is_high_half(void **state)
{
	struct sim_env *env = *state;

	/* general event: any non-zero event_data is reserved */
	assert_err(ecall(env, SBI_EXT_PMU_COUNTER_CFG_MATCH, 0, ALL_VALID, 0,
			 EV_CYCLES, 0, 1),
		   SBI_ERR_INVALID_PARAM);
	assert_err(ecall(env, SBI_EXT_PMU_COUNTER_CFG_MATCH, 0, ALL_VALID, 0,
			 EV_CYCLES, 1, 0),
		   SBI_ERR_INVALID_PARAM);
	assert_ok(ecall(env, SBI_EXT_PMU_COUNTER_CFG_MATCH, 0, ALL_VALID, 0,
			EV_CYCLES, GARBAGE_HI, GARBAGE_HI));
}

static void test_rv32_cfg_match__platform_data_joined_64_bits(void **state)
{
	struct sim_env *env = *state;
	struct sbiret r;

	/* data 0x1_00000002 is not a platform event; 2 is */
	assert_err(ecall(env, SBI_EXT_PMU_COUNTER_CFG_MATCH, 0, ALL_VALID, 0,
			 EV_FW_PLATFORM, 2, 1),
		   SBI_ERR_NOT_SUPPORTED);
	r = ecall(env, SBI_EXT_PMU_COUNTER_CFG_MATCH, 0, ALL_VALID,
		  SBI_PMU_CFG_FLAG_AUTO_START, EV_FW_PLATFORM, 2, 0);
	assert_ok(r);
	pmu_fw_platform_event(tu_hart(env), 2 | (1ULL << 32), 1);
	pmu_fw_platform_event(tu_hart(env), 2, 3);
	assert_int_equal(fw_read(env, r.value).value, 3);
}

/* ---- START: initial_value in a3 (low) and a4 (high) ---- */

static void test_rv32_start__initial_value_a3_low_a4_high(void **state)
{
	struct sim_env *env = *state;

	assert_ok(cfg_match(env, 3, 1, 0, EV_DTLB_READ_MISS, 0));
	assert_ok(ecall(env, SBI_EXT_PMU_COUNTER_START, 3, 1, F_INIT,
			0x89ABCDEFUL, 0x01234567UL));
	assert_int_equal(env->hart[0].counter[3], 0x0123456789ABCDEFULL);
}

static void test_rv32_fw_read_and_hi__two_halves(void **state)
{
	struct sim_env *env = *state;
	struct sbiret r;

	assert_ok(cfg_match(env, QEMU_FIRST_FW, 1, 0, EV_IPI, 0));
	assert_ok(ecall(env, SBI_EXT_PMU_COUNTER_START, QEMU_FIRST_FW, 1,
			F_INIT, GARBAGE_HI | 0xFFFFFFFFUL, 0x01234567UL));
	r = fw_read(env, QEMU_FIRST_FW);
	assert_ok(r);
	assert_int_equal(r.value, 0xFFFFFFFFUL);
	r = fw_read_hi(env, QEMU_FIRST_FW);
	assert_ok(r);
	assert_int_equal(r.value, 0x01234567UL);
	/* the carry out of the low half reaches the high half */
	pmu_fw_event(tu_hart(env), SBI_PMU_FW_IPI_SENT);
	assert_int_equal(fw_read(env, QEMU_FIRST_FW).value, 0);
	assert_int_equal(fw_read_hi(env, QEMU_FIRST_FW).value, 0x01234568UL);
}

static void test_rv32_fw_read_hi__hw_counter__invalid_param(void **state)
{
	struct sim_env *env = *state;

	assert_err(fw_read_hi(env, 3), SBI_ERR_INVALID_PARAM);
	assert_err(fw_read_hi(env, QEMU_N_LOGICAL), SBI_ERR_INVALID_PARAM);
	assert_err(fw_read(env, 0), SBI_ERR_INVALID_PARAM);
}

/* ---- sets and flags are XLEN wide ---- */

static void test_rv32_cmask_cbase__bits_above_xlen_ignored(void **state)
{
	struct sim_env *env = *state;
	struct sbiret r = cfg_match(env, GARBAGE_HI | 3, GARBAGE_HI | 1, 0,
				    EV_DTLB_READ_MISS, 0);

	assert_ok(r);
	assert_int_equal(r.value, 3);
}

static void test_rv32_flags__bit_31_reserved_bit_32_absent(void **state)
{
	struct sim_env *env = *state;

	assert_err(cfg_match(env, 0, ALL_VALID, 1UL << 31, EV_CYCLES, 0),
		   SBI_ERR_INVALID_PARAM);
	assert_err(stop(env, 0, ALL_VALID, 1UL << 31), SBI_ERR_INVALID_PARAM);
	/* no RV32 register holds bit 32: the decoder drops it */
	assert_ok(cfg_match(env, 0, ALL_VALID, 1UL << 32, EV_CYCLES, 0));
}

static void test_rv32_cmask__bit_31_beyond_counters__invalid_param(void **state)
{
	struct sim_env *env = *state;

	assert_err(cfg_match(env, 0, 1UL << 31, 0, EV_IPI, 0),
		   SBI_ERR_INVALID_PARAM);
	assert_err(cfg_match(env, 32, 1, 0, EV_IPI, 0), SBI_ERR_INVALID_PARAM);
}

/* ---- raw data is the 32-bit mhpmevent value ---- */

static void test_rv32_raw__data_bit_31_ok_bit_32_invalid(void **state)
{
	struct sim_env *env = *state;

	assert_ok(cfg_match(env, 0, ALL_VALID, 0, EV_RAW, 1ULL << 31));
	assert_err(cfg_match(env, 0, ALL_VALID, 0, EV_RAW, 1ULL << 32),
		   SBI_ERR_INVALID_PARAM);
	assert_err(cfg_match(env, 0, ALL_VALID, 0, EV_RAW_V2, 1ULL << 32),
		   SBI_ERR_INVALID_PARAM);
}

/* ---- shared memory: (a0 low, a1 high) ---- */

static void test_rv32_set_shmem__lo_hi_joined(void **state)
{
	struct sim_env *env = *state;

	assert_ok(ecall(env, SBI_EXT_PMU_SNAPSHOT_SET_SHMEM, S_RAM, 0, 0));
	/* 0x1_80004000: above RAM */
	assert_err(ecall(env, SBI_EXT_PMU_SNAPSHOT_SET_SHMEM, S_RAM, 1, 0),
		   SBI_ERR_INVALID_ADDRESS);
	/* 0xFFFFFFFF_FFFFF000: the top page of the 64-bit space */
	assert_err(ecall(env, SBI_EXT_PMU_SNAPSHOT_SET_SHMEM, 0xFFFFF000UL,
			 LO32, 0),
		   SBI_ERR_INVALID_ADDRESS);
	assert_ok(ecall(env, SBI_EXT_PMU_SNAPSHOT_SET_SHMEM, GARBAGE_HI | S_RAM,
			GARBAGE_HI, 0));
}

static void test_rv32_set_shmem__disable_is_both_32_bit_all_ones(void **state)
{
	struct sim_env *env = *state;

	assert_ok(set_shmem(env, S_RAM, 0));
	assert_err(ecall(env, SBI_EXT_PMU_SNAPSHOT_SET_SHMEM, LO32, 0, 0),
		   SBI_ERR_INVALID_PARAM);
	assert_non_null(tu_hart(env)->shmem);
	assert_ok(ecall(env, SBI_EXT_PMU_SNAPSHOT_SET_SHMEM, LO32, LO32, 0));
	assert_null(tu_hart(env)->shmem);
	assert_ok(set_shmem(env, S_RAM, 0));
	assert_ok(ecall(env, SBI_EXT_PMU_SNAPSHOT_SET_SHMEM, ~0UL, ~0UL, 0));
	assert_null(tu_hart(env)->shmem);
}

static void test_rv32_event_get_info__lo_hi_and_count_narrowed(void **state)
{
	struct sim_env *env = *state;
	uint32_t idx = EV_CYCLES;
	struct tu_info_entry *e = tu_info_table(env, S_RAM, &idx, NULL, 1);

	assert_err(ecall(env, SBI_EXT_PMU_EVENT_GET_INFO, S_RAM, 1, 1, 0),
		   SBI_ERR_INVALID_ADDRESS);
	assert_int_equal(e->output, 0xFFFFFFFFu);
	assert_ok(ecall(env, SBI_EXT_PMU_EVENT_GET_INFO, S_RAM, 0,
			GARBAGE_HI | 1, 0));
	assert_int_equal(e->output, 1);
}

/* ---- logical counters above 31 ---- */

static void test_rv32_48_counters__fw_above_31_through_cbase(void **state)
{
	struct sim_env *env = *state;
	struct pmu_snapshot_shmem *s = tu_snap(env, S_RAM);
	struct sbiret r;

	assert_int_equal(num_counters(env).value, 48);
	assert_ok(set_shmem(env, S_RAM, 0));
	r = cfg_match(env, 32, 0xFFFF, 0, EV_IPI, 0);
	assert_ok(r);
	assert_int_equal(r.value, 32);
	assert_ok(start(env, 32, 1, F_INIT, 7));
	assert_ok(stop(env, 32, 1, SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT));
	assert_int_equal(s->values[0], 7);
	assert_ok(get_info(env, 47));
	assert_err(get_info(env, 48), SBI_ERR_INVALID_PARAM);
	/* the last firmware counter through a 32-bit mask from cbase 16 */
	assert_int_equal(cfg_match(env, 16, 1UL << 31, 0, EV_IPI, 0).value, 47);
	assert_err(cfg_match(env, 17, 1UL << 31, 0, EV_IPI, 0),
		   SBI_ERR_INVALID_PARAM);
}

static void test_rv32_48_counters__stop_reset_full_mask(void **state)
{
	struct sim_env *env = *state;

	map_and_start(env, 18, EV_DTLB_READ_MISS, 0, 0);
	map_and_start(env, 32, EV_IPI, 0, 0);
	/* Linux's boot loop: bases 0 and 32 (the latter as 16 + 16..31) */
	assert_err(stop(env, 0, 0xFFFFFFFDUL, SBI_PMU_STOP_FLAG_RESET),
		   SBI_ERR_ALREADY_STOPPED);
	assert_err(stop(env, 32, 0xFFFF, SBI_PMU_STOP_FLAG_RESET),
		   SBI_ERR_ALREADY_STOPPED);
	assert_int_equal(tu_hart(env)->mapped, 0);
}

/* ---- mhpmevent halves ---- */

static void test_rv32_no_sscofpmf__mhpmeventh_never_written(void **state)
{
	struct sim_env *env = *state;
	struct sbiret r;

	/* the sim counts any non-zero upper half as a violation */
	r = cfg_match(env, 0, ALL_VALID, 0xF8 | SBI_PMU_CFG_FLAG_CLEAR_VALUE,
		      EV_DTLB_READ_MISS, 0);
	assert_ok(r);
	assert_ok(start(env, r.value, 1, F_INIT, ~0ULL));
	assert_ok(stop(env, r.value, 1, SBI_PMU_STOP_FLAG_RESET));
	r = cfg_match(env, 0, ALL_VALID, SBI_PMU_CFG_FLAG_SET_SINH, EV_RAW_V2,
		      0xFFFFFFFFULL);
	assert_ok(r);
	assert_int_equal(env->hart[0].event[r.value], 0xFFFFFFFFULL);
}

static void test_rv32_sscofpmf__of_and_minh_in_upper_half(void **state)
{
	struct sim_env *env = *state;
	struct sbiret r =
		cfg_match(env, 0, ALL_VALID, SBI_PMU_CFG_FLAG_SET_UINH,
			  EV_DTLB_READ_MISS, 0);

	assert_ok(r);
	assert_int_equal(env->hart[0].event[r.value],
			 MHPMEVENT_OF | MHPMEVENT_MINH | MHPMEVENT_UINH |
				 EV_DTLB_READ_MISS);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
#define T(f)	 cmocka_unit_test_setup_teardown(f, tu_setup_rv32, tu_teardown)
#define TS(f, s) cmocka_unit_test_setup_teardown(f, s, tu_teardown)
		T(test_rv32_num_counters__27),
		T(test_rv32_get_info__fw_counter__type_bit_31),
		T(test_rv32_get_info__hw_counter__csr_width_type_0),
		T(test_rv32_get_info__register_bits_above_xlen_ignored),
		T(test_rv32_cfg_match__event_data_a5_is_high_half),
		TS(test_rv32_cfg_match__platform_data_joined_64_bits,
		   setup_rv32_platform),
		T(test_rv32_start__initial_value_a3_low_a4_high),
		T(test_rv32_fw_read_and_hi__two_halves),
		T(test_rv32_fw_read_hi__hw_counter__invalid_param),
		T(test_rv32_cmask_cbase__bits_above_xlen_ignored),
		T(test_rv32_flags__bit_31_reserved_bit_32_absent),
		T(test_rv32_cmask__bit_31_beyond_counters__invalid_param),
		TS(test_rv32_raw__data_bit_31_ok_bit_32_invalid,
		   setup_rv32_raw),
		T(test_rv32_set_shmem__lo_hi_joined),
		T(test_rv32_set_shmem__disable_is_both_32_bit_all_ones),
		T(test_rv32_event_get_info__lo_hi_and_count_narrowed),
		TS(test_rv32_48_counters__fw_above_31_through_cbase,
		   setup_rv32_48_counters),
		TS(test_rv32_48_counters__stop_reset_full_mask,
		   setup_rv32_48_counters),
		TS(test_rv32_no_sscofpmf__mhpmeventh_never_written,
		   setup_rv32_no_sscofpmf_raw),
		T(test_rv32_sscofpmf__of_and_minh_in_upper_half),
#undef T
#undef TS
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
