/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Trap handling other than SBI calls: the dispatcher called by entry.S
 * for every non-ecall trap from S/U-mode: what the firmware handles
 * itself, counted as firmware events, and what goes on to S-mode
 * (arch/redirect.h).
 */
#ifndef FW_TRAP_H
#define FW_TRAP_H

#include "rt/hart.h"

void fw_trap_handle(struct fw_trap_regs *regs, struct fw_hart *h);

#endif
