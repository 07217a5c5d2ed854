/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The firmware's device-tree input apart from riscv,pmu (see
 * platform_fdt.h). A blob comes from outside, and libfdt's lookups only
 * bound their reads by the header's own sizes, so the header is checked
 * against what the caller can read, and every tag of the structure block
 * is walked once, before any lookup runs: after platform_fdt_check() the
 * lookups below read inside the blob whatever its content. Values the
 * firmware cannot use (hart ids beyond its limit, a tenth memory range)
 * are counted, never trusted.
 */
#include <libfdt.h>

#include "sbipmu/platform_fdt.h"

_Static_assert(PLATFORM_FDT_HEADER_SIZE == FDT_V17_SIZE,
	       "a version 17 header is 40 bytes");

/* ---- the check ---- */

static int platform_fdt_fail(struct platform_fdt_verdict *v, int error,
			     const char *problem)
{
	v->error = error;
	v->problem = problem;
	return error;
}

/* Header fields for the caller's report; only once 40 bytes are readable. */
static void platform_fdt_header(const void *fdt, struct platform_fdt_verdict *v)
{
	v->header = true;
	v->magic = fdt_magic(fdt);
	v->version = fdt_version(fdt);
	v->totalsize = fdt_totalsize(fdt);
	v->off_dt_struct = fdt_off_dt_struct(fdt);
	v->size_dt_struct = fdt_size_dt_struct(fdt);
	v->off_dt_strings = fdt_off_dt_strings(fdt);
	v->size_dt_strings = fdt_size_dt_strings(fdt);
}

/*
 * The name of the property whose tag is at @offset: inside the strings
 * block as the header sizes it, NUL-terminated there, whatever the
 * version. libfdt bounds the names of a version 16 tree by totalsize
 * only, but fdt_open_into() (the fix-up) copies size_dt_strings bytes:
 * a name beyond them would be lost from the tree handed on (a fuzzer
 * find, tests/data/fuzz-dt-v16-strings-size.dtb).
 */
static int platform_fdt_check_prop(const void *fdt, int offset)
{
	const struct fdt_property *p = fdt_offset_ptr(fdt, offset, sizeof(*p));
	uint32_t size = fdt_size_dt_strings(fdt), nameoff;
	const char *names = (const char *)fdt + fdt_off_dt_strings(fdt);

	if (!p)
		return -FDT_ERR_TRUNCATED;
	nameoff = fdt32_ld(&p->nameoff);
	if (nameoff >= size)
		return -FDT_ERR_BADOFFSET;
	if (!memchr(names + nameoff, '\0', size - nameoff))
		return -FDT_ERR_TRUNCATED;
	return 0;
}

/*
 * Where the walk stands: nesting depth, whether the root was opened
 * and closed. One root, every node closed, then only FDT_END.
 */
struct platform_fdt_walk {
	int depth;
	bool root_seen;
};

static int platform_fdt_tag(const void *fdt, struct platform_fdt_walk *w,
			    uint32_t tag, int offset)
{
	switch (tag) {
	case FDT_BEGIN_NODE:
		if (w->depth == 0 && w->root_seen)
			return -FDT_ERR_BADSTRUCTURE; /* a second root */
		if (++w->depth > PLATFORM_FDT_MAX_DEPTH)
			return -FDT_ERR_BADSTRUCTURE;
		w->root_seen = true;
		return 0;
	case FDT_END_NODE:
		return w->depth-- > 0 ? 0 : -FDT_ERR_BADSTRUCTURE;
	case FDT_PROP:
		if (w->depth == 0)
			return -FDT_ERR_BADSTRUCTURE; /* outside any node */
		return platform_fdt_check_prop(fdt, offset);
	case FDT_NOP:
		return 0;
	default:
		return -FDT_ERR_BADSTRUCTURE;
	}
}

/*
 * Every tag once. fdt_next_tag() bounds each tag by the structure block
 * and moves forward by at least one tag, so the walk ends; it returns
 * FDT_END with a negative next offset for a tag it cannot read.
 */
