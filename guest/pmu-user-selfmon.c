/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * `pmu-user selfmon`: self-monitoring with a signal on every counter
 * overflow, the RISC-V counterpart of Power's event-based branches
 * (docs/self-monitoring.md maps one to the other).
 *
 * An EBB event must be pinned and exclusive, attached to the task, and is
 * known to be on the PMU only if read() does not return EOF. The same
 * rules are applied here to a sampling event (a fixed period) on this
 * task, which notifies each overflow with a signal:
 *
 *  - sigtrap (attr.sigtrap, Linux 5.13+): a synchronous SIGTRAP, si_code
 *    TRAP_PERF, to the very thread that overflowed the counter, queued as
 *    task work and taken on its way back to user mode: the nearest thing
 *    to a branch into user code. The default.
 *  - fasync (O_ASYNC, F_SETOWN_EX to this thread, F_SETSIG a real-time
 *    signal): the older route through the event's irq_work and SIGIO
 *    machinery; run as well, for comparison.
 *
 * The handler counts itself and reads the counter directly (user page
 * index, csrr): the count it sees at invocation k must be at least k
 * periods and must grow. Over a fixed workload the invocations are then
 * compared with the overflows expected from the final count,
 * expected = count / period:
 *
 *  - dTLB-load-misses in user mode, an event QEMU counts one by one and
 *    overflows exactly at the wrap: every overflow signalled once, so
 *    expected - 1 <= handled <= expected (the last overflow may race the
 *    final disable, and is then delivered after it: counted, as "late"),
 *    and no handler ever sees a period pass without a signal
 *    (skipped = 0). Both notification routes are held to it.
 *  - instructions: 1 <= handled <= expected, nothing tighter. QEMU 7.2
 *    detects overflow of its cycle/instret counters with a timer that
 *    assumes one tick per nanosecond, while without -icount they tick
 *    with the host's TSC (2.8 GHz here) and keep ticking while the vCPU
 *    thread waits for a host core: the interrupt comes periods after the
 *    overflow, and Linux starts the next period from there. The handler
 *    sees how many periods passed without a signal (skipped); handled /
 *    expected measured 0.06-0.30 on 1-4 harts, on every firmware, and
 *    falls further on a loaded host. The workload sleeps briefly after
 *    each slice: QEMU 7.2 also loses the first overflow of a counter that
 *    last counted with a far-away overflow (any plain counting event) and
 *    re-arms its timer only when the counter is written again, which for
 *    Linux is the next time the task is scheduled in
 *    (docs/self-monitoring.md). On RV32, QEMU's cycle/instret counters
 *    are not one 64-bit counter (see the carry test in
 *    pmu-user-access.c): after the low half wraps past the period the
 *    handler may read a count 2^32 off: back > 0 and a huge skipped.
 *
 * `selfmon:exclusive` checks the exclusion the EBB rules rely on: while a
 * pinned, exclusive event of this task is on the PMU, a second pinned
 * event goes into error state (read() returns EOF) and a flexible one
 * never runs; once the exclusive one is closed the flexible one runs.
 * That needs no overflow interrupt, so it runs without Sscofpmf too.
 */
#define _GNU_SOURCE
#include "pmu-user.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/*
 * attr.sig_data: names our event. 32 bits: si_perf_data is a long, and
 * RV32 drops the upper half of the u64 (include/uapi/linux/perf_event.h).
 */
#define SIG_DATA       0x5e1fcafeUL
#define TRAP_PERF_CODE 6 /* si_code of a sigtrap (uapi siginfo) */

enum notify { NOTIFY_SIGTRAP, NOTIFY_FASYNC };

struct selfmon_run {
	const char *name;
	uint32_t type;
	uint64_t config;
	uint64_t period;
	unsigned int rounds; /* of the workload below */
	int pages;	     /* workload walks pages (dTLB) or computes */
	enum notify notify;
	int exact;     /* QEMU counts it exactly: the tighter bound */
	int user_only; /* exclude_kernel (see selfmon_attr()) */
};

