/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A read-only walker over the FDT structure block (Devicetree
 * Specification, chapter 5) and the three queries of fdt.h built on it.
 * The walker calls back once per property with the enclosing node's name
 * and depth; it stops at FDT_END, at a malformed token, or at the end of
 * the structure block, whichever comes first.
 */
#include "fdt.h"

#define FDT_MAGIC      0xd00dfeedU
#define FDT_BEGIN_NODE 1
#define FDT_END_NODE   2
#define FDT_PROP       3
#define FDT_NOP	       4
#define FDT_END	       9

struct fdt_prop {
	const char *node;
	unsigned int depth;
	const char *name;
	const uint8_t *value;
	uint32_t len;
};

typedef bool (*fdt_visit_fn)(void *ctx, const struct fdt_prop *p);

static uint32_t fdt_be32(const void *p)
{
	const uint8_t *b = p;

	return ((uint32_t)b[0] << 24) | ((uint32_t)b[1] << 16) |
	       ((uint32_t)b[2] << 8) | b[3];
}

bool fdt_valid(const void *dtb)
{
	return dtb && fdt_be32(dtb) == FDT_MAGIC;
}

static bool fdt_streq(const char *a, const char *b)
{
	while (*a && *a == *b) {
		a++;
		b++;
	}
	return *a == *b;
}

/* @name is @base or starts with "@base@" (a unit address follows). */
static bool fdt_node_is(const char *name, const char *base)
{
	while (*base && *name == *base) {
		name++;
		base++;
	}
	return !*base && (!*name || *name == '@');
}

static uint32_t fdt_align4(uint32_t off)
{
	return (off + 3) & ~3U;
}

static uint32_t fdt_strnlen(const char *s, uint32_t max)
{
	uint32_t n = 0;

	while (n < max && s[n])
		n++;
	return n;
}

/*
 * Walk every property; @visit returns false to stop early. One loop over
 * the tokens: the offset bookkeeping stays in one place, which matters
 * more here than the function's length.
 */
static void fdt_walk(const void *dtb, fdt_visit_fn visit, void *ctx)
{
	const uint8_t *blob = dtb;
	const uint8_t *st;
	const char *strings, *node = "";
	uint32_t off = 0, size, depth = 0;

	if (!fdt_valid(dtb))
		return;
	st = blob + fdt_be32(blob + 8);
	strings = (const char *)blob + fdt_be32(blob + 12);
	size = fdt_be32(blob + 36);
	while (off + 4 <= size) {
		uint32_t tok = fdt_be32(st + off);

		off += 4;
		if (tok == FDT_BEGIN_NODE) {
			node = (const char *)st + off;
			off = fdt_align4(off + fdt_strnlen(node, size - off) +
					 1);
			depth++;
		} else if (tok == FDT_END_NODE) {
			depth--;
		} else if (tok == FDT_PROP && off + 8 <= size) {
			struct fdt_prop p = {
				.node = node,
				.depth = depth,
				.len = fdt_be32(st + off),
				.name = strings + fdt_be32(st + off + 4),
				.value = st + off + 8,
			};

			if (p.len > size - off - 8)
				return;
			off = fdt_align4(off + 8 + p.len);
			if (!visit(ctx, &p))
				return;
		} else if (tok != FDT_NOP) {
			return;
		}
	}
}

struct fdt_count_ctx {
	const char *prop;
	const char *needle;
	unsigned int count;
	unsigned int matches;
};

static bool fdt_contains(const uint8_t *v, uint32_t len, const char *needle)
{
	uint32_t n = fdt_strnlen(needle, 256);
	uint32_t i, j;

	for (i = 0; i + n <= len; i++) {
		for (j = 0; j < n && v[i + j] == (uint8_t)needle[j]; j++)
			;
		if (j == n)
			return true;
	}
	return false;
}

static bool fdt_count_visit(void *ctx, const struct fdt_prop *p)
{
	struct fdt_count_ctx *c = ctx;

	if (fdt_streq(p->name, c->prop)) {
		c->count++;
		if (fdt_contains(p->value, p->len, c->needle))
			c->matches++;
	}
	return true;
}

unsigned int fdt_prop_count(const void *dtb, const char *prop,
			    const char *needle, unsigned int *matches)
{
	struct fdt_count_ctx c = {.prop = prop, .needle = needle};

	fdt_walk(dtb, fdt_count_visit, &c);
	*matches = c.matches;
	return c.count;
}

struct fdt_u32_ctx {
	const char *prop;
	bool found;
	uint32_t val;
};

static bool fdt_u32_visit(void *ctx, const struct fdt_prop *p)
{
	struct fdt_u32_ctx *u = ctx;

	if (p->len != 4 || !fdt_streq(p->name, u->prop))
		return true;
	u->val = fdt_be32(p->value);
	u->found = true;
	return false;
}

