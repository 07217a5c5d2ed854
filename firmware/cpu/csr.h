/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Control and status registers: numbers, bit fields, and the only inline
 * assembly for CSR access in the firmware (besides pmu_hal_csr.c, which
 * needs counter CSRs by number). CSR numbers must be compile-time
 * constants: csrr/csrw encode them as immediates.
 */
#ifndef FW_CSR_H
#define FW_CSR_H

/* Constants shared with assembly, which knows no UL suffix. */
#ifdef __ASSEMBLER__
#define FW_UL(x)  x
#define FW_ULL(x) x
#else
#define FW_UL(x)  x##UL
#define FW_ULL(x) x##ULL
#endif

/* Supervisor CSRs. */
#define CSR_SSTATUS    0x100
#define CSR_SIE	       0x104
#define CSR_STVEC      0x105
#define CSR_SCOUNTEREN 0x106
#define CSR_SEPC       0x141
#define CSR_SCAUSE     0x142
#define CSR_STVAL      0x143
#define CSR_SIP	       0x144
#define CSR_STIMECMP   0x14D /* Sstc */
#define CSR_STIMECMPH  0x15D /* Sstc, RV32 */
#define CSR_SATP       0x180
#define CSR_HSTATUS    0x600 /* H extension */
#define CSR_HEDELEG    0x602
#define CSR_HTVAL      0x643
#define CSR_HTINST     0x64A
#define CSR_HGATP      0x680
#define CSR_VSSTATUS   0x200 /* H extension: the guest's S-mode CSRs */
#define CSR_VSTVEC     0x205
#define CSR_VSEPC      0x241
#define CSR_VSCAUSE    0x242
#define CSR_VSTVAL     0x243
#define CSR_SCOUNTOVF  0xDA0 /* Sscofpmf */

/* Machine CSRs. */
#define CSR_MSTATUS	  0x300
#define CSR_MSTATUSH	  0x310 /* RV32 */
#define CSR_MISA	  0x301
#define CSR_MEDELEG	  0x302
#define CSR_MIDELEG	  0x303
#define CSR_MIE		  0x304
#define CSR_MTVEC	  0x305
#define CSR_MCOUNTEREN	  0x306
#define CSR_MENVCFG	  0x30A /* priv 1.12 */
#define CSR_MENVCFGH	  0x31A /* priv 1.12, RV32 */
#define CSR_MSTATEEN0	  0x30C /* Smstateen */
#define CSR_MSTATEEN0H	  0x31C /* Smstateen, RV32 */
#define CSR_MCOUNTINHIBIT 0x320
#define CSR_MCYCLECFG	  0x321 /* Smcntrpmf */
#define CSR_MINSTRETCFG	  0x322 /* Smcntrpmf */
#define CSR_MCYCLECFGH	  0x721
#define CSR_MINSTRETCFGH  0x722
#define CSR_MSCRATCH	  0x340
#define CSR_MEPC	  0x341
#define CSR_MCAUSE	  0x342
#define CSR_MTVAL	  0x343
#define CSR_MIP		  0x344
#define CSR_MISELECT	  0x350 /* Smaia (or Smcsrind): indirect register */
#define CSR_MIREG	  0x351 /* the register miselect names */
#define CSR_MTOPEI	  0x35C /* Smaia: M-level IMSIC file's top interrupt */
#define CSR_PMPCFG0	  0x3A0
#define CSR_PMPADDR0	  0x3B0
#define CSR_PMPADDR1	  0x3B1
#define CSR_PMPADDR2	  0x3B2
#define CSR_MVENDORID	  0xF11
#define CSR_MARCHID	  0xF12
#define CSR_MIMPID	  0xF13
#define CSR_MHARTID	  0xF14

/* Counters. */
#define CSR_TIME	  0xC01
#define CSR_TIMEH	  0xC81
#define CSR_MCYCLE	  0xB00
#define CSR_MCYCLEH	  0xB80
#define CSR_MHPMEVENT(n)  (0x320 + (n))
#define CSR_MHPMEVENTH(n) (0x720 + (n))

