/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pmu-dt: shows what sbipmu makes of a device tree's `riscv,pmu` node,
 * using the firmware's own parser (binding/pmu_fdt.c) and map builder
 * (core/pmu_map.c): the rows as written, every diagnostic in compiler
 * style, then the event map the firmware would serve. Reads .dtb, or
 * .dts through dtc. `--generate N` writes a node of N valid rows for the
 * scaling benchmarks. Host tool; exits 0 (no errors), 1 (errors), 2
 * (unreadable input or bad usage).
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <libfdt.h>

#include "sbipmu/pmu_fdt.h"
#include "sbipmu/pmu_map.h"

#define PMU_DT_QEMU_COUNTERS 0x7fffdu /* QEMU virt: 0, 2, 3-18 */
#define PMU_DT_MAX_FILE	     (64u << 20)
#define PMU_DT_MAX_GENERATE  10000ul

enum pmu_dt_exit {
	PMU_DT_OK = 0,
	PMU_DT_ERRORS = 1,
	PMU_DT_UNREADABLE = 2,
};

struct pmu_dt_opts {
	const char *file;
	uint32_t counters;
	bool json;
	bool generate;
	unsigned long n_generate;
};

/* Diagnostics as collected, in the order they were reported. */
struct pmu_dt_diags {
	struct pmu_map_diag *d;
	size_t n;
	size_t cap;
};

static const char *const pmu_dt_general_names[SBI_PMU_HW_GENERAL_MAX] = {
	[SBI_PMU_HW_CPU_CYCLES] = "cycles",
	[SBI_PMU_HW_INSTRUCTIONS] = "instructions",
	[SBI_PMU_HW_CACHE_REFERENCES] = "cache references",
	[SBI_PMU_HW_CACHE_MISSES] = "cache misses",
	[SBI_PMU_HW_BRANCH_INSTRUCTIONS] = "branch instructions",
	[SBI_PMU_HW_BRANCH_MISSES] = "branch misses",
	[SBI_PMU_HW_BUS_CYCLES] = "bus cycles",
	[SBI_PMU_HW_STALLED_CYCLES_FRONTEND] = "stalled cycles frontend",
	[SBI_PMU_HW_STALLED_CYCLES_BACKEND] = "stalled cycles backend",
	[SBI_PMU_HW_REF_CPU_CYCLES] = "ref cpu cycles",
};

static const char *const pmu_dt_cache_names[SBI_PMU_HW_CACHE_MAX] = {
	"L1D", "L1I", "LL", "DTLB", "ITLB", "BPU", "NODE",
};

static const char *const pmu_dt_op_names[SBI_PMU_HW_CACHE_OP_MAX] = {
	"read",
	"write",
	"prefetch",
};

static const char *const pmu_dt_severity_names[] = {
	[PMU_DIAG_NOTE] = "note",
	[PMU_DIAG_WARNING] = "warning",
	[PMU_DIAG_ERROR] = "error",
};

static void pmu_dt_usage(FILE *out)
{
	fprintf(out,
		"usage: pmu-dt [--counters MASK] [--json] FILE\n"
		"       pmu-dt [--counters MASK] --generate N\n"
		"\n"
		"Check the riscv,pmu node of FILE (.dtb, or .dts compiled "
		"with\n"
		"dtc) the way the sbipmu firmware reads it: print its rows,\n"
		"every diagnostic, and the resulting event map.\n"
		"\n"
		"  --counters MASK  implemented counters, bit n = counter n\n"
		"                   (default 0x7fffd: QEMU virt, 0, 2, 3-18)\n"
		"  --json           machine-readable output\n"
		"  --generate N     print a DTS with a riscv,pmu node of N\n"
		"                   non-overlapping event-to-mhpmcounters "
		"rows\n"
		"                   (1-%lu; rows past the 52 standard events\n"
		"                   name unused general codes)\n"
		"  --help           this text\n"
		"\n"
		"Rows count from 0. Exit status: 0 no errors, 1 errors (or no\n"
		"riscv,pmu node), 2 unreadable input or bad usage.\n",
		PMU_DT_MAX_GENERATE);
}

