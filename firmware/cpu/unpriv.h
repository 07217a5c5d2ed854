/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Catching traps in M-mode, for two uses: probing CSRs that may not exist
 * (discover.c, hart_setup.c), and loads/stores done on behalf of the
 * trapped S/U context with its own privilege and address translation
 * (instruction emulation). A caught trap never reaches fw_trap_entry: it
 * is recorded and the faulting instruction skipped.
 */
#ifndef FW_UNPRIV_H
#define FW_UNPRIV_H

#include <stdbool.h>
#include <stdint.h>

#include "cpu/csr.h"

/* The trap an access took: what S-mode should see if it is redirected. */
struct fw_unpriv_fault {
	unsigned long cause;
	unsigned long tval;
};

/* Install the catching vector; returns the vector to restore. */
unsigned long fw_catch_begin(void);
/* Restore @old_mtvec; returns mcause + 1 of a caught trap, 0 if none. */
unsigned long fw_catch_end(unsigned long old_mtvec);

/*
 * Does CSR @csr (a constant: csrr encodes it) answer a read? The probe
 * every optional CSR goes through: a missing one traps, caught here.
 */
#define FW_CSR_READABLE(csr)                                                   \
	({                                                                     \
		unsigned long fw_csr_old_ = fw_catch_begin();                  \
		(void)csr_read(csr);                                           \
		fw_catch_end(fw_csr_old_) == 0;                                \
	})

/* M-mode load of an aligned word at @addr that may fault. */
bool fw_catch_read_ulong(uintptr_t addr, unsigned long *value);
/* The same, 32 bits (a device whose registers take no wider access). */
bool fw_catch_read_u32(uintptr_t addr, uint32_t *value);

/* One byte as the trapped mode (mstatus.MPP) sees memory. */
bool fw_unpriv_read_u8(unsigned long addr, uint8_t *value,
		       struct fw_unpriv_fault *fault);
bool fw_unpriv_write_u8(unsigned long addr, uint8_t value,
			struct fw_unpriv_fault *fault);

/* The instruction at @pc of the trapped mode, and its length (2 or 4). */
bool fw_unpriv_fetch_insn(unsigned long pc, uint32_t *insn, unsigned int *len,
			  struct fw_unpriv_fault *fault);

#endif