/* What the handler sees; only it writes these while the event runs. */
static struct {
	struct uevent ev;
	uint64_t period;
	volatile int armed; /* the event is enabled: direct reads must work */
	volatile unsigned int handled;
	volatile unsigned int late;	  /* delivered after the disable */
	volatile unsigned int bad_signal; /* not ours: code, data or fd */
	volatile unsigned int unreadable; /* direct read refused */
	volatile unsigned int low;	  /* count < handled * period */
	volatile unsigned int back;	  /* count lower than last time */
	volatile uint64_t skipped;	  /* periods passed with no signal */
	volatile uint64_t last;		  /* count read in the last handler */
	volatile uint64_t first;
} sm;

/*
 * si_perf_data of a TRAP_PERF siginfo: the word after si_addr in the
 * kernel's _sigfault layout (include/uapi/asm-generic/siginfo.h), which
 * this glibc does not name yet.
 */
static unsigned long perf_data(const siginfo_t *si)
{
	unsigned long data;

	memcpy(&data, (const char *)&si->si_addr + sizeof(si->si_addr),
	       sizeof(data));
	return data;
}

static int signal_is_ours(int sig, const siginfo_t *si)
{
	if (sig == SIGTRAP)
		return si->si_code == TRAP_PERF_CODE &&
		       perf_data(si) == SIG_DATA;
	return si->si_code == POLL_IN && si->si_fd == sm.ev.fd;
}

/* The "EBB handler": count, read the counter directly, check it. */
static void on_overflow(int sig, siginfo_t *si, void *ctx)
{
	uint64_t v, k;

	(void)ctx;
	if (!signal_is_ours(sig, si)) {
		sm.bad_signal++;
		return;
	}
	k = ++sm.handled;
	if (!sm.armed) {
		/* Overflowed before the disable, delivered after it. */
		sm.late++;
		return;
	}
	if (uevent_read_direct(&sm.ev, &v) != UREAD_OK) {
		sm.unreadable++;
		return;
	}
	if (v < k * sm.period)
		sm.low++;
	if (v < sm.last)
		sm.back++;
	else if (v / sm.period > sm.last / sm.period + 1)
		sm.skipped += v / sm.period - sm.last / sm.period - 1;
	if (k == 1)
		sm.first = v;
	sm.last = v;
}

static void install(int sig)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_overflow;
	sa.sa_flags = SA_SIGINFO | SA_RESTART;
	sigemptyset(&sa.sa_mask);
	sigaction(sig, &sa, NULL);
}

static int fasync_signal(void)
{
	return SIGRTMIN + 1;
}

/* O_ASYNC to this thread, with a queued real-time signal carrying fd. */
static int setup_fasync(int fd)
{
	struct f_owner_ex owner = {.type = F_OWNER_TID, .pid = gettid()};
	int fl = fcntl(fd, F_GETFL);

	if (fl < 0 || fcntl(fd, F_SETOWN_EX, &owner) != 0 ||
	    fcntl(fd, F_SETSIG, fasync_signal()) != 0 ||
	    fcntl(fd, F_SETFL, fl | O_ASYNC) != 0)
		return -1;
	return 0;
}

/*
 * The EBB attribute rules: pinned, exclusive, on this task. The exact
 * runs count user mode only: Linux keeps one notification pending per
 * event, so an overflow the kernel's own misses cause before the task is
 * back in user mode (an interrupt, a migration on a loaded host) merges
 * with the one before it; seen as 1 of ~1200 signals missing in 2 of 9
 * boots, on both firmwares. In user mode the signal is taken before the
 * task runs on. QEMU 7.2 applies the filter to dTLB misses but not to
 * its cycle/instret counters, so the instructions run counts the kernel
 * too (exclude_kernel there would let a second overflow in the kernel
 * trip the kernel's WARN_ON for pending sigtraps).
 */
static void selfmon_attr(struct perf_event_attr *attr,
			 const struct selfmon_run *run)
{
	uattr_init(attr, run->type, run->config);
	attr->pinned = 1;
	attr->exclusive = 1;
	attr->exclude_kernel = run->user_only;
	attr->sample_period = run->period;
	if (run->notify == NOTIFY_SIGTRAP) {
		attr->sigtrap = 1;
		attr->remove_on_exec = 1; /* the kernel requires it */
		attr->sig_data = SIG_DATA;
	}
}

/*
 * Fixed work: a page walk for dTLB misses, or computation in slices with
 * a short sleep after each (see the file comment for why).
 */
