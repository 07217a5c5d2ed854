/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Each hart's private scratch area: above its trap frame at the top of
 * its M-mode stack, where mscratch points (entry.S reaches it by the
 * offsets of fw_defs.h, checked here). It holds the probe trap's
 * result (unpriv.c), the entry path's temporaries and the hart's table
 * entry (rt/hart.h).
 */
#ifndef FW_SCRATCH_H
#define FW_SCRATCH_H

#include <stddef.h>

#include "cpu/csr.h"
#include "cpu/fw_defs.h"

struct fw_hart;

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

/* The calling hart's scratch: mscratch points at the trap frame below. */
static inline struct fw_scratch *fw_scratch_self(void)
{
	return (struct fw_scratch *)(csr_read(CSR_MSCRATCH) +
				     FW_TRAP_REGS_SIZE);
}

#endif
