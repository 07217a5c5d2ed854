/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Firmware counters and CFG_MATCH's mode filters (SET_VUINH, SET_VSINH,
 * SET_UINH, SET_SINH): a firmware event counts in the mode the hart was
 * in when it entered M-mode for it, which the HAL's event_mode hook
 * reports (the simulated hart's `mode`), and a counter whose filter
 * inhibits that mode does not count it (docs/semantics.md, "Firmware
 * events and the mode filters"). Covered: each mode's flag, perf's :G and
 * :H pair on a KVM host, no filter, MINH, a HAL without the hook, a
 * re-configured counter, platform events, counters with and without a
 * filter on one event, the mode read lazily (never without a filter, once
 * per event), and hardware counters untouched.
 */
#include "test_util.h"

#define ALL_VALID 0x7FFFFFDUL
#define F_AUTO	  SBI_PMU_CFG_FLAG_AUTO_START
#define F_CLEAR	  SBI_PMU_CFG_FLAG_CLEAR_VALUE
#define F_VUINH	  SBI_PMU_CFG_FLAG_SET_VUINH
#define F_VSINH	  SBI_PMU_CFG_FLAG_SET_VSINH
#define F_UINH	  SBI_PMU_CFG_FLAG_SET_UINH
#define F_SINH	  SBI_PMU_CFG_FLAG_SET_SINH
#define F_MINH	  SBI_PMU_CFG_FLAG_SET_MINH
/* What Linux perf asks for with :G (guest only) and :H (host only). */
#define F_GUEST (F_SINH | F_UINH)
#define F_HOST	(F_VSINH | F_VUINH)

#define MISALIGNED SBI_PMU_FW_MISALIGNED_LOAD

static int setup_h_ext(void **state)
{
	struct sim_env_cfg cfg = tu_cfg_qemu();

	cfg.hart.h_ext = true;
	return tu_setup_cfg(state, &cfg);
}

static int setup_no_mode_hook(void **state)
{
	struct sim_env_cfg cfg = tu_cfg_qemu();

	cfg.no_event_mode = true;
	return tu_setup_cfg(state, &cfg);
}

static int setup_platform(void **state)
{
	struct sim_env_cfg cfg = tu_cfg_qemu();

	cfg.platform_events = true;
	return tu_setup_cfg(state, &cfg);
}

/* A running counter of firmware event @code with filter @inh, value 0. */
static unsigned long count_filtered(struct sim_env *env, unsigned int code,
				    uint64_t data, unsigned long inh)
{
	struct sbiret r = cfg_match(env, 0, ALL_VALID, F_AUTO | F_CLEAR | inh,
				    EV_FW(code), data);

	assert_ok(r);
	return r.value;
}

/* @n events of @code, entered from @mode. */
static void events_from(struct sim_env *env, unsigned int mode,
			unsigned int code, unsigned int n)
{
	unsigned int i;

	env->hart[0].mode = mode;
	for (i = 0; i < n; i++)
		pmu_fw_event(tu_hart(env), code);
}

static void test_fw_filter__sinh__skips_events_from_s_mode(void **state)
{
	struct sim_env *env = *state;
	unsigned long c = count_filtered(env, MISALIGNED, 0, F_SINH);

	events_from(env, PMU_MODE_S, MISALIGNED, 3);
	events_from(env, PMU_MODE_U, MISALIGNED, 2);
	assert_int_equal(tu_fw_value(env, c), 2);
}

static void test_fw_filter__uinh__skips_events_from_u_mode(void **state)
{
	struct sim_env *env = *state;
	unsigned long c =
		count_filtered(env, SBI_PMU_FW_ILLEGAL_INSN, 0, F_UINH);

	events_from(env, PMU_MODE_U, SBI_PMU_FW_ILLEGAL_INSN, 4);
	events_from(env, PMU_MODE_S, SBI_PMU_FW_ILLEGAL_INSN, 1);
	assert_int_equal(tu_fw_value(env, c), 1);
}

/* :H = VSINH|VUINH: the host's own events only. */
static void test_fw_filter__vsinh__counts_host_events(void **state)
{
	struct sim_env *env = *state;
	unsigned long c = count_filtered(env, MISALIGNED, 0, F_VSINH);

	events_from(env, PMU_MODE_VS, MISALIGNED, 5);
	events_from(env, PMU_MODE_VU, MISALIGNED, 7);
	events_from(env, PMU_MODE_S, MISALIGNED, 2);
	events_from(env, PMU_MODE_U, MISALIGNED, 1);
	assert_int_equal(tu_fw_value(env, c), 7 + 2 + 1);
}

static void test_fw_filter__vuinh__skips_events_from_vu_mode(void **state)
{
	struct sim_env *env = *state;
	unsigned long c = count_filtered(env, MISALIGNED, 0, F_VUINH);

	events_from(env, PMU_MODE_VU, MISALIGNED, 5);
	events_from(env, PMU_MODE_VS, MISALIGNED, 3);
	assert_int_equal(tu_fw_value(env, c), 3);
}

/*
 * perf stat -e r8000000000000000:G,r8000000000000000:H on a KVM host
 * whose guest takes 8 misaligned-load traps: 8 and 0, as on OpenSBI 1.5.1.
 */
static void test_fw_filter__guest_traps__counted_by_g_not_h(void **state)
{
	struct sim_env *env = *state;
	unsigned long g = count_filtered(env, MISALIGNED, 0, F_GUEST);
	unsigned long h = count_filtered(env, MISALIGNED, 0, F_HOST);

	events_from(env, PMU_MODE_VU, MISALIGNED, 6);
	events_from(env, PMU_MODE_VS, MISALIGNED, 2);
	assert_int_equal(tu_fw_value(env, g), 8);
	assert_int_equal(tu_fw_value(env, h), 0);
	events_from(env, PMU_MODE_U, MISALIGNED, 3);
	assert_int_equal(tu_fw_value(env, g), 8);
	assert_int_equal(tu_fw_value(env, h), 3);
}

static void test_fw_filter__no_filter__counts_every_mode(void **state)
{
	struct sim_env *env = *state;
	unsigned long c = count_filtered(env, MISALIGNED, 0, 0);
	unsigned int mode;

	for (mode = PMU_MODE_VU; mode <= PMU_MODE_S; mode++)
		events_from(env, mode, MISALIGNED, 1);
	assert_int_equal(tu_fw_value(env, c), 4);
	/* Nothing to filter: the hart is never asked for the mode. */
	assert_int_equal(env->hart[0].mode_reads, 0);
}

/* MINH is no filter for a firmware event: M-mode's count as S-mode's. */
static void test_fw_filter__minh_only__counts_every_mode(void **state)
{
	struct sim_env *env = *state;
	unsigned long c = count_filtered(env, MISALIGNED, 0, F_MINH);

	events_from(env, PMU_MODE_S, MISALIGNED, 2);
	events_from(env, PMU_MODE_U, MISALIGNED, 3);
	assert_int_equal(tu_fw_value(env, c), 5);
	assert_int_equal(env->hart[0].mode_reads, 0);
}

/* Without H the hart reports S and U only: VSINH/VUINH never matter. */
static void test_fw_filter__no_h_ext__vsinh_vuinh_count_all(void **state)
{
	struct sim_env *env = *state;
	unsigned long c = count_filtered(env, MISALIGNED, 0, F_HOST);

	events_from(env, PMU_MODE_S, MISALIGNED, 2);
	events_from(env, PMU_MODE_U, MISALIGNED, 3);
	assert_int_equal(tu_fw_value(env, c), 5);
}

/* Today's behaviour kept for a HAL that cannot tell the mode. */
static void test_fw_filter__without_mode_hook__ignores_filters(void **state)
{
	struct sim_env *env = *state;
	unsigned long c =
		count_filtered(env, MISALIGNED, 0, F_SINH | F_UINH | F_HOST);

	events_from(env, PMU_MODE_S, MISALIGNED, 2);
	events_from(env, PMU_MODE_U, MISALIGNED, 3);
	assert_int_equal(tu_fw_value(env, c), 5);
	assert_int_equal(env->hart[0].mode_reads, 0);
}

/* Two filtered counters of one event: one read of the mode per event. */
static void test_fw_filter__two_filtered_counters__mode_read_once(void **state)
{
	struct sim_env *env = *state;
	unsigned long s = count_filtered(env, MISALIGNED, 0, F_SINH);
	unsigned long u = count_filtered(env, MISALIGNED, 0, F_UINH);

	events_from(env, PMU_MODE_S, MISALIGNED, 3);
	assert_int_equal(env->hart[0].mode_reads, 3);
	assert_int_equal(tu_fw_value(env, s), 0);
	assert_int_equal(tu_fw_value(env, u), 3);
}

/*
 * Counters of one event with and without a filter, in index order: each
 * counts once, the mode read once per event (pmu_fw_count() hands over
 * to the filtered loop at the first filtered counter).
 */
static void test_fw_filter__mixed_counters__each_counted_once(void **state)
{
	struct sim_env *env = *state;
	unsigned long a = count_filtered(env, MISALIGNED, 0, 0);
	unsigned long b = count_filtered(env, MISALIGNED, 0, F_SINH);
	unsigned long c = count_filtered(env, MISALIGNED, 0, 0);

	assert_true(a < b && b < c);
	events_from(env, PMU_MODE_S, MISALIGNED, 3);
	events_from(env, PMU_MODE_U, MISALIGNED, 2);
	assert_int_equal(tu_fw_value(env, a), 5);
	assert_int_equal(tu_fw_value(env, b), 2);
	assert_int_equal(tu_fw_value(env, c), 5);
	assert_int_equal(env->hart[0].mode_reads, 5);
}

/* An event no filtered counter counts costs no read of the mode. */
static void test_fw_filter__other_event__mode_not_read(void **state)
{
	struct sim_env *env = *state;
	unsigned long c = count_filtered(env, MISALIGNED, 0, F_SINH);
	unsigned long d = count_filtered(env, SBI_PMU_FW_IPI_SENT, 0, 0);

	events_from(env, PMU_MODE_S, SBI_PMU_FW_IPI_SENT, 4);
	events_from(env, PMU_MODE_S, SBI_PMU_FW_ILLEGAL_INSN, 4);
	assert_int_equal(env->hart[0].mode_reads, 0);
	assert_int_equal(tu_fw_value(env, c), 0);
	assert_int_equal(tu_fw_value(env, d), 4);
}

/* SKIP_MATCH re-configures the counter: its new flags replace the old. */
static void test_fw_filter__reconfigured__new_filter_applies(void **state)
{
	struct sim_env *env = *state;
	unsigned long c = count_filtered(env, MISALIGNED, 0, F_SINH);

	events_from(env, PMU_MODE_S, MISALIGNED, 2);
	assert_ok(stop(env, c, 1, 0));
	assert_ok(cfg_match(env, c, 1,
			    SBI_PMU_CFG_FLAG_SKIP_MATCH | F_AUTO | F_UINH,
			    EV_FW(MISALIGNED), 0));
	events_from(env, PMU_MODE_S, MISALIGNED, 3);
	events_from(env, PMU_MODE_U, MISALIGNED, 4);
	assert_int_equal(tu_fw_value(env, c), 3);
}

/* Released by STOP(RESET), matched again without flags: no filter. */
static void test_fw_filter__released_then_matched__no_filter_left(void **state)
{
	struct sim_env *env = *state;
	unsigned long c = count_filtered(env, MISALIGNED, 0, F_SINH);
	unsigned long d;

	assert_ok(stop(env, c, 1, SBI_PMU_STOP_FLAG_RESET));
	d = count_filtered(env, MISALIGNED, 0, 0);
	assert_int_equal(d, c);
	events_from(env, PMU_MODE_S, MISALIGNED, 2);
	assert_int_equal(tu_fw_value(env, d), 2);
}

static void test_fw_filter__platform_event__filtered_too(void **state)
{
	struct sim_env *env = *state;
	unsigned long c = count_filtered(env, SBI_PMU_FW_PLATFORM, 1, F_SINH);

	env->hart[0].mode = PMU_MODE_S;
	pmu_fw_platform_event(tu_hart(env), 1, 5);
	env->hart[0].mode = PMU_MODE_U;
	pmu_fw_platform_event(tu_hart(env), 1, 7);
	assert_int_equal(tu_fw_value(env, c), 7);
}

/* A mode the HAL must never report filters nothing (pmu_fw.c). */
static void test_fw_filter__mode_out_of_range__counted(void **state)
{
	struct sim_env *env = *state;
	unsigned long c = count_filtered(env, MISALIGNED, 0, 0x78);

	events_from(env, 7, MISALIGNED, 1);
	events_from(env, 255, MISALIGNED, 1);
	assert_int_equal(tu_fw_value(env, c), 2);
	env->hart[0].mode = PMU_MODE_S;
}

/* A hardware counter's filters go to mhpmevent as before. */
static void test_fw_filter__hw_counter__filters_unaffected(void **state)
{
	struct sim_env *env = *state;
	struct sbiret r = cfg_match(env, 0, ALL_VALID, F_CLEAR | F_SINH,
				    EV_DTLB_READ_MISS, 0);
	unsigned long c = count_filtered(env, MISALIGNED, 0, F_UINH);
	uint64_t ev;

	assert_ok(r);
	ev = env->hart[0].event[r.value];
	assert_true(ev & MHPMEVENT_SINH);
	assert_true(ev & MHPMEVENT_MINH);
	assert_false(ev & (MHPMEVENT_UINH | MHPMEVENT_VSINH | MHPMEVENT_VUINH));
	assert_int_equal(tu_saved_selector(env, r.value) &
				 MHPMEVENT_FILTER_MASK,
			 MHPMEVENT_SINH | MHPMEVENT_MINH);
	events_from(env, PMU_MODE_U, MISALIGNED, 3);
	assert_int_equal(env->hart[0].event[r.value], ev);
	assert_int_equal(tu_fw_value(env, c), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
#define T(f)	 cmocka_unit_test_setup_teardown(f, tu_setup_qemu, tu_teardown)
#define TS(f, s) cmocka_unit_test_setup_teardown(f, s, tu_teardown)
		T(test_fw_filter__sinh__skips_events_from_s_mode),
		T(test_fw_filter__uinh__skips_events_from_u_mode),
		TS(test_fw_filter__vsinh__counts_host_events, setup_h_ext),
		TS(test_fw_filter__vuinh__skips_events_from_vu_mode,
		   setup_h_ext),
		TS(test_fw_filter__guest_traps__counted_by_g_not_h,
		   setup_h_ext),
		TS(test_fw_filter__no_filter__counts_every_mode, setup_h_ext),
		T(test_fw_filter__minh_only__counts_every_mode),
		T(test_fw_filter__no_h_ext__vsinh_vuinh_count_all),
		TS(test_fw_filter__without_mode_hook__ignores_filters,
		   setup_no_mode_hook),
		T(test_fw_filter__two_filtered_counters__mode_read_once),
		T(test_fw_filter__mixed_counters__each_counted_once),
		T(test_fw_filter__other_event__mode_not_read),
		T(test_fw_filter__reconfigured__new_filter_applies),
		T(test_fw_filter__released_then_matched__no_filter_left),
		TS(test_fw_filter__platform_event__filtered_too,
		   setup_platform),
		T(test_fw_filter__mode_out_of_range__counted),
		T(test_fw_filter__hw_counter__filters_unaffected),
#undef T
#undef TS
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
