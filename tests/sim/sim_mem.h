/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Simulated physical memory for host tests: a small RAM whose first part
 * is the firmware's own, an MMIO hole below it and nothing above it up to
 * the top of the address space. It implements the platform's shared-memory
 * hook and records every range it accepted, so a test can compare RAM
 * before and after a call and prove that nothing outside an accepted range
 * changed.
 */
#ifndef SBIPMU_SIM_MEM_H
#define SBIPMU_SIM_MEM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define SIM_RAM_BASE   0x80000000ULL
#define SIM_RAM_SIZE   0x10000ULL /* 64 KiB */
#define SIM_FW_SIZE    0x4000ULL  /* firmware: first 16 KiB of RAM */
#define SIM_S_RAM_BASE (SIM_RAM_BASE + SIM_FW_SIZE)
#define SIM_MMIO_BASE  0x10000000ULL
#define SIM_MAX_RANGES 64

struct sim_range {
	uint64_t base;
	uint64_t size;
};

struct sim_mem {
	uint8_t *ram; /* SIM_RAM_SIZE bytes, 4 KiB aligned */
	struct sim_range accepted[SIM_MAX_RANGES];
	unsigned int n_accepted;
	unsigned int violations;
};

int sim_mem_init(struct sim_mem *m);
void sim_mem_free(struct sim_mem *m);

/* Host pointer of physical @addr inside RAM (tests write tables there). */
void *sim_mem_ptr(struct sim_mem *m, uint64_t addr);

/* The platform hook: pmu_platform_ops.shmem_map. */
void *sim_mem_shmem_map(void *ctx, uint64_t addr, uint64_t size);

/*
 * Compare RAM with @before (a copy taken earlier); count every changed
 * byte outside all accepted ranges as a violation. Returns the number of
 * such bytes.
 */
size_t sim_mem_check_writes(struct sim_mem *m, const uint8_t *before);

#endif
