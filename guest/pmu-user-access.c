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
 * Modes 1 and 2 end with the carry test (mode1:carry, mode2:carry, see
 * carry_test()): the cycles counter read across a wrap of its low half,
 * the case that RV32's two-CSR reads must get right.
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
#include <time.h>

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

/*
 * The carry test (issue 20): RV32 reads a 64-bit counter in two halves,
 * and a read must never go back when the low half wraps between them.
 * One cycles counter is read back to back until its high half moves or
 * CARRY_DEADLINE_S pass (QEMU's cycle counters follow the host's TSC
 * without -icount, 2.4e9/s here: a wrap every 1.8 s), with
 * rdcycle/rdcycleh in mode 2, through the event's user page in mode 1.
 * Every read must be >= the one before it, and a carry must be seen. On
 * RV64 the same loop watches bit 32 of the one-csrr value, so it runs on
 * both.
 *
 * ucsr_read() returns the counter as it was at one instant, so each step
 * between two reads also shows what the counter itself did. A 64-bit
 * counter read far less than 2^31 counts apart (the counter stops while
 * the task is off the CPU) moves its high half exactly when its low half
 * wraps. If one happens without the other (lone_carries, lone_wraps),
 * the two CSRs are not halves of one counter and no reader can make it
 * monotonic: the test is "unavailable" there, not failed.
 * QEMU's RV32 cycle/instret counters are such (riscv_pmu_read_ctr()
 * computes each half on its own, with no carry between them).
 *
 * Beside each read, a naive one (ucsr_read_naive(): low half, then high
 * half, no retry) shows what the retry protects from: a carry between
 * its two halves makes it 2^32 too high, and the next naive read lower.
 * Its steps back are reported, not judged: a carry falls between the two
 * halves of a read only now and then.
 */
#define CARRY_DEADLINE_S  20
#define CARRY_CLOCK_READS 1024 /* reads between looks at the clock */

/* Where one carry test reads: the CSR itself, or an mmapped event. */
struct carry_probe {
	const char *test;
	unsigned int csr;	 /* the counter */
	const struct uevent *ev; /* mode 1: read through its page */
};

struct carry_stats {
	unsigned long reads;
	unsigned int unreadable;   /* the page refused a direct read */
	unsigned int carries;	   /* low half wrapped, high half moved */
	unsigned int lone_carries; /* high half moved alone */
	unsigned int lone_wraps;   /* low half wrapped alone */
	unsigned int back;	   /* a read lower than the one before */
	unsigned int naive_back;   /* the same, for the naive reads */
	uint64_t first, last, naive_last;
	uint64_t raw; /* the counter itself at the last read */
};

/*
 * The counter itself (not the event's count) as the last read saw it: a
 * ucsr_reader has no context argument, so carry_read_raw() leaves it here.
 */
static uint64_t carry_raw;

static uint64_t carry_read_raw(unsigned int n)
{
	carry_raw = ucsr_read(n);
	return carry_raw;
}

/* One read of the probe's counter by rd; 0, or -1 if the page refused. */
static int carry_read(const struct carry_probe *p, ucsr_reader rd,
		      uint64_t *val)
{
	if (!p->ev) {
		*val = rd(p->csr);
		return 0;
	}
	return uevent_read_direct_by(p->ev, rd, val) == UREAD_OK ? 0 : -1;
}

/* What the counter's two halves did between the last read and this one. */
static void carry_classify(struct carry_stats *st, uint64_t raw)
{
	int moved = raw >> 32 != st->raw >> 32;
	int wrapped = (uint32_t)raw < (uint32_t)st->raw;

	if (moved && wrapped)
		st->carries++;
	else if (moved)
		st->lone_carries++;
	else if (wrapped)
		st->lone_wraps++;
}

static void carry_step(struct carry_stats *st, const struct carry_probe *p)
{
	uint64_t v, naive;

	if (carry_read(p, carry_read_raw, &v) != 0 ||
	    carry_read(p, ucsr_read_naive, &naive) != 0) {
		st->unreadable++;
		return;
	}
	if (st->reads) {
		carry_classify(st, carry_raw);
		st->back += v < st->last;
		st->naive_back += naive < st->naive_last;
	} else {
		st->first = v;
	}
	st->raw = carry_raw;
	st->last = v;
	st->naive_last = naive;
	st->reads++;
}

static uint64_t now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

static const char *carry_result(const struct carry_stats *st)
{
	if (st->unreadable)
		return "FAIL";
	if (st->lone_carries || st->lone_wraps)
		return "unavailable"; /* not one 64-bit counter */
	return st->carries && !st->back ? "ok" : "FAIL";
}

static void carry_test(const struct carry_probe *p)
{
	struct carry_stats st;
	uint64_t start = now_ms(), now = start;

	memset(&st, 0, sizeof(st));
	while (!st.carries && !st.lone_carries && !st.unreadable &&
	       now - start < CARRY_DEADLINE_S * 1000) {
		for (unsigned int i = 0; i < CARRY_CLOCK_READS; i++)
			carry_step(&st, p);
		now = now_ms();
	}
	ureport(p->test, carry_result(&st),
		"carries=%u reads=%lu back=%u naive_back=%u lone_carries=%u "
		"lone_wraps=%u counter=%s unreadable=%u ms=%llu first=%llu "
		"last=%llu",
		st.carries, st.reads, st.back, st.naive_back, st.lone_carries,
		st.lone_wraps, ucsr_name(p->csr), st.unreadable,
		(unsigned long long)(now - start), (unsigned long long)st.first,
		(unsigned long long)st.last);
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

/* The carry test through the cycles event's page, if it is readable. */
static void mode1_carry(const struct uevent *ev)
{
	struct carry_probe p = {.test = "mode1:carry", .ev = ev};
	uint32_t index = ev->fd >= 0 ? uevent_index(ev) : 0;

	if (!index) {
		ureport(p.test, "unavailable", "index=0");
		return;
	}
	p.csr = index - 1;
	carry_test(&p);
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
	}
	mode1_carry(&evs[0].ev);
	for (size_t e = 0; e < n; e++)
		uevent_close(&evs[e].ev);
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
	carry_test(&(struct carry_probe){.test = "mode2:carry", .csr = 0});
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
