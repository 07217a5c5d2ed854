/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Regression tests for the mistakes other SBI PMU implementations made
 * (docs/facts.md F3.1 to F3.17), each named after the behaviour it checks,
 * its section headed by the entry it comes from. A test replays the
 * input that broke the other implementation and asserts the spec's
 * answer; the invariant checks after every call (test_util.h) add
 * "no illegal CSR access, no stray memory write, value 0 on error". F3.8
 * needs the order of CSR accesses, so a spying HAL wraps the simulated
 * hart's for that test.
 */
#include "test_util.h"

#define ALL_VALID 0x7FFFFFDUL
#define FW0	  QEMU_FIRST_FW
#define EV_IPI	  EV_FW(SBI_PMU_FW_IPI_SENT)
#define F_SKIP	  SBI_PMU_CFG_FLAG_SKIP_MATCH
#define F_CLEAR	  SBI_PMU_CFG_FLAG_CLEAR_VALUE
#define F_AUTO	  SBI_PMU_CFG_FLAG_AUTO_START
#define F_INIT	  SBI_PMU_START_FLAG_SET_INIT_VALUE
#define F_RESET	  SBI_PMU_STOP_FLAG_RESET

/* ---- configurations ---- */

static int setup_raw_platform(void **state)
{
	struct sim_env_cfg cfg = tu_cfg_qemu();

	cfg.rows = tu_rows_qemu_raw_any();
	cfg.platform_events = true;
	return tu_setup_cfg(state, &cfg);
}

static int setup_no_rows(void **state)
{
	struct sim_env_cfg cfg = tu_cfg_qemu();

	cfg.no_rows = true;
	return tu_setup_cfg(state, &cfg);
}

/* Raw rows that overlap: the first matching row must win. */
static struct pmu_map_raw_row overlap_rows[3];

static int setup_overlapping_raw_rows(void **state)
{
	static struct pmu_map_input in;
	struct sim_env_cfg cfg = tu_cfg_qemu();

	overlap_rows[0] = (struct pmu_map_raw_row){0x100, 0xF00, 1u << 5};
	overlap_rows[1] = (struct pmu_map_raw_row){0x112, 0xFFF, 1u << 6};
	overlap_rows[2] = (struct pmu_map_raw_row){0x002, 0x00F, 1u << 7};
	in = (struct pmu_map_input){0};
	in.present[PMU_PROP_RAW_EVENT_TO_MHPMCOUNTERS] = true;
	in.raw = overlap_rows;
	in.n_raw = 3;
	cfg.rows = &in;
	return tu_setup_cfg(state, &cfg);
}

static int setup_rv32_48_no_sscofpmf(void **state)
{
	struct sim_env_cfg cfg = tu_cfg_qemu();

	cfg.hart.xlen = 32;
	cfg.hart.sscofpmf = false;
	cfg.hart.counters = 0xFFFFFFFDu;
	cfg.num_fw = 16;
	return tu_setup_cfg(state, &cfg);
}

/* ---- a HAL that logs the order of counter writes and un-inhibits ---- */

enum spy_op {
	SPY_COUNTER_WRITE,
	SPY_EVENT_WRITE,
	SPY_UNINHIBIT,
	SPY_INHIBIT,
	SPY_STARTED
};

struct spy_entry {
	enum spy_op op;
	unsigned int idx; /* counter, or the mask for (un)inhibit */
	uint64_t value;
};

static struct spy_entry spy_log[256];
static unsigned int spy_n;
static struct pmu_hal_ops spy_ops;

static void spy_add(enum spy_op op, unsigned int idx, uint64_t value)
{
	if (spy_n < sizeof(spy_log) / sizeof(spy_log[0]))
		spy_log[spy_n++] = (struct spy_entry){op, idx, value};
}

static void spy_counter_write(void *ctx, unsigned int idx, uint64_t value)
{
	spy_add(SPY_COUNTER_WRITE, idx, value);
	sim_hal_ops.counter_write(ctx, idx, value);
}

static void spy_event_write(void *ctx, unsigned int idx, uint64_t value,
			    uint64_t prev)
{
	spy_add(SPY_EVENT_WRITE, idx, value);
	sim_hal_ops.event_write(ctx, idx, value, prev);
}

static void spy_inhibit_clear(void *ctx, uint32_t mask)
{
	spy_add(SPY_UNINHIBIT, mask, 0);
	sim_hal_ops.inhibit_clear(ctx, mask);
}

