/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A hart's machine-level IMSIC interrupt file as the firmware's
 * doorbell, for the harts no CLINT or ACLINT MSWI reaches (an AIA SoC
 * with an ACLINT MTIMER and IMSICs only; QEMU virt with aia=aplic-imsic
 * and aclint=on). Ringing a hart writes the identity FW_IMSIC_IPI_ID to
 * its file's seteipnum_le register (AIA spec 3.5); the hart sees a
 * machine external interrupt (mip.MEIP) and claims the identity through
 * mtopei (AIA 3.9). Its file delivers only that identity: eidelivery 1,
 * eithreshold 0, only that bit set in eie (set up by the hart itself:
 * the file's registers are the hart's CSRs, behind miselect/mireg).
 * dev.c decides which harts use it (binding/dev_fdt_imsic.c finds the
 * files); entry.S does the same set-up before a hart's first wait.
 */
#include "cpu/csr.h"
#include "cpu/unpriv.h"
#include "dev/dev.h"

/* seteipnum_le: a 32-bit little-endian write of an identity sets it. */
#define IMSIC_SETEIPNUM_LE 0x000

void fw_imsic_send(uintptr_t file)
{
	/*
	 * The message bits (ordinary stores) must be visible before the
	 * doorbell (a device store): fence w,o, as the sender's release
	 * orders memory only.
	 */
	__asm__ volatile("fence w, o" ::: "memory");
	*(volatile uint32_t *)(file + IMSIC_SETEIPNUM_LE) = FW_IMSIC_IPI_ID;
}

/* Claim every pending enabled identity (only the doorbell's is). */
void fw_imsic_clear(void)
{
	while (csr_swap(CSR_MTOPEI, 0) >> MTOPEI_ID_SHIFT)
		;
}

static void imsic_ireg_write(unsigned long reg, unsigned long value)
{
	csr_write(CSR_MISELECT, reg);
	csr_write(CSR_MIREG, value);
}

/*
 * Every eie register cleared: reset leaves them UNSPECIFIED (AIA 3.4).
 * On RV64 only the even-numbered ones exist (AIA 3.8). Those past the
 * file's identities are read-only zero by the spec, but QEMU 10 raises
 * an illegal instruction for them: the first that traps ends the walk.
 */
static void imsic_eie_clear(void)
{
	unsigned long reg, old;

	for (reg = IMSIC_EIE0; reg <= IMSIC_EIE63; reg += __riscv_xlen / 32) {
		old = fw_catch_begin();
		imsic_ireg_write(reg, 0);
		if (fw_catch_end(old))
			break;
	}
}

/*
 * This hart's file delivers the doorbell and nothing else: eidelivery
 * on, no threshold, only the doorbell's identity enabled, and a stale
 * pending one claimed. False if the hart has no such file (no Smaia,
 * no IMSIC): its CSRs trap.
 */
bool fw_imsic_hart_init(void)
{
	unsigned long old = fw_catch_begin();

	imsic_ireg_write(IMSIC_EIDELIVERY, 1);
	imsic_ireg_write(IMSIC_EITHRESHOLD, 0);
	if (fw_catch_end(old))
		return false;
	imsic_eie_clear();
	old = fw_catch_begin();
	imsic_ireg_write(IMSIC_EIE0, 1UL << FW_IMSIC_IPI_ID);
	if (fw_catch_end(old))
		return false;
	fw_imsic_clear(); /* not under the catch: a skipped read would loop */
	return true;
}
