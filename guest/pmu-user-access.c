/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * `pmu-user access`: the three kernel.perf_user_access modes of Linux's
 * RISC-V PMU driver, seen from a task (Documentation/admin-guide/sysctl/
 * kernel.rst, "perf_user_access"):
 *
 *  1 (default)  a task reads its own, mmapped perf events directly: the
 *               user page says cap_user_rdpmc and index = counter + 1, the
 *               kernel opens that one counter in scounteren while the
 *               event runs. Checked for cycles, instructions and
 *               dTLB-load-misses (an hpm event QEMU backs): the direct
 *               reads never go back, advance over the run, and every 10th
 *               read() of the event lies between a direct read just before
 *               and one just after it. That bracket has no tolerance: both
 *               are the same counter, which only counts up, and read()
 *               happens between the two. Its width (the cost of the
 *               read() system call in counts) is reported, not judged.
 *               Before any event is mapped, rdcycle and rdinstret trap.
 *  2 (legacy)   scounteren = cycle|time|instret for every task; cycles and
 *               instructions events go to the fixed counters 0 and 2
 *               (SBI SKIP_MATCH, no prior match). rdcycle/rdinstret work
 *               with no event open (they count only while one is: Linux's
 *               boot STOP(all, RESET) stopped them, reported as
 *               counting=yes|no), and with the events open they are
 *               non-zero, never go back, advance, sit on counters 0 and 2
 *               (index 1 and 3) and bracket read() like mode 1.
 *  0            no direct access: the user page says no rdpmc and index 0,
 *               and rdcycle, rdinstret and hpmcounter3 raise SIGILL.
 *
 * The sysctl is restored to its value at start.
 */
#define _GNU_SOURCE
#include "pmu-user.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define READS	      1000 /* direct reads per event */
#define BRACKET_EVERY 10

struct access_stats {
	unsigned int reads;	  /* successful direct reads */
	unsigned int unreadable;  /* direct reads the page refused */
	unsigned int back;	  /* a read lower than the one before */
	unsigned int zero;	  /* reads of 0 */
	unsigned int brackets;	  /* read() calls bracketed */
	unsigned int bracket_bad; /* read() outside its bracket */
	uint64_t first, last;
	uint64_t window_max; /* widest bracket seen */
	uint64_t bad[3];     /* first failing bracket: before, read(), after */
};

struct access_event {
	const char *name;
	uint32_t type;
	uint64_t config;
	struct uevent ev;
	struct access_stats st;
};

static void stats_add(struct access_stats *st, uint64_t v)
{
	if (st->reads && v < st->last)
		st->back++;
	if (!st->reads)
		st->first = v;
	st->zero += v == 0;
	st->last = v;
	st->reads++;
}

/* A read() of the event between two direct reads of its counter. */
static void stats_bracket(struct access_stats *st, const struct uevent *ev)
{
	uint64_t before = 0, sys = 0, after = 0;
	int ok = uevent_read_direct(ev, &before) == UREAD_OK &&
		 uevent_read(ev, &sys) == 1 &&
		 uevent_read_direct(ev, &after) == UREAD_OK;

	st->brackets++;
	if (ok && before <= sys && sys <= after) {
		if (after - before > st->window_max)
			st->window_max = after - before;
		return;
	}
	if (!st->bracket_bad++) {
		st->bad[0] = before;
		st->bad[1] = sys;
		st->bad[2] = after;
	}
}

/* One direct read per event per round, a bracket every 10th round. */
static void access_loop(struct access_event *evs, size_t n)
{
	for (unsigned int i = 0; i < READS; i++) {
		for (size_t e = 0; e < n; e++) {
			uint64_t v;

			if (evs[e].ev.fd < 0)
				continue;
			if (uevent_read_direct(&evs[e].ev, &v) != UREAD_OK) {
				evs[e].st.unreadable++;
				continue;
			}
			stats_add(&evs[e].st, v);
			if (i % BRACKET_EVERY == BRACKET_EVERY - 1)
				stats_bracket(&evs[e].st, &evs[e].ev);
		}
		uwork(1);
	}
}

static int stats_good(const struct access_stats *st)
{
	return st->reads == READS && !st->back && !st->zero &&
	       st->last > st->first && !st->bracket_bad;
}

