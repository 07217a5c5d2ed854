/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The CSR access tables of pmu_hal_csr.c (which holds the rest of the
 * firmware's PMU CSR access). csrr/csrw encode the CSR number as an
 * immediate, so a counter chosen at run time needs one instruction per
 * CSR: each table has 32 entries of 8 bytes, entry n being "csrr a0,
 * base + n; ret" (read: no argument, returns the CSR) or "csrw base + n,
 * a0; ret" (write: a0 = value), and the C side calls table + 8 * n.
 * Indices that are no CSR of the table (1: time is not a machine counter;
 * 0-2 of mhpmevent: mcountinhibit, mcyclecfg, minstretcfg) read 0 and
 * write nothing. A call costs an address computation, the CSR access and
 * a return, where a switch costs a bounds check and a jump-table load
 * more. Compressed instructions are off so that every entry is 8 bytes.
 */
#include "cpu/csr.h"

	.option norelax
	.option norvc

	/* Entry @n of a table of @kind (read or write) at CSR @base. */
	.macro HAL_ENTRY kind, base, n, first
	.if (\n < \first) || \
	    ((\base == CSR_MCYCLE || \base == CSR_MCYCLEH) && \n == 1)
	.ifc \kind, read
	li	a0, 0
	.else
	nop
	.endif
	.else
	.ifc \kind, read
	csrr	a0, \base + \n
	.else
	csrw	\base + \n, a0
	.endif
	.endif
	ret
	.endm

	/* Table @name: entries 0-31 at CSR @base, holes below @first. */
	.macro HAL_TABLE name, kind, base, first
	.section .text.\name, "ax", %progbits
	.balign 8
	.globl \name
	.type \name, %function
\name:
	.irp n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	HAL_ENTRY \kind, \base, \n, \first
	.endr
	.size \name, . - \name
	.endm

	/* mcycle, minstret, mhpmcounter3-31; mhpmevent3-31. */
	HAL_TABLE fw_pmu_hal_tbl_ctr_read, read, CSR_MCYCLE, 0
	HAL_TABLE fw_pmu_hal_tbl_ctr_write, write, CSR_MCYCLE, 0
	HAL_TABLE fw_pmu_hal_tbl_evt_write, write, CSR_MHPMEVENT(0), 3
	/* Event reads: RV32's counter-write quirk; counter delegation. */
	HAL_TABLE fw_pmu_hal_tbl_evt_read, read, CSR_MHPMEVENT(0), 3
#if __riscv_xlen == 32
	/* The upper halves: mcycleh..mhpmcounter31h; mhpmevent3h-31h. */
	HAL_TABLE fw_pmu_hal_tbl_ctr_read_hi, read, CSR_MCYCLEH, 0
	HAL_TABLE fw_pmu_hal_tbl_ctr_write_hi, write, CSR_MCYCLEH, 0
	HAL_TABLE fw_pmu_hal_tbl_evt_write_hi, write, CSR_MHPMEVENTH(0), 3
	HAL_TABLE fw_pmu_hal_tbl_evt_read_hi, read, CSR_MHPMEVENTH(0), 3
#endif
