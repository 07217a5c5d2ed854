/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * M-mode enables for S-mode (see enables.h). One table says, for each
 * ISA extension Linux can use that needs M-mode's consent, which bits of
 * which CSR give it; docs/firmware.md ("M-mode enables") is the same
 * table with the spec clauses. The boot hart probes each CSR under the
 * firmware's probe trap, writes the chosen value and reads it back (the
 * fields are WARL); an extension whose bits did not stick is dropped
 * from the tree, so the next stage never uses it.
 */
#include "arch/enables.h"
#include "cpu/csr.h"
#include "cpu/unpriv.h"

#include <stddef.h>
#include <string.h>

#define CSR_MSTATEEN1  0x30D
#define CSR_MSTATEEN2  0x30E
#define CSR_MSTATEEN3  0x30F
#define CSR_MSTATEEN1H 0x31D
#define CSR_MSTATEEN2H 0x31E
#define CSR_MSTATEEN3H 0x31F
#define CSR_MSECCFG    0x747
#define CSR_MSECCFGH   0x757

/* The bits this file sets beyond those csr.h already names. */
#define MENVCFG_ADUE	(FW_ULL(1) << 61)
#define MSTATEEN0_IMSIC (FW_ULL(1) << 58)
#define MSTATEEN0_AIA	(FW_ULL(1) << 59)
#define MSTATEEN_SE	(FW_ULL(1) << 63) /* mstateen1..3: sstateen1..3 */
#define MSECCFG_SSEED	(FW_ULL(1) << 9)

/* No second condition: the rule's extension alone decides. */
#define ENABLE_ALWAYS ((size_t)-1)

struct enable_rule {
	const char *ext; /* as the tree names it; dropped if bits won't stick */
	/* offsetof(struct platform_fdt_isa, <the ext>), or ENABLE_ALWAYS */
	size_t has;
	size_t unless; /* the rule is off when this one is named too */
	enum fw_enable_reg reg;
	uint64_t bits;
	/*
	 * The CSR only gates S-mode's access (mstateen0): a hart without it
	 * gates nothing, so the extension works without the bits.
	 */
	bool gate_only;
	/*
	 * OPTIONAL: does the hart have the extension's own CSR? If not, the
	 * rule sets nothing and the extension is dropped (a tree may claim
	 * what the hart lacks; spike's Sstc has no time source behind it).
	 */
	bool (*present)(void);
};

#define ISA(field) offsetof(struct platform_fdt_isa, field)

#define CSR_STOPI 0xDB0

static bool enables_try_stimecmp(void)
{
	return FW_CSR_READABLE(CSR_STIMECMP);
}

/* S-mode's AIA CSRs (Ssaia): stopi, which M-mode may read too. */
static bool enables_try_stopi(void)
{
	return FW_CSR_READABLE(CSR_STOPI);
}

/* Privileged spec 1.13 chapters named: menvcfg 3.1.18, mseccfg 3.1.19
 * (Zkr: scalar crypto 4.1), Smstateen (priv ch. 20), Ssaia (AIA 2.5). */
