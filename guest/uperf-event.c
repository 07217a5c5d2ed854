/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * uperf's event syntax, a subset of perf's (tools/perf/util/parse-events.c
 * in the kernel tree): the generic hardware, software and hardware-cache
 * names, raw events "rHEX" (PERF_TYPE_RAW), PMU events
 * "pmu/term=value,.../" (the type read from sysfs; terms config,
 * config1, config2, name, period, and the PMU's own format terms such as
 * the SBI PMU's "event" and "firmware"), each optionally followed by
 * modifiers (":u", ":k", ":GH", ...), which set the exclude_* bits the
 * way perf does. An event keeps the text it was given as its printed
 * name, unless a name= term renames it, as in perf.
 */
#include "uperf.h"

#define PMU_SYSFS "/sys/bus/event_source/devices/"

struct event_name {
	const char *name;
	uint32_t type;
	uint64_t config;
};

#define HW(n, c)                                                               \
	{                                                                      \
		n, PERF_TYPE_HARDWARE, PERF_COUNT_HW_##c                       \
	}
#define SW(n, c)                                                               \
	{                                                                      \
		n, PERF_TYPE_SOFTWARE, PERF_COUNT_SW_##c                       \
	}

/* perf's event_symbols_hw and event_symbols_sw, with their aliases. */
static const struct event_name event_names[] = {
	HW("cpu-cycles", CPU_CYCLES),
	HW("cycles", CPU_CYCLES),
	HW("instructions", INSTRUCTIONS),
	HW("cache-references", CACHE_REFERENCES),
	HW("cache-misses", CACHE_MISSES),
	HW("branch-instructions", BRANCH_INSTRUCTIONS),
	HW("branches", BRANCH_INSTRUCTIONS),
	HW("branch-misses", BRANCH_MISSES),
	HW("bus-cycles", BUS_CYCLES),
	HW("stalled-cycles-frontend", STALLED_CYCLES_FRONTEND),
	HW("idle-cycles-frontend", STALLED_CYCLES_FRONTEND),
	HW("stalled-cycles-backend", STALLED_CYCLES_BACKEND),
	HW("idle-cycles-backend", STALLED_CYCLES_BACKEND),
	HW("ref-cycles", REF_CPU_CYCLES),
	SW("cpu-clock", CPU_CLOCK),
	SW("task-clock", TASK_CLOCK),
	SW("page-faults", PAGE_FAULTS),
	SW("faults", PAGE_FAULTS),
	SW("context-switches", CONTEXT_SWITCHES),
	SW("cs", CONTEXT_SWITCHES),
	SW("cpu-migrations", CPU_MIGRATIONS),
	SW("migrations", CPU_MIGRATIONS),
	SW("minor-faults", PAGE_FAULTS_MIN),
	SW("major-faults", PAGE_FAULTS_MAJ),
	SW("alignment-faults", ALIGNMENT_FAULTS),
	SW("emulation-faults", EMULATION_FAULTS),
	SW("dummy", DUMMY),
};

#define NAMES_MAX 6

/* perf's evsel__hw_cache*: caches, operations, results and aliases. */
static const char *const cache_names[PERF_COUNT_HW_CACHE_MAX][NAMES_MAX] = {
	{"L1-dcache", "l1-d", "l1d", "L1-data"},
	{"L1-icache", "l1-i", "l1i", "L1-instruction"},
	{"LLC", "L2"},
	{"dTLB", "d-tlb", "Data-TLB"},
	{"iTLB", "i-tlb", "Instruction-TLB"},
	{"branch", "branches", "bpu", "btb", "bpc"},
	{"node"},
};

static const char *const cache_ops[PERF_COUNT_HW_CACHE_OP_MAX][NAMES_MAX] = {
	{"load", "loads", "read"},
	{"store", "stores", "write"},
	{"prefetch", "prefetches", "speculative-read", "speculative-load"},
};

static const char
	*const cache_results[PERF_COUNT_HW_CACHE_RESULT_MAX][NAMES_MAX] = {
		{"refs", "Reference", "ops", "access"},
		{"misses", "miss"},
};

/* The operations each cache has (perf's evsel__hw_cache_stat). */
#define OP(op)	(1u << PERF_COUNT_HW_CACHE_OP_##op)
#define OPS_ALL (OP(READ) | OP(WRITE) | OP(PREFETCH))
static const unsigned int cache_valid_ops[PERF_COUNT_HW_CACHE_MAX] = {
	[PERF_COUNT_HW_CACHE_L1D] = OPS_ALL,
	[PERF_COUNT_HW_CACHE_L1I] = OP(READ) | OP(PREFETCH),
	[PERF_COUNT_HW_CACHE_LL] = OPS_ALL,
	[PERF_COUNT_HW_CACHE_DTLB] = OPS_ALL,
	[PERF_COUNT_HW_CACHE_ITLB] = OP(READ),
	[PERF_COUNT_HW_CACHE_BPU] = OP(READ),
	[PERF_COUNT_HW_CACHE_NODE] = OPS_ALL,
};

static void event_error(const char *spec, const char *why)
{
	uperf_say(2, "event syntax error: '%s'\n", spec);
	uperf_say(2, "                     \\___ %s\n", why);
	uperf_say(2, "Run 'perf list' for a list of valid events\n");
}

/* Length of the alias of names[] that starts s, followed by '-' or
 * the end; 0 if none does. Sets *index to the alias's row. */
static size_t match_alias(const char *s, const char *const (*names)[NAMES_MAX],
			  int rows, int *index)
{
	for (int r = 0; r < rows; r++)
		for (int a = 0; a < NAMES_MAX && names[r][a]; a++) {
			size_t n = strlen(names[r][a]);

			if (!strncmp(s, names[r][a], n) &&
			    (s[n] == '-' || s[n] == '\0')) {
				*index = r;
				return n;
			}
		}
	return 0;
}

/*
 * "CACHE[-OP][-RESULT]" (either order, as perf): a PERF_TYPE_HW_CACHE
 * config, or -1. Missing parts default to load and access, as in perf.
 */
static int parse_cache(const char *s, __u64 *config)
{
	int cache, op = -1, result = -1, idx;
	size_t n = match_alias(s, cache_names, PERF_COUNT_HW_CACHE_MAX, &cache);

	if (!n)
		return -1;
	for (const char *p = s + n; *p; p += n) {
		p++; /* the '-' */
		if (op < 0 &&
		    (n = match_alias(p, cache_ops, PERF_COUNT_HW_CACHE_OP_MAX,
				     &idx)))
			op = idx;
		else if (result < 0 &&
			 (n = match_alias(p, cache_results,
					  PERF_COUNT_HW_CACHE_RESULT_MAX,
					  &idx)))
			result = idx;
		else
			return -1;
	}
	op = op < 0 ? PERF_COUNT_HW_CACHE_OP_READ : op;
	result = result < 0 ? PERF_COUNT_HW_CACHE_RESULT_ACCESS : result;
	if (!(cache_valid_ops[cache] & (1u << op)))
		return -1;
	*config = (uint64_t)cache | (uint64_t)op << 8 | (uint64_t)result << 16;
	return 0;
}

/* "rHEX": a raw event of the core PMU. */
static int parse_raw(const char *s, __u64 *config)
{
	char *end;

	if (s[0] != 'r' || !s[1])
		return -1;
	for (const char *p = s + 1; *p; p++)
		if (!((*p >= '0' && *p <= '9') || (*p >= 'a' && *p <= 'f') ||
		      (*p >= 'A' && *p <= 'F')))
			return -1;
	*config = strtoull(s + 1, &end, 16);
	return 0;
}

/* A name without modifiers: a symbolic, cache or raw event. */
static int parse_named(const char *s, struct uperf_event *e)
{
	struct perf_event_attr *a = &e->attr;

	for (size_t i = 0; i < UPERF_ARRAY_SIZE(event_names); i++)
		if (!strcmp(s, event_names[i].name)) {
			a->type = event_names[i].type;
			a->config = event_names[i].config;
			return 0;
		}
	if (!parse_cache(s, &a->config)) {
		a->type = PERF_TYPE_HW_CACHE;
		return 0;
	}
	if (!parse_raw(s, &a->config)) {
		a->type = PERF_TYPE_RAW;
		return 0;
	}
	return -1;
}

/* The modifier letters, decoded before perf's rules are applied. */
struct modifiers {
	int user, kernel, hv, guest, host, precise, non_idle, pinned, exclusive;
};

static int decode_modifiers(const char *s, struct modifiers *m)
{
	memset(m, 0, sizeof(*m));
	for (; *s; s++) {
		switch (*s) {
		case 'u':
			m->user = 1;
			break;
		case 'k':
			m->kernel = 1;
			break;
		case 'h':
			m->hv = 1;
			break;
		case 'G':
			m->guest = 1;
			break;
		case 'H':
			m->host = 1;
			break;
		case 'p':
			m->precise++;
			break;
		case 'I':
			m->non_idle = 1;
			break;
		case 'D':
			m->pinned = 1;
			break;
		case 'e':
			m->exclusive = 1;
			break;
		case 'S':
			break; /* sample_read: nothing to do for counting */
		default:
			return -1;
		}
	}
	return m->precise > 3 ? -1 : 0;
}

/*
 * perf's parse_events__modifier_list() for one event: the first of u/k/h
 * excludes every level, then each given level is let back in; u also
 * excludes the guest (perf is not perf kvm here); the first of G/H
 * excludes both, then each given one is let back in.
 */
static void apply_modifiers(const struct modifiers *m,
			    struct perf_event_attr *a)
{
	int eu = 0, ek = 0, eh = 0, eH = 0, eG = 0, exclude = 0, gh = 0;

	if (m->precise)
		eG = 1; /* precise requires exclude_guest */
	if (m->user) {
		if (!exclude)
			exclude = eu = ek = eh = 1;
		if (!gh)
			eG = 1;
		eu = 0;
	}
	if (m->kernel) {
		if (!exclude)
			exclude = eu = ek = eh = 1;
		ek = 0;
	}
	if (m->hv) {
		if (!exclude)
			exclude = eu = ek = eh = 1;
		eh = 0;
	}
	if (m->guest) {
		if (!gh)
			gh = eG = eH = 1;
		eG = 0;
	}
	if (m->host) {
		if (!gh)
			gh = eG = eH = 1;
		eH = 0;
	}
	a->exclude_user = eu;
	a->exclude_kernel = ek;
	a->exclude_hv = eh;
	a->exclude_host = eH;
	a->exclude_guest = eG;
	a->precise_ip = m->precise;
	a->exclude_idle = m->non_idle;
	a->pinned = m->pinned;
	a->exclusive = m->exclusive;
}

/*
 * Sets the bits a sysfs format file describes ("config:0-47",
 * "config1:8-15,32-39", "config:63") to value, low bits first.
 */
static int apply_format(const char *format, uint64_t value,
			struct perf_event_attr *a)
{
	__u64 *field = &a->config;
	const char *p = strchr(format, ':');
	uint64_t bits = value;

	if (!p)
		return -1;
	if (!strncmp(format, "config1:", 8))
		field = &a->config1;
	else if (!strncmp(format, "config2:", 8))
		field = &a->config2;
	else if (strncmp(format, "config:", 7))
		return -1;
	while (*p == ':' || *p == ',') {
		char *end;
		unsigned long lo = strtoul(p + 1, &end, 10), hi = lo;

		if (*end == '-')
			hi = strtoul(end + 1, &end, 10);
		for (unsigned long bit = lo; bit <= hi && bit < 64; bit++) {
			*field &= ~(1ull << bit);
			*field |= (bits & 1) << bit;
			bits >>= 1;
		}
		p = end;
	}
	return 0;
}

/* PMU_SYSFS "pmu/" leaf name into out; -1 if it does not fit. */
static int pmu_path(char *out, size_t size, const char *pmu, const char *leaf,
		    const char *name)
{
	int n = snprintf(out, size, PMU_SYSFS "%s/%s%s", pmu, leaf, name);

	return n < 0 || (size_t)n >= size ? -1 : 0;
}

/* One "key=value" (or "key") of a PMU event; name= goes to name. */
static int apply_term(const char *pmu, char *term, struct uperf_event *e,
		      const char **name)
{
	char *eq = strchr(term, '='), path[256], format[128];
	uint64_t value = 1;

	if (eq) {
		*eq = '\0';
		if (!strcmp(term, "name")) {
			*name = eq + 1;
			return 0;
		}
		value = strtoull(eq + 1, NULL, 0);
	}
	if (!strcmp(term, "config"))
		e->attr.config = value;
	else if (!strcmp(term, "config1"))
		e->attr.config1 = value;
	else if (!strcmp(term, "config2"))
		e->attr.config2 = value;
	else if (!strcmp(term, "period"))
		e->attr.sample_period = value;
	else {
		if (pmu_path(path, sizeof(path), pmu, "format/", term) ||
		    uperf_read_line(path, format, sizeof(format)))
			return -1;
		return apply_format(format, value, &e->attr);
	}
	return 0;
}

/* The PMU's perf_event type from sysfs, or -1. */
static long pmu_type(const char *pmu)
{
	char path[256], line[32];

	if (pmu_path(path, sizeof(path), pmu, "type", "") ||
	    uperf_read_line(path, line, sizeof(line)))
		return -1;
	return strtol(line, NULL, 10);
}

/*
 * "pmu/terms/mods": pmu and terms are cut out of copy (a copy of the
 * spec); *mods points at the modifiers (after the closing '/').
 */
static int parse_pmu(char *copy, struct uperf_event *e, const char **mods)
{
	char *terms = strchr(copy, '/'), *close, *term;
	const char *name = NULL;
	long type;

	*terms++ = '\0';
	close = strchr(terms, '/');
	if (!close)
		return -1;
	*close = '\0';
	*mods = close[1] == ':' ? close + 2 : close + 1;
	type = pmu_type(copy);
	if (type < 0)
		return -1;
	e->attr.type = (uint32_t)type;
	for (term = terms; *term;) {
		char *comma = strchr(term, ',');

		if (comma)
			*comma = '\0';
		if (apply_term(copy, term, e, &name))
			return -1;
		term = comma ? comma + 1 : term + strlen(term);
	}
	if (name && strlen(name) < sizeof(e->name))
		strcpy(e->name, name);
	return 0;
}

static void event_defaults(struct uperf_event *e, const char *spec)
{
	memset(e, 0, sizeof(*e));
	e->attr.size = sizeof(e->attr);
	e->unit = "";
	e->scale = 1;
	strcpy(e->name, spec);
}

/* The clocks count nanoseconds; perf shows them as milliseconds. */
static void event_units(struct uperf_event *e)
{
	if (uperf_event_stat_type(&e->attr) == USTAT_NSECS) {
		e->unit = "msec";
		e->scale = 1e-6;
	}
}

static int event_parse_one(const char *spec, struct uperf_event *e)
{
	char copy[UPERF_NAME_MAX], *colon;
	const char *mods = "";
	struct modifiers m;

	if (strlen(spec) >= sizeof(copy) || !*spec) {
		event_error(spec, "bad event name");
		return -1;
	}
	event_defaults(e, spec);
	strcpy(copy, spec);
	if (strchr(copy, '/')) {
		if (parse_pmu(copy, e, &mods)) {
			event_error(spec, "unknown PMU, term or format");
			return -1;
		}
	} else {
		colon = strchr(copy, ':');
		if (colon) {
			*colon = '\0';
			mods = colon + 1;
		}
		if (parse_named(copy, e)) {
			event_error(spec, "unknown event name");
			return -1;
		}
	}
	if (decode_modifiers(mods, &m)) {
		event_error(spec, "unknown or unsupported modifier");
		return -1;
	}
	apply_modifiers(&m, &e->attr);
	e->exclude_gh = m.guest || m.host;
	event_units(e);
	return 0;
}

int uperf_event_parse(const char *list, struct uperf_event *ev, int max, int *n)
{
	char spec[UPERF_NAME_MAX];

	for (const char *p = list; *p;) {
		size_t len = 0;
		int in_pmu = 0;

		/* A comma inside "pmu/.../" separates terms, not events. */
		while (p[len] && (in_pmu || p[len] != ',')) {
			if (p[len] == '/')
				in_pmu = !in_pmu;
			len++;
		}
		if (len >= sizeof(spec) || *n == max) {
			event_error(p, len ? "too many or too long events"
					   : "empty event");
			return -1;
		}
		memcpy(spec, p, len);
		spec[len] = '\0';
		if (event_parse_one(spec, &ev[*n]))
			return -1;
		(*n)++;
		p += len + (p[len] == ',');
	}
	return 0;
}

/* A PERF_TYPE_HW_CACHE config of a read access or a read miss. */
#define CACHE_READ(cache, result)                                              \
	(PERF_COUNT_HW_CACHE_##cache | (PERF_COUNT_HW_CACHE_OP_READ << 8) |    \
	 ((uint64_t)PERF_COUNT_HW_CACHE_RESULT_##result << 16))

/* perf's evsel__stat_type(): which shadow metric an event feeds. */
enum uperf_stat_type uperf_event_stat_type(const struct perf_event_attr *a)
{
	static const struct {
		uint32_t type;
		uint64_t config;
		enum uperf_stat_type stat;
	} kinds[] = {
		{PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_CLOCK, USTAT_NSECS},
		{PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK, USTAT_NSECS},
		{PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES, USTAT_CYCLES},
		{PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS,
		 USTAT_INSTRUCTIONS},
		{PERF_TYPE_HARDWARE, PERF_COUNT_HW_STALLED_CYCLES_FRONTEND,
		 USTAT_STALLED_FRONT},
		{PERF_TYPE_HARDWARE, PERF_COUNT_HW_STALLED_CYCLES_BACKEND,
		 USTAT_STALLED_BACK},
		{PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_INSTRUCTIONS,
		 USTAT_BRANCHES},
		{PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_MISSES,
		 USTAT_BRANCH_MISS},
		{PERF_TYPE_HARDWARE, PERF_COUNT_HW_CACHE_REFERENCES,
		 USTAT_CACHE_REFS},
		{PERF_TYPE_HARDWARE, PERF_COUNT_HW_CACHE_MISSES,
		 USTAT_CACHE_MISSES},
		{PERF_TYPE_HW_CACHE, CACHE_READ(L1D, ACCESS), USTAT_L1_DCACHE},
		{PERF_TYPE_HW_CACHE, CACHE_READ(L1I, ACCESS), USTAT_L1_ICACHE},
		{PERF_TYPE_HW_CACHE, CACHE_READ(LL, ACCESS), USTAT_LL_CACHE},
		{PERF_TYPE_HW_CACHE, CACHE_READ(DTLB, ACCESS),
		 USTAT_DTLB_CACHE},
		{PERF_TYPE_HW_CACHE, CACHE_READ(ITLB, ACCESS),
		 USTAT_ITLB_CACHE},
		{PERF_TYPE_HW_CACHE, CACHE_READ(L1D, MISS), USTAT_L1D_MISS},
		{PERF_TYPE_HW_CACHE, CACHE_READ(L1I, MISS), USTAT_L1I_MISS},
		{PERF_TYPE_HW_CACHE, CACHE_READ(LL, MISS), USTAT_LL_MISS},
		{PERF_TYPE_HW_CACHE, CACHE_READ(DTLB, MISS), USTAT_DTLB_MISS},
		{PERF_TYPE_HW_CACHE, CACHE_READ(ITLB, MISS), USTAT_ITLB_MISS},
	};

	for (size_t i = 0; i < UPERF_ARRAY_SIZE(kinds); i++)
		if (a->type == kinds[i].type && a->config == kinds[i].config)
			return kinds[i].stat;
	return USTAT_NONE;
}

int uperf_event_open(struct uperf_event *e, pid_t pid, int cpu)
{
	struct perf_event_attr *a = &e->attr;
	int fd = uperf_perf_open(a, pid, cpu);

	/* perf's evsel__detect_missing_features() for exclude_guest. */
	if (fd < 0 && errno == EINVAL &&
	    (a->exclude_guest || a->exclude_host) && !e->exclude_gh) {
		a->exclude_guest = 0;
		a->exclude_host = 0;
		fd = uperf_perf_open(a, pid, cpu);
	}
	return fd;
}

/* A message of perf's: the text around the event's name, if any. */
struct open_msg {
	const char *before, *after; /* after NULL: the name is not shown */
};

/*
 * perf's evsel__open_strerror() for the errors a RISC-V guest meets; the
 * others get its generic message (before.after NULL).
 */
static struct open_msg open_error_msg(const struct perf_event_attr *a, int err,
				      int system_wide)
{
	struct open_msg m = {NULL, NULL};

	if (err == EPERM || err == EACCES)
		m.before = "Access to performance monitoring and observability "
			   "operations is limited.\nConsider adjusting "
			   "/proc/sys/kernel/perf_event_paranoid.";
	else if (err == ENOENT)
		m = (struct open_msg){"The ", " event is not supported."};
	else if (err == EMFILE)
		m.before = "Too many events are opened.\nProbably the maximum "
			   "number of open file descriptors has been reached.";
	else if (err == EOPNOTSUPP && a->sample_period)
		m = (struct open_msg){
			"", ": PMU Hardware doesn't support "
			    "sampling/overflow-interrupts. Try 'perf stat'"};
	else if (err == EOPNOTSUPP && a->precise_ip)
		m.before = "'precise' request may not be supported. Try "
			   "removing 'p' modifier.";
	else if (err == EOPNOTSUPP && !system_wide)
		m = (struct open_msg){"Unsupported event (",
				      ") in per-thread mode, enable system "
				      "wide with '-a'."};
	else if (err == EINVAL && !system_wide)
		m = (struct open_msg){"Invalid event (",
				      ") in per-thread mode, enable system "
				      "wide with '-a'."};
	return m;
}

void uperf_event_open_error(const struct uperf_event *e, int err,
			    int system_wide)
{
	struct open_msg m = open_error_msg(&e->attr, err, system_wide);

	/* perf's ui__error() on stdio: "Error:" on a line of its own. */
	if (!m.before)
		uperf_say(2,
			  "Error:\nThe sys_perf_event_open() syscall returned "
			  "with %d (%s) for event (%s).\n/bin/dmesg | grep -i "
			  "perf may provide additional information.\n\n",
			  err, strerror(err), e->name);
	else if (m.after)
		uperf_say(2, "Error:\n%s%s%s\n", m.before, e->name, m.after);
	else
		uperf_say(2, "Error:\n%s\n", m.before);
}
