/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * COUNTER_CFG_MATCH (FID 2, Tables 8 and 9): every error row (invalid set,
 * reserved flag bits, unsupported events), every boundary of the set and
 * of event decoding (event_idx bit 20, raw data bits 47/48 and 55/56,
 * firmware code ranges), the choice of counter (docs/semantics.md), the
 * flags (SKIP_MATCH, CLEAR_VALUE, AUTO_START, the inhibit hints) and what
 * reaches mhpmevent / mcyclecfg on hardware with and without Sscofpmf,
 * Smcntrpmf and the H extension. Failing calls must change nothing.
 */
#include "test_util.h"

#define ALL_VALID 0x7FFFFFDUL /* QEMU virt: 0, 2..26 */
#define F_SKIP	  SBI_PMU_CFG_FLAG_SKIP_MATCH

static int setup_holes(void **state)
{
	struct sim_env_cfg cfg = tu_cfg_qemu();

	cfg.linux_boot_stop = true;

	cfg.hart.counters = 0x9D; /* 0, 2, 3, 4, 7 */
	return tu_setup_cfg(state, &cfg);
}

static int setup_h_ext(void **state)
{
	struct sim_env_cfg cfg = tu_cfg_qemu();

	cfg.linux_boot_stop = true;

	cfg.hart.h_ext = true;
	return tu_setup_cfg(state, &cfg);
}

static int setup_smcntrpmf(void **state)
{
	struct sim_env_cfg cfg = tu_cfg_qemu();

	cfg.linux_boot_stop = true;

	cfg.hart.smcntrpmf = true;
	cfg.hart.h_ext = true;
	return tu_setup_cfg(state, &cfg);
}

static int setup_smcntrpmf_no_sscofpmf(void **state)
{
	struct sim_env_cfg cfg = tu_cfg_qemu();

	cfg.linux_boot_stop = true;

	cfg.hart.smcntrpmf = true;
	cfg.hart.sscofpmf = false;
	return tu_setup_cfg(state, &cfg);
}

/* QEMU 10 with Smcntrpmf: one counter per selector, fixed ones filter. */
static int setup_qemu_smcntrpmf(void **state)
{
	struct sim_env_cfg cfg = tu_cfg_qemu();

	cfg.linux_boot_stop = true;

	cfg.hart.smcntrpmf = true;
	cfg.hart.one_counter_per_event = true;
	return tu_setup_cfg(state, &cfg);
}

static int setup_qemu_one_counter(void **state)
{
	struct sim_env_cfg cfg = tu_cfg_qemu();

	cfg.linux_boot_stop = true;

	cfg.hart.one_counter_per_event = true;
	return tu_setup_cfg(state, &cfg);
}

/* Every test here starts as Linux does: after its boot STOP(all, RESET). */
/* Sscofpmf and H, but no programmable counter (QEMU pmu-mask=0). */
static int setup_fixed_only(void **state)
{
	struct sim_env_cfg cfg = tu_cfg_qemu();

	cfg.linux_boot_stop = true;

	cfg.hart.counters = 0x5; /* cycle, instret */
	cfg.hart.h_ext = true;
	return tu_setup_cfg(state, &cfg);
}

static int setup_linux(void **state)
{
	struct sim_env_cfg cfg = tu_cfg_qemu();

	cfg.linux_boot_stop = true;
	return tu_setup_cfg(state, &cfg);
}

static int setup_linux_no_sscofpmf(void **state)
{
	struct sim_env_cfg cfg = tu_cfg_qemu();

	cfg.linux_boot_stop = true;
	cfg.hart.sscofpmf = false;
	return tu_setup_cfg(state, &cfg);
}

static int setup_delegation(void **state)
{
	struct sim_env_cfg cfg = tu_cfg_qemu();

	cfg.linux_boot_stop = true;
	cfg.hart.counter_delegation = true;
	return tu_setup_cfg(state, &cfg);
}

static int setup_delegation_qemu(void **state)
{
	struct sim_env_cfg cfg = tu_cfg_qemu();

	cfg.linux_boot_stop = true;
	cfg.hart.counter_delegation = true;
	cfg.hart.one_counter_per_event = true;
	return tu_setup_cfg(state, &cfg);
}

/* ---- SBI_SUCCESS ---- */

static void test_cfg_match__cycles_sscofpmf__programmable_counter(void **state)
{
	struct sim_env *env = *state;
	struct sbiret r = cfg_match(env, 0, ALL_VALID, 0, EV_CYCLES, 0);

	/* docs/semantics.md: with Sscofpmf a programmable counter is preferred
	 */
	assert_ok(r);
	assert_int_equal(r.value, 3);
	assert_int_equal(env->hart[0].event[3] & SBI_PMU_EVENT_IDX_MASK,
			 EV_CYCLES);
}

static void test_cfg_match__cycles_set_of_counter_0__fixed_counter(void **state)
{
	struct sim_env *env = *state;
	struct sbiret r = cfg_match(env, 0, 1, 0, EV_CYCLES, 0);

	assert_ok(r);
	assert_int_equal(r.value, 0);
}

static void test_cfg_match__cycles_no_sscofpmf__fixed_preferred(void **state)
{
	struct sim_env *env = *state;
	struct sbiret r = cfg_match(env, 0, ALL_VALID, 0, EV_CYCLES, 0);

	assert_ok(r);
	assert_int_equal(r.value, 0);
	r = cfg_match(env, 0, ALL_VALID, 0, EV_INSTRUCTIONS, 0);
	assert_ok(r);
	assert_int_equal(r.value, 2);
	/* once the fixed counter is taken, a programmable one serves */
	r = cfg_match(env, 0, ALL_VALID, 0, EV_CYCLES, 0);
	assert_ok(r);
	assert_int_equal(r.value, 3);
}

static void
test_cfg_match__fixed_taken__falls_back_to_programmable(void **state)
{
	struct sim_env *env = *state;

	assert_ok(cfg_match(env, 3, 1, 0, EV_DTLB_READ_MISS, 0));
	/* {0, 3}: 3 is configured, so counter 0 is the only free one */
	assert_int_equal(cfg_match(env, 0, 0x9, 0, EV_CYCLES, 0).value, 0);
}

