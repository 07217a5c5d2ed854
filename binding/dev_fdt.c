/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the device probes share (dev_fdt_util.h) and the timebase. The
 * centre is dev_fdt_reg(): one reg entry, read with the parent bus's
 * cell sizes and translated up through each bus's `ranges` to a CPU
 * address, as the Devicetree Specification (v0.4, 2.3.8) defines it: an
 * empty ranges maps one to one, a list maps each window, and a bus with
 * no ranges at all has no mapping to its parent, so its children's
 * registers are refused rather than guessed at (OpenSBI reads reg as a
 * CPU address whatever the bus says; Linux refuses, and so do we). Cell
 * sizes of 1 or 2 only: 64-bit addresses are all the firmware has.
 */
#include <string.h>

#include <libfdt.h>

#include "dev_fdt_util.h"
#include "sbipmu/dev_fdt.h"

/* @n (1 or 2) big-endian cells as one number. */
static uint64_t dev_fdt_cells(const fdt32_t *p, int n)
{
	uint64_t v = 0;

	for (int i = 0; i < n; i++)
		v = (v << 32) | fdt32_ld(&p[i]);
	return v;
}

/* Is @name a NUL-terminated string equal to @value? */
static bool dev_fdt_prop_is(const void *fdt, int node, const char *name,
			    const char *value)
{
	int len;
	const char *s = fdt_getprop(fdt, node, name, &len);

	return s && len > 0 && s[len - 1] == '\0' && !strcmp(s, value);
}

bool dev_fdt_enabled(const void *fdt, int node)
{
	if (!fdt_getprop(fdt, node, "status", NULL))
		return true;
	return dev_fdt_prop_is(fdt, node, "status", "okay") ||
	       dev_fdt_prop_is(fdt, node, "status", "ok");
}

bool dev_fdt_u32(const void *fdt, int node, const char *name, uint32_t *v)
{
	int len;
	const fdt32_t *p = fdt_getprop(fdt, node, name, &len);

	if (!p || len != (int)sizeof(*p))
		return false;
	*v = fdt32_ld(p);
	return true;
}

/* The cells @bus gives its children's reg, if we can read them. */
static bool dev_fdt_bus_cells(const void *fdt, int bus, int *ac, int *sc)
{
	*ac = fdt_address_cells(fdt, bus);
	*sc = fdt_size_cells(fdt, bus);
	return *ac >= 1 && *ac <= 2 && *sc >= 1 && *sc <= 2;
}

/*
 * Move @r through one ranges window (child address, parent address,
 * length) if the window holds all of it. Checked: a hostile window may
 * sit anywhere in the 64-bit space.
 */
static bool dev_fdt_window(struct dev_fdt_range *r, uint64_t child,
			   uint64_t parent, uint64_t length)
{
	uint64_t delta = r->base - child;

	if (r->base < child || delta >= length || r->size > length - delta)
		return false;
	return !__builtin_add_overflow(parent, delta, &r->base) &&
	       r->size - 1 <= UINT64_MAX - r->base;
}

/* @r from @bus's child addresses into those of @parent, its parent. */
static const char *dev_fdt_up(const void *fdt, int bus, int parent,
			      struct dev_fdt_range *r)
{
	int len, cac, csc, pac, psc, step;
	const fdt32_t *ranges = fdt_getprop(fdt, bus, "ranges", &len);

	if (!ranges)
		return "reg: not translatable (a bus without ranges)";
	if (len == 0)
		return NULL; /* one to one */
	if (!dev_fdt_bus_cells(fdt, bus, &cac, &csc) ||
	    !dev_fdt_bus_cells(fdt, parent, &pac, &psc))
		return "ranges: unsupported #address-cells or #size-cells";
	step = cac + pac + csc;
	if (len % (4 * step))
		return "ranges: not a whole number of entries";
	for (int i = 0; i < len / 4; i += step) {
		const fdt32_t *e = ranges + i;

		if (dev_fdt_window(r, dev_fdt_cells(e, cac),
				   dev_fdt_cells(e + cac, pac),
				   dev_fdt_cells(e + cac + pac, csc)))
			return NULL;
	}
	return "reg: outside every ranges window";
}

/*
 * A node and its ancestors, node[0] the root and node[depth] the node.
 * Found in one walk from the root: fdt_parent_offset() walks from the
 * root each time, and a reg needs the parent of every bus above it
 * (with QEMU virt's 512 cpus before /soc, 7 million instructions a walk).
 * Deeper nodes than any real tree has (4 or 5 levels) are refused.
 */
#define DEV_FDT_MAX_LINEAGE 16

struct dev_fdt_lineage {
	int depth;
	int node[DEV_FDT_MAX_LINEAGE];
};

