/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The AIA probe (dev_fdt_aia.h). An APLIC domain's level comes from the
 * interrupts it raises: interrupts-extended naming the harts' machine
 * external interrupt (11) or supervisor external interrupt (9), or, in
 * MSI mode, the level of the IMSIC its msi-parent names. The IMSIC's
 * index fields follow the riscv,imsics binding's defaults (guest and
 * group bits 0, group shift 24, hart bits enough for its harts), the
 * way the next stage's driver reads them, so the MSI addresses M-mode
 * programs and those S-mode computes agree.
 */
#include <libfdt.h>

#include "dev_fdt_util.h"
#include "sbipmu/dev_fdt_aia.h"

#define AIA_IRQ_S_EXT	  9u
#define AIA_IRQ_M_EXT	  11u
#define AIA_MAX_IRQ_CELLS 4u
/* Register fields the values must fit (AIA spec, xmsiaddrcfgh). */
#define AIA_MAX_GUEST_BITS  7u	/* LHXS, 3 bits */
#define AIA_MAX_HART_BITS   15u /* LHXW, 4 bits */
#define AIA_MAX_GROUP_BITS  7u	/* HHXW, 3 bits */
#define AIA_MIN_GROUP_SHIFT 24u /* HHXS = shift - 24, 5 bits */
#define AIA_MAX_GROUP_SHIFT 55u

static const char *const aia_aplic_compat[] = {"riscv,aplic"};
static const char *const aia_imsic_compat[] = {"riscv,imsics"};

/*
 * The one external interrupt every interrupts-extended tuple names (9 or
 * 11), 0 if none or if they differ; @n_out counts the tuples.
 */
static uint32_t aia_irq_level(const void *fdt, int node, uint32_t *n_out)
{
	int len, i = 0, n;
	const fdt32_t *p = fdt_getprop(fdt, node, "interrupts-extended", &len);
	uint32_t level = 0, cells, count = 0;

	if (!p || len <= 0 || len % 4)
		return 0;
	n = len / 4;
	while (i + 1 < n) {
		int intc = dev_fdt_phandle_node(fdt, fdt32_to_cpu(p[i]));
		uint32_t irq = fdt32_to_cpu(p[i + 1]);

		if (intc < 0 ||
		    !dev_fdt_u32(fdt, intc, "#interrupt-cells", &cells) ||
		    cells < 1 || cells > AIA_MAX_IRQ_CELLS ||
		    i + 1 + (int)cells > n)
			return 0;
		if ((irq != AIA_IRQ_S_EXT && irq != AIA_IRQ_M_EXT) ||
		    (level && irq != level))
			return 0;
		level = irq;
		count++;
		i += 1 + (int)cells;
	}
	if (n_out)
		*n_out = count;
	return i == n ? level : 0;
}

static bool aia_is(const void *fdt, int node, const char *const *compat)
{
	return dev_fdt_match(fdt, node, compat, 1) == 0;
}

/* The node msi-parent names, or negative. */
static int aia_msi_parent(const void *fdt, int node)
{
	uint32_t ph;

	if (!dev_fdt_u32(fdt, node, "msi-parent", &ph))
		return -FDT_ERR_NOTFOUND;
	return dev_fdt_phandle_node(fdt, ph);
}

/* An APLIC's or IMSIC's level: 11 (M), 9 (S), or 0 if it cannot say. */
static uint32_t aia_level(const void *fdt, int node)
{
	uint32_t level = aia_irq_level(fdt, node, NULL);
	int parent;

	if (level || !aia_is(fdt, node, aia_aplic_compat))
		return level;
	parent = aia_msi_parent(fdt, node);
	if (parent < 0 || !aia_is(fdt, parent, aia_imsic_compat))
		return 0;
	return aia_irq_level(fdt, parent, NULL);
}

static uint32_t aia_ceil_log2(uint32_t v)
{
	uint32_t bits = 0;

	while (bits < 32 && (1ULL << bits) < v)
		bits++;
	return bits;
}