static int platform_fdt_walk(const void *fdt)
{
	struct platform_fdt_walk w = {0, false};
	int offset = 0, next, err;
	uint32_t tag;

	for (;;) {
		tag = fdt_next_tag(fdt, offset, &next);
		if (tag == FDT_END)
			break;
		if (next < 0)
			return next;
		err = platform_fdt_tag(fdt, &w, tag, offset);
		if (err)
			return err;
		offset = next;
	}
	if (next < 0)
		return next; /* unreadable or unknown tag */
	return w.root_seen && w.depth == 0 ? 0 : -FDT_ERR_BADSTRUCTURE;
}

int platform_fdt_check(const void *fdt, size_t readable,
		       struct platform_fdt_verdict *v)
{
	int err;

	*v = (struct platform_fdt_verdict){0};
	if (!fdt || readable < PLATFORM_FDT_HEADER_SIZE)
		return platform_fdt_fail(v, -FDT_ERR_TRUNCATED,
					 "no readable header");
	platform_fdt_header(fdt, v);
	err = fdt_check_header(fdt);
	if (err)
		return platform_fdt_fail(v, err, "header");
	if (v->totalsize > readable)
		return platform_fdt_fail(v, -FDT_ERR_TRUNCATED,
					 "totalsize beyond what is readable");
	/* libfdt loads tags as aligned 32-bit words. */
	if (v->off_dt_struct % FDT_TAGSIZE)
		return platform_fdt_fail(v, -FDT_ERR_ALIGNMENT,
					 "structure block not 4-byte aligned");
	/* ... and reservation entries as aligned 64-bit ones. */
	if (fdt_off_mem_rsvmap(fdt) % 8)
		return platform_fdt_fail(
			v, -FDT_ERR_ALIGNMENT,
			"memory reservation block not 8-byte aligned");
	err = fdt_num_mem_rsv(fdt);
	if (err < 0)
		return platform_fdt_fail(v, err,
					 "memory reservation block has no end");
	err = platform_fdt_walk(fdt);
	if (err)
		return platform_fdt_fail(v, err, "structure block");
	return 0;
}

/* ---- the facts ---- */

/* @n (1 or 2) big-endian cells as one number. */
static uint64_t platform_fdt_cells(const fdt32_t *p, int n)
{
	uint64_t v = 0;

	for (int i = 0; i < n; i++)
		v = (v << 32) | fdt32_ld(&p[i]);
	return v;
}

static bool platform_fdt_enabled(const void *fdt, int node)
{
	int len;
	const char *s = fdt_getprop(fdt, node, "status", &len);

	if (!s)
		return true;
	return len > 0 && s[len - 1] == '\0' &&
	       (!strcmp(s, "okay") || !strcmp(s, "ok"));
}

static bool platform_fdt_prop_is(const void *fdt, int node, const char *name,
				 const char *value)
{
	int len;
	const char *s = fdt_getprop(fdt, node, name, &len);

	return s && len > 0 && s[len - 1] == '\0' && !strcmp(s, value);
}

/*
 * sbipmu,trace = "N": keep the last N PMU calls per hart; decimal
 * digits up to the first other byte, capped at 65535.
 */
static uint32_t platform_fdt_trace(const void *fdt, int node)
{
	int len, i;
	const char *s = fdt_getprop(fdt, node, "sbipmu,trace", &len);
	uint32_t n = 0;

	for (i = 0; s && i < len && s[i] >= '0' && s[i] <= '9'; i++)
		if (n < 65535)
			n = n * 10 + (uint32_t)(s[i] - '0');
	return n > 65535 ? 65535 : n;
}

/*
 * A /chosen option of three words, "auto" (the default, 0) and two
 * others (1 and 2): the choice, or 0 with *bad set for any other value.
 */
static int platform_fdt_choice(const void *fdt, int node, const char *name,
			       const char *one, const char *two, bool *bad)
{
	if (!fdt_getprop(fdt, node, name, NULL))
		return 0;
	if (platform_fdt_prop_is(fdt, node, name, one))
		return 1;
	if (platform_fdt_prop_is(fdt, node, name, two))
		return 2;
	*bad = !platform_fdt_prop_is(fdt, node, name, "auto");
	return 0;
}