/* ---- names and formatting ---- */

/* Name of a standard event (the spec's, in words), or NULL. */
static const char *pmu_dt_event_name(uint32_t event_idx, char *buf, size_t size)
{
	uint32_t type = event_idx >> SBI_PMU_EVENT_TYPE_SHIFT;
	uint32_t code = event_idx & SBI_PMU_EVENT_CODE_MASK;

	if (type == SBI_PMU_EVENT_TYPE_HW && code < SBI_PMU_HW_GENERAL_MAX)
		return pmu_dt_general_names[code];
	if (type != SBI_PMU_EVENT_TYPE_HW_CACHE ||
	    code >= SBI_PMU_HW_CACHE_CODE_COUNT ||
	    ((code >> 1) & 3) == SBI_PMU_HW_CACHE_OP_MAX)
		return NULL;
	snprintf(buf, size, "%s %s %s", pmu_dt_cache_names[code >> 3],
		 pmu_dt_op_names[(code >> 1) & 3],
		 (code & 1) ? "miss" : "access");
	return buf;
}

/* The fixed counter (0 or 2) that counts @event_idx, as a bit; or 0. */
static uint32_t pmu_dt_fixed_counter(uint32_t event_idx)
{
	if (event_idx == SBI_PMU_HW_CPU_CYCLES)
		return 1u << PMU_CTR_CYCLE;
	if (event_idx == SBI_PMU_HW_INSTRUCTIONS)
		return 1u << PMU_CTR_INSTRET;
	return 0;
}

/* "0,3-18": counter numbers of @bits, runs joined. */
static void pmu_dt_counter_list(uint32_t bits, char *buf, size_t size)
{
	size_t used = 0;

	buf[0] = '\0';
	for (unsigned int n = 0; n < 32; n++) {
		unsigned int end = n;

		if (!(bits & (1u << n)))
			continue;
		while (end + 1 < 32 && (bits & (1u << (end + 1))))
			end++;
		used += (size_t)snprintf(buf + used, size - used,
					 end > n ? "%s%u-%u" : "%s%u",
					 used ? "," : "", n, end);
		if (used >= size)
			return;
		n = end;
	}
	if (!used)
		snprintf(buf, size, "none");
}

/* @s as a JSON string body. */
static void pmu_dt_json_string(const char *s)
{
	putchar('"');
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			printf("\\%c", c);
		else if (c < 0x20)
			printf("\\u%04x", c);
		else
			putchar(c);
	}
	putchar('"');
}

static void pmu_dt_json_counters(uint32_t bits)
{
	const char *sep = "";

	putchar('[');
	for (unsigned int n = 0; n < 32; n++) {
		if (bits & (1u << n)) {
			printf("%s%u", sep, n);
			sep = ", ";
		}
	}
	putchar(']');
}

/* ---- input ---- */

/* Read all of @f into a malloc'd buffer; false if too big or on error. */
static bool pmu_dt_slurp(FILE *f, void **data, size_t *size)
{
	size_t cap = 1 << 16;
	size_t n = 0;
	char *buf = malloc(cap);

	while (buf) {
		n += fread(buf + n, 1, cap - n, f);
		if (n < cap)
			break;
		if (cap >= PMU_DT_MAX_FILE) {
			free(buf);
			return false;
		}
		cap *= 2;
		char *bigger = realloc(buf, cap);
		if (!bigger)
			free(buf);
		buf = bigger;
	}
	if (!buf || ferror(f)) {
		free(buf);
		return false;
	}
	*data = buf;
	*size = n;
	return true;
}

