/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Forwarding a trap to S-mode (redirect.c) and the emulation of
 * misaligned loads and stores (misaligned.c): what the trap router
 * (ext/trap.c) and the SBI calls ask of the hart.
 */
#ifndef FW_REDIRECT_H
#define FW_REDIRECT_H

#include "rt/hart.h"

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