static void spy_inhibit_set(void *ctx, uint32_t mask)
{
	spy_add(SPY_INHIBIT, mask, 0);
	sim_hal_ops.inhibit_set(ctx, mask);
}

/* The optional hook, logged with whether the counter was running. */
static void spy_counter_started(void *ctx, unsigned int idx, uint64_t event)
{
	const struct sim_hart *s = ctx;

	/* The event it runs with is what mhpmevent holds (0: fixed). */
	assert_int_equal(event, idx >= PMU_CTR_HPM_FIRST ? s->event[idx] : 0);
	spy_add(SPY_STARTED, idx, !((s->inhibit >> idx) & 1));
}

/* QEMU defaults, with the core re-initialised on the spying HAL. */
static int setup_spy(void **state)
{
	struct sim_env *env;
	struct pmu_hw_desc desc;
	struct pmu_map_input rows = {0};

	tu_setup_qemu(state);
	env = *state;
	spy_ops = sim_hal_ops;
	spy_ops.counter_write = spy_counter_write;
	spy_ops.event_write = spy_event_write;
	spy_ops.inhibit_clear = spy_inhibit_clear;
	spy_ops.inhibit_set = spy_inhibit_set;
	spy_ops.counter_started = spy_counter_started;
	sim_hart_describe(&env->hart[0], env->cfg.num_fw, &desc);
	assert_int_equal(pmu_core_init(&env->core, &desc, &spy_ops, &env->plat,
				       &env->mem),
			 0);
	rows.present[PMU_PROP_EVENT_TO_MHPMCOUNTERS] = true;
	rows.ctr = sim_qemu_rows;
	rows.n_ctr = 5;
	pmu_core_set_map(&env->core, &rows, NULL, NULL);
	env->pmu[0] = pmu_hart_init(env->state[0], SIM_STATE_BYTES, &env->core,
				    &env->hart[0]);
	assert_non_null(env->pmu[0]);
	spy_n = 0;
	return 0;
}

/* Position of the first logged @op on counter @idx, or -1. */
static int spy_find(enum spy_op op, unsigned int idx)
{
	unsigned int i;

	for (i = 0; i < spy_n; i++) {
		bool mask_op = op == SPY_UNINHIBIT || op == SPY_INHIBIT;

		if (spy_log[i].op != op)
			continue;
		if (mask_op ? (spy_log[i].idx >> idx) & 1
			    : spy_log[i].idx == idx)
			return (int)i;
	}
	return -1;
}

/* ---- docs/facts.md F3.1: counter sets: arithmetic guards ---- */

/* The same bad set through CFG_MATCH, START and STOP. */
static void assert_set_rejected(struct sim_env *env, unsigned long cbase,
				unsigned long cmask)
{
	assert_err(cfg_match(env, cbase, cmask, 0, EV_IPI, 0),
		   SBI_ERR_INVALID_PARAM);
	assert_err(cfg_match(env, cbase, cmask, F_SKIP | F_CLEAR, EV_IPI, 0),
		   SBI_ERR_INVALID_PARAM);
	assert_err(start(env, cbase, cmask, F_INIT, 1), SBI_ERR_INVALID_PARAM);
	assert_err(stop(env, cbase, cmask, F_RESET), SBI_ERR_INVALID_PARAM);
}

static void test_counter_set__cbase_near_ulong_max__invalid_param(void **state)
{
	struct sim_env *env = *state;

	map_and_start(env, FW0, EV_IPI, 0, 0);
	assert_set_rejected(env, ~0UL, 1);
	assert_set_rejected(env, ~0UL - 1, 3);
	/* cbase + highest bit wraps to 0 (a valid counter) */
	assert_set_rejected(env, ~0UL - 62, 1UL << 63);
	assert_set_rejected(env, 1UL << 63, 1);
	assert_true(tu_started(env, FW0));
}

static void test_counter_set__empty_mask__invalid_param(void **state)
{
	struct sim_env *env = *state;

	assert_set_rejected(env, 0, 0);
	assert_set_rejected(env, FW0, 0);
}

static void test_counter_set__cmask_shift_overflow__invalid_param(void **state)
{
	struct sim_env *env = *state;

	/* 1 << 50 << 20 is 0 in 64 bits: must not become "no counter" */
	assert_set_rejected(env, 20, 1UL << 50);
	assert_set_rejected(env, 63, 3);
	assert_set_rejected(env, 40, ~0UL);
	assert_set_rejected(env, 26, 2);
}

