/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * perf report --stdio on uperf's data file (uperf-record.c): the samples
 * as a histogram over (command, shared object, symbol), sorted by their
 * share of the total period, in perf 6.12's layout (the "# Overhead
 * Command Shared Object Symbol" header, then "NN.NN%" lines). Kernel
 * addresses resolve through /proc/kallsyms and show as
 * "[kernel.kallsyms]" and "[k] symbol"; user addresses show the file of
 * the executable mapping they fall in and their offset in it,
 * "[.] 0x...", which is what the guest's perf prints too (it is built
 * without libelf, so it reads no user symbols either); addresses in no
 * known mapping show as "[unknown]". Ties sort as perf sorts them: by
 * command, object, then symbol name.
 */
#include "uperf.h"

#define KERNEL_DSO  "[kernel.kallsyms]"
#define UNKNOWN_DSO "[unknown]"
/* perf prints unresolved addresses with BITS_PER_LONG / 4 digits. */
#define ADDR_DIGITS ((int)sizeof(long) * 2)

struct rsample {
	uint64_t ip, period;
	uint32_t pid, tid;
	uint8_t mode; /* PERF_RECORD_MISC_CPUMODE_* */
};

struct rmap {
	uint64_t start, len, pgoff;
	uint32_t pid;
	uint32_t dso; /* the file's base name, in the string arena */
};

struct rcomm {
	uint32_t pid, tid;
	uint32_t name; /* in the string arena */
};

/* One histogram line: its key and the period it collected. */
struct rentry {
	uint32_t comm_off, dso_off; /* while strings are still added */
	const char *comm, *dso;
	const char *sym; /* NULL: unresolved, shown as addr */
	uint64_t addr;
	char level; /* perf's 'k' kernel, '.' user, ... */
	uint64_t period;
};

struct report {
	const char *input;
	double min_percent;
	char event[UPERF_NAME_MAX];
	uint64_t lost, total_period;
	struct rsample *s;
	size_t ns, cap_s;
	struct rmap *m;
	size_t nm, cap_m;
	struct rcomm *c;
	size_t nc, cap_c;
	struct rentry *e;
	size_t ne;
	struct uarena str; /* names referred to by offset */
	struct uksym_table *ksym;
};

enum { REP_INPUT, REP_STDIO, REP_LIMIT };

static const struct uopt report_opts[] = {
	[REP_INPUT] = {'i', "input", 1},
	[REP_STDIO] = {0, "stdio", 0},
	[REP_LIMIT] = {0, "percent-limit", 1},
};

static void report_usage(void)
{
	uperf_say(2, "\n Usage: perf report [-i FILE] [--stdio] "
		     "[--percent-limit PCT]\n"
		     "    (uperf: the part of perf report that guest/init.c "
		     "uses)\n");
}

static int report_options(struct report *r, int argc, char **argv)
{
	struct uopt_iter it;
	const char *value;
	int k;

	r->input = "perf.data";
	uopt_start(&it, argc, argv);
	while ((k = uopt_next(&it, report_opts, UPERF_ARRAY_SIZE(report_opts),
			      &value)) >= 0) {
		if (k == REP_INPUT)
			r->input = value;
		if (k == REP_LIMIT &&
		    uperf_parse_decimal(value, &r->min_percent)) {
			uperf_say(2, "  Error: bad percent '%s'\n", value);
			return -1;
		}
	}
	if (k == UOPT_ERROR || it.i < argc) {
		if (k != UOPT_ERROR)
			uperf_say(2, "  Error: unexpected '%s'\n", argv[it.i]);
		return -1;
	}
	return 0;
}

/* Copies s (len bytes) into the report's arena; its offset, or -1. */
static long intern(struct report *r, const char *s, size_t len)
{
	return uarena_add(&r->str, s, len);
}

static uint64_t field(char **p)
{
	uint64_t v = strtoull(*p, p, 0);

	while (**p == ' ')
		(*p)++;
	return v;
}