static const struct enable_rule enable_rules[] = {
	{"sstc", ISA(sstc), ENABLE_ALWAYS, FW_ENABLE_MENVCFG, MENVCFG_STCE,
	 false, enables_try_stimecmp},
	{"svpbmt", ISA(svpbmt), ENABLE_ALWAYS, FW_ENABLE_MENVCFG, MENVCFG_PBMTE,
	 false, NULL},
	/* With Svade also named, A/D faults stay (S-mode may ask later). */
	{"svadu", ISA(svadu), ISA(svade), FW_ENABLE_MENVCFG, MENVCFG_ADUE,
	 false, NULL},
	{"zicbom", ISA(zicbom), ENABLE_ALWAYS, FW_ENABLE_MENVCFG,
	 MENVCFG_CBIE_INV | MENVCFG_CBCFE, false, NULL},
	{"zicboz", ISA(zicboz), ENABLE_ALWAYS, FW_ENABLE_MENVCFG, MENVCFG_CBZE,
	 false, NULL},
	{"zkr", ISA(zkr), ENABLE_ALWAYS, FW_ENABLE_MSECCFG, MSECCFG_SSEED,
	 false, NULL},
	/*
	 * sstateen0 and senvcfg: mstateen0 resets to 0, hiding both. On
	 * every hart that has the CSR, named in the tree or not (S-mode
	 * reaches senvcfg for Zicbom/Zicboz whatever the tree says).
	 */
	{"smstateen", ENABLE_ALWAYS, ENABLE_ALWAYS, FW_ENABLE_MSTATEEN0,
	 MSTATEEN0_SE0 | MSTATEEN0_ENVCFG, true, NULL},
	/* stopi, stopei, and the IMSIC file through siselect/sireg. */
	{"ssaia", ISA(ssaia), ENABLE_ALWAYS, FW_ENABLE_MSTATEEN0,
	 MSTATEEN0_AIA | MSTATEEN0_IMSIC | MSTATEEN0_CSRIND, true,
	 enables_try_stopi},
	{"sscsrind", ISA(sscsrind), ENABLE_ALWAYS, FW_ENABLE_MSTATEEN0,
	 MSTATEEN0_CSRIND, true, NULL},
};

#define ENABLE_RULES (sizeof(enable_rules) / sizeof(enable_rules[0]))

struct fw_enables fw_enables;

#if __riscv_xlen == 32
#define CSR_READ64(lo, hi) (((uint64_t)csr_read(hi) << 32) | csr_read(lo))
#define CSR_WRITE64(lo, hi, v)                                                 \
	do {                                                                   \
		csr_write(lo, (unsigned long)(v));                             \
		csr_write(hi, (unsigned long)((v) >> 32));                     \
	} while (0)
#else
#define CSR_READ64(lo, hi)     ((uint64_t)csr_read(lo))
#define CSR_WRITE64(lo, hi, v) csr_write(lo, (unsigned long)(v))
#endif

static uint64_t enables_read(enum fw_enable_reg reg)
{
	switch (reg) {
	case FW_ENABLE_MENVCFG:
		return CSR_READ64(CSR_MENVCFG, CSR_MENVCFGH);
	case FW_ENABLE_MSTATEEN0:
		return CSR_READ64(CSR_MSTATEEN0, CSR_MSTATEEN0H);
	default:
		return CSR_READ64(CSR_MSECCFG, CSR_MSECCFGH);
	}
}

static void enables_write(enum fw_enable_reg reg, uint64_t v)
{
	switch (reg) {
	case FW_ENABLE_MENVCFG:
		CSR_WRITE64(CSR_MENVCFG, CSR_MENVCFGH, v);
		break;
	case FW_ENABLE_MSTATEEN0:
		CSR_WRITE64(CSR_MSTATEEN0, CSR_MSTATEEN0H, v);
		break;
	default:
		CSR_WRITE64(CSR_MSECCFG, CSR_MSECCFGH, v);
		break;
	}
}

/* Does the CSR exist? Read under the probe trap (a missing one traps). */
static bool enables_probe(enum fw_enable_reg reg)
{
	switch (reg) {
	case FW_ENABLE_MENVCFG:
		return FW_CSR_READABLE(CSR_MENVCFG);
	case FW_ENABLE_MSTATEEN0:
		return FW_CSR_READABLE(CSR_MSTATEEN0);
	default:
		return FW_CSR_READABLE(CSR_MSECCFG);
	}
}

/* mstateen1..3 exist? Bit n for mstateen<n>; each only gates sstateen<n>. */
static unsigned int enables_probe_stateen_more(void)
{
	return (FW_CSR_READABLE(CSR_MSTATEEN1) ? 1U << 1 : 0) |
	       (FW_CSR_READABLE(CSR_MSTATEEN2) ? 1U << 2 : 0) |
	       (FW_CSR_READABLE(CSR_MSTATEEN3) ? 1U << 3 : 0);
}

static bool enables_field(const struct platform_fdt_isa *dt, size_t off)
{
	bool v;

	if (off == ENABLE_ALWAYS)
		return true;
	memcpy(&v, (const char *)dt + off, sizeof(v));
	return v;
}