/* sbipmu,snapshot = "auto" | "on" | "off"; sbipmu,pmu-quirks = "auto" |
 * "qemu" | "none"; sbipmu,legacy = "auto" | "on" | "off". */
static void platform_fdt_options(const void *fdt, int node,
				 struct platform_fdt_facts *f)
{
	static const enum platform_fdt_snapshot snap[] = {
		PLATFORM_FDT_SNAPSHOT_AUTO, PLATFORM_FDT_SNAPSHOT_ON,
		PLATFORM_FDT_SNAPSHOT_OFF};
	static const enum platform_fdt_quirks quirks[] = {
		PLATFORM_FDT_QUIRKS_AUTO, PLATFORM_FDT_QUIRKS_QEMU,
		PLATFORM_FDT_QUIRKS_NONE};
	static const enum platform_fdt_legacy legacy[] = {
		PLATFORM_FDT_LEGACY_AUTO, PLATFORM_FDT_LEGACY_ON,
		PLATFORM_FDT_LEGACY_OFF};

	f->snapshot = snap[platform_fdt_choice(fdt, node, "sbipmu,snapshot",
					       "on", "off", &f->snapshot_bad)];
	f->quirks = quirks[platform_fdt_choice(fdt, node, "sbipmu,pmu-quirks",
					       "qemu", "none", &f->quirks_bad)];
	f->legacy = legacy[platform_fdt_choice(fdt, node, "sbipmu,legacy", "on",
					       "off", &f->legacy_bad)];
}

static void platform_fdt_chosen(const void *fdt, struct platform_fdt_facts *f)
{
	int node = fdt_path_offset(fdt, "/chosen");

	if (node < 0)
		return;
	f->trace_entries = platform_fdt_trace(fdt, node);
	platform_fdt_options(fdt, node, f);
}

static void platform_fdt_root(const void *fdt, struct platform_fdt_facts *f)
{
	int len, i;
	const char *s = fdt_getprop(fdt, 0, "model", &len);

	f->qemu_virt = fdt_node_check_compatible(fdt, 0, "riscv-virtio") == 0;
	for (i = 0; s && i < len && i < PLATFORM_FDT_MODEL_LEN - 1 && s[i]; i++)
		f->model[i] = s[i];
	f->model[i] = '\0';
}

static char platform_fdt_lower(char c)
{
	return (c >= 'A' && c <= 'Z') ? (char)(c - 'A' + 'a') : c;
}

/* Does token [tok, tok + n) equal @ext, ignoring case? */
static bool platform_fdt_token_is(const char *tok, size_t n, const char *ext)
{
	for (size_t i = 0; i < n; i++)
		if (!ext[i] || platform_fdt_lower(tok[i]) != ext[i])
			return false;
	return ext[n] == '\0';
}

bool platform_fdt_isa_has(const char *isa, size_t len, const char *ext)
{
	size_t start = 0;

	/* Multi-letter extensions follow the base, '_'-separated. */
	for (size_t i = 0; i <= len; i++) {
		if (i < len && isa[i] != '_' && isa[i] != '\0')
			continue;
		if (start > 0 &&
		    platform_fdt_token_is(&isa[start], i - start, ext))
			return true;
		if (i == len || isa[i] == '\0')
			break;
		start = i + 1;
	}
	return false;
}

/* Does cpu @node name @ext (riscv,isa-extensions or riscv,isa)? */
static bool platform_fdt_cpu_has(const void *fdt, int node, const char *ext)
{
	int len;
	const char *s = fdt_getprop(fdt, node, "riscv,isa-extensions", &len);

	if (s && len > 0 && fdt_stringlist_contains(s, len, ext))
		return true;
	s = fdt_getprop(fdt, node, "riscv,isa", &len);
	return s && len > 0 && platform_fdt_isa_has(s, (size_t)len, ext);
}

