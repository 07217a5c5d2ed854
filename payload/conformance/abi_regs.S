/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * One instruction run with every register but sp set from an array, and
 * every register stored back into the same array afterwards, so that C
 * (abi.c) can say which registers the firmware changed behind S-mode's
 * back. Each routine takes a0 = unsigned long x[32] (x[0], x[2] unused):
 *
 *   abi_regs_ecall    ecall (a0-a7 in x[10..17] are the call)
 *   abi_regs_lr       lr.w zero, (a0): a misaligned LR the firmware
 *                     redirects to S-mode (x[10] is the address)
 *   abi_regs_amo      amoswap.w zero, zero, (a0): the same for an AMO
 *   abi_regs_illegal  csrw cycle, zero: an illegal instruction
 *   abi_regs_spin     spin until sip has SSIP or STIP, at most x[30]
 *                     rounds: an interrupt taken in M-mode meanwhile
 *                     (another hart's IPI or remote fence) must leave
 *                     S-mode's registers alone. t5 counts, t6 is scratch.
 *
 * sp stays the caller's: the payload's S-mode trap handler (for the
 * redirected traps) runs on it. The routine saves the C callee-saved
 * registers, gp and tp, and the array pointer on its own frame.
 */
#include "runtime.h"

#define FRAME_SLOTS 20
#define SLOT_X	    16 /* the array pointer */
#define SLOT_T6	    17 /* x31 while t6 holds the pointer */

/* @r = x[@n]; base register t6 is loaded last by the caller of this. */
.macro LDX r, n
	REG_L	\r, (\n * REG_SIZE)(t6)
.endm

.macro STX r, n
	REG_S	\r, (\n * REG_SIZE)(t6)
.endm

.macro ABI_ENTER
	addi	sp, sp, -(FRAME_SLOTS * REG_SIZE)
	REG_S	ra, 0 * REG_SIZE(sp)
	REG_S	gp, 1 * REG_SIZE(sp)
	REG_S	tp, 2 * REG_SIZE(sp)
	REG_S	s0, 3 * REG_SIZE(sp)
	REG_S	s1, 4 * REG_SIZE(sp)
	REG_S	s2, 5 * REG_SIZE(sp)
	REG_S	s3, 6 * REG_SIZE(sp)
	REG_S	s4, 7 * REG_SIZE(sp)
	REG_S	s5, 8 * REG_SIZE(sp)
	REG_S	s6, 9 * REG_SIZE(sp)
	REG_S	s7, 10 * REG_SIZE(sp)
	REG_S	s8, 11 * REG_SIZE(sp)
	REG_S	s9, 12 * REG_SIZE(sp)
	REG_S	s10, 13 * REG_SIZE(sp)
	REG_S	s11, 14 * REG_SIZE(sp)
	REG_S	a0, SLOT_X * REG_SIZE(sp)
	mv	t6, a0
	LDX	x1, 1
	LDX	x3, 3
	LDX	x4, 4
	LDX	x5, 5
	LDX	x6, 6
	LDX	x7, 7
	LDX	x8, 8
	LDX	x9, 9
	LDX	x10, 10
	LDX	x11, 11
	LDX	x12, 12
	LDX	x13, 13
	LDX	x14, 14
	LDX	x15, 15
	LDX	x16, 16
	LDX	x17, 17
	LDX	x18, 18
	LDX	x19, 19
	LDX	x20, 20
	LDX	x21, 21
	LDX	x22, 22
	LDX	x23, 23
	LDX	x24, 24
	LDX	x25, 25
	LDX	x26, 26
	LDX	x27, 27
	LDX	x28, 28
	LDX	x29, 29
	LDX	x30, 30
	LDX	x31, 31
.endm

.macro ABI_LEAVE
	REG_S	t6, SLOT_T6 * REG_SIZE(sp)
	REG_L	t6, SLOT_X * REG_SIZE(sp)
	STX	x1, 1
	STX	x3, 3
	STX	x4, 4
	STX	x5, 5
	STX	x6, 6
	STX	x7, 7
	STX	x8, 8
	STX	x9, 9
	STX	x10, 10
	STX	x11, 11
	STX	x12, 12
	STX	x13, 13
	STX	x14, 14
	STX	x15, 15
	STX	x16, 16
	STX	x17, 17
	STX	x18, 18
	STX	x19, 19
	STX	x20, 20
	STX	x21, 21
	STX	x22, 22
	STX	x23, 23
	STX	x24, 24
	STX	x25, 25
	STX	x26, 26
	STX	x27, 27
	STX	x28, 28
	STX	x29, 29
	STX	x30, 30
	REG_L	t5, SLOT_T6 * REG_SIZE(sp)
	STX	t5, 31
	REG_L	ra, 0 * REG_SIZE(sp)
	REG_L	gp, 1 * REG_SIZE(sp)
	REG_L	tp, 2 * REG_SIZE(sp)
	REG_L	s0, 3 * REG_SIZE(sp)
	REG_L	s1, 4 * REG_SIZE(sp)
	REG_L	s2, 5 * REG_SIZE(sp)
	REG_L	s3, 6 * REG_SIZE(sp)
	REG_L	s4, 7 * REG_SIZE(sp)
	REG_L	s5, 8 * REG_SIZE(sp)
	REG_L	s6, 9 * REG_SIZE(sp)
	REG_L	s7, 10 * REG_SIZE(sp)
	REG_L	s8, 11 * REG_SIZE(sp)
	REG_L	s9, 12 * REG_SIZE(sp)
	REG_L	s10, 13 * REG_SIZE(sp)
	REG_L	s11, 14 * REG_SIZE(sp)
	addi	sp, sp, FRAME_SLOTS * REG_SIZE
	ret
.endm

	.text
	.globl abi_regs_ecall
abi_regs_ecall:
	ABI_ENTER
	ecall
	ABI_LEAVE

	.globl abi_regs_lr
abi_regs_lr:
	ABI_ENTER
	lr.w	zero, (a0)
	ABI_LEAVE

	.globl abi_regs_amo
abi_regs_amo:
	ABI_ENTER
	amoswap.w zero, zero, (a0)
	ABI_LEAVE

	.globl abi_regs_illegal
abi_regs_illegal:
	ABI_ENTER
	.4byte	0xc0001073	/* csrw cycle, zero */
	ABI_LEAVE

	.globl abi_regs_spin
abi_regs_spin:
	ABI_ENTER
1:	csrr	t6, sip
	andi	t6, t6, 0x22	/* SSIP | STIP */
	bnez	t6, 2f
	addi	t5, t5, -1
	bnez	t5, 1b
2:	ABI_LEAVE
