/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Each hart's machine-level IMSIC interrupt file, the firmware's doorbell
 * where no CLINT or ACLINT MSWI reaches a hart: the IMSIC's decode for
 * the timer and doorbell walk (dev_fdt_timer_imsic(), dev_fdt.h). A
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
#include "sbipmu/dev_fdt.h"

#define IMSIC_IRQ_M_EXT	     11u
#define IMSIC_MAX_IRQ_CELLS  4u
#define IMSIC_PAGE_SHIFT     12u
#define IMSIC_PAGE	     (1u << IMSIC_PAGE_SHIFT)
#define IMSIC_MAX_GUEST_BITS 7u /* the binding's maximum */

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
 * Walk the node's harts: check every tuple and file (@sink NULL), or
 * report each hart's file to @sink.
 */
static const char *imsic_walk(const void *fdt, const struct imsic_node *m,
			      const struct dev_fdt_timer_dev *d,
			      const struct dev_fdt_timer_sink *sink,
			      unsigned int *files)
{
	struct dev_fdt_intc_search s;
	struct dev_fdt_hart_ctx c = {.role = DEV_FDT_ROLE_IPI};
	unsigned int pos = 0, k;
	const char *why = dev_fdt_intc_start(fdt, &s);

	for (k = 0; !why && pos < m->n_cells; k++) {
		why = imsic_tuple(fdt, m, &s, &pos, &c.hart);
		if (!why)
			why = imsic_file(fdt, m, k, &c.addr);
		if (why || !sink)
			continue;
		c.k = k;
		sink->hart(sink->ctx, d, &c);
	}
	*files = k;
	return why;
}

/* Does @node's first tuple name interrupt 11 (an M-level IMSIC)? */
static bool imsic_m_level(const void *fdt, int node)
{
	int len;
	const fdt32_t *p = fdt_getprop(fdt, node, "interrupts-extended", &len);

	return p && len >= 8 && fdt32_ld(&p[1]) == IMSIC_IRQ_M_EXT;
}

const char *dev_fdt_timer_imsic(const void *fdt, struct dev_fdt_timer_dev *d,
				const struct dev_fdt_timer_sink *sink)
{
	struct imsic_node m;
	unsigned int files = 0;
	const char *why;

	if (!imsic_m_level(fdt, d->node)) {
		d->n_ipi = d->n_timer = 0;
		return NULL; /* an S-level IMSIC: no context, passed over */
	}
	why = imsic_open(fdt, d->node, &m);
	if (!why)
		why = imsic_walk(fdt, &m, d, sink, &files);
	if (why || sink)
		return why;
	/* registers of its own: none but the files */
	d->msip = d->mtimecmp = d->mtime = 0;
	d->n_ipi =
		(uint16_t)(files < DEV_FDT_MAX_CONTEXTS ? files
							: DEV_FDT_MAX_CONTEXTS);
	d->n_timer = 0;
	return NULL;
}