/* mstatus */
#define MSTATUS_SIE	  (FW_UL(1) << 1)
#define MSTATUS_SPIE	  (FW_UL(1) << 5)
#define MSTATUS_MPIE	  (FW_UL(1) << 7)
#define MSTATUS_SPP	  (FW_UL(1) << 8)
#define MSTATUS_MPP_SHIFT 11
#define MSTATUS_MPP	  (FW_UL(3) << MSTATUS_MPP_SHIFT)
#define MSTATUS_MPRV	  (FW_UL(1) << 17)
#define MSTATUS_MXR	  (FW_UL(1) << 19)
#if __riscv_xlen == 64
#define MSTATUS_MPV (FW_UL(1) << 39)
#endif
#define MSTATUSH_MPV (FW_UL(1) << 7) /* RV32: mstatus bit 39 */

/* hstatus (H extension) */
#define HSTATUS_GVA  (FW_UL(1) << 6)
#define HSTATUS_SPV  (FW_UL(1) << 7)
#define HSTATUS_SPVP (FW_UL(1) << 8)

#define PRV_U FW_UL(0)
#define PRV_S FW_UL(1)
#define PRV_M FW_UL(3)

/* Interrupt numbers (mip/mie/mideleg bits, mcause codes). */
#define IRQ_S_SOFT  1
#define IRQ_M_SOFT  3
#define IRQ_S_TIMER 5
#define IRQ_M_TIMER 7
#define IRQ_S_EXT   9
#define IRQ_M_EXT   11
#define IRQ_LCOF    13 /* Sscofpmf local counter overflow */
#define MIP_SSIP    (FW_UL(1) << IRQ_S_SOFT)
#define MIP_MSIP    (FW_UL(1) << IRQ_M_SOFT)
#define MIP_STIP    (FW_UL(1) << IRQ_S_TIMER)
#define MIP_MTIP    (FW_UL(1) << IRQ_M_TIMER)
#define MIP_SEIP    (FW_UL(1) << IRQ_S_EXT)
#define MIP_MEIP    (FW_UL(1) << IRQ_M_EXT)
#define MIP_LCOFIP  (FW_UL(1) << IRQ_LCOF)

#define MCAUSE_IRQ (FW_UL(1) << (__riscv_xlen - 1))

/*
 * An IMSIC interrupt file's registers behind miselect (AIA spec 3.8,
 * table "IMSIC registers"): eidelivery 1 delivers to the hart, an
 * eithreshold of 0 lets every enabled identity through, bit i of eip0
 * / eie0 is identity i pending / enabled (identities 0-31 on RV32, 0-63
 * on RV64, where the odd-numbered eipN / eieN do not exist). All of it
 * is UNSPECIFIED at reset (AIA 3.4). mtopei's
 * identity field (AIA 3.9); a write to mtopei claims that identity.
 * Shared by entry.S (a hart's first wake) and dev/imsic.c.
 */
#define IMSIC_EIDELIVERY  0x70
#define IMSIC_EITHRESHOLD 0x72
#define IMSIC_EIP0	  0x80
#define IMSIC_EIE0	  0xC0
#define IMSIC_EIE63	  0xFF
#define MTOPEI_ID_SHIFT	  16
/* The identity the firmware's doorbell writes (dev/imsic.c). */
#define FW_IMSIC_IPI_ID 1