/* "sample MODE PID TID IP PERIOD" */
static int parse_sample(struct report *r, char *p)
{
	struct rsample *s = uperf_grow(r->s, &r->cap_s, r->ns, sizeof(*s));

	if (!s)
		return -1;
	r->s = s;
	s += r->ns++;
	s->mode = (uint8_t)field(&p);
	s->pid = (uint32_t)field(&p);
	s->tid = (uint32_t)field(&p);
	s->ip = field(&p);
	s->period = field(&p);
	r->total_period += s->period;
	return 0;
}

/* "mmap PID START LEN PGOFF FILE": FILE is kept by its base name. */
static int parse_mmap(struct report *r, char *p)
{
	struct rmap *m = uperf_grow(r->m, &r->cap_m, r->nm, sizeof(*m));
	char *slash;
	long off;

	if (!m)
		return -1;
	r->m = m;
	m += r->nm;
	m->pid = (uint32_t)field(&p);
	field(&p); /* tid: the mapping belongs to the process */
	m->start = field(&p);
	m->len = field(&p);
	m->pgoff = field(&p);
	slash = strrchr(p, '/');
	p = slash ? slash + 1 : p;
	off = intern(r, p, strlen(p));
	if (off < 0)
		return -1;
	m->dso = (uint32_t)off;
	r->nm++;
	return 0;
}

/* "comm PID TID NAME" */
static int parse_comm(struct report *r, char *p)
{
	struct rcomm *c = uperf_grow(r->c, &r->cap_c, r->nc, sizeof(*c));
	long off;

	if (!c)
		return -1;
	r->c = c;
	c += r->nc;
	c->pid = (uint32_t)field(&p);
	c->tid = (uint32_t)field(&p);
	off = intern(r, p, strlen(p));
	if (off < 0)
		return -1;
	c->name = (uint32_t)off;
	r->nc++;
	return 0;
}

static int parse_line(struct report *r, char *line)
{
	char *sp = strchr(line, ' ');

	if (!sp)
		return 0;
	*sp++ = '\0';
	if (!strcmp(line, "sample"))
		return parse_sample(r, sp);
	if (!strcmp(line, "mmap"))
		return parse_mmap(r, sp);
	if (!strcmp(line, "comm"))
		return parse_comm(r, sp);
	if (!strcmp(line, "lost"))
		r->lost += field(&sp);
	else if (!strcmp(line, "event") && strlen(sp) < sizeof(r->event))
		strcpy(r->event, sp);
	return 0; /* period, count, ...: not needed for the report */
}

/* Reads the data file; an exit code if it cannot, else 0. */
static int report_read(struct report *r)
{
	static char line[UPERF_DATA_LINE_MAX + 1]; /* and its NUL */
	FILE *f = fopen(r->input, "re");
	int err = 0;

	if (!f) {
		uperf_say(2, "failed to open %s: %s\n", r->input,
			  strerror(errno));
		return UPERF_EXIT_FAIL;
	}
	if (!uperf_next_line(f, line, sizeof(line))) {
		uperf_say(2, "zero-sized data (%s), nothing to do!\n",
			  r->input);
		err = 1;
	} else if (strcmp(line, "uperf-data 1")) {
		uperf_say(2, "%s: not a uperf data file\n", r->input);
		err = 1;
	}
	if (err) {
		fclose(f);
		return UPERF_EXIT_FAIL;
	}
	while (!err && uperf_next_line(f, line, sizeof(line)))
		err = parse_line(r, line);
	fclose(f);
	if (err)
		uperf_say(2, "uperf report: out of memory\n");
	return err ? UPERF_EXIT_FAIL : 0;
}

/* The command name of a thread: its own, else its process's. */
static long comm_of(struct report *r, const struct rsample *s)
{
	char name[16];
	int len;

	for (size_t i = r->nc; i-- > 0;)
		if (r->c[i].tid == s->tid)
			return r->c[i].name;
	for (size_t i = r->nc; i-- > 0;)
		if (r->c[i].pid == s->pid)
			return r->c[i].name;
	/* perf's name for a thread it saw no COMM of. */
	len = snprintf(name, sizeof(name), ":%u", s->pid);
	return intern(r, name, (size_t)len);
}

