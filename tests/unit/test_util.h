/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Shared helpers for the core's unit tests. Every PMU call of a test goes
 * through tu_ecall(), which runs it on the simulated platform (sim_ecall:
 * the real decoder, the real core, a model of the CSR file and memory)
 * and then asserts the invariants that must hold after any call, whatever
 * its arguments: the error is one of the spec's codes, `value` is 0 on
 * error, no illegal CSR access or stray memory write happened, started
 * counters are a subset of mapped ones (plus the fixed counters, which run
 * unclaimed from hart init), mapped ones a subset of valid ones, and the
 * simulated mcountinhibit / mhpmevent agree with that state.
 * The typed wrappers place 64-bit arguments and shared-memory addresses
 * in registers the way the calling convention of the hart's XLEN does,
 * so one test body can run on RV32 and RV64; cfg_match() additionally
 * checks that a returned counter lies inside the requested set.
 * Failures are reported at the caller's line.
 */
#ifndef SBIPMU_TEST_UTIL_H
#define SBIPMU_TEST_UTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <sbipmu/sbi_spec.h>

#include "sim/sim_env.h"

/* ---- event encodings (event_idx = type << 16 | code) ---- */

#define EV_GENERAL(code) ((unsigned long)(code))
#define EV_CACHE(cache, op, res)                                               \
	(0x10000UL | ((unsigned long)(cache) << 3) |                           \
	 ((unsigned long)(op) << 1) | (unsigned long)(res))
#define EV_RAW		    0x20000UL
#define EV_RAW_V2	    0x30000UL
#define EV_FW(code)	    (0xF0000UL | (unsigned long)(code))
#define EV_TYPE(type, code) (((unsigned long)(type) << 16) | (code))

#define EV_CYCLES	   EV_GENERAL(SBI_PMU_HW_CPU_CYCLES)
#define EV_INSTRUCTIONS	   EV_GENERAL(SBI_PMU_HW_INSTRUCTIONS)
#define EV_DTLB_READ_MISS  EV_CACHE(3, 0, 1) /* 0x10019 */
#define EV_DTLB_WRITE_MISS EV_CACHE(3, 1, 1) /* 0x1001B */
#define EV_ITLB_READ_MISS  EV_CACHE(4, 0, 1) /* 0x10021 */
#define EV_FW_PLATFORM	   EV_FW(SBI_PMU_FW_PLATFORM)

/* QEMU virt (sim default): 0, 2..18 hardware, 19..26 firmware. */
#define QEMU_N_LOGICAL 27UL
#define QEMU_FIRST_FW  19UL
/* Cycle and instret: running, unclaimed, from hart init (hand-off). */
#define TU_FIXED 0x5UL

/* Supervisor RAM of the simulated memory map. */
#define S_RAM	SIM_S_RAM_BASE
#define RAM_END (SIM_RAM_BASE + SIM_RAM_SIZE)

/* ---- environment ---- */

static inline struct sim_env_cfg tu_cfg_qemu(void)
{
	return sim_env_default_cfg();
}

/*
 * A new environment in the hand-off state, or with cfg->linux_boot_stop
 * as Linux finds it after its driver's probe: every hart's STOP(all,
 * RESET) stopped the fixed counters (docs/semantics.md).
 */
static inline struct sim_env *tu_env_new(const struct sim_env_cfg *cfg)
{
	struct sim_env *env = calloc(1, sizeof(*env));
	unsigned int h;

	assert_non_null(env);
	assert_int_equal(sim_env_init(env, cfg), 0);
	for (h = 0;
	     cfg->linux_boot_stop && env->core.fixed_valid && h < cfg->harts;
	     h++)
		assert_int_equal(sim_ecall(env, h, SBI_EXT_PMU_COUNTER_STOP, 0,
					   env->core.fixed_valid,
					   SBI_PMU_STOP_FLAG_RESET, 0, 0, 0)
					 .error,
				 SBI_SUCCESS);
	return env;
}

static inline int tu_setup_cfg(void **state, const struct sim_env_cfg *cfg)
{
	*state = tu_env_new(cfg);
	return 0;
}

static inline int tu_setup_qemu(void **state)
{
	struct sim_env_cfg cfg = tu_cfg_qemu();

	return tu_setup_cfg(state, &cfg);
}

