/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Kernel addresses to symbol names through /proc/kallsyms, as perf
 * report does without a vmlinux (tools/perf/util/symbol.c): the text
 * symbols sorted by address, each covering the addresses up to the next
 * one; of several symbols at one address perf's choose_best_symbol()
 * keeps one: not weak over weak, global over local, fewer leading
 * underscores, the longer name, else the first listed. (That is why a
 * sample in __schedule shows as __sched_text_start, in perf as here.)
 * perf also loads data symbols (D, B); samples are code addresses, so
 * only text symbols (T, W) are kept, which saves half the memory.
 */
#include "uperf.h"

/* perf gives the last symbol a page beyond its start. */
#define LAST_SYMBOL_SPAN 4096

enum binding { BIND_LOCAL, BIND_GLOBAL, BIND_WEAK };

struct uksym {
	uint64_t addr;
	uint32_t name; /* offset in names */
	uint8_t binding;
};

struct uksym_table {
	struct uksym *sym;
	size_t n, cap;
	struct uarena names;
};

/* Text symbols only: 't'/'T' and the weak 'w'/'W'. */
static int kallsyms_type(char type, uint8_t *binding)
{
	if (type == 'W' || type == 'w') {
		*binding = BIND_WEAK;
		return 1;
	}
	if (type == 'T' || type == 't') {
		*binding = type == 'T' ? BIND_GLOBAL : BIND_LOCAL;
		return 1;
	}
	return 0;
}

static int table_add(struct uksym_table *t, uint64_t addr, uint8_t binding,
		     const char *name, size_t len)
{
	struct uksym *sym = uperf_grow(t->sym, &t->cap, t->n, sizeof(*sym));
	long name_off;

	if (!sym)
		return -1;
	t->sym = sym;
	name_off = uarena_add(&t->names, name, len);
	if (name_off < 0)
		return -1;
	t->sym[t->n].addr = addr;
	t->sym[t->n].name = (uint32_t)name_off;
	t->sym[t->n].binding = binding;
	t->n++;
	return 0;
}

/* "ADDR TYPE NAME[\t[module]]"; 0 for a line that is not kept. */
static int table_add_line(struct uksym_table *t, const char *line)
{
	char *p;
	uint64_t addr = strtoull(line, &p, 16);
	uint8_t binding;
	size_t len = 0;

	/* Address 0: kptr_restrict hides them; nothing to resolve with. */
	if (p == line || *p != ' ' || !addr || !kallsyms_type(p[1], &binding))
		return 0;
	p += 3;
	while (p[len] && p[len] != ' ' && p[len] != '\t')
		len++;
	return len ? table_add(t, addr, binding, p, len) : 0;
}

static int by_addr(const void *a, const void *b)
{
	const struct uksym *x = a, *y = b;

	return x->addr < y->addr ? -1 : x->addr > y->addr;
}

static size_t leading_underscores(const char *s)
{
	size_t n = 0;

	while (s[n] == '_')
		n++;
	return n;
}

/* perf's choose_best_symbol() (lengths are all 0 in kallsyms): 1 if b
 * should replace a. */
static int better(const struct uksym_table *t, const struct uksym *a,
		  const struct uksym *b)
{
	const char *na = t->names.s + a->name, *nb = t->names.s + b->name;
	size_t ua = leading_underscores(na), ub = leading_underscores(nb);

	if ((a->binding == BIND_WEAK) != (b->binding == BIND_WEAK))
		return a->binding == BIND_WEAK;
	if ((a->binding == BIND_GLOBAL) != (b->binding == BIND_GLOBAL))
		return b->binding == BIND_GLOBAL;
	if (ua != ub)
		return ub < ua;
	return strlen(nb) > strlen(na);
}

/* One symbol per address, in place. */
static void table_dedup(struct uksym_table *t)
{
	size_t out = 0;

	for (size_t i = 0; i < t->n; i++) {
		if (out && t->sym[out - 1].addr == t->sym[i].addr) {
			if (better(t, &t->sym[out - 1], &t->sym[i]))
				t->sym[out - 1] = t->sym[i];
			continue;
		}
		t->sym[out++] = t->sym[i];
	}
	t->n = out;
}

struct uksym_table *uksym_load(void)
{
	struct uksym_table *t = calloc(1, sizeof(*t));
	FILE *f = fopen("/proc/kallsyms", "re");
	char line[1024]; /* a symbol name is at most KSYM_NAME_LEN, 512 */
	int err = 0;

	if (!t || !f) {
		if (f)
			fclose(f);
		uksym_free(t);
		return NULL;
	}
	/*
	 * nolibc's FILE is unbuffered: its fgets reads a byte per read(2),
	 * about 0.4 s of guest time over RV32's 0.5 MB of kallsyms. Buffered
	 * reads would belong in ulib (glibc's are already).
	 */
	while (!err && uperf_next_line(f, line, sizeof(line)))
		err = table_add_line(t, line);
	fclose(f);
	if (!err && t->n)
		err = uperf_sort(t->sym, t->n, sizeof(t->sym[0]), by_addr);
	if (err || !t->n) {
		uksym_free(t);
		return NULL;
	}
	table_dedup(t);
	return t;
}

const char *uksym_find(const struct uksym_table *t, uint64_t addr)
{
	size_t lo = 0, hi = t->n;

	if (!t->n || addr < t->sym[0].addr)
		return NULL;
	/* The last symbol at or below addr: sym[lo].addr <= addr. */
	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;

		if (t->sym[mid].addr <= addr)
			lo = mid;
		else
			hi = mid;
	}
	if (lo == t->n - 1 && addr - t->sym[lo].addr >= LAST_SYMBOL_SPAN)
		return NULL;
	return t->names.s + t->sym[lo].name;
}

void uksym_free(struct uksym_table *t)
{
	if (!t)
		return;
	free(t->sym);
	free(t->names.s);
	free(t);
}
