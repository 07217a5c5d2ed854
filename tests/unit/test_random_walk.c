/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Deterministic random walks through the PMU functions on several
 * hardware configurations, with boundary-biased arguments, interleaved
 * with what the hart and the supervisor do meanwhile (counting, firmware
 * events, clearing LCOFIP). After every call the invariants of
 * test_util.h are checked, and a small model of the counter state machine
 * predicts the mapped/started bitmaps from the returned error alone:
 * the walk starts from the hand-off state (only cycle and instret
 * running), CFG_MATCH maps one counter of the set (a running one only
 * with SKIP_MATCH, and it runs on), START/STOP change exactly their set on
 * success and nothing on failure (all-or-nothing), STOP(RESET) always releases
 * its set. Any divergence fails at the step's line.
 */
#include "test_util.h"

#define STEPS 50000u

struct walk {
	struct sim_env *env;
	uint64_t rng;
	uint64_t mapped;  /* model */
	uint64_t started; /* model */
};

static uint64_t walk_rand(struct walk *w)
{
	/* xorshift64*: fixed seed, so every run replays the same walk */
	w->rng ^= w->rng >> 12;
	w->rng ^= w->rng << 25;
	w->rng ^= w->rng >> 27;
	return w->rng * 0x2545F4914F6CDD1DULL;
}

static uint64_t walk_pick(struct walk *w, const uint64_t *v, size_t n)
{
	return v[walk_rand(w) % n];
}

/* Index of a random set bit of @bits (not 0). */
static unsigned long walk_random_bit(struct walk *w, uint64_t bits)
{
	unsigned int k = (unsigned int)(walk_rand(w) %
					(uint64_t)__builtin_popcountll(bits));

	while (k--)
		bits &= bits - 1;
	return (unsigned long)__builtin_ctzll(bits);
}

static unsigned long walk_cbase(struct walk *w)
{
	unsigned long n = w->env->core.n_logical;
	const uint64_t v[] = {
		0,     0, 0,  1,  2,	3,    4,	w->env->core.first_fw,
		n - 1, n, 63, 64, 4096, ~0UL, ~0UL - 62};

	if (walk_rand(w) % 4 == 0)
		return walk_rand(w) % n;
	/* often a counter in use, so that START/STOP have work to do */
	if (w->mapped && walk_rand(w) % 2 == 0)
		return walk_random_bit(w, w->mapped);
	return walk_pick(w, v, sizeof(v) / sizeof(v[0]));
}

static unsigned long walk_cmask(struct walk *w, unsigned long cbase)
{
	uint64_t valid = tu_valid(w->env);
	uint64_t rel = cbase < 64 ? valid >> cbase : 0;
	uint64_t mapped = cbase < 64 ? w->mapped >> cbase : 0;
	uint64_t started = cbase < 64 ? w->started >> cbase : 0;
	const uint64_t v[] = {0,
			      1,
			      1,
			      3,
			      7,
			      valid,
			      rel,
			      rel & -rel,
			      1UL << 63,
			      ~0UL,
			      mapped,
			      mapped,
			      started,
			      started,
			      mapped & ~started,
			      mapped & ~started,
			      1UL << (walk_rand(w) % 64)};

	if (walk_rand(w) % 3 == 0)
		return rel & walk_rand(w);
	return walk_pick(w, v, sizeof(v) / sizeof(v[0]));
}

static unsigned long walk_event(struct walk *w)
{
	const uint64_t v[] = {EV_CYCLES,
			      EV_INSTRUCTIONS,
			      EV_DTLB_READ_MISS,
			      EV_DTLB_WRITE_MISS,
			      EV_ITLB_READ_MISS,
			      EV_GENERAL(0),
			      EV_GENERAL(5),
			      EV_CACHE(7, 0, 0),
			      EV_RAW,
			      EV_RAW_V2,
			      EV_RAW | 1,
			      EV_TYPE(4, 0),
			      EV_FW(0),
			      EV_FW(6),
			      EV_FW(21),
			      EV_FW(22),
			      EV_FW(256),
			      EV_FW(259),
			      EV_FW(260),
			      EV_FW_PLATFORM,
			      1UL << 20,
			      ~0UL};

	return walk_pick(w, v, sizeof(v) / sizeof(v[0]));
}

static uint64_t walk_data(struct walk *w)
{
	const uint64_t v[] = {0,	  0,	      0,	  1,
			      2,	  3,	      4,	  0x42,
			      1ULL << 31, 1ULL << 32, 1ULL << 47, 1ULL << 48,
			      1ULL << 55, 1ULL << 56, ~0ULL};

	return walk_pick(w, v, sizeof(v) / sizeof(v[0]));
}

/* Initial values: often close to a 48- or 64-bit wrap. */
static uint64_t walk_init(struct walk *w)
{
	uint64_t near = walk_rand(w) % 2000;
	const uint64_t v[] = {0, ~0ULL - near, (1ULL << 48) - near,
			      walk_rand(w)};

	return walk_pick(w, v, sizeof(v) / sizeof(v[0]));
}

