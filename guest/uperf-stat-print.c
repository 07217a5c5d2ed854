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
	static const char *const units[] = {"/sec", "K/sec", "M/sec", "G/sec"};
	double v = per_sec;
	int u = 0;

	while (u < 3 && v > 1000.0) {
		v /= 1000.0;
		u++;
	}
	metric_set(m, v, 8, 3, "", units[u]);
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

/* A negative printf width would mean left-aligned: none is no padding. */
static int width_left(int width)
{
	return width > 0 ? width : 0;
}

/*
 * The count column: perf prints "%.0f" of the scaled count, or "%.2f"
 * when the scale is not whole (the clocks in msec); or why there is none.
 */
static void format_count(char *out, size_t size, const struct ustat_counter *c,
			 const struct ustat_value *v, int ok)
{
	const struct uperf_event *e = &c->ev;
	int decimals = e->scale == (double)(uint64_t)e->scale ? 0 : 2;

	if (ok)
		snprintf(out, size, "%.*f", decimals,
			 (double)v->val * e->scale);
	else
		snprintf(out, size, "%s",
			 c->supported ? CNTR_NOT_COUNTED : CNTR_NOT_SUPPORTED);
}

/* The metric columns, METRIC_LEN wide: " # <value><suffix> <unit>". */
static void format_metric_std(char *out, size_t size, const struct metric *m)
{
	char num[48];
	int len;

	if (!m->unit) {
		snprintf(out, size, "%*s", METRIC_LEN, "");
		return;
	}
	len = snprintf(num, sizeof(num), "%*.*f%s", m->width, m->decimals,
		       m->val, m->suffix);
	snprintf(out, size, " # %s %-*s", num,
		 width_left(METRIC_LEN - 3 - len - 1), m->unit);
}

/* The CPU column of -A: "CPU0    " (perf's "CPU%-3d "), or "CPU0,". */
static void format_aggr(char *out, size_t size, const struct ustat_run *r,
			int aggr)
{
	if (!r->per_cpu)
		out[0] = '\0';
	else if (r->sep)
		snprintf(out, size, "CPU%d%s", r->cpus[aggr], r->sep);
	else
		snprintf(out, size, "CPU%-3d ", r->cpus[aggr]);
}

/* One event's line in the human layout. */
static void print_line_std(const struct ustat_run *r, int k, int aggr, int ok,
			   const struct metric *m)
{
	const struct ustat_counter *c = &r->counter[k];
	const struct ustat_value *v = &c->v[aggr];
	char cpu[32], count[48], metric[128], running[32] = "";

	format_aggr(cpu, sizeof(cpu), r, aggr);
	format_count(count, sizeof(count), c, v, ok);
	format_metric_std(metric, sizeof(metric), m);
	if (v->run != v->ena)
		snprintf(running, sizeof(running), "  (%.2f%%)",
			 100.0 * (double)v->run / (double)v->ena);
	uperf_say(2, "%s%*s %-*s %-*s%s%s\n", cpu, COUNTS_LEN, count,
		  UNIT_WIDTH, c->ev.unit, EVNAME_LEN, c->ev.name, metric,
		  running);
}

/* One event's line in the -x layout. */
static void print_line_csv(const struct ustat_run *r, int k, int aggr, int ok,
			   const struct metric *m)
{
	const struct ustat_counter *c = &r->counter[k];
	const struct ustat_value *v = &c->v[aggr];
	const char *sep = r->sep;
	char cpu[32], count[48], metric[48] = "";

	format_aggr(cpu, sizeof(cpu), r, aggr);
	format_count(count, sizeof(count), c, v, ok);
	if (m->unit)
		snprintf(metric, sizeof(metric), "%.*f", m->decimals, m->val);
	/* perf divides integers for run_percent: 100 * run / ena, "%.2f". */
	uperf_say(2, "%s%s%s%s%s%s%s%" PRIu64 "%s%" PRIu64 ".00%s%s%s%s\n", cpu,
		  count, sep, c->ev.unit, sep, c->ev.name, sep, v->run, sep,
		  v->run == v->ena ? 100 : 100 * v->run / v->ena, sep, metric,
		  sep, m->unit ? m->unit : "");
}

static void print_counter(const struct ustat_run *r, int k, int aggr)
{
	const struct ustat_counter *c = &r->counter[k];
	const struct ustat_value *v = &c->v[aggr];
	int ok = c->supported && v->run && v->ena;
	struct metric m = {.unit = NULL};

	if (ok)
		metric_of(r, k, aggr, (double)v->val * c->ev.scale, &m);
	if (r->sep)
		print_line_csv(r, k, aggr, ok, &m);
	else
		print_line_std(r, k, aggr, ok, &m);
}

/* The command as perf shows it: its words joined by spaces. */
static void print_header(const struct ustat_run *r)
{
	size_t len = 0, size = 1;
	char *cmd;

	if (r->system_wide) {
		uperf_say(2, "\n Performance counter stats for '%s':\n\n",
			  "system wide");
		return;
	}
	for (int i = 0; r->argv[i]; i++)
		size += strlen(r->argv[i]) + 1;
	cmd = malloc(size);
	if (!cmd)
		return;
	cmd[0] = '\0';
	for (int i = 0; r->argv[i]; i++)
		len += (size_t)snprintf(cmd + len, size - len, "%s%s",
					i ? " " : "", r->argv[i]);
	uperf_say(2, "\n Performance counter stats for '%s':\n\n", cmd);
	free(cmd);
}

/*
 * perf's " %17.9f" of the times in seconds, done on the integer
 * nanoseconds and microseconds so that every digit is exact.
 */
static void print_footer(const struct ustat_run *r)
{
	uint64_t ns = r->wall_ns, user = r->user_us, sys = r->sys_us;

	/* perf's ru_display: user and sys only for a command it ran. */
	if (r->system_wide)
		uperf_say(2,
			  "\n %7" PRIu64 ".%09" PRIu64
			  " seconds time elapsed\n\n",
			  ns / 1000000000u, ns % 1000000000u);
	else
		uperf_say(2,
			  "\n %7" PRIu64 ".%09" PRIu64
			  " seconds time elapsed\n\n"
			  " %7" PRIu64 ".%06" PRIu64 "000 seconds user\n"
			  " %7" PRIu64 ".%06" PRIu64 "000 seconds sys\n\n\n",
			  ns / 1000000000u, ns % 1000000000u, user / 1000000u,
			  user % 1000000u, sys / 1000000u, sys % 1000000u);
}

void ustat_print(const struct ustat_run *r)
{
	/* perf stat writes its results to stderr, here line by line. */
	if (!r->sep)
		print_header(r);
	for (int k = 0; k < r->ncounter; k++)
		for (int aggr = 0; aggr < stat_naggr(r); aggr++)
			print_counter(r, k, aggr);
	if (!r->sep)
		print_footer(r);
}