/* ---- docs/facts.md F3.2: SKIP_MATCH checks the counter type ---- */

static void
test_cfg_match__skip_match_type_mismatch__not_supported(void **state)
{
	struct sim_env *env = *state;

	env->hart[0].counter[0] = 1234;
	/* firmware event on counter 0: no huge firmware-array index */
	assert_err(cfg_match(env, 0, 1, F_SKIP | F_CLEAR, EV_IPI, 0),
		   SBI_ERR_NOT_SUPPORTED);
	assert_int_equal(env->hart[0].counter[0], 1234);
	/* configured and stopped, so SKIP_MATCH reaches the type check */
	assert_ok(cfg_match(env, 3, 1, 0, EV_DTLB_READ_MISS, 0));
	assert_ok(cfg_match(env, FW0, 1, 0, EV_IPI, 0));
	assert_err(
		cfg_match(env, 3, 1, F_SKIP | F_CLEAR | F_AUTO, EV_FW(256), 0),
		SBI_ERR_NOT_SUPPORTED);
	/* hardware event on a firmware counter: no CSR 0xC00 + 19 write */
	assert_err(
		cfg_match(env, FW0, 1, F_SKIP | F_CLEAR | F_AUTO, EV_CYCLES, 0),
		SBI_ERR_NOT_SUPPORTED);
	assert_err(cfg_match(env, FW0, 1, F_SKIP, EV_DTLB_READ_MISS, 0),
		   SBI_ERR_NOT_SUPPORTED);
	/* unconfigured counters of either type: refused before any access */
	assert_err(
		cfg_match(env, 4, 1, F_SKIP | F_CLEAR | F_AUTO, EV_FW(256), 0),
		SBI_ERR_INVALID_PARAM);
	assert_err(cfg_match(env, FW0 + 1, 1, F_SKIP | F_CLEAR | F_AUTO,
			     EV_CYCLES, 0),
		   SBI_ERR_INVALID_PARAM);
	assert_int_equal(tu_hart(env)->mapped, (1UL << 3) | (1UL << FW0));
	assert_int_equal(tu_hart(env)->started, TU_FIXED);
}

/* ---- docs/facts.md F3.3: SKIP_MATCH and the fixed counters ---- */

/* As Linux leaves it (docs/facts.md F1.4): after its STOP(all, RESET). */
static int setup_linux(void **state)
{
	struct sim_env_cfg cfg = tu_cfg_qemu();

	cfg.linux_boot_stop = true;
	return tu_setup_cfg(state, &cfg);
}

static void
test_cfg_match__skip_match_first_counter_fixed_survive_reset(void **state)
{
	struct sim_env *env = *state;
	unsigned int round;

	for (round = 0; round < 3; round++) {
		/* {0, 3}: SKIP_MATCH takes 0 although Sscofpmf prefers 3 */
		struct sbiret r = cfg_match(env, 0, 0x9, F_SKIP, EV_CYCLES, 0);

		assert_ok(r);
		assert_int_equal(r.value, 0);
		r = cfg_match(env, 2, 1, F_SKIP, EV_INSTRUCTIONS, 0);
		assert_ok(r);
		assert_int_equal(r.value, 2);
		assert_ok(start(env, 0, 0x5, F_INIT, 0));
		assert_ok(stop(env, 0, 0x5, F_RESET));
	}
}

/* The mapping survives RESET: START needs no new match afterwards. */
static void
test_start__fixed_event_survives_reset__no_match_needed(void **state)
{
	struct sim_env *env = *state;

	assert_ok(cfg_match(env, 0, 1, F_SKIP, EV_CYCLES, 0));
	assert_ok(start(env, 0, 0x5, F_INIT, 0));
	assert_ok(stop(env, 0, 0x5, F_RESET));
	assert_int_equal(tu_hart(env)->started, 0);
	assert_ok(start(env, 0, 0x5, F_INIT, 10));
	sim_hart_tick(&env->hart[0], 5);
	assert_int_equal(env->hart[0].counter[0], 15);
	assert_int_equal(env->hart[0].counter[2], 15);
	assert_ok(stop(env, 0, 0x5, 0));
}

/* ---- docs/facts.md F3.4: the counter returned is in the set ---- */