static void test_cfg_match__tlb_events__lowest_free_counter(void **state)
{
	struct sim_env *env = *state;
	struct sbiret r;
	unsigned long i;

	for (i = 3; i <= 18; i++) {
		r = cfg_match(env, 0, ALL_VALID, 0, EV_DTLB_READ_MISS, 0);
		assert_ok(r);
		assert_int_equal(r.value, i);
	}
	/* "none of the counters can monitor": all are taken */
	assert_err(cfg_match(env, 0, ALL_VALID, 0, EV_ITLB_READ_MISS, 0),
		   SBI_ERR_NOT_SUPPORTED);
}

static void test_cfg_match__configured_counter__not_eligible(void **state)
{
	struct sim_env *env = *state;

	assert_ok(cfg_match(env, 3, 1, 0, EV_DTLB_READ_MISS, 0));
	/* configured but not started: still its owner's until STOP(RESET) */
	assert_int_equal(cfg_match(env, 3, 3, 0, EV_DTLB_READ_MISS, 0).value,
			 4);
	assert_err(cfg_match(env, 3, 3, 0, EV_DTLB_READ_MISS, 0),
		   SBI_ERR_NOT_SUPPORTED);
}

static void test_cfg_match__holes__linux_valid_mask_works(void **state)
{
	struct sim_env *env = *state;
	uint64_t all = tu_valid(env);

	assert_int_equal(cfg_match(env, 0, all, 0, EV_DTLB_READ_MISS, 0).value,
			 3);
	assert_int_equal(cfg_match(env, 0, all, 0, EV_DTLB_READ_MISS, 0).value,
			 4);
	assert_int_equal(cfg_match(env, 0, all, 0, EV_DTLB_READ_MISS, 0).value,
			 7);
	assert_err(cfg_match(env, 0, all, 0, EV_DTLB_READ_MISS, 0),
		   SBI_ERR_NOT_SUPPORTED);
}

/* ---- SBI_ERR_INVALID_PARAM: the set of counters ---- */

static void test_cfg_match__set_with_time_counter__invalid_param(void **state)
{
	struct sim_env *env = *state;

	assert_err(cfg_match(env, 0, 0x3, 0, EV_CYCLES, 0),
		   SBI_ERR_INVALID_PARAM);
	assert_err(cfg_match(env, 1, 1, 0, EV_CYCLES, 0),
		   SBI_ERR_INVALID_PARAM);
}

static void test_cfg_match__set_with_hole__invalid_param(void **state)
{
	struct sim_env *env = *state;

	assert_err(cfg_match(env, 0, tu_valid(env) | (1UL << 5), 0,
			     EV_DTLB_READ_MISS, 0),
		   SBI_ERR_INVALID_PARAM);
	assert_err(cfg_match(env, 5, 1, 0, EV_DTLB_READ_MISS, 0),
		   SBI_ERR_INVALID_PARAM);
}

static void test_cfg_match__empty_mask__invalid_param(void **state)
{
	struct sim_env *env = *state;

	assert_err(cfg_match(env, 0, 0, 0, EV_CYCLES, 0),
		   SBI_ERR_INVALID_PARAM);
	assert_err(cfg_match(env, 3, 0, F_SKIP, EV_CYCLES, 0),
		   SBI_ERR_INVALID_PARAM);
}

static void test_cfg_match__cbase_last_counter__valid(void **state)
{
	struct sim_env *env = *state;
	struct sbiret r = cfg_match(env, QEMU_N_LOGICAL - 1, 1, 0,
				    EV_FW(SBI_PMU_FW_IPI_SENT), 0);

	assert_ok(r);
	assert_int_equal(r.value, QEMU_N_LOGICAL - 1);
}

static void test_cfg_match__cbase_num_counters__invalid_param(void **state)
{
	struct sim_env *env = *state;

	assert_err(cfg_match(env, QEMU_N_LOGICAL, 1, 0,
			     EV_FW(SBI_PMU_FW_IPI_SENT), 0),
		   SBI_ERR_INVALID_PARAM);
	assert_err(cfg_match(env, 64, 1, 0, EV_FW(SBI_PMU_FW_IPI_SENT), 0),
		   SBI_ERR_INVALID_PARAM);
	assert_err(cfg_match(env, ~0UL, 1, 0, EV_FW(SBI_PMU_FW_IPI_SENT), 0),
		   SBI_ERR_INVALID_PARAM);
}

static void test_cfg_match__mask_ends_at_last_counter__valid(void **state)
{
	struct sim_env *env = *state;

	assert_ok(cfg_match(env, QEMU_FIRST_FW, 0xFF, 0,
			    EV_FW(SBI_PMU_FW_IPI_SENT), 0));
	assert_ok(
		cfg_match(env, 0, ALL_VALID, 0, EV_FW(SBI_PMU_FW_IPI_SENT), 0));
}

static void test_cfg_match__mask_one_beyond_last__invalid_param(void **state)
{
	struct sim_env *env = *state;

	assert_err(cfg_match(env, QEMU_FIRST_FW, 0x1FF, 0,
			     EV_FW(SBI_PMU_FW_IPI_SENT), 0),
		   SBI_ERR_INVALID_PARAM);
	assert_err(cfg_match(env, 0, ALL_VALID | (1UL << QEMU_N_LOGICAL), 0,
			     EV_FW(SBI_PMU_FW_IPI_SENT), 0),
		   SBI_ERR_INVALID_PARAM);
	assert_err(cfg_match(env, 0, ALL_VALID | (1UL << 63), 0,
			     EV_FW(SBI_PMU_FW_IPI_SENT), 0),
		   SBI_ERR_INVALID_PARAM);
}

/* ---- SBI_ERR_INVALID_PARAM: reserved flag bits 8..XLEN-1 ---- */

static void test_cfg_match__reserved_flag_bits__invalid_param(void **state)
{
	struct sim_env *env = *state;
	unsigned int bit;

	for (bit = 8; bit < 64; bit++)
		assert_err(
			cfg_match(env, 0, ALL_VALID, 1UL << bit, EV_CYCLES, 0),
			SBI_ERR_INVALID_PARAM);
	assert_int_equal(tu_hart(env)->mapped, 0);
}

static void test_cfg_match__all_defined_flags__accepted(void **state)
{
	struct sim_env *env = *state;
	struct sbiret r;

	/* SKIP_MATCH is among them: it needs an earlier match */
	assert_ok(cfg_match(env, 3, 1, 0, EV_DTLB_READ_MISS, 0));
	r = cfg_match(env, 3, 1, SBI_PMU_CFG_FLAG_DEFINED, EV_CYCLES, 0);
	assert_ok(r);
	assert_int_equal(r.value, 3);
	assert_true(tu_started(env, 3));
}