static void report_stats(const char *test, const struct access_event *ae,
			 uint32_t index)
{
	const struct access_stats *st = &ae->st;
	const struct perf_event_mmap_page *pc = ae->ev.page;

	ureport(test, stats_good(st) ? "ok" : "FAIL",
		"counter=%s reads=%u bracketed=%u/%u back=%u index=%u width=%u "
		"unreadable=%u zero=%u delta=%llu window_max=%llu "
		"bad=%llu/%llu/%llu",
		index ? ucsr_name(index - 1) : "none", st->reads,
		st->brackets - st->bracket_bad, st->brackets, st->back, index,
		(unsigned int)pc->pmc_width, st->unreadable, st->zero,
		(unsigned long long)(st->last - st->first),
		(unsigned long long)st->window_max,
		(unsigned long long)st->bad[0], (unsigned long long)st->bad[1],
		(unsigned long long)st->bad[2]);
}

/* Opens, maps and enables; pinned so the index never drops to 0. */
static int access_open(struct access_event *ae, const char *test)
{
	struct perf_event_attr attr;

	uattr_init(&attr, ae->type, ae->config);
	attr.pinned = 1;
	memset(&ae->st, 0, sizeof(ae->st));
	if (uevent_open(&ae->ev, &attr, 1) != 0 || uevent_enable(&ae->ev)) {
		ureport(test, "unavailable", "open=%s", strerror(errno));
		uevent_close(&ae->ev);
		return -1;
	}
	return 0;
}

static const char *read_word(int readable)
{
	return readable ? "read" : "sigill";
}

/* Mode 1 with nothing mapped: scounteren has only `time`. */
static void mode1_ungranted(void)
{
	uint64_t v;
	int cyc = ucsr_try_read(0, &v), ins = ucsr_try_read(2, &v);

	ureport("mode1:ungranted", !cyc && !ins ? "ok" : "FAIL",
		"rdcycle=%s rdinstret=%s", read_word(cyc), read_word(ins));
}

static void mode1(void)
{
	struct access_event evs[] = {
		{.name = "cycles",
		 .type = PERF_TYPE_HARDWARE,
		 .config = PERF_COUNT_HW_CPU_CYCLES},
		{.name = "instructions",
		 .type = PERF_TYPE_HARDWARE,
		 .config = PERF_COUNT_HW_INSTRUCTIONS},
		{.name = "dTLB-load-misses",
		 .type = PERF_TYPE_HW_CACHE,
		 .config = uattr_dtlb_read_miss()},
	};
	size_t n = sizeof(evs) / sizeof(evs[0]);
	char test[64];

	mode1_ungranted();
	for (size_t e = 0; e < n; e++) {
		snprintf(test, sizeof(test), "mode1:%s", evs[e].name);
		access_open(&evs[e], test);
	}
	access_loop(evs, n);
	for (size_t e = 0; e < n; e++) {
		if (evs[e].ev.fd < 0)
			continue;
		snprintf(test, sizeof(test), "mode1:%s", evs[e].name);
		report_stats(test, &evs[e], uevent_index(&evs[e].ev));
		uevent_close(&evs[e].ev);
	}
}

/*
 * rdcycle/rdinstret with no event: allowed, and never going back (on
 * QEMU 7.2 a stopped counter read live once, then as its last written
 * value, 0 if none was, unless the firmware works around it:
 * docs/firmware.md). Not judged: whether they count (Linux's boot STOP
 * stopped them) and their value.
 */
static void mode2_idle(void)
{
	uint64_t c0 = 0, c1 = 0, i0 = 0, i1 = 0;
	int ok = ucsr_try_read(0, &c0) && ucsr_try_read(2, &i0);

	uwork(64);
	ok = ok && ucsr_try_read(0, &c1) && ucsr_try_read(2, &i1);
	ureport("mode2:idle", ok && c1 >= c0 && i1 >= i0 ? "ok" : "FAIL",
		"rdcycle=%s rdinstret=%s cycle=%llu,%llu instret=%llu,%llu "
		"cycle_counting=%s instret_counting=%s",
		read_word(ok), read_word(ok), (unsigned long long)c0,
		(unsigned long long)c1, (unsigned long long)i0,
		(unsigned long long)i1, c1 > c0 ? "yes" : "no",
		i1 > i0 ? "yes" : "no");
}