static const char *dev_fdt_lineage(const void *fdt, int node,
				   struct dev_fdt_lineage *l)
{
	int depth = -1;

	/* offsets grow along the walk: past @node, it is not there */
	for (int n = fdt_next_node(fdt, -1, &depth); n >= 0 && depth >= 0;
	     n = fdt_next_node(fdt, n, &depth)) {
		if (n > node)
			break;
		if (depth >= DEV_FDT_MAX_LINEAGE)
			continue;
		l->node[depth] = n;
		if (n == node) {
			l->depth = depth;
			return NULL;
		}
	}
	return "reg: node nested too deep";
}

/* Up through every bus between the node and the root. */
static const char *dev_fdt_translate(const void *fdt,
				     const struct dev_fdt_lineage *l,
				     struct dev_fdt_range *r)
{
	for (int d = l->depth - 1; d > 0; d--) {
		const char *why =
			dev_fdt_up(fdt, l->node[d], l->node[d - 1], r);

		if (why)
			return why;
	}
	return NULL;
}

/* @node's reg and the cells of one entry, or a reason. */
static const char *dev_fdt_reg_prop(const void *fdt, int node,
				    const struct dev_fdt_lineage *l,
				    const fdt32_t **reg, unsigned int *n,
				    int *ac, int *sc)
{
	int len;

	*reg = fdt_getprop(fdt, node, "reg", &len);
	if (!*reg)
		return "reg: missing";
	if (l->depth < 1 ||
	    !dev_fdt_bus_cells(fdt, l->node[l->depth - 1], ac, sc))
		return "reg: unsupported #address-cells or #size-cells";
	*n = (unsigned int)len / (4 * (unsigned int)(*ac + *sc));
	return NULL;
}

unsigned int dev_fdt_reg_count(const void *fdt, int node)
{
	struct dev_fdt_lineage l;
	const fdt32_t *reg;
	unsigned int n;
	int ac, sc;

	if (dev_fdt_lineage(fdt, node, &l) ||
	    dev_fdt_reg_prop(fdt, node, &l, &reg, &n, &ac, &sc))
		return 0;
	return n;
}

const char *dev_fdt_reg(const void *fdt, int node, unsigned int index,
			struct dev_fdt_range *r)
{
	struct dev_fdt_lineage l;
	const fdt32_t *reg;
	unsigned int n;
	int ac, sc;
	const char *why = dev_fdt_lineage(fdt, node, &l);

	if (!why)
		why = dev_fdt_reg_prop(fdt, node, &l, &reg, &n, &ac, &sc);
	if (why)
		return why;
	if (n <= index)
		return "reg: shorter than the entries needed";
	reg += index * (unsigned int)(ac + sc);
	r->base = dev_fdt_cells(reg, ac);
	r->size = dev_fdt_cells(reg + ac, sc);
	if (r->size == 0 || r->size - 1 > UINT64_MAX - r->base)
		return "reg: empty or wrapping around";
	return dev_fdt_translate(fdt, &l, r);
}

bool dev_fdt_range_holds(const struct dev_fdt_range *r, uint64_t offset,
			 uint64_t bytes)
{
	return offset <= r->size && bytes <= r->size - offset;
}

int dev_fdt_phandle_node(const void *fdt, uint32_t phandle)
{
	/* libfdt refuses 0 and ~0 (no phandle) itself. */
	return fdt_node_offset_by_phandle(fdt, phandle);
}

const char *dev_fdt_intc_start(const void *fdt, struct dev_fdt_intc_search *s)
{
	s->cpu = -1;
	s->cpus = fdt_path_offset(fdt, "/cpus");
	if (s->cpus < 0)
		return "interrupts-extended: no /cpus";
	s->ac = fdt_address_cells(fdt, s->cpus);
	if (s->ac < 1 || s->ac > 2)
		return "interrupts-extended: /cpus #address-cells not 1 or 2";
	return NULL;
}

/* The child of @cpu with @phandle, or -1. */
static int dev_fdt_intc_child(const void *fdt, int cpu, uint32_t phandle)
{
	int sub;

	fdt_for_each_subnode(sub, fdt, cpu)
	{
		if (fdt_get_phandle(fdt, sub) == phandle)
			return sub;
	}
	return -1;
}

/*
 * The cpus from @from to @upto (inclusive; -1: to the last). Subnode
 * offsets only grow, so the walk ends.
 */
static int dev_fdt_intc_scan(const void *fdt, int from, int upto,
			     uint32_t phandle, int *cpu)
{
	for (int c = from; c >= 0 && (upto < 0 || c <= upto);
	     c = fdt_next_subnode(fdt, c)) {
		int intc = dev_fdt_intc_child(fdt, c, phandle);

		if (intc >= 0) {
			*cpu = c;
			return intc;
		}
	}
	return -1;
}

