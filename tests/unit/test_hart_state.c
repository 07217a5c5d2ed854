/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Per-hart state, sized by what the platform has (include/sbipmu/pmu.h):
 * 64-bit firmware values, one saved mhpmevent value per hpm counter (and
 * per fixed counter only with Smcntrpmf), packed in 32 bits when every
 * selector the map hands out has at most 26 bits and there are no raw
 * rows, 64 bits otherwise, and two bytes per firmware counter (its event
 * and its CFG_MATCH flags, the mode filter). QEMU virt (16 hpm counters,
 * 16 firmware counters) needs 272 bytes. Both
 * packings must give the hardware back exactly what was configured,
 * selector and every inhibit bit, at each START.
 */
#include "test_util.h"

#define F_INIT SBI_PMU_START_FLAG_SET_INIT_VALUE
#define F_INH                                                                  \
	(SBI_PMU_CFG_FLAG_SET_SINH | SBI_PMU_CFG_FLAG_SET_UINH |               \
	 SBI_PMU_CFG_FLAG_SET_VSINH | SBI_PMU_CFG_FLAG_SET_VUINH)
#define INH_BITS                                                               \
	(MHPMEVENT_MINH | MHPMEVENT_SINH | MHPMEVENT_UINH | MHPMEVENT_VSINH |  \
	 MHPMEVENT_VUINH)
#define EV_DTLB 0x10019UL

/* QEMU's counter rows plus one selector row for DTLB read misses. */
static struct pmu_map_selector_row sel_row[1];
static struct pmu_map_input sel_rows;

static int setup_selector(void **state, uint64_t selector)
{
	struct sim_env_cfg cfg = tu_cfg_qemu();

	sel_row[0] = (struct pmu_map_selector_row){EV_DTLB, selector};
	sel_rows = (struct pmu_map_input){0};
	sel_rows.present[PMU_PROP_EVENT_TO_MHPMEVENT] = true;
	sel_rows.present[PMU_PROP_EVENT_TO_MHPMCOUNTERS] = true;
	sel_rows.sel = sel_row;
	sel_rows.n_sel = 1;
	sel_rows.ctr = sim_qemu_rows;
	sel_rows.n_ctr = 5;
	cfg.rows = &sel_rows;
	cfg.hart.h_ext = true;
	return tu_setup_cfg(state, &cfg);
}

/* The widest selector that still packs in 32 bits, and the narrowest not. */
#define SEL_26 0x3FFFFFFULL
#define SEL_27 0x4000000ULL

static int setup_sel_26(void **state)
{
	return setup_selector(state, SEL_26);
}

static int setup_sel_27(void **state)
{
	return setup_selector(state, SEL_27);
}

static int setup_qemu_16_fw(void **state)
{
	struct sim_env_cfg cfg = tu_cfg_qemu();

	cfg.num_fw = 16;
	return tu_setup_cfg(state, &cfg);
}

static void test_hart_state__qemu_virt_16_fw__272_bytes(void **state)
{
	struct sim_env *env = *state;

	/*
	 * 48 + 16 fw x 8 + 16 hpm x 4 + 16 fw x 2: issue 11's 256, and a
	 * byte per firmware counter for its mode filter since firmware
	 * counters honour it (docs/semantics.md).
	 */
	assert_int_equal(pmu_hart_state_size(&env->core), 272);
}

static void test_hart_state__raw_rows__selectors_64_bit(void **state)
{
	struct sim_env *env = *state;

	/* a raw event's selector is its event_data: up to 56 bits */
	assert_int_equal(pmu_hart_state_size(&env->core),
			 48 + 8 * 8 + 16 * 8 + 8 * 2);
}

static void test_hart_state__26_bit_selector__packed(void **state)
{
	struct sim_env *env = *state;

	assert_int_equal(pmu_hart_state_size(&env->core),
			 48 + 8 * 8 + 16 * 4 + 8 * 2);
}

static void test_hart_state__27_bit_selector__64_bit(void **state)
{
	struct sim_env *env = *state;

	assert_int_equal(pmu_hart_state_size(&env->core),
			 48 + 8 * 8 + 16 * 8 + 8 * 2);
}