static bool enables_rule_named(const struct enable_rule *r,
			       const struct platform_fdt_isa *dt)
{
	return enables_field(dt, r->has) &&
	       (r->unless == ENABLE_ALWAYS || !enables_field(dt, r->unless));
}

/* Named, and the hart has it: its bits are wanted. */
static bool enables_rule_applies(const struct enable_rule *r,
				 const struct platform_fdt_isa *dt)
{
	return enables_rule_named(r, dt) && (!r->present || r->present());
}

static void enables_drop(const char *ext)
{
	if (fw_enables_dropped(ext) ||
	    fw_enables.n_dropped ==
		    sizeof(fw_enables.dropped) / sizeof(fw_enables.dropped[0]))
		return;
	fw_enables.dropped[fw_enables.n_dropped++] = ext;
}

bool fw_enables_dropped(const char *ext)
{
	unsigned int i;

	for (i = 0; i < fw_enables.n_dropped; i++)
		if (!strcmp(fw_enables.dropped[i], ext))
			return true;
	return false;
}

/*
 * Named in the tree, but the hart has no mstateen0: S-mode would trap on
 * the first access to sstateen0 (KVM's hstateen0 set-up).
 */
static void enables_drop_absent(const struct platform_fdt_isa *dt)
{
	if (dt->smstateen && !fw_enables.present[FW_ENABLE_MSTATEEN0])
		enables_drop("smstateen");
}

/* Write what the rules want, keep what stuck (WARL), drop the rest. */
void fw_enables_discover(const struct platform_fdt_isa *dt)
{
	uint64_t want[FW_ENABLE_REGS] = {0};
	bool applies[ENABLE_RULES];
	unsigned int i, reg;

	for (reg = 0; reg < FW_ENABLE_REGS; reg++)
		fw_enables.present[reg] = enables_probe(reg);
	fw_enables.stateen_more = fw_enables.present[FW_ENABLE_MSTATEEN0]
					  ? enables_probe_stateen_more()
					  : 0;
	for (i = 0; i < ENABLE_RULES; i++) {
		applies[i] = enables_rule_applies(&enable_rules[i], dt);
		if (applies[i])
			want[enable_rules[i].reg] |= enable_rules[i].bits;
	}
	for (reg = 0; reg < FW_ENABLE_REGS; reg++) {
		if (!fw_enables.present[reg])
			continue;
		enables_write(reg, want[reg]);
		fw_enables.value[reg] = enables_read(reg) & want[reg];
	}
	for (i = 0; i < ENABLE_RULES; i++) {
		const struct enable_rule *r = &enable_rules[i];
		bool ok = fw_enables.present[r->reg]
				  ? (fw_enables.value[r->reg] & r->bits) ==
					    r->bits
				  : r->gate_only;

		if (enables_rule_named(r, dt) && (!applies[i] || !ok))
			enables_drop(r->ext);
	}
	enables_drop_absent(dt);
}

bool fw_enables_add(enum fw_enable_reg reg, uint64_t bits)
{
	uint64_t want = fw_enables.value[reg] | bits;

	if (!fw_enables.present[reg])
		return false;
	enables_write(reg, want);
	if ((enables_read(reg) & bits) != bits) {
		enables_write(reg, fw_enables.value[reg]);
		return false;
	}
	fw_enables.value[reg] = want;
	return true;
}

void fw_enables_apply(void)
{
	unsigned int reg;

	for (reg = 0; reg < FW_ENABLE_REGS; reg++)
		if (fw_enables.present[reg])
			enables_write(reg, fw_enables.value[reg]);
	if (fw_enables.stateen_more & (1U << 1))
		CSR_WRITE64(CSR_MSTATEEN1, CSR_MSTATEEN1H, MSTATEEN_SE);
	if (fw_enables.stateen_more & (1U << 2))
		CSR_WRITE64(CSR_MSTATEEN2, CSR_MSTATEEN2H, MSTATEEN_SE);
	if (fw_enables.stateen_more & (1U << 3))
		CSR_WRITE64(CSR_MSTATEEN3, CSR_MSTATEEN3H, MSTATEEN_SE);
}
