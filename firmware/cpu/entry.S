/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Assembly entry points of the firmware, and nothing that C can do:
 *  - fw_start: reset entry of every hart. Without stack or lock, the
 *    harts choose the boot hart (one atomic swap); it relocates the
 *    image to where it runs (fw_relocate), takes the boot stack and
 *    calls fw_main_boot(). The others
 *    sleep until the boot hart publishes where their stacks are
 *    (fw_early_frames) and rings them, then call fw_main_secondary(); a
 *    hart the table does not hold parks.
 *  - fw_trap_entry: the trap vector once a hart is set up. Traps come
 *    from S/U-mode: M-mode runs with MIE=0 and catches its own probe
 *    faults with fw_trap_catch. sp is swapped with mscratch, which points
 *    at the hart's trap frame (struct fw_scratch lies right above it).
 *    A trap from M-mode all the same is a firmware fault: it takes the
 *    same path (the swap still yields a frame to save into) and
 *    fw_trap_handle() hands it to fault.c, which reports it and stops
 *    the machine. An SBI call saves only the registers C may
 *    clobber: the caller-saved ones but t3-t6, which the firmware is
 *    compiled never to touch (-ffixed-t3..t6, FW_REG_CFLAGS in
 *    mk/common.mk; scripts/fw-fixed-regs.sh checks the linked image). It
 *    calls fw_ext_ecall_handle() with the arguments in registers and returns
 *    its struct sbiret as it comes back in a0/a1: that is the hot path
 *    Linux takes on every context switch. Any other trap also saves t3-t6
 *    and the callee-saved registers, which instruction emulation may read
 *    or write, and restores all of them.
 *  - fw_trap_catch: a temporary trap vector for probes and for loads and
 *    stores done on behalf of S-mode: it records mcause in the scratch
 *    area and skips the faulting instruction.
 *  - fw_unpriv_*: single loads/stores with mstatus.MPRV set, so they use
 *    the privilege and translation of the trapped mode (mstatus.MPP).
 *  - fw_enter_next: the mret into S-mode.
 */
#include "cpu/csr.h"
#include "cpu/fw_defs.h"

	/* A pause between two looks at the claim. */
	.macro EARLY_BACKOFF
	li	t0, 256
99:	addi	t0, t0, -1
	bnez	t0, 99b
	.endm

	.section .text.entry, "ax", %progbits
	.option norelax
	.globl fw_start
fw_start:
	/* a0 = hartid, a1 = DTB, a2 = struct fw_dynamic_info (QEMU). */
	la	t0, fw_trap_park
	csrw	mtvec, t0
	csrw	mie, zero
	csrr	s0, mhartid
	mv	s1, a1
	mv	s2, a2
	li	s3, 0		/* how often this hart waited */
	call	fw_early_dynamic	/* s4 = preferred boot hart or -1 */
	/*
	 * Who boots? No stack, no lock: only a hart that can run S-mode
	 * may (it enters the next stage itself). fw_dynamic_info's hart is
	 * preferred; a hart without S-mode declines, and one that never
	 * comes stops being waited for after FW_EARLY_WAITS looks. Then the
	 * first S-capable hart to swap fw_early_claimed boots. Waiting
	 * harts only load a word: with 512 harts a lock here formed a
	 * convoy that starved the preferred hart for minutes under load.
	 */
	csrr	t0, misa
	beqz	t0, 2f			/* misa says nothing: assume S-mode */
	srli	t0, t0, ('S' - 'A')
	andi	t0, t0, 1
	beqz	t0, fw_start_no_s
2:	lw	t0, fw_early_claimed
	bnez	t0, fw_start_other
	li	t0, -1
	beq	s4, t0, 3f		/* no preferred hart */
	beq	s4, s0, 3f		/* we are it */
	lw	t0, fw_early_declined
	bnez	t0, 3f
	li	t0, FW_EARLY_WAITS
	bgeu	s3, t0, 3f
	addi	s3, s3, 1
	EARLY_BACKOFF
	j	2b
3:	la	t0, fw_early_claimed
	li	t1, 1
	amoswap.w.aqrl t1, t1, (t0)
	bnez	t1, fw_start_other	/* another hart was first */
	j	fw_start_boot

	/* No S-mode: never the boot hart; if preferred, say so. */
