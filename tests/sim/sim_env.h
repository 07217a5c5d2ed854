/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A complete simulated platform for host tests: up to SIM_MAX_HARTS
 * simulated harts, simulated memory, the PMU core initialised on them, and
 * an ecall entry that checks after every call that no CSR access was
 * illegal and no byte outside an accepted shared-memory range changed.
 * Defaults model QEMU 7.2 `virt` (RV64, counters 0, 2, 3..18, Sscofpmf,
 * QEMU's riscv,pmu rows).
 */
#ifndef SBIPMU_SIM_ENV_H
#define SBIPMU_SIM_ENV_H

#include <sbipmu/pmu.h>
#include <sbipmu/sbi_pmu_ecall.h>

#include "sim_hart.h"
#include "sim_mem.h"

#define SIM_MAX_HARTS	4
#define SIM_STATE_BYTES 2048

/* Platform firmware events the simulated platform knows: event_data < 4. */
#define SIM_PLATFORM_EVENTS 4

struct sim_env_cfg {
	struct sim_hart_cfg hart;
	unsigned int num_fw; /* firmware counters */
	unsigned int harts;
	bool platform_events;	    /* offer fw_platform_event */
	bool no_rows;		    /* no riscv,pmu rows at all */
	bool no_snapshot;	    /* firmware withholds the snapshot area */
	bool no_event_mode;	    /* a HAL without the event_mode hook */
	struct pmu_map_input *rows; /* NULL: QEMU 7.2's rows */
	/*
	 * Start where Linux does once its driver probed, after every hart's
	 * STOP(all, RESET) (tests/unit/test_util.h); otherwise in the
	 * hand-off state, cycle and instret running unclaimed.
	 */
	bool linux_boot_stop;
};

struct sim_env {
	struct sim_env_cfg cfg;
	struct sim_hart hart[SIM_MAX_HARTS];
	struct sim_mem mem;
	struct pmu_core core;
	struct pmu_hal_ops hal; /* sim_hal_ops, as cfg asks */
	struct pmu_hart *pmu[SIM_MAX_HARTS];
	struct pmu_platform_ops plat;
	_Alignas(8) uint8_t state[SIM_MAX_HARTS][SIM_STATE_BYTES];
	uint8_t *before; /* RAM copy for the write check */
	unsigned int map_diags;
	/* The platform's overflow hook: calls, last bitmap, last hart. */
	unsigned int overflow_calls;
	uint64_t overflow_last;
	void *overflow_hal_ctx;
};

/* QEMU 7.2 virt defaults: RV64, 0/2/3..18, 64-bit, Sscofpmf, 8 fw. */
struct sim_env_cfg sim_env_default_cfg(void);

int sim_env_init(struct sim_env *env, const struct sim_env_cfg *cfg);
void sim_env_free(struct sim_env *env);

/* One PMU ecall on @hart with a0..a5 as given; checks the invariants. */
struct sbiret sim_ecall(struct sim_env *env, unsigned int hart,
			unsigned long fid, unsigned long a0, unsigned long a1,
			unsigned long a2, unsigned long a3, unsigned long a4,
			unsigned long a5);

/* CSR + memory violations seen so far (must stay 0). */
unsigned int sim_env_violations(const struct sim_env *env);

/* QEMU 7.2's generated riscv,event-to-mhpmcounters rows. */
extern const struct pmu_map_counters_row sim_qemu_rows[5];

#endif