/* The latest executable mapping of the process that holds ip. */
static const struct rmap *map_of(const struct report *r,
				 const struct rsample *s)
{
	for (size_t i = r->nm; i-- > 0;) {
		const struct rmap *m = &r->m[i];

		if (m->pid == s->pid && s->ip >= m->start &&
		    s->ip - m->start < m->len)
			return m;
	}
	return NULL;
}

/* perf's level letter for a sample's CPU mode. */
static char level_of(uint8_t mode)
{
	switch (mode) {
	case PERF_RECORD_MISC_KERNEL:
		return 'k';
	case PERF_RECORD_MISC_USER:
		return '.';
	case PERF_RECORD_MISC_HYPERVISOR:
		return 'H';
	case PERF_RECORD_MISC_GUEST_KERNEL:
		return 'g';
	case PERF_RECORD_MISC_GUEST_USER:
		return 'u';
	default:
		return '?';
	}
}

/* A sample's histogram key (strings still as arena offsets). */
static int entry_of(struct report *r, const struct rsample *s, long kernel,
		    long unknown, struct rentry *e)
{
	const struct rmap *m = NULL;
	long comm = comm_of(r, s);

	memset(e, 0, sizeof(*e));
	e->level = level_of(s->mode);
	e->addr = s->ip;
	e->period = s->period;
	e->dso_off = (uint32_t)unknown;
	if (e->level == 'k') {
		e->dso_off = (uint32_t)kernel;
		e->sym = r->ksym ? uksym_find(r->ksym, s->ip) : NULL;
	} else if (e->level == '.' && (m = map_of(r, s))) {
		e->dso_off = m->dso;
		e->addr = s->ip - m->start + m->pgoff;
	}
	e->comm_off = (uint32_t)comm;
	return comm < 0 ? -1 : 0;
}

static int cmp_str(const char *a, const char *b)
{
	if (!a || !b)
		return (a != NULL) - (b != NULL);
	return strcmp(a, b);
}

/* The key order: command, object, level, symbol name or address. */
static int entry_key_cmp(const void *pa, const void *pb)
{
	const struct rentry *a = pa, *b = pb;
	int c = strcmp(a->comm, b->comm);

	if (!c)
		c = strcmp(a->dso, b->dso);
	if (!c)
		c = a->level - b->level;
	if (!c)
		c = cmp_str(a->sym, b->sym);
	if (!c && !a->sym)
		c = a->addr < b->addr ? -1 : a->addr > b->addr;
	return c;
}

/* The output order: the larger share first, then the key's order. */
static int entry_out_cmp(const void *pa, const void *pb)
{
	const struct rentry *a = pa, *b = pb;

	if (a->period != b->period)
		return a->period > b->period ? -1 : 1;
	return entry_key_cmp(pa, pb);
}

/* Sums the entries of equal keys (sorted), in place. */
static void entries_merge(struct report *r)
{
	size_t out = 0;

	for (size_t i = 0; i < r->ne; i++) {
		if (out && !entry_key_cmp(&r->e[out - 1], &r->e[i]))
			r->e[out - 1].period += r->e[i].period;
		else
			r->e[out++] = r->e[i];
	}
	r->ne = out;
}

/* The histogram: one entry per sample, sorted, merged, re-sorted. */
static int report_histogram(struct report *r)
{
	long kernel = intern(r, KERNEL_DSO, strlen(KERNEL_DSO));
	long unknown = intern(r, UNKNOWN_DSO, strlen(UNKNOWN_DSO));

	r->e = calloc(r->ns ? r->ns : 1, sizeof(*r->e));
	if (!r->e || kernel < 0 || unknown < 0)
		return -1;
	for (size_t i = 0; i < r->ns; i++)
		if (entry_of(r, &r->s[i], kernel, unknown, &r->e[i]))
			return -1;
	r->ne = r->ns;
	/* The arena is complete: offsets can become pointers. */
	for (size_t i = 0; i < r->ne; i++) {
		r->e[i].comm = r->str.s + r->e[i].comm_off;
		r->e[i].dso = r->str.s + r->e[i].dso_off;
	}
	if (uperf_sort(r->e, r->ne, sizeof(*r->e), entry_key_cmp))
		return -1;
	entries_merge(r);
	return uperf_sort(r->e, r->ne, sizeof(*r->e), entry_out_cmp);
}