/* Compile a .dts with dtc, reading the blob from a pipe. */
static bool pmu_dt_run_dtc(const char *path, void **data, size_t *size)
{
	int fds[2];
	int status;
	pid_t pid;
	FILE *f;
	bool ok;

	if (pipe(fds) != 0)
		return false;
	pid = fork();
	if (pid < 0) {
		close(fds[0]);
		close(fds[1]);
		return false;
	}
	if (pid == 0) {
		dup2(fds[1], STDOUT_FILENO);
		close(fds[0]);
		close(fds[1]);
		execlp("dtc", "dtc", "-q", "-I", "dts", "-O", "dtb", "-o", "-",
		       path, (char *)NULL);
		_exit(127);
	}
	close(fds[1]);
	f = fdopen(fds[0], "rb");
	ok = f && pmu_dt_slurp(f, data, size);
	if (f)
		fclose(f);
	else
		close(fds[0]);
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
	    WEXITSTATUS(status) != 0) {
		if (ok)
			free(*data);
		return false;
	}
	return ok;
}

static bool pmu_dt_load(const char *path, void **data, size_t *size)
{
	size_t len = strlen(path);
	FILE *f;
	bool ok;

	if (len > 4 && strcmp(path + len - 4, ".dts") == 0)
		return pmu_dt_run_dtc(path, data, size);
	f = fopen(path, "rb");
	if (!f)
		return false;
	ok = pmu_dt_slurp(f, data, size);
	fclose(f);
	return ok;
}

/* libfdt trusts totalsize: it must fit in what was read. */
static bool pmu_dt_blob_ok(const void *fdt, size_t size)
{
	return size >= sizeof(struct fdt_header) &&
	       fdt_check_header(fdt) == 0 && fdt_totalsize(fdt) <= size;
}

/* ---- diagnostics ---- */

static void pmu_dt_collect(void *ctx, const struct pmu_map_diag *d)
{
	struct pmu_dt_diags *all = ctx;

	if (all->n == all->cap) {
		size_t cap = all->cap ? all->cap * 2 : 16;
		struct pmu_map_diag *more =
			realloc(all->d, cap * sizeof(*more));

		if (!more) {
			fprintf(stderr, "pmu-dt: out of memory\n");
			exit(PMU_DT_UNREADABLE);
		}
		all->d = more;
		all->cap = cap;
	}
	all->d[all->n++] = *d;
}

/*
 * Parser and builder report separately; show the diagnostics by property
 * and row (-1, the whole property, first). Insertion sort: stable, and
 * the list is short.
 */
static void pmu_dt_sort_diags(struct pmu_dt_diags *all)
{
	for (size_t i = 1; i < all->n; i++) {
		struct pmu_map_diag d = all->d[i];
		size_t j = i;

		while (j > 0 && (all->d[j - 1].prop > d.prop ||
				 (all->d[j - 1].prop == d.prop &&
				  all->d[j - 1].row > d.row))) {
			all->d[j] = all->d[j - 1];
			j--;
		}
		all->d[j] = d;
	}
}

static void pmu_dt_print_diag(const char *file, const struct pmu_map_diag *d)
{
	printf("%s: %s", file, pmu_map_prop_name(d->prop));
	if (d->row >= 0)
		printf(" row %ld", d->row);
	printf(": %s: %s\n", pmu_dt_severity_names[d->severity], d->reason);
}

static bool pmu_dt_has_errors(const struct pmu_dt_diags *all)
{
	for (size_t i = 0; i < all->n; i++) {
		if (all->d[i].severity == PMU_DIAG_ERROR)
			return true;
	}
	return false;
}

/* ---- text output ---- */

static void pmu_dt_print_row(const struct pmu_map_input *in,
			     enum pmu_map_prop p, size_t i)
{
	printf("  row %zu: ", i);
	if (p == PMU_PROP_EVENT_TO_MHPMEVENT)
		printf("event 0x%05" PRIx32 " selector 0x%" PRIx64 "\n",
		       in->sel[i].event_idx, in->sel[i].selector);
	else if (p == PMU_PROP_EVENT_TO_MHPMCOUNTERS)
		printf("events 0x%05" PRIx32 "-0x%05" PRIx32
		       " counters 0x%08" PRIx32 "\n",
		       in->ctr[i].first, in->ctr[i].last, in->ctr[i].counters);
	else
		printf("match 0x%016" PRIx64 " mask 0x%016" PRIx64
		       " counters 0x%08" PRIx32 "\n",
		       in->raw[i].match, in->raw[i].mask, in->raw[i].counters);
}