static uint32_t aia_u32_or(const void *fdt, int node, const char *name,
			   uint32_t dflt)
{
	uint32_t v;

	return dev_fdt_u32(fdt, node, name, &v) ? v : dflt;
}

/* An IMSIC node's base and index fields; NULL or why it is refused. */
static const char *aia_imsic(const void *fdt, int node, struct dev_fdt_imsic *m)
{
	struct dev_fdt_range r;
	uint32_t harts = 0;
	const char *why = dev_fdt_reg(fdt, node, 0, &r);

	if (why)
		return why;
	if (!aia_irq_level(fdt, node, &harts) || !harts)
		return "interrupts-extended: no hart external interrupt";
	m->guest_bits = aia_u32_or(fdt, node, "riscv,guest-index-bits", 0);
	m->hart_bits = aia_u32_or(fdt, node, "riscv,hart-index-bits",
				  aia_ceil_log2(harts));
	m->group_bits = aia_u32_or(fdt, node, "riscv,group-index-bits", 0);
	m->group_shift = aia_u32_or(fdt, node, "riscv,group-index-shift",
				    AIA_MIN_GROUP_SHIFT);
	if (m->guest_bits > AIA_MAX_GUEST_BITS ||
	    m->hart_bits > AIA_MAX_HART_BITS ||
	    m->group_bits > AIA_MAX_GROUP_BITS ||
	    m->group_shift < AIA_MIN_GROUP_SHIFT ||
	    m->group_shift > AIA_MAX_GROUP_SHIFT)
		return "index bits out of the MSI address fields' range";
	m->base = r.base & ~((1ULL << (m->guest_bits + m->hart_bits + 12)) - 1);
	m->base &= ~(((1ULL << m->group_bits) - 1) << m->group_shift);
	m->found = true;
	return NULL;
}

/* The index of @phandle in @node's riscv,children, or -1. */
static int aia_child_index(const void *fdt, int node, uint32_t phandle)
{
	int len, i;
	const fdt32_t *p = fdt_getprop(fdt, node, "riscv,children", &len);

	if (!p || len <= 0 || len % 4)
		return -1;
	for (i = 0; i < len / 4; i++)
		if (fdt32_to_cpu(p[i]) == phandle)
			return i;
	return -1;
}

/* riscv,delegation triplets into @a; NULL or why they are refused. */
static const char *aia_delegation(const void *fdt, int node,
				  struct dev_fdt_aplic *a)
{
	int len, i;
	const fdt32_t *p = fdt_getprop(fdt, node, "riscv,delegation", &len);

	if (!p)
		p = fdt_getprop(fdt, node, "riscv,delegate", &len);
	if (!p) { /* no word on it: every source to the first child */
		a->deleg[0] =
			(struct dev_fdt_aplic_deleg){0, 1, a->num_sources};
		a->n_deleg = 1;
		return NULL;
	}
	if (len <= 0 || len % 12 ||
	    (unsigned int)len / 12 > DEV_FDT_APLIC_MAX_DELEG)
		return "riscv,delegation: not whole triplets, or too many";
	for (i = 0; i < len / 12; i++) {
		int child = aia_child_index(fdt, node, fdt32_to_cpu(p[3 * i]));
		uint32_t first = fdt32_to_cpu(p[3 * i + 1]);
		uint32_t last = fdt32_to_cpu(p[3 * i + 2]);

		if (child < 0)
			return "riscv,delegation: a domain not in "
			       "riscv,children";
		if (!first || first > last || last > a->num_sources)
			return "riscv,delegation: sources out of range";
		a->deleg[i] = (struct dev_fdt_aplic_deleg){(uint32_t)child,
							   first, last};
	}
	a->n_deleg = (unsigned int)len / 12;
	return NULL;
}

/* The IMSICs an MSI-mode root and its first child deliver to. */
static const char *aia_msi_targets(const void *fdt, int node,
				   struct dev_fdt_aplic *a)
{
	int m = aia_msi_parent(fdt, node), child, s;
	const fdt32_t *kids = fdt_getprop(fdt, node, "riscv,children", NULL);
	const char *why;

