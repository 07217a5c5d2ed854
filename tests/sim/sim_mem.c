/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Simulated physical memory (see sim_mem.h).
 */
#include "sim_mem.h"

#include <stdlib.h>
#include <string.h>

int sim_mem_init(struct sim_mem *m)
{
	memset(m, 0, sizeof(*m));
	m->ram = aligned_alloc(4096, SIM_RAM_SIZE);
	if (!m->ram)
		return -1;
	memset(m->ram, 0xA5, SIM_RAM_SIZE);
	return 0;
}

void sim_mem_free(struct sim_mem *m)
{
	free(m->ram);
	m->ram = NULL;
}

void *sim_mem_ptr(struct sim_mem *m, uint64_t addr)
{
	if (addr < SIM_RAM_BASE || addr - SIM_RAM_BASE >= SIM_RAM_SIZE)
		return NULL;
	return m->ram + (addr - SIM_RAM_BASE);
}

/* Supervisor RAM: inside RAM, outside the firmware region. */
static bool sim_mem_is_s_ram(uint64_t addr, uint64_t size)
{
	uint64_t end;

	if (!size || __builtin_add_overflow(addr, size, &end))
		return false;
	return addr >= SIM_S_RAM_BASE && end <= SIM_RAM_BASE + SIM_RAM_SIZE;
}

void *sim_mem_shmem_map(void *ctx, uint64_t addr, uint64_t size)
{
	struct sim_mem *m = ctx;

	if (!sim_mem_is_s_ram(addr, size))
		return NULL;
	if (m->n_accepted < SIM_MAX_RANGES) {
		m->accepted[m->n_accepted].base = addr;
		m->accepted[m->n_accepted].size = size;
		m->n_accepted++;
	}
	return sim_mem_ptr(m, addr);
}

static bool sim_mem_in_accepted(const struct sim_mem *m, uint64_t addr)
{
	unsigned int i;

	for (i = 0; i < m->n_accepted; i++) {
		if (addr >= m->accepted[i].base &&
		    addr - m->accepted[i].base < m->accepted[i].size)
			return true;
	}
	return false;
}

size_t sim_mem_check_writes(struct sim_mem *m, const uint8_t *before)
{
	const size_t block = 256;
	size_t i, j, bad = 0;

	/* memcmp per block first: calls touch only a few blocks. */
	for (i = 0; i < SIM_RAM_SIZE; i += block) {
		if (!memcmp(m->ram + i, before + i, block))
			continue;
		for (j = i; j < i + block; j++) {
			if (m->ram[j] != before[j] &&
			    !sim_mem_in_accepted(m, SIM_RAM_BASE + j))
				bad++;
		}
	}
	m->violations += (unsigned int)bad;
	return bad;
}