static void platform_fdt_isa(const void *fdt, int node,
			     struct platform_fdt_isa *x)
{
	x->sscofpmf = platform_fdt_cpu_has(fdt, node, "sscofpmf");
	x->sstc = platform_fdt_cpu_has(fdt, node, "sstc");
	x->smcntrpmf = platform_fdt_cpu_has(fdt, node, "smcntrpmf");
	x->smcdeleg = platform_fdt_cpu_has(fdt, node, "smcdeleg");
	x->ssccfg = platform_fdt_cpu_has(fdt, node, "ssccfg");
	x->sscsrind = platform_fdt_cpu_has(fdt, node, "sscsrind");
	x->smstateen = platform_fdt_cpu_has(fdt, node, "smstateen");
	x->svpbmt = platform_fdt_cpu_has(fdt, node, "svpbmt");
	x->zicbom = platform_fdt_cpu_has(fdt, node, "zicbom");
	x->zicboz = platform_fdt_cpu_has(fdt, node, "zicboz");
	x->zkr = platform_fdt_cpu_has(fdt, node, "zkr");
	x->svadu = platform_fdt_cpu_has(fdt, node, "svadu");
	x->svade = platform_fdt_cpu_has(fdt, node, "svade");
	x->ssaia = platform_fdt_cpu_has(fdt, node, "ssaia");
}

/* Keep in @all what @one has too; note whether they differed. */
static bool platform_fdt_isa_and(struct platform_fdt_isa *all,
				 const struct platform_fdt_isa *one)
{
	struct platform_fdt_isa was = *all;

	all->sscofpmf &= one->sscofpmf;
	all->sstc &= one->sstc;
	all->smcntrpmf &= one->smcntrpmf;
	all->smcdeleg &= one->smcdeleg;
	all->ssccfg &= one->ssccfg;
	all->sscsrind &= one->sscsrind;
	all->smstateen &= one->smstateen;
	all->svpbmt &= one->svpbmt;
	all->zicbom &= one->zicbom;
	all->zicboz &= one->zicboz;
	all->zkr &= one->zkr;
	all->svadu &= one->svadu;
	all->svade &= one->svade;
	all->ssaia &= one->ssaia;
	return memcmp(&was, one, sizeof(was)) != 0;
}

/* The hart id of enabled cpu @node, false if it has none usable. */
static bool platform_fdt_hart_id(const void *fdt, int node, int ac,
				 uint64_t *id)
{
	int len;
	const fdt32_t *reg;

	if (!platform_fdt_prop_is(fdt, node, "device_type", "cpu") ||
	    !platform_fdt_enabled(fdt, node))
		return false;
	reg = fdt_getprop(fdt, node, "reg", &len);
	if (!reg || ac < 1 || ac > 2 || len < 4 * ac)
		return false;
	*id = platform_fdt_cells(reg, ac);
	return true;
}

/*
 * Where hart @id goes in the sorted list, or -1 if the list has it.
 * Insertion keeps the list sorted: at most 512 entries, once at boot.
 */
static int platform_fdt_hart_slot(const struct platform_fdt_facts *f,
				  uint64_t id)
{
	unsigned int i = f->n_harts;

	while (i > 0 && f->harts[i - 1].id > id)
		i--;
	if (i > 0 && f->harts[i - 1].id == id)
		return -1;
	return (int)i;
}

static void platform_fdt_add_hart(const void *fdt, int node, uint64_t id,
				  struct platform_fdt_facts *f)
{
	int slot = platform_fdt_hart_slot(f, id);
	struct platform_fdt_hart *h;

	if (slot < 0) {
		f->harts_dup++;
		return;
	}
	h = &f->harts[slot];
	memmove(h + 1, h, (f->n_harts - (unsigned int)slot) * sizeof(*h));
	h->id = id;
	platform_fdt_isa(fdt, node, &h->isa);
	h->mmu = fdt_getprop(fdt, node, "mmu-type", NULL) &&
		 !platform_fdt_prop_is(fdt, node, "mmu-type", "riscv,none");
	f->n_harts++;
}