static void test_cfg_match__counter_outside_set_never_returned(void **state)
{
	struct sim_env *env = *state;
	struct sbiret r = cfg_match(env, 3, 1, 0, EV_CYCLES, 0);

	assert_ok(r);
	assert_int_equal(r.value, 3);
	/* {3} is now taken: counter 0 could count cycles but is not asked */
	assert_err(cfg_match(env, 3, 1, 0, EV_CYCLES, 0),
		   SBI_ERR_NOT_SUPPORTED);
	r = cfg_match(env, 4, 1, 0, EV_INSTRUCTIONS, 0);
	assert_ok(r);
	assert_int_equal(r.value, 4);
	assert_false(tu_mapped(env, 0));
	assert_false(tu_mapped(env, 2));
}

static void
test_cfg_match__no_sscofpmf_fixed_preference_stays_in_set(void **state)
{
	struct sim_env *env = *state;
	struct sbiret r = cfg_match(env, 4, 1, 0, EV_CYCLES, 0);

	assert_ok(r);
	assert_int_equal(r.value, 4);
}

/* ---- docs/facts.md F3.5: CLEAR_VALUE, AUTO_START, every type ---- */

static void check_clear_auto(struct sim_env *env, unsigned long ev,
			     uint64_t data)
{
	struct sbiret r =
		cfg_match(env, 0, ALL_VALID, F_CLEAR | F_AUTO, ev, data);

	assert_ok(r);
	assert_true(tu_started(env, r.value));
	if (r.value >= FW0)
		assert_int_equal(fw_read(env, r.value).value, 0);
	else
		assert_int_equal(env->hart[0].counter[r.value], 0);
}

static void
test_cfg_match__clear_value_auto_start_every_event_type(void **state)
{
	struct sim_env *env = *state;
	unsigned int i;

	for (i = 0; i < 32; i++)
		env->hart[0].counter[i] = 999;
	/* firmware counters hold 999 from an earlier use */
	map_and_start(env, FW0, EV_IPI, 0, 999);
	map_and_start(env, FW0 + 1, EV_IPI, 0, 999);
	assert_ok(stop(env, FW0, 3, F_RESET));
	check_clear_auto(env, EV_CYCLES, 0);
	check_clear_auto(env, EV_DTLB_READ_MISS, 0);
	check_clear_auto(env, EV_RAW, 0x42);
	check_clear_auto(env, EV_RAW_V2, 0x43);
	check_clear_auto(env, EV_IPI, 0);
	check_clear_auto(env, EV_FW_PLATFORM, 1);
}

/* ---- docs/facts.md F3.6: start/stop status, all or nothing ---- */

static void test_start_stop__fw_double_start_stop__already_errors(void **state)
{
	struct sim_env *env = *state;

	map_and_start(env, FW0, EV_IPI, 0, 0);
	assert_err(start(env, FW0, 1, 0, 0), SBI_ERR_ALREADY_STARTED);
	assert_ok(stop(env, FW0, 1, 0));
	assert_err(stop(env, FW0, 1, 0), SBI_ERR_ALREADY_STOPPED);
}

static void test_start_stop__multi_counter__all_or_nothing(void **state)
{
	struct sim_env *env = *state;

	map_and_start(env, FW0, EV_IPI, 0, 0);
	map_and_start(env, FW0 + 1, EV_IPI, 0, 0);
	map_and_start(env, FW0 + 2, EV_IPI, 0, 0);
	assert_ok(stop(env, FW0 + 1, 1, 0));
	/* status of the whole set, not of the last counter */
	assert_err(start(env, FW0, 0x7, 0, 0), SBI_ERR_ALREADY_STARTED);
	assert_false(tu_started(env, FW0 + 1));
	assert_err(stop(env, FW0, 0x7, 0), SBI_ERR_ALREADY_STOPPED);
	/* not stopped half-way */
	assert_true(tu_started(env, FW0));
	assert_true(tu_started(env, FW0 + 2));
}

/* ---- docs/facts.md F3.7: START keeps the filters ---- */

static void test_start__reprograms_filter_bits(void **state)
{
	struct sim_env *env = *state;
	unsigned long f = SBI_PMU_CFG_FLAG_SET_SINH | SBI_PMU_CFG_FLAG_SET_UINH;
	struct sbiret r = cfg_match(env, 0, ALL_VALID, f, EV_DTLB_READ_MISS, 0);
	uint64_t filters = MHPMEVENT_MINH | MHPMEVENT_SINH | MHPMEVENT_UINH;

	assert_ok(r);
	assert_ok(start(env, r.value, 1, F_INIT, 0));
	assert_ok(stop(env, r.value, 1, 0));
	/* an idle path left the selector without its filter bits */
	sim_hart_lose_event(&env->hart[0], (unsigned int)r.value,
			    EV_DTLB_READ_MISS);
	assert_ok(start(env, r.value, 1, F_INIT, 0));
	assert_int_equal(env->hart[0].event[r.value],
			 filters | EV_DTLB_READ_MISS);
}

