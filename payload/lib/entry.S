/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Assembly entry points of an S-mode payload, and only what C cannot do:
 *  - _start: the boot hart's entry (a0 hart id, a1 DTB, as the SBI
 *    firmware passes them). Masks interrupts, clears .bss (the stacks live
 *    there, so before any stack use), takes slot 0 (slot.h), sets the trap
 *    vector and the stack, then calls runtime_boot().
 *  - hart_secondary_entry: where HSM HART_START sends other harts (a0 hart
 *    id, a1 opaque). Same setup without the .bss clear, with the slot the
 *    boot hart claimed for it, then hart_secondary_main().
 *  - trap_vector: saves every register and the trap CSRs into a frame on
 *    the current stack, calls trap_handle(frame), restores, sret. The
 *    payload never runs U-mode, so the current stack is always ours.
 * tp holds the hart id on every hart; the C code finds its slot from it.
 */
#include "runtime.h"

	.section .text.entry, "ax", %progbits
	.globl _start
_start:
	csrw	sie, zero
	csrci	sstatus, 2
	la	t0, __bss_start
	la	t1, __bss_end
1:	bgeu	t0, t1, 2f
	REG_S	zero, 0(t0)
	addi	t0, t0, REG_SIZE
	j	1b
2:	la	t0, slot_harts
	addi	t1, a0, 1
	REG_S	t1, 0(t0)
	call	entry_setup_hart
	call	runtime_boot
3:	wfi
	j	3b

	.text
	.globl hart_secondary_entry
hart_secondary_entry:
	csrw	sie, zero
	csrci	sstatus, 2
	call	entry_setup_hart
	call	hart_secondary_main
1:	wfi
	j	1b

/*
 * Trap vector, stack and tp for hart a0; a0/a1 are preserved for the C
 * entry that follows. The slot is found by scanning slot_harts (hart id
 * plus one per slot, see slot.c) for a0 + 1: no stack is needed for
 * that. Harts without a slot park here for good.
 */
entry_setup_hart:
	la	t0, trap_vector
	csrw	stvec, t0
	mv	tp, a0
	la	t0, slot_harts
	addi	t2, a0, 1
	li	t1, 0
	li	t3, PAYLOAD_SLOTS
1:	REG_L	t4, 0(t0)
	beq	t4, t2, 2f
	addi	t0, t0, REG_SIZE
	addi	t1, t1, 1
	bltu	t1, t3, 1b
	j	entry_park
	/* sp = the top of payload_stacks[t1] */
2:	la	sp, payload_stacks
	li	t0, PAYLOAD_STACK_SIZE
	addi	t1, t1, 1
	mul	t0, t0, t1
	add	sp, sp, t0
	ret
entry_park:
	wfi
	j	entry_park

	.balign 4
	.globl trap_vector
trap_vector:
	addi	sp, sp, -TF_SIZE
	REG_S	x1, 1 * REG_SIZE(sp)
	REG_S	x3, 3 * REG_SIZE(sp)
	REG_S	x4, 4 * REG_SIZE(sp)
	REG_S	x5, 5 * REG_SIZE(sp)
	REG_S	x6, 6 * REG_SIZE(sp)
	REG_S	x7, 7 * REG_SIZE(sp)
	REG_S	x8, 8 * REG_SIZE(sp)
	REG_S	x9, 9 * REG_SIZE(sp)
	REG_S	x10, 10 * REG_SIZE(sp)
	REG_S	x11, 11 * REG_SIZE(sp)
	REG_S	x12, 12 * REG_SIZE(sp)
	REG_S	x13, 13 * REG_SIZE(sp)
	REG_S	x14, 14 * REG_SIZE(sp)
	REG_S	x15, 15 * REG_SIZE(sp)
	REG_S	x16, 16 * REG_SIZE(sp)
	REG_S	x17, 17 * REG_SIZE(sp)
	REG_S	x18, 18 * REG_SIZE(sp)
	REG_S	x19, 19 * REG_SIZE(sp)
	REG_S	x20, 20 * REG_SIZE(sp)
	REG_S	x21, 21 * REG_SIZE(sp)
	REG_S	x22, 22 * REG_SIZE(sp)
	REG_S	x23, 23 * REG_SIZE(sp)
	REG_S	x24, 24 * REG_SIZE(sp)
	REG_S	x25, 25 * REG_SIZE(sp)
	REG_S	x26, 26 * REG_SIZE(sp)
	REG_S	x27, 27 * REG_SIZE(sp)
	REG_S	x28, 28 * REG_SIZE(sp)
	REG_S	x29, 29 * REG_SIZE(sp)
	REG_S	x30, 30 * REG_SIZE(sp)
	REG_S	x31, 31 * REG_SIZE(sp)
	/* The interrupted sp is the frame's end. */
	addi	t0, sp, TF_SIZE
	REG_S	t0, 2 * REG_SIZE(sp)
	csrr	t0, sepc
	REG_S	t0, TF_SEPC * REG_SIZE(sp)
	csrr	t0, sstatus
	REG_S	t0, TF_SSTATUS * REG_SIZE(sp)
	csrr	t0, scause
	REG_S	t0, TF_SCAUSE * REG_SIZE(sp)
	csrr	t0, stval
	REG_S	t0, TF_STVAL * REG_SIZE(sp)

	mv	a0, sp
	call	trap_handle

	/* The handler may move sepc (to skip a faulting instruction). */
	REG_L	t0, TF_SEPC * REG_SIZE(sp)
	csrw	sepc, t0
	REG_L	t0, TF_SSTATUS * REG_SIZE(sp)
	csrw	sstatus, t0
	REG_L	x1, 1 * REG_SIZE(sp)
	REG_L	x3, 3 * REG_SIZE(sp)
	REG_L	x4, 4 * REG_SIZE(sp)
	REG_L	x5, 5 * REG_SIZE(sp)
	REG_L	x6, 6 * REG_SIZE(sp)
	REG_L	x7, 7 * REG_SIZE(sp)
	REG_L	x8, 8 * REG_SIZE(sp)
	REG_L	x9, 9 * REG_SIZE(sp)
	REG_L	x10, 10 * REG_SIZE(sp)
	REG_L	x11, 11 * REG_SIZE(sp)
	REG_L	x12, 12 * REG_SIZE(sp)
	REG_L	x13, 13 * REG_SIZE(sp)
	REG_L	x14, 14 * REG_SIZE(sp)
	REG_L	x15, 15 * REG_SIZE(sp)
	REG_L	x16, 16 * REG_SIZE(sp)
	REG_L	x17, 17 * REG_SIZE(sp)
	REG_L	x18, 18 * REG_SIZE(sp)
	REG_L	x19, 19 * REG_SIZE(sp)
	REG_L	x20, 20 * REG_SIZE(sp)
	REG_L	x21, 21 * REG_SIZE(sp)
	REG_L	x22, 22 * REG_SIZE(sp)
	REG_L	x23, 23 * REG_SIZE(sp)
	REG_L	x24, 24 * REG_SIZE(sp)
	REG_L	x25, 25 * REG_SIZE(sp)
	REG_L	x26, 26 * REG_SIZE(sp)
	REG_L	x27, 27 * REG_SIZE(sp)
	REG_L	x28, 28 * REG_SIZE(sp)
	REG_L	x29, 29 * REG_SIZE(sp)
	REG_L	x30, 30 * REG_SIZE(sp)
	REG_L	x31, 31 * REG_SIZE(sp)
	addi	sp, sp, TF_SIZE
	sret