static uint64_t selfmon_work(const struct selfmon_run *run)
{
	const struct timespec nap = {.tv_sec = 0, .tv_nsec = 50000};
	volatile uint64_t x = 1;

	for (unsigned int r = 0; r < run->rounds; r++) {
		if (run->pages) {
			x += uwork(2048);
			continue;
		}
		for (unsigned int i = 0; i < 1000000; i++)
			x = x * 6364136223846793005ULL + i;
		nanosleep(&nap, NULL);
	}
	return x;
}

static const char *notify_name(enum notify n)
{
	return n == NOTIFY_SIGTRAP ? "sigtrap" : "fasync";
}

/* The least number of signals the bounds of the file comment allow. */
static uint64_t min_handled(const struct selfmon_run *run, uint64_t expected)
{
	if (run->exact)
		return expected ? expected - 1 : 0;
	return 1;
}

/* Exact events: no period without its signal, but maybe the last. */
static int every_period(const struct selfmon_run *run, uint64_t tail)
{
	return !run->exact || (!sm.skipped && tail <= 1);
}

static void report_run(const char *test, const struct selfmon_run *run,
		       uint64_t count, uint32_t index)
{
	uint64_t expected = count / run->period;
	uint64_t tail = expected - sm.last / run->period;
	uint64_t min = min_handled(run, expected);
	int ok = sm.handled >= min && sm.handled <= expected &&
		 every_period(run, tail) && !sm.bad_signal && !sm.unreadable &&
		 !sm.low && !sm.back;

	ureport(test, ok ? "ok" : "FAIL",
		"handled=%u expected=%llu period=%llu counter=%s count=%llu "
		"min=%llu late=%u skipped=%llu tail=%llu first=%llu last=%llu "
		"index=%u notify=%s bad_signal=%u unreadable=%u low=%u "
		"back=%u",
		sm.handled, (unsigned long long)expected,
		(unsigned long long)run->period,
		index ? ucsr_name(index - 1) : "none",
		(unsigned long long)count, (unsigned long long)min, sm.late,
		(unsigned long long)sm.skipped, (unsigned long long)tail,
		(unsigned long long)sm.first, (unsigned long long)sm.last,
		index, notify_name(run->notify), sm.bad_signal, sm.unreadable,
		sm.low, sm.back);
}

static void selfmon_one(const struct selfmon_run *run)
{
	struct perf_event_attr attr;
	char test[64];
	uint64_t count = 0;
	uint32_t index;

	snprintf(test, sizeof(test), "selfmon:%s:%s", run->name,
		 notify_name(run->notify));
	memset(&sm, 0, sizeof(sm));
	sm.period = run->period;
	selfmon_attr(&attr, run);
	if (uevent_open(&sm.ev, &attr, 1) != 0) {
		ureport(test, "unavailable", "open=%s", strerror(errno));
		return;
	}
	if (run->notify == NOTIFY_FASYNC && setup_fasync(sm.ev.fd) != 0) {
		ureport(test, "FAIL", "fcntl=%s", strerror(errno));
		uevent_close(&sm.ev);
		return;
	}
	/* The EBB rule: enabled is not scheduled; read() says which. */
	sm.armed = 1;
	if (uevent_enable(&sm.ev) != 0 || uevent_read(&sm.ev, &count) != 1) {
		ureport(test, "FAIL", "scheduled=no");
		uevent_close(&sm.ev);
		return;
	}
	selfmon_work(run);
	index = uevent_index(&sm.ev);
	sm.armed = 0;
	uevent_disable(&sm.ev);
	uevent_read(&sm.ev, &count);
	report_run(test, run, count, index);
	uevent_close(&sm.ev);
}

/* read_format with both times: {value, enabled, running}. */
struct timed_read {
	uint64_t value, enabled, running;
};

static int open_timed(struct uevent *ev, uint64_t config, int pinned)
{
	struct perf_event_attr attr;

	uattr_init(&attr, PERF_TYPE_HARDWARE, config);
	attr.pinned = pinned;
	attr.read_format =
		PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;
	if (uevent_open(ev, &attr, 0) != 0)
		return -1;
	return uevent_enable(ev);
}

static ssize_t read_timed(const struct uevent *ev, struct timed_read *t)
{
	memset(t, 0, sizeof(*t));
	return read(ev->fd, t, sizeof(*t));
}

