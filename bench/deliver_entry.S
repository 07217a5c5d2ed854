/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The instructions of the overflow-delivery rows (deliver.c,
 * METHODOLOGY.md "Overflow delivery"): a spin loop that keeps reading the
 * overflowing counter, and the two handlers it can be interrupted by, the
 * S-mode trap vector for the ordinary LCOFI path and the SSE entry point.
 * Every figure is a difference of hpmcounter3 reads, taken at named
 * points here:
 *   LAST   t0 in the loop: the loop's last read before it was interrupted
 *   ENTRY  the handler's first instruction
 *   DONE   the handler's last read, just before its sret / COMPLETE
 *   NEXT   the loop's exit read, once it resumed and saw FLAG
 * The positions of the loop's instructions and the number of instructions
 * between DONE and the sret/ecall are exported, so that deliver.c can
 * subtract exactly the instructions that are not the delivery's.
 * No compressed instructions: every instruction is 4 bytes, so a pc
 * difference / 4 is an instruction count.
 */
#include <sbipmu/sbi_spec.h>

#include "runtime.h"

#include "deliver.h"

#define SSTATUS_SIE	     2
#define SIP_LCOFIP	     (1 << 13)

#define SLOT(n) ((n) * REG_SIZE)

	.option push
	.option norvc
	.text

/*
 * bench_deliver_spin(state a0, set sstatus.SIE a1, budget a2): spin until
 * a handler sets state->flag (or the budget runs out), then store the
 * exit read in state->next. Uses t0 and t2 only, so the LCOFI vector may
 * clobber t1, t3 and t4 (the caller treats them as clobbered anyway).
 */
	.balign 4
	.globl bench_deliver_spin
bench_deliver_spin:
	li	t0, 0
	beqz	a1, 1f
	csrsi	sstatus, SSTATUS_SIE
1:
	.globl bench_deliver_loop
bench_deliver_loop:
	csrr	t0, hpmcounter3			/* position 0: LAST */
	REG_L	t2, SLOT(DELIVER_FLAG)(a0)	/* 1 */
	bnez	t2, 2f				/* 2 */
	addi	a2, a2, -1			/* 3 */
	bnez	a2, bench_deliver_loop		/* 4 */
2:	csrr	t2, hpmcounter3			/* NEXT */
	csrci	sstatus, SSTATUS_SIE
	REG_S	t2, SLOT(DELIVER_NEXT)(a0)
	ret

/*
 * The S-mode trap vector while an LCOFI row spins (stvec, direct mode):
 * only the loop can be interrupted, and only by LCOFI (sie = LCOFIE).
 */
	.balign 4
	.globl bench_deliver_vector
bench_deliver_vector:
	csrr	t1, hpmcounter3			/* ENTRY */
	la	t3, bench_deliver_state
	REG_S	t1, SLOT(DELIVER_ENTRY)(t3)
	REG_S	t0, SLOT(DELIVER_LAST)(t3)
	csrr	t4, sepc
	REG_S	t4, SLOT(DELIVER_PC)(t3)
	li	t4, SIP_LCOFIP
	csrc	sip, t4
	li	t4, 1
	REG_S	t4, SLOT(DELIVER_FLAG)(t3)
	csrr	t1, hpmcounter3			/* DONE */
.Lvector_after_done:
	REG_S	t1, SLOT(DELIVER_DONE)(t3)
.Lvector_exit:
	sret

/*
 * The SSE entry point of the PMU overflow event (a7 = ENTRY_ARG = the
 * state, a6 = hart id). The firmware saved a6/a7 (INTERRUPTED_A6/A7) and
 * COMPLETE restores them; nothing else is touched, so the loop resumes
 * with its registers as it left them.
 */
	.balign 4
	.globl bench_deliver_sse_entry
bench_deliver_sse_entry:
	csrr	a6, hpmcounter3			/* ENTRY */
	REG_S	a6, SLOT(DELIVER_ENTRY)(a7)
	REG_S	t0, SLOT(DELIVER_LAST)(a7)
	csrr	a6, sepc			/* the interrupted pc */
	REG_S	a6, SLOT(DELIVER_PC)(a7)
	li	a6, 1
	REG_S	a6, SLOT(DELIVER_FLAG)(a7)
	csrr	a6, hpmcounter3			/* DONE */
.Lsse_after_done:
	REG_S	a6, SLOT(DELIVER_DONE)(a7)
	li	a6, SBI_EXT_SSE_COMPLETE
	li	a7, SBI_EXT_SSE
.Lsse_exit:
	ecall
	/* COMPLETE came back here: the firmware lost the running event. */
	call	sse_entry_lost

	.option pop

	.section .rodata
	.balign 4
	/* Instructions between DONE and the sret / the COMPLETE ecall. */
	.globl bench_deliver_pre_sret, bench_deliver_pre_complete
bench_deliver_pre_sret:
	.word	(.Lvector_exit - .Lvector_after_done) / 4
bench_deliver_pre_complete:
	.word	(.Lsse_exit - .Lsse_after_done) / 4
