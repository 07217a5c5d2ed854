/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * SSE handler trampoline and register probe (see sse.h).
 */
#include <sbipmu/sbi_spec.h>

#include "sse.h"

#define CTX(n) ((n) * REG_SIZE)

	.text
	.balign 4
	.globl sse_entry
sse_entry:
	/* a7 = struct sse_ctx *, a6 = hart id (section "Injection"). */
	REG_S	x1, CTX(1)(a7)
	REG_S	x2, CTX(2)(a7)
	REG_S	x3, CTX(3)(a7)
	REG_S	x4, CTX(4)(a7)
	REG_S	x5, CTX(5)(a7)
	REG_S	x6, CTX(6)(a7)
	REG_S	x7, CTX(7)(a7)
	REG_S	x8, CTX(8)(a7)
	REG_S	x9, CTX(9)(a7)
	REG_S	x10, CTX(10)(a7)
	REG_S	x11, CTX(11)(a7)
	REG_S	x12, CTX(12)(a7)
	REG_S	x13, CTX(13)(a7)
	REG_S	x14, CTX(14)(a7)
	REG_S	x15, CTX(15)(a7)
	REG_S	x18, CTX(18)(a7)
	REG_S	x19, CTX(19)(a7)
	REG_S	x20, CTX(20)(a7)
	REG_S	x21, CTX(21)(a7)
	REG_S	x22, CTX(22)(a7)
	REG_S	x23, CTX(23)(a7)
	REG_S	x24, CTX(24)(a7)
	REG_S	x25, CTX(25)(a7)
	REG_S	x26, CTX(26)(a7)
	REG_S	x27, CTX(27)(a7)
	REG_S	x28, CTX(28)(a7)
	REG_S	x29, CTX(29)(a7)
	REG_S	x30, CTX(30)(a7)
	REG_S	x31, CTX(31)(a7)
	/* A trap inside the handler would overwrite sepc/sstatus. */
	csrr	t0, sepc
	REG_S	t0, CTX(SSE_CTX_SEPC)(a7)
	csrr	t0, sstatus
	REG_S	t0, CTX(SSE_CTX_SSTATUS)(a7)
	REG_L	sp, CTX(SSE_CTX_STACK)(a7)
	mv	s0, a7
	mv	a0, a7
	mv	a1, a6
	REG_L	t0, CTX(SSE_CTX_FN)(a7)
	jalr	t0
	mv	a7, s0
	REG_L	t0, CTX(SSE_CTX_SEPC)(a7)
	csrw	sepc, t0
	REG_L	t0, CTX(SSE_CTX_SSTATUS)(a7)
	csrw	sstatus, t0
	REG_L	x1, CTX(1)(a7)
	REG_L	x2, CTX(2)(a7)
	REG_L	x3, CTX(3)(a7)
	REG_L	x4, CTX(4)(a7)
	REG_L	x5, CTX(5)(a7)
	REG_L	x6, CTX(6)(a7)
	REG_L	x7, CTX(7)(a7)
	REG_L	x8, CTX(8)(a7)
	REG_L	x9, CTX(9)(a7)
	REG_L	x10, CTX(10)(a7)
	REG_L	x11, CTX(11)(a7)
	REG_L	x12, CTX(12)(a7)
	REG_L	x13, CTX(13)(a7)
	REG_L	x14, CTX(14)(a7)
	REG_L	x15, CTX(15)(a7)
	REG_L	x18, CTX(18)(a7)
	REG_L	x19, CTX(19)(a7)
	REG_L	x20, CTX(20)(a7)
	REG_L	x21, CTX(21)(a7)
	REG_L	x22, CTX(22)(a7)
	REG_L	x23, CTX(23)(a7)
	REG_L	x24, CTX(24)(a7)
	REG_L	x25, CTX(25)(a7)
	REG_L	x26, CTX(26)(a7)
	REG_L	x27, CTX(27)(a7)
	REG_L	x28, CTX(28)(a7)
	REG_L	x29, CTX(29)(a7)
	REG_L	x30, CTX(30)(a7)
	REG_L	x31, CTX(31)(a7)
	/* COMPLETE resumes the interrupted code, a6/a7 restored. */
	li	a6, SBI_EXT_SSE_COMPLETE
	li	a7, SBI_EXT_SSE
	ecall
	/* Only if nothing was running: a firmware bug, stop loudly. */
	call	sse_entry_lost

	.macro	PATTERN reg, n
	li	\reg, (0x5A5A0000 + \n)
	.endm

	/* Add bit n to a0 unless \reg still holds its pattern. */
	.macro	CHECK reg, n
	li	ra, (0x5A5A0000 + \n)
	beq	\reg, ra, 9f
	li	a1, 1
	slli	a1, a1, \n
	or	a0, a0, a1
