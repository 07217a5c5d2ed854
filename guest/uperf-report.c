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
	char *str; /* string arena: names referred to by offset */
	size_t str_len, str_cap;
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
	uperf_say(2,
		  "\n Usage: perf report [-i FILE] [--stdio] "
		  "[--percent-limit PCT]\n",
		  "    (uperf: the part of perf report that guest/init.c "
		  "uses)\n",
		  NULL);
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
			uperf_say(2, "  Error: bad percent '", value, "'\n",
				  NULL);
			return -1;
		}
	}
	if (k == UOPT_ERROR || it.i < argc) {
		if (k != UOPT_ERROR)
			uperf_say(2, "  Error: unexpected '", argv[it.i], "'\n",
				  NULL);
		return -1;
	}
	return 0;
}

/* Copies s (len bytes) into the arena; its offset, or -1. */
static long intern(struct report *r, const char *s, size_t len)
{
	long off = (long)r->str_len;

	while (r->str_len + len + 1 > r->str_cap) {
		size_t cap = r->str_cap ? r->str_cap * 2 : 4096;
		char *p = realloc(r->str, cap);

		if (!p)
			return -1;
		r->str = p;
		r->str_cap = cap;
	}
	memcpy(r->str + r->str_len, s, len);
	r->str[r->str_len + len] = '\0';
	r->str_len += len + 1;
	return off;
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
	static struct ulines l;
	const char *line;
	int err = 0;

	if (ulines_open(&l, r->input)) {
		uperf_say(2, "failed to open ", r->input, ": ", strerror(errno),
			  "\n", NULL);
		return UPERF_EXIT_FAIL;
	}
	line = ulines_next(&l);
	if (!line || strcmp(line, "uperf-data 1")) {
		if (line)
			uperf_say(2, r->input, ": not a uperf data file\n",
				  NULL);
		else
			uperf_say(2, "zero-sized data (", r->input,
				  "), nothing to do!\n", NULL);
		ulines_close(&l);
		return UPERF_EXIT_FAIL;
	}
	while (!err && (line = ulines_next(&l)))
		err = parse_line(r, l.line);
	ulines_close(&l);
	if (err)
		uperf_say(2, "uperf report: out of memory\n", NULL);
	return err ? UPERF_EXIT_FAIL : 0;
}

/* The command name of a thread: its own, else its process's. */
static long comm_of(struct report *r, const struct rsample *s)
{
	char name[16];
	struct ubuf b;

	for (size_t i = r->nc; i-- > 0;)
		if (r->c[i].tid == s->tid)
			return r->c[i].name;
	for (size_t i = r->nc; i-- > 0;)
		if (r->c[i].pid == s->pid)
			return r->c[i].name;
	/* perf's name for a thread it saw no COMM of. */
	ubuf_init(&b, name, sizeof(name));
	ubuf_str(&b, ":");
	ubuf_u64(&b, s->pid);
	return intern(r, name, b.len);
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
		r->e[i].comm = r->str + r->e[i].comm_off;
		r->e[i].dso = r->str + r->e[i].dso_off;
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
static void put_samples(struct ubuf *b, uint64_t n)
{
	static const char units[] = " KMG";
	double v = (double)n;
	int u = 0;

	while (u < 3 && v > 1000.0) {
		v /= 1000.0;
		u++;
	}
	ubuf_u64(b, (uint64_t)v);
	ubuf_chars(b, units[u], 1);
}

static void print_preamble(const struct report *r)
{
	char mem[512];
	struct ubuf b;

	ubuf_init(&b, mem, sizeof(mem));
	ubuf_str(&b, "# uperf data file ");
	ubuf_str(&b, r->input);
	ubuf_str(&b, " (no --header in uperf)\n#\n#\n# Total Lost Samples: ");
	ubuf_u64(&b, r->lost);
	ubuf_str(&b, "\n#\n# Samples: ");
	put_samples(&b, r->ns);
	ubuf_str(&b, " of event '");
	ubuf_str(&b, r->event);
	ubuf_str(&b, "'\n# Event count (approx.): ");
	ubuf_u64(&b, r->total_period);
	ubuf_str(&b, "\n#\n");
	ubuf_flush(&b, 1);
}

static void print_columns(const struct widths *w)
{
	char mem[1024];
	struct ubuf b;

	ubuf_init(&b, mem, sizeof(mem));
	ubuf_str(&b, "# Overhead  ");
	ubuf_left(&b, "Command", w->comm);
	ubuf_str(&b, "  ");
	ubuf_left(&b, "Shared Object", w->dso);
	ubuf_str(&b, "  ");
	ubuf_left(&b, "Symbol", w->sym);
	ubuf_str(&b, "\n# ........  ");
	ubuf_chars(&b, '.', w->comm);
	ubuf_str(&b, "  ");
	ubuf_chars(&b, '.', w->dso);
	ubuf_str(&b, "  ");
	ubuf_chars(&b, '.', w->sym);
	ubuf_str(&b, "\n#\n");
	ubuf_flush(&b, 1);
}

static void print_entry(const struct rentry *e, double percent,
			const struct widths *w)
{
	char mem[1024], pct[32];
	struct ubuf b, p;

	ubuf_init(&p, pct, sizeof(pct));
	ubuf_fixed(&p, percent, 2);
	ubuf_str(&p, "%");
	ubuf_init(&b, mem, sizeof(mem));
	ubuf_str(&b, "  ");
	ubuf_right(&b, pct, 8);
	ubuf_str(&b, "  ");
	ubuf_left(&b, e->comm, w->comm);
	ubuf_str(&b, "  ");
	ubuf_left(&b, e->dso, w->dso);
	ubuf_str(&b, "  [");
	ubuf_chars(&b, e->level, 1);
	ubuf_str(&b, "] ");
	if (e->sym)
		ubuf_str(&b, e->sym);
	else
		ubuf_hex(&b, e->addr, ADDR_DIGITS);
	ubuf_str(&b, "\n");
	ubuf_flush(&b, 1);
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
		  "-i, --stdio, --percent-limit)\n#\n",
		  NULL);
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
		uperf_say(2, "uperf report: out of memory\n", NULL);
		return UPERF_EXIT_FAIL;
	}
	report_print(&r);
	return 0;
}
