/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Per-hart state of the firmware. Two parts with different owners:
 *  - struct fw_scratch sits at the top of the hart's M-mode stack, above
 *    the trap frame, and is touched only by that hart (mscratch points at
 *    the trap frame right below it; entry.S uses both);
 *  - struct fw_hart lives in the hart table (one entry per hart of the
 *    device tree, built at boot) and is shared: other harts post IPIs,
 *    fence requests and HSM starts into it. Fields that cross harts are
 *    accessed with __atomic builtins only.
 * The trap frame struct fw_trap_regs is laid out by register number.
 */
#ifndef FW_HART_H
#define FW_HART_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cpu/fw_defs.h"
#include "cpu/scratch.h"

struct pmu_hart;
struct sse_hart;
struct fw_ipi_ops;   /* dev/dev.h */
struct fw_timer_ops; /* dev/dev.h */
struct sbi_pmu_trace;

/* Registers of the trapped context, x[n] = register xn. */
struct fw_trap_regs {
	unsigned long x[32];
};

/*
 * A set of harts by table index (struct fw_hart.index), any number up
 * to FW_MAX_HARTS. Words are accessed atomically where harts share one.
 */
#define FW_HARTSET_BITS (8 * sizeof(unsigned long))
#define FW_HARTSET_WORDS                                                       \
	((FW_MAX_HARTS + FW_HARTSET_BITS - 1) / FW_HARTSET_BITS)

struct fw_hartset {
	unsigned long w[FW_HARTSET_WORDS];
};

/* A remote fence this hart asks others to perform (rt/fence.h). */
struct fw_fence {
	unsigned int kind; /* its RFENCE function ID, SBI_EXT_RFENCE_* */
	unsigned long start;
	unsigned long size;
	unsigned long asid;    /* ASID or VMID */
	unsigned long vmid;    /* caller's VMID for HFENCE.VVMA */
	unsigned long waiting; /* harts that have not done it yet (atomic) */
};

/*
 * One hart the device tree lists. The table (fw_hart_at()) is sorted by
 * hart id and built by the boot hart from the tree before any other
 * hart leaves the early lottery (firmware/boot/early.c); nothing is sized
 * for the most harts the firmware could serve but the hart sets.
 */
struct fw_hart {
	unsigned long hartid;
	unsigned int index; /* place in the table */
	bool present;	    /* the hart checked in (atomic) */
	/*
	 * It can run S-mode: misa.S as the hart read it at check-in; until
	 * then the tree's word for it (an mmu-type). HSM never starts a
	 * hart without, and the tree handed on marks it disabled.
	 */
	bool s_mode;
	bool guarded;	    /* its stack guard (PMP) took */
	uint32_t counters;  /* the counters it has (probed at check-in) */
	unsigned long misa; /* as it read it at check-in */
	/*
	 * Its doorbell and its timer, as their drivers set them up at boot
	 * (dev/dev.h, struct fw_timer_driver): the ops, NULL when none
	 * reaches it (ipi is read and cleared atomically), and the
	 * registers the ops use: ipi_reg its MSIP word, IMSIC file or
	 * PLICSW pending word, ipi_reg2 and ipi_bit a driver's second
	 * register and bit (PLICSW: the context's claim register, its
	 * source's bit); timer_reg its mtimecmp.
	 */
	const struct fw_ipi_ops *ipi;
	uintptr_t ipi_reg;
	uintptr_t ipi_reg2;
	uint32_t ipi_bit;
	const struct fw_timer_ops *timer;
	uintptr_t timer_reg;
	uintptr_t stack_lo;   /* its M-mode stack [stack_lo, stack_top) */
	uintptr_t stack_top;  /* scratch and trap frame lie below it */
	void *pmu_mem;	      /* its PMU state, before pmu_hart_init() */
	struct pmu_hart *pmu; /* NULL until the PMU is set up */
	/* pmu, or NULL while its calls are traced (firmware/ext/pmu_trace.c) */
	struct pmu_hart *pmu_fast;
	struct sbi_pmu_trace *trace;  /* its PMU call ring, if asked for */
	int hsm_state;		      /* SBI_HSM_STATE_* (atomic) */
	unsigned long next_addr;      /* HSM start/resume target, published */
	unsigned long next_arg;	      /* by the release store of hsm_state */
	unsigned long ipi_pending;    /* FW_IPI_* bits (atomic) */
	struct fw_hartset fence_from; /* harts whose fence we owe (atomic) */
	struct fw_fence fence;	      /* our own outgoing request */
	/* SSE (sse_hw.c); touched by this hart only. */
	struct sse_hart *sse;		/* NULL if SSE is not offered */
	struct sse_hart *sse_mem;	/* its SSE state, offered or not */
	struct fw_trap_regs *sse_frame; /* frame of the trap being handled */
	bool sse_work;			/* look for an event to deliver */
	bool sse_resumed;		/* COMPLETE resumed: keep a0/a1 */
	bool sse_lcofie;		/* S-mode's LCOFIE while routed to us */
};

_Static_assert(sizeof(struct fw_trap_regs) == FW_TRAP_REGS_SIZE,
	       "trap frame layout");

/* The calling hart's shared state. */
static inline struct fw_hart *fw_hart_self(void)
{
	return fw_scratch_self()->hart;
}

/* How many harts the table holds (0 before the boot hart built it). */
unsigned int fw_hart_count(void);

/* The hart at table index @index (< fw_hart_count()). */
struct fw_hart *fw_hart_at(unsigned int index);

/* Hart @hartid if the table lists it, checked in or not; else NULL. */
struct fw_hart *fw_hart_find(unsigned long hartid);

/* Hart @hartid if it checked in and runs S-mode; else NULL. */
struct fw_hart *fw_hart_get(unsigned long hartid);

/*
 * Shared state of hart @hartid if the device tree lists it: a hart slow
 * to check in (host load) is already a hart S-mode may ask about and
 * start (HSM); it takes the start when it arrives. NULL if unlisted.
 */
static inline struct fw_hart *fw_hart_expected(unsigned long hartid)
{
	return fw_hart_find(hartid);
}

/* Has hart @h checked in? */
static inline bool fw_hart_present(const struct fw_hart *h)
{
	return __atomic_load_n(&h->present, __ATOMIC_ACQUIRE);
}

/* Is @h a hart S-mode can reach: checked in, with S-mode? */
static inline bool fw_hart_serves(const struct fw_hart *h)
{
	return fw_hart_present(h) && h->s_mode;
}

/* How many harts checked in. */
unsigned int fw_hart_present_count(void);

/*
 * Build the table from @n hart ids sorted ascending (the tree's): an
 * entry and an FW_STACK_SIZE M-mode stack for each, from the boot heap.
 * False if the heap cannot hold them; the table is then empty.
 */
bool fw_hart_table_build(const unsigned long *ids, unsigned int n);

/* Bytes the table takes per hart (entry and stack). */
size_t fw_hart_bytes_per_hart(void);

/* ---- hart sets ---- */

static inline void fw_hartset_add_atomic(struct fw_hartset *s, unsigned int i)
{
	__atomic_or_fetch(&s->w[i / FW_HARTSET_BITS],
			  1UL << (i % FW_HARTSET_BITS), __ATOMIC_RELEASE);
}

#endif
