/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The call sequences of Linux's riscv_pmu_sbi driver (docs/facts.md F1)
 * replayed against the core: the boot probe (NUM_COUNTERS, COUNTER_GET_INFO
 * over 0..N-1, STOP of everything with RESET), the 52-event probe done
 * with CFG_MATCH + STOP(RESET) (SBI < 3.0) and with one EVENT_GET_INFO
 * (v3), perf sched-in / sched-out, the overflow interrupt handler with and
 * without snapshot (including the driver's cbase = 4096 bug), and legacy
 * mode's SKIP_MATCH on the fixed counters. S-mode's own actions (clearing
 * sip.LCOFIP, reading scountovf) are done on the simulated hart.
 */
#include "test_util.h"

#define N_PROBE	    52
#define F_INIT	    SBI_PMU_START_FLAG_SET_INIT_VALUE
#define F_INIT_SNAP SBI_PMU_START_FLAG_INIT_SNAPSHOT
#define F_RESET	    SBI_PMU_STOP_FLAG_RESET
#define F_SNAP	    SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT
#define F_SKIP	    SBI_PMU_CFG_FLAG_SKIP_MATCH
#define XLEN64	    64UL

/* Linux's driver stops every counter at probe: these start after it. */
static int setup_linux(void **state)
{
	struct sim_env_cfg cfg = tu_cfg_qemu();

	cfg.linux_boot_stop = true;
	return tu_setup_cfg(state, &cfg);
}

static int setup_two_harts(void **state)
{
	struct sim_env_cfg cfg = tu_cfg_qemu();

	cfg.linux_boot_stop = true;

	cfg.harts = 2;
	return tu_setup_cfg(state, &cfg);
}

static int setup_no_rows(void **state)
{
	struct sim_env_cfg cfg = tu_cfg_qemu();

	cfg.linux_boot_stop = true;

	cfg.no_rows = true;
	return tu_setup_cfg(state, &cfg);
}

static int setup_narrow(void **state)
{
	struct sim_env_cfg cfg = tu_cfg_qemu();

	cfg.linux_boot_stop = true;

	cfg.hart.width = 48;
	return tu_setup_cfg(state, &cfg);
}

/* ---- boot ---- */

/* pmu_sbi_get_ctrinfo(): the mask of counters Linux will ever name. */
static unsigned long linux_probe_counters(struct sim_env *env,
					  unsigned int hart)
{
	unsigned long n =
		ecall_on(env, hart, SBI_EXT_PMU_NUM_COUNTERS, 0).value;
	unsigned long i, mask = 0;

	assert_true(n <= 64);
	for (i = 0; i < n; i++) {
		struct sbiret r =
			ecall_on(env, hart, SBI_EXT_PMU_COUNTER_GET_INFO, i);

		if (r.error)
			continue;
		mask |= 1UL << i;
		if (r.value >> 63)
			continue;
		/* Linux reads hardware counters with csrr on this CSR */
		assert_int_equal(r.value & 0xFFF, 0xC00 + i);
	}
	return mask;
}

/* The 10 general events and the 42 cache events Linux probes. */
static void linux_probe_events(uint32_t ev[N_PROBE])
{
	unsigned int n = 0, cache, op, res;

	for (n = 0; n < 10; n++)
		ev[n] = SBI_PMU_HW_CPU_CYCLES + n;
	for (cache = 0; cache < 7; cache++)
		for (op = 0; op < 3; op++)
			for (res = 0; res < 2; res++)
				ev[n++] = EV_CACHE(cache, op, res);
	assert_int_equal(n, N_PROBE);
}

/* SBI < 3.0: CFG_MATCH + STOP(RESET) per event. */
static void linux_probe_cfg_match(struct sim_env *env, unsigned long cmask,
				  const uint32_t ev[N_PROBE],
				  bool supported[N_PROBE])
{
	unsigned int i;

	for (i = 0; i < N_PROBE; i++) {
		struct sbiret r = cfg_match(env, 0, cmask, 0, ev[i], 0);

		supported[i] = r.error == SBI_SUCCESS;
		if (supported[i])
			assert_err(stop(env, r.value, 1, F_RESET),
				   SBI_ERR_ALREADY_STOPPED);
		else
			assert_err(r, SBI_ERR_NOT_SUPPORTED);
	}
}

/* v3: one EVENT_GET_INFO for all 52; there is no fallback if it fails. */
static void linux_probe_event_info(struct sim_env *env,
				   const uint32_t ev[N_PROBE],
				   bool supported[N_PROBE])
{
	struct tu_info_entry *e = tu_info_table(env, S_RAM, ev, NULL, N_PROBE);
	unsigned int i;

	assert_ok(event_get_info(env, S_RAM, N_PROBE, 0));
	for (i = 0; i < N_PROBE; i++) {
		assert_true(e[i].output <= 1);
		supported[i] = e[i].output == 1;
	}
}

static void test_linux_boot__counters_probe_then_stop_all(void **state)
{
	struct sim_env *env = *state;
	unsigned long cmask = linux_probe_counters(env, 0);

	assert_int_equal(cmask, tu_valid(env));
	/* pmu_sbi_stop_all(): errors are ignored, but it must be accepted */
	assert_err(stop(env, 0, cmask, F_RESET), SBI_ERR_ALREADY_STOPPED);
	assert_int_equal(tu_hart(env)->mapped, 0);
	/* the hand-off cycle and instret counters are stopped too */
	assert_int_equal(tu_hart(env)->started, 0);
	assert_int_equal(env->hart[0].inhibit, (uint32_t)tu_hw_valid(env));
}

static void test_linux_boot__two_harts__probe_each(void **state)
{
	struct sim_env *env = *state;
	unsigned long m0 = linux_probe_counters(env, 0);
	unsigned long m1 = linux_probe_counters(env, 1);

	assert_int_equal(m0, m1);
	assert_err(stop_on(env, 0, 0, m0, F_RESET), SBI_ERR_ALREADY_STOPPED);
	assert_ok(cfg_match_on(env, 1, 0, m1, SBI_PMU_CFG_FLAG_AUTO_START,
			       EV_CYCLES, 0));
	assert_err(stop_on(env, 1, 0, m1, F_RESET), SBI_ERR_ALREADY_STOPPED);
	assert_int_equal(env->pmu[1]->mapped, 0);
}

static void assert_qemu_answers(const uint32_t ev[N_PROBE],
				const bool supported[N_PROBE])
{
	unsigned int i;

	for (i = 0; i < N_PROBE; i++) {
		bool want = ev[i] == EV_CYCLES || ev[i] == EV_INSTRUCTIONS ||
			    ev[i] == EV_DTLB_READ_MISS ||
			    ev[i] == EV_DTLB_WRITE_MISS ||
			    ev[i] == EV_ITLB_READ_MISS;

		assert_int_equal(supported[i], want);
	}
}

static void test_linux_boot__52_events_cfg_match_and_v3_agree(void **state)
{
	struct sim_env *env = *state;
	unsigned long cmask = linux_probe_counters(env, 0);
	uint32_t ev[N_PROBE];
	bool by_match[N_PROBE], by_info[N_PROBE];

	linux_probe_events(ev);
	linux_probe_cfg_match(env, cmask, ev, by_match);
	assert_int_equal(tu_hart(env)->mapped, 0);
	linux_probe_event_info(env, ev, by_info);
	assert_memory_equal(by_match, by_info, sizeof(by_match));
	assert_qemu_answers(ev, by_match);
}

static void test_linux_boot__52_events_no_sscofpmf__same_answers(void **state)
{
	test_linux_boot__52_events_cfg_match_and_v3_agree(state);
}

static void test_linux_boot__52_events_no_rows__fixed_events_only(void **state)
{
	struct sim_env *env = *state;
	unsigned long cmask = linux_probe_counters(env, 0);
	uint32_t ev[N_PROBE];
	bool by_match[N_PROBE], by_info[N_PROBE];
	unsigned int i;

	linux_probe_events(ev);
	linux_probe_cfg_match(env, cmask, ev, by_match);
	linux_probe_event_info(env, ev, by_info);
	assert_memory_equal(by_match, by_info, sizeof(by_match));
	for (i = 0; i < N_PROBE; i++)
		assert_int_equal(by_info[i], ev[i] == EV_CYCLES ||
						     ev[i] == EV_INSTRUCTIONS);
}

/* ---- sched-in / sched-out ---- */

/* One perf event's life: match, start, count, stop, reset. */
static unsigned long sched_in_out(struct sim_env *env, unsigned long flags,
				  unsigned long ev, uint64_t data,
				  uint64_t init, uint64_t ticks)
{
	struct sbiret r = cfg_match(env, 0, tu_valid(env), flags, ev, data);
	unsigned long idx = r.value;

	assert_ok(r);
	assert_ok(start(env, idx, 1, F_INIT, init));
	sim_hart_tick(&env->hart[0], ticks);
	assert_ok(stop(env, idx, 1, 0));
	if (idx < QEMU_FIRST_FW)
		assert_int_equal(env->hart[0].counter[idx], init + ticks);
	/* sched-out resets the already stopped counter: it must be released */
	assert_err(stop(env, idx, 1, F_RESET), SBI_ERR_ALREADY_STOPPED);
	assert_false(tu_mapped(env, idx));
	return idx;
}

static void test_linux_sched__in_out__same_counter_next_time(void **state)
{
	struct sim_env *env = *state;
	unsigned long first = sched_in_out(env, 0, EV_CYCLES, 0, 100, 5);
	unsigned int round;

	for (round = 0; round < 20; round++)
		assert_int_equal(sched_in_out(env, 0, EV_CYCLES, 0, round, 7),
				 first);
	assert_int_equal(
		sched_in_out(env, 0, EV_FW(SBI_PMU_FW_IPI_SENT), 0, 0, 0),
		QEMU_FIRST_FW);
	assert_int_equal(tu_hart(env)->mapped, 0);
}

static void test_linux_sched__exclude_kernel_user_guest_flags(void **state)
{
	struct sim_env *env = *state;
	const unsigned long flags[] = {
		SBI_PMU_CFG_FLAG_SET_SINH,
		SBI_PMU_CFG_FLAG_SET_UINH,
		SBI_PMU_CFG_FLAG_SET_VSINH | SBI_PMU_CFG_FLAG_SET_VUINH,
		SBI_PMU_CFG_FLAG_SET_SINH | SBI_PMU_CFG_FLAG_SET_VSINH |
			SBI_PMU_CFG_FLAG_SET_VUINH,
	};
	unsigned int i;

	/* no H extension here: guest flags must still be accepted */
	for (i = 0; i < 4; i++) {
		sched_in_out(env, flags[i], EV_CYCLES, 0, 0, 3);
		sched_in_out(env, flags[i], EV_DTLB_READ_MISS, 0, 0, 3);
	}
}

static void test_linux_sched__snapshot_stop__value_in_slot_0(void **state)
{
	struct sim_env *env = *state;
	struct pmu_snapshot_shmem *s = tu_snap(env, S_RAM);
	struct sbiret r;

	assert_ok(set_shmem(env, S_RAM, 0));
	r = cfg_match(env, 0, tu_valid(env), 0, EV_ITLB_READ_MISS, 0);
	assert_ok(r);
	assert_ok(start(env, r.value, 1, F_INIT, 1000));
	sim_hart_tick(&env->hart[0], 24);
	assert_ok(stop(env, r.value, 1, F_SNAP));
	/* relative to cbase = idx: Linux moves values[0] to values[idx] */
	assert_int_equal(s->values[0], 1024);
	assert_err(stop(env, r.value, 1, F_RESET), SBI_ERR_ALREADY_STOPPED);
}

/* ---- overflow interrupt handler ---- */

/* scountovf as S-mode reads it: the OF bits of the hpm counters. */
static uint64_t scountovf(const struct sim_env *env)
{
	uint64_t bits = 0;
	unsigned int i;

	for (i = PMU_CTR_HPM_FIRST; i < 32; i++)
		if (env->hart[0].event[i] & MHPMEVENT_OF)
			bits |= 1ULL << i;
	return bits;
}

/*
 * After Linux's boot (pmu_sbi_starting_cpu() stops everything, the
 * hand-off cycle and instret counters too), sample cycles on one counter
 * and count DTLB misses on another.
 */
static uint64_t overflow_prepare(struct sim_env *env, uint64_t init,
				 unsigned long *ovf_idx)
{
	struct sbiret a, b;

	assert_err(stop(env, 0, tu_valid(env), F_RESET),
		   SBI_ERR_ALREADY_STOPPED);
	a = cfg_match(env, 0, tu_valid(env), 0, EV_CYCLES, 0);
	b = cfg_match(env, 0, tu_valid(env), 0, EV_DTLB_READ_MISS, 0);
	assert_ok(a);
	assert_ok(b);
	assert_ok(start(env, a.value, 1, F_INIT, init));
	assert_ok(start(env, b.value, 1, F_INIT, 0));
	*ovf_idx = a.value;
	return (1ULL << a.value) | (1ULL << b.value);
}

/* pmu_sbi_ovf_handler() without snapshot, one interrupt. */
static void overflow_handle_sbi(struct sim_env *env, uint64_t used,
				uint64_t init, unsigned long ovf_idx)
{
	uint64_t ovf;

	assert_ok(stop(env, 0, used, 0));
	ovf = scountovf(env);
	assert_int_equal(ovf, 1ULL << ovf_idx);
	env->hart[0].lcofip = false; /* csr_clear(sip, LCOFIP) */
	assert_ok(start(env, 0, used & ~ovf, 0, 0));
	assert_ok(start(env, ovf_idx, 1, F_INIT, init));
	assert_int_equal(env->hart[0].event[ovf_idx] & MHPMEVENT_OF, 0);
}

static void
test_linux_overflow__no_snapshot__second_interrupt_comes(void **state)
{
	struct sim_env *env = *state;
	uint64_t width = sim_hart_width_mask(&env->hart[0], 3);
	uint64_t init = width - 99;
	unsigned long idx;
	uint64_t used = overflow_prepare(env, init, &idx);
	unsigned int irq;

	for (irq = 0; irq < 3; irq++) {
		sim_hart_tick(&env->hart[0], 99);
		assert_false(env->hart[0].lcofip);
		sim_hart_tick(&env->hart[0], 1);
		assert_true(env->hart[0].lcofip);
		overflow_handle_sbi(env, used, init, idx);
	}
	assert_int_equal(tu_hart(env)->started, used);
}

static void test_linux_overflow__width_48__second_interrupt_comes(void **state)
{
	test_linux_overflow__no_snapshot__second_interrupt_comes(state);
}

static void
test_linux_overflow__snapshot__driver_cbase_4096_rejected(void **state)
{
	struct sim_env *env = *state;
	struct pmu_snapshot_shmem *s = tu_snap(env, S_RAM);
	uint64_t init = ~0ULL - 9;
	unsigned long idx;
	uint64_t used;

	assert_ok(set_shmem(env, S_RAM, 0));
	used = overflow_prepare(env, init, &idx);
	sim_hart_tick(&env->hart[0], 10);
	assert_true(env->hart[0].lcofip);
	/* pmu_sbi_stop_hw_ctrs(): STOP(i * XLEN, used, TAKE_SNAPSHOT) */
	assert_ok(stop(env, 0, used, F_SNAP));
	assert_int_equal(s->overflow, 1ULL << idx);
	assert_int_equal(s->values[idx], 0);
	env->hart[0].lcofip = false;
	s->values[idx] = init;
	/* the driver's restart: cbase = idx * BITS_PER_LONG = 64 * 64 */
	assert_err(start(env, XLEN64 * XLEN64, used, F_INIT_SNAP, 0),
		   SBI_ERR_INVALID_PARAM);
	assert_int_equal(tu_hart(env)->started, 0);
	/* firmware alive; the next sched-in (a correct START) works */
	assert_ok(num_counters(env));
	assert_ok(start(env, 0, used, F_INIT_SNAP, 0));
	assert_int_equal(env->hart[0].counter[idx], init);
	assert_int_equal(env->hart[0].event[idx] & MHPMEVENT_OF, 0);
	sim_hart_tick(&env->hart[0], 10);
	assert_true(env->hart[0].lcofip);
}

static void test_linux_overflow__lcofip_not_cleared__of_not_lost(void **state)
{
	struct sim_env *env = *state;
	unsigned long idx;
	uint64_t used = overflow_prepare(env, ~0ULL, &idx);

	sim_hart_tick(&env->hart[0], 1);
	assert_ok(stop(env, 0, used, 0));
	/* restarted before S-mode handled the interrupt: OF must survive */
	assert_ok(start(env, 0, used, 0, 0));
	assert_int_equal(scountovf(env), 1ULL << idx);
	assert_true(env->hart[0].lcofip);
}

/* ---- the known driver bug alone ---- */

static void
test_linux_driver_bug__cbase_4096__invalid_param_firmware_alive(void **state)
{
	struct sim_env *env = *state;

	map_and_start(env, 3, EV_CYCLES, 0, 0);
	assert_err(stop(env, XLEN64 * XLEN64, 0x8, F_SNAP),
		   SBI_ERR_INVALID_PARAM);
	assert_err(start(env, XLEN64 * XLEN64, 0x8, F_INIT_SNAP, 0),
		   SBI_ERR_INVALID_PARAM);
	assert_err(start(env, XLEN64, 0x8, 0, 0), SBI_ERR_INVALID_PARAM);
	assert_true(tu_started(env, 3));
	assert_ok(stop(env, 3, 1, F_RESET));
}

/* ---- legacy mode (perf_user_access=2) ---- */

static void legacy_round(struct sim_env *env, unsigned long cmask,
			 unsigned long ev, unsigned long idx)
{
	struct sbiret r = cfg_match(env, 0, cmask, F_SKIP, ev, 0);

	assert_ok(r);
	assert_int_equal(r.value, idx);
	assert_ok(start(env, idx, 1, F_INIT, 0));
	/* user space reads cycle/instret directly: it must be running */
	assert_int_equal((env->hart[0].inhibit >> idx) & 1, 0);
	sim_hart_tick(&env->hart[0], 11);
	assert_int_equal(env->hart[0].counter[idx], 11);
	assert_ok(stop(env, idx, 1, 0));
	assert_err(stop(env, idx, 1, F_RESET), SBI_ERR_ALREADY_STOPPED);
}

static void test_linux_legacy__skip_match_fixed_counters_twice(void **state)
{
	struct sim_env *env = *state;
	unsigned int round;

	for (round = 0; round < 2; round++) {
		legacy_round(env, 1UL << PMU_CTR_CYCLE, EV_CYCLES, 0);
		legacy_round(env, 1UL << PMU_CTR_INSTRET, EV_INSTRUCTIONS, 2);
	}
	assert_int_equal(tu_hart(env)->mapped, 0);
}

/* ---- perf raw configs for firmware events ---- */

static void test_linux_raw_config__fw_and_platform_events(void **state)
{
	struct sim_env *env = *state;
	uint64_t config =
		(3ULL << 62) | 2; /* platform event, data config[61:0] */
	struct sbiret r;

	/* config 10b: event_idx = 0xF0000 | config[15:0] */
	r = cfg_match(env, 0, tu_valid(env), 0, 0xF0000UL | 6, 0);
	assert_ok(r);
	assert_ok(start(env, r.value, 1, F_INIT, 0));
	pmu_fw_event(tu_hart(env), SBI_PMU_FW_IPI_SENT);
	assert_int_equal(fw_read(env, r.value).value, 1);
	r = cfg_match(env, 0, tu_valid(env), 0, 0xFFFFFUL,
		      config & ((1ULL << 62) - 1));
	assert_ok(r);
	assert_ok(start(env, r.value, 1, F_INIT, 0));
	pmu_fw_platform_event(tu_hart(env), 2, 4);
	assert_int_equal(fw_read(env, r.value).value, 4);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
#define T(f)	 cmocka_unit_test_setup_teardown(f, setup_linux, tu_teardown)
#define TS(f, s) cmocka_unit_test_setup_teardown(f, s, tu_teardown)
		T(test_linux_boot__counters_probe_then_stop_all),
		TS(test_linux_boot__two_harts__probe_each, setup_two_harts),
		T(test_linux_boot__52_events_cfg_match_and_v3_agree),
		TS(test_linux_boot__52_events_no_sscofpmf__same_answers,
		   tu_setup_no_sscofpmf),
		TS(test_linux_boot__52_events_no_rows__fixed_events_only,
		   setup_no_rows),
		T(test_linux_sched__in_out__same_counter_next_time),
		T(test_linux_sched__exclude_kernel_user_guest_flags),
		T(test_linux_sched__snapshot_stop__value_in_slot_0),
		T(test_linux_overflow__no_snapshot__second_interrupt_comes),
		TS(test_linux_overflow__width_48__second_interrupt_comes,
		   setup_narrow),
		T(test_linux_overflow__snapshot__driver_cbase_4096_rejected),
		T(test_linux_overflow__lcofip_not_cleared__of_not_lost),
		T(test_linux_driver_bug__cbase_4096__invalid_param_firmware_alive),
		T(test_linux_legacy__skip_match_fixed_counters_twice),
		TS(test_linux_raw_config__fw_and_platform_events,
		   tu_setup_qemu_platform),
#undef T
#undef TS
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