static size_t pmu_dt_n_rows(const struct pmu_map_input *in, enum pmu_map_prop p)
{
	if (p == PMU_PROP_EVENT_TO_MHPMEVENT)
		return in->n_sel;
	if (p == PMU_PROP_EVENT_TO_MHPMCOUNTERS)
		return in->n_ctr;
	return in->n_raw;
}

/* The rows as read, before the map builder sanitises raw rows. */
static void pmu_dt_print_rows(const struct pmu_map_input *in)
{
	for (unsigned int p = 0; p < PMU_PROP_COUNT; p++) {
		size_t n = pmu_dt_n_rows(in, p);

		printf("%s: ", pmu_map_prop_name(p));
		if (!in->present[p]) {
			printf("absent\n");
			continue;
		}
		printf("%zu whole row%s\n", n, n == 1 ? "" : "s");
		for (size_t i = 0; i < n; i++)
			pmu_dt_print_row(in, p, i);
	}
}

/* Calls @fn for every standard event the map offers, in event order. */
static void pmu_dt_for_each_event(const struct pmu_map *map,
				  void (*fn)(uint32_t event_idx,
					     const struct pmu_map_entry *e,
					     void *ctx),
				  void *ctx)
{
	const uint32_t cache = (uint32_t)SBI_PMU_EVENT_TYPE_HW_CACHE
			       << SBI_PMU_EVENT_TYPE_SHIFT;

	for (uint32_t code = 0; code < SBI_PMU_HW_GENERAL_MAX; code++) {
		const struct pmu_map_entry *e = pmu_map_lookup(map, code);

		if (e)
			fn(code, e, ctx);
	}
	for (uint32_t code = 0; code < SBI_PMU_HW_CACHE_CODE_COUNT; code++) {
		const struct pmu_map_entry *e =
			pmu_map_lookup(map, cache | code);

		if (e)
			fn(cache | code, e, ctx);
	}
}

static void pmu_dt_print_event(uint32_t event_idx,
			       const struct pmu_map_entry *e, void *ctx)
{
	char name[48], list[96];

	(void)ctx;
	pmu_dt_counter_list(e->counters, list, sizeof(list));
	printf("  0x%05" PRIx32 " %-24s counters %-12s selector ", event_idx,
	       pmu_dt_event_name(event_idx, name, sizeof(name)), list);
	if (e->selector)
		printf("0x%" PRIx64 "\n", e->selector);
	else
		printf("none (fixed counter)\n");
}

static void pmu_dt_print_map(const struct pmu_map *map, uint32_t counters)
{
	char list[96];

	pmu_dt_counter_list(counters, list, sizeof(list));
	printf("\nmap for counters 0x%" PRIx32 " (%s): %u error%s, "
	       "%u warning%s, selectors from %s\n",
	       counters, list, map->n_errors, map->n_errors == 1 ? "" : "s",
	       map->n_warnings, map->n_warnings == 1 ? "" : "s",
	       map->has_selectors ? "riscv,event-to-mhpmevent"
				  : "event_idx (generic platform)");
	pmu_dt_for_each_event(map, pmu_dt_print_event, NULL);
	printf("raw rows, first match wins:%s\n", map->n_raw ? "" : " none");
	for (size_t i = 0; i < map->n_raw; i++) {
		const struct pmu_map_raw_row *r = &map->raw[i];

		pmu_dt_counter_list(r->counters, list, sizeof(list));
		printf("  row %zu: (data & 0x%016" PRIx64 ") == 0x%016" PRIx64
		       " -> counters %s%s\n",
		       i, r->mask, r->match, list,
		       r->counters ? "" : " (dropped)");
	}
}