/* ---- docs/facts.md F3.8: write order, quiet when stopped ---- */

static void test_start__value_written_before_uninhibit(void **state)
{
	struct sim_env *env = *state;
	int w, u;

	assert_ok(cfg_match(env, 3, 1, 0, EV_DTLB_READ_MISS, 0));
	spy_n = 0;
	assert_ok(start(env, 3, 1, F_INIT, 77));
	w = spy_find(SPY_COUNTER_WRITE, 3);
	u = spy_find(SPY_UNINHIBIT, 3);
	assert_true(w >= 0 && u >= 0);
	assert_true(w < u);
	/* and the selector is programmed before counting starts, too */
	assert_true(spy_find(SPY_EVENT_WRITE, 3) < u);
}

static void test_stop__stopped_counter_raises_no_interrupt(void **state)
{
	struct sim_env *env = *state;

	map_and_start(env, 3, EV_DTLB_READ_MISS, 0, ~0ULL - 1);
	spy_n = 0;
	assert_ok(stop(env, 3, 1, 0));
	assert_true(spy_find(SPY_INHIBIT, 3) >= 0);
	sim_hart_tick(&env->hart[0], 1000);
	assert_false(env->hart[0].lcofip);
	assert_int_equal(env->hart[0].event[3] & MHPMEVENT_OF, 0);
}

/*
 * QEMU 7.2's overflow timer (docs/firmware.md): the optional
 * counter_started hook runs once per hardware counter START starts, after
 * its un-inhibit (the HAL re-arms the timer while the counter can be
 * flagged), with or without a new value; not when START fails, and not
 * for firmware counters.
 */
static void test_hal_counter_started__after_uninhibit_once(void **state)
{
	struct sim_env *env = *state;
	int u, h;

	assert_ok(cfg_match(env, 3, 1, 0, EV_CYCLES, 0));
	spy_n = 0;
	assert_ok(start(env, 3, 1, F_INIT, 5));
	u = spy_find(SPY_UNINHIBIT, 3);
	h = spy_find(SPY_STARTED, 3);
	assert_true(u >= 0 && h > u);
	assert_int_equal(spy_log[h].value, 1); /* it was running */
	assert_int_equal(spy_log[spy_n - 1].op, SPY_STARTED);

	assert_ok(stop(env, 3, 1, 0));
	spy_n = 0;
	assert_ok(start(env, 3, 1, 0, 0)); /* no new value */
	h = spy_find(SPY_STARTED, 3);
	assert_true(h > spy_find(SPY_UNINHIBIT, 3));
	assert_int_equal(spy_find(SPY_COUNTER_WRITE, 3), -1);

	spy_n = 0;
	assert_int_equal(start(env, 3, 1, F_INIT, 5).error,
			 SBI_ERR_ALREADY_STARTED);
	assert_int_equal(spy_n, 0);
}

static void test_hal_counter_started__not_for_fw_counters(void **state)
{
	struct sim_env *env = *state;
	struct sbiret r = cfg_match(env, FW0, 1, 0, EV_IPI, 0);

	assert_ok(r);
	spy_n = 0;
	assert_ok(start(env, r.value, 1, F_INIT, 0));
	assert_int_equal(spy_find(SPY_STARTED, (unsigned int)r.value), -1);
}

/* ---- docs/facts.md F3.9: reserved bits, unknown events ---- */

static void test_flags_event_idx__reserved_bits__invalid_param(void **state)
{
	struct sim_env *env = *state;
	unsigned int bit;

	map_and_start(env, 3, EV_DTLB_READ_MISS, 0, 0);
	assert_err(cfg_match(env, 0, ALL_VALID, 1UL << 8, EV_CYCLES, 0),
		   SBI_ERR_INVALID_PARAM);
	assert_err(start(env, 4, 1, 1UL << 2, 0), SBI_ERR_INVALID_PARAM);
	assert_err(stop(env, 3, 1, 1UL << 2), SBI_ERR_INVALID_PARAM);
	for (bit = 20; bit < 32; bit++)
		assert_err(cfg_match(env, 0, ALL_VALID, 0,
				     EV_CYCLES | (1UL << bit), 0),
			   SBI_ERR_INVALID_PARAM);
	assert_true(tu_started(env, 3));
}