static void test_hart_state__buffer_one_byte_short__refused(void **state)
{
	struct sim_env *env = *state;
	size_t n = pmu_hart_state_size(&env->core);

	assert_null(
		pmu_hart_init(env->state[1], n - 1, &env->core, &env->hart[1]));
	assert_null(
		pmu_hart_init(env->state[1] + 1, n, &env->core, &env->hart[1]));
}

/*
 * Configure the selector row's event with every inhibit hint, start it,
 * lose mhpmevent as a suspend path may, start it again: the hardware
 * gets the whole selector and every inhibit bit back each time.
 */
static void selector_round_trip(struct sim_env *env, uint64_t selector)
{
	uint64_t want = selector | INH_BITS;
	struct sbiret r = cfg_match(env, 0, 0x7FFFFF8, F_INH, EV_DTLB, 0);

	assert_ok(r);
	assert_int_equal(tu_saved_selector(env, r.value), want);
	assert_ok(start(env, r.value, 1, F_INIT, 0));
	assert_int_equal(env->hart[0].event[r.value], want);
	assert_ok(stop(env, r.value, 1, 0));
	sim_hart_lose_event(&env->hart[0], (unsigned int)r.value, 0);
	assert_ok(start(env, r.value, 1, 0, 0));
	assert_int_equal(env->hart[0].event[r.value], want);
	assert_ok(stop(env, r.value, 1, SBI_PMU_STOP_FLAG_RESET));
	assert_int_equal(tu_saved_selector(env, r.value), 0);
	assert_int_equal(env->hart[0].event[r.value], 0);
}

static void test_hart_state__26_bit_selector__round_trip(void **state)
{
	selector_round_trip(*state, SEL_26);
}

static void test_hart_state__27_bit_selector__round_trip(void **state)
{
	selector_round_trip(*state, SEL_27);
}

static void test_hart_state__raw_56_bit_selector__round_trip(void **state)
{
	struct sim_env *env = *state;
	uint64_t data = (1ULL << 55) | 0x42;
	uint64_t want = data | MHPMEVENT_MINH | MHPMEVENT_SINH;
	struct sbiret r = cfg_match(env, 0, 0x7FFFFF8,
				    SBI_PMU_CFG_FLAG_SET_SINH, EV_RAW_V2, data);

	assert_ok(r);
	assert_ok(start(env, r.value, 1, F_INIT, 0));
	assert_int_equal(env->hart[0].event[r.value], want);
	assert_ok(stop(env, r.value, 1, 0));
	sim_hart_lose_event(&env->hart[0], (unsigned int)r.value, 0);
	assert_ok(start(env, r.value, 1, 0, 0));
	assert_int_equal(env->hart[0].event[r.value], want);
}

/* Fixed counters keep no selector without Smcntrpmf: nothing to save. */
static void
test_hart_state__fixed_without_smcntrpmf__nothing_saved(void **state)
{
	struct sim_env *env = *state;

	tu_stop_if_unowned(env, 0);
	assert_ok(cfg_match(env, 0, 1, 0, SBI_PMU_HW_CPU_CYCLES, 0));
	assert_int_equal(tu_saved_selector(env, 0), 0);
	assert_ok(start(env, 0, 1, F_INIT, 0));
	assert_true(tu_started(env, 0));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
#define T(f)	 cmocka_unit_test_setup_teardown(f, tu_setup_qemu, tu_teardown)
#define TS(f, s) cmocka_unit_test_setup_teardown(f, s, tu_teardown)
		TS(test_hart_state__qemu_virt_16_fw__272_bytes,
		   setup_qemu_16_fw),
		TS(test_hart_state__raw_rows__selectors_64_bit, tu_setup_raw),
		TS(test_hart_state__26_bit_selector__packed, setup_sel_26),
		TS(test_hart_state__27_bit_selector__64_bit, setup_sel_27),
		T(test_hart_state__buffer_one_byte_short__refused),
		TS(test_hart_state__26_bit_selector__round_trip, setup_sel_26),
		TS(test_hart_state__27_bit_selector__round_trip, setup_sel_27),
		TS(test_hart_state__raw_56_bit_selector__round_trip,
		   tu_setup_raw),
		T(test_hart_state__fixed_without_smcntrpmf__nothing_saved),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
