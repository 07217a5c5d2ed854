/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The simulated platform (see sim_env.h).
 */
#include "sim_env.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

const struct pmu_map_counters_row sim_qemu_rows[5] = {
	{0x00001, 0x00001, 0x7fff9}, {0x00002, 0x00002, 0x7fffc},
	{0x10019, 0x10019, 0x7fff8}, {0x1001B, 0x1001B, 0x7fff8},
	{0x10021, 0x10021, 0x7fff8},
};

struct sim_env_cfg sim_env_default_cfg(void)
{
	struct sim_env_cfg cfg = {
		.hart = {.xlen = 64,
			 .counters = 0x7fffd,
			 .width = 64,
			 .sscofpmf = true},
		.num_fw = 8,
		.harts = 1,
	};
	return cfg;
}

/* Platform event @event_data (< SIM_PLATFORM_EVENTS) is number data + 1. */
static unsigned int sim_platform_event(void *ctx, uint64_t event_data)
{
	(void)ctx;
	return event_data < SIM_PLATFORM_EVENTS ? (unsigned int)event_data + 1
						: 0;
}

static void sim_overflow(void *ctx, void *hal_ctx, uint64_t overflowed)
{
	/* The platform context is the env's memory (sim_mem_shmem_map's). */
	struct sim_env *env =
		(struct sim_env *)((char *)ctx - offsetof(struct sim_env, mem));

	env->overflow_calls++;
	env->overflow_last = overflowed;
	env->overflow_hal_ctx = hal_ctx;
}

static void sim_count_diag(void *ctx, const struct pmu_map_diag *d)
{
	struct sim_env *env = ctx;

	(void)d;
	env->map_diags++;
}

static void sim_env_install_rows(struct sim_env *env)
{
	struct pmu_map_input qemu = {0};

	if (env->cfg.no_rows)
		return;
	if (env->cfg.rows) {
		pmu_core_set_map(&env->core, env->cfg.rows, sim_count_diag,
				 env);
		return;
	}
	qemu.present[PMU_PROP_EVENT_TO_MHPMCOUNTERS] = true;
	qemu.ctr = sim_qemu_rows;
	qemu.n_ctr = 5;
	pmu_core_set_map(&env->core, &qemu, sim_count_diag, env);
}

int sim_env_init(struct sim_env *env, const struct sim_env_cfg *cfg)
{
	struct pmu_hw_desc desc;
	unsigned int i;

	memset(env, 0, sizeof(*env));
	env->cfg = *cfg;
	if (!cfg->harts || cfg->harts > SIM_MAX_HARTS ||
	    sim_mem_init(&env->mem))
		return -1;
	env->before = malloc(SIM_RAM_SIZE);
	if (!env->before)
		return -1;
	env->plat.shmem_map = sim_mem_shmem_map;
	env->plat.overflow = sim_overflow;
	if (cfg->platform_events)
		env->plat.fw_platform_event = sim_platform_event;
	for (i = 0; i < cfg->harts; i++)
		sim_hart_init(&env->hart[i], &cfg->hart);
	sim_hart_describe(&env->hart[0], cfg->num_fw, &desc);
	desc.no_snapshot = cfg->no_snapshot;
	env->hal = sim_hal_ops;
	if (cfg->no_event_mode)
		env->hal.event_mode = NULL;
	if (pmu_core_init(&env->core, &desc, &env->hal, &env->plat, &env->mem))
		return -1;
	sim_env_install_rows(env);
	for (i = 0; i < cfg->harts; i++) {
		env->pmu[i] = pmu_hart_init(env->state[i], SIM_STATE_BYTES,
					    &env->core, &env->hart[i]);
		if (!env->pmu[i])
			return -1;
	}
	return 0;
}

void sim_env_free(struct sim_env *env)
{
	sim_mem_free(&env->mem);
	free(env->before);
	env->before = NULL;
}

/*
 * Shared memory a hart may legitimately write: the part of its snapshot
 * area that table 16 lays out (the overflow word and 64 values); the
 * reserved rest of the page is not the firmware's.
 */
static void sim_env_accept_snapshots(struct sim_env *env)
{
	struct sim_mem *m = &env->mem;
	unsigned int i;

	m->n_accepted = 0;
	for (i = 0; i < env->cfg.harts; i++) {
		const uint8_t *p = (const uint8_t *)env->pmu[i]->shmem;

		if (!p)
			continue;
		m->accepted[m->n_accepted].base =
			SIM_RAM_BASE + (uint64_t)(p - m->ram);
		m->accepted[m->n_accepted].size =
			SBI_PMU_SNAPSHOT_VALUES_OFFSET +
			8 * SBI_PMU_SNAPSHOT_VALUES_COUNT;
		m->n_accepted++;
	}
}

struct sbiret sim_ecall(struct sim_env *env, unsigned int hart,
			unsigned long fid, unsigned long a0, unsigned long a1,
			unsigned long a2, unsigned long a3, unsigned long a4,
			unsigned long a5)
{
	const unsigned long a[6] = {a0, a1, a2, a3, a4, a5};
	struct sbiret ret;

	sim_env_accept_snapshots(env);
	sim_mem_call_begin(&env->mem, env->before);
	ret = sbi_pmu_ecall(env->pmu[hart], fid, a);
	sim_mem_call_end(&env->mem);
	return ret;
}

unsigned int sim_env_violations(const struct sim_env *env)
{
	unsigned int i, n = env->mem.violations;

	for (i = 0; i < env->cfg.harts; i++)
		n += env->hart[i].violations + env->hart[i].prev_mismatches;
	return n;
}
