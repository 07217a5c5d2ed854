/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Entry points of the S-mode smoke payload: the boot hart's entry
 * (a0 = hartid, a1 = DTB), the entry of a hart started through HSM
 * (a0 = hartid, a1 = opaque), and an S-mode trap vector that records
 * scause/stval and steps over the faulting instruction, so the tests can
 * check that the firmware forwards traps to S-mode as it should.
 */
#if __riscv_xlen == 64
#define REG_S sd
#define REG_L ld
#else
#define REG_S sw
#define REG_L lw
#endif

	.section .text.entry, "ax", %progbits
	.globl smoke_start
smoke_start:
	la	sp, smoke_stack_top
	la	t0, smoke_trap
	csrw	stvec, t0
	call	smoke_main
1:	wfi
	j	1b

	.text
	.globl smoke_secondary_entry
smoke_secondary_entry:
	la	sp, smoke_stack2_top
	call	smoke_secondary_main
1:	wfi
	j	1b

	.align 2
	.globl smoke_trap
smoke_trap:
	addi	sp, sp, -16
	REG_S	t0, 0(sp)
	REG_S	t1, 4*(__riscv_xlen/32)(sp)
	csrr	t0, scause
	la	t1, smoke_trap_cause
	REG_S	t0, 0(t1)
	csrr	t0, stval
	la	t1, smoke_trap_tval
	REG_S	t0, 0(t1)
	la	t1, smoke_trap_count
	REG_L	t0, 0(t1)
	addi	t0, t0, 1
	REG_S	t0, 0(t1)
	/* Step over the faulting instruction (2 or 4 bytes). */
	csrr	t0, sepc
	lhu	t1, 0(t0)
	andi	t1, t1, 3
	addi	t0, t0, 2
	addi	t1, t1, -3
	bnez	t1, 2f
	addi	t0, t0, 2
2:	csrw	sepc, t0
	REG_L	t0, 0(sp)
	REG_L	t1, 4*(__riscv_xlen/32)(sp)
	addi	sp, sp, 16
	sret
