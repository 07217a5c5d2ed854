/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A boot stage before the firmware that puts it somewhere else than
 * 0x80000000, as a board's loader does: given to QEMU as -bios (so every
 * hart starts here, from QEMU's reset vector), it jumps to SHIM_TARGET,
 * where -device loader placed the firmware, with the registers the reset
 * vector gave it: a0 = hart id, a1 = QEMU's device tree, a2 = QEMU's
 * fw_dynamic_info (whose next_addr is the -kernel QEMU placed after this
 * small image). Every hart takes the same path, so the firmware's other
 * harts enter it at its load address too.
 */
	.option norelax
	.section .text, "ax", %progbits
	.globl _start
_start:
1:	auipc	t0, %pcrel_hi(target)
#if __riscv_xlen == 64
	ld	t0, %pcrel_lo(1b)(t0)
#else
	lw	t0, %pcrel_lo(1b)(t0)
#endif
	jr	t0

	.balign 8
target:
#if __riscv_xlen == 64
	.dword	SHIM_TARGET
#else
	.word	SHIM_TARGET
#endif
