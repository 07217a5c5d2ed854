/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Emulation of misaligned integer loads and stores, including the
 * compressed forms, byte by byte with the trapped mode's privilege and
 * translation (unpriv.c). A fault on any byte goes to S-mode as that
 * fault; anything else (FP, atomics, unknown encodings) goes to S-mode
 * as the original misaligned trap, which Linux can handle itself.
 */
#include <stdint.h>

#include "arch/redirect.h"
#include "cpu/csr.h"
#include "cpu/unpriv.h"

/* What one load or store does. */
struct mis_access {
	bool store;
	bool is_signed;
	unsigned int size; /* bytes */
	unsigned int reg;  /* rd for loads, rs2 for stores */
};

/* 32-bit LOAD (0x03) / STORE (0x23) opcodes. */
static bool mis_decode32(uint32_t insn, struct mis_access *a)
{
	unsigned int f3 = (insn >> 12) & 7;

	if ((insn & 0x7F) == 0x03 && f3 != 7) {
		a->store = false;
		a->is_signed = f3 < 4;
		a->size = 1U << (f3 & 3);
		a->reg = (insn >> 7) & 31;
	} else if ((insn & 0x7F) == 0x23 && f3 < 4) {
		a->store = true;
		a->is_signed = false;
		a->size = 1U << f3;
		a->reg = (insn >> 20) & 31;
	} else {
		return false;
	}
	return a->size <= sizeof(unsigned long) &&
	       !(a->size == 4 && !a->store && f3 == 6 && __riscv_xlen == 32);
}

/*
 * Compressed loads/stores. c.lw/c.sw/c.lwsp/c.swsp on every XLEN;
 * funct3 3/7 are c.ld/c.sd(sp) on RV64 but FP on RV32 (not ours).
 */
static bool mis_decode16(uint32_t insn, struct mis_access *a)
{
	unsigned int f3 = (insn >> 13) & 7, q = insn & 3;
	unsigned int wide = (__riscv_xlen == 64) ? 8 : 0;

	a->is_signed = true;
	a->store = (f3 == 6 || f3 == 7);
	if (f3 == 2 || f3 == 6)
		a->size = 4;
	else if (f3 == 3 || f3 == 7)
		a->size = wide;
	else
		return false;
	if (q == 0)
		a->reg = 8 + ((insn >> 2) & 7); /* rd' / rs2' */
	else if (q == 2)
		a->reg = a->store ? (insn >> 2) & 31 : (insn >> 7) & 31;
	else
		return false;
	return a->size != 0;
}

static bool mis_load(struct fw_trap_regs *regs, const struct mis_access *a,
		     unsigned long addr, struct fw_unpriv_fault *f)
{
	uint64_t v = 0;
	unsigned int i;
	uint8_t b;

	for (i = 0; i < a->size; i++) {
		if (!fw_unpriv_read_u8(addr + i, &b, f))
			return false;
		v |= (uint64_t)b << (8 * i);
	}
	if (a->is_signed && a->size < 8) {
		unsigned int shift = 64 - 8 * a->size;

		v = (uint64_t)((int64_t)(v << shift) >> shift);
	}
	if (a->reg)
		regs->x[a->reg] = (unsigned long)v;
	return true;
}

static bool mis_store(const struct fw_trap_regs *regs,
		      const struct mis_access *a, unsigned long addr,
		      struct fw_unpriv_fault *f)
{
	unsigned long v = a->reg ? regs->x[a->reg] : 0;
	unsigned int i;

	for (i = 0; i < a->size; i++)
		if (!fw_unpriv_write_u8(addr + i, (uint8_t)(v >> (8 * i)), f))
			return false;
	return true;
}

void fw_misaligned(struct fw_trap_regs *regs, unsigned long cause,
		   unsigned long addr)
{
	unsigned long pc = csr_read(CSR_MEPC);
	struct fw_unpriv_fault f;
	struct mis_access a;
	unsigned int len;
	uint32_t insn;
	bool ok;

	if (!fw_unpriv_fetch_insn(pc, &insn, &len, &f)) {
		fw_trap_redirect(f.cause, f.tval);
		return;
	}
	ok = (len == 4) ? mis_decode32(insn, &a) : mis_decode16(insn, &a);
	if (!ok || a.store != (cause == CAUSE_MISALIGNED_STORE)) {
		fw_trap_redirect(cause, addr);
		return;
	}
	ok = a.store ? mis_store(regs, &a, addr, &f)
		     : mis_load(regs, &a, addr, &f);
	if (!ok) {
		fw_trap_redirect(f.cause, f.tval);
		return;
	}
	csr_write(CSR_MEPC, pc + len);
}
