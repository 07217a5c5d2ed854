/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The machine-level APLIC domain (AIA spec, chapter 4), as M-mode must
 * leave it for an S-mode kernel: every source delegated to a child
 * domain (sourcecfg.D), the domain enabled, and in MSI mode the MSI
 * address registers set, which only the root domain has and which the
 * S-level domain's messages use (smsiaddrcfg, and the hart and group
 * fields of mmsiaddrcfgh). The firmware itself takes no device
 * interrupts: no source stays with M-mode, its interrupt delivery is
 * left off. binding/dev_fdt_aia.c decodes the tree; this file only
 * writes the registers.
 */
#include <sbipmu/dev_fdt_aia.h>

#include "dev/dev.h"

#define APLIC_DOMAINCFG	    0x0000
#define APLIC_SOURCECFG(i)  (0x0004 + 4 * ((i)-1)) /* i = 1..1023 */
#define APLIC_MMSIADDRCFG   0x1BC0
#define APLIC_MMSIADDRCFGH  0x1BC4
#define APLIC_SMSIADDRCFG   0x1BC8
#define APLIC_SMSIADDRCFGH  0x1BCC
#define APLIC_DOMAINCFG_IE  (1U << 8)
#define APLIC_DOMAINCFG_DM  (1U << 2) /* MSI delivery */
#define APLIC_SOURCECFG_D   (1U << 10)
#define APLIC_MSICFGH_L	    (1U << 31) /* locked: leave as it is */
#define APLIC_MSICFGH_HHXS  24
#define APLIC_MSICFGH_LHXS  20
#define APLIC_MSICFGH_HHXW  16
#define APLIC_MSICFGH_LHXW  12
#define APLIC_MSICFGH_PPN_H 0xFFFU

static void aplic_write(const struct dev_fdt_aplic *a, uint32_t off, uint32_t v)
{
	*(volatile uint32_t *)(uintptr_t)(a->base + off) = v;
}

static uint32_t aplic_read(const struct dev_fdt_aplic *a, uint32_t off)
{
	return *(volatile uint32_t *)(uintptr_t)(a->base + off);
}

/* The MSI address registers of the root domain (AIA 4.5.3, 4.5.4). */
static void aplic_msi_addresses(const struct dev_fdt_aplic *a)
{
	const struct dev_fdt_imsic *layout = a->s.found ? &a->s : &a->m;
	uint64_t m_ppn = a->m.base >> 12, s_ppn = a->s.base >> 12;
	uint32_t mh = (layout->group_shift - 24) << APLIC_MSICFGH_HHXS |
		      a->m.guest_bits << APLIC_MSICFGH_LHXS |
		      layout->group_bits << APLIC_MSICFGH_HHXW |
		      layout->hart_bits << APLIC_MSICFGH_LHXW |
		      ((uint32_t)(m_ppn >> 32) & APLIC_MSICFGH_PPN_H);

	if (aplic_read(a, APLIC_MMSIADDRCFGH) & APLIC_MSICFGH_L)
		return;
	aplic_write(a, APLIC_MMSIADDRCFG, (uint32_t)m_ppn);
	aplic_write(a, APLIC_MMSIADDRCFGH, mh);
	if (!a->s.found)
		return;
	aplic_write(a, APLIC_SMSIADDRCFG, (uint32_t)s_ppn);
	aplic_write(a, APLIC_SMSIADDRCFGH,
		    a->s.guest_bits << APLIC_MSICFGH_LHXS |
			    ((uint32_t)(s_ppn >> 32) & APLIC_MSICFGH_PPN_H));
}

static void aplic_delegate(const struct dev_fdt_aplic *a)
{
	unsigned int i;
	uint32_t src;

	for (i = 0; i < a->n_deleg; i++)
		for (src = a->deleg[i].first; src <= a->deleg[i].last; src++)
			aplic_write(a, APLIC_SOURCECFG(src),
				    APLIC_SOURCECFG_D | a->deleg[i].child);
}

void fw_aplic_setup(const struct dev_fdt_aplic *a)
{
	if (a->base > UINTPTR_MAX - 0x4000)
		return;
	if (a->msi)
		aplic_msi_addresses(a);
	aplic_delegate(a);
	aplic_write(a, APLIC_DOMAINCFG,
		    APLIC_DOMAINCFG_IE | (a->msi ? APLIC_DOMAINCFG_DM : 0));
}
