/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Counting firmware events: pmu_fw_event() and pmu_fw_platform_event(),
 * the calls the firmware makes at its trap, timer, IPI and fence sites,
 * observed through COUNTER_FW_READ. Exactly N after N events, nothing
 * while stopped or unconfigured, SET_INIT_VALUE honoured, several
 * counters on one event, per-hart counting, platform events told apart
 * by event_data (which CLEAR_VALUE must not erase: docs/facts.md F3.12),
 * sbipmu's own codes 256..259, and safety with a NULL hart or unknown codes.
 */
#include "test_util.h"

#define ALL_VALID 0x7FFFFFDUL
#define FW0	  QEMU_FIRST_FW
#define F_AUTO	  SBI_PMU_CFG_FLAG_AUTO_START
#define F_CLEAR	  SBI_PMU_CFG_FLAG_CLEAR_VALUE

static int setup_two_harts(void **state)
{
	struct sim_env_cfg cfg = tu_cfg_qemu();

	cfg.harts = 2;
	return tu_setup_cfg(state, &cfg);
}

/* Configure and start a counter for @code (value 0); returns its index. */
static unsigned long count_event(struct sim_env *env, unsigned int code,
				 uint64_t data)
{
	struct sbiret r = cfg_match(env, 0, ALL_VALID, F_AUTO | F_CLEAR,
				    EV_FW(code), data);

	assert_ok(r);
	return r.value;
}

static void events(struct sim_env *env, unsigned int code, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		pmu_fw_event(tu_hart(env), code);
}

static void test_fw_event__n_events__counts_exactly_n(void **state)
{
	struct sim_env *env = *state;
	unsigned long c = count_event(env, SBI_PMU_FW_ILLEGAL_INSN, 0);

	events(env, SBI_PMU_FW_ILLEGAL_INSN, 1000);
	assert_int_equal(tu_fw_value(env, c), 1000);
}

static void test_fw_event__stopped__frozen(void **state)
{
	struct sim_env *env = *state;
	unsigned long c = count_event(env, SBI_PMU_FW_SET_TIMER, 0);

	events(env, SBI_PMU_FW_SET_TIMER, 3);
	assert_ok(stop(env, c, 1, 0));
	events(env, SBI_PMU_FW_SET_TIMER, 10);
	assert_int_equal(tu_fw_value(env, c), 3);
	assert_ok(start(env, c, 1, 0, 0));
	events(env, SBI_PMU_FW_SET_TIMER, 2);
	assert_int_equal(tu_fw_value(env, c), 5);
}

static void test_fw_event__configured_not_started__not_counted(void **state)
{
	struct sim_env *env = *state;
	struct sbiret r = cfg_match(env, 0, ALL_VALID, F_CLEAR,
				    EV_FW(SBI_PMU_FW_IPI_SENT), 0);

	assert_ok(r);
	events(env, SBI_PMU_FW_IPI_SENT, 5);
	assert_int_equal(tu_fw_value(env, r.value), 0);
}

static void test_fw_event__set_init_value__honoured(void **state)
{
	struct sim_env *env = *state;

	map_and_start(env, FW0, EV_FW(SBI_PMU_FW_IPI_RECEIVED), 0, 1000);
	events(env, SBI_PMU_FW_IPI_RECEIVED, 5);
	assert_int_equal(tu_fw_value(env, FW0), 1005);
}

static void test_fw_event__wraps_at_64_bits(void **state)
{
	struct sim_env *env = *state;

	map_and_start(env, FW0, EV_FW(SBI_PMU_FW_IPI_RECEIVED), 0, ~0ULL);
	events(env, SBI_PMU_FW_IPI_RECEIVED, 2);
	assert_int_equal(tu_fw_value(env, FW0), 1);
}

static void test_fw_event__two_counters_same_event__both_count(void **state)
{
	struct sim_env *env = *state;
	unsigned long a = count_event(env, SBI_PMU_FW_FENCE_I_SENT, 0);
	unsigned long b;

	events(env, SBI_PMU_FW_FENCE_I_SENT, 2);
	b = count_event(env, SBI_PMU_FW_FENCE_I_SENT, 0);
	assert_true(a != b);
	events(env, SBI_PMU_FW_FENCE_I_SENT, 3);
	assert_int_equal(tu_fw_value(env, a), 5);
	assert_int_equal(tu_fw_value(env, b), 3);
}