static void platform_fdt_cpus(const void *fdt, unsigned int max_harts,
			      struct platform_fdt_facts *f)
{
	/* All true until a hart lacks one (platform_fdt_isa_and()). */
	struct platform_fdt_isa x = {.sscofpmf = true,
				     .sstc = true,
				     .smcntrpmf = true,
				     .smcdeleg = true,
				     .ssccfg = true,
				     .sscsrind = true,
				     .smstateen = true,
				     .svpbmt = true,
				     .zicbom = true,
				     .zicboz = true,
				     .zkr = true,
				     .svadu = true,
				     .svade = true,
				     .ssaia = true};
	int cpus = fdt_path_offset(fdt, "/cpus"), node, ac;
	unsigned int i;
	uint64_t id;

	/* A negative parent would make fdt_for_each_subnode() walk /. */
	if (cpus < 0)
		return;
	ac = fdt_address_cells(fdt, cpus);
	if (max_harts > PLATFORM_FDT_MAX_HARTS)
		max_harts = PLATFORM_FDT_MAX_HARTS;
	fdt_for_each_subnode(node, fdt, cpus)
	{
		if (!platform_fdt_hart_id(fdt, node, ac, &id))
			continue;
		if (f->n_harts >= max_harts) {
			f->harts_over++;
			continue;
		}
		platform_fdt_add_hart(fdt, node, id, f);
	}
	for (i = 0; i < f->n_harts; i++)
		f->isa_differs |=
			platform_fdt_isa_and(&x, &f->harts[i].isa) && i > 0;
	if (f->n_harts)
		f->isa = x;
}

static void platform_fdt_add_mem(struct platform_fdt_facts *f, uint64_t base,
				 uint64_t size)
{
	if (size == 0)
		return;
	if (f->n_mem >= PLATFORM_FDT_MAX_MEM) {
		f->mem_over++;
		return;
	}
	f->mem[f->n_mem].base = base;
	f->mem[f->n_mem].size = size;
	f->n_mem++;
}

/* Every (address, size) pair of every enabled memory node under /. */
static void platform_fdt_memory(const void *fdt, struct platform_fdt_facts *f)
{
	int ac = fdt_address_cells(fdt, 0), sc = fdt_size_cells(fdt, 0);
	int node, len, step = 4 * (ac + sc);
	const fdt32_t *reg;

	if (ac < 1 || ac > 2 || sc < 1 || sc > 2)
		return;
	fdt_for_each_subnode(node, fdt, 0)
	{
		if (!platform_fdt_prop_is(fdt, node, "device_type", "memory") ||
		    !platform_fdt_enabled(fdt, node))
			continue;
		reg = fdt_getprop(fdt, node, "reg", &len);
		for (int off = 0; reg && off + step <= len; off += step) {
			const fdt32_t *p = reg + off / 4;

			platform_fdt_add_mem(f, platform_fdt_cells(p, ac),
					     platform_fdt_cells(p + ac, sc));
		}
	}
}

/* First reg address of the first node compatible with @compat. */
static void platform_fdt_device(const void *fdt, const char *compat,
				struct platform_fdt_device *d)
{
	int node = fdt_node_offset_by_compatible(fdt, -1, compat), len, ac;
	const fdt32_t *reg;

	if (d->found || node < 0)
		return;
	ac = fdt_address_cells(fdt, fdt_parent_offset(fdt, node));
	reg = fdt_getprop(fdt, node, "reg", &len);
	if (!reg || ac < 1 || ac > 2 || len < 4 * ac)
		return;
	d->base = platform_fdt_cells(reg, ac);
	d->found = true;
}

void platform_fdt_scan(const void *fdt, unsigned int max_harts,
		       struct platform_fdt_facts *f)
{
	/* memset, not a compound literal: no 12 KiB temporary on the stack */
	memset(f, 0, sizeof(*f));
	f->snapshot = PLATFORM_FDT_SNAPSHOT_AUTO;
	platform_fdt_root(fdt, f);
	platform_fdt_chosen(fdt, f);
	platform_fdt_cpus(fdt, max_harts, f);
	platform_fdt_memory(fdt, f);
	platform_fdt_device(fdt, "riscv,clint0", &f->clint);
	platform_fdt_device(fdt, "sifive,clint0", &f->clint);
	platform_fdt_device(fdt, "ns16550a", &f->uart);
	platform_fdt_device(fdt, "sifive,test0", &f->test);
	platform_fdt_device(fdt, "sifive,test1", &f->test);
}