/* The hart id of enabled-or-not cpu @cpu whose child @intc is. */
static const char *dev_fdt_intc_hart(const void *fdt, int ac, int cpu, int intc,
				     uint64_t *hart)
{
	int len;
	const fdt32_t *reg = fdt_getprop(fdt, cpu, "reg", &len);

	if (fdt_node_check_compatible(fdt, intc, "riscv,cpu-intc") != 0)
		return "interrupts-extended: not a riscv,cpu-intc";
	if (!dev_fdt_prop_is(fdt, cpu, "device_type", "cpu"))
		return "interrupts-extended: intc outside a cpu node";
	if (!reg || len < 4 * ac)
		return "interrupts-extended: cpu without a usable reg";
	*hart = dev_fdt_cells(reg, ac);
	return NULL;
}

const char *dev_fdt_intc_find(const void *fdt, struct dev_fdt_intc_search *s,
			      uint32_t phandle, int *intc, uint64_t *hart)
{
	int first = fdt_first_subnode(fdt, s->cpus), cpu = -1;

	/* fdt_get_phandle() says 0 for a node without one */
	if (phandle == 0 || phandle == (uint32_t)-1)
		return "interrupts-extended: not a phandle";
	*intc = -1;
	if (s->cpu >= 0)
		*intc = dev_fdt_intc_scan(fdt, fdt_next_subnode(fdt, s->cpu),
					  -1, phandle, &cpu);
	if (*intc < 0)
		*intc = dev_fdt_intc_scan(fdt, first, s->cpu, phandle, &cpu);
	if (*intc < 0)
		return "interrupts-extended: phandle names no cpu's child";
	s->cpu = cpu;
	return dev_fdt_intc_hart(fdt, s->ac, cpu, *intc, hart);
}

int dev_fdt_next(const void *fdt, int node)
{
	return fdt_next_node(fdt, node, NULL);
}

/* compatible looked up once, not once per driver: most nodes match none */
int dev_fdt_match(const void *fdt, int node, const char *const *compats, int n)
{
	int len;
	const char *list = fdt_getprop(fdt, node, "compatible", &len);

	for (int i = 0; list && i < n; i++)
		if (fdt_stringlist_contains(list, len, compats[i]))
			return i;
	return -1;
}

/*
 * The entry of @l (a compatible list first in each) listing @compat,
 * and that entry's own copy of the string (static, unlike the tree's).
 */
static int dev_fdt_list_listing(const struct dev_fdt_list *l,
				const char *compat, const char **own)
{
	for (unsigned int i = 0; i < l->n; i++) {
		const char *const *const *entry =
			(const void *)((const char *)l->first + i * l->stride);

		for (const char *const *c = *entry; c && *c; c++)
			if (!strcmp(*c, compat)) {
				*own = *c;
				return (int)i;
			}
	}
	return -1;
}

int dev_fdt_list_match(const void *fdt, int node, const struct dev_fdt_list *l,
		       const char **matched)
{
	int len, i;
	const char *s = fdt_getprop(fdt, node, "compatible", &len);
	const char *end = s && len > 0 ? s + len : s, *nul;

	for (; s && s < end; s = nul + 1) {
		nul = memchr(s, '\0', (size_t)(end - s));
		if (!nul)
			return -1;
		i = dev_fdt_list_listing(l, s, matched);
		if (i >= 0)
			return i;
	}
	return -1;
}

/*
 * timebase-frequency of @node: 4 or 8 bytes, nonzero, and below 2^32:
 * the tree handed on carries it as one cell (Linux reads no more,
 * platform_fdt.h), so the firmware must not count time by a value the
 * next stage cannot have.
 */
static bool dev_fdt_timebase_of(const void *fdt, int node, uint64_t *hz)
{
	int len;
	const fdt32_t *p = fdt_getprop(fdt, node, "timebase-frequency", &len);

	if (!p || (len != 4 && len != 8))
		return false;
	*hz = dev_fdt_cells(p, len / 4);
	return *hz != 0 && *hz <= UINT32_MAX;
}

const char *dev_fdt_timebase(const void *fdt, uint64_t *hz)
{
	int cpus = fdt_path_offset(fdt, "/cpus"), node;

	if (cpus < 0)
		return "timebase: no /cpus";
	if (dev_fdt_timebase_of(fdt, cpus, hz))
		return NULL;
	fdt_for_each_subnode(node, fdt, cpus)
	{
		if (dev_fdt_prop_is(fdt, node, "device_type", "cpu") &&
		    dev_fdt_timebase_of(fdt, node, hz))
			return NULL;
	}
	return "timebase: no usable timebase-frequency";
}