/* ---- JSON output ---- */

static void pmu_dt_json_rows(const struct pmu_map_input *in)
{
	printf("  \"rows\": {\n");
	printf("    \"riscv,event-to-mhpmevent\": ");
	if (!in->present[PMU_PROP_EVENT_TO_MHPMEVENT])
		printf("null");
	else
		printf("%zu", in->n_sel);
	printf(",\n    \"riscv,event-to-mhpmcounters\": ");
	if (!in->present[PMU_PROP_EVENT_TO_MHPMCOUNTERS])
		printf("null");
	else
		printf("%zu", in->n_ctr);
	printf(",\n    \"riscv,raw-event-to-mhpmcounters\": ");
	if (!in->present[PMU_PROP_RAW_EVENT_TO_MHPMCOUNTERS])
		printf("null");
	else
		printf("%zu", in->n_raw);
	printf("\n  },\n");
}

static void pmu_dt_json_diags(const struct pmu_dt_diags *all)
{
	printf("  \"diagnostics\": [");
	for (size_t i = 0; i < all->n; i++) {
		const struct pmu_map_diag *d = &all->d[i];

		printf("%s\n    {\"property\": \"%s\", \"row\": %ld, "
		       "\"severity\": \"%s\", \"reason\": ",
		       i ? "," : "", pmu_map_prop_name(d->prop), d->row,
		       pmu_dt_severity_names[d->severity]);
		pmu_dt_json_string(d->reason);
		printf("}");
	}
	printf("%s],\n", all->n ? "\n  " : "");
}

static void pmu_dt_json_event(uint32_t event_idx, const struct pmu_map_entry *e,
			      void *ctx)
{
	bool *first = ctx;
	char name[48];

	printf("%s\n      {\"event_idx\": \"0x%" PRIx32 "\", \"name\": \"%s\", "
	       "\"counters\": ",
	       *first ? "" : ",", event_idx,
	       pmu_dt_event_name(event_idx, name, sizeof(name)));
	pmu_dt_json_counters(e->counters);
	printf(", \"selector\": \"0x%" PRIx64 "\"}", e->selector);
	*first = false;
}

static void pmu_dt_json_map(const struct pmu_map *map)
{
	bool first = true;

	printf("  \"map\": {\n    \"has_selectors\": %s,\n"
	       "    \"errors\": %u,\n    \"warnings\": %u,\n    \"events\": [",
	       map->has_selectors ? "true" : "false", map->n_errors,
	       map->n_warnings);
	pmu_dt_for_each_event(map, pmu_dt_json_event, &first);
	printf("%s],\n    \"raw\": [", first ? "" : "\n    ");
	for (size_t i = 0; i < map->n_raw; i++) {
		const struct pmu_map_raw_row *r = &map->raw[i];

		printf("%s\n      {\"match\": \"0x%" PRIx64
		       "\", \"mask\": \"0x%" PRIx64 "\", \"counters\": ",
		       i ? "," : "", r->match, r->mask);
		pmu_dt_json_counters(r->counters);
		printf("}");
	}
	printf("%s]\n  },\n", map->n_raw ? "\n    " : "");
}

/* ---- checking a file ---- */

/* The parts of one check, gathered for the two output formats. */
struct pmu_dt_result {
	const char *file;
	char path[256];
	uint32_t counters;
	struct pmu_map_input in;
	struct pmu_map map;
	struct pmu_dt_diags diags;
	bool node_found;
	int parse_err;
};

