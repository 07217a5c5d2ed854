/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A stand-in for QEMU's reset vector, for tests that must hand the
 * firmware a device tree QEMU would not: `-dtb` refuses a blob with a
 * wrong magic or a huge totalsize, and repacks the rest. QEMU's generic
 * loader places this code and the blob in RAM and starts hart 0 here
 * (-device loader,addr=...,cpu-num=0); it enters the firmware at
 * 0x80000000 as the reset vector would, with a0 = hart id and a1 = the
 * blob address, which the test writes into the last 8 bytes of this
 * image (the `blob` word), and a2 = 0 (no fw_dynamic_info). Position
 * independent: it runs wherever the loader puts it.
 */
	.option norelax
	.section .text, "ax", %progbits
	.globl _start
_start:
	csrr	a0, mhartid
1:	auipc	t0, %pcrel_hi(blob)
	ld	a1, %pcrel_lo(1b)(t0)
	li	a2, 0
	li	t0, 0x80000000
	jr	t0

	.balign 8
blob:	.dword 0
