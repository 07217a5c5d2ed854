/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Shared memory given by the supervisor, for every extension (see
 * sbi_shmem.h): size and end address are computed with overflow checks
 * (docs/facts.md F3.11) before the platform is asked.
 */
#include <stddef.h>

#include <sbipmu/sbi_shmem.h>

void *sbi_shmem_map(sbi_shmem_map_fn map, void *ctx, uint64_t addr,
		    uint64_t addr_above, uint64_t count, uint64_t elem_size)
{
	uint64_t bytes, last;

	if (addr_above)
		return NULL;
	if (__builtin_mul_overflow(count, elem_size, &bytes) || !bytes)
		return NULL;
	if (__builtin_add_overflow(addr, bytes - 1, &last))
		return NULL;
	return map(ctx, addr, bytes);
}