static void test_cfg_match__unknown_events__not_supported(void **state)
{
	struct sim_env *env = *state;

	assert_err(cfg_match(env, 0, ALL_VALID, 0, EV_GENERAL(11), 0),
		   SBI_ERR_NOT_SUPPORTED);
	assert_err(cfg_match(env, 0, ALL_VALID, 0, EV_TYPE(5, 1), 0),
		   SBI_ERR_NOT_SUPPORTED);
	assert_err(cfg_match(env, 0, ALL_VALID, 0, EV_FW(100), 0),
		   SBI_ERR_NOT_SUPPORTED);
	assert_err(cfg_match(env, 0, ALL_VALID, 0, EV_CACHE(6, 2, 1), 0),
		   SBI_ERR_NOT_SUPPORTED);
}

/* ---- docs/facts.md F3.10: full-width index, value 0 on error ---- */

static void test_get_info__index_not_truncated(void **state)
{
	struct sim_env *env = *state;

	assert_err(get_info(env, (1UL << 32) | 3), SBI_ERR_INVALID_PARAM);
	assert_err(get_info(env, (1UL << 32) | FW0), SBI_ERR_INVALID_PARAM);
}

static void test_ecall__error_paths_return_value_zero(void **state)
{
	struct sim_env *env = *state;
	unsigned long fid;

	/* each call below fails; tu_ecall_at asserts value == 0 */
	for (fid = 1; fid <= 8; fid++)
		ecall(env, fid, ~0UL, ~0UL, ~0UL, ~0UL, ~0UL, ~0UL);
	assert_err(ecall(env, SBI_EXT_PMU_FID_COUNT, 0), SBI_ERR_NOT_SUPPORTED);
	assert_err(ecall(env, ~0UL, 0), SBI_ERR_NOT_SUPPORTED);
	assert_err(fw_read(env, 3), SBI_ERR_INVALID_PARAM);
	assert_err(fw_read_hi(env, 3), SBI_ERR_INVALID_PARAM);
}

/* ---- docs/facts.md F3.11: EVENT_GET_INFO ---- */

static void test_event_get_info__count_overflow__nothing_written(void **state)
{
	struct sim_env *env = *state;
	uint32_t idx = EV_CYCLES;
	struct tu_info_entry *e = tu_info_table(env, S_RAM, &idx, NULL, 1);

	/* (2^60 + 1) * 16 = 16 in 64 bits: a 1-entry table to a naive check */
	assert_err(event_get_info(env, S_RAM, (1UL << 60) + 1, 0),
		   SBI_ERR_INVALID_ADDRESS);
	assert_int_equal(e->output, 0xFFFFFFFFu);
}

static void test_event_get_info__fw_raw_fixed_answers(void **state)
{
	struct sim_env *env = *state;
	const uint32_t idx[] = {EV_IPI,	   EV_FW(256), EV_RAW,
				EV_RAW_V2, EV_CYCLES,  EV_INSTRUCTIONS};
	const uint64_t data[] = {0, 0, 0x42, 0x42, 0, 0};
	const uint32_t want[] = {1, 1, 0, 0, 1, 1};
	struct tu_info_entry *e = tu_info_table(env, S_RAM, idx, data, 6);
	unsigned int i;

	assert_ok(event_get_info(env, S_RAM, 6, 0));
	for (i = 0; i < 6; i++)
		assert_int_equal(e[i].output, want[i]);
}

static void
test_event_get_info__no_rows__cycles_instructions_supported(void **state)
{
	struct sim_env *env = *state;
	const uint32_t idx[] = {EV_CYCLES, EV_INSTRUCTIONS};
	struct tu_info_entry *e = tu_info_table(env, S_RAM, idx, NULL, 2);

	assert_ok(event_get_info(env, S_RAM, 2, 0));
	assert_int_equal(e[0].output, 1);
	assert_int_equal(e[1].output, 1);
	assert_int_equal(cfg_match(env, 0, ALL_VALID, 0, EV_CYCLES, 0).value,
			 0);
}

/* ---- docs/facts.md F3.12: platform events and CLEAR_VALUE ---- */

static void test_fw_platform__clear_value_keeps_event_data(void **state)
{
	struct sim_env *env = *state;
	struct sbiret r = cfg_match(env, 0, ALL_VALID, F_CLEAR | F_AUTO,
				    EV_FW_PLATFORM, 3);

	assert_ok(r);
	pmu_fw_platform_event(tu_hart(env), 3, 2);
	pmu_fw_platform_event(tu_hart(env), 0, 5);
	assert_int_equal(fw_read(env, r.value).value, 2);
}

