/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The hand-off state (docs/semantics.md, "Counters"): after hart init
 * cycle and instret count, as OpenSBI leaves them (mcountinhibit =
 * 0xFFFFFFF8), with no owner, and every programmable counter is stopped
 * with no event. Then what each call means for such a fixed counter: it
 * always has its event, so START and STOP act on it without a claim and
 * answer as the hardware says (ALREADY_STARTED while it runs); CFG_MATCH
 * never finds it while it runs (the spec's "not started"), SKIP_MATCH
 * claims it and it runs on; STOP(RESET) releases the claim and stops it,
 * and its event survives (docs/facts.md F3.3). Linux's boot STOP(all, RESET)
 * and legacy mode's SKIP_MATCH with no prior match are replayed on top.
 */
#include "test_util.h"

#define ALL_VALID 0x7FFFFFDUL
#define F_SKIP	  SBI_PMU_CFG_FLAG_SKIP_MATCH
#define F_AUTO	  SBI_PMU_CFG_FLAG_AUTO_START
#define F_INIT	  SBI_PMU_START_FLAG_SET_INIT_VALUE
#define F_RESET	  SBI_PMU_STOP_FLAG_RESET

static int setup_two_harts(void **state)
{
	struct sim_env_cfg cfg = tu_cfg_qemu();

	cfg.harts = 2;
	return tu_setup_cfg(state, &cfg);
}

static int setup_smcntrpmf(void **state)
{
	struct sim_env_cfg cfg = tu_cfg_qemu();

	cfg.hart.smcntrpmf = true;
	return tu_setup_cfg(state, &cfg);
}

/* A hart without mcycle (and hpm counters 3, 4 only). */
static int setup_no_mcycle(void **state)
{
	struct sim_env_cfg cfg = tu_cfg_qemu();

	cfg.hart.counters = 0x1C;
	return tu_setup_cfg(state, &cfg);
}

static bool running(const struct sim_env *env, unsigned int hart,
		    unsigned int idx)
{
	return !((env->hart[hart].inhibit >> idx) & 1);
}

/* Counter @idx advances by exactly @n when the hart does @n events. */
static bool counts(struct sim_env *env, unsigned int idx, uint64_t n)
{
	uint64_t before = env->hart[0].counter[idx];

	sim_hart_tick(&env->hart[0], n);
	return env->hart[0].counter[idx] - before == n;
}

/* ---- hart init ---- */

static void
test_handoff__hart_init__cycle_instret_count_programmable_stopped(void **state)
{
	struct sim_env *env = *state;
	unsigned int hart, idx;

	for (hart = 0; hart < env->cfg.harts; hart++) {
		const struct pmu_hart *h = env->pmu[hart];

		assert_int_equal(h->started, TU_FIXED);
		assert_int_equal(h->mapped, 0);
		assert_int_equal(env->hart[hart].inhibit,
				 (uint32_t)(tu_hw_valid(env) & ~TU_FIXED));
		for (idx = PMU_CTR_HPM_FIRST; idx < 32; idx++)
			assert_int_equal(env->hart[hart].event[idx], 0);
		sim_hart_tick(&env->hart[hart], 25);
		assert_int_equal(env->hart[hart].counter[PMU_CTR_CYCLE], 25);
		assert_int_equal(env->hart[hart].counter[PMU_CTR_INSTRET], 25);
		assert_int_equal(env->hart[hart].counter[3], 0);
	}
}

/* Only the fixed counters the hart has: here instret alone. */
static void test_handoff__hart_without_mcycle__instret_counts(void **state)
{
	struct sim_env *env = *state;

	assert_int_equal(env->core.fixed_valid, 1UL << PMU_CTR_INSTRET);
	assert_int_equal(tu_hart(env)->started, 1UL << PMU_CTR_INSTRET);
	assert_true(counts(env, PMU_CTR_INSTRET, 9));
	assert_false(running(env, 0, 3));
	assert_err(start(env, 0, 1, 0, 0), SBI_ERR_INVALID_PARAM);
}

/* Smcntrpmf: the hand-off counters count in every mode (no filter). */
static void test_handoff__smcntrpmf__fixed_cfg_zero_until_claimed(void **state)
{
	struct sim_env *env = *state;

	assert_int_equal(env->hart[0].fixed_cfg[PMU_CTR_CYCLE], 0);
	assert_int_equal(env->hart[0].fixed_cfg[PMU_CTR_INSTRET], 0);
	assert_ok(cfg_match(env, 0, 1, F_SKIP | SBI_PMU_CFG_FLAG_SET_UINH,
			    EV_CYCLES, 0));
	assert_true(env->hart[0].fixed_cfg[PMU_CTR_CYCLE] & MHPMEVENT_UINH);
	assert_ok(stop(env, 0, 1, F_RESET));
	assert_int_equal(env->hart[0].fixed_cfg[PMU_CTR_CYCLE], 0);
}

/* ---- START / STOP / FW_READ on an unclaimed fixed counter ---- */

static void test_handoff__start_running_fixed__already_started(void **state)
{
	struct sim_env *env = *state;

	env->hart[0].counter[0] = 500;
	assert_err(start(env, 0, 1, F_INIT, 7), SBI_ERR_ALREADY_STARTED);
	assert_err(start(env, 0, 0x5, 0, 0), SBI_ERR_ALREADY_STARTED);
	/* nothing written, still counting */
	assert_int_equal(env->hart[0].counter[0], 500);
	assert_true(counts(env, 0, 3));
	assert_int_equal(tu_hart(env)->mapped, 0);
}

static void test_handoff__stop_running_fixed__success_then_stopped(void **state)
{
	struct sim_env *env = *state;

	assert_ok(stop(env, 0, 1, 0));
	assert_false(running(env, 0, 0));
	assert_true(running(env, 0, 2));
	assert_false(counts(env, 0, 4));
	/* still a counter with an event: stopped, not invalid */
	assert_err(stop(env, 0, 1, 0), SBI_ERR_ALREADY_STOPPED);
	assert_err(stop(env, 0, 0x5, 0), SBI_ERR_ALREADY_STOPPED);
	assert_true(running(env, 0, 2));
}

/* Its event needs no claim: START works on the stopped fixed counter. */
static void test_handoff__start_stopped_unclaimed_fixed__counts(void **state)
{
	struct sim_env *env = *state;

	assert_ok(stop(env, 0, 0x5, 0));
	assert_ok(start(env, 0, 0x5, F_INIT, 1000));
	assert_int_equal(env->hart[0].counter[0], 1000);
	assert_int_equal(env->hart[0].counter[2], 1000);
	assert_true(counts(env, 2, 6));
	assert_int_equal(tu_hart(env)->mapped, 0);
}

static void test_handoff__fw_read_fixed__invalid_param(void **state)
{
	struct sim_env *env = *state;

	assert_err(fw_read(env, 0), SBI_ERR_INVALID_PARAM);
	assert_err(fw_read(env, 2), SBI_ERR_INVALID_PARAM);
	assert_err(fw_read_hi(env, 2), SBI_ERR_INVALID_PARAM);
}

/* ---- CFG_MATCH never finds it running; SKIP_MATCH claims it running ---- */

/*
 * "a counter ... which is not started (or enabled)": without Sscofpmf the
 * fixed counter is CFG_MATCH's first choice, but while it runs unowned
 * the match takes another; after a STOP it is found.
 */
static void test_handoff__cfg_match_running_fixed__not_found(void **state)
{
	struct sim_env *env = *state;
	struct sbiret r = cfg_match(env, 0, ALL_VALID, 0, EV_CYCLES, 0);

	assert_ok(r);
	assert_int_equal(r.value, 3);
	assert_err(cfg_match(env, 0, 1, 0, EV_CYCLES, 0),
		   SBI_ERR_NOT_SUPPORTED);
	assert_true(running(env, 0, 0));
	assert_false(tu_mapped(env, 0));
	assert_ok(stop(env, 0, 1, 0));
	r = cfg_match(env, 0, ALL_VALID, 0, EV_CYCLES, 0);
	assert_ok(r);
	assert_int_equal(r.value, 0);
	assert_false(running(env, 0, 0));
	/* the owner's START sets its value */
	assert_ok(start(env, 0, 1, F_INIT, 77));
	assert_int_equal(env->hart[0].counter[0], 77);
	assert_true(counts(env, 0, 5));
	/* instret is untouched */
	assert_true(tu_started(env, 2));
	assert_false(tu_mapped(env, 2));
}

/* With Sscofpmf a programmable counter is preferred: cycle keeps running. */
static void
test_handoff__cfg_match_sscofpmf__programmable_fixed_keeps_running(void **state)
{
	struct sim_env *env = *state;
	struct sbiret r = cfg_match(env, 0, ALL_VALID, 0, EV_CYCLES, 0);

	assert_ok(r);
	assert_int_equal(r.value, 3);
	assert_true(running(env, 0, 0));
	assert_true(counts(env, 0, 2));
	/* asked for {0} alone, the running counter is not found */
	assert_err(cfg_match(env, 0, 1, F_AUTO, EV_CYCLES, 0),
		   SBI_ERR_NOT_SUPPORTED);
	assert_true(running(env, 0, 0));
}

/*
 * SKIP_MATCH "unconditionally" selects the first counter: the running,
 * unowned fixed counter is claimed and runs on (CFG_MATCH starts
 * counters, never stops one); AUTO_START has nothing left to do.
 * CLEAR_VALUE zeroes it.
 */
static void
test_handoff__skip_match_running_fixed__claimed_keeps_running(void **state)
{
	struct sim_env *env = *state;
	struct sbiret r =
		cfg_match(env, 2, 1, F_SKIP | SBI_PMU_CFG_FLAG_CLEAR_VALUE,
			  EV_INSTRUCTIONS, 0);

	assert_ok(r);
	assert_int_equal(r.value, 2);
	assert_true(tu_mapped(env, 2));
	assert_true(tu_started(env, 2));
	assert_true(running(env, 0, 2));
	assert_int_equal(env->hart[0].counter[2], 0);
	assert_true(counts(env, 2, 2));
	/* it is started: START says so and writes nothing */
	assert_err(start(env, 2, 1, F_INIT, 40), SBI_ERR_ALREADY_STARTED);
	assert_ok(cfg_match(env, 0, 1, F_SKIP | F_AUTO, EV_CYCLES, 0));
	assert_true(running(env, 0, 0));
}

/* Running for an owner, it is not available to SKIP_MATCH or CFG_MATCH. */
static void test_handoff__fixed_running_for_owner__not_supported(void **state)
{
	struct sim_env *env = *state;

	assert_ok(cfg_match(env, 0, 1, F_SKIP | F_AUTO, EV_CYCLES, 0));
	assert_err(cfg_match(env, 0, 1, F_SKIP, EV_CYCLES, 0),
		   SBI_ERR_NOT_SUPPORTED);
	assert_err(cfg_match(env, 0, 1, 0, EV_CYCLES, 0),
		   SBI_ERR_NOT_SUPPORTED);
	assert_true(running(env, 0, 0));
}

/* A fixed counter counts one event: the others are NOT_SUPPORTED on it. */
static void
test_handoff__skip_match_fixed_other_event__not_supported(void **state)
{
	struct sim_env *env = *state;

	assert_err(cfg_match(env, 0, 1, F_SKIP, EV_INSTRUCTIONS, 0),
		   SBI_ERR_NOT_SUPPORTED);
	assert_err(cfg_match(env, 2, 1, F_SKIP, EV_DTLB_READ_MISS, 0),
		   SBI_ERR_NOT_SUPPORTED);
	assert_err(cfg_match(env, 0, 1, F_SKIP, EV_FW(SBI_PMU_FW_SET_TIMER), 0),
		   SBI_ERR_NOT_SUPPORTED);
	/* refused calls leave it running and unclaimed */
	assert_int_equal(tu_hart(env)->started, TU_FIXED);
	assert_int_equal(tu_hart(env)->mapped, 0);
}

/* ---- STOP(RESET): claim released, counter stopped, event kept ---- */

static void test_handoff__linux_boot_stop_all_reset__fixed_stopped(void **state)
{
	struct sim_env *env = *state;

	/* pmu_sbi_stop_all(): answer ignored; the effect matters */
	assert_err(stop(env, 0, ALL_VALID, F_RESET), SBI_ERR_ALREADY_STOPPED);
	assert_int_equal(tu_hart(env)->started, 0);
	assert_int_equal(tu_hart(env)->mapped, 0);
	assert_int_equal(env->hart[0].inhibit, (uint32_t)tu_hw_valid(env));
	/* the event survives RESET: START and SKIP_MATCH still accept it */
	assert_ok(start(env, 2, 1, 0, 0));
	assert_ok(stop(env, 2, 1, 0));
	assert_int_equal(cfg_match(env, 0, 1, F_SKIP, EV_CYCLES, 0).value, 0);
}

static void test_handoff__stop_reset_claimed_fixed__released(void **state)
{
	struct sim_env *env = *state;

	assert_ok(cfg_match(env, 0, 1, F_SKIP | F_AUTO, EV_CYCLES, 0));
	assert_ok(stop(env, 0, 1, F_RESET));
	assert_false(tu_mapped(env, 0));
	assert_false(tu_started(env, 0));
	assert_false(running(env, 0, 0));
	/* free again for a new owner, stopped as it is */
	assert_int_equal(cfg_match(env, 0, 1, 0, EV_CYCLES, 0).value, 0);
}

/* Linux legacy mode (perf_user_access=2) after its boot STOP. */
static void test_handoff__linux_legacy_after_boot__fixed_counters(void **state)
{
	struct sim_env *env = *state;
	unsigned int round;

	assert_err(stop(env, 0, ALL_VALID, F_RESET), SBI_ERR_ALREADY_STOPPED);
	for (round = 0; round < 3; round++) {
		struct sbiret r = cfg_match(env, 0, 1UL << PMU_CTR_INSTRET,
					    F_SKIP, EV_INSTRUCTIONS, 0);

		assert_ok(r);
		assert_int_equal(r.value, PMU_CTR_INSTRET);
		assert_ok(start(env, 2, 1, F_INIT, 0));
		assert_true(running(env, 0, 2));
		assert_true(counts(env, 2, 13));
		assert_ok(stop(env, 2, 1, 0));
		assert_err(stop(env, 2, 1, F_RESET), SBI_ERR_ALREADY_STOPPED);
		assert_false(tu_mapped(env, 2));
	}
}

/* Each hart's hand-off state is its own. */
static void test_handoff__two_harts__stop_on_one_other_counts(void **state)
{
	struct sim_env *env = *state;

	assert_err(stop_on(env, 0, 0, ALL_VALID, F_RESET),
		   SBI_ERR_ALREADY_STOPPED);
	assert_false(running(env, 0, 0));
	assert_true(running(env, 1, 0));
	assert_true(running(env, 1, 2));
	assert_int_equal(env->pmu[1]->started, TU_FIXED);
}

/*
 * HSM hart_stop (docs/semantics.md, "HSM"): the firmware resets the
 * hart's PMU state, so a hart started again finds what it found at boot,
 * whatever its last owner left: claimed and running counters, a firmware
 * count, a snapshot area, a pending overflow interrupt.
 */
static void test_hsm_stop__hart_reset__back_to_handoff(void **state)
{
	struct sim_env *env = *state;
	const unsigned long fw0 = QEMU_FIRST_FW;

	assert_ok(cfg_match(env, 3, 1, F_AUTO, EV_DTLB_READ_MISS, 0));
	assert_ok(
		cfg_match(env, fw0, 1, F_AUTO, EV_FW(SBI_PMU_FW_SET_TIMER), 0));
	assert_ok(stop(env, 0, 1, 0)); /* a fixed counter stopped */
	assert_ok(set_shmem(env, SIM_S_RAM_BASE, 0));
	env->hart[0].lcofip = true;

	pmu_hart_reset(tu_hart(env));

	assert_int_equal(tu_hart(env)->mapped, 0);
	assert_int_equal(tu_hart(env)->started, TU_FIXED);
	assert_null(tu_hart(env)->shmem);
	assert_false(env->hart[0].lcofip);
	assert_true(running(env, 0, 0));
	assert_true(running(env, 0, 2));
	assert_false(running(env, 0, 3));
	/* the firmware counter's event and count are gone */
	assert_err(fw_read(env, fw0), SBI_ERR_INVALID_PARAM);
	assert_err(stop(env, 3, 1, 0), SBI_ERR_INVALID_PARAM);
	/* and everything is free for the next owner */
	assert_int_equal(cfg_match(env, 3, 1, 0, EV_DTLB_READ_MISS, 0).value,
			 3);
	assert_int_equal(
		cfg_match(env, fw0, 1, F_AUTO, EV_FW(SBI_PMU_FW_SET_TIMER), 0)
			.value,
		fw0);
	assert_int_equal(fw_read(env, fw0).value, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
#define T(f)	 cmocka_unit_test_setup_teardown(f, tu_setup_qemu, tu_teardown)
#define TS(f, s) cmocka_unit_test_setup_teardown(f, s, tu_teardown)
		TS(test_handoff__hart_init__cycle_instret_count_programmable_stopped,
		   setup_two_harts),
		TS(test_handoff__hart_without_mcycle__instret_counts,
		   setup_no_mcycle),
		TS(test_handoff__smcntrpmf__fixed_cfg_zero_until_claimed,
		   setup_smcntrpmf),
		T(test_handoff__start_running_fixed__already_started),
		T(test_handoff__stop_running_fixed__success_then_stopped),
		T(test_handoff__start_stopped_unclaimed_fixed__counts),
		T(test_handoff__fw_read_fixed__invalid_param),
		TS(test_handoff__cfg_match_running_fixed__not_found,
		   tu_setup_no_sscofpmf),
		T(test_handoff__cfg_match_sscofpmf__programmable_fixed_keeps_running),
		T(test_handoff__skip_match_running_fixed__claimed_keeps_running),
		T(test_handoff__fixed_running_for_owner__not_supported),
		T(test_handoff__skip_match_fixed_other_event__not_supported),
		T(test_handoff__linux_boot_stop_all_reset__fixed_stopped),
		T(test_handoff__stop_reset_claimed_fixed__released),
		T(test_handoff__linux_legacy_after_boot__fixed_counters),
		TS(test_handoff__two_harts__stop_on_one_other_counts,
		   setup_two_harts),
		T(test_hsm_stop__hart_reset__back_to_handoff),
#undef T
#undef TS
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