fw_start_no_s:
	bne	s4, s0, fw_start_other
	la	t0, fw_early_declined
	li	t1, 1
	fence	rw, w
	sw	t1, 0(t0)
	j	fw_start_other

	/*
	 * s4 = the boot hart fw_dynamic_info (a2) names, or -1: no info,
	 * a bad magic, version < 2, or any read that faults (a2 is not
	 * always an fw_dynamic_info). Faults are caught by fw_early_catch,
	 * which needs no memory: it flags s6 (no C has run: any register
	 * is ours; t3-t6 are not, scripts/fw-fixed-regs.sh).
	 */
fw_early_dynamic:
	li	s4, -1
	beqz	s2, 9f
	andi	t0, s2, FW_REGBYTES - 1
	bnez	t0, 9f
	la	t0, fw_early_catch
	csrw	mtvec, t0
	li	s6, 0
	.option push
	.option norvc		/* fw_early_catch skips 4-byte loads */
	REG_L	s5, 0(s2)
	bnez	s6, 8f
	li	t0, FW_DYNAMIC_MAGIC_VALUE
	bne	s5, t0, 8f
	REG_L	s5, FW_REGBYTES(s2)
	bnez	s6, 8f
	li	t0, 2
	bltu	s5, t0, 8f
	REG_L	s5, (5 * FW_REGBYTES)(s2)
	.option pop
	bnez	s6, 8f
	mv	s4, s5
8:	la	t0, fw_trap_park
	csrw	mtvec, t0
9:	ret

	.align 2
fw_early_catch:
	csrr	s6, mepc
	addi	s6, s6, 4
	csrw	mepc, s6
	li	s6, 1
	mret

fw_start_boot:
	call	fw_relocate
	la	sp, fw_boot_stack_top
	addi	sp, sp, -(FW_SCRATCH_SIZE + FW_TRAP_REGS_SIZE)
	csrw	mscratch, sp
	mv	a0, s0
	mv	a1, s1
	mv	a2, s2
	call	fw_main_boot
	j	fw_park

	/*
	 * Every other hart sleeps until the boot hart has published the
	 * table of stacks (struct fw_early_frames, early.h) and rung its
	 * doorbell: waiting in WFI, not in a loop, is what lets QEMU run
	 * the boot hart at full speed beside 511 others. MSIP wakes WFI
	 * with mstatus.MIE clear; no trap is taken. A hart the table does
	 * not hold parks.
	 */
fw_start_other:
	call	fw_early_doorbell
2:	REG_L	t1, fw_early_frames
	fence	r, r
	bnez	t1, 3f
	wfi
	j	2b
3:	REG_L	t2, 0(t1)		/* n */
	addi	t1, t1, FW_REGBYTES	/* entries: { hartid, frame } */
	/* QEMU's ids are 0..n-1: entry hartid first, then every entry. */
	bgeu	s0, t2, 4f
	slli	t0, s0, FW_LOG_REGBYTES + 1
	add	t0, t1, t0
	REG_L	a0, 0(t0)
	beq	a0, s0, 6f
4:	beqz	t2, fw_park_all
	REG_L	a0, 0(t1)
	mv	t0, t1
	beq	a0, s0, 6f
	addi	t1, t1, 2 * FW_REGBYTES
	addi	t2, t2, -1
	j	4b
6:	REG_L	sp, FW_REGBYTES(t0)
	csrw	mscratch, sp
	mv	a0, s0
	call	fw_main_secondary
	/* fw_main_secondary never returns; if it did, park. */
fw_park:
	wfi
	j	fw_park

	/*
	 * mie for the first wake: MSIP, and the machine external interrupt
	 * where the hart has an M-level IMSIC interrupt file, the doorbell
	 * of a hart no MSWI reaches (dev/imsic.c). Its file is made to
	 * deliver the doorbell's identity: eidelivery on, no threshold, the
	 * identity enabled and not pending (all UNSPECIFIED at reset, AIA
	 * 3.4). Without Smaia, or without an IMSIC, the first access traps
	 * and fw_early_catch skips the rest (s6). The boot hart's own file
	 * is set up in C (dev/imsic.c).
	 */