/* ---- the /reserved-memory fix-up ---- */

/* "mmode_resv@<hex base>" into @buf (at least 32 bytes). */
static void platform_fdt_resv_name(char *buf, uint64_t base)
{
	static const char prefix[] = "mmode_resv@";
	unsigned int i = 0, shift = 64;

	for (; prefix[i]; i++)
		buf[i] = prefix[i];
	while (shift > 4 && !((base >> (shift - 4)) & 0xF))
		shift -= 4;
	while (shift) {
		shift -= 4;
		buf[i++] = "0123456789abcdef"[(base >> shift) & 0xF];
	}
	buf[i] = '\0';
}

/* @n (1 or 2) cells of @v, big-endian, at @p. */
static void platform_fdt_put_cells(fdt32_t *p, int n, uint64_t v)
{
	if (n == 2)
		*p++ = cpu_to_fdt32((uint32_t)(v >> 32));
	*p = cpu_to_fdt32((uint32_t)v);
}

static int platform_fdt_resv_parent(void *fdt)
{
	int node = fdt_path_offset(fdt, "/reserved-memory"), err;

	if (node >= 0)
		return node;
	node = fdt_add_subnode(fdt, 0, "reserved-memory");
	if (node < 0)
		return node;
	err = fdt_setprop_u32(fdt, node, "#address-cells", 2);
	if (!err)
		err = fdt_setprop_u32(fdt, node, "#size-cells", 2);
	if (!err)
		err = fdt_setprop_empty(fdt, node, "ranges");
	return err ? err : node;
}

int platform_fdt_add_reserved(void *fdt, uint64_t base, uint64_t size)
{
	int parent = platform_fdt_resv_parent(fdt), node, ac, sc, err;
	fdt32_t reg[4];
	char name[32];

	if (parent < 0)
		return parent;
	ac = fdt_address_cells(fdt, parent);
	sc = fdt_size_cells(fdt, parent);
	if (ac < 1 || ac > 2 || sc < 1 || sc > 2)
		return -FDT_ERR_BADNCELLS;
	platform_fdt_resv_name(name, base);
	node = fdt_add_subnode(fdt, parent, name);
	if (node == -FDT_ERR_EXISTS)
		return 0;
	if (node < 0)
		return node;
	platform_fdt_put_cells(reg, ac, base);
	platform_fdt_put_cells(reg + ac, sc, size);
	err = fdt_setprop(fdt, node, "reg", reg,
			  (int)sizeof(fdt32_t) * (ac + sc));
	return err ? err : fdt_setprop_empty(fdt, node, "no-map");
}

int platform_fdt_disable_cpus(void *fdt,
			      bool (*hide)(void *ctx, uint64_t hartid),
			      void *ctx)
{
	int cpus = fdt_path_offset(fdt, "/cpus"), node, ac, err;
	uint64_t id;

	if (cpus < 0)
		return 0;
	ac = fdt_address_cells(fdt, cpus);
	/* The edit leaves the node's offset, where the walk goes on from. */
	fdt_for_each_subnode(node, fdt, cpus)
	{
		if (!platform_fdt_hart_id(fdt, node, ac, &id) || !hide(ctx, id))
			continue;
		err = fdt_setprop_string(fdt, node, "status", "disabled");
		if (err)
			return err;
	}
	return 0;
}

/*
 * @isa without the "_@ext" token (case ignored), into @out (room for
 * @len bytes). Returns the new length, NUL included, or 0 if @ext is not
 * there. Single-letter extensions and the base are never touched.
 */
