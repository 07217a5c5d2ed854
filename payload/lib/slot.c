/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The slot table of slot.h. Each entry holds a hart id plus one, so that
 * the zeroed .bss means "all free" without an init step; entry.S looks a
 * starting hart up in it before it has a stack, which is why the table
 * is a plain array of words and the lookup a linear scan.
 */
#include "slot.h"

/*
 * Written by the boot hart only, before the HSM call that starts the
 * hart; the fence in slot_claim() makes the entry visible to the started
 * hart's load in entry.S whatever the firmware's own ordering.
 */
unsigned long slot_harts[PAYLOAD_SLOTS];

unsigned int slot_of(unsigned long hartid)
{
	unsigned int s;

	/* ~0 would be stored as 0, "free". No tree has such a hart. */
	if (hartid == ~0UL)
		return PAYLOAD_SLOTS;
	for (s = 0; s < PAYLOAD_SLOTS; s++)
		if (__atomic_load_n(&slot_harts[s], __ATOMIC_ACQUIRE) ==
		    hartid + 1)
			return s;
	return PAYLOAD_SLOTS;
}

unsigned int slot_claim(unsigned long hartid)
{
	unsigned int s = slot_of(hartid);

	if (s < PAYLOAD_SLOTS || hartid == ~0UL)
		return s;
	for (s = 1; s < PAYLOAD_SLOTS; s++) {
		if (!slot_harts[s]) {
			__atomic_store_n(&slot_harts[s], hartid + 1,
					 __ATOMIC_RELEASE);
			__atomic_thread_fence(__ATOMIC_SEQ_CST);
			return s;
		}
	}
	return PAYLOAD_SLOTS;
}