static void test_fw_event__each_standard_code__only_its_counter(void **state)
{
	struct sim_env *env = *state;
	unsigned int base, k;

	for (base = 0; base < SBI_PMU_FW_STANDARD_MAX; base += 8) {
		unsigned int n = SBI_PMU_FW_STANDARD_MAX - base;
		unsigned long c[8];

		n = n > 8 ? 8 : n;
		for (k = 0; k < n; k++)
			c[k] = count_event(env, base + k, 0);
		for (k = 0; k < n; k++)
			events(env, base + k, k + 1);
		for (k = 0; k < n; k++) {
			assert_int_equal(tu_fw_value(env, c[k]), k + 1);
			assert_err(stop(env, c[k], 1, SBI_PMU_STOP_FLAG_RESET),
				   SBI_SUCCESS);
		}
	}
}

static void test_fw_event__impl_codes_256_to_259__counted(void **state)
{
	struct sim_env *env = *state;
	unsigned int code;

	for (code = SBIPMU_FW_ECALL; code <= SBIPMU_FW_TIMER_IRQ; code++) {
		unsigned long c = count_event(env, code, 0);

		events(env, code, code - 250);
		assert_int_equal(tu_fw_value(env, c), code - 250);
	}
}

static void test_fw_event__impl_code_260__unsupported_and_harmless(void **state)
{
	struct sim_env *env = *state;
	unsigned long c = count_event(env, SBI_PMU_FW_MISALIGNED_LOAD, 0);

	assert_err(
		cfg_match(env, 0, ALL_VALID, 0, EV_FW(SBIPMU_FW_IMPL_END), 0),
		SBI_ERR_NOT_SUPPORTED);
	pmu_fw_event(tu_hart(env), SBIPMU_FW_IMPL_END);
	pmu_fw_event(tu_hart(env), SBI_PMU_FW_STANDARD_MAX);
	pmu_fw_event(tu_hart(env), 255);
	pmu_fw_event(tu_hart(env), SBI_PMU_FW_PLATFORM);
	pmu_fw_event(tu_hart(env), 0x10000);
	pmu_fw_event(tu_hart(env), ~0u);
	assert_int_equal(tu_fw_value(env, c), 0);
}

/*
 * A NULL hart (early traps before the PMU is up, docs/facts.md F3.16)
 * counts on no hart: not on either hart of the machine, each of which
 * runs a counter of the event, whatever the code.
 */
static void test_fw_event__null_hart__safe(void **state)
{
	struct sim_env *env = *state;
	unsigned long c = count_event(env, SBI_PMU_FW_ILLEGAL_INSN, 0);
	struct sbiret r = cfg_match_on(env, 1, 0, ALL_VALID, F_AUTO | F_CLEAR,
				       EV_FW(SBI_PMU_FW_ILLEGAL_INSN), 0);

	assert_ok(r);
	assert_false(pmu_fw_events_counted(NULL, ~0u));
	pmu_fw_event(NULL, SBI_PMU_FW_ILLEGAL_INSN);
	pmu_fw_event(NULL, SBIPMU_FW_IMPL_END);
	pmu_fw_event(NULL, ~0u);
	pmu_fw_platform_event(NULL, 1, 1);
	assert_int_equal(tu_fw_value(env, c), 0);
	r = ecall_on(env, 1, SBI_EXT_PMU_COUNTER_FW_READ, r.value);
	assert_ok(r);
	assert_int_equal(r.value, 0);
}

static void test_fw_event__stop_reset__counter_released(void **state)
{
	struct sim_env *env = *state;
	unsigned long c = count_event(env, SBI_PMU_FW_ACCESS_LOAD, 0);
	unsigned long d;

	assert_ok(stop(env, c, 1, SBI_PMU_STOP_FLAG_RESET));
	events(env, SBI_PMU_FW_ACCESS_LOAD, 4);
	d = count_event(env, SBI_PMU_FW_ACCESS_STORE, 0);
	assert_int_equal(d, c);
	events(env, SBI_PMU_FW_ACCESS_LOAD, 4);
	events(env, SBI_PMU_FW_ACCESS_STORE, 1);
	assert_int_equal(tu_fw_value(env, d), 1);
}

static void test_fw_event__per_hart__other_hart_not_counted(void **state)
{
	struct sim_env *env = *state;
	unsigned long c = count_event(env, SBI_PMU_FW_IPI_RECEIVED, 0);

	pmu_fw_event(env->pmu[1], SBI_PMU_FW_IPI_RECEIVED);
	pmu_fw_event(env->pmu[0], SBI_PMU_FW_IPI_RECEIVED);
	assert_int_equal(tu_fw_value(env, c), 1);
}

/* ---- platform events (code 0xFFFF) ---- */