/* Pinned + exclusive excludes everyone else, as EBB events do. */
static void selfmon_exclusive(void)
{
	struct perf_event_attr attr;
	struct uevent excl, pinned, flex;
	struct timed_read p, f_during, f_after;
	uint64_t v = 0;
	ssize_t excl_n, pinned_n;
	int ok;

	uattr_init(&attr, PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES);
	attr.pinned = 1;
	attr.exclusive = 1;
	if (uevent_open(&excl, &attr, 0) != 0 || uevent_enable(&excl) != 0 ||
	    open_timed(&pinned, PERF_COUNT_HW_INSTRUCTIONS, 1) != 0 ||
	    open_timed(&flex, PERF_COUNT_HW_INSTRUCTIONS, 0) != 0) {
		ureport("selfmon:exclusive", "unavailable", "open=%s",
			strerror(errno));
		return;
	}
	uwork(256);
	excl_n = read(excl.fd, &v, sizeof(v));
	pinned_n = read_timed(&pinned, &p);
	read_timed(&flex, &f_during);
	uevent_close(&excl);
	/* Scheduled out and in again: only then may the flexible one go on. */
	usleep(2000);
	uwork(256);
	read_timed(&flex, &f_after);
	ok = excl_n == (ssize_t)sizeof(v) && v > 0 && pinned_n == 0 &&
	     f_during.enabled > 0 && f_during.running == 0 &&
	     f_after.running > 0;
	/* %ld: on RV32 nolibc's ssize_t is long, not int as %zd expects. */
	ureport("selfmon:exclusive", ok ? "ok" : "FAIL",
		"pinned_read=%ld flexible_running=%llu/%llu "
		"flexible_running_after=%llu exclusive_read=%ld",
		(long)pinned_n, (unsigned long long)f_during.running,
		(unsigned long long)f_during.enabled,
		(unsigned long long)f_after.running, (long)excl_n);
	uevent_close(&pinned);
	uevent_close(&flex);
}

/*
 * Periods: 10^6 instructions is a third of a millisecond of QEMU's
 * host-tick counters (one timer millisecond), 100 user-mode dTLB misses
 * about a twentieth of a walk of 2048 pages: a few thousand overflows a
 * second at most, under perf's throttling limit. instructions:fasync is
 * not in the default sequence (the dTLB runs compare the routes); name
 * it to run it.
 */
static const struct selfmon_run runs[] = {
	{"instructions", PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS,
	 1000000, 40, 0, NOTIFY_SIGTRAP, 0, 0},
	{"instructions", PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS,
	 1000000, 40, 0, NOTIFY_FASYNC, 0, 0},
	{"dTLB-load-misses", PERF_TYPE_HW_CACHE, 0, 100, 30, 1, NOTIFY_SIGTRAP,
	 1, 1},
	{"dTLB-load-misses", PERF_TYPE_HW_CACHE, 0, 100, 30, 1, NOTIFY_FASYNC,
	 1, 1},
};

/* "exclusive", or "<event>:<notify>" of one of the runs above. */
static int selfmon_by_name(const char *name)
{
	char test[64];

	if (strcmp(name, "exclusive") == 0) {
		selfmon_exclusive();
		return 0;
	}
	for (size_t i = 0; i < sizeof(runs) / sizeof(runs[0]); i++) {
		struct selfmon_run run = runs[i];

		snprintf(test, sizeof(test), "%s:%s", run.name,
			 notify_name(run.notify));
		if (strcmp(name, test) != 0)
			continue;
		if (run.type == PERF_TYPE_HW_CACHE)
			run.config = uattr_dtlb_read_miss();
		selfmon_one(&run);
		return 0;
	}
	fprintf(stderr, "pmu-user selfmon: no run '%s'\n", name);
	return -1;
}

/* With no arguments, the default sequence; else the runs named. */
int selfmon_main(int argc, char **argv)
{
	static const char *const defaults[] = {
		"exclusive", "dTLB-load-misses:sigtrap",
		"dTLB-load-misses:fasync", "instructions:sigtrap"};
	size_t n = argc > 1 ? (size_t)argc - 1
			    : sizeof(defaults) / sizeof(defaults[0]);

	install(SIGTRAP);
	install(fasync_signal());
	for (size_t i = 0; i < n; i++) {
		if (selfmon_by_name(argc > 1 ? argv[i + 1] : defaults[i]) != 0)
			return 2;
	}
	return 0;
}