static int platform_fdt_isa_without(const char *isa, int len, const char *ext,
				    char *out)
{
	int i = 0, n = 0, start;
	bool dropped = false;

	while (i < len && isa[i] && isa[i] != '_')
		out[n++] = isa[i++];
	while (i < len && isa[i] == '_') {
		start = i++;
		while (i < len && isa[i] && isa[i] != '_')
			i++;
		if (platform_fdt_token_is(isa + start + 1,
					  (size_t)(i - start - 1), ext)) {
			dropped = true;
			continue;
		}
		memcpy(out + n, isa + start, (size_t)(i - start));
		n += i - start;
	}
	out[n++] = '\0';
	return dropped ? n : 0;
}

/* The riscv,isa-extensions list without @ext, into @out. */
static int platform_fdt_list_without(const char *list, int len, const char *ext,
				     char *out)
{
	int i = 0, n = 0, l;
	bool dropped = false;

	while (i < len) {
		for (l = 0; i + l < len && list[i + l]; l++)
			;
		if (platform_fdt_token_is(list + i, (size_t)l, ext)) {
			dropped = true;
		} else {
			memcpy(out + n, list + i, (size_t)l);
			out[n + l] = '\0';
			n += l + 1;
		}
		i += l + 1;
	}
	return dropped ? n : 0;
}

/* Longest riscv,isa* property edited (QEMU's are under 300 bytes). */
#define PLATFORM_FDT_ISA_MAX 1024

static int platform_fdt_isa_drop_prop(void *fdt, int node, const char *name,
				      const char *ext)
{
	/* static: no 1 KiB frame on the firmware's stack (boot only) */
	static char buf[PLATFORM_FDT_ISA_MAX];
	int len, n;
	const char *v = fdt_getprop(fdt, node, name, &len);

	if (!v || len <= 0 || len > PLATFORM_FDT_ISA_MAX)
		return 0;
	if (!strcmp(name, "riscv,isa"))
		n = platform_fdt_isa_without(v, len, ext, buf);
	else
		n = platform_fdt_list_without(v, len, ext, buf);
	return n ? fdt_setprop(fdt, node, name, buf, n) : 0;
}

int platform_fdt_isa_drop(void *fdt, const char *ext)
{
	int cpus = fdt_path_offset(fdt, "/cpus"), node, err = 0;

	if (cpus < 0)
		return 0;
	fdt_for_each_subnode(node, fdt, cpus)
	{
		err = platform_fdt_isa_drop_prop(fdt, node, "riscv,isa", ext);
		if (!err)
			err = platform_fdt_isa_drop_prop(
				fdt, node, "riscv,isa-extensions", ext);
		if (err)
			return err;
	}
	return 0;
}

/* ---- the timebase handed on ---- */

/*
 * What Linux needs: riscv's time_init() reads /cpus/timebase-frequency
 * with of_property_read_u32(), and panics without it ("no
 * 'timebase-frequency' in DTS"). That reads the first cell of a
 * property of 4 bytes or more, so only one nonzero cell is good:
 *  - absent, or no /cpus: the panic;
 *  - zero: a clock of 0 Hz, by which no time can be kept;
 *  - any other length: 8 bytes (a 64-bit value, which the Devicetree
 *    spec allows) is read as its high cell, 0 for any real clock; a
 *    shorter one is refused.
 * A timebase in a cpu node instead of /cpus counts as absent: Linux
 * does not look there.
 */
const char *platform_fdt_timebase_problem(const void *fdt)
{
	int cpus = fdt_path_offset(fdt, "/cpus"), len;
	const fdt32_t *p;

	if (cpus < 0)
		return "no /cpus";
	p = fdt_getprop(fdt, cpus, "timebase-frequency", &len);
	if (!p)
		return "absent";
	if (len != (int)sizeof(*p))
		return "not one 32-bit cell";
	return fdt32_ld(p) ? NULL : "zero";
}

int platform_fdt_set_timebase(void *fdt, uint32_t hz)
{
	int cpus = fdt_path_offset(fdt, "/cpus");

	if (cpus < 0)
		return cpus;
	return fdt_setprop_u32(fdt, cpus, "timebase-frequency", hz);
}
