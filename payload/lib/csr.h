/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Supervisor CSR access for payloads: the S-mode CSRs and bits the runtime
 * and the checks touch, and csr_* macros around the csrr/csrw/csrs/csrc
 * instructions. The CSR number must be a compile-time constant (it is an
 * immediate of the instruction); csr_read_counter() reads a counter CSR
 * chosen at run time.
 */
#ifndef PAYLOAD_CSR_H
#define PAYLOAD_CSR_H

#include <stdbool.h>
#include <stdint.h>

#define CSR_SSTATUS   0x100
#define CSR_SIE	      0x104
#define CSR_STVEC     0x105
#define CSR_SSCRATCH  0x140
#define CSR_SEPC      0x141
#define CSR_SCAUSE    0x142
#define CSR_STVAL     0x143
#define CSR_SIP	      0x144
#define CSR_SCOUNTOVF 0xDA0
/* Counter delegation (Smcdeleg/Ssccfg, Sscsrind). */
#define CSR_SCOUNTINHIBIT 0x120
#define CSR_SISELECT	  0x150
#define CSR_SIREG	  0x151 /* the counter siselect 0x40 + i names */
#define CSR_SIREG2	  0x152 /* its mhpmevent (mcyclecfg, minstretcfg) */
#define SISELECT_COUNTER  0x40
#define CSR_TIME	  0xC01

#define SSTATUS_SIE (1UL << 1)

/* Interrupt numbers (scause with the top bit set; sie/sip bit index). */
#define IRQ_S_SOFT  1
#define IRQ_S_TIMER 5
#define IRQ_S_EXT   9
#define IRQ_LCOF    13 /* Sscofpmf local counter-overflow interrupt */

/* Exception codes (scause with the top bit clear). */
#define EXC_INSN_ILLEGAL     2
#define EXC_LOAD_MISALIGNED  4
#define EXC_LOAD_ACCESS	     5
#define EXC_STORE_MISALIGNED 6
#define EXC_STORE_ACCESS     7

#define SCAUSE_INTERRUPT (1UL << (__riscv_xlen - 1))

#define CSR_STR(x)  #x
#define CSR_XSTR(x) CSR_STR(x)

#define csr_read(csr)                                                          \
	({                                                                     \
		unsigned long csr_v_;                                          \
		__asm__ volatile("csrr %0, " CSR_XSTR(csr)                     \
				 : "=r"(csr_v_)                                \
				 :                                             \
				 : "memory");                                  \
		csr_v_;                                                        \
	})

#define csr_write(csr, val)                                                    \
	__asm__ volatile("csrw " CSR_XSTR(csr) ", %0"                          \
			 :                                                     \
			 : "rK"((unsigned long)(val))                          \
			 : "memory")

#define csr_set(csr, val)                                                      \
	__asm__ volatile("csrs " CSR_XSTR(csr) ", %0"                          \
			 :                                                     \
			 : "rK"((unsigned long)(val))                          \
			 : "memory")

#define csr_clear(csr, val)                                                    \
	__asm__ volatile("csrc " CSR_XSTR(csr) ", %0"                          \
			 :                                                     \
			 : "rK"((unsigned long)(val))                          \
			 : "memory")

/*
 * Read counter CSR @csr (0xC00..0xC1F, or their high halves 0xC80..0xC9F
 * on RV32) into @val. Returns false for a number outside those ranges.
 * A CSR S-mode may not read traps like any other access: callers that
 * expect that arm the trap counters first (trap.h).
 */
bool csr_read_counter(unsigned int csr, unsigned long *val);

/* The full 64-bit value of counter CSR @csr (both halves on RV32). */
bool csr_read_counter64(unsigned int csr, uint64_t *val);

#endif
