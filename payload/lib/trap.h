/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * S-mode traps of a payload: every trap is counted per hart, exceptions
 * are survived by skipping the faulting instruction, and interrupts are
 * acknowledged (pending bit cleared or source masked) unless a handler
 * was registered for them. A program that provokes a fault on purpose
 * arms the hart first (trap_arm) so that the trap is not reported as
 * unexpected.
 */
#ifndef PAYLOAD_TRAP_H
#define PAYLOAD_TRAP_H

#include <stdbool.h>

#include "runtime.h"

#define TRAP_MAX_IRQ 16

struct trap_frame {
	unsigned long regs[TF_SLOTS];
};

struct trap_counts {
	unsigned long exceptions;
	unsigned long unexpected; /* exceptions taken while not armed */
	unsigned long last_cause;
	unsigned long last_tval;
	unsigned long last_epc;
	unsigned long irqs[TRAP_MAX_IRQ];
};

/* Called from the vector with the saved frame (entry.S). */
void trap_handle(struct trap_frame *tf);

/* A copy of the calling hart's counters. */
struct trap_counts trap_counts(void);

/* Allow exceptions on the calling hart without reporting them. */
void trap_arm(bool armed);

/*
 * Run @fn for interrupt @irq (instead of the default acknowledgement);
 * NULL restores the default. The handler must clear the source.
 */
typedef void (*trap_irq_fn)(unsigned int irq, struct trap_frame *tf);
void trap_set_irq_handler(unsigned int irq, trap_irq_fn fn);

/* The calling hart's id (kept in tp by entry.S). */
unsigned long hart_self(void);

#endif
