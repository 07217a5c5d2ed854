/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The firmware's hart table on the host (see sim_fw_harts.h). The boot
 * heap's two allocation calls that fw_hart_table_build() makes are
 * served from one static arena, emptied at each new table: no test
 * keeps a table across another's set-up.
 */
#include <stdint.h>
#include <string.h>

#include "rt/alloc.h"
#include "rt/hsm.h"
#include "sim_fw_harts.h"

static unsigned char
	arena[SIM_FW_MAX_HARTS * (FW_STACK_SIZE + 512) + FW_STACK_SIZE]
	__attribute__((aligned(FW_STACK_SIZE)));
static size_t arena_used;

void *fw_alloc_aligned(size_t size, size_t align)
{
	size_t at = (arena_used + align - 1) & ~(align - 1);

	if (at > sizeof(arena) || size > sizeof(arena) - at)
		return NULL;
	arena_used = at + size;
	memset(&arena[at], 0, size);
	return &arena[at];
}

void *fw_alloc(size_t size)
{
	return fw_alloc_aligned(size, 16);
}

bool sim_fw_harts(const unsigned long *ids, unsigned int n)
{
	unsigned int i;

	if (n == 0 || n > SIM_FW_MAX_HARTS)
		return false;
	arena_used = 0;
	if (!fw_hart_table_build(ids, n))
		return false;
	for (i = 0; i < n; i++) {
		struct fw_hart *h = fw_hart_at(i);

		h->present = true;
		fw_hsm_init(h);
	}
	return true;
}

bool sim_fw_harts_dense(unsigned int n)
{
	unsigned long ids[SIM_FW_MAX_HARTS];
	unsigned int i;

	if (n > SIM_FW_MAX_HARTS)
		return false;
	for (i = 0; i < n; i++)
		ids[i] = i;
	return sim_fw_harts(ids, n);
}
