/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * C side of trap catching (see unpriv.h; the vector and the MPRV
 * accessors are in entry.S). Each access installs the catching vector,
 * performs one load or store, and restores mtvec and mepc: a caught trap
 * overwrites mepc, which still belongs to the trap being handled.
 */
#include "cpu/csr.h"
#include "cpu/scratch.h"
#include "cpu/unpriv.h"

extern char fw_trap_catch[];
unsigned long fw_unpriv_lbu(unsigned long addr);
void fw_unpriv_sb(unsigned long addr, unsigned long value);
unsigned long fw_unpriv_fetch_u16(unsigned long addr);

unsigned long fw_catch_begin(void)
{
	fw_scratch_self()->caught = 0;
	return csr_swap(CSR_MTVEC, (uintptr_t)fw_trap_catch);
}

unsigned long fw_catch_end(unsigned long old_mtvec)
{
	csr_write(CSR_MTVEC, old_mtvec);
	return fw_scratch_self()->caught;
}

bool fw_catch_read_ulong(uintptr_t addr, unsigned long *value)
{
	unsigned long old;

	if (addr % sizeof(unsigned long))
		return false;
	old = fw_catch_begin();
	*value = *(volatile unsigned long *)addr;
	return fw_catch_end(old) == 0;
}

bool fw_catch_read_u32(uintptr_t addr, uint32_t *value)
{
	unsigned long old;

	if (addr % sizeof(uint32_t))
		return false;
	old = fw_catch_begin();
	*value = *(volatile uint32_t *)addr;
	return fw_catch_end(old) == 0;
}

/* Finish an unprivileged access: restore mepc, report a caught trap. */
static bool unpriv_end(unsigned long old_mtvec, unsigned long mepc,
		       struct fw_unpriv_fault *fault)
{
	unsigned long caught = fw_catch_end(old_mtvec);

	if (caught) {
		fault->cause = caught - 1;
		fault->tval = csr_read(CSR_MTVAL);
	}
	csr_write(CSR_MEPC, mepc);
	return caught == 0;
}

bool fw_unpriv_read_u8(unsigned long addr, uint8_t *value,
		       struct fw_unpriv_fault *fault)
{
	unsigned long mepc = csr_read(CSR_MEPC);
	unsigned long old = fw_catch_begin();

	*value = (uint8_t)fw_unpriv_lbu(addr);
	return unpriv_end(old, mepc, fault);
}

bool fw_unpriv_write_u8(unsigned long addr, uint8_t value,
			struct fw_unpriv_fault *fault)
{
	unsigned long mepc = csr_read(CSR_MEPC);
	unsigned long old = fw_catch_begin();

	fw_unpriv_sb(addr, value);
	return unpriv_end(old, mepc, fault);
}

/*
 * A fetch fault must reach S-mode as a fetch fault: the load the
 * firmware used reports a load cause, which is translated here.
 */
static void unpriv_fetch_cause(struct fw_unpriv_fault *fault)
{
	if (fault->cause == CAUSE_LOAD_PAGE_FAULT)
		fault->cause = CAUSE_FETCH_PAGE_FAULT;
	else if (fault->cause == CAUSE_LOAD_ACCESS)
		fault->cause = CAUSE_FETCH_ACCESS;
	else if (fault->cause == CAUSE_LOAD_GUEST_PAGE_FAULT)
		fault->cause = CAUSE_FETCH_GUEST_PAGE_FAULT;
}

static bool unpriv_fetch_u16(unsigned long addr, uint16_t *half,
			     struct fw_unpriv_fault *fault)
{
	unsigned long mepc = csr_read(CSR_MEPC);
	unsigned long old = fw_catch_begin();

	*half = (uint16_t)fw_unpriv_fetch_u16(addr);
	if (unpriv_end(old, mepc, fault))
		return true;
	unpriv_fetch_cause(fault);
	return false;
}

bool fw_unpriv_fetch_insn(unsigned long pc, uint32_t *insn, unsigned int *len,
			  struct fw_unpriv_fault *fault)
{
	uint16_t lo, hi;

	if (!unpriv_fetch_u16(pc, &lo, fault))
		return false;
	if ((lo & 3) != 3) {
		*insn = lo;
		*len = 2;
		return true;
	}
	if (!unpriv_fetch_u16(pc + 2, &hi, fault))
		return false;
	*insn = lo | ((uint32_t)hi << 16);
	*len = 4;
	return true;
}