fw_early_doorbell:
	la	t0, fw_early_catch
	csrw	mtvec, t0
	li	s6, 0
	li	t1, MIP_MSIP
	.option push
	.option norvc		/* fw_early_catch skips 4-byte instructions */
	li	t0, IMSIC_EIDELIVERY
	csrw	CSR_MISELECT, t0
	li	t0, 1
	csrw	CSR_MIREG, t0
	bnez	s6, 9f
	li	t0, IMSIC_EITHRESHOLD
	csrw	CSR_MISELECT, t0
	csrw	CSR_MIREG, zero
	li	t2, 1 << FW_IMSIC_IPI_ID
	li	t0, IMSIC_EIP0
	csrw	CSR_MISELECT, t0
	csrc	CSR_MIREG, t2
	li	t0, IMSIC_EIE0
	csrw	CSR_MISELECT, t0
	csrs	CSR_MIREG, t2
	.option pop
	bnez	s6, 9f
	li	t1, MIP_MSIP | MIP_MEIP
9:	la	t0, fw_trap_park
	csrw	mtvec, t0
	csrw	mie, t1
	ret

	/* Not served: no interrupt may wake it for good. */
fw_park_all:
	csrw	mie, zero
	j	fw_park

	/* Trap vector before set-up: a trap here is a firmware bug. */
	.align 2
fw_trap_park:
	wfi
	j	fw_trap_park

	/*
	 * The image is a static PIE linked at FW_TEXT_START (mk/firmware.mk):
	 * the code reaches everything PC-relative, but pointers stored in
	 * data (tables of drivers, machines, strings; .rela.dyn lists each)
	 * hold link-time addresses. Each becomes addend + (where _fw_start
	 * runs - FW_TEXT_START). Computed from the addend, never from the
	 * word itself, so running it again (a reset that does not reload
	 * the image) changes nothing. Only the boot hart runs it, before any
	 * C; the others touch no pointer in data until the boot hart
	 * publishes fw_early_frames. The build lets no other relocation type
	 * through (scripts/fw-relocs-check.sh); this skips any all the same.
	 * An Elf_Rela is { offset, info, addend }, one word each.
	 */
#define R_RISCV_RELATIVE 3
fw_relocate:
	la	t0, _fw_start
	li	t1, FW_TEXT_START
	sub	t0, t0, t1		/* t0 = load - link */
	la	t1, _fw_rela_start
	la	t2, _fw_rela_end
1:	bgeu	t1, t2, 3f
	REG_L	a3, FW_REGBYTES(t1)	/* info: symbol 0, the type */
	li	a4, R_RISCV_RELATIVE
	bne	a3, a4, 2f
	REG_L	a3, 0(t1)
	REG_L	a4, (2 * FW_REGBYTES)(t1)
	add	a3, a3, t0
	add	a4, a4, t0
	REG_S	a4, 0(a3)
2:	addi	t1, t1, 3 * FW_REGBYTES
	j	1b
3:	ret

	.section .text, "ax", %progbits

	/*
	 * The trap frame lies at mscratch, C's stack below it; the scratch
	 * area (FW_SCRATCH_*) above it.
	 */
#define SCRATCH(field) (FW_TRAP_REGS_SIZE + (field))

	.align 2
	.globl fw_trap_entry
fw_trap_entry:
	csrrw	sp, mscratch, sp	/* sp = frame, mscratch = trapped sp */
	/* Every register C may clobber (caller-saved but t3-t6). */
	REG_S	ra, FW_TRAP_REG(1)(sp)
	REG_S	t0, FW_TRAP_REG(5)(sp)
	REG_S	t1, FW_TRAP_REG(6)(sp)
	REG_S	t2, FW_TRAP_REG(7)(sp)
	REG_S	a0, FW_TRAP_REG(10)(sp)
	REG_S	a1, FW_TRAP_REG(11)(sp)
	REG_S	a2, FW_TRAP_REG(12)(sp)
	REG_S	a3, FW_TRAP_REG(13)(sp)
	REG_S	a4, FW_TRAP_REG(14)(sp)
	REG_S	a5, FW_TRAP_REG(15)(sp)
	REG_S	a6, FW_TRAP_REG(16)(sp)
	REG_S	a7, FW_TRAP_REG(17)(sp)
	csrrw	t0, mscratch, sp	/* frame pointer back for the next trap */
	REG_S	t0, FW_TRAP_REG(2)(sp)	/* trapped sp */
	csrr	t1, mcause
	li	t2, CAUSE_SUPERVISOR_ECALL
	REG_L	a0, SCRATCH(FW_SCRATCH_HART)(sp)
	bne	t1, t2, fw_trap_slow
	/*
	 * SBI call: it returns to the instruction after the ecall (unless
	 * HSM redirects mepc meanwhile). fw_ext_ecall_handle(hart, fid = a6,
	 * &a0 in the frame, eid = a7) returns struct sbiret in a0/a1, the
	 * SBI return registers. Everything else is restored.
	 */
	csrr	t0, mepc
	addi	t0, t0, 4
	csrw	mepc, t0
	mv	a1, a6
	addi	a2, sp, FW_TRAP_REG(10)
	mv	a3, a7
	jal	fw_ext_ecall_handle	/* in reach: the image is < 1 MiB */
	REG_L	ra, FW_TRAP_REG(1)(sp)
	REG_L	t0, FW_TRAP_REG(5)(sp)
	REG_L	t1, FW_TRAP_REG(6)(sp)
	REG_L	t2, FW_TRAP_REG(7)(sp)
	REG_L	a2, FW_TRAP_REG(12)(sp)
	REG_L	a3, FW_TRAP_REG(13)(sp)
	REG_L	a4, FW_TRAP_REG(14)(sp)
	REG_L	a5, FW_TRAP_REG(15)(sp)
	REG_L	a6, FW_TRAP_REG(16)(sp)
	REG_L	a7, FW_TRAP_REG(17)(sp)
	REG_L	sp, FW_TRAP_REG(2)(sp)
	mret