/* Exception codes (mcause without the interrupt bit). */
#define CAUSE_MISALIGNED_FETCH	     0
#define CAUSE_FETCH_ACCESS	     1
#define CAUSE_ILLEGAL_INSN	     2
#define CAUSE_BREAKPOINT	     3
#define CAUSE_MISALIGNED_LOAD	     4
#define CAUSE_LOAD_ACCESS	     5
#define CAUSE_MISALIGNED_STORE	     6
#define CAUSE_STORE_ACCESS	     7
#define CAUSE_USER_ECALL	     8
#define CAUSE_SUPERVISOR_ECALL	     9
#define CAUSE_VS_ECALL		     10
#define CAUSE_FETCH_PAGE_FAULT	     12
#define CAUSE_LOAD_PAGE_FAULT	     13
#define CAUSE_STORE_PAGE_FAULT	     15
#define CAUSE_FETCH_GUEST_PAGE_FAULT 20
#define CAUSE_LOAD_GUEST_PAGE_FAULT  21
#define CAUSE_VIRTUAL_INSN	     22
#define CAUSE_STORE_GUEST_PAGE_FAULT 23

/* menvcfg (64-bit view; RV32 writes the upper half to menvcfgh). */
#define MENVCFG_CBIE_INV (FW_ULL(3) << 4)
#define MENVCFG_CBCFE	 (FW_ULL(1) << 6)
#define MENVCFG_CBZE	 (FW_ULL(1) << 7)
#define MENVCFG_CDE	 (FW_ULL(1) << 60) /* Smcdeleg */
#define MENVCFG_PBMTE	 (FW_ULL(1) << 62)
#define MENVCFG_STCE	 (FW_ULL(1) << 63)

/* mstateen0: what S-mode may reach (Smstateen). */
#define MSTATEEN0_CSRIND (FW_ULL(1) << 60) /* siselect, sireg* */
#define MSTATEEN0_ENVCFG (FW_ULL(1) << 62) /* senvcfg */
#define MSTATEEN0_SE0	 (FW_ULL(1) << 63) /* sstateen0 */

/* mcounteren bit of the time CSR. */
#define MCOUNTEREN_TM (FW_UL(1) << 1)

/* Hand-off mcountinhibit: cycle and instret count, hpm counters stop. */
#define FW_MCOUNTINHIBIT_HANDOFF 0xFFFFFFF8UL

/* misa extension bits. */
#define MISA_EXT(c) (FW_UL(1) << ((c) - 'A'))

/* PMP configuration byte. */
#define PMP_R	    0x01
#define PMP_W	    0x02
#define PMP_X	    0x04
#define PMP_A_NAPOT 0x18
#define PMP_L	    0x80 /* locked: applies to M-mode too, until reset */

#ifndef __ASSEMBLER__

#define FW_STR2(x) #x
#define FW_STR(x)  FW_STR2(x)

#define csr_read(csr)                                                          \
	({                                                                     \
		unsigned long csr_v_;                                          \
		__asm__ volatile("csrr %0, " FW_STR(csr)                       \
				 : "=r"(csr_v_)::"memory");                    \
		csr_v_;                                                        \
	})

#define csr_write(csr, val)                                                    \
	({                                                                     \
		unsigned long csr_w_ = (unsigned long)(val);                   \
		__asm__ volatile("csrw " FW_STR(csr) ", %0" ::"rK"(csr_w_)     \
				 : "memory");                                  \
	})

#define csr_swap(csr, val)                                                     \
	({                                                                     \
		unsigned long csr_w_ = (unsigned long)(val);                   \
		__asm__ volatile("csrrw %0, " FW_STR(csr) ", %1"               \
				 : "=r"(csr_w_)                                \
				 : "rK"(csr_w_)                                \
				 : "memory");                                  \
		csr_w_;                                                        \
	})

/* Clear @val's bits of @csr; the value it had before, in one access. */
#define csr_read_clear(csr, val)                                               \
	({                                                                     \
		unsigned long csr_c_ = (unsigned long)(val);                   \
		__asm__ volatile("csrrc %0, " FW_STR(csr) ", %1"               \
				 : "=r"(csr_c_)                                \
				 : "rK"(csr_c_)                                \
				 : "memory");                                  \
		csr_c_;                                                        \
	})

