/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Each hart's machine-level IMSIC interrupt file (dev_fdt_aia.h), the
 * firmware's doorbell where no CLINT or ACLINT MSWI reaches a hart. A
 * "riscv,imsics" node lists its harts in interrupts-extended and its
 * files in reg; the binding (Linux's riscv,imsics.yaml) lays the files
 * out in the order of the harts: the k-th hart's file lies k strides
 * into the reg entries taken one after the other, a stride being one
 * 4 KiB page per guest (2^riscv,guest-index-bits pages; AIA spec 3.6,
 * "interrupt files are 4 KiB pages"), and an entry whose size is no
 * whole number of strides still taking a whole number (Linux rounds
 * it up). A node is checked whole before any file is reported.
 */
#include <libfdt.h>

#include "dev_fdt_util.h"
#include "sbipmu/dev_fdt_aia.h"

#define IMSIC_IRQ_M_EXT	     11u
#define IMSIC_MAX_IRQ_CELLS  4u
#define IMSIC_PAGE_SHIFT     12u
#define IMSIC_PAGE	     (1u << IMSIC_PAGE_SHIFT)
#define IMSIC_MAX_GUEST_BITS 7u /* the binding's maximum */

static const char *const imsic_compat[] = {"riscv,imsics"};

/* One node as the walk reads it. */
struct imsic_node {
	int node;
	const fdt32_t *irqs; /* interrupts-extended */
	unsigned int n_cells;
	unsigned int n_regs;
	uint64_t stride;	   /* bytes between two harts' files */
	unsigned int stride_shift; /* log2(stride) */
};

/*
 * The hart of the tuple at cell @pos and where the next tuple starts.
 * Every tuple must name a hart's machine external interrupt (11): a node
 * with any other is no M-level IMSIC.
 */
static const char *imsic_tuple(const void *fdt, const struct imsic_node *m,
			       struct dev_fdt_intc_search *s, unsigned int *pos,
			       uint64_t *hart)
{
	int intc;
	uint32_t cells;
	const char *why = dev_fdt_intc_find(fdt, s, fdt32_ld(&m->irqs[*pos]),
					    &intc, hart);

	if (why)
		return why;
	if (!dev_fdt_u32(fdt, intc, "#interrupt-cells", &cells) || cells < 1 ||
	    cells > IMSIC_MAX_IRQ_CELLS)
		return "interrupts-extended: #interrupt-cells not 1 to 4";
	if (cells > m->n_cells - *pos - 1)
		return "interrupts-extended: last tuple cut short";
	if (fdt32_ld(&m->irqs[*pos + 1]) != IMSIC_IRQ_M_EXT)
		return "interrupts-extended: not the machine external "
		       "interrupt (11)";
	*pos += 1 + cells;
	return NULL;
}

/*
 * The address of file @k: @k strides into the reg entries, each entry
 * holding its size in strides, rounded up.
 */
static const char *imsic_file(const void *fdt, const struct imsic_node *m,
			      uint64_t k, uint64_t *addr)
{
	struct dev_fdt_range r;
	unsigned int j;
	const char *why;

	for (j = 0; j < m->n_regs; j++) {
		uint64_t files;

		why = dev_fdt_reg(fdt, m->node, j, &r);
		if (why)
			return why;
		/* shifts: a 64-bit division would pull in libgcc on RV32 */
		files = (r.size >> m->stride_shift) +
			((r.size & (m->stride - 1)) != 0);
		if (k < files) {
			if (!dev_fdt_range_holds(&r, k * m->stride, IMSIC_PAGE))
				return "reg: a hart's file not wholly inside";
			*addr = r.base + k * m->stride;
			return NULL;
		}
		k -= files;
	}
	return "reg: fewer files than harts in interrupts-extended";
}

/* The node's properties; NULL, or why it is refused. */
static const char *imsic_open(const void *fdt, int node, struct imsic_node *m)
{
	int len;
	uint32_t guest_bits = 0;

	m->node = node;
	m->irqs = fdt_getprop(fdt, node, "interrupts-extended", &len);
	if (!m->irqs || len <= 0 || len % 4)
		return "interrupts-extended: missing or not whole cells";
	m->n_cells = (unsigned int)len / 4;
	if (fdt_getprop(fdt, node, "riscv,guest-index-bits", NULL) &&
	    (!dev_fdt_u32(fdt, node, "riscv,guest-index-bits", &guest_bits) ||
	     guest_bits > IMSIC_MAX_GUEST_BITS))
		return "riscv,guest-index-bits: not one cell of 0 to 7";
	m->stride_shift = IMSIC_PAGE_SHIFT + guest_bits;
	m->stride = 1ULL << m->stride_shift;
	m->n_regs = dev_fdt_reg_count(fdt, node);
	if (!m->n_regs)
		return "reg: missing";
	return NULL;
}

/*
 * Walk the node's harts: check every tuple and file (@put NULL), or
 * report each (hart, file) to @put.
 */
static const char *imsic_walk(const void *fdt, const struct imsic_node *m,
			      dev_fdt_imsic_put_fn put, void *ctx,
			      unsigned int *files)
{
	struct dev_fdt_intc_search s;
	unsigned int pos = 0;
	uint64_t k, hart, addr;
	const char *why = dev_fdt_intc_start(fdt, &s);

	for (k = 0; !why && pos < m->n_cells; k++) {
		why = imsic_tuple(fdt, m, &s, &pos, &hart);
		if (!why)
			why = imsic_file(fdt, m, k, &addr);
		if (!why && put)
			put(ctx, hart, addr);
	}
	*files = (unsigned int)k;
	return why;
}

/* Is @node an enabled IMSIC whose first tuple names interrupt 11? */
static bool imsic_m_level(const void *fdt, int node)
{
	int len;
	const fdt32_t *p;

	if (dev_fdt_match(fdt, node, imsic_compat, 1) != 0 ||
	    !dev_fdt_enabled(fdt, node))
		return false;
	p = fdt_getprop(fdt, node, "interrupts-extended", &len);
	return p && len >= 8 && fdt32_ld(&p[1]) == IMSIC_IRQ_M_EXT;
}

void dev_fdt_imsic_m_files(const void *fdt, dev_fdt_imsic_put_fn put, void *ctx,
			   struct dev_fdt_imsic_summary *sum)
{
	int node;

	*sum = (struct dev_fdt_imsic_summary){.why_node = -1};
	for (node = dev_fdt_next(fdt, -1); node >= 0;
	     node = dev_fdt_next(fdt, node)) {
		struct imsic_node m;
		unsigned int files = 0;
		const char *why;

		if (!imsic_m_level(fdt, node))
			continue;
		why = imsic_open(fdt, node, &m);
		if (!why)
			why = imsic_walk(fdt, &m, NULL, NULL, &files);
		if (why) {
			sum->refused++;
			sum->why = why;
			sum->why_node = node;
			continue;
		}
		imsic_walk(fdt, &m, put, ctx, &files);
		sum->nodes++;
		sum->files += files;
	}
}