/* ---- event_idx decoding ---- */

static void test_cfg_match__event_idx_reserved_bits__invalid_param(void **state)
{
	struct sim_env *env = *state;
	unsigned int bit;

	for (bit = 20; bit < 64; bit++)
		assert_err(cfg_match(env, 0, ALL_VALID, 0,
				     EV_CYCLES | (1UL << bit), 0),
			   SBI_ERR_INVALID_PARAM);
}

static void test_cfg_match__reserved_types_4_to_14__not_supported(void **state)
{
	struct sim_env *env = *state;
	unsigned long type;

	for (type = 4; type <= 14; type++)
		assert_err(cfg_match(env, 0, ALL_VALID, 0, EV_TYPE(type, 1), 0),
			   SBI_ERR_NOT_SUPPORTED);
}

static void
test_cfg_match__general_codes_0_and_above_10__not_supported(void **state)
{
	struct sim_env *env = *state;

	assert_err(cfg_match(env, 0, ALL_VALID, 0, EV_GENERAL(0), 0),
		   SBI_ERR_NOT_SUPPORTED);
	assert_err(cfg_match(env, 0, ALL_VALID, 0, EV_GENERAL(11), 0),
		   SBI_ERR_NOT_SUPPORTED);
	assert_err(cfg_match(env, 0, ALL_VALID, 0, EV_GENERAL(0xFFFF), 0),
		   SBI_ERR_NOT_SUPPORTED);
}

static void test_cfg_match__general_without_rows__not_supported(void **state)
{
	struct sim_env *env = *state;
	unsigned long code;

	for (code = 3; code <= 10; code++)
		assert_err(cfg_match(env, 0, ALL_VALID, 0, EV_GENERAL(code), 0),
			   SBI_ERR_NOT_SUPPORTED);
}

static void test_cfg_match__cache_id_7_and_op_3__not_supported(void **state)
{
	struct sim_env *env = *state;

	assert_err(cfg_match(env, 0, ALL_VALID, 0, EV_CACHE(7, 0, 1), 0),
		   SBI_ERR_NOT_SUPPORTED);
	assert_err(cfg_match(env, 0, ALL_VALID, 0, EV_CACHE(3, 3, 1), 0),
		   SBI_ERR_NOT_SUPPORTED);
	assert_err(cfg_match(env, 0, ALL_VALID, 0, EV_TYPE(1, 0xFFFF), 0),
		   SBI_ERR_NOT_SUPPORTED);
}

static void
test_cfg_match__general_event_data_nonzero__invalid_param(void **state)
{
	struct sim_env *env = *state;

	/* "all non-zero values of event_data are reserved" */
	assert_err(cfg_match(env, 0, ALL_VALID, 0, EV_CYCLES, 1),
		   SBI_ERR_INVALID_PARAM);
	assert_err(cfg_match(env, 0, ALL_VALID, 0, EV_CYCLES, 1ULL << 63),
		   SBI_ERR_INVALID_PARAM);
	assert_err(cfg_match(env, 0, ALL_VALID, 0, EV_DTLB_READ_MISS, 2),
		   SBI_ERR_INVALID_PARAM);
}

/* ---- raw events (types 2 and 3) ---- */

static void test_cfg_match__raw_nonzero_code__invalid_param(void **state)
{
	struct sim_env *env = *state;

	assert_err(cfg_match(env, 0, ALL_VALID, 0, EV_RAW | 1, 0x12),
		   SBI_ERR_INVALID_PARAM);
	assert_err(cfg_match(env, 0, ALL_VALID, 0, EV_RAW_V2 | 0x8000, 0x12),
		   SBI_ERR_INVALID_PARAM);
}

static void test_cfg_match__raw_type2_bit_47__success(void **state)
{
	struct sim_env *env = *state;
	uint64_t data = (1ULL << 47) | 0x42;
	struct sbiret r = cfg_match(env, 0, ALL_VALID, 0, EV_RAW, data);

	assert_ok(r);
	assert_int_equal(r.value, 3);
	assert_int_equal(env->hart[0].event[3] & ((1ULL << 56) - 1), data);
}

static void test_cfg_match__raw_type2_bit_48__invalid_param(void **state)
{
	struct sim_env *env = *state;

	assert_err(cfg_match(env, 0, ALL_VALID, 0, EV_RAW, 1ULL << 48),
		   SBI_ERR_INVALID_PARAM);
	assert_err(cfg_match(env, 0, ALL_VALID, 0, EV_RAW, 1ULL << 63),
		   SBI_ERR_INVALID_PARAM);
}

static void test_cfg_match__raw_type3_bit_55__success(void **state)
{
	struct sim_env *env = *state;
	uint64_t data = (1ULL << 55) | 0x42;
	struct sbiret r = cfg_match(env, 0, ALL_VALID, 0, EV_RAW_V2, data);

	assert_ok(r);
	assert_int_equal(env->hart[0].event[r.value] & ((1ULL << 56) - 1),
			 data);
}

static void test_cfg_match__raw_type3_bit_56__invalid_param(void **state)
{
	struct sim_env *env = *state;

	assert_err(cfg_match(env, 0, ALL_VALID, 0, EV_RAW_V2, 1ULL << 56),
		   SBI_ERR_INVALID_PARAM);
}

static void test_cfg_match__raw_without_raw_rows__not_supported(void **state)
{
	struct sim_env *env = *state;

	/* well-formed, but QEMU has no raw row (docs/facts.md F3.11) */
	assert_err(cfg_match(env, 0, ALL_VALID, 0, EV_RAW, 1ULL << 47),
		   SBI_ERR_NOT_SUPPORTED);
	assert_err(cfg_match(env, 0, ALL_VALID, 0, EV_RAW_V2, 0x42),
		   SBI_ERR_NOT_SUPPORTED);
}

static void test_cfg_match__raw_skip_match_on_fixed__not_supported(void **state)
{
	struct sim_env *env = *state;

	assert_err(cfg_match(env, 0, 1, F_SKIP, EV_RAW, 0x42),
		   SBI_ERR_NOT_SUPPORTED);
	assert_err(cfg_match(env, 2, 1, F_SKIP, EV_RAW_V2, 0x42),
		   SBI_ERR_NOT_SUPPORTED);
}

