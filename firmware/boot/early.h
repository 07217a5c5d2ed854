/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Before the hart table exists (see early.c): who boots, and where the
 * others find their stacks once the boot hart has carved them.
 */
#ifndef FW_EARLY_H
#define FW_EARLY_H

#include <stdbool.h>
#include <stdint.h>

#include "boot/boot.h"
#include "cpu/fw_defs.h"

/*
 * Read fw_dynamic_info at @addr with traps caught: true if its magic is
 * right (the copy in @out is then complete).
 */
bool fw_early_read_dynamic(uintptr_t addr, struct fw_dynamic_info *out);

/* The hart fw_dynamic_info names as boot hart, or -1UL if none. */
unsigned long fw_early_preferred(const struct fw_dynamic_info *info,
				 bool dynamic);

/* Can the calling hart run S-mode? (misa.S; misa 0 says nothing: yes) */
bool fw_early_hart_has_s_mode(void);

/* Where the other harts find their stacks (entry.S reads it). */
struct fw_early_frames {
	unsigned long n;
	struct {
		unsigned long hartid;
		unsigned long frame; /* mscratch and sp: the trap frame */
	} e[];
};

_Static_assert(sizeof(unsigned long) == FW_REGBYTES, "entry.S reads words");

extern struct fw_early_frames *fw_early_frames;
extern int fw_early_claimed;

/*
 * The boot hart, once the table is built: publish where the others'
 * stacks are (from the boot heap). False if the heap cannot hold it.
 * The caller then rings every hart (they sleep in WFI).
 */
bool fw_early_release(void);

#endif
