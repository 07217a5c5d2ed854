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

#endif