fw_trap_slow:
	/* fw_trap_handle(regs, hart) */
	mv	a1, a0
	mv	a0, sp
	REG_S	zero, FW_TRAP_REG(0)(sp)
	REG_S	gp, FW_TRAP_REG(3)(sp)
	REG_S	tp, FW_TRAP_REG(4)(sp)
	REG_S	s0, FW_TRAP_REG(8)(sp)
	REG_S	s1, FW_TRAP_REG(9)(sp)
	REG_S	s2, FW_TRAP_REG(18)(sp)
	REG_S	s3, FW_TRAP_REG(19)(sp)
	REG_S	s4, FW_TRAP_REG(20)(sp)
	REG_S	s5, FW_TRAP_REG(21)(sp)
	REG_S	s6, FW_TRAP_REG(22)(sp)
	REG_S	s7, FW_TRAP_REG(23)(sp)
	REG_S	s8, FW_TRAP_REG(24)(sp)
	REG_S	s9, FW_TRAP_REG(25)(sp)
	REG_S	s10, FW_TRAP_REG(26)(sp)
	REG_S	s11, FW_TRAP_REG(27)(sp)
	REG_S	t3, FW_TRAP_REG(28)(sp)
	REG_S	t4, FW_TRAP_REG(29)(sp)
	REG_S	t5, FW_TRAP_REG(30)(sp)
	REG_S	t6, FW_TRAP_REG(31)(sp)
	call	fw_trap_handle
	/* Emulation may have written any register: reload them all. */
	REG_L	ra, FW_TRAP_REG(1)(sp)
	REG_L	gp, FW_TRAP_REG(3)(sp)
	REG_L	tp, FW_TRAP_REG(4)(sp)
	REG_L	t0, FW_TRAP_REG(5)(sp)
	REG_L	t1, FW_TRAP_REG(6)(sp)
	REG_L	t2, FW_TRAP_REG(7)(sp)
	REG_L	s0, FW_TRAP_REG(8)(sp)
	REG_L	s1, FW_TRAP_REG(9)(sp)
	REG_L	a0, FW_TRAP_REG(10)(sp)
	REG_L	a1, FW_TRAP_REG(11)(sp)
	REG_L	a2, FW_TRAP_REG(12)(sp)
	REG_L	a3, FW_TRAP_REG(13)(sp)
	REG_L	a4, FW_TRAP_REG(14)(sp)
	REG_L	a5, FW_TRAP_REG(15)(sp)
	REG_L	a6, FW_TRAP_REG(16)(sp)
	REG_L	a7, FW_TRAP_REG(17)(sp)
	REG_L	s2, FW_TRAP_REG(18)(sp)
	REG_L	s3, FW_TRAP_REG(19)(sp)
	REG_L	s4, FW_TRAP_REG(20)(sp)
	REG_L	s5, FW_TRAP_REG(21)(sp)
	REG_L	s6, FW_TRAP_REG(22)(sp)
	REG_L	s7, FW_TRAP_REG(23)(sp)
	REG_L	s8, FW_TRAP_REG(24)(sp)
	REG_L	s9, FW_TRAP_REG(25)(sp)
	REG_L	s10, FW_TRAP_REG(26)(sp)
	REG_L	s11, FW_TRAP_REG(27)(sp)
	REG_L	t3, FW_TRAP_REG(28)(sp)
	REG_L	t4, FW_TRAP_REG(29)(sp)
	REG_L	t5, FW_TRAP_REG(30)(sp)
	REG_L	t6, FW_TRAP_REG(31)(sp)
	REG_L	sp, FW_TRAP_REG(2)(sp)
	mret

	/*
	 * Temporary vector while probing or accessing S-mode memory: record
	 * mcause + 1 in the scratch area, step over the faulting instruction
	 * (2 or 4 bytes) and return. Runs with MPP = M, so even under MPRV
	 * its own loads and stores are plain M-mode accesses.
	 */
	.align 2
	.globl fw_trap_catch
