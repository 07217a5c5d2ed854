/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The AIA probe (binding/dev_fdt_aia.c): the machine-level interrupt
 * domains of an Advanced Interrupt Architecture tree ("riscv,aplic" and
 * "riscv,imsics" nodes, the bindings Linux and QEMU use), decoded into
 * what M-mode must set up so that device interrupts reach S-mode, and
 * the tree edit that hides M-mode's nodes from the next stage. Pure
 * libfdt, like dev_fdt.h: the tree must have passed platform_fdt_check();
 * beyond that every length, phandle and count is checked, and a domain
 * that fails is refused whole with a static reason.
 *
 * M-level or S-level: an APLIC or IMSIC node whose interrupts-extended
 * names machine external interrupts (11) is M-level, supervisor
 * external interrupts (9) S-level; an APLIC in MSI mode takes the level
 * of the IMSIC its msi-parent names.
 */
#ifndef SBIPMU_DEV_FDT_AIA_H
#define SBIPMU_DEV_FDT_AIA_H

#include <stdbool.h>
#include <stdint.h>

/* APLIC sources: 1..1023 (AIA spec, 4.5). */
#define DEV_FDT_APLIC_MAX_SOURCES 1023u
/* Delegation ranges kept per domain (QEMU virt gives one). */
#define DEV_FDT_APLIC_MAX_DELEG 8u
/* M-level domains kept (one per socket on QEMU virt: up to 8). */
#define DEV_FDT_AIA_MAX_DOMAINS 8u

/* An IMSIC's layout, as the APLIC's MSI address registers want it. */
struct dev_fdt_imsic {
	bool found;
	uint64_t base;	      /* base address with the index fields cleared */
	uint32_t guest_bits;  /* riscv,guest-index-bits (LHXS) */
	uint32_t hart_bits;   /* riscv,hart-index-bits (LHXW) */
	uint32_t group_bits;  /* riscv,group-index-bits (HHXW) */
	uint32_t group_shift; /* riscv,group-index-shift (HHXS + 24) */
};

/* Sources @first..@last go to child domain @child (riscv,children). */
struct dev_fdt_aplic_deleg {
	uint32_t child;
	uint32_t first;
	uint32_t last;
};

/* One M-level APLIC domain with children: what M-mode programs. */
struct dev_fdt_aplic {
	int node;
	uint64_t base;
	uint64_t size;
	uint32_t num_sources;
	bool msi;		/* MSI delivery (msi-parent), else direct */
	struct dev_fdt_imsic m; /* MSI: the M-level IMSIC */
	struct dev_fdt_imsic s; /* MSI: the S-level IMSIC (children's) */
	unsigned int n_deleg;
	struct dev_fdt_aplic_deleg deleg[DEV_FDT_APLIC_MAX_DELEG];
};

struct dev_fdt_aia {
	unsigned int n;
	struct dev_fdt_aplic d[DEV_FDT_AIA_MAX_DOMAINS];
	unsigned int refused; /* M-level APLICs that could not be decoded */
	const char *why;      /* the last refusal's reason, static text */
	int why_node;
};

/*
 * Every enabled M-level APLIC that has children. Delegation: the
 * riscv,delegation (or older riscv,delegate) triplets; without either,
 * every source goes to the first child (our choice: a root domain whose
 * tree says nothing serves nobody in M-mode, since the firmware takes
 * no device interrupts).
 */
void dev_fdt_aia_scan(const void *fdt, struct dev_fdt_aia *out);

/*
 * Mark every enabled M-level APLIC and IMSIC node "disabled", so the
 * next stage does not try to drive them. Returns 0 or a libfdt error
 * (-FDT_ERR_NOSPACE: the caller grows the tree and tries again).
 */
int dev_fdt_aia_hide_m_level(void *fdt);

/* How many nodes dev_fdt_aia_hide_m_level() would mark (room to grow). */
unsigned int dev_fdt_aia_m_level_count(const void *fdt);

#endif