static void test_cfg_match__raw_no_sscofpmf__data_written_verbatim(void **state)
{
	struct sim_env *env = *state;
	uint64_t data = 0x00FF0000000000A5ULL;
	struct sbiret r = cfg_match(env, 0, ALL_VALID,
				    SBI_PMU_CFG_FLAG_SET_SINH, EV_RAW_V2, data);

	assert_ok(r);
	assert_int_equal(env->hart[0].event[r.value], data);
}

/* ---- firmware events (type 15) ---- */

static void test_cfg_match__fw_event_data_nonzero__invalid_param(void **state)
{
	struct sim_env *env = *state;

	assert_err(
		cfg_match(env, 0, ALL_VALID, 0, EV_FW(SBI_PMU_FW_SET_TIMER), 1),
		SBI_ERR_INVALID_PARAM);
}

static void test_cfg_match__fw_standard_codes_0_to_21__success(void **state)
{
	struct sim_env *env = *state;
	unsigned long code;

	for (code = 0; code < SBI_PMU_FW_STANDARD_MAX; code++) {
		struct sbiret r =
			cfg_match(env, 0, ALL_VALID, 0, EV_FW(code), 0);

		assert_ok(r);
		assert_true(r.value >= QEMU_FIRST_FW);
		assert_err(stop(env, r.value, 1, SBI_PMU_STOP_FLAG_RESET),
			   SBI_ERR_ALREADY_STOPPED);
	}
}

static void
test_cfg_match__fw_reserved_codes_22_to_255__not_supported(void **state)
{
	struct sim_env *env = *state;

	assert_err(cfg_match(env, 0, ALL_VALID, 0, EV_FW(22), 0),
		   SBI_ERR_NOT_SUPPORTED);
	assert_err(cfg_match(env, 0, ALL_VALID, 0, EV_FW(255), 0),
		   SBI_ERR_NOT_SUPPORTED);
}

static void test_cfg_match__fw_impl_codes_256_to_259__success(void **state)
{
	struct sim_env *env = *state;
	unsigned long code;

	for (code = 256; code <= 259; code++)
		assert_ok(cfg_match(env, 0, ALL_VALID, 0, EV_FW(code), 0));
}

static void
test_cfg_match__fw_impl_codes_260_and_65534__not_supported(void **state)
{
	struct sim_env *env = *state;

	assert_err(cfg_match(env, 0, ALL_VALID, 0, EV_FW(260), 0),
		   SBI_ERR_NOT_SUPPORTED);
	assert_err(cfg_match(env, 0, ALL_VALID, 0, EV_FW(65534), 0),
		   SBI_ERR_NOT_SUPPORTED);
}

static void
test_cfg_match__fw_platform_without_hook__not_supported(void **state)
{
	struct sim_env *env = *state;

	assert_err(cfg_match(env, 0, ALL_VALID, 0, EV_FW_PLATFORM, 1),
		   SBI_ERR_NOT_SUPPORTED);
}

static void test_cfg_match__fw_platform_known_data__success(void **state)
{
	struct sim_env *env = *state;

	assert_ok(cfg_match(env, 0, ALL_VALID, 0, EV_FW_PLATFORM, 0));
	assert_ok(cfg_match(env, 0, ALL_VALID, 0, EV_FW_PLATFORM,
			    SIM_PLATFORM_EVENTS - 1));
	assert_err(cfg_match(env, 0, ALL_VALID, 0, EV_FW_PLATFORM,
			     SIM_PLATFORM_EVENTS),
		   SBI_ERR_NOT_SUPPORTED);
}

static void test_cfg_match__fw_event_on_hw_only_set__not_supported(void **state)
{
	struct sim_env *env = *state;

	assert_err(cfg_match(env, 0, 0x7FFFD, 0, EV_FW(SBI_PMU_FW_IPI_SENT), 0),
		   SBI_ERR_NOT_SUPPORTED);
	assert_err(cfg_match(env, QEMU_FIRST_FW, 0xFF, 0, EV_CYCLES, 0),
		   SBI_ERR_NOT_SUPPORTED);
	assert_err(cfg_match(env, 0, 1, 0, EV_DTLB_READ_MISS, 0),
		   SBI_ERR_NOT_SUPPORTED);
}

/* ---- filter hints (config_flags[7:3]) ---- */

static void test_cfg_match__sscofpmf_no_hints__minh_and_of_set(void **state)
{
	struct sim_env *env = *state;
	struct sbiret r = cfg_match(env, 0, ALL_VALID, 0, EV_DTLB_READ_MISS, 0);

	/* MINH always; OF until START so an idle counter cannot interrupt */
	assert_ok(r);
	assert_int_equal(env->hart[0].event[r.value],
			 MHPMEVENT_OF | MHPMEVENT_MINH | EV_DTLB_READ_MISS);
}

static void test_cfg_match__sscofpmf_sinh_uinh__filter_bits_set(void **state)
{
	struct sim_env *env = *state;
	struct sbiret r;

	r = cfg_match(env, 0, ALL_VALID, SBI_PMU_CFG_FLAG_SET_SINH,
		      EV_DTLB_READ_MISS, 0);
	assert_int_equal(env->hart[0].event[r.value] & MHPMEVENT_FILTER_MASK,
			 MHPMEVENT_MINH | MHPMEVENT_SINH);
	r = cfg_match(env, 0, ALL_VALID, SBI_PMU_CFG_FLAG_SET_UINH,
		      EV_DTLB_READ_MISS, 0);
	assert_int_equal(env->hart[0].event[r.value] & MHPMEVENT_FILTER_MASK,
			 MHPMEVENT_MINH | MHPMEVENT_UINH);
}

static void
test_cfg_match__no_h_ext__vsinh_vuinh_accepted_not_applied(void **state)
{
	struct sim_env *env = *state;
	unsigned long f =
		SBI_PMU_CFG_FLAG_SET_VSINH | SBI_PMU_CFG_FLAG_SET_VUINH;
	struct sbiret r = cfg_match(env, 0, ALL_VALID, f, EV_DTLB_READ_MISS, 0);

	/* VSINH/VUINH accepted without the H extension (docs/facts.md F1.7) */
	assert_ok(r);
	assert_int_equal(tu_saved_selector(env, r.value) &
				 (MHPMEVENT_VSINH | MHPMEVENT_VUINH),
			 0);
}