fw_trap_catch:
	csrrw	sp, mscratch, sp
	REG_S	t0, SCRATCH(FW_SCRATCH_TMP0)(sp)
	REG_S	t1, SCRATCH(FW_SCRATCH_TMP1)(sp)
	csrr	t0, mcause
	addi	t0, t0, 1
	REG_S	t0, SCRATCH(FW_SCRATCH_CAUGHT)(sp)
	csrr	t0, mepc
	lhu	t1, 0(t0)
	andi	t1, t1, 3
	addi	t0, t0, 2
	addi	t1, t1, -3
	bnez	t1, 1f
	addi	t0, t0, 2
1:	csrw	mepc, t0
	REG_L	t0, SCRATCH(FW_SCRATCH_TMP0)(sp)
	REG_L	t1, SCRATCH(FW_SCRATCH_TMP1)(sp)
	csrrw	sp, mscratch, sp
	mret

	/*
	 * Loads and stores on behalf of the trapped mode: the caller has
	 * installed fw_trap_catch. Nothing touches memory between setting
	 * and restoring mstatus, and the restore also undoes what a caught
	 * trap did to MPP.
	 */
	.macro UNPRIV_LOAD name, insn, bits
	.globl \name
\name:
	li	t0, \bits
	csrrs	t1, mstatus, t0
	\insn	a0, 0(a0)
	csrw	mstatus, t1
	ret
	.endm

	.macro UNPRIV_STORE name, insn
	.globl \name
\name:
	li	t0, MSTATUS_MPRV
	csrrs	t1, mstatus, t0
	\insn	a1, 0(a0)
	csrw	mstatus, t1
	ret
	.endm

	UNPRIV_LOAD fw_unpriv_lbu, lbu, MSTATUS_MPRV
	UNPRIV_STORE fw_unpriv_sb, sb
	/* Instruction fetch: MXR lets execute-only pages be read. */
	UNPRIV_LOAD fw_unpriv_fetch_u16, lhu, (MSTATUS_MPRV | MSTATUS_MXR)

	/*
	 * fw_enter_next(hartid, arg, addr): enter S-mode at addr with
	 * a0 = hartid, a1 = arg, MPP = S, MPIE = 0. Never returns.
	 */
	.globl fw_enter_next
fw_enter_next:
	csrw	mepc, a2
	li	t0, (MSTATUS_MPP | MSTATUS_MPIE | MSTATUS_MPRV)
	csrc	mstatus, t0
	li	t0, (PRV_S << MSTATUS_MPP_SHIFT)
	csrs	mstatus, t0
	li	a2, 0
	li	t0, 0
	li	t1, 0
	mret

	/*
	 * The boot hart's M-mode stack (the other harts' are carved at
	 * boot, firmware/rt/hart.c) and the early stack the harts share, one
	 * at a time, to decide who boots. Each ends with a fw_scratch.
	 * Aligned to their size: the stack guard is a NAPOT PMP entry.
	 */
	.section .hartdata, "aw", @nobits
	.align 13
	.globl fw_boot_stack
fw_boot_stack:
	.space FW_BOOT_STACK_SIZE
	.globl fw_boot_stack_top
fw_boot_stack_top:

	/* In .data: used before the boot hart clears .bss. */
	.section .data
	.align 3
	.globl fw_early_frames
fw_early_frames:
	.dword 0		/* struct fw_early_frames *, 0 until published */
	.globl fw_early_claimed
fw_early_claimed:
	.word 0
	.globl fw_early_declined
fw_early_declined:
	.word 0
