/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A hart's machine-level IMSIC interrupt file as the firmware's
 * doorbell, for the harts no CLINT or ACLINT MSWI reaches (an AIA SoC
 * with an ACLINT MTIMER and IMSICs only; QEMU virt with aia=aplic-imsic
 * and aclint=on): a fallback driver, whose files dev.c hands only to
 * harts without a doorbell once every other driver had its turn.
 * Ringing a hart writes the identity FW_IMSIC_IPI_ID to its file's
 * seteipnum_le register (AIA spec 3.5); the hart sees a machine
 * external interrupt (mip.MEIP) and claims the identity through mtopei
 * (AIA 3.9). Its file delivers only that identity: eidelivery 1,
 * eithreshold 0, only that bit set in eie (set up by the hart itself:
 * the file's registers are the hart's CSRs, behind miselect/mireg).
 * binding/dev_fdt_imsic.c finds the files; entry.S does the same set-up
 * before a hart's first wait.
 */
#include <sbipmu/dev_fdt.h>

#include "cpu/csr.h"
#include "cpu/unpriv.h"
#include "dev/dev.h"
#include "rt/hart.h"

/* seteipnum_le: a 32-bit little-endian write of an identity sets it. */
#define IMSIC_SETEIPNUM_LE 0x000

static bool imsic_hart_setup(struct fw_hart *h,
			     const struct dev_fdt_timer_dev *d,
			     const struct dev_fdt_hart_ctx *c)
{
	(void)d;
	if (c->addr > UINTPTR_MAX)
		return false;
	h->ipi_reg = (uintptr_t)c->addr;
	return true;
}

#ifdef __riscv
static void imsic_send(const struct fw_hart *h)
{
	/*
	 * The message bits (ordinary stores) must be visible before the
	 * doorbell (a device store): fence w,o, as the sender's release
	 * orders memory only.
	 */
	__asm__ volatile("fence w, o" ::: "memory");
	*(volatile uint32_t *)(h->ipi_reg + IMSIC_SETEIPNUM_LE) =
		FW_IMSIC_IPI_ID;
}

/* Claim every pending enabled identity (only the doorbell's is). */
static void imsic_claim_all(void)
{
	while (csr_swap(CSR_MTOPEI, 0) >> MTOPEI_ID_SHIFT)
		;
}

static void imsic_clear(const struct fw_hart *h)
{
	(void)h;
	imsic_claim_all();
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
static bool imsic_hart_init(struct fw_hart *h)
{
	unsigned long old = fw_catch_begin();

	(void)h;
	imsic_ireg_write(IMSIC_EIDELIVERY, 1);
	imsic_ireg_write(IMSIC_EITHRESHOLD, 0);
	if (fw_catch_end(old))
		return false;
	imsic_eie_clear();
	old = fw_catch_begin();
	imsic_ireg_write(IMSIC_EIE0, 1UL << FW_IMSIC_IPI_ID);
	if (fw_catch_end(old))
		return false;
	imsic_claim_all(); /* not under the catch: a skipped read would loop */
	return true;
}
#else
/*
 * The host's build of this file (tools/board-report, the unit tests)
 * wants its registration only: a host has no AIA CSRs, and no hart
 * there takes the doorbell.
 */
static void imsic_send(const struct fw_hart *h)
{
	(void)h;
}

static void imsic_clear(const struct fw_hart *h)
{
	(void)h;
}

static bool imsic_hart_init(struct fw_hart *h)
{
	(void)h;
	return false;
}
#endif

static const struct fw_ipi_ops imsic_ops = {
	.name = "imsic",
	.detail = "M-level IMSIC files, no MSWI",
	.irq = IRQ_M_EXT,
	.hart_setup = imsic_hart_setup,
	.hart_init = imsic_hart_init,
	.send = imsic_send,
	.clear = imsic_clear,
};

static const char *const imsic_compatible[] = {"riscv,imsics", NULL};

FW_TIMER_DRIVER(fw_timer_imsic) = {
	.fdt = {.compatible = imsic_compatible,
		.name = "imsic",
		.decode = dev_fdt_timer_imsic,
		.fallback = true},
	.ipi = &imsic_ops,
};
