/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The one checked-arithmetic helper that turns a shared-memory argument
 * (address bits 63:0 and 127:64, a count of elements of a size) into a
 * firmware pointer, for every extension that takes one (PMU, SSE).
 * Whether the range may be used is the platform's answer; this helper
 * adds what no platform should have to think about: a zero or
 * overflowing size, an end address that wraps, an address above 64 bits.
 */
#ifndef SBIPMU_SBI_SHMEM_H
#define SBIPMU_SBI_SHMEM_H

#include <stdint.h>

/* A platform's range check (pmu/sse_platform_ops.shmem_map). */
typedef void *(*sbi_shmem_map_fn)(void *ctx, uint64_t addr, uint64_t size);

/*
 * Firmware pointer to [addr, addr + count * elem_size), or NULL when the
 * range is empty, wraps, overflows, lies above 64 bits or is refused by
 * @map.
 */
void *sbi_shmem_map(sbi_shmem_map_fn map, void *ctx, uint64_t addr,
		    uint64_t addr_above, uint64_t count, uint64_t elem_size);

/*
 * Every load and store the PMU core makes to supervisor memory, through
 * a pointer sbi_shmem_map() returned: one volatile access each. The
 * supervisor may rewrite its memory from another hart at any moment, so
 * a caller word is loaded once into a local, checked there and never
 * loaded again (no double fetch), and a store's address never depends on
 * what the memory holds. Routing every access through one place keeps
 * that visible at each site, and lets host builds that define
 * SBIPMU_SHMEM_TRACE bind the accesses to the simulated memory
 * (tests/sim/sim_mem.c), which counts a byte loaded twice in one call or
 * a store outside the accepted range as a violation, and lets a model of
 * a concurrent writer change memory between two accesses. The firmware
 * build compiles each to the one load or store.
 */
#ifdef SBIPMU_SHMEM_TRACE
uint32_t sbi_shmem_trace_load32(const volatile uint32_t *p);
uint64_t sbi_shmem_trace_load64(const volatile uint64_t *p);
void sbi_shmem_trace_store32(volatile uint32_t *p, uint32_t v);
void sbi_shmem_trace_store64(volatile uint64_t *p, uint64_t v);
#define sbi_shmem_load32  sbi_shmem_trace_load32
#define sbi_shmem_load64  sbi_shmem_trace_load64
#define sbi_shmem_store32 sbi_shmem_trace_store32
#define sbi_shmem_store64 sbi_shmem_trace_store64
#else
static inline uint32_t sbi_shmem_load32(const volatile uint32_t *p)
{
	return *p;
}

static inline uint64_t sbi_shmem_load64(const volatile uint64_t *p)
{
	return *p;
}

static inline void sbi_shmem_store32(volatile uint32_t *p, uint32_t v)
{
	*p = v;
}

static inline void sbi_shmem_store64(volatile uint64_t *p, uint64_t v)
{
	*p = v;
}
#endif

#endif