static void test_cfg_match__h_ext__vsinh_vuinh_applied(void **state)
{
	struct sim_env *env = *state;
	struct sbiret r;

	r = cfg_match(env, 0, ALL_VALID, SBI_PMU_CFG_FLAG_SET_VSINH,
		      EV_DTLB_READ_MISS, 0);
	assert_int_equal(env->hart[0].event[r.value] & MHPMEVENT_FILTER_MASK,
			 MHPMEVENT_MINH | MHPMEVENT_VSINH);
	r = cfg_match(env, 0, ALL_VALID, SBI_PMU_CFG_FLAG_SET_VUINH,
		      EV_DTLB_READ_MISS, 0);
	assert_int_equal(env->hart[0].event[r.value] & MHPMEVENT_FILTER_MASK,
			 MHPMEVENT_MINH | MHPMEVENT_VUINH);
}

static void
test_cfg_match__no_sscofpmf__selector_only_no_filter_bits(void **state)
{
	struct sim_env *env = *state;
	struct sbiret r =
		cfg_match(env, 0, ALL_VALID, 0xF8, EV_DTLB_READ_MISS, 0);

	assert_ok(r);
	assert_int_equal(env->hart[0].event[r.value], EV_DTLB_READ_MISS);
}

static void test_cfg_match__smcntrpmf__fixed_counter_filters(void **state)
{
	struct sim_env *env = *state;

	assert_ok(
		cfg_match(env, 0, 1, SBI_PMU_CFG_FLAG_SET_SINH, EV_CYCLES, 0));
	assert_int_equal(env->hart[0].fixed_cfg[0],
			 MHPMEVENT_MINH | MHPMEVENT_SINH);
	assert_ok(cfg_match(env, 2, 1,
			    SBI_PMU_CFG_FLAG_SET_UINH |
				    SBI_PMU_CFG_FLAG_SET_VUINH,
			    EV_INSTRUCTIONS, 0));
	assert_int_equal(env->hart[0].fixed_cfg[2],
			 MHPMEVENT_MINH | MHPMEVENT_UINH | MHPMEVENT_VUINH);
}

static void
test_cfg_match__smcntrpmf_no_sscofpmf__fixed_preferred_filtered(void **state)
{
	struct sim_env *env = *state;
	struct sbiret r = cfg_match(env, 0, ALL_VALID,
				    SBI_PMU_CFG_FLAG_SET_UINH, EV_CYCLES, 0);

	assert_ok(r);
	assert_int_equal(r.value, 0);
	assert_int_equal(env->hart[0].fixed_cfg[0],
			 MHPMEVENT_MINH | MHPMEVENT_UINH);
}

static void test_cfg_match__no_smcntrpmf__fixed_cfg_untouched(void **state)
{
	struct sim_env *env = *state;

	/* the sim counts any mcyclecfg write here as a violation */
	assert_ok(cfg_match(env, 0, 1, 0, EV_CYCLES, 0));
	assert_int_equal(env->hart[0].fixed_cfg[0], 0);
}

/*
 * Filter hints (config_flags[3:7]) may be ignored, but never silently by
 * a counter that cannot filter while one that can is asked for: mcycle
 * without Smcntrpmf is not chosen for cycles:k (docs/semantics.md).
 */
static void
test_cfg_match__filter_hint__unfilterable_fixed_not_chosen(void **state)
{
	struct sim_env *env = *state;

	assert_err(
		cfg_match(env, 0, 1, SBI_PMU_CFG_FLAG_SET_UINH, EV_CYCLES, 0),
		SBI_ERR_NOT_SUPPORTED);
	assert_int_equal(env->hart[0].fixed_cfg[0], 0);
	/* MINH alone is no request: the firmware sets it anyway. */
	assert_ok(
		cfg_match(env, 0, 1, SBI_PMU_CFG_FLAG_SET_MINH, EV_CYCLES, 0));
}

/*
 * Only mcycle/minstret, no Smcntrpmf: perf's default exclude_guest
 * (SET_VSINH | SET_VUINH) is a hint no counter of the hart can honour,
 * so it is let go and cycles count; :u (SET_SINH) and :k (SET_UINH)
 * are refused, never counted in every mode as if filtered.
 */
static void
test_cfg_match__fixed_only__guest_hint_let_go_mode_filter_refused(void **state)
{
	struct sim_env *env = *state;
	const unsigned long guest =
		SBI_PMU_CFG_FLAG_SET_VSINH | SBI_PMU_CFG_FLAG_SET_VUINH;
	struct sbiret c = cfg_match(env, 0, 0x5, guest, EV_CYCLES, 0);
	struct sbiret i = cfg_match(env, 0, 0x5, guest, EV_INSTRUCTIONS, 0);

	assert_ok(c);
	assert_int_equal(c.value, 0);
	assert_ok(i);
	assert_int_equal(i.value, 2);
	/* configured, never started: released all the same */
	assert_err(stop(env, 0, 0x5, SBI_PMU_STOP_FLAG_RESET),
		   SBI_ERR_ALREADY_STOPPED);
	assert_err(cfg_match(env, 0, 0x5, guest | SBI_PMU_CFG_FLAG_SET_UINH,
			     EV_CYCLES, 0),
		   SBI_ERR_NOT_SUPPORTED);
	assert_err(cfg_match(env, 0, 0x5, SBI_PMU_CFG_FLAG_SET_SINH,
			     EV_INSTRUCTIONS, 0),
		   SBI_ERR_NOT_SUPPORTED);
}

/*
 * QEMU counts a selector on one programmable counter only; a second one
 * given it reads 0 (docs/facts.md F2.3: cycles:k read 0 beside cycles:u). With
 * Smcntrpmf the second filtered cycles event goes to mcycle.
 */
static void test_cfg_match__one_counter_per_event__second_to_fixed(void **state)
{
	struct sim_env *env = *state;
	struct sbiret u = cfg_match(env, 0, ALL_VALID,
				    SBI_PMU_CFG_FLAG_SET_SINH, EV_CYCLES, 0);
	struct sbiret k = cfg_match(env, 0, ALL_VALID,
				    SBI_PMU_CFG_FLAG_SET_UINH, EV_CYCLES, 0);

	assert_ok(u);
	assert_int_equal(u.value, 3);
	assert_ok(k);
	assert_int_equal(k.value, 0);
	assert_int_equal(env->hart[0].fixed_cfg[0],
			 MHPMEVENT_MINH | MHPMEVENT_UINH);
	/* A third has nowhere to count: refused, so Linux multiplexes. */
	assert_err(cfg_match(env, 0, ALL_VALID, 0, EV_CYCLES, 0),
		   SBI_ERR_NOT_SUPPORTED);
	/* Other events still get programmable counters. */
	assert_ok(cfg_match(env, 0, ALL_VALID, 0, EV_DTLB_READ_MISS, 0));
}

