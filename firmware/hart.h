/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Per-hart state of the firmware. Two parts with different owners:
 *  - struct fw_scratch sits at the top of the hart's M-mode stack, above
 *    the trap frame, and is touched only by that hart (mscratch points at
 *    the trap frame right below it; entry.S uses both);
 *  - struct fw_hart lives in the fw_harts[] table and is shared: other
 *    harts post IPIs, fence requests and HSM starts into it. Fields that
 *    cross harts are accessed with __atomic builtins only.
 * The trap frame struct fw_trap_regs is laid out by register number.
 */
#ifndef FW_HART_H
#define FW_HART_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "fw_defs.h"

struct pmu_hart;
struct sse_hart;

/* Registers of the trapped context, x[n] = register xn. */
struct fw_trap_regs {
	unsigned long x[32];
};

/* A remote fence this hart asks others to perform (sbi_rfence.c). */
struct fw_fence {
	unsigned int kind; /* enum fw_fence_kind */
	unsigned long start;
	unsigned long size;
	unsigned long asid;    /* ASID or VMID */
	unsigned long vmid;    /* caller's VMID for HFENCE.VVMA */
	unsigned long waiting; /* harts that have not done it yet (atomic) */
};

struct fw_hart {
	unsigned int hartid;
	bool present;	      /* the hart ran fw_start (set at boot) */
	struct pmu_hart *pmu; /* NULL until the PMU is set up */
	/* pmu, or NULL while its calls are traced (firmware/pmu_trace.c) */
	struct pmu_hart *pmu_fast;
	int hsm_state;		   /* enum sbi_hsm_state (atomic) */
	unsigned long next_addr;   /* HSM start/resume target, published */
	unsigned long next_arg;	   /* by the release store of hsm_state */
	unsigned long ipi_pending; /* FW_IPI_* bits (atomic) */
	unsigned long fence_from;  /* harts whose fence we owe (atomic) */
	struct fw_fence fence;	   /* our own outgoing request */
	/* SSE (sse_hw.c); touched by this hart only. */
	struct sse_hart *sse;		/* NULL if SSE is not offered */
	struct fw_trap_regs *sse_frame; /* frame of the trap being handled */
	bool sse_work;			/* look for an event to deliver */
	bool sse_resumed;		/* COMPLETE resumed: keep a0/a1 */
	bool sse_lcofie;		/* S-mode's LCOFIE while routed to us */
};

struct fw_scratch {
	unsigned long caught; /* mcause + 1 of a caught trap, else 0 */
	unsigned long tmp[2];
	struct fw_hart *hart;
};

_Static_assert(offsetof(struct fw_scratch, caught) == FW_SCRATCH_CAUGHT,
	       "scratch layout");
_Static_assert(offsetof(struct fw_scratch, tmp) == FW_SCRATCH_TMP0,
	       "scratch layout");
_Static_assert(offsetof(struct fw_scratch, hart) == FW_SCRATCH_HART,
	       "scratch layout");
_Static_assert(sizeof(struct fw_scratch) <= FW_SCRATCH_SIZE, "scratch size");
_Static_assert(sizeof(struct fw_trap_regs) == FW_TRAP_REGS_SIZE,
	       "trap frame layout");
_Static_assert(FW_MAX_HARTS <= 32, "hart sets are unsigned long");

extern struct fw_hart fw_harts[FW_MAX_HARTS];

/* The calling hart's private scratch area. */
struct fw_scratch *fw_scratch_self(void);

/* The calling hart's shared state. */
static inline struct fw_hart *fw_hart_self(void)
{
	return fw_scratch_self()->hart;
}

/* Shared state of hart @hartid, or NULL if it is out of range or absent. */
struct fw_hart *fw_hart_get(unsigned long hartid);

/*
 * Shared state of hart @hartid if it checked in or the device tree lists
 * it: a hart slow to check in (host load) is already a hart S-mode may
 * ask about and start (HSM); it takes the start when it arrives. NULL if
 * out of range or neither.
 */
struct fw_hart *fw_hart_expected(unsigned long hartid);

/* Bitmap of the harts that checked in at boot. */
unsigned long fw_hart_present_mask(void);

#endif
