/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Trap handling other than SBI calls: the dispatcher called by entry.S
 * for every non-ecall trap from S/U-mode, forwarding ("redirecting") a
 * trap to S-mode as if it had been delegated, and the emulation of
 * misaligned loads and stores (misaligned.c).
 */
#ifndef FW_TRAP_H
#define FW_TRAP_H

#include "hart.h"

void fw_trap_handle(struct fw_trap_regs *regs, struct fw_hart *h);

/*
 * Deliver exception @cause with @tval to S-mode at the instruction in
 * mepc: set sepc/scause/stval/sstatus as the hardware would, and make
 * the mret land on stvec in S-mode.
 */
void fw_trap_redirect(unsigned long cause, unsigned long tval);

/* Emulate the misaligned access at mepc (@cause 4 or 6, address @addr). */
void fw_misaligned(struct fw_trap_regs *regs, unsigned long cause,
		   unsigned long addr);

#endif