9:
	.endm

	.globl sse_spin_intact
sse_spin_intact:
	addi	sp, sp, -16 * REG_SIZE
	REG_S	ra, 0 * REG_SIZE(sp)
	REG_S	s0, 1 * REG_SIZE(sp)
	REG_S	s1, 2 * REG_SIZE(sp)
	REG_S	s2, 3 * REG_SIZE(sp)
	REG_S	s3, 4 * REG_SIZE(sp)
	REG_S	s4, 5 * REG_SIZE(sp)
	REG_S	s5, 6 * REG_SIZE(sp)
	REG_S	s6, 7 * REG_SIZE(sp)
	REG_S	s7, 8 * REG_SIZE(sp)
	REG_S	s8, 9 * REG_SIZE(sp)
	REG_S	s9, 10 * REG_SIZE(sp)
	REG_S	s10, 11 * REG_SIZE(sp)
	REG_S	s11, 12 * REG_SIZE(sp)
	PATTERN	t0, 5
	PATTERN	t1, 6
	PATTERN	t2, 7
	PATTERN	s0, 8
	PATTERN	s1, 9
	PATTERN	a3, 13
	PATTERN	a4, 14
	PATTERN	a5, 15
	PATTERN	a6, 16
	PATTERN	a7, 17
	PATTERN	s2, 18
	PATTERN	s3, 19
	PATTERN	s4, 20
	PATTERN	s5, 21
	PATTERN	s6, 22
	PATTERN	s7, 23
	PATTERN	s8, 24
	PATTERN	s9, 25
	PATTERN	s10, 26
	PATTERN	s11, 27
	PATTERN	t3, 28
	PATTERN	t4, 29
	PATTERN	t5, 30
	PATTERN	t6, 31
1:	REG_L	ra, 0(a0)
	bne	ra, a1, 2f
	addi	a2, a2, -1
	bnez	a2, 1b
2:	li	a0, 0
	CHECK	t0, 5
	CHECK	t1, 6
	CHECK	t2, 7
	CHECK	s0, 8
	CHECK	s1, 9
	CHECK	a3, 13
	CHECK	a4, 14
	CHECK	a5, 15
	CHECK	a6, 16
	CHECK	a7, 17
	CHECK	s2, 18
	CHECK	s3, 19
	CHECK	s4, 20
	CHECK	s5, 21
	CHECK	s6, 22
	CHECK	s7, 23
	CHECK	s8, 24
	CHECK	s9, 25
	CHECK	s10, 26
	CHECK	s11, 27
	CHECK	t3, 28
	CHECK	t4, 29
	CHECK	t5, 30
	CHECK	t6, 31
	REG_L	ra, 0 * REG_SIZE(sp)
	REG_L	s0, 1 * REG_SIZE(sp)
	REG_L	s1, 2 * REG_SIZE(sp)
	REG_L	s2, 3 * REG_SIZE(sp)
	REG_L	s3, 4 * REG_SIZE(sp)
	REG_L	s4, 5 * REG_SIZE(sp)
	REG_L	s5, 6 * REG_SIZE(sp)
	REG_L	s6, 7 * REG_SIZE(sp)
	REG_L	s7, 8 * REG_SIZE(sp)
	REG_L	s8, 9 * REG_SIZE(sp)
	REG_L	s9, 10 * REG_SIZE(sp)
	REG_L	s10, 11 * REG_SIZE(sp)
	REG_L	s11, 12 * REG_SIZE(sp)
	addi	sp, sp, 16 * REG_SIZE
	ret
