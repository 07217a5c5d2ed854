/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The timer and doorbell walk (dev_fdt.h): every node a registered
 * driver lists, in tree order, through that driver's decode, reported
 * to the caller context by context; and the decodes of the register
 * layouts that place their contexts from interrupts-extended (CLINT,
 * ACLINT MSWI / MTIMER, PLICSW, PLMT; the IMSIC's is dev_fdt_imsic.c).
 * Each node is decoded twice over its interrupts-extended: a first
 * pass resolves and counts every tuple and refuses the node if any
 * fails or if its reg cannot hold the contexts named, a second (which
 * cannot fail) reports them; so a refused node reports nothing. Each
 * tuple's phandle is looked for among the cpus from the one last found
 * on (dev_fdt_util.h), and the last one is remembered (a CLINT names
 * each hart's intc twice in a row), so a pass over QEMU virt's 512
 * harts takes steps, not scans of the tree.
 *
 * Register layouts: the SiFive CLINT (MSIP words at +0, mtimecmp at
 * +0x4000, mtime at +0xBFF8); the ACLINT spec's MSWI (MSIP words at +0)
 * and MTIMER, whose binding (riscv,aclint-mtimer.yaml, the form QEMU's
 * virt,aclint=on generates) gives two reg entries, mtime first and the
 * mtimecmp array second, and which with a single entry is read as the
 * spec's default layout (mtimecmp at +0, mtime at +0x7FF8), as OpenSBI
 * does; T-Head's forms of both (C906/C910, C920: D1, TH1520, CV1800B,
 * SG2042) have no mtime register, their harts read time from the time
 * CSR, and an MTIMER's one reg entry is its mtimecmp array alone; Andes'
 * PLICSW (a PLIC of software interrupts, one context per hart) and PLMT
 * (mtime, then the mtimecmp array), laid out in dev_fdt.h.
 */
#include <string.h>

#include <libfdt.h>

#include "dev_fdt_util.h"
#include "sbipmu/dev_fdt.h"

/* Machine-level software and timer interrupts (privileged spec, mip). */
#define DEV_FDT_IRQ_MSIP 3u
#define DEV_FDT_IRQ_MTIP 7u
/* #interrupt-cells accepted for a riscv,cpu-intc (the binding says 1). */
#define DEV_FDT_MAX_IRQ_CELLS 4u

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

/* ---- one device: its layout, then its contexts ---- */

/*
 * Where a layout puts its contexts: context k of @role at base[role] +
 * k * stride[role], at most room[role] of them (0: the device has no
 * context of that role, and the tuples naming one are skipped).
 */
struct dev_fdt_timer_place {
	uint64_t base[2];
	uint64_t stride[2];
	unsigned int room[2];
};

typedef const char *(*dev_fdt_timer_layout_fn)(const void *fdt,
					       const struct dev_fdt_range *r,
					       struct dev_fdt_timer_dev *d,
					       struct dev_fdt_timer_place *p);

static unsigned int dev_fdt_timer_room(uint64_t bytes, unsigned int stride)
{
	uint64_t n = bytes / stride;

	return n < DEV_FDT_MAX_CONTEXTS ? (unsigned int)n
					: DEV_FDT_MAX_CONTEXTS;
}

static bool dev_fdt_timer_no_mtime(const struct dev_fdt_timer_dev *d)
{
	return d->driver && (d->driver->flags & DEV_FDT_TIMER_NO_MTIME);
}

/* MSIP words from @msip, @room of them fitting. */
static void dev_fdt_timer_msip_at(struct dev_fdt_timer_dev *d,
				  struct dev_fdt_timer_place *p, uint64_t msip,
				  unsigned int room)
{
	d->msip = msip;
	p->base[DEV_FDT_ROLE_IPI] = msip;
	p->stride[DEV_FDT_ROLE_IPI] = DEV_FDT_MSIP_STRIDE;
	p->room[DEV_FDT_ROLE_IPI] = room;
}

/* mtimecmp registers from @cmp, @room of them fitting. */
static void dev_fdt_timer_cmp_at(struct dev_fdt_timer_dev *d,
				 struct dev_fdt_timer_place *p, uint64_t cmp,
				 unsigned int room)
{
	d->mtimecmp = cmp;
	p->base[DEV_FDT_ROLE_TIMER] = cmp;
	p->stride[DEV_FDT_ROLE_TIMER] = DEV_FDT_MTIMECMP_STRIDE;
	p->room[DEV_FDT_ROLE_TIMER] = room;
}

static const char *dev_fdt_timer_clint_layout(const void *fdt,
					      const struct dev_fdt_range *r,
					      struct dev_fdt_timer_dev *d,
					      struct dev_fdt_timer_place *p)
{
	bool no_mtime = dev_fdt_timer_no_mtime(d);

	(void)fdt;
	if (!dev_fdt_range_holds(r, DEV_FDT_CLINT_MTIME - 8, 8))
		return "reg too small for a CLINT";
	if (!no_mtime && !dev_fdt_range_holds(r, DEV_FDT_CLINT_MTIME, 8))
		return "reg too small for a CLINT";
	dev_fdt_timer_msip_at(d, p, r->base,
			      dev_fdt_timer_room(DEV_FDT_CLINT_MTIMECMP,
						 DEV_FDT_MSIP_STRIDE));
	dev_fdt_timer_cmp_at(
		d, p, r->base + DEV_FDT_CLINT_MTIMECMP,
		dev_fdt_timer_room(DEV_FDT_CLINT_MTIME - DEV_FDT_CLINT_MTIMECMP,
				   DEV_FDT_MTIMECMP_STRIDE));
	d->mtime = no_mtime ? 0 : r->base + DEV_FDT_CLINT_MTIME;
	return NULL;
}

static const char *dev_fdt_timer_mswi_layout(const void *fdt,
					     const struct dev_fdt_range *r,
					     struct dev_fdt_timer_dev *d,
					     struct dev_fdt_timer_place *p)
{
	unsigned int room = dev_fdt_timer_room(r->size, DEV_FDT_MSIP_STRIDE);

	(void)fdt;
	dev_fdt_timer_msip_at(d, p, r->base, room);
	return room ? NULL : "reg too small for an MSWI";
}

/* Two reg entries (mtime, mtimecmp array) or one (default layout). */
static const char *dev_fdt_timer_mtimer_layout(const void *fdt,
					       const struct dev_fdt_range *r,
					       struct dev_fdt_timer_dev *d,
					       struct dev_fdt_timer_place *p)
{
	struct dev_fdt_range cmp;
	const char *why;

	if (dev_fdt_timer_no_mtime(d)) { /* the mtimecmp array alone */
		dev_fdt_timer_cmp_at(
			d, p, r->base,
			dev_fdt_timer_room(r->size, DEV_FDT_MTIMECMP_STRIDE));
		return p->room[DEV_FDT_ROLE_TIMER]
			       ? NULL
			       : "reg too small for an MTIMER";
	}
	if (dev_fdt_reg_count(fdt, d->node) < 2) {
		if (!dev_fdt_range_holds(r, DEV_FDT_MTIMER_MTIME, 8))
			return "reg too small for an MTIMER";
		dev_fdt_timer_cmp_at(
			d, p, r->base,
			dev_fdt_timer_room(DEV_FDT_MTIMER_MTIME,
					   DEV_FDT_MTIMECMP_STRIDE));
		d->mtime = r->base + DEV_FDT_MTIMER_MTIME;
		return NULL;
	}
	why = dev_fdt_reg(fdt, d->node, 1, &cmp);
	if (why)
		return why;
	if (r->size < 8)
		return "reg too small for mtime";
	dev_fdt_timer_cmp_at(
		d, p, cmp.base,
		dev_fdt_timer_room(cmp.size, DEV_FDT_MTIMECMP_STRIDE));
	d->mtime = r->base;
	return NULL;
}

/* mtime at +0, then the mtimecmp array. */
static const char *dev_fdt_timer_plmt_layout(const void *fdt,
					     const struct dev_fdt_range *r,
					     struct dev_fdt_timer_dev *d,
					     struct dev_fdt_timer_place *p)
{
	(void)fdt;
	if (r->size < DEV_FDT_PLMT_MTIMECMP)
		return "reg too small for a PLMT";
	dev_fdt_timer_cmp_at(d, p, r->base + DEV_FDT_PLMT_MTIMECMP,
			     dev_fdt_timer_room(r->size - DEV_FDT_PLMT_MTIMECMP,
						DEV_FDT_MTIMECMP_STRIDE));
	d->mtime = r->base;
	return p->room[DEV_FDT_ROLE_TIMER] ? NULL : "reg too small for a PLMT";
}

/*
 * A context is a 4 KiB page above DEV_FDT_PLICSW_CONTEXT, and a source:
 * the context's threshold register is what is reported.
 */
static const char *dev_fdt_timer_plicsw_layout(const void *fdt,
					       const struct dev_fdt_range *r,
					       struct dev_fdt_timer_dev *d,
					       struct dev_fdt_timer_place *p)
{
	unsigned int room = 0;

	(void)fdt;
	if (r->size > DEV_FDT_PLICSW_CONTEXT)
		room = dev_fdt_timer_room(r->size - DEV_FDT_PLICSW_CONTEXT,
					  DEV_FDT_PLICSW_CONTEXT_STRIDE);
	if (room > DEV_FDT_PLICSW_MAX_CONTEXTS)
		room = DEV_FDT_PLICSW_MAX_CONTEXTS;
	d->msip = r->base;
	p->base[DEV_FDT_ROLE_IPI] = r->base + DEV_FDT_PLICSW_CONTEXT;
	p->stride[DEV_FDT_ROLE_IPI] = DEV_FDT_PLICSW_CONTEXT_STRIDE;
	p->room[DEV_FDT_ROLE_IPI] = room;
	return room ? NULL : "reg too small for a PLICSW";
}

/* The role of a tuple's interrupt, if the device has contexts of it. */
static bool dev_fdt_timer_role(const struct dev_fdt_timer_place *p,
			       uint32_t irq, enum dev_fdt_hart_role *role)
{
	if (irq == DEV_FDT_IRQ_MSIP)
		*role = DEV_FDT_ROLE_IPI;
	else if (irq == DEV_FDT_IRQ_MTIP)
		*role = DEV_FDT_ROLE_TIMER;
	else
		return false;
	return p->room[*role] != 0;
}

/*
 * The node's contexts: counted and checked against the rooms (@sink
 * NULL), or reported to @sink (a node already checked: nothing fails).
 */
static const char *dev_fdt_timer_walk(const void *fdt,
				      struct dev_fdt_timer_dev *d,
				      const struct dev_fdt_timer_place *p,
				      const struct dev_fdt_timer_sink *sink)
{
	struct dev_fdt_irq_walk w;
	struct dev_fdt_hart_ctx c;
	unsigned int n[2] = {0, 0};
	const char *why = dev_fdt_irq_start(fdt, d->node, &w);
	uint32_t irq;

	while (!why && dev_fdt_irq_next(fdt, &w, &c.hart, &irq, &why)) {
		if (!dev_fdt_timer_role(p, irq, &c.role))
			continue;
		c.k = n[c.role]++;
		if (!sink || c.k >= p->room[c.role])
			continue;
		c.addr = p->base[c.role] + (uint64_t)c.k * p->stride[c.role];
		sink->hart(sink->ctx, d, &c);
	}
	if (why || sink)
		return why;
	if (n[DEV_FDT_ROLE_IPI] > p->room[DEV_FDT_ROLE_IPI] ||
	    n[DEV_FDT_ROLE_TIMER] > p->room[DEV_FDT_ROLE_TIMER])
		return "interrupts-extended: more contexts than reg holds";
	if (n[DEV_FDT_ROLE_IPI] + n[DEV_FDT_ROLE_TIMER] == 0)
		return "interrupts-extended: no machine-level contexts";
	d->n_ipi = (uint16_t)n[DEV_FDT_ROLE_IPI];
	d->n_timer = (uint16_t)n[DEV_FDT_ROLE_TIMER];
	return NULL;
}

/* A layout's decode: reg 0 through @layout, then the contexts. */
static const char *dev_fdt_timer_decode(const void *fdt,
					struct dev_fdt_timer_dev *d,
					const struct dev_fdt_timer_sink *sink,
					dev_fdt_timer_layout_fn layout)
{
	struct dev_fdt_timer_place p = {{0, 0}, {0, 0}, {0, 0}};
	struct dev_fdt_range r;
	const char *why = dev_fdt_reg(fdt, d->node, 0, &r);

	d->msip = d->mtimecmp = d->mtime = 0;
	if (!why)
		why = layout(fdt, &r, d, &p);
	return why ? why : dev_fdt_timer_walk(fdt, d, &p, sink);
}

const char *dev_fdt_timer_clint(const void *fdt, struct dev_fdt_timer_dev *d,
				const struct dev_fdt_timer_sink *sink)
{
	return dev_fdt_timer_decode(fdt, d, sink, dev_fdt_timer_clint_layout);
}

const char *dev_fdt_timer_mswi(const void *fdt, struct dev_fdt_timer_dev *d,
			       const struct dev_fdt_timer_sink *sink)
{
	return dev_fdt_timer_decode(fdt, d, sink, dev_fdt_timer_mswi_layout);
}

const char *dev_fdt_timer_mtimer(const void *fdt, struct dev_fdt_timer_dev *d,
				 const struct dev_fdt_timer_sink *sink)
{
	return dev_fdt_timer_decode(fdt, d, sink, dev_fdt_timer_mtimer_layout);
}

const char *dev_fdt_timer_plicsw(const void *fdt, struct dev_fdt_timer_dev *d,
				 const struct dev_fdt_timer_sink *sink)
{
	return dev_fdt_timer_decode(fdt, d, sink, dev_fdt_timer_plicsw_layout);
}

const char *dev_fdt_timer_plmt(const void *fdt, struct dev_fdt_timer_dev *d,
			       const struct dev_fdt_timer_sink *sink)
{
	return dev_fdt_timer_decode(fdt, d, sink, dev_fdt_timer_plmt_layout);
}

/* ---- the walk over the tree ---- */

static const struct dev_fdt_timer_driver *
dev_fdt_timer_driver_at(const struct dev_fdt_timer_drivers *drv, unsigned int i)
{
	return (const struct dev_fdt_timer_driver
			*)(const void *)((const char *)drv->first +
					 (size_t)i * drv->stride);
}

/* The first driver of @drv with @fallback that lists @compat, or NULL. */
static const struct dev_fdt_timer_driver *
dev_fdt_timer_listing(const struct dev_fdt_timer_drivers *drv,
		      const char *compat, bool fallback)
{
	unsigned int i;
	const char *const *c;

	for (i = 0; i < drv->n; i++) {
		const struct dev_fdt_timer_driver *d =
			dev_fdt_timer_driver_at(drv, i);

		for (c = d->compatible; d->fallback == fallback && c && *c; c++)
			if (!strcmp(*c, compat))
				return d;
	}
	return NULL;
}

/*
 * The driver for @node: its compatible strings in order, most specific
 * first (Devicetree spec, 2.3.1), the first that a driver with
 * @fallback lists; so the order in which drivers were registered never
 * matters. NULL if none (an unterminated string ends the list).
 */
static const struct dev_fdt_timer_driver *
dev_fdt_timer_match(const void *fdt, int node,
		    const struct dev_fdt_timer_drivers *drv, bool fallback)
{
	int len;
	const char *s = fdt_getprop(fdt, node, "compatible", &len);
	const char *end = s && len > 0 ? s + len : s, *nul;

	for (; s && s < end; s = nul + 1) {
		const struct dev_fdt_timer_driver *d;

		nul = memchr(s, '\0', (size_t)(end - s));
		if (!nul)
			return NULL;
		d = dev_fdt_timer_listing(drv, s, fallback);
		if (d)
			return d;
	}
	return NULL;
}

/* Decode @node whole; report it if it was accepted and has contexts. */
static void dev_fdt_timer_node(const void *fdt, int node,
			       const struct dev_fdt_timer_driver *drv,
			       const struct dev_fdt_timer_sink *sink,
			       struct dev_fdt_timer_summary *sum)
{
	struct dev_fdt_timer_dev d = {.driver = drv, .node = node};
	const char *why = drv->decode(fdt, &d, NULL);

	if (why) {
		if (sum->refused++ == 0)
			sum->first_refused =
				(struct dev_fdt_reject){drv->name, why, node};
		return;
	}
	if (d.n_ipi + d.n_timer == 0)
		return; /* not the driver's after all (an S-level IMSIC) */
	sum->n_devs++;
	sum->n_ctx += d.n_ipi + d.n_timer;
	if (sink->dev)
		sink->dev(sink->ctx, &d);
	if (sink->hart)
		(void)drv->decode(fdt, &d, sink);
}

static bool dev_fdt_timer_any_fallback(const struct dev_fdt_timer_drivers *drv)
{
	for (unsigned int i = 0; i < drv->n; i++)
		if (dev_fdt_timer_driver_at(drv, i)->fallback)
			return true;
	return false;
}

void dev_fdt_timers(const void *fdt, const struct dev_fdt_timer_drivers *drv,
		    const struct dev_fdt_timer_sink *sink,
		    struct dev_fdt_timer_summary *sum)
{
	/* the fallback pass only where a fallback driver is given */
	unsigned int passes = dev_fdt_timer_any_fallback(drv) ? 2 : 1;

	*sum = (struct dev_fdt_timer_summary){.first_refused = {.node = -1}};
	for (unsigned int pass = 0; pass < passes; pass++)
		for (int node = dev_fdt_next(fdt, -1); node >= 0;
		     node = dev_fdt_next(fdt, node)) {
			const struct dev_fdt_timer_driver *d =
				dev_fdt_timer_match(fdt, node, drv, pass == 1);

			if (d && dev_fdt_enabled(fdt, node))
				dev_fdt_timer_node(fdt, node, d, sink, sum);
		}
}
