/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * perf stat, as perf 6.12 runs it (tools/perf/builtin-stat.c): the
 * command is forked and held; every event is opened on it disabled, with
 * enable_on_exec and inherit, so counting starts at the exec and covers
 * the threads and children it makes; the command is released and waited
 * for; each event is then read with its enabled and running times, and
 * scaled by enabled/running when the kernel multiplexed it. With -a the
 * events count on every online CPU instead (pid -1), enabled around the
 * command; -A keeps the CPUs apart. Events the kernel refuses as
 * unsupported print "<not supported>"; any other refusal ends the run,
 * as in perf. The exit code is the command's.
 */
#include "uperf.h"

#define READ_FORMAT                                                            \
	(PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING)

/* perf stat's events when no -e is given (perf 6.12's first group). */
static const char stat_default_events[] =
	"task-clock,context-switches,cpu-migrations,page-faults,cycles,"
	"instructions,branches,branch-misses";

enum { STAT_EVENT, STAT_SEP, STAT_ALL_CPUS, STAT_NO_AGGR };

static const struct uopt stat_opts[] = {
	[STAT_EVENT] = {'e', "event", 1},
	[STAT_SEP] = {'x', "field-separator", 1},
	[STAT_ALL_CPUS] = {'a', "all-cpus", 0},
	[STAT_NO_AGGR] = {'A', "no-aggr", 0},
};

static void stat_usage(void)
{
	uperf_say(
		2,
		"\n Usage: perf stat [-a [-A]] [-x SEP] [-e EVENTS]... "
		"[--] <command> [<args>]\n"
		"    (uperf: the part of perf stat that guest/init.c uses)\n");
}

/*
 * Decodes the command line into r (events into ev[]); the index of the
 * command's first word, or -1 after an error was printed.
 */
static int stat_options(struct ustat_run *r, int argc, char **argv,
			struct uperf_event *ev, int *nev)
{
	struct uopt_iter it;
	const char *value;
	int k;

	uopt_start(&it, argc, argv);
	while ((k = uopt_next(&it, stat_opts, UPERF_ARRAY_SIZE(stat_opts),
			      &value)) >= 0) {
		if (k == STAT_EVENT &&
		    uperf_event_parse(value, ev, UPERF_MAX_EVENTS, nev))
			return -1;
		if (k == STAT_SEP)
			r->sep = value;
		r->system_wide |= k == STAT_ALL_CPUS;
		r->per_cpu |= k == STAT_NO_AGGR;
	}
	if (k == UOPT_ERROR)
		return -1;
	if (it.i >= argc) {
		uperf_say(2, "  Error: uperf stat needs a command to run\n");
		return -1;
	}
	if (r->per_cpu && !r->system_wide) {
		uperf_say(2, "  Error: -A needs -a (uperf counts per CPU only "
			     "system-wide)\n");
		return -1;
	}
	if (!*nev &&
	    uperf_event_parse(stat_default_events, ev, UPERF_MAX_EVENTS, nev))
		return -1;
	return it.i;
}

/* Where the events count: one fd on the task, or one per online CPU. */
static int stat_targets(struct ustat_run *r)
{
	if (!r->system_wide) {
		r->ncpu = 1;
		r->cpus[0] = -1;
		return 0;
	}
	r->ncpu = uperf_online_cpus(r->cpus, UPERF_MAX_CPUS);
	if (r->ncpu > 0)
		return 0;
	uperf_say(2, "uperf: cannot read the online CPUs\n");
	return -1;
}

/* The errors after which perf shows an event as "<not supported>". */
static int stat_unsupported(int err)
{
	return err == EINVAL || err == ENOSYS || err == ENOENT ||
	       err == ENXIO || err == EOPNOTSUPP;
}

static void stat_close_counter(struct ustat_counter *c, int ncpu)
{
	for (int i = 0; i < ncpu; i++) {
		if (c->fd[i] >= 0)
			close(c->fd[i]);
		c->fd[i] = -1;
	}
}

/* Opens one event on its targets: 0, or -1 when perf would give up. */
static int stat_open_counter(struct ustat_run *r, struct ustat_counter *c,
			     pid_t pid)
{
	struct perf_event_attr *a = &c->ev.attr;

	a->disabled = 1;
	a->read_format = READ_FORMAT;
	a->inherit = !r->system_wide;
	a->enable_on_exec = !r->system_wide;
	for (int i = 0; i < r->ncpu; i++)
		c->fd[i] = -1;
	for (int i = 0; i < r->ncpu; i++) {
		c->fd[i] = uperf_event_open(&c->ev, r->system_wide ? -1 : pid,
					    r->cpus[i]);
		if (c->fd[i] >= 0)
			continue;
		if (stat_unsupported(errno)) {
			stat_close_counter(c, r->ncpu);
			return 0;
		}
		uperf_event_open_error(&c->ev, errno, r->system_wide);
		return -1;
	}
	c->supported = 1;
	return 0;
}