static unsigned long walk_flags(struct walk *w, unsigned long defined)
{
	if (walk_rand(w) % 16 == 0)
		return 1UL << (walk_rand(w) % 64);
	return walk_rand(w) & defined;
}

static unsigned long walk_start_flags(struct walk *w)
{
	const uint64_t v[] = {0, SBI_PMU_START_FLAG_SET_INIT_VALUE,
			      SBI_PMU_START_FLAG_SET_INIT_VALUE,
			      SBI_PMU_START_FLAG_INIT_SNAPSHOT};

	if (walk_rand(w) % 8 == 0)
		return walk_flags(w, SBI_PMU_START_FLAG_DEFINED);
	return walk_pick(w, v, sizeof(v) / sizeof(v[0]));
}

/* The set a call names, as the core must read it; 0 if invalid. */
static uint64_t walk_set(const struct walk *w, unsigned long cbase,
			 unsigned long cmask)
{
	uint64_t ones = tu_xlen_ones(w->env);
	uint64_t mask = cmask & ones, base = cbase & ones;

	if (!mask || base >= w->env->core.n_logical)
		return 0;
	if (64 - __builtin_clzll(mask) + base > w->env->core.n_logical)
		return 0;
	if ((mask << base) & ~tu_valid(w->env))
		return 0;
	return mask << base;
}

static void walk_split(const struct walk *w, uint64_t v, unsigned long *lo,
		       unsigned long *hi)
{
	tu_split64(w->env, v, lo, hi);
}

/* ---- the model ---- */

static void walk_check_state(const struct walk *w, unsigned int step)
{
	const struct pmu_hart *h = w->env->pmu[0];

	if (h->mapped == w->mapped && h->started == w->started)
		return;
	print_error("step %u: mapped %#llx started %#llx, model %#llx %#llx\n",
		    step, (unsigned long long)h->mapped,
		    (unsigned long long)h->started,
		    (unsigned long long)w->mapped,
		    (unsigned long long)w->started);
	fail();
}

static void walk_cfg_match(struct walk *w)
{
	unsigned long cbase = walk_cbase(w), cmask = walk_cmask(w, cbase);
	unsigned long flags = walk_flags(w, SBI_PMU_CFG_FLAG_DEFINED);
	struct sbiret r =
		tu_cfg_match(w->env, 0, cbase, cmask, flags, walk_event(w),
			     walk_data(w), __FILE__, __LINE__);

	if (r.error == SBI_SUCCESS) {
		uint64_t bit = 1ULL << r.value;

		assert_true(walk_set(w, cbase, cmask) & bit);
		/* SKIP_MATCH only on a counter that has an event already */
		if (flags & SBI_PMU_CFG_FLAG_SKIP_MATCH)
			assert_true((w->mapped | w->env->core.fixed_valid) &
				    bit);
		/* a counter running for its owner is never handed out */
		assert_false(w->started & w->mapped & bit);
		/*
		 * A running counter is never matched; SKIP_MATCH claims
		 * one (a fixed counter running unowned) and it runs on.
		 */
		if (w->started & bit)
			assert_true(flags & SBI_PMU_CFG_FLAG_SKIP_MATCH);
		w->mapped |= bit;
		if (flags & SBI_PMU_CFG_FLAG_AUTO_START)
			w->started |= bit;
	}
}

static void walk_start(struct walk *w)
{
	unsigned long cbase = walk_cbase(w), cmask = walk_cmask(w, cbase);
	struct sbiret r = tu_start(w->env, 0, cbase, cmask, walk_start_flags(w),
				   walk_init(w), __FILE__, __LINE__);

	if (r.error == SBI_SUCCESS)
		w->started |= walk_set(w, cbase, cmask);
}

static void walk_stop(struct walk *w)
{
	unsigned long cbase = walk_cbase(w), cmask = walk_cmask(w, cbase);
	unsigned long flags = walk_flags(w, SBI_PMU_STOP_FLAG_DEFINED);
	uint64_t set = walk_set(w, cbase, cmask);
	struct sbiret r =
		ecall(w->env, SBI_EXT_PMU_COUNTER_STOP, cbase, cmask, flags);
	bool reset = flags & SBI_PMU_STOP_FLAG_RESET;
	uint64_t with_event = w->mapped | w->env->core.fixed_valid;

	/* without RESET, only counters with an event are valid to stop */
	if (!reset &&
	    (r.error == SBI_SUCCESS || r.error == SBI_ERR_ALREADY_STOPPED))
		assert_true((set & ~with_event) == 0);
	if (r.error == SBI_SUCCESS ||
	    (r.error == SBI_ERR_ALREADY_STOPPED && reset)) {
		assert_true(set != 0);
		w->started &= ~set;
		if (reset)
			w->mapped &= ~set;
	}
}

