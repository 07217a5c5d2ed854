/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Memory probing for memprobe.h. The probing load is done with the trap
 * handler armed: a fault is counted and skipped, not reported.
 */
#include "memprobe.h"

#include "env.h"
#include "trap.h"

bool memprobe_load_faults(unsigned long addr)
{
	unsigned long before = trap_counts().exceptions;

	trap_arm(true);
	(void)*(volatile const uint32_t *)addr;
	trap_arm(false);
	return trap_counts().exceptions != before;
}

unsigned long memprobe_mmio(void)
{
	return env.mmio;
}

unsigned long memprobe_firmware(void)
{
	if (env.fw_known)
		return (unsigned long)env.fw_base;
	return env.ram_known ? (unsigned long)env.ram_base : 0x80000000UL;
}

uint64_t memprobe_ram_end(void)
{
	if (!env.ram_known)
		return 0;
	return (env.ram_base + env.ram_size + 0xFFFULL) & ~0xFFFULL;
}

void memprobe_fill(void *p, unsigned long size)
{
	volatile uint8_t *b = p;
	unsigned long i;

	for (i = 0; i < size; i++)
		b[i] = MEMPROBE_PATTERN;
}

long memprobe_changed(const void *p, unsigned long size)
{
	const volatile uint8_t *b = p;
	unsigned long i;

	for (i = 0; i < size; i++)
		if (b[i] != MEMPROBE_PATTERN)
			return (long)i;
	return -1;
}
