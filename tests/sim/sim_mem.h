/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Simulated physical memory for host tests: a small RAM whose first part
 * is the firmware's own, an MMIO hole below it and nothing above it up to
 * the top of the address space. It implements the platform's shared-memory
 * hook and records every range it accepted, so a test can compare RAM
 * before and after a call and prove that nothing outside an accepted range
 * changed.
 *
 * Host builds define SBIPMU_SHMEM_TRACE, which binds the core's accesses
 * to supervisor memory (sbi_shmem.h) to this file. During a call
 * (sim_mem_call_begin() .. sim_mem_call_end()) every such access is
 * checked: a byte loaded twice in one call (a double fetch) and a load or
 * store outside the accepted ranges are violations. After each access a
 * "race" hook, if set, may change memory as a supervisor on another hart
 * would (sim_mem_poke()); that is how the tests and the fuzzer model a
 * concurrent writer deterministically.
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
#define SIM_LOAD_LOG   256

struct sim_range {
	uint64_t base;
	uint64_t size;
};

struct sim_mem;

/*
 * The concurrent writer: called after each traced access of the core
 * (physical @addr, @size bytes, a store or a load) during a call.
 */
typedef void (*sim_mem_race_fn)(void *ctx, struct sim_mem *m, uint64_t addr,
				unsigned int size, bool store);

struct sim_mem {
	uint8_t *ram; /* SIM_RAM_SIZE bytes, 4 KiB aligned */
	struct sim_range accepted[SIM_MAX_RANGES];
	unsigned int n_accepted;
	unsigned int violations;
	/* Traced accesses (SBIPMU_SHMEM_TRACE), of the current or last call. */
	uint8_t *loaded; /* per byte of RAM: loads of it (saturating) */
	/* The loads of the call, to clear just those bytes of @loaded. */
	struct sim_range load_log[SIM_LOAD_LOG];
	unsigned int loads, stores;
	unsigned int double_loads; /* bytes loaded again (also violations) */
	unsigned int stray; /* accesses outside accepted ranges (ditto) */
	uint8_t *before;    /* the call's copy for the write check */
	sim_mem_race_fn race;
	void *race_ctx;
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

/*
 * One call of the core: copy RAM to @before (SIM_RAM_SIZE bytes) and
 * trace the core's accesses until sim_mem_call_end(), which runs
 * sim_mem_check_writes() against that copy.
 */
void sim_mem_call_begin(struct sim_mem *m, uint8_t *before);
void sim_mem_call_end(struct sim_mem *m);

/*
 * The supervisor writes @n bytes at physical @addr during a call (a race
 * hook): RAM and the call's copy both change, so the write check judges
 * only the core's own writes. Bytes outside supervisor RAM are not
 * written (returns false).
 */
bool sim_mem_poke(struct sim_mem *m, uint64_t addr, const void *src, size_t n);

/* Times the core loaded byte @addr in the current or last call. */
unsigned int sim_mem_loads_of(const struct sim_mem *m, uint64_t addr);

#endif
