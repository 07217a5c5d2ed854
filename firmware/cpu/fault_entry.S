/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The stack a firmware fault is reported on (firmware/arch/fault.c), and the
 * switch to it: fw_fault_on_stack(regs, stack_top, report) calls
 * report(regs) with sp = stack_top and never returns (ra = 0 ends any
 * walk of the frames). The stack lives in .hartdata, which the boot
 * hart does not clear: a fault may come before .bss is cleared, or while
 * it is.
 */
#include "cpu/fw_defs.h"

	.section .text, "ax", %progbits
	.align 2
	.globl fw_fault_on_stack
fw_fault_on_stack:
	mv	sp, a1
	li	ra, 0
	jr	a2

	.section .hartdata, "aw", @nobits
	.align 4
fw_fault_stack:
	.space FW_FAULT_STACK_SIZE
	.globl fw_fault_stack_top
fw_fault_stack_top:
