/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The timer and IPI probe (dev_fdt.h): CLINT and ACLINT MSWI / MTIMER
 * nodes to register blocks, and their interrupts-extended to a table by
 * hart id. Each node is decoded twice over its interrupts-extended: a
 * first pass resolves and counts every tuple and refuses the node if any
 * fails or if its reg cannot hold the contexts named, a second (which
 * cannot fail) fills the caller's table; so a refused node stores
 * nothing. Each tuple's phandle is looked for among the cpus from the
 * one last found on (dev_fdt_util.h), and the last one is remembered
 * (a CLINT names each hart's intc twice in a row), so a pass over QEMU
 * virt's 512 harts takes steps, not scans of the tree.
 *
 * Register layouts: the SiFive CLINT (MSIP words at +0, mtimecmp at
 * +0x4000, mtime at +0xBFF8); the ACLINT spec's MSWI (MSIP words at +0)
 * and MTIMER, whose binding (riscv,aclint-mtimer.yaml, the form QEMU's
 * virt,aclint=on generates) gives two reg entries, mtime first and the
 * mtimecmp array second, and which with a single entry is read as the
 * spec's default layout (mtimecmp at +0, mtime at +0x7FF8), as OpenSBI
 * does; Andes' PLICSW (a PLIC of software interrupts, one context per
 * hart) and PLMT (mtime, then the mtimecmp array), laid out in dev_fdt.h.
 */
#include <libfdt.h>

#include "dev_fdt_util.h"
#include "sbipmu/dev_fdt.h"

/* Machine-level software and timer interrupts (privileged spec, mip). */
#define DEV_FDT_IRQ_MSIP 3u
#define DEV_FDT_IRQ_MTIP 7u
/* #interrupt-cells accepted for a riscv,cpu-intc (the binding says 1). */
#define DEV_FDT_MAX_IRQ_CELLS 4u

/*
 * The devices, by compatible. T-Head's CLINT and ACLINT (C906/C910,
 * C920: D1, TH1520, CV1800B, SG2042) have no mtime register: their
 * harts read time from the time CSR, and an MTIMER's one reg entry is
 * its mtimecmp array alone. Their registers take 32-bit accesses only,
 * which is all the firmware makes (dev/aclint.c).
 */
struct dev_fdt_timer_kind {
	const char *compatible;
	enum dev_fdt_timer_type type;
	bool no_mtime;
};

/*
 * Andes' PLICSW and PLMT (AX45MP: RZ/Five; AE350) are named in the tree
 * the boot loader hands on, not in Linux's: their layouts are in
 * dev_fdt.h.
 */
static const struct dev_fdt_timer_kind dev_fdt_timer_kinds[] = {
	{"riscv,clint0", DEV_FDT_CLINT, false},
	{"sifive,clint0", DEV_FDT_CLINT, false},
	{"riscv,aclint-mswi", DEV_FDT_ACLINT_MSWI, false},
	{"riscv,aclint-mtimer", DEV_FDT_ACLINT_MTIMER, false},
	{"thead,c900-clint", DEV_FDT_CLINT, true},
	{"thead,c900-aclint-mswi", DEV_FDT_ACLINT_MSWI, true},
	{"thead,c900-aclint-mtimer", DEV_FDT_ACLINT_MTIMER, true},
	{"andestech,plicsw", DEV_FDT_PLICSW, true},
	{"andestech,plmt0", DEV_FDT_PLMT, false},
};

#define DEV_FDT_TIMER_KINDS                                                    \
	(sizeof(dev_fdt_timer_kinds) / sizeof(dev_fdt_timer_kinds[0]))

/* The kind @node is (the first of the table it lists), or -1. */
static int dev_fdt_timer_kind_of(const void *fdt, int node)
{
	unsigned int i;

	for (i = 0; i < DEV_FDT_TIMER_KINDS; i++)
		if (fdt_node_check_compatible(
			    fdt, node, dev_fdt_timer_kinds[i].compatible) == 0)
			return (int)i;
	return -1;
}

static const char *const dev_fdt_timer_roles[] = {
	[DEV_FDT_CLINT] = "clint",
	[DEV_FDT_ACLINT_MSWI] = "aclint-mswi",
	[DEV_FDT_ACLINT_MTIMER] = "aclint-mtimer",
	[DEV_FDT_PLICSW] = "plicsw",
	[DEV_FDT_PLMT] = "plmt",
};

/* ---- interrupts-extended, tuple by tuple ---- */

struct dev_fdt_irq_walk {
	const fdt32_t *cells;
	unsigned int n, pos;
	struct dev_fdt_intc_search search;
	uint32_t phandle; /* the last resolved, 0 for none */
	unsigned int irq_cells;
	uint64_t hart;
};

static const char *dev_fdt_irq_start(const void *fdt, int node,
				     struct dev_fdt_irq_walk *w)
{
	int len;

	*w = (struct dev_fdt_irq_walk){0};
	w->cells = fdt_getprop(fdt, node, "interrupts-extended", &len);
	if (!w->cells)
		return "interrupts-extended: missing";
	if (len % 4)
		return "interrupts-extended: not whole cells";
	w->n = (unsigned int)len / 4;
	return dev_fdt_intc_start(fdt, &w->search);
}

/* The intc @phandle names: its #interrupt-cells and its hart. */
static const char *dev_fdt_irq_resolve(const void *fdt,
				       struct dev_fdt_irq_walk *w,
				       uint32_t phandle)
{
	int intc;
	uint32_t cells;
	uint64_t hart;
	const char *why;

	if (phandle != 0 && phandle == w->phandle)
		return NULL;
	why = dev_fdt_intc_find(fdt, &w->search, phandle, &intc, &hart);
	if (why)
		return why;
	if (!dev_fdt_u32(fdt, intc, "#interrupt-cells", &cells) || cells < 1 ||
	    cells > DEV_FDT_MAX_IRQ_CELLS)
		return "interrupts-extended: #interrupt-cells not 1 to 4";
	w->phandle = phandle;
	w->irq_cells = cells;
	w->hart = hart;
	return NULL;
}

/*
 * The next tuple's hart and interrupt (the intc's first cell). False at
 * the end (*why NULL) or on a bad tuple (*why says what). Each call
 * moves at least two cells on, so a walk takes at most n / 2 calls.
 */
static bool dev_fdt_irq_next(const void *fdt, struct dev_fdt_irq_walk *w,
			     uint64_t *hart, uint32_t *irq, const char **why)
{
	*why = NULL;
	if (w->pos >= w->n)
		return false;
	*why = dev_fdt_irq_resolve(fdt, w, fdt32_ld(&w->cells[w->pos]));
	if (*why)
		return false;
	if (w->irq_cells > w->n - w->pos - 1) {
		*why = "interrupts-extended: last tuple cut short";
		return false;
	}
	*irq = fdt32_ld(&w->cells[w->pos + 1]);
	*hart = w->hart;
	w->pos += 1 + w->irq_cells;
	return true;
}

/* ---- one device ---- */

/* A node as decoded, before anything is stored. */
struct dev_fdt_timer_cand {
	struct dev_fdt_timer_dev dev;
	unsigned int msip_room; /* contexts its reg holds */
	unsigned int mtimecmp_room;
};

static unsigned int dev_fdt_timer_room(uint64_t bytes, unsigned int stride)
{
	uint64_t n = bytes / stride;

	return n < DEV_FDT_MAX_CONTEXTS ? (unsigned int)n
					: DEV_FDT_MAX_CONTEXTS;
}

static const char *dev_fdt_timer_clint(const struct dev_fdt_range *r,
				       bool no_mtime,
				       struct dev_fdt_timer_cand *c)
{
	if (!dev_fdt_range_holds(r, DEV_FDT_CLINT_MTIME - 8, 8))
		return "reg too small for a CLINT";
	if (!no_mtime && !dev_fdt_range_holds(r, DEV_FDT_CLINT_MTIME, 8))
		return "reg too small for a CLINT";
	c->dev.msip = r->base;
	c->dev.mtimecmp = r->base + DEV_FDT_CLINT_MTIMECMP;
	c->dev.mtime = no_mtime ? 0 : r->base + DEV_FDT_CLINT_MTIME;
	c->msip_room =
		dev_fdt_timer_room(DEV_FDT_CLINT_MTIMECMP, DEV_FDT_MSIP_STRIDE);
	c->mtimecmp_room =
		dev_fdt_timer_room(DEV_FDT_CLINT_MTIME - DEV_FDT_CLINT_MTIMECMP,
				   DEV_FDT_MTIMECMP_STRIDE);
	return NULL;
}

/* Two reg entries (mtime, mtimecmp array) or one (default layout). */
static const char *dev_fdt_timer_mtimer(const void *fdt, int node,
					const struct dev_fdt_range *r,
					bool no_mtime,
					struct dev_fdt_timer_cand *c)
{
	struct dev_fdt_range cmp;
	const char *why;

	if (no_mtime) { /* the mtimecmp array, nothing else */
		c->dev.mtimecmp = r->base;
		c->mtimecmp_room =
			dev_fdt_timer_room(r->size, DEV_FDT_MTIMECMP_STRIDE);
		return c->mtimecmp_room ? NULL : "reg too small for an MTIMER";
	}
	if (dev_fdt_reg_count(fdt, node) < 2) {
		if (!dev_fdt_range_holds(r, DEV_FDT_MTIMER_MTIME, 8))
			return "reg too small for an MTIMER";
		c->dev.mtimecmp = r->base;
		c->dev.mtime = r->base + DEV_FDT_MTIMER_MTIME;
		c->mtimecmp_room = dev_fdt_timer_room(DEV_FDT_MTIMER_MTIME,
						      DEV_FDT_MTIMECMP_STRIDE);
		return NULL;
	}
	why = dev_fdt_reg(fdt, node, 1, &cmp);
	if (why)
		return why;
	if (r->size < 8)
		return "reg too small for mtime";
	c->dev.mtime = r->base;
	c->dev.mtimecmp = cmp.base;
	c->mtimecmp_room =
		dev_fdt_timer_room(cmp.size, DEV_FDT_MTIMECMP_STRIDE);
	return NULL;
}

/* mtime at +0, then the mtimecmp array. */
static const char *dev_fdt_timer_plmt(const struct dev_fdt_range *r,
				      struct dev_fdt_timer_cand *c)
{
	if (r->size < DEV_FDT_PLMT_MTIMECMP)
		return "reg too small for a PLMT";
	c->dev.mtime = r->base;
	c->dev.mtimecmp = r->base + DEV_FDT_PLMT_MTIMECMP;
	c->mtimecmp_room = dev_fdt_timer_room(r->size - DEV_FDT_PLMT_MTIMECMP,
					      DEV_FDT_MTIMECMP_STRIDE);
	return c->mtimecmp_room ? NULL : "reg too small for a PLMT";
}

/* A context is a 4 KiB page above DEV_FDT_PLICSW_CONTEXT, a source. */
static const char *dev_fdt_timer_plicsw(const struct dev_fdt_range *r,
					struct dev_fdt_timer_cand *c)
{
	unsigned int room = 0;

	if (r->size > DEV_FDT_PLICSW_CONTEXT)
		room = dev_fdt_timer_room(r->size - DEV_FDT_PLICSW_CONTEXT,
					  DEV_FDT_PLICSW_CONTEXT_STRIDE);
	if (room > DEV_FDT_PLICSW_MAX_CONTEXTS)
		room = DEV_FDT_PLICSW_MAX_CONTEXTS;
	c->dev.msip = r->base;
	c->msip_room = room;
	return room ? NULL : "reg too small for a PLICSW";
}

static const char *dev_fdt_timer_regs(const void *fdt, int node, bool no_mtime,
				      struct dev_fdt_timer_cand *c)
{
	struct dev_fdt_range r;
	const char *why = dev_fdt_reg(fdt, node, 0, &r);

	if (why)
		return why;
	switch (c->dev.type) {
	case DEV_FDT_CLINT:
		return dev_fdt_timer_clint(&r, no_mtime, c);
	case DEV_FDT_ACLINT_MSWI:
		c->dev.msip = r.base;
		c->msip_room = dev_fdt_timer_room(r.size, DEV_FDT_MSIP_STRIDE);
		return c->msip_room ? NULL : "reg too small for an MSWI";
	case DEV_FDT_PLICSW:
		return dev_fdt_timer_plicsw(&r, c);
	case DEV_FDT_PLMT:
		return dev_fdt_timer_plmt(&r, c);
	default:
		return dev_fdt_timer_mtimer(fdt, node, &r, no_mtime, c);
	}
}

/* Does @irq name an MSIP (*msip true) or mtimecmp context of @dev? */
static bool dev_fdt_timer_counts(const struct dev_fdt_timer_dev *dev,
				 uint32_t irq, bool *msip)
{
	/* by type, not by address: a block may sit at address 0 */
	bool ipi_only =
		dev->type == DEV_FDT_ACLINT_MSWI || dev->type == DEV_FDT_PLICSW;
	bool timer_only =
		dev->type == DEV_FDT_ACLINT_MTIMER || dev->type == DEV_FDT_PLMT;

	*msip = irq == DEV_FDT_IRQ_MSIP;
	if (*msip)
		return !timer_only;
	return irq == DEV_FDT_IRQ_MTIP && !ipi_only;
}

/* Pass one: every tuple resolves, the contexts fit the registers. */
static const char *dev_fdt_timer_count(const void *fdt, int node,
				       struct dev_fdt_timer_cand *c)
{
	struct dev_fdt_irq_walk w;
	unsigned int n_msip = 0, n_cmp = 0;
	const char *why = dev_fdt_irq_start(fdt, node, &w);
	uint64_t hart;
	uint32_t irq;
	bool msip;

	while (!why && dev_fdt_irq_next(fdt, &w, &hart, &irq, &why))
		if (dev_fdt_timer_counts(&c->dev, irq, &msip))
			*(msip ? &n_msip : &n_cmp) += 1;
	if (why)
		return why;
	if (n_msip > c->msip_room || n_cmp > c->mtimecmp_room)
		return "interrupts-extended: more contexts than reg holds";
	if (n_msip + n_cmp == 0)
		return "interrupts-extended: no machine-level contexts";
	c->dev.n_msip = (uint16_t)n_msip;
	c->dev.n_mtimecmp = (uint16_t)n_cmp;
	return NULL;
}

static const char *dev_fdt_timer_decode(const void *fdt, int node, int kind,
					struct dev_fdt_timer_cand *c)
{
	const char *why;

	*c = (struct dev_fdt_timer_cand){0};
	c->dev.type = dev_fdt_timer_kinds[kind].type;
	c->dev.node = node;
	why = dev_fdt_timer_regs(fdt, node, dev_fdt_timer_kinds[kind].no_mtime,
				 c);
	return why ? why : dev_fdt_timer_count(fdt, node, c);
}

/* ---- the table ---- */

struct dev_fdt_timer_out {
	struct dev_fdt_hart_timer *harts;
	unsigned int max_harts;
	dev_fdt_hart_slot_fn slot_of;
	void *ctx;
	struct dev_fdt_timer_summary *sum;
};

static void dev_fdt_timer_assign(const struct dev_fdt_timer_out *o,
				 uint64_t hart, uint16_t dev, uint16_t ctx,
				 bool msip)
{
	struct dev_fdt_hart_timer *h;
	uint16_t *slot;
	int i = o->slot_of(o->ctx, hart);

	if (i < 0 || (unsigned int)i >= o->max_harts) {
		o->sum->harts_over++;
		return;
	}
	h = &o->harts[i];
	slot = msip ? &h->msip_dev : &h->mtimecmp_dev;
	if (*slot != DEV_FDT_NO_DEV) {
		o->sum->duplicates++;
		return;
	}
	*slot = dev;
	*(msip ? &h->msip_ctx : &h->mtimecmp_ctx) = ctx;
}

/* Pass two, on a node pass one accepted: nothing here can fail. */
static void dev_fdt_timer_fill(const void *fdt,
			       const struct dev_fdt_timer_dev *dev,
			       uint16_t index,
			       const struct dev_fdt_timer_out *o)
{
	struct dev_fdt_irq_walk w;
	uint16_t n_msip = 0, n_cmp = 0;
	const char *why = dev_fdt_irq_start(fdt, dev->node, &w);
	uint64_t hart;
	uint32_t irq;
	bool msip;

	while (!why && dev_fdt_irq_next(fdt, &w, &hart, &irq, &why)) {
		if (!dev_fdt_timer_counts(dev, irq, &msip))
			continue;
		dev_fdt_timer_assign(o, hart, index, msip ? n_msip : n_cmp,
				     msip);
		*(msip ? &n_msip : &n_cmp) += 1;
	}
}

static void dev_fdt_timer_refuse(struct dev_fdt_timer_summary *sum, int node,
				 int kind, const char *why)
{
	if (sum->refused++ == 0)
		sum->first_refused = (struct dev_fdt_reject){
			dev_fdt_timer_roles[dev_fdt_timer_kinds[kind].type],
			why, node};
}

/* dev_fdt_timers()' slots: the hart id itself. */
static int dev_fdt_slot_is_id(void *ctx, uint64_t hartid)
{
	(void)ctx;
	return hartid < INT32_MAX ? (int)hartid : -1;
}

void dev_fdt_timers(const void *fdt, struct dev_fdt_timer_dev *devs,
		    unsigned int max_devs, struct dev_fdt_hart_timer *harts,
		    unsigned int max_harts, struct dev_fdt_timer_summary *sum)
{
	dev_fdt_timers_mapped(fdt, devs, max_devs, harts, max_harts,
			      dev_fdt_slot_is_id, NULL, sum);
}

void dev_fdt_timers_mapped(const void *fdt, struct dev_fdt_timer_dev *devs,
			   unsigned int max_devs,
			   struct dev_fdt_hart_timer *harts,
			   unsigned int max_harts, dev_fdt_hart_slot_fn slot_of,
			   void *ctx, struct dev_fdt_timer_summary *sum)
{
	const struct dev_fdt_timer_out o = {harts, max_harts, slot_of, ctx,
					    sum};
	/* device indices stay below DEV_FDT_NO_DEV */
	unsigned int cap =
		max_devs < DEV_FDT_NO_DEV ? max_devs : DEV_FDT_NO_DEV;
	struct dev_fdt_timer_cand c;

	*sum = (struct dev_fdt_timer_summary){.first_refused = {.node = -1}};
	for (unsigned int h = 0; h < max_harts; h++)
		harts[h] = (struct dev_fdt_hart_timer){DEV_FDT_NO_DEV, 0,
						       DEV_FDT_NO_DEV, 0};
	for (int node = dev_fdt_next(fdt, -1); node >= 0;
	     node = dev_fdt_next(fdt, node)) {
		int kind = dev_fdt_timer_kind_of(fdt, node);
		const char *why;

		if (kind < 0 || !dev_fdt_enabled(fdt, node))
			continue;
		if (sum->n_devs == cap) {
			sum->devs_over++;
			continue;
		}
		why = dev_fdt_timer_decode(fdt, node, kind, &c);
		if (why) {
			dev_fdt_timer_refuse(sum, node, kind, why);
			continue;
		}
		devs[sum->n_devs] = c.dev;
		dev_fdt_timer_fill(fdt, &c.dev, (uint16_t)sum->n_devs, &o);
		sum->n_devs++;
	}
}