/* Without Smcntrpmf a filtered second one has no counter at all. */
static void
test_cfg_match__one_counter_per_event__filtered_second_refused(void **state)
{
	struct sim_env *env = *state;

	assert_ok(cfg_match(env, 0, ALL_VALID, SBI_PMU_CFG_FLAG_SET_SINH,
			    EV_CYCLES, 0));
	assert_err(cfg_match(env, 0, ALL_VALID, SBI_PMU_CFG_FLAG_SET_UINH,
			     EV_CYCLES, 0),
		   SBI_ERR_NOT_SUPPORTED);
	/* Unfiltered, mcycle counts it as asked. */
	struct sbiret r = cfg_match(env, 0, ALL_VALID, 0, EV_CYCLES, 0);

	assert_ok(r);
	assert_int_equal(r.value, 0);
}

/* Once the first is released, its selector is free again. */
static void
test_cfg_match__one_counter_per_event__free_after_release(void **state)
{
	struct sim_env *env = *state;
	struct sbiret a =
		cfg_match(env, 0, ALL_VALID, SBI_PMU_CFG_FLAG_AUTO_START,
			  EV_DTLB_READ_MISS, 0);

	assert_ok(a);
	assert_err(cfg_match(env, 0, ALL_VALID, 0, EV_DTLB_READ_MISS, 0),
		   SBI_ERR_NOT_SUPPORTED);
	assert_ok(stop(env, a.value, 1, SBI_PMU_STOP_FLAG_RESET));
	assert_ok(cfg_match(env, 0, ALL_VALID, 0, EV_DTLB_READ_MISS, 0));
}

/*
 * Counter delegation: S-mode programmed counter 3 itself (sireg2); it is
 * S-mode's, and CFG_MATCH takes another (docs/semantics.md).
 */
static void
test_cfg_match__delegation__supervisor_counter_not_given(void **state)
{
	struct sim_env *env = *state;
	struct sbiret r;

	env->hart[0].event[3] = EV_DTLB_READ_MISS | MHPMEVENT_SINH;
	r = cfg_match(env, 0, ALL_VALID, 0, EV_DTLB_WRITE_MISS, 0);
	assert_ok(r);
	assert_int_equal(r.value, 4);
	assert_err(cfg_match(env, 3, 1, 0, EV_DTLB_WRITE_MISS, 0),
		   SBI_ERR_NOT_SUPPORTED);
	/* no SBI event on it: SKIP_MATCH has no match to skip */
	assert_err(cfg_match(env, 3, 1, F_SKIP, EV_DTLB_WRITE_MISS, 0),
		   SBI_ERR_INVALID_PARAM);
	/* its OF bit alone does not make it S-mode's */
	env->hart[0].event[3] = MHPMEVENT_OF;
	r = cfg_match(env, 3, 1, 0, EV_DTLB_WRITE_MISS, 0);
	assert_ok(r);
	assert_int_equal(r.value, 3);
}

/* ... and where a selector counts once (QEMU), S-mode's copy counts too. */
static void
test_cfg_match__delegation_one_counter__supervisor_selector_held(void **state)
{
	struct sim_env *env = *state;
	struct sbiret r;

	env->hart[0].event[5] = EV_CYCLES;
	r = cfg_match(env, 0, ALL_VALID, 0, EV_CYCLES, 0);
	assert_ok(r);
	assert_int_equal(r.value, 0);
	assert_err(cfg_match(env, 0, ALL_VALID & ~1UL, 0, EV_CYCLES, 0),
		   SBI_ERR_NOT_SUPPORTED);
	/* other events still get programmable counters, not 5 */
	r = cfg_match(env, 0, ALL_VALID, 0, EV_DTLB_READ_MISS, 0);
	assert_ok(r);
	assert_int_equal(r.value, 3);
}

/* Hardware without the limit hands out as many as asked. */
static void test_cfg_match__many_counters_same_event(void **state)
{
	struct sim_env *env = *state;

	assert_int_equal(
		cfg_match(env, 0, ALL_VALID, 0, EV_DTLB_READ_MISS, 0).value, 3);
	assert_int_equal(
		cfg_match(env, 0, ALL_VALID, 0, EV_DTLB_READ_MISS, 0).value, 4);
}

/* ---- CLEAR_VALUE and AUTO_START ---- */

static void test_cfg_match__clear_value__counter_zeroed(void **state)
{
	struct sim_env *env = *state;

	env->hart[0].counter[3] = 1234;
	env->hart[0].counter[4] = 1234;
	assert_ok(cfg_match(env, 3, 1, SBI_PMU_CFG_FLAG_CLEAR_VALUE,
			    EV_DTLB_READ_MISS, 0));
	assert_ok(cfg_match(env, 4, 1, 0, EV_DTLB_READ_MISS, 0));
	assert_int_equal(env->hart[0].counter[3], 0);
	assert_int_equal(env->hart[0].counter[4], 1234);
}

static void test_cfg_match__auto_start__started_value_kept(void **state)
{
	struct sim_env *env = *state;
	struct sbiret r;

	env->hart[0].counter[3] = 77;
	r = cfg_match(env, 3, 1, SBI_PMU_CFG_FLAG_AUTO_START, EV_DTLB_READ_MISS,
		      0);
	assert_ok(r);
	/* "AUTO_START flag has no impact on the counter value" */
	assert_int_equal(env->hart[0].counter[3], 77);
	assert_true(tu_started(env, 3));
	assert_int_equal(env->hart[0].event[3] & MHPMEVENT_OF, 0);
	sim_hart_tick(&env->hart[0], 5);
	assert_int_equal(env->hart[0].counter[3], 82);
}

/* ---- SKIP_MATCH ---- */

static void test_cfg_match__skip_match__first_counter_of_set(void **state)
{
	struct sim_env *env = *state;
	struct sbiret r;

	assert_ok(cfg_match(env, 6, 1, 0, EV_ITLB_READ_MISS, 0));
	assert_ok(cfg_match(env, 7, 1, 0, EV_ITLB_READ_MISS, 0));
	/* set {6, 7}: the first is 6 although 3..5 are free */
	r = cfg_match(env, 5, 0x6, F_SKIP, EV_DTLB_READ_MISS, 0);
	assert_ok(r);
	assert_int_equal(r.value, 6);
}

