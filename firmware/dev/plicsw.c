/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Andes' PLICSW (andestech,plicsw: AX45MP on RZ/Five, AE350) as a
 * doorbell: a PLIC whose sources are software interrupts, its output to
 * each hart wired to that hart's MSIP. The layout is in dev_fdt.h:
 * context k (the k-th hart the node's interrupts-extended names) owns
 * source k + 1, enabled for that context alone at priority 1 over
 * threshold 0. Ringing a hart sets its source's pending bit; the hart
 * clears its MSIP by claiming the source and completing it. 32-bit
 * accesses only, as a PLIC takes. Tested by decoding and on memory laid
 * out as the PLIC is (tests/unit/test_dev_registers.c): no QEMU machine
 * has a PLICSW.
 */
#include <sbipmu/dev_fdt.h>

#include "cpu/csr.h"
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
static bool plicsw_hart_setup(struct fw_hart *h,
			      const struct dev_fdt_timer_dev *d,
			      const struct dev_fdt_hart_ctx *c)
{
	unsigned int src = c->k + 1; /* source 0 does not exist */
	uint64_t word = 4 * (src / 32);
	/* c->addr is the context's threshold register, inside reg: no wrap */
	uint64_t enable = d->msip + DEV_FDT_PLICSW_ENABLE +
			  (uint64_t)c->k * DEV_FDT_PLICSW_ENABLE_STRIDE + word;

	if (c->k >= DEV_FDT_PLICSW_MAX_CONTEXTS ||
	    c->addr + DEV_FDT_PLICSW_CLAIM > UINTPTR_MAX)
		return false;
	plicsw_write((uintptr_t)(d->msip + 4 * src), 1); /* priority */
	plicsw_write((uintptr_t)enable, 1U << (src % 32));
	plicsw_write((uintptr_t)c->addr, 0); /* threshold */
	h->ipi_bit = 1U << (src % 32);
	h->ipi_reg2 = (uintptr_t)(c->addr + DEV_FDT_PLICSW_CLAIM);
	h->ipi_reg = (uintptr_t)(d->msip + DEV_FDT_PLICSW_PENDING + word);
	return true;
}

/*
 * A 1 written to a pending bit sets it; the 0s leave the others. The
 * message bits (ordinary stores) must be visible before the doorbell (a
 * device store): fence w,o, as imsic.c does (the host tests build this
 * file too, where a full fence stands in).
 */
static void plicsw_send(const struct fw_hart *h)
{
#ifdef __riscv
	__asm__ volatile("fence w, o" ::: "memory");
#else
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
#endif
	plicsw_write(h->ipi_reg, h->ipi_bit);
}

/* On the hart itself: the claim clears MSIP, the completion re-arms. */
static void plicsw_clear(const struct fw_hart *h)
{
	uint32_t src = *(volatile uint32_t *)h->ipi_reg2;

	if (src)
		plicsw_write(h->ipi_reg2, src);
}

static const struct fw_ipi_ops plicsw_ops = {
	.name = "plicsw",
	.irq = IRQ_M_SOFT,
	.hart_setup = plicsw_hart_setup,
	.send = plicsw_send,
	.clear = plicsw_clear,
};

static const char *const plicsw_compatible[] = {"andestech,plicsw", NULL};

FW_TIMER_DRIVER(fw_timer_plicsw) = {
	.fdt = {.compatible = plicsw_compatible,
		.name = "plicsw",
		.decode = dev_fdt_timer_plicsw},
	.ipi = &plicsw_ops,
};