/* Failures before the map: no node, or a tree libfdt cannot read. */
static void pmu_dt_print_failure(const struct pmu_dt_result *r, bool json)
{
	const char *why = r->node_found
				  ? fdt_strerror(r->parse_err)
				  : "no node compatible with \"riscv,pmu\"";

	if (!json) {
		printf("%s: error: %s\n", r->file, why);
		return;
	}
	printf("{\n  \"file\": ");
	pmu_dt_json_string(r->file);
	printf(",\n  \"node\": null,\n  \"error\": ");
	pmu_dt_json_string(why);
	printf(",\n  \"status\": \"errors\"\n}\n");
}

static void pmu_dt_print_json(const struct pmu_dt_result *r, bool errors)
{
	printf("{\n  \"file\": ");
	pmu_dt_json_string(r->file);
	printf(",\n  \"node\": ");
	pmu_dt_json_string(r->path);
	printf(",\n  \"counter_mask\": \"0x%" PRIx32 "\",\n", r->counters);
	pmu_dt_json_rows(&r->in);
	pmu_dt_json_diags(&r->diags);
	pmu_dt_json_map(&r->map);
	printf("  \"status\": \"%s\"\n}\n", errors ? "errors" : "ok");
}

static void pmu_dt_print_diags(const struct pmu_dt_result *r)
{
	if (r->diags.n)
		putchar('\n');
	for (size_t i = 0; i < r->diags.n; i++)
		pmu_dt_print_diag(r->file, &r->diags.d[i]);
}

/*
 * Parse and build as the firmware does. Text output shows the rows
 * before the build, which sanitises raw rows in place.
 */
static void pmu_dt_analyse(struct pmu_dt_result *r, const void *fdt, bool json,
			   void **storage)
{
	int node = pmu_fdt_find_node(fdt);
	size_t size;

	r->node_found = node >= 0;
	if (!r->node_found)
		return;
	if (fdt_get_path(fdt, node, r->path, sizeof(r->path)) != 0)
		snprintf(r->path, sizeof(r->path), "(offset %d)", node);
	/* 8-byte alignment: malloc's is at least that. */
	size = pmu_fdt_rows_size(fdt, node);
	*storage = malloc(size ? size : 1);
	if (!*storage) {
		r->parse_err = -FDT_ERR_NOSPACE;
		return;
	}
	r->parse_err = pmu_fdt_parse(fdt, node, *storage, size, &r->in,
				     pmu_dt_collect, &r->diags);
	if (r->parse_err)
		return;
	if (!json) {
		printf("%s: node %s\n", r->file, r->path);
		pmu_dt_print_rows(&r->in);
	}
	pmu_map_build(&r->map, r->counters, &r->in, pmu_dt_collect, &r->diags);
}

static int pmu_dt_check(const struct pmu_dt_opts *o)
{
	struct pmu_dt_result r = {.file = o->file, .counters = o->counters};
	void *fdt = NULL, *storage = NULL;
	size_t size = 0;
	bool errors;

	errno = 0; /* dtc failing leaves none; it prints its own error */
	if (!pmu_dt_load(o->file, &fdt, &size)) {
		fprintf(stderr, "pmu-dt: %s: cannot read%s%s\n", o->file,
			errno ? ": " : "", errno ? strerror(errno) : "");
		return PMU_DT_UNREADABLE;
	}
	if (!pmu_dt_blob_ok(fdt, size)) {
		fprintf(stderr, "pmu-dt: %s: not a valid device tree blob\n",
			o->file);
		free(fdt);
		return PMU_DT_UNREADABLE;
	}
	pmu_dt_analyse(&r, fdt, o->json, &storage);
	pmu_dt_sort_diags(&r.diags);
	errors = !r.node_found || r.parse_err || pmu_dt_has_errors(&r.diags);
	if (!r.node_found || r.parse_err) {
		pmu_dt_print_failure(&r, o->json);
	} else if (o->json) {
		pmu_dt_print_json(&r, errors);
	} else {
		pmu_dt_print_diags(&r);
		pmu_dt_print_map(&r.map, r.counters);
	}
	free(r.diags.d);
	free(storage);
	free(fdt);
	return errors ? PMU_DT_ERRORS : PMU_DT_OK;
}