static int stat_open_all(struct ustat_run *r, pid_t pid)
{
	for (int k = 0; k < r->ncounter; k++)
		if (stat_open_counter(r, &r->counter[k], pid))
			return -1;
	return 0;
}

/* -a: the events run only while the command does (perf's
 * enable_counters()/disable_counters()). */
static void stat_switch_all(struct ustat_run *r, unsigned long request)
{
	if (!r->system_wide)
		return;
	for (int k = 0; k < r->ncounter; k++)
		for (int i = 0; i < r->ncpu; i++)
			if (r->counter[k].fd[i] >= 0)
				ioctl(r->counter[k].fd[i], request, 0);
}

/*
 * One fd's count, scaled as perf's perf_counts_values__scale(): not
 * running at all gives 0, running part of the time gives the count
 * extrapolated to the whole enabled time.
 */
static void stat_read_fd(int fd, struct ustat_value *v)
{
	uint64_t raw[3] = {0, 0, 0};

	if (read(fd, raw, sizeof(raw)) != (ssize_t)sizeof(raw))
		return;
	if (raw[2] == 0)
		raw[0] = 0;
	else if (raw[2] < raw[1])
		raw[0] = (uint64_t)((double)raw[0] * (double)raw[1] /
				    (double)raw[2]);
	v->val += raw[0];
	v->ena += raw[1];
	v->run += raw[2];
}

/* Each fd into its aggregate: its CPU with -A, else the one total. */
static void stat_read_all(struct ustat_run *r)
{
	for (int k = 0; k < r->ncounter; k++) {
		struct ustat_counter *c = &r->counter[k];

		for (int i = 0; i < r->ncpu; i++)
			if (c->fd[i] >= 0)
				stat_read_fd(c->fd[i],
					     &c->v[r->per_cpu ? i : 0]);
		stat_close_counter(c, r->ncpu);
	}
}

/* Runs the held command to its end with the events counting. */
static int stat_measure(struct ustat_run *r, struct uperf_child *child,
			int *status)
{
	uint64_t t0;
	int err;

	stat_switch_all(r, PERF_EVENT_IOC_ENABLE);
	t0 = uperf_now_ns();
	err = uperf_child_start(child);
	waitpid(child->pid, status, 0);
	r->wall_ns = uperf_now_ns() - t0;
	stat_switch_all(r, PERF_EVENT_IOC_DISABLE);
	if (err) {
		uperf_say(2, "Workload failed: %s\n", strerror(err));
		return -1;
	}
	uperf_children_times(&r->user_us, &r->sys_us);
	stat_read_all(r);
	return 0;
}

int uperf_stat_main(int argc, char **argv)
{
	/* Large (fds and values per CPU per event): not on the stack. */
	static struct uperf_event ev[UPERF_MAX_EVENTS];
	static struct ustat_run r;
	struct uperf_child child;
	int cmd, nev = 0, status = 0;

	cmd = stat_options(&r, argc, argv, ev, &nev);
	if (cmd < 0) {
		stat_usage();
		return UPERF_EXIT_USAGE;
	}
	r.argv = argv + cmd;
	r.ncounter = nev;
	for (int k = 0; k < nev; k++)
		r.counter[k].ev = ev[k];
	if (stat_targets(&r))
		return UPERF_EXIT_FAIL;
	if (uperf_child_fork(&child, r.argv)) {
		uperf_say(2, "failed to prepare workload: %s\n",
			  strerror(errno));
		return UPERF_EXIT_FAIL;
	}
	if (stat_open_all(&r, child.pid)) {
		uperf_child_cancel(&child);
		return UPERF_EXIT_FAIL;
	}
	if (stat_measure(&r, &child, &status))
		return UPERF_EXIT_FAIL;
	if (WIFSIGNALED(status)) /* perf's psignal() */
		uperf_say(2, "%s: %s\n", r.argv[0],
			  uperf_strsignal(WTERMSIG(status)));
	ustat_print(&r);
	/* perf returns WEXITSTATUS(): 0 for a command killed by a signal. */
	return WIFEXITED(status) ? WEXITSTATUS(status) : 0;
}