/* No earlier match to skip: refused, and the counter stays free. */
static void
test_cfg_match__skip_match_never_configured__invalid_param(void **state)
{
	struct sim_env *env = *state;
	struct sbiret r;

	assert_err(cfg_match(env, 3, 1, F_SKIP, EV_DTLB_READ_MISS, 0),
		   SBI_ERR_INVALID_PARAM);
	assert_err(cfg_match(env, QEMU_FIRST_FW, 1,
			     F_SKIP | SBI_PMU_CFG_FLAG_AUTO_START,
			     EV_FW(SBI_PMU_FW_IPI_SENT), 0),
		   SBI_ERR_INVALID_PARAM);
	/* the first counter decides, even if a later one is configured */
	assert_ok(cfg_match(env, 4, 1, 0, EV_DTLB_READ_MISS, 0));
	assert_err(cfg_match(env, 3, 0x3, F_SKIP, EV_DTLB_READ_MISS, 0),
		   SBI_ERR_INVALID_PARAM);
	assert_int_equal(tu_hart(env)->mapped, 1UL << 4);
	/* a CFG_MATCH on the same sets still finds them free */
	r = cfg_match(env, 3, 1, 0, EV_DTLB_READ_MISS, 0);
	assert_ok(r);
	assert_int_equal(r.value, 3);
	r = cfg_match(env, QEMU_FIRST_FW, 1, 0, EV_FW(SBI_PMU_FW_IPI_SENT), 0);
	assert_ok(r);
	assert_int_equal(r.value, QEMU_FIRST_FW);
}

/* Released by STOP(RESET): its match is gone with it. */
static void test_cfg_match__skip_match_released__invalid_param(void **state)
{
	struct sim_env *env = *state;

	assert_ok(cfg_match(env, 3, 1, 0, EV_DTLB_READ_MISS, 0));
	assert_err(stop(env, 3, 1, SBI_PMU_STOP_FLAG_RESET),
		   SBI_ERR_ALREADY_STOPPED);
	assert_err(cfg_match(env, 3, 1, F_SKIP, EV_DTLB_READ_MISS, 0),
		   SBI_ERR_INVALID_PARAM);
	assert_false(tu_mapped(env, 3));
}

static void
test_cfg_match__skip_match_running_counter__not_supported(void **state)
{
	struct sim_env *env = *state;

	map_and_start(env, 3, EV_DTLB_READ_MISS, 0, 0);
	assert_err(cfg_match(env, 3, 1, F_SKIP, EV_ITLB_READ_MISS, 0),
		   SBI_ERR_NOT_SUPPORTED);
	assert_int_equal(env->hart[0].event[3] & SBI_PMU_EVENT_IDX_MASK,
			 EV_DTLB_READ_MISS);
}

static void
test_cfg_match__skip_match_stopped_counter__reconfigured(void **state)
{
	struct sim_env *env = *state;

	assert_ok(cfg_match(env, 3, 1, 0, EV_DTLB_READ_MISS, 0));
	assert_ok(cfg_match(env, 3, 1, F_SKIP, EV_ITLB_READ_MISS, 0));
	assert_int_equal(env->hart[0].event[3] & SBI_PMU_EVENT_IDX_MASK,
			 EV_ITLB_READ_MISS);
}

static void
test_cfg_match__skip_match_type_mismatch__not_supported(void **state)
{
	struct sim_env *env = *state;

	/* configured and stopped: SKIP_MATCH itself is allowed on them */
	assert_ok(cfg_match(env, 3, 1, 0, EV_DTLB_READ_MISS, 0));
	assert_ok(cfg_match(env, QEMU_FIRST_FW, 1, 0,
			    EV_FW(SBI_PMU_FW_SET_TIMER), 0));
	assert_err(cfg_match(env, 3, 1, F_SKIP, EV_FW(SBI_PMU_FW_IPI_SENT), 0),
		   SBI_ERR_NOT_SUPPORTED);
	assert_err(cfg_match(env, QEMU_FIRST_FW, 1, F_SKIP, EV_CYCLES, 0),
		   SBI_ERR_NOT_SUPPORTED);
	assert_err(cfg_match(env, 2, 1, F_SKIP, EV_CYCLES, 0),
		   SBI_ERR_NOT_SUPPORTED);
	assert_int_equal(tu_hart(env)->mapped,
			 (1UL << 3) | (1UL << QEMU_FIRST_FW));
}

/* ---- RV64 register use ---- */

static void test_cfg_match__rv64_event_data_a4_only_a5_ignored(void **state)
{
	struct sim_env *env = *state;

	assert_ok(ecall(env, SBI_EXT_PMU_COUNTER_CFG_MATCH, 0, ALL_VALID, 0,
			EV_CYCLES, 0, ~0UL));
	assert_err(ecall(env, SBI_EXT_PMU_COUNTER_CFG_MATCH, 0, ALL_VALID, 0,
			 EV_CYCLES, 1UL << 32, 0),
		   SBI_ERR_INVALID_PARAM);
}

/* ---- check, then act ---- */