/* ---- docs/facts.md F3.13: no leak on stop then reset, no TIME ---- */

static void test_stop__stop_then_reset__no_fw_counter_leak(void **state)
{
	struct sim_env *env = *state;
	unsigned int round;

	for (round = 0; round < 100; round++) {
		struct sbiret r =
			cfg_match(env, 0, ALL_VALID, 0, EV_FW(round % 22), 0);

		assert_ok(r);
		assert_ok(start(env, r.value, 1, F_INIT, 0));
		assert_ok(stop(env, r.value, 1, 0));
		assert_err(stop(env, r.value, 1, F_RESET),
			   SBI_ERR_ALREADY_STOPPED);
	}
	assert_int_equal(tu_hart(env)->mapped, 0);
}

static void test_get_info__time_counter_never_valid(void **state)
{
	struct sim_env *env = *state;
	unsigned long n = num_counters(env).value, i, mask = 0;

	for (i = 0; i < n; i++)
		if (get_info(env, i).error == SBI_SUCCESS)
			mask |= 1UL << i;
	assert_int_equal(mask & 2, 0);
	/* Linux's boot loop over the probed mask must be accepted */
	assert_err(stop(env, 0, mask, F_RESET), SBI_ERR_ALREADY_STOPPED);
	assert_err(stop(env, 1, 1, F_RESET), SBI_ERR_INVALID_PARAM);
}

/* ---- docs/facts.md F3.14: overlapping raw rows ---- */

static void test_cfg_match__raw_overlapping_rows__first_match_wins(void **state)
{
	struct sim_env *env = *state;
	struct sbiret r;
	unsigned int round;

	for (round = 0; round < 2; round++) {
		/* 0x112 matches rows 0 and 1: row 0's counter 5 */
		r = cfg_match(env, 0, ALL_VALID, 0, EV_RAW, 0x112);
		assert_int_equal(r.value, 5);
		assert_err(cfg_match(env, 6, 1, 0, EV_RAW, 0x112),
			   SBI_ERR_NOT_SUPPORTED);
		/* a later row is still searched from the start */
		assert_int_equal(
			cfg_match(env, 0, ALL_VALID, 0, EV_RAW, 0x212).value,
			7);
		assert_err(stop(env, 5, 1, F_RESET), SBI_ERR_ALREADY_STOPPED);
		assert_err(stop(env, 7, 1, F_RESET), SBI_ERR_ALREADY_STOPPED);
	}
	assert_int_equal(tu_hart(env)->mapped, 0);
}

/* ---- docs/facts.md F3.15: shared memory checks ---- */

static void test_set_shmem__alignment_and_firmware_memory(void **state)
{
	struct sim_env *env = *state;

	assert_err(set_shmem(env, S_RAM + 64, 0), SBI_ERR_INVALID_PARAM);
	assert_err(set_shmem(env, S_RAM - 4096, 0), SBI_ERR_INVALID_ADDRESS);
	assert_err(set_shmem(env, SIM_RAM_BASE, 0), SBI_ERR_INVALID_ADDRESS);
	assert_err(event_get_info(env, SIM_RAM_BASE + 0x100, 4, 0),
		   SBI_ERR_INVALID_ADDRESS);
	assert_null(tu_hart(env)->shmem);
}

/* ---- docs/facts.md F3.16: before the PMU is up ---- */

/*
 * A trap taken before the PMU is up has no pmu_hart to count on (NULL):
 * the calls return and count nothing. Counters of the same events run
 * on a hart that is up; they stay 0, and count the events once that
 * hart raises them, so the zeros are not from counters that never count.
 */
