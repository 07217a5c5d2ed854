/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The hart table and the lookups every other file uses to reach it. A
 * hart id from S-mode is only ever turned into a struct fw_hart here,
 * with its presence (or, for HSM, its place in the device tree)
 * checked. The table is sorted by hart id: QEMU's ids are 0..n-1, so an
 * id is its own index (the fast path); sparse ids take a binary search.
 */
#include "rt/alloc.h"
#include "rt/hart.h"

/* Written once by the boot hart before the others may look. */
static struct fw_hart *hart_table;
static unsigned int hart_n;

unsigned int fw_hart_count(void)
{
	return hart_n;
}

struct fw_hart *fw_hart_at(unsigned int index)
{
	return &hart_table[index];
}

struct fw_hart *fw_hart_find(unsigned long hartid)
{
	unsigned int lo = 0, hi = hart_n;

	if (hartid < hart_n && hart_table[hartid].hartid == hartid)
		return &hart_table[hartid];
	while (lo < hi) {
		unsigned int mid = lo + (hi - lo) / 2;

		if (hart_table[mid].hartid == hartid)
			return &hart_table[mid];
		if (hart_table[mid].hartid < hartid)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

struct fw_hart *fw_hart_get(unsigned long hartid)
{
	struct fw_hart *h = fw_hart_find(hartid);

	return h && fw_hart_serves(h) ? h : NULL;
}

unsigned int fw_hart_present_count(void)
{
	unsigned int i, n = 0;

	for (i = 0; i < hart_n; i++)
		n += fw_hart_present(&hart_table[i]);
	return n;
}

size_t fw_hart_bytes_per_hart(void)
{
	return FW_STACK_SIZE + ((sizeof(struct fw_hart) + 15) & ~(size_t)15);
}

/*
 * Stacks first, in one block: each is FW_STACK_SIZE, a power of two, so
 * every stack's guard (its lowest FW_STACK_GUARD bytes) is naturally
 * aligned for its NAPOT PMP entry. The boot hart's slot goes unused: it
 * keeps its boot stack (main.c).
 */
bool fw_hart_table_build(const unsigned long *ids, unsigned int n)
{
	uint8_t *stacks =
		fw_alloc_aligned((size_t)n * FW_STACK_SIZE, FW_STACK_SIZE);
	struct fw_hart *t = fw_alloc((size_t)n * sizeof(*t));
	unsigned int i;

	if (!n || !stacks || !t)
		return false;
	for (i = 0; i < n; i++) {
		t[i].hartid = ids[i];
		t[i].index = i;
		t[i].s_mode = true;
		t[i].stack_lo =
			(uintptr_t)stacks + (uintptr_t)i * FW_STACK_SIZE;
		t[i].stack_top = t[i].stack_lo + FW_STACK_SIZE;
	}
	hart_table = t;
	hart_n = n;
	return true;
}