static void test_cfg_match__every_error__changes_nothing(void **state)
{
	struct sim_env *env = *state;
	struct sim_hart before_hw;
	uint8_t before_pmu[SIM_STATE_BYTES];

	map_and_start(env, 4, EV_DTLB_READ_MISS, 0, 10);
	before_hw = env->hart[0];
	memcpy(before_pmu, env->state[0], sizeof(before_pmu));
	assert_err(cfg_match(env, 0, ALL_VALID, 1UL << 8, EV_CYCLES, 0),
		   SBI_ERR_INVALID_PARAM);
	assert_err(cfg_match(env, 0, 3, 0, EV_CYCLES, 0),
		   SBI_ERR_INVALID_PARAM);
	assert_err(cfg_match(env, 0, ALL_VALID, 0, 1UL << 20, 0),
		   SBI_ERR_INVALID_PARAM);
	assert_err(cfg_match(env, 0, ALL_VALID, 0, EV_CYCLES, 5),
		   SBI_ERR_INVALID_PARAM);
	assert_err(cfg_match(env, 0, ALL_VALID, 0, EV_GENERAL(5), 0),
		   SBI_ERR_NOT_SUPPORTED);
	assert_err(cfg_match(env, 4, 1, F_SKIP | SBI_PMU_CFG_FLAG_CLEAR_VALUE,
			     EV_ITLB_READ_MISS, 0),
		   SBI_ERR_NOT_SUPPORTED);
	assert_err(cfg_match(env, 5, 1,
			     F_SKIP | SBI_PMU_CFG_FLAG_CLEAR_VALUE |
				     SBI_PMU_CFG_FLAG_AUTO_START,
			     EV_ITLB_READ_MISS, 0),
		   SBI_ERR_INVALID_PARAM);
	assert_memory_equal(&before_hw, &env->hart[0], sizeof(before_hw));
	assert_memory_equal(before_pmu, env->state[0], sizeof(before_pmu));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
#define T(f)	 cmocka_unit_test_setup_teardown(f, setup_linux, tu_teardown)
#define TS(f, s) cmocka_unit_test_setup_teardown(f, s, tu_teardown)
		T(test_cfg_match__cycles_sscofpmf__programmable_counter),
		T(test_cfg_match__cycles_set_of_counter_0__fixed_counter),
		TS(test_cfg_match__cycles_no_sscofpmf__fixed_preferred,
		   setup_linux_no_sscofpmf),
		T(test_cfg_match__fixed_taken__falls_back_to_programmable),
		T(test_cfg_match__tlb_events__lowest_free_counter),
		T(test_cfg_match__configured_counter__not_eligible),
		TS(test_cfg_match__holes__linux_valid_mask_works, setup_holes),
		T(test_cfg_match__set_with_time_counter__invalid_param),
		TS(test_cfg_match__set_with_hole__invalid_param, setup_holes),
		T(test_cfg_match__empty_mask__invalid_param),
		T(test_cfg_match__cbase_last_counter__valid),
		T(test_cfg_match__cbase_num_counters__invalid_param),
		T(test_cfg_match__mask_ends_at_last_counter__valid),
		T(test_cfg_match__mask_one_beyond_last__invalid_param),
		T(test_cfg_match__reserved_flag_bits__invalid_param),
		T(test_cfg_match__all_defined_flags__accepted),
		T(test_cfg_match__event_idx_reserved_bits__invalid_param),
		T(test_cfg_match__reserved_types_4_to_14__not_supported),
		T(test_cfg_match__general_codes_0_and_above_10__not_supported),
		T(test_cfg_match__general_without_rows__not_supported),
		T(test_cfg_match__cache_id_7_and_op_3__not_supported),
		T(test_cfg_match__general_event_data_nonzero__invalid_param),
		TS(test_cfg_match__raw_nonzero_code__invalid_param,
		   tu_setup_raw),
		TS(test_cfg_match__raw_type2_bit_47__success, tu_setup_raw),
		TS(test_cfg_match__raw_type2_bit_48__invalid_param,
		   tu_setup_raw),
		TS(test_cfg_match__raw_type3_bit_55__success, tu_setup_raw),
		TS(test_cfg_match__raw_type3_bit_56__invalid_param,
		   tu_setup_raw),
		T(test_cfg_match__raw_without_raw_rows__not_supported),
		TS(test_cfg_match__raw_skip_match_on_fixed__not_supported,
		   tu_setup_raw),
		TS(test_cfg_match__raw_no_sscofpmf__data_written_verbatim,
		   tu_setup_raw_no_sscofpmf),
		T(test_cfg_match__fw_event_data_nonzero__invalid_param),
		T(test_cfg_match__fw_standard_codes_0_to_21__success),
		T(test_cfg_match__fw_reserved_codes_22_to_255__not_supported),
		T(test_cfg_match__fw_impl_codes_256_to_259__success),
		T(test_cfg_match__fw_impl_codes_260_and_65534__not_supported),
		T(test_cfg_match__fw_platform_without_hook__not_supported),
		TS(test_cfg_match__fw_platform_known_data__success,
		   tu_setup_qemu_platform),
		T(test_cfg_match__fw_event_on_hw_only_set__not_supported),
		T(test_cfg_match__sscofpmf_no_hints__minh_and_of_set),
		T(test_cfg_match__sscofpmf_sinh_uinh__filter_bits_set),
		T(test_cfg_match__no_h_ext__vsinh_vuinh_accepted_not_applied),
		TS(test_cfg_match__h_ext__vsinh_vuinh_applied, setup_h_ext),
		TS(test_cfg_match__no_sscofpmf__selector_only_no_filter_bits,
		   setup_linux_no_sscofpmf),
		TS(test_cfg_match__smcntrpmf__fixed_counter_filters,
		   setup_smcntrpmf),
		TS(test_cfg_match__smcntrpmf_no_sscofpmf__fixed_preferred_filtered,
		   setup_smcntrpmf_no_sscofpmf),
		T(test_cfg_match__no_smcntrpmf__fixed_cfg_untouched),
		T(test_cfg_match__filter_hint__unfilterable_fixed_not_chosen),
		TS(test_cfg_match__fixed_only__guest_hint_let_go_mode_filter_refused,
		   setup_fixed_only),
		TS(test_cfg_match__one_counter_per_event__second_to_fixed,
		   setup_qemu_smcntrpmf),
		TS(test_cfg_match__one_counter_per_event__filtered_second_refused,
		   setup_qemu_one_counter),
		TS(test_cfg_match__one_counter_per_event__free_after_release,
		   setup_qemu_one_counter),
		T(test_cfg_match__many_counters_same_event),
		TS(test_cfg_match__delegation__supervisor_counter_not_given,
		   setup_delegation),
		TS(test_cfg_match__delegation_one_counter__supervisor_selector_held,
		   setup_delegation_qemu),
		T(test_cfg_match__clear_value__counter_zeroed),
		T(test_cfg_match__auto_start__started_value_kept),
		T(test_cfg_match__skip_match__first_counter_of_set),
		T(test_cfg_match__skip_match_never_configured__invalid_param),
		T(test_cfg_match__skip_match_released__invalid_param),
		T(test_cfg_match__skip_match_running_counter__not_supported),
		T(test_cfg_match__skip_match_stopped_counter__reconfigured),
		T(test_cfg_match__skip_match_type_mismatch__not_supported),
		T(test_cfg_match__rv64_event_data_a4_only_a5_ignored),
		T(test_cfg_match__every_error__changes_nothing),
#undef T
#undef TS
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