/* ---- --generate ---- */

/*
 * Event of generated row @i: the 52 standard events first (general, then
 * cache codes without op 3), then unused general codes from 11 upwards,
 * so that any N up to the limit gives distinct single-event rows.
 */
static uint32_t pmu_dt_generated_event(unsigned long i)
{
	const uint32_t cache = (uint32_t)SBI_PMU_EVENT_TYPE_HW_CACHE
			       << SBI_PMU_EVENT_TYPE_SHIFT;
	const unsigned long n_general = SBI_PMU_HW_GENERAL_MAX - 1;
	const unsigned long n_cache =
		SBI_PMU_HW_CACHE_MAX * SBI_PMU_HW_CACHE_OP_MAX * 2;

	if (i < n_general)
		return (uint32_t)(i + 1);
	i -= n_general;
	if (i < n_cache) {
		/* Six codes per cache: ops 0-2 times access/miss, op 3 unused.
		 */
		return cache | (uint32_t)((i / 6) << 3 | (i % 6));
	}
	return (uint32_t)(SBI_PMU_HW_GENERAL_MAX + i - n_cache);
}

static int pmu_dt_generate(unsigned long n, uint32_t mask)
{
	uint32_t hpm = mask & ~0x7u;

	printf("/dts-v1/;\n\n/* %lu riscv,event-to-mhpmcounters rows, "
	       "made by pmu-dt --generate */\n/ {\n\tpmu {\n"
	       "\t\tcompatible = \"riscv,pmu\";\n"
	       "\t\triscv,event-to-mhpmcounters =",
	       n);
	for (unsigned long i = 0; i < n; i++) {
		uint32_t ev = pmu_dt_generated_event(i);
		uint32_t ctr = hpm | (mask & pmu_dt_fixed_counter(ev));

		printf("%s\n\t\t\t<0x%05" PRIx32 " 0x%05" PRIx32 " 0x%" PRIx32
		       ">",
		       i ? "," : "", ev, ev, ctr);
	}
	printf(";\n\t};\n};\n");
	return PMU_DT_OK;
}

/* ---- command line ---- */

static bool pmu_dt_number(const char *s, unsigned long max, unsigned long *v)
{
	char *end;

	errno = 0;
	*v = strtoul(s, &end, 0);
	return *s && *s != '-' && !*end && !errno && *v <= max;
}

/* Returns -1 to go on, else the exit status. */
static int pmu_dt_parse_args(int argc, char **argv, struct pmu_dt_opts *o)
{
	unsigned long v;

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		bool has_value = i + 1 < argc;

		if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
			pmu_dt_usage(stdout);
			return PMU_DT_OK;
		} else if (strcmp(a, "--json") == 0) {
			o->json = true;
		} else if (strcmp(a, "--counters") == 0 && has_value &&
			   pmu_dt_number(argv[++i], UINT32_MAX, &v)) {
			o->counters = (uint32_t)v;
		} else if (strcmp(a, "--generate") == 0 && has_value &&
			   pmu_dt_number(argv[++i], PMU_DT_MAX_GENERATE, &v) &&
			   v > 0) {
			o->generate = true;
			o->n_generate = v;
		} else if (a[0] != '-' && !o->file) {
			o->file = a;
		} else {
			fprintf(stderr, "pmu-dt: bad argument '%s'\n", a);
			return PMU_DT_UNREADABLE;
		}
	}
	return -1;
}

int main(int argc, char **argv)
{
	struct pmu_dt_opts o = {.counters = PMU_DT_QEMU_COUNTERS};
	int status = pmu_dt_parse_args(argc, argv, &o);

	if (status >= 0)
		return status;
	if (o.generate && !o.file && !o.json)
		return pmu_dt_generate(o.n_generate, o.counters);
	if (o.generate || !o.file) {
		pmu_dt_usage(stderr);
		return PMU_DT_UNREADABLE;
	}
	return pmu_dt_check(&o);
}