static inline int tu_setup_qemu_platform(void **state)
{
	struct sim_env_cfg cfg = tu_cfg_qemu();

	cfg.platform_events = true;
	return tu_setup_cfg(state, &cfg);
}

static inline int tu_setup_no_sscofpmf(void **state)
{
	struct sim_env_cfg cfg = tu_cfg_qemu();

	cfg.hart.sscofpmf = false;
	return tu_setup_cfg(state, &cfg);
}

static inline int tu_setup_rv32(void **state)
{
	struct sim_env_cfg cfg = tu_cfg_qemu();

	cfg.hart.xlen = 32;
	return tu_setup_cfg(state, &cfg);
}

/* QEMU's rows plus one raw row taking any raw event on counters 3..6. */
static struct pmu_map_raw_row tu_raw_any_rows[1];

static inline struct pmu_map_input *tu_rows_qemu_raw_any(void)
{
	static struct pmu_map_input in;

	tu_raw_any_rows[0] = (struct pmu_map_raw_row){0, 0, 0x78};
	in = (struct pmu_map_input){0};
	in.present[PMU_PROP_EVENT_TO_MHPMCOUNTERS] = true;
	in.present[PMU_PROP_RAW_EVENT_TO_MHPMCOUNTERS] = true;
	in.ctr = sim_qemu_rows;
	in.n_ctr = 5;
	in.raw = tu_raw_any_rows;
	in.n_raw = 1;
	return &in;
}

static inline int tu_setup_raw(void **state)
{
	struct sim_env_cfg cfg = tu_cfg_qemu();

	cfg.rows = tu_rows_qemu_raw_any();
	return tu_setup_cfg(state, &cfg);
}

static inline int tu_setup_raw_no_sscofpmf(void **state)
{
	struct sim_env_cfg cfg = tu_cfg_qemu();

	cfg.hart.sscofpmf = false;
	cfg.rows = tu_rows_qemu_raw_any();
	return tu_setup_cfg(state, &cfg);
}

/* ---- assertions reported at the caller's line ---- */

