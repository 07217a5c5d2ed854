/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Andes' PLICSW (andestech,plicsw: AX45MP on RZ/Five, AE350) as a
 * doorbell: a PLIC whose sources are software interrupts, its output to
 * each hart wired to that hart's MSIP. The layout is in dev_fdt.h:
 * context k (the k-th hart the node's interrupts-extended names) owns
 * source k + 1, enabled for that context alone at priority 1 over
 * threshold 0. Ringing a hart sets its source's pending bit; the hart
 * clears its MSIP by claiming the source and completing it. 32-bit
 * accesses only, as a PLIC takes. Tested by decoding only
 * (tests/unit/test_dev_fdt.c): no QEMU machine has a PLICSW.
 */
#include <sbipmu/dev_fdt.h>

#include "dev/dev.h"
#include "rt/hart.h"

static void plicsw_write(uintptr_t addr, uint32_t value)
{
	*(volatile uint32_t *)addr = value;
}

/*
 * Boot hart, for each hart a PLICSW context serves: set the context up
 * and point the hart's doorbell at its pending bit. False (the hart
 * keeps no doorbell from it) if the context lies beyond our addresses.
 */
bool fw_plicsw_hart_setup(struct fw_hart *h, uint64_t base, unsigned int ctx)
{
	unsigned int src = ctx + 1; /* source 0 does not exist */
	/* the binding checked that reg holds the context: no wrap */
	uint64_t context = base + DEV_FDT_PLICSW_CONTEXT +
			   (uint64_t)ctx * DEV_FDT_PLICSW_CONTEXT_STRIDE;
	uint64_t word = 4 * (src / 32);

	if (ctx >= DEV_FDT_PLICSW_MAX_CONTEXTS ||
	    context + DEV_FDT_PLICSW_CLAIM > UINTPTR_MAX)
		return false;
	plicsw_write((uintptr_t)(base + 4 * src), 1); /* priority */
	plicsw_write((uintptr_t)(base + DEV_FDT_PLICSW_ENABLE +
				 ctx * DEV_FDT_PLICSW_ENABLE_STRIDE + word),
		     1U << (src % 32));
	plicsw_write((uintptr_t)context, 0); /* threshold */
	h->doorbell_bit = 1U << (src % 32);
	h->doorbell_claim = (uintptr_t)(context + DEV_FDT_PLICSW_CLAIM);
	h->doorbell = (uintptr_t)(base + DEV_FDT_PLICSW_PENDING + word);
	return true;
}

/*
 * A 1 written to a pending bit sets it; the 0s leave the others. The
 * message bits (ordinary stores) must be visible before the doorbell (a
 * device store): fence w,o, as imsic.c does (the host tests build this
 * file too, where a full fence stands in).
 */
void fw_plicsw_send(uintptr_t pending, uint32_t bit)
{
#ifdef __riscv
	__asm__ volatile("fence w, o" ::: "memory");
#else
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
#endif
	plicsw_write(pending, bit);
}

/* On the hart itself: the claim clears MSIP, the completion re-arms. */
void fw_plicsw_clear(uintptr_t claim)
{
	uint32_t src = *(volatile uint32_t *)claim;

	if (src)
		plicsw_write(claim, src);
}
