/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Simulated physical memory (see sim_mem.h).
 */
#include "sim_mem.h"

#include <stdlib.h>
#include <string.h>

#include <sbipmu/sbi_shmem.h>

/* The memory of the call in progress (host tests run one at a time). */
static struct sim_mem *sim_mem_current;

int sim_mem_init(struct sim_mem *m)
{
	memset(m, 0, sizeof(*m));
	m->ram = aligned_alloc(4096, SIM_RAM_SIZE);
	m->loaded = calloc(1, SIM_RAM_SIZE);
	if (!m->ram || !m->loaded)
		return -1;
	memset(m->ram, 0xA5, SIM_RAM_SIZE);
	return 0;
}

void sim_mem_free(struct sim_mem *m)
{
	if (sim_mem_current == m)
		sim_mem_current = NULL;
	free(m->ram);
	free(m->loaded);
	m->ram = NULL;
	m->loaded = NULL;
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

/* Forget the last call's loads (most calls make a few, or none). */
static void sim_mem_clear_loaded(struct sim_mem *m)
{
	unsigned int i;

	if (m->loads > SIM_LOAD_LOG) {
		memset(m->loaded, 0, SIM_RAM_SIZE);
		return;
	}
	for (i = 0; i < m->loads; i++)
		memset(m->loaded + (m->load_log[i].base - SIM_RAM_BASE), 0,
		       m->load_log[i].size);
}

void sim_mem_call_begin(struct sim_mem *m, uint8_t *before)
{
	memcpy(before, m->ram, SIM_RAM_SIZE);
	m->before = before;
	sim_mem_clear_loaded(m);
	m->loads = 0;
	m->stores = 0;
	sim_mem_current = m;
}

void sim_mem_call_end(struct sim_mem *m)
{
	sim_mem_current = NULL;
	sim_mem_check_writes(m, m->before);
	m->before = NULL;
}

bool sim_mem_poke(struct sim_mem *m, uint64_t addr, const void *src, size_t n)
{
	uint64_t off = addr - SIM_RAM_BASE;

	if (!sim_mem_is_s_ram(addr, n))
		return false;
	memcpy(m->ram + off, src, n);
	if (m->before)
		memcpy(m->before + off, src, n);
	return true;
}

unsigned int sim_mem_loads_of(const struct sim_mem *m, uint64_t addr)
{
	if (addr < SIM_RAM_BASE || addr - SIM_RAM_BASE >= SIM_RAM_SIZE)
		return 0;
	return m->loaded[addr - SIM_RAM_BASE];
}

/* ---- the core's accesses (sbi_shmem.h, SBIPMU_SHMEM_TRACE) ---- */

#ifdef SBIPMU_SHMEM_TRACE

static void sim_mem_violation(struct sim_mem *m, unsigned int *counter)
{
	(*counter)++;
	m->violations++;
}

/*
 * Judge one access of @size bytes at host @p: every byte inside an
 * accepted range, and for a load no byte loaded before in this call.
 * Returns its physical address, or 0 outside a call (no judgement).
 */
static uint64_t sim_mem_trace(const volatile void *p, unsigned int size,
			      bool store)
{
	struct sim_mem *m = sim_mem_current;
	uintptr_t off;
	unsigned int i;

	if (!m)
		return 0;
	off = (uintptr_t)p - (uintptr_t)m->ram;
	if (off >= SIM_RAM_SIZE || SIM_RAM_SIZE - off < size) {
		sim_mem_violation(m, &m->stray);
		return 0;
	}
	for (i = 0; i < size; i++) {
		if (!sim_mem_in_accepted(m, SIM_RAM_BASE + off + i)) {
			sim_mem_violation(m, &m->stray);
			break;
		}
	}
	if (store) {
		m->stores++;
		return SIM_RAM_BASE + off;
	}
	if (m->loads < SIM_LOAD_LOG) {
		m->load_log[m->loads].base = SIM_RAM_BASE + off;
		m->load_log[m->loads].size = size;
	}
	m->loads++;
	for (i = 0; i < size; i++) {
		if (m->loaded[off + i])
			sim_mem_violation(m, &m->double_loads);
		if (m->loaded[off + i] < UINT8_MAX)
			m->loaded[off + i]++;
	}
	return SIM_RAM_BASE + off;
}

/* The other hart's turn, once the access is done. */
static void sim_mem_race(uint64_t addr, unsigned int size, bool store)
{
	struct sim_mem *m = sim_mem_current;

	if (m && addr && m->race)
		m->race(m->race_ctx, m, addr, size, store);
}

uint32_t sbi_shmem_trace_load32(const volatile uint32_t *p)
{
	uint64_t addr = sim_mem_trace(p, 4, false);
	uint32_t v = *p;

	sim_mem_race(addr, 4, false);
	return v;
}

uint64_t sbi_shmem_trace_load64(const volatile uint64_t *p)
{
	uint64_t addr = sim_mem_trace(p, 8, false);
	uint64_t v = *p;

	sim_mem_race(addr, 8, false);
	return v;
}

void sbi_shmem_trace_store32(volatile uint32_t *p, uint32_t v)
{
	uint64_t addr = sim_mem_trace(p, 4, true);

	*p = v;
	sim_mem_race(addr, 4, true);
}

void sbi_shmem_trace_store64(volatile uint64_t *p, uint64_t v)
{
	uint64_t addr = sim_mem_trace(p, 8, true);

	*p = v;
	sim_mem_race(addr, 8, true);
}
#endif