#define TU_CHECK(cond, file, line)                                             \
	_assert_true((LargestIntegralType)((cond) ? 1 : 0), #cond, file, line)

static inline void tu_assert_err(struct sbiret r, long want, const char *file,
				 int line)
{
	if (r.error == want)
		return;
	print_error("%s:%d: got %s (%ld), expected %s (%ld)\n", file, line,
		    sbi_error_name(r.error), r.error, sbi_error_name(want),
		    want);
	_fail(file, line);
}

#define assert_err(r, want) tu_assert_err((r), (want), __FILE__, __LINE__)
#define assert_ok(r)	    tu_assert_err((r), SBI_SUCCESS, __FILE__, __LINE__)

/* ---- invariants after every call ---- */

static inline uint64_t tu_valid(const struct sim_env *env)
{
	return pmu_core_valid_counters(&env->core);
}

static inline uint64_t tu_hw_valid(const struct sim_env *env)
{
	return env->core.hw_valid;
}

/* The simulated CSRs agree with the hart's started/mapped bitmaps. */
static inline void tu_check_hart_csrs(const struct sim_env *env,
				      unsigned int hart, const char *file,
				      int line)
{
	const struct pmu_hart *h = env->pmu[hart];
	const struct sim_hart *s = &env->hart[hart];
	unsigned int i;

	for (i = 0; i < 32; i++) {
		bool running = (h->started >> i) & 1;
		bool inhibited = (s->inhibit >> i) & 1;

		if (!((tu_hw_valid(env) >> i) & 1))
			continue;
		TU_CHECK(running != inhibited, file, line);
		if ((h->mapped >> i) & 1)
			continue;
		if (i == PMU_CTR_CYCLE || i == PMU_CTR_INSTRET)
			TU_CHECK(s->fixed_cfg[i] == 0, file, line);
		else if (!s->cfg.counter_delegation) /* S-mode may own it */
			TU_CHECK(s->event[i] == 0, file, line);
	}
}

static inline void tu_check_invariants(const struct sim_env *env,
				       const char *file, int line)
{
	unsigned int hart;

	TU_CHECK(sim_env_violations(env) == 0, file, line);
	for (hart = 0; hart < env->cfg.harts; hart++) {
		const struct pmu_hart *h = env->pmu[hart];

		/* Only a fixed counter may run unclaimed (hand-off state). */
		TU_CHECK((h->started & ~h->mapped & ~env->core.fixed_valid) ==
				 0,
			 file, line);
		TU_CHECK((h->mapped & ~tu_valid(env)) == 0, file, line);
		tu_check_hart_csrs(env, hart, file, line);
	}
}

static inline int tu_teardown(void **state)
{
	struct sim_env *env = *state;

	tu_check_invariants(env, __FILE__, __LINE__);
	sim_env_free(env);
	free(env);
	return 0;
}

/* ---- calls ---- */

static inline struct sbiret tu_ecall_at(struct sim_env *env, unsigned int hart,
					unsigned long fid,
					const unsigned long a[6],
					const char *file, int line)
{
	struct sbiret r =
		sim_ecall(env, hart, fid, a[0], a[1], a[2], a[3], a[4], a[5]);

	TU_CHECK(sbi_error_is_defined(r.error), file, line);
	if (r.error != SBI_SUCCESS)
		TU_CHECK(r.value == 0, file, line);
	tu_check_invariants(env, file, line);
	return r;
}

/* Raw registers: ecall(env, fid, a0, a1, ...); missing ones are 0. */
#define ecall(env, fid, ...)                                                   \
	tu_ecall_at((env), 0, (fid), (const unsigned long[6]){__VA_ARGS__},    \
		    __FILE__, __LINE__)
#define ecall_on(env, hart, fid, ...)                                          \
	tu_ecall_at((env), (hart), (fid),                                      \
		    (const unsigned long[6]){__VA_ARGS__}, __FILE__, __LINE__)

static inline bool tu_rv32(const struct sim_env *env)
{
	return env->cfg.hart.xlen == 32;
}

static inline unsigned long tu_xlen_ones(const struct sim_env *env)
{
	return tu_rv32(env) ? 0xFFFFFFFFUL : ~0UL;
}

/* A 64-bit value as (low, high) registers on RV32, one register on RV64. */
static inline void tu_split64(const struct sim_env *env, uint64_t v,
			      unsigned long *lo, unsigned long *hi)
{
	if (tu_rv32(env)) {
		*lo = (unsigned long)(v & 0xFFFFFFFFULL);
		*hi = (unsigned long)(v >> 32);
	} else {
		*lo = (unsigned long)v;
		*hi = 0;
	}
}

static inline struct sbiret
tu_cfg_match(struct sim_env *env, unsigned int hart, unsigned long cbase,
	     unsigned long cmask, unsigned long flags, unsigned long event_idx,
	     uint64_t data, const char *file, int line)
{
	unsigned long lo, hi, a[6];
	struct sbiret r;
	unsigned long rel;

	tu_split64(env, data, &lo, &hi);
	a[0] = cbase, a[1] = cmask, a[2] = flags, a[3] = event_idx;
	a[4] = lo, a[5] = hi;
	r = tu_ecall_at(env, hart, SBI_EXT_PMU_COUNTER_CFG_MATCH, a, file,
			line);
	if (r.error != SBI_SUCCESS)
		return r;
	/* The counter returned lies inside the requested set (docs/facts.md
	 * F3.4). */
	cbase &= tu_xlen_ones(env);
	rel = r.value - cbase;
	TU_CHECK(r.value >= cbase && rel < env->cfg.hart.xlen, file, line);
	TU_CHECK(((cmask & tu_xlen_ones(env)) >> rel) & 1, file, line);
	TU_CHECK((env->pmu[hart]->mapped >> r.value) & 1, file, line);
	if (flags & SBI_PMU_CFG_FLAG_AUTO_START)
		TU_CHECK((env->pmu[hart]->started >> r.value) & 1, file, line);
	return r;
}

#define cfg_match(env, cbase, cmask, flags, ev, data)                          \
	tu_cfg_match((env), 0, (cbase), (cmask), (flags), (ev), (data),        \
		     __FILE__, __LINE__)
#define cfg_match_on(env, hart, cbase, cmask, flags, ev, data)                 \
	tu_cfg_match((env), (hart), (cbase), (cmask), (flags), (ev), (data),   \
		     __FILE__, __LINE__)

static inline struct sbiret tu_start(struct sim_env *env, unsigned int hart,
				     unsigned long cbase, unsigned long cmask,
				     unsigned long flags, uint64_t value,
				     const char *file, int line)
{
	unsigned long a[6] = {cbase, cmask, flags, 0, 0, 0};

	tu_split64(env, value, &a[3], &a[4]);
	return tu_ecall_at(env, hart, SBI_EXT_PMU_COUNTER_START, a, file, line);
}

#define start(env, cbase, cmask, flags, value)                                 \
	tu_start((env), 0, (cbase), (cmask), (flags), (value), __FILE__,       \
		 __LINE__)
#define start_on(env, hart, cbase, cmask, flags, value)                        \
	tu_start((env), (hart), (cbase), (cmask), (flags), (value), __FILE__,  \
		 __LINE__)

#define stop(env, cbase, cmask, flags)                                         \
	ecall((env), SBI_EXT_PMU_COUNTER_STOP, (cbase), (cmask), (flags))
#define stop_on(env, hart, cbase, cmask, flags)                                \
	ecall_on((env), (hart), SBI_EXT_PMU_COUNTER_STOP, (cbase), (cmask),    \
		 (flags))
#define num_counters(env)    ecall((env), SBI_EXT_PMU_NUM_COUNTERS, 0)
#define get_info(env, idx)   ecall((env), SBI_EXT_PMU_COUNTER_GET_INFO, (idx))
#define fw_read(env, idx)    ecall((env), SBI_EXT_PMU_COUNTER_FW_READ, (idx))
#define fw_read_hi(env, idx) ecall((env), SBI_EXT_PMU_COUNTER_FW_READ_HI, (idx))

/* Shared-memory calls: the address as (lo, hi) registers for the XLEN. */
static inline struct sbiret tu_shmem_call(struct sim_env *env,
					  unsigned int hart, unsigned long fid,
					  uint64_t addr, unsigned long a2,
					  unsigned long a3, const char *file,
					  int line)
{
	unsigned long a[6] = {0};

	tu_split64(env, addr, &a[0], &a[1]);
	a[2] = a2, a[3] = a3;
	return tu_ecall_at(env, hart, fid, a, file, line);
}

#define set_shmem(env, addr, flags)                                            \
	tu_shmem_call((env), 0, SBI_EXT_PMU_SNAPSHOT_SET_SHMEM, (addr),        \
		      (flags), 0, __FILE__, __LINE__)
#define set_shmem_on(env, hart, addr, flags)                                   \
	tu_shmem_call((env), (hart), SBI_EXT_PMU_SNAPSHOT_SET_SHMEM, (addr),   \
		      (flags), 0, __FILE__, __LINE__)
#define disable_shmem(env)                                                     \
	ecall((env), SBI_EXT_PMU_SNAPSHOT_SET_SHMEM, tu_xlen_ones(env),        \
	      tu_xlen_ones(env), 0)
#define event_get_info(env, addr, n, flags)                                    \
	tu_shmem_call((env), 0, SBI_EXT_PMU_EVENT_GET_INFO, (addr), (n),       \
		      (flags), __FILE__, __LINE__)

/* ---- simulated memory ---- */

struct tu_info_entry {
	uint32_t event_idx;
	uint32_t output;
	uint64_t event_data;
};

static inline void *tu_mem(struct sim_env *env, uint64_t addr)
{
	void *p = sim_mem_ptr(&env->mem, addr);

	assert_non_null(p);
	return p;
}

static inline struct pmu_snapshot_shmem *tu_snap(struct sim_env *env,
						 uint64_t addr)
{
	return tu_mem(env, addr);
}

/* Fill an event info table at @addr; outputs preset to all-ones. */
static inline struct tu_info_entry *
tu_info_table(struct sim_env *env, uint64_t addr, const uint32_t *idx,
	      const uint64_t *data, size_t n)
{
	struct tu_info_entry *e = tu_mem(env, addr);
	size_t i;

	for (i = 0; i < n; i++) {
		e[i].event_idx = idx[i];
		e[i].output = 0xFFFFFFFFu;
		e[i].event_data = data ? data[i] : 0;
	}
	return e;
}

/* ---- a supervisor on another hart, writing during a call ---- */

/*
 * Once the core has loaded the byte at @after (sim_mem's race hook), the
 * other hart writes each poke: @size (4 or 8) bytes of @value at @addr.
 * It fires once per call that makes that load.
 */
struct tu_race_poke {
	uint64_t addr;
	uint64_t value;
	unsigned int size;
};

struct tu_race {
	uint64_t after;
	struct tu_race_poke poke[2];
	unsigned int n_pokes;
	unsigned int fired;
};

static inline void tu_race_hook(void *ctx, struct sim_mem *m, uint64_t addr,
				unsigned int size, bool store)
{
	struct tu_race *r = ctx;
	unsigned int i;

	if (store || r->after < addr || r->after - addr >= size)
		return;
	r->fired++;
	for (i = 0; i < r->n_pokes; i++) {
		uint32_t v32 = (uint32_t)r->poke[i].value;
		const void *src = r->poke[i].size == 4 ? (const void *)&v32
						       : &r->poke[i].value;

		assert_true(
			sim_mem_poke(m, r->poke[i].addr, src, r->poke[i].size));
	}
}

static inline void tu_race_arm(struct sim_env *env, struct tu_race *r)
{
	env->mem.race = tu_race_hook;
	env->mem.race_ctx = r;
}

static inline void tu_race_disarm(struct sim_env *env)
{
	env->mem.race = NULL;
	env->mem.race_ctx = NULL;
}

/* ---- hart state ---- */

/* Firmware counter @idx's value through FW_READ, which must succeed. */
static inline uint64_t tu_fw_value(struct sim_env *env, unsigned long idx)
{
	struct sbiret r = fw_read(env, idx);

	assert_ok(r);
	return r.value;
}

static inline struct pmu_hart *tu_hart(struct sim_env *env)
{
	return env->pmu[0];
}

static inline bool tu_mapped(const struct sim_env *env, unsigned long idx)
{
	return (env->pmu[0]->mapped >> idx) & 1;
}

static inline bool tu_started(const struct sim_env *env, unsigned long idx)
{
	return (env->pmu[0]->started >> idx) & 1;
}

/* The mhpmevent value the core saved for hardware counter @idx. */
static inline uint64_t tu_saved_selector(const struct sim_env *env,
					 unsigned long idx)
{
	return pmu_hart_saved_event(env->pmu[0], (unsigned int)idx);
}

/*
 * A fixed counter running unowned since hand-off is stopped first, as
 * Linux's boot STOP does: CFG_MATCH never finds a started counter.
 */
static inline void tu_stop_if_unowned(struct sim_env *env, unsigned long idx)
{
	const struct pmu_hart *h = env->pmu[0];

	if (idx < 64 && ((h->started & ~h->mapped) >> idx) & 1)
		assert_int_equal(sim_ecall(env, 0, SBI_EXT_PMU_COUNTER_STOP,
					   idx, 1, 0, 0, 0, 0)
					 .error,
				 SBI_SUCCESS);
}

/*
 * Configure @ev (event_data @data) on exactly counter @idx and start it:
 * CFG_MATCH on the set {@idx} (SKIP_MATCH needs an earlier match).
 */
static inline void tu_map_and_start(struct sim_env *env, unsigned long idx,
				    unsigned long ev, uint64_t data,
				    uint64_t init, const char *file, int line)
{
	struct sbiret r;

	tu_stop_if_unowned(env, idx);
	r = tu_cfg_match(env, 0, idx, 1, 0, ev, data, file, line);

	tu_assert_err(r, SBI_SUCCESS, file, line);
	TU_CHECK(r.value == idx, file, line);
	r = tu_start(env, 0, idx, 1, SBI_PMU_START_FLAG_SET_INIT_VALUE, init,
		     file, line);
	tu_assert_err(r, SBI_SUCCESS, file, line);
}

#define map_and_start(env, idx, ev, data, init)                                \
	tu_map_and_start((env), (idx), (ev), (data), (init), __FILE__, __LINE__)

#endif