#define csr_set(csr, val)                                                      \
	({                                                                     \
		unsigned long csr_w_ = (unsigned long)(val);                   \
		__asm__ volatile("csrs " FW_STR(csr) ", %0" ::"rK"(csr_w_)     \
				 : "memory");                                  \
	})

#define csr_clear(csr, val)                                                    \
	({                                                                     \
		unsigned long csr_w_ = (unsigned long)(val);                   \
		__asm__ volatile("csrc " FW_STR(csr) ", %0" ::"rK"(csr_w_)     \
				 : "memory");                                  \
	})

/*
 * mstatus.MPV of @ms (RV32: mstatush.MPV, read here): the trap came from
 * a guest (V=1). Reads 0 on a hart without the H extension.
 */
static inline int fw_mstatus_mpv(unsigned long ms)
{
#if __riscv_xlen == 64
	return (ms & MSTATUS_MPV) != 0;
#else
	(void)ms;
	return (csr_read(CSR_MSTATUSH) & MSTATUSH_MPV) != 0;
#endif
}

static inline void fw_wfi(void)
{
	__asm__ volatile("wfi" ::: "memory");
}

static inline void fw_fence_i(void)
{
	__asm__ volatile("fence.i" ::: "memory");
}

static inline void fw_sfence_vma_all(void)
{
	__asm__ volatile("sfence.vma" ::: "memory");
}

static inline void fw_sfence_vma_addr(unsigned long addr)
{
	__asm__ volatile("sfence.vma %0" ::"r"(addr) : "memory");
}

static inline void fw_sfence_vma_asid(unsigned long addr, unsigned long asid)
{
	__asm__ volatile("sfence.vma %0, %1" ::"r"(addr), "r"(asid) : "memory");
}

static inline void fw_sfence_vma_all_asid(unsigned long asid)
{
	__asm__ volatile("sfence.vma x0, %0" ::"r"(asid) : "memory");
}

/*
 * HFENCE.GVMA / HFENCE.VVMA (H extension), encoded with .insn for
 * assemblers without H. rs1 = x0 means "all addresses" and rs2 = x0 "all
 * VMIDs/ASIDs", which a register holding 0 does not, hence four forms.
 */
static inline void fw_hfence_gvma_all(void)
{
	__asm__ volatile(".insn r 0x73, 0, 0x31, x0, x0, x0" ::: "memory");
}

static inline void fw_hfence_gvma_vmid(unsigned long vmid)
{
	__asm__ volatile(".insn r 0x73, 0, 0x31, x0, x0, %0" ::"r"(vmid)
			 : "memory");
}

/* @gpa_shr2: guest physical address shifted right by 2, as the ISA wants. */
static inline void fw_hfence_gvma_addr(unsigned long gpa_shr2,
				       unsigned long vmid)
{
	__asm__ volatile(".insn r 0x73, 0, 0x31, x0, %0, %1" ::"r"(gpa_shr2),
			 "r"(vmid)
			 : "memory");
}

static inline void fw_hfence_vvma_all(void)
{
	__asm__ volatile(".insn r 0x73, 0, 0x11, x0, x0, x0" ::: "memory");
}

static inline void fw_hfence_vvma_asid(unsigned long asid)
{
	__asm__ volatile(".insn r 0x73, 0, 0x11, x0, x0, %0" ::"r"(asid)
			 : "memory");
}

static inline void fw_hfence_vvma_addr(unsigned long vaddr)
{
	__asm__ volatile(".insn r 0x73, 0, 0x11, x0, %0, x0" ::"r"(vaddr)
			 : "memory");
}

static inline void fw_hfence_vvma_addr_asid(unsigned long vaddr,
					    unsigned long asid)
{
	__asm__ volatile(".insn r 0x73, 0, 0x11, x0, %0, %1" ::"r"(vaddr),
			 "r"(asid)
			 : "memory");
}

#endif /* !__ASSEMBLER__ */

#endif
