/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * perf stat's output, column for column as perf 6.12 prints it
 * (tools/perf/util/stat-display.c and stat-shadow.c), in the two layouts
 * guest/init.c uses: the human one (a header naming the command, one
 * aligned line per event with its metric and the share of time it ran
 * when multiplexed, the elapsed/user/sys footer), and the -x CSV one
 * that scripts/linux-check.sh parses:
 *
 *   [CPUn,]count,unit,name,run_time,run_percent,metric_value,metric_unit
 *
 * (run_percent is perf's integer division, "48.00" for 47.78 %). The
 * metric beside an event is perf's "shadow" statistic: insn per cycle
 * for instructions, the miss ratio for a cache miss event when its
 * accesses are counted too, GHz and CPUs utilized or a rate per second
 * when a clock event is counted; each is found among the events counted
 * with the same exclude_* bits, as perf's find_stat() does.
 */
#include "uperf.h"

/* stat-display.c's column widths. */
#define COUNTS_LEN 18
#define EVNAME_LEN 32
#define METRIC_LEN 38
#define UNIT_WIDTH 4 /* strlen("unit"): perf's unit_width */

#define CNTR_NOT_SUPPORTED "<not supported>"
#define CNTR_NOT_COUNTED   "<not counted>"

/* A metric as perf formats it: "%<width>.<decimals>f<suffix>". */
struct metric {
	double val;
	int width, decimals;
	const char *suffix; /* " ", "%" or "" */
	const char *unit;   /* NULL: no metric */
	char unit_buf[8];   /* for "K/sec" and the like */
};

static int stat_naggr(const struct ustat_run *r)
{
	return r->per_cpu ? r->ncpu : 1;
}

/* The bits perf's evsel_context() compares between related events. */
static int event_context(const struct perf_event_attr *a)
{
	return a->exclude_kernel | a->exclude_user << 1 | a->exclude_hv << 2 |
	       a->exclude_host << 3 | a->exclude_idle << 4;
}

/*
 * perf's find_stat(): the value of the first other event of the given
 * kind with the same context, in the same aggregate; 0 if none. Clocks
 * give nanoseconds (unscaled), the others their (scaled) count.
 */
static double find_stat(const struct ustat_run *r, int self, int aggr,
			enum uperf_stat_type type)
{
	const struct perf_event_attr *a = &r->counter[self].ev.attr;

	for (int k = 0; k < r->ncounter; k++) {
		const struct ustat_counter *c = &r->counter[k];

		if (k == self ||
		    event_context(&c->ev.attr) != event_context(a) ||
		    uperf_event_stat_type(&c->ev.attr) != type)
			continue;
		if (type == USTAT_NSECS)
			return (double)c->v[aggr].val;
		return (double)c->v[aggr].val * c->ev.scale;
	}
	return 0;
}

static void metric_set(struct metric *m, double val, int width, int decimals,
		       const char *suffix, const char *unit)
{
	m->val = val;
	m->width = width;
	m->decimals = decimals;
	m->suffix = suffix;
	m->unit = unit;
}

/* perf's print_ratio(): numerator as a percentage of another event. */
static void metric_ratio(const struct ustat_run *r, int k, int aggr, double num,
			 enum uperf_stat_type den_type, const char *unit,
			 struct metric *m)
{
	double den = find_stat(r, k, aggr, den_type);

	if (num && den)
		metric_set(m, num / den * 100.0, 7, 2, "%", unit);
}

/* perf's convert_unit_double(): a rate in K, M or G per second. */
static void metric_rate(double per_sec, struct metric *m)
{
	static const char units[] = "KMG";
	double v = per_sec;
	struct ubuf b;
	int u = -1;

	while (u < 2 && v > 1000.0) {
		v /= 1000.0;
		u++;
	}
	ubuf_init(&b, m->unit_buf, sizeof(m->unit_buf));
	if (u >= 0)
		ubuf_chars(&b, units[u], 1);
	ubuf_str(&b, "/sec");
	metric_set(m, v, 8, 3, "", m->unit_buf);
}

/* The ratio table of perf_stat__print_shadow_stats(). */
static const struct {
	enum uperf_stat_type num, den;
	const char *unit;
} metric_ratios[] = {
	{USTAT_BRANCH_MISS, USTAT_BRANCHES, "of all branches"},
	{USTAT_L1D_MISS, USTAT_L1_DCACHE, "of all L1-dcache accesses"},
	{USTAT_L1I_MISS, USTAT_L1_ICACHE, "of all L1-icache accesses"},
	{USTAT_LL_MISS, USTAT_LL_CACHE, "of all LL-cache accesses"},
	{USTAT_DTLB_MISS, USTAT_DTLB_CACHE, "of all dTLB cache accesses"},
	{USTAT_ITLB_MISS, USTAT_ITLB_CACHE, "of all iTLB cache accesses"},
	{USTAT_CACHE_MISSES, USTAT_CACHE_REFS, "of all cache refs"},
	{USTAT_STALLED_FRONT, USTAT_CYCLES, "frontend cycles idle"},
	{USTAT_STALLED_BACK, USTAT_CYCLES, "backend cycles idle"},
};

/*
 * The metric printed beside counter k (value uval) in an aggregate;
 * m->unit stays NULL when perf prints an empty metric column. (perf's
 * second line for instructions, stalled cycles per insn, needs a
 * stalled-cycles event, which the RISC-V SBI PMU does not map.)
 */
static void metric_of(const struct ustat_run *r, int k, int aggr, double uval,
		      struct metric *m)
{
	const struct uperf_event *e = &r->counter[k].ev;
	enum uperf_stat_type type = uperf_event_stat_type(&e->attr);
	double other;

	m->unit = NULL;
	for (size_t i = 0; i < UPERF_ARRAY_SIZE(metric_ratios); i++)
		if (metric_ratios[i].num == type) {
			metric_ratio(r, k, aggr, uval, metric_ratios[i].den,
				     metric_ratios[i].unit, m);
			return;
		}
	if (type == USTAT_INSTRUCTIONS) {
		other = find_stat(r, k, aggr, USTAT_CYCLES);
		if (other)
			metric_set(m, uval / other, 7, 2, " ",
				   "insn per cycle");
	} else if (type == USTAT_CYCLES) {
		other = find_stat(r, k, aggr, USTAT_NSECS);
		if (uval && other)
			metric_set(m, uval / other, 8, 3, "", "GHz");
	} else if (type == USTAT_NSECS) {
		if (r->wall_ns)
			metric_set(m, uval / ((double)r->wall_ns * e->scale), 8,
				   3, "", "CPUs utilized");
	} else {
		other = find_stat(r, k, aggr, USTAT_NSECS);
		if (other)
			metric_rate(1e9 * uval / other, m);
	}
}

/* "%<width>.<decimals>f" of v. */
static void put_double(struct ubuf *b, double v, int width, int decimals)
{
	char mem[48];
	struct ubuf num;

	ubuf_init(&num, mem, sizeof(mem));
	ubuf_fixed(&num, v, decimals);
	ubuf_right(b, mem, width);
}

/* The count column: perf prints "%.0f" of the scaled count, or "%.2f"
 * when the scale is not whole (the clocks in msec). */
static void put_count(struct ubuf *b, const struct uperf_event *e, double uval,
		      int width)
{
	put_double(b, uval, width,
		   e->scale == (double)(uint64_t)e->scale ? 0 : 2);
}

static void print_metric_std(struct ubuf *b, const struct metric *m)
{
	int before;

	if (!m->unit) {
		ubuf_chars(b, ' ', METRIC_LEN);
		return;
	}
	ubuf_str(b, " # ");
	before = (int)b->len;
	put_double(b, m->val, m->width, m->decimals);
	ubuf_str(b, m->suffix);
	before = 3 + (int)b->len - before;
	ubuf_str(b, " ");
	ubuf_left(b, m->unit, METRIC_LEN - before - 1);
}

static void print_metric_csv(struct ubuf *b, const struct metric *m,
			     const char *sep)
{
	ubuf_str(b, sep);
	if (m->unit)
		put_double(b, m->val, 0, m->decimals);
	ubuf_str(b, sep);
	if (m->unit)
		ubuf_str(b, m->unit);
}

/* The CPU column of -A: "CPU0    " (perf's "CPU%-3d "), or "CPU0,". */
static void print_aggr(struct ubuf *b, const struct ustat_run *r, int aggr)
{
	char mem[16];
	struct ubuf cpu;

	if (!r->per_cpu)
		return;
	ubuf_init(&cpu, mem, sizeof(mem));
	ubuf_u64(&cpu, (uint64_t)r->cpus[aggr]);
	ubuf_str(b, "CPU");
	if (r->sep) {
		ubuf_str(b, mem);
		ubuf_str(b, r->sep);
	} else {
		ubuf_left(b, mem, 3);
		ubuf_str(b, " ");
	}
}

/* One event's line in the human layout. */
static void print_line_std(struct ubuf *b, const struct ustat_run *r, int k,
			   int aggr, int ok, const struct metric *m)
{
	const struct ustat_counter *c = &r->counter[k];
	const struct ustat_value *v = &c->v[aggr];

	print_aggr(b, r, aggr);
	if (ok)
		put_count(b, &c->ev, (double)v->val * c->ev.scale, COUNTS_LEN);
	else
		ubuf_right(b,
			   c->supported ? CNTR_NOT_COUNTED : CNTR_NOT_SUPPORTED,
			   COUNTS_LEN);
	ubuf_str(b, " ");
	ubuf_left(b, c->ev.unit, UNIT_WIDTH);
	ubuf_str(b, " ");
	ubuf_left(b, c->ev.name, EVNAME_LEN);
	print_metric_std(b, m);
	if (v->run != v->ena) {
		ubuf_str(b, "  (");
		put_double(b, 100.0 * (double)v->run / (double)v->ena, 0, 2);
		ubuf_str(b, "%)");
	}
	ubuf_str(b, "\n");
}

/* One event's line in the -x layout. */
static void print_line_csv(struct ubuf *b, const struct ustat_run *r, int k,
			   int aggr, int ok, const struct metric *m)
{
	const struct ustat_counter *c = &r->counter[k];
	const struct ustat_value *v = &c->v[aggr];
	const char *sep = r->sep;

	print_aggr(b, r, aggr);
	if (ok)
		put_count(b, &c->ev, (double)v->val * c->ev.scale, 0);
	else
		ubuf_str(b,
			 c->supported ? CNTR_NOT_COUNTED : CNTR_NOT_SUPPORTED);
	ubuf_str(b, sep);
	ubuf_str(b, c->ev.unit);
	ubuf_str(b, sep);
	ubuf_str(b, c->ev.name);
	ubuf_str(b, sep);
	ubuf_u64(b, v->run);
	ubuf_str(b, sep);
	/* perf divides integers here: 100 * run / ena, then "%.2f". */
	ubuf_u64(b, v->run == v->ena ? 100 : 100 * v->run / v->ena);
	ubuf_str(b, ".00");
	print_metric_csv(b, m, sep);
	ubuf_str(b, "\n");
}

static void print_counter(struct ubuf *b, const struct ustat_run *r, int k,
			  int aggr)
{
	const struct ustat_counter *c = &r->counter[k];
	const struct ustat_value *v = &c->v[aggr];
	int ok = c->supported && v->run && v->ena;
	struct metric m = {.unit = NULL};

	if (ok)
		metric_of(r, k, aggr, (double)v->val * c->ev.scale, &m);
	if (r->sep)
		print_line_csv(b, r, k, aggr, ok, &m);
	else
		print_line_std(b, r, k, aggr, ok, &m);
}

static void print_header(struct ubuf *b, const struct ustat_run *r)
{
	ubuf_str(b, "\n Performance counter stats for '");
	if (r->system_wide) {
		ubuf_str(b, "system wide");
	} else {
		for (int i = 0; r->argv[i]; i++) {
			if (i)
				ubuf_str(b, " ");
			ubuf_str(b, r->argv[i]);
		}
	}
	ubuf_str(b, "':\n\n");
}

/* " %17.9f" of a time given in units of 10^-digits seconds. */
static void put_seconds(struct ubuf *b, uint64_t t, uint64_t per_s, int digits)
{
	char mem[48], frac[16];
	struct ubuf s, f;

	ubuf_init(&s, mem, sizeof(mem));
	ubuf_init(&f, frac, sizeof(frac));
	ubuf_u64(&s, t / per_s);
	ubuf_str(&s, ".");
	ubuf_u64(&f, t % per_s);
	ubuf_chars(&s, '0', digits - (int)f.len);
	ubuf_str(&s, frac);
	ubuf_chars(&s, '0', 9 - digits);
	ubuf_str(b, " ");
	ubuf_right(b, mem, 17);
}

static void print_footer(struct ubuf *b, const struct ustat_run *r)
{
	ubuf_str(b, "\n");
	put_seconds(b, r->wall_ns, 1000000000u, 9);
	ubuf_str(b, " seconds time elapsed");
	/* perf's ru_display: only for a command it ran itself. */
	if (!r->system_wide) {
		ubuf_str(b, "\n\n");
		put_seconds(b, r->user_us, 1000000u, 6);
		ubuf_str(b, " seconds user\n");
		put_seconds(b, r->sys_us, 1000000u, 6);
		ubuf_str(b, " seconds sys\n");
	}
	ubuf_str(b, "\n\n");
}

void ustat_print(const struct ustat_run *r)
{
	char mem[1024];
	struct ubuf b;

	/* perf stat writes its results to stderr. */
	ubuf_init(&b, mem, sizeof(mem));
	if (!r->sep) {
		print_header(&b, r);
		ubuf_flush(&b, 2);
	}
	for (int k = 0; k < r->ncounter; k++)
		for (int aggr = 0; aggr < stat_naggr(r); aggr++) {
			print_counter(&b, r, k, aggr);
			ubuf_flush(&b, 2);
		}
	if (!r->sep) {
		print_footer(&b, r);
		ubuf_flush(&b, 2);
	}
}