/* The legacy way: rdcycle/rdinstret themselves, no user page. */
static void legacy_loop(struct access_event *evs, const unsigned int *csr,
			size_t n)
{
	for (unsigned int i = 0; i < READS; i++) {
		for (size_t e = 0; e < n; e++) {
			stats_add(&evs[e].st, ucsr_read(csr[e]));
			if (i % BRACKET_EVERY == BRACKET_EVERY - 1)
				stats_bracket(&evs[e].st, &evs[e].ev);
		}
		uwork(1);
	}
}

static void mode2(void)
{
	struct access_event evs[] = {
		{.name = "cycles",
		 .type = PERF_TYPE_HARDWARE,
		 .config = PERF_COUNT_HW_CPU_CYCLES},
		{.name = "instructions",
		 .type = PERF_TYPE_HARDWARE,
		 .config = PERF_COUNT_HW_INSTRUCTIONS},
	};
	const unsigned int csr[] = {0, 2}; /* what legacy code reads */
	uint64_t v;
	char test[64];

	mode2_idle();
	for (size_t e = 0; e < 2; e++) {
		snprintf(test, sizeof(test), "mode2:%s", evs[e].name);
		if (access_open(&evs[e], test) != 0)
			goto out;
	}
	if (!ucsr_try_read(0, &v) || !ucsr_try_read(2, &v)) {
		ureport("mode2:cycles", "FAIL", "rdcycle=sigill");
		goto out;
	}
	legacy_loop(evs, csr, 2);
	for (size_t e = 0; e < 2; e++) {
		snprintf(test, sizeof(test), "mode2:%s", evs[e].name);
		report_stats(test, &evs[e], uevent_index(&evs[e].ev));
	}
out:
	for (size_t e = 0; e < 2; e++)
		uevent_close(&evs[e].ev);
}

static void mode0(void)
{
	struct access_event ae = {.name = "cycles",
				  .type = PERF_TYPE_HARDWARE,
				  .config = PERF_COUNT_HW_CPU_CYCLES};
	uint64_t v = 0, count = 0;
	int cyc, ins, hpm, cap, index;

	if (access_open(&ae, "mode0:cycles") != 0)
		return;
	uwork(64);
	cap = ae.ev.page->cap_user_rdpmc;
	index = (int)uevent_index(&ae.ev);
	cyc = ucsr_try_read(0, &v);
	ins = ucsr_try_read(2, &v);
	hpm = ucsr_try_read(3, &v);
	uevent_read(&ae.ev, &count);
	ureport("mode0:cycles",
		!cap && !index && !cyc && !ins && !hpm && count ? "ok" : "FAIL",
		"rdcycle=%s rdinstret=%s hpmcounter3=%s cap_user_rdpmc=%d "
		"index=%d read()=%llu",
		read_word(cyc), read_word(ins), read_word(hpm), cap, index,
		(unsigned long long)count);
	uevent_close(&ae.ev);
}

/* Runs one mode with the sysctl set; says so if it cannot be set. */
static void with_mode(int mode, void (*fn)(void))
{
	char test[16];

	if (user_access_set(mode) != 0 || user_access_get() != mode) {
		snprintf(test, sizeof(test), "mode%d:sysctl", mode);
		ureport(test, "FAIL", "write=%s", strerror(errno));
		return;
	}
	fn();
}

/* With no arguments modes 1, 2, 0 in that order; else the modes named. */
int user_access_main(int argc, char **argv)
{
	static void (*const fns[])(void) = {mode0, mode1, mode2};
	static const char *const defaults[] = {"1", "2", "0"};
	int initial = user_access_get();
	size_t n = argc > 1 ? (size_t)argc - 1
			    : sizeof(defaults) / sizeof(defaults[0]);

	if (initial < 0) {
		ureport("sysctl", "unavailable", "perf_user_access=%s",
			strerror(errno));
		return 1;
	}
	for (size_t i = 0; i < n; i++) {
		int mode = atoi(argc > 1 ? argv[i + 1] : defaults[i]);

		if (mode < 0 || mode > 2)
			return 2;
		with_mode(mode, fns[mode]);
	}
	if (user_access_set(initial) != 0)
		ureport("sysctl:restore", "FAIL", "mode=%d", initial);
	return 0;
}