static void test_fw_event__before_init__no_crash_nothing_counted(void **state)
{
	static const unsigned int codes[] = {
		SBI_PMU_FW_ILLEGAL_INSN,
		SBI_PMU_FW_MISALIGNED_LOAD,
		SBIPMU_FW_M_TRAP,
	};
	struct sim_env *env = *state;
	unsigned long c[3], p;
	struct sbiret r;
	unsigned int i;

	for (i = 0; i < 3; i++) {
		r = cfg_match(env, 0, ALL_VALID, F_AUTO | F_CLEAR,
			      EV_FW(codes[i]), 0);
		assert_ok(r);
		c[i] = r.value;
	}
	r = cfg_match(env, 0, ALL_VALID, F_AUTO | F_CLEAR, EV_FW_PLATFORM, 0);
	assert_ok(r);
	p = r.value;

	assert_false(pmu_fw_events_counted(NULL, ~0u));
	for (i = 0; i < 3; i++)
		pmu_fw_event(NULL, codes[i]);
	pmu_fw_platform_event(NULL, 0, 1);
	for (i = 0; i < 3; i++)
		assert_int_equal(tu_fw_value(env, c[i]), 0);
	assert_int_equal(tu_fw_value(env, p), 0);

	for (i = 0; i < 3; i++)
		pmu_fw_event(tu_hart(env), codes[i]);
	pmu_fw_platform_event(tu_hart(env), 0, 1);
	for (i = 0; i < 3; i++)
		assert_int_equal(tu_fw_value(env, c[i]), 1);
	assert_int_equal(tu_fw_value(env, p), 1);
}

/* ---- docs/facts.md F3.17: RV32 ---- */

static void test_rv32__sets_are_32_bits_no_mhpmeventh(void **state)
{
	struct sim_env *env = *state;
	struct sbiret r;

	map_and_start(env, 32, EV_IPI, 0, 0);
	r = cfg_match(env, 0, 0xFFFFFFFDUL, 0xF8 | F_AUTO | F_CLEAR,
		      EV_DTLB_READ_MISS, 0);
	assert_ok(r);
	/* bits 32.. of the register do not exist: counter 32 is not named */
	assert_ok(
		stop(env, 0, 0xFFFFFFFF00000000UL | (1UL << r.value), F_RESET));
	assert_true(tu_started(env, 32));
	assert_err(stop(env, 0, 0xFFFFFFFFFFFFFFFDUL, F_RESET),
		   SBI_ERR_ALREADY_STOPPED);
	assert_true(tu_started(env, 32));
	assert_int_equal(tu_hart(env)->mapped, 1UL << 32);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
#define T(f)	 cmocka_unit_test_setup_teardown(f, tu_setup_qemu, tu_teardown)
#define TS(f, s) cmocka_unit_test_setup_teardown(f, s, tu_teardown)
		T(test_counter_set__cbase_near_ulong_max__invalid_param),
		T(test_counter_set__empty_mask__invalid_param),
		T(test_counter_set__cmask_shift_overflow__invalid_param),
		T(test_cfg_match__skip_match_type_mismatch__not_supported),
		TS(test_cfg_match__skip_match_first_counter_fixed_survive_reset,
		   setup_linux),
		TS(test_start__fixed_event_survives_reset__no_match_needed,
		   setup_linux),
		T(test_cfg_match__counter_outside_set_never_returned),
		TS(test_cfg_match__no_sscofpmf_fixed_preference_stays_in_set,
		   tu_setup_no_sscofpmf),
		TS(test_cfg_match__clear_value_auto_start_every_event_type,
		   setup_raw_platform),
		T(test_start_stop__fw_double_start_stop__already_errors),
		T(test_start_stop__multi_counter__all_or_nothing),
		T(test_start__reprograms_filter_bits),
		TS(test_start__value_written_before_uninhibit, setup_spy),
		TS(test_stop__stopped_counter_raises_no_interrupt, setup_spy),
		TS(test_hal_counter_started__after_uninhibit_once, setup_spy),
		TS(test_hal_counter_started__not_for_fw_counters, setup_spy),
		T(test_flags_event_idx__reserved_bits__invalid_param),
		T(test_cfg_match__unknown_events__not_supported),
		T(test_get_info__index_not_truncated),
		T(test_ecall__error_paths_return_value_zero),
		T(test_event_get_info__count_overflow__nothing_written),
		T(test_event_get_info__fw_raw_fixed_answers),
		TS(test_event_get_info__no_rows__cycles_instructions_supported,
		   setup_no_rows),
		TS(test_fw_platform__clear_value_keeps_event_data,
		   tu_setup_qemu_platform),
		T(test_stop__stop_then_reset__no_fw_counter_leak),
		T(test_get_info__time_counter_never_valid),
		TS(test_cfg_match__raw_overlapping_rows__first_match_wins,
		   setup_overlapping_raw_rows),
		T(test_set_shmem__alignment_and_firmware_memory),
		TS(test_fw_event__before_init__no_crash_nothing_counted,
		   tu_setup_qemu_platform),
		TS(test_rv32__sets_are_32_bits_no_mhpmeventh,
		   setup_rv32_48_no_sscofpmf),
#undef T
#undef TS
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