static void walk_other(struct walk *w)
{
	unsigned long a0 = walk_rand(w) % 64, a1 = 0, a2 = walk_rand(w) % 4;

	switch (walk_rand(w) % 6) {
	case 0:
		ecall(w->env, SBI_EXT_PMU_COUNTER_GET_INFO, a0);
		break;
	case 1:
		/* only a firmware counter with an event can be read */
		if (!ecall(w->env, SBI_EXT_PMU_COUNTER_FW_READ, a0).error)
			assert_true((w->mapped >> a0) & 1);
		break;
	case 2:
		if (!ecall(w->env, SBI_EXT_PMU_COUNTER_FW_READ_HI, a0).error)
			assert_true((w->mapped >> a0) & 1);
		break;
	case 3:
		walk_split(w, S_RAM + 0x1000 * (walk_rand(w) % 16), &a0, &a1);
		ecall(w->env, SBI_EXT_PMU_SNAPSHOT_SET_SHMEM, a0, a1,
		      walk_rand(w) % 8 == 0);
		break;
	case 4:
		walk_split(w, S_RAM + 16 * (walk_rand(w) % 4), &a0, &a1);
		ecall(w->env, SBI_EXT_PMU_EVENT_GET_INFO, a0, a1, a2, 0);
		break;
	default:
		ecall(w->env, SBI_EXT_PMU_NUM_COUNTERS, 0);
		break;
	}
}

/* What happens between calls: counting, firmware events, S-mode. */
static void walk_world(struct walk *w)
{
	struct sim_env *env = w->env;

	switch (walk_rand(w) % 4) {
	case 0:
		sim_hart_tick(&env->hart[0], walk_rand(w) % 1000);
		break;
	case 1:
		pmu_fw_event(env->pmu[0], (unsigned int)(walk_rand(w) % 300));
		pmu_fw_platform_event(env->pmu[0], walk_rand(w) % 5, 2);
		break;
	case 2:
		env->hart[0].lcofip = false;
		break;
	default:
		break;
	}
}

static void walk_run(void **state, uint64_t seed)
{
	struct sim_env *env = *state;
	/* hand-off: nothing claimed, cycle and instret counting */
	struct walk w = {env, seed, 0, env->core.fixed_valid};
	unsigned int step;

	for (step = 0; step < STEPS; step++) {
		switch (walk_rand(&w) % 5) {
		case 0:
		case 1:
			walk_cfg_match(&w);
			break;
		case 2:
			walk_start(&w);
			break;
		case 3:
			walk_stop(&w);
			break;
		default:
			walk_other(&w);
			break;
		}
		walk_check_state(&w, step);
		walk_world(&w);
	}
}

/* ---- configurations ---- */

static int setup_walk(void **state, struct sim_env_cfg cfg)
{
	cfg.platform_events = true;
	if (!cfg.rows && !cfg.no_rows)
		cfg.rows = tu_rows_qemu_raw_any();
	return tu_setup_cfg(state, &cfg);
}

static int setup_qemu(void **state)
{
	return setup_walk(state, tu_cfg_qemu());
}

static int setup_no_sscofpmf(void **state)
{
	struct sim_env_cfg cfg = tu_cfg_qemu();

	cfg.hart.sscofpmf = false;
	return setup_walk(state, cfg);
}

static int setup_rv32_48(void **state)
{
	struct sim_env_cfg cfg = tu_cfg_qemu();

	cfg.hart.xlen = 32;
	cfg.hart.counters = 0xFFFFFFFDu;
	cfg.num_fw = 16;
	return setup_walk(state, cfg);
}

static int setup_holes_narrow_h(void **state)
{
	struct sim_env_cfg cfg = tu_cfg_qemu();

	cfg.hart.counters = 0x9D;
	cfg.hart.width = 48;
	cfg.hart.h_ext = true;
	cfg.hart.smcntrpmf = true;
	return setup_walk(state, cfg);
}

static int setup_no_fw_no_rows(void **state)
{
	struct sim_env_cfg cfg = tu_cfg_qemu();

	cfg.num_fw = 0;
	cfg.no_rows = true;
	return setup_walk(state, cfg);
}

static void test_random_walk__qemu_virt__model_and_invariants(void **state)
{
	walk_run(state, 0x9E3779B97F4A7C15ULL);
}

static void test_random_walk__no_sscofpmf__model_and_invariants(void **state)
{
	walk_run(state, 0xD1B54A32D192ED03ULL);
}

static void
test_random_walk__rv32_48_counters__model_and_invariants(void **state)
{
	walk_run(state, 0x8CB92BA72F3D8DD7ULL);
}

static void
test_random_walk__holes_w48_h_smcntrpmf__model_and_invariants(void **state)
{
	walk_run(state, 0xABCDEF0123456789ULL);
}

static void test_random_walk__no_fw_no_rows__model_and_invariants(void **state)
{
	walk_run(state, 0x0123456789ABCDEFULL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
#define TS(f, s) cmocka_unit_test_setup_teardown(f, s, tu_teardown)
		TS(test_random_walk__qemu_virt__model_and_invariants,
		   setup_qemu),
		TS(test_random_walk__no_sscofpmf__model_and_invariants,
		   setup_no_sscofpmf),
		TS(test_random_walk__rv32_48_counters__model_and_invariants,
		   setup_rv32_48),
		TS(test_random_walk__holes_w48_h_smcntrpmf__model_and_invariants,
		   setup_holes_narrow_h),
		TS(test_random_walk__no_fw_no_rows__model_and_invariants,
		   setup_no_fw_no_rows),
#undef TS
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