	if (m < 0 || !aia_is(fdt, m, aia_imsic_compat))
		return "msi-parent: not an IMSIC";
	why = aia_imsic(fdt, m, &a->m);
	if (why)
		return why;
	child = dev_fdt_phandle_node(fdt, fdt32_to_cpu(kids[0]));
	s = child < 0 ? child : aia_msi_parent(fdt, child);
	if (s < 0 || !aia_is(fdt, s, aia_imsic_compat))
		return NULL; /* a direct-mode child: no S-level MSIs */
	return aia_imsic(fdt, s, &a->s);
}

/* One M-level root domain; NULL or why it is refused. */
static const char *aia_aplic(const void *fdt, int node, struct dev_fdt_aplic *a)
{
	struct dev_fdt_range r;
	const char *why = dev_fdt_reg(fdt, node, 0, &r);

	if (why)
		return why;
	a->node = node;
	a->base = r.base;
	a->size = r.size;
	if (!dev_fdt_u32(fdt, node, "riscv,num-sources", &a->num_sources) ||
	    !a->num_sources || a->num_sources > DEV_FDT_APLIC_MAX_SOURCES)
		return "riscv,num-sources: missing or not 1..1023";
	if (!dev_fdt_range_holds(&r, 0, 0x4000))
		return "reg: smaller than an APLIC's registers";
	why = aia_delegation(fdt, node, a);
	if (why)
		return why;
	a->msi = aia_msi_parent(fdt, node) >= 0;
	return a->msi ? aia_msi_targets(fdt, node, a) : NULL;
}

static bool aia_root(const void *fdt, int node)
{
	int len;

	return aia_is(fdt, node, aia_aplic_compat) &&
	       dev_fdt_enabled(fdt, node) &&
	       aia_level(fdt, node) == AIA_IRQ_M_EXT &&
	       fdt_getprop(fdt, node, "riscv,children", &len) && len >= 4;
}

void dev_fdt_aia_scan(const void *fdt, struct dev_fdt_aia *out)
{
	int node;

	*out = (struct dev_fdt_aia){.why_node = -1};
	for (node = dev_fdt_next(fdt, -1); node >= 0;
	     node = dev_fdt_next(fdt, node)) {
		struct dev_fdt_aplic a = {0};
		const char *why;

		if (!aia_root(fdt, node))
			continue;
		why = aia_aplic(fdt, node, &a);
		if (!why && out->n == DEV_FDT_AIA_MAX_DOMAINS)
			why = "more M-level APLIC domains than kept";
		if (why) {
			out->refused++;
			out->why = why;
			out->why_node = node;
			continue;
		}
		out->d[out->n++] = a;
	}
}

static bool aia_m_level(const void *fdt, int node)
{
	return (aia_is(fdt, node, aia_aplic_compat) ||
		aia_is(fdt, node, aia_imsic_compat)) &&
	       dev_fdt_enabled(fdt, node) &&
	       aia_level(fdt, node) == AIA_IRQ_M_EXT;
}

unsigned int dev_fdt_aia_m_level_count(const void *fdt)
{
	unsigned int n = 0;
	int node;

	for (node = dev_fdt_next(fdt, -1); node >= 0;
	     node = dev_fdt_next(fdt, node))
		n += aia_m_level(fdt, node);
	return n;
}

/*
 * Setting a property moves only what follows the edited node in the
 * blob; the walk goes on from that node, whose offset is unchanged.
 */
int dev_fdt_aia_hide_m_level(void *fdt)
{
	int node, err;

	for (node = dev_fdt_next(fdt, -1); node >= 0;
	     node = dev_fdt_next(fdt, node)) {
		if (!aia_m_level(fdt, node))
			continue;
		err = fdt_setprop_string(fdt, node, "status", "disabled");
		if (err)
			return err;
	}
	return 0;
}
