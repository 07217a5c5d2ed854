/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Build-time constants of the sbipmu firmware shared by C and assembly:
 * hart limits, stack size, register width helpers and the layout of the
 * per-hart trap frame and scratch area (hart.h). hart.h asserts that the C
 * structures match the offsets given here.
 */
#ifndef FW_DEFS_H
#define FW_DEFS_H

#define FW_NAME		 "sbipmu"
#define FW_VERSION_MAJOR 0
#define FW_VERSION_MINOR 1

/*
 * Legacy SBI v0.1 calls (ext/sbi_legacy.c), on unless the build says
 * FW_LEGACY=0 (mk/firmware.mk), which leaves them out of the image;
 * /chosen/sbipmu,legacy = "off" turns them off at boot.
 */
#ifndef FW_LEGACY
#define FW_LEGACY 1
#endif

/*
 * Most harts served: the size of a hart set (hart.h). QEMU virt makes up
 * to 512. The hart table itself holds only the harts the device tree
 * lists; a tree with more than this (or than memory holds) is served in
 * part, and says so (docs/firmware.md, "Harts").
 */
#ifndef FW_MAX_HARTS
#define FW_MAX_HARTS 512
#endif
/*
 * M-mode stack of each hart but the boot hart, with struct fw_scratch
 * and the trap frame at its top: carved at boot (hart.c). 2 KiB so that
 * 512 harts fit below the next stage at 2 MiB (RV64); the deepest path
 * of a trap or an SBI call uses well under 1 KiB (measured with GCC's
 * -fcallgraph-info=su, docs/firmware.md), and the guard below catches
 * an overrun. A power of two.
 */
#define FW_STACK_SIZE 2048
/* The boot hart's stack: it also parses the tree and prints the banner. */
#define FW_BOOT_STACK_SIZE 8192
/*
 * How often each other hart looks for the claim before the boot hart
 * fw_dynamic_info names counts as absent: some 2^28 instructions with
 * entry.S's pause, a second or so under QEMU.
 */
#define FW_EARLY_WAITS (1 << 20)
/* struct fw_dynamic_info's magic ("OSBI"), for entry.S. */
#define FW_DYNAMIC_MAGIC_VALUE 0x4942534f
/*
 * The lowest bytes of each hart's stack are its guard: a locked PMP
 * entry (firmware/arch/fault.c) makes any access there fault, in M-mode too.
 * It must be at least the largest stack frame, or a frame could step
 * over it: mk/firmware.mk builds with -Wframe-larger-than= this value.
 * A power of two (one NAPOT entry), as the stacks' alignment is.
 */
#define FW_STACK_GUARD 512
/* The stack a firmware fault is reported on (one, for the first hart). */
#define FW_FAULT_STACK_SIZE 2048

/*
 * The register width, as a pointer's: the same as __riscv_xlen on RV64
 * and RV32, and also defined when the host builds the pure rt/ files
 * (hart table, HSM, hart lists, fences) for their unit tests.
 */
#if __SIZEOF_POINTER__ == 8
#define FW_REGBYTES	8
#define FW_LOG_REGBYTES 3
#else
#define FW_REGBYTES	4
#define FW_LOG_REGBYTES 2
#endif

/* struct fw_trap_regs: x0..x31 by register number (x0 slot kept 0). */
#define FW_TRAP_REGS_SIZE (32 * FW_REGBYTES)
#define FW_TRAP_REG(n)	  ((n)*FW_REGBYTES)

/*
 * Per-hart scratch (struct fw_scratch in hart.h), at the top of each
 * hart's M-mode stack, right above the trap frame that mscratch points
 * at (offsets below are from the scratch area's start, i.e. mscratch +
 * FW_TRAP_REGS_SIZE). It is private to its hart: the trap-catch flag and
 * temporaries live here so that catching a trap never touches memory
 * another hart may be initialising.
 */
#define FW_SCRATCH_CAUGHT (0 * FW_REGBYTES)
#define FW_SCRATCH_TMP0	  (1 * FW_REGBYTES)
#define FW_SCRATCH_TMP1	  (2 * FW_REGBYTES)
#define FW_SCRATCH_HART	  (3 * FW_REGBYTES)
#define FW_SCRATCH_SIZE	  64

#ifdef __ASSEMBLER__
#if __SIZEOF_POINTER__ == 8
#define REG_S sd
#define REG_L ld
#else
#define REG_S sw
#define REG_L lw
#endif
#endif

#endif