bool fdt_first_u32(const void *dtb, const char *prop, uint32_t *val)
{
	struct fdt_u32_ctx u = {.prop = prop};

	fdt_walk(dtb, fdt_u32_visit, &u);
	if (u.found)
		*val = u.val;
	return u.found;
}

struct fdt_mem_ctx {
	uint32_t addr_cells;
	uint32_t size_cells;
	bool found;
	uint64_t base;
	uint64_t size;
};

static uint64_t fdt_cells(const uint8_t *v, uint32_t cells)
{
	return cells == 2 ? ((uint64_t)fdt_be32(v) << 32) | fdt_be32(v + 4)
			  : fdt_be32(v);
}

static bool fdt_mem_visit(void *ctx, const struct fdt_prop *p)
{
	struct fdt_mem_ctx *m = ctx;
	uint32_t need = 4 * (m->addr_cells + m->size_cells);

	/* The root's cell counts come before any child node. */
	if (p->depth == 1 && fdt_streq(p->name, "#address-cells"))
		m->addr_cells = fdt_be32(p->value);
	if (p->depth == 1 && fdt_streq(p->name, "#size-cells"))
		m->size_cells = fdt_be32(p->value);
	if (p->depth != 2 || !fdt_node_is(p->node, "memory") ||
	    !fdt_streq(p->name, "reg"))
		return true;
	if (m->addr_cells < 1 || m->addr_cells > 2 || m->size_cells < 1 ||
	    m->size_cells > 2 || p->len < need)
		return true;
	m->base = fdt_cells(p->value, m->addr_cells);
	m->size = fdt_cells(p->value + 4 * m->addr_cells, m->size_cells);
	m->found = true;
	return false;
}

bool fdt_memory(const void *dtb, uint64_t *base, uint64_t *size)
{
	struct fdt_mem_ctx m = {.addr_cells = 2, .size_cells = 1};

	fdt_walk(dtb, fdt_mem_visit, &m);
	if (m.found) {
		*base = m.base;
		*size = m.size;
	}
	return m.found;
}

struct fdt_args_ctx {
	char *buf;
	size_t size;
	bool found;
};

static bool fdt_args_visit(void *ctx, const struct fdt_prop *p)
{
	struct fdt_args_ctx *a = ctx;
	size_t i;

	if (p->depth != 2 || !fdt_node_is(p->node, "chosen") ||
	    !fdt_streq(p->name, "bootargs"))
		return true;
	for (i = 0; i + 1 < a->size && i < p->len && p->value[i]; i++)
		a->buf[i] = (char)p->value[i];
	a->buf[i] = '\0';
	a->found = true;
	return false;
}

bool fdt_bootargs(const void *dtb, char *buf, size_t size)
{
	struct fdt_args_ctx a = {.buf = buf, .size = size};

	if (!size)
		return false;
	buf[0] = '\0';
	fdt_walk(dtb, fdt_args_visit, &a);
	return a.found;
}

struct fdt_resv_ctx {
	uint32_t addr_cells; /* /reserved-memory's */
	uint32_t size_cells;
	bool found;
	uint64_t base;
	uint64_t size;
};

/* @name starts with @prefix. */
static bool fdt_starts(const char *name, const char *prefix)
{
	while (*prefix && *name == *prefix) {
		name++;
		prefix++;
	}
	return !*prefix;
}

/*
 * /reserved-memory's cells come before its children's properties; a
 * child named mmode_resv* at depth 3 is an M-mode firmware's region (the
 * name OpenSBI and sbipmu give it). The lowest such region wins: OpenSBI
 * splits its own in two, the image first.
 */
static bool fdt_resv_visit(void *ctx, const struct fdt_prop *p)
{
	struct fdt_resv_ctx *r = ctx;
	uint64_t base;

	if (p->depth == 2 && fdt_node_is(p->node, "reserved-memory")) {
		if (fdt_streq(p->name, "#address-cells") && p->len == 4)
			r->addr_cells = fdt_be32(p->value);
		if (fdt_streq(p->name, "#size-cells") && p->len == 4)
			r->size_cells = fdt_be32(p->value);
		return true;
	}
	if (p->depth != 3 || !fdt_starts(p->node, "mmode_resv") ||
	    !fdt_streq(p->name, "reg"))
		return true;
	if (r->addr_cells < 1 || r->addr_cells > 2 || r->size_cells < 1 ||
	    r->size_cells > 2 || p->len < 4 * (r->addr_cells + r->size_cells))
		return true;
	base = fdt_cells(p->value, r->addr_cells);
	if (!r->found || base < r->base) {
		r->base = base;
		r->size =
			fdt_cells(p->value + 4 * r->addr_cells, r->size_cells);
		r->found = true;
	}
	return true;
}

bool fdt_firmware_region(const void *dtb, uint64_t *base, uint64_t *size)
{
	struct fdt_resv_ctx r = {.addr_cells = 2, .size_cells = 1};

	fdt_walk(dtb, fdt_resv_visit, &r);
	if (r.found) {
		*base = r.base;
		*size = r.size;
	}
	return r.found;
}