static void test_fw_event__platform__distinguished_by_event_data(void **state)
{
	struct sim_env *env = *state;
	unsigned long a = count_event(env, SBI_PMU_FW_PLATFORM, 1);
	unsigned long b = count_event(env, SBI_PMU_FW_PLATFORM, 2);
	unsigned long a2 = count_event(env, SBI_PMU_FW_PLATFORM, 1);

	pmu_fw_platform_event(tu_hart(env), 1, 3);
	pmu_fw_platform_event(tu_hart(env), 2, 5);
	pmu_fw_platform_event(tu_hart(env), 3, 7);
	pmu_fw_platform_event(tu_hart(env), 1ULL << 40 | 1, 11);
	assert_int_equal(tu_fw_value(env, a), 3);
	assert_int_equal(tu_fw_value(env, b), 5);
	assert_int_equal(tu_fw_value(env, a2), 3);
}

static void test_fw_event__platform_large_n__added(void **state)
{
	struct sim_env *env = *state;
	unsigned long a = count_event(env, SBI_PMU_FW_PLATFORM, 0);

	pmu_fw_platform_event(tu_hart(env), 0, 1ULL << 40);
	pmu_fw_platform_event(tu_hart(env), 0, 0);
	assert_int_equal(tu_fw_value(env, a), 1ULL << 40);
}

static void test_fw_event__platform_not_counted_by_standard_events(void **state)
{
	struct sim_env *env = *state;
	unsigned long a = count_event(env, SBI_PMU_FW_PLATFORM, 0);
	unsigned long s = count_event(env, SBI_PMU_FW_MISALIGNED_LOAD, 0);

	pmu_fw_event(tu_hart(env), SBI_PMU_FW_MISALIGNED_LOAD);
	pmu_fw_event(tu_hart(env), SBI_PMU_FW_PLATFORM);
	pmu_fw_platform_event(tu_hart(env), 0, 2);
	assert_int_equal(tu_fw_value(env, a), 2);
	assert_int_equal(tu_fw_value(env, s), 1);
}

static void test_fw_event__platform_clear_value__event_data_kept(void **state)
{
	struct sim_env *env = *state;
	unsigned long a = count_event(env, SBI_PMU_FW_PLATFORM, 2);

	pmu_fw_platform_event(tu_hart(env), 2, 4);
	assert_ok(stop(env, a, 1, 0));
	/* configure the counter again, clearing it (docs/facts.md F3.12) */
	assert_ok(cfg_match(env, a, 1,
			    SBI_PMU_CFG_FLAG_SKIP_MATCH | F_CLEAR | F_AUTO,
			    EV_FW_PLATFORM, 2));
	assert_int_equal(tu_fw_value(env, a), 0);
	pmu_fw_platform_event(tu_hart(env), 2, 6);
	pmu_fw_platform_event(tu_hart(env), 0, 1);
	assert_int_equal(tu_fw_value(env, a), 6);
}

static void
test_fw_event__platform_start_init_value__event_data_kept(void **state)
{
	struct sim_env *env = *state;

	map_and_start(env, FW0, EV_FW_PLATFORM, 3, 0);
	assert_ok(stop(env, FW0, 1, 0));
	assert_ok(start(env, FW0, 1, SBI_PMU_START_FLAG_SET_INIT_VALUE, 0));
	pmu_fw_platform_event(tu_hart(env), 3, 9);
	pmu_fw_platform_event(tu_hart(env), 0, 9);
	assert_int_equal(tu_fw_value(env, FW0), 9);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
#define T(f) cmocka_unit_test_setup_teardown(f, tu_setup_qemu, tu_teardown)
#define TP(f)                                                                  \
	cmocka_unit_test_setup_teardown(f, tu_setup_qemu_platform, tu_teardown)
#define TS(f, s) cmocka_unit_test_setup_teardown(f, s, tu_teardown)
		T(test_fw_event__n_events__counts_exactly_n),
		T(test_fw_event__stopped__frozen),
		T(test_fw_event__configured_not_started__not_counted),
		T(test_fw_event__set_init_value__honoured),
		T(test_fw_event__wraps_at_64_bits),
		T(test_fw_event__two_counters_same_event__both_count),
		T(test_fw_event__each_standard_code__only_its_counter),
		T(test_fw_event__impl_codes_256_to_259__counted),
		T(test_fw_event__impl_code_260__unsupported_and_harmless),
		TS(test_fw_event__null_hart__safe, setup_two_harts),
		T(test_fw_event__stop_reset__counter_released),
		TS(test_fw_event__per_hart__other_hart_not_counted,
		   setup_two_harts),
		TP(test_fw_event__platform__distinguished_by_event_data),
		TP(test_fw_event__platform_large_n__added),
		TP(test_fw_event__platform_not_counted_by_standard_events),
		TP(test_fw_event__platform_clear_value__event_data_kept),
		TP(test_fw_event__platform_start_init_value__event_data_kept),
#undef T
#undef TP
#undef TS
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