struct widths {
	int comm, dso, sym;
};

/* perf's hists__calc_col_len() over every entry, shown or not. */
static void report_widths(const struct report *r, struct widths *w)
{
	w->comm = (int)strlen("Command");
	w->dso = (int)strlen("Shared Object");
	w->sym = (int)strlen("Symbol");
	for (size_t i = 0; i < r->ne; i++) {
		const struct rentry *e = &r->e[i];
		int sym = e->sym ? (int)strlen(e->sym) + 4 : ADDR_DIGITS + 6;

		w->comm = (int)strlen(e->comm) > w->comm ? (int)strlen(e->comm)
							 : w->comm;
		w->dso = (int)strlen(e->dso) > w->dso ? (int)strlen(e->dso)
						      : w->dso;
		/* An unresolved address widens the object column too. */
		if (!e->sym && w->dso < ADDR_DIGITS)
			w->dso = ADDR_DIGITS;
		w->sym = sym > w->sym ? sym : w->sym;
	}
}

/* "# Samples: 2K of event 'cycles'": perf's convert_unit(). */
static void print_preamble(const struct report *r)
{
	static const char units[] = " KMG";
	double samples = (double)r->ns;
	int u = 0;

	while (u < 3 && samples > 1000.0) {
		samples /= 1000.0;
		u++;
	}
	uperf_say(1,
		  "# uperf data file %s (no --header in uperf)\n#\n#\n"
		  "# Total Lost Samples: %" PRIu64 "\n#\n"
		  "# Samples: %" PRIu64 "%c of event '%s'\n"
		  "# Event count (approx.): %" PRIu64 "\n#\n",
		  r->input, r->lost, (uint64_t)samples, units[u], r->event,
		  r->total_period);
}

/* The column headers, each underlined with dots across its width. */
static void print_columns(const struct widths *w)
{
	int most = w->comm > w->dso ? w->comm : w->dso;
	char *dots;

	most = w->sym > most ? w->sym : most;
	dots = malloc((size_t)most);
	if (!dots)
		return;
	memset(dots, '.', (size_t)most);
	uperf_say(1,
		  "# Overhead  %-*s  %-*s  %-*s\n"
		  "# ........  %.*s  %.*s  %.*s\n#\n",
		  w->comm, "Command", w->dso, "Shared Object", w->sym, "Symbol",
		  w->comm, dots, w->dso, dots, w->sym, dots);
	free(dots);
}

static void print_entry(const struct rentry *e, double percent,
			const struct widths *w)
{
	char addr[32];

	if (!e->sym)
		snprintf(addr, sizeof(addr), "0x%0*" PRIx64, ADDR_DIGITS,
			 e->addr);
	uperf_say(1, "  %7.2f%%  %-*s  %-*s  [%c] %s\n", percent, w->comm,
		  e->comm, w->dso, e->dso, e->level, e->sym ? e->sym : addr);
}

static void report_print(const struct report *r)
{
	struct widths w;

	report_widths(r, &w);
	print_preamble(r);
	print_columns(&w);
	for (size_t i = 0; i < r->ne; i++) {
		double pct = 100.0 * (double)r->e[i].period /
			     (double)r->total_period;

		if (pct >= r->min_percent)
			print_entry(&r->e[i], pct, &w);
	}
	uperf_say(1,
		  "\n\n#\n# (uperf: perf report's --stdio histogram; options "
		  "-i, --stdio, --percent-limit)\n#\n");
}

int uperf_report_main(int argc, char **argv)
{
	static struct report r;
	int ret;

	if (report_options(&r, argc, argv)) {
		report_usage();
		return UPERF_EXIT_USAGE;
	}
	ret = report_read(&r);
	if (ret)
		return ret;
	/* Without kallsyms kernel samples stay addresses, as in perf. */
	r.ksym = uksym_load();
	if (report_histogram(&r)) {
		uperf_say(2, "uperf report: out of memory\n");
		return UPERF_EXIT_FAIL;
	}
	report_print(&r);
	return 0;
}
