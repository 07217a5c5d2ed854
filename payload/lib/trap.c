/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The C side of the trap vector. Statistics live in one entry per hart
 * slot (slot.h, found from the hart id in tp) and are only written by
 * that hart, in its own trap handler, so no locking is needed.
 */
#include "trap.h"

#include <stdint.h>

#include "csr.h"
#include "printf.h"
#include "slot.h"

struct trap_hart {
	struct trap_counts counts;
	bool armed;
};

/*
 * The extra last entry is for a hart without a slot, which entry.S
 * parks before it can trap; kept so that a lookup never fails.
 */
static struct trap_hart trap_harts[PAYLOAD_SLOTS + 1];
static volatile trap_irq_fn trap_irq_fns[TRAP_MAX_IRQ];

unsigned long hart_self(void)
{
	unsigned long id;

	__asm__ volatile("mv %0, tp" : "=r"(id));
	return id;
}

static struct trap_hart *trap_this_hart(void)
{
	return &trap_harts[slot_of(hart_self())];
}

struct trap_counts trap_counts(void)
{
	struct trap_counts copy;

	/* Interrupts could update the slot while it is copied. */
	unsigned long sstatus = csr_read(CSR_SSTATUS);

	csr_clear(CSR_SSTATUS, SSTATUS_SIE);
	copy = trap_this_hart()->counts;
	csr_write(CSR_SSTATUS, sstatus);
	return copy;
}

void trap_arm(bool armed)
{
	trap_this_hart()->armed = armed;
}

void trap_set_irq_handler(unsigned int irq, trap_irq_fn fn)
{
	if (irq < TRAP_MAX_IRQ)
		trap_irq_fns[irq] = fn;
}

/* Length of the instruction at @epc: 2 if compressed, else 4. */
static unsigned long trap_insn_length(unsigned long epc)
{
	uint16_t low = *(volatile const uint16_t *)epc;

	return (low & 3) == 3 ? 4 : 2;
}

static void trap_exception(struct trap_hart *h, struct trap_frame *tf)
{
	unsigned long cause = tf->regs[TF_SCAUSE];
	unsigned long epc = tf->regs[TF_SEPC];

	h->counts.exceptions++;
	h->counts.last_cause = cause;
	h->counts.last_tval = tf->regs[TF_STVAL];
	h->counts.last_epc = epc;
	if (!h->armed) {
		h->counts.unexpected++;
		printf("# unexpected trap on hart %lu: scause %lu sepc 0x%lx "
		       "stval 0x%lx\n",
		       hart_self(), cause, epc, tf->regs[TF_STVAL]);
	}
	/* Fetch faults cannot be skipped; the payload never causes one. */
	tf->regs[TF_SEPC] = epc + trap_insn_length(epc);
}

/* Default acknowledgement: clear what S-mode can clear, mask the rest. */
static void trap_irq_default(unsigned int irq)
{
	if (irq == IRQ_S_SOFT || irq == IRQ_LCOF)
		csr_clear(CSR_SIP, 1UL << irq);
	else
		csr_clear(CSR_SIE, 1UL << irq);
}

static void trap_interrupt(struct trap_hart *h, struct trap_frame *tf)
{
	unsigned int irq =
		(unsigned int)(tf->regs[TF_SCAUSE] & ~SCAUSE_INTERRUPT);
	trap_irq_fn fn;

	if (irq >= TRAP_MAX_IRQ) {
		csr_clear(CSR_SIE, 1UL << (irq % __riscv_xlen));
		return;
	}
	h->counts.irqs[irq]++;
	fn = trap_irq_fns[irq];
	if (fn)
		fn(irq, tf);
	else
		trap_irq_default(irq);
}

void trap_handle(struct trap_frame *tf)
{
	struct trap_hart *h = trap_this_hart();

	if (tf->regs[TF_SCAUSE] & SCAUSE_INTERRUPT)
		trap_interrupt(h, tf);
	else
		trap_exception(h, tf);
}
