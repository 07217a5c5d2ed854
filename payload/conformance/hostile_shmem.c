/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Shared memory under a concurrent writer: a second hart rewrites the
 * snapshot area and an EVENT_GET_INFO table in a tight loop, with
 * pseudo-random words (reserved event_idx bits, known events, huge
 * values), while this hart makes the calls that use them:
 * SNAPSHOT_SET_SHMEM, CFG_MATCH, START(INIT_SNAPSHOT), STOP(TAKE_SNAPSHOT)
 * and EVENT_GET_INFO. Whatever the memory holds when the firmware reads
 * it, each call must get an answer its table allows for a valid call,
 * the firmware must write nothing outside the memory the call names
 * (guard bytes around both areas), nothing once the call has returned,
 * and must keep running. Whether the firmware reads each word only once
 * cannot be seen from S-mode; the host tests and the fuzzer check that.
 */
#include "check.h"
#include "env.h"
#include "groups.h"
#include "hart.h"
#include "memprobe.h"
#include "pmu.h"

#define HS_PAGE 4096UL
/*
 * Rounds of calls: at least HS_MIN_ROUNDS, and more until HS_MIN_OVERLAPS
 * calls that read or write an area overlapped writes of the other hart
 * (under QEMU's TCG the two harts may run in turns rather than at once),
 * but never more than HS_MAX_ROUNDS.
 */
#define HS_MIN_ROUNDS	256
#define HS_MIN_OVERLAPS 256
#define HS_MAX_ROUNDS	16384
/* Table 16: the overflow word and 64 values; the rest is reserved. */
#define HS_SNAP_WORDS (1 + SBI_PMU_SNAPSHOT_VALUES_COUNT)
#define HS_SNAP_USED  (8 * HS_SNAP_WORDS)
/* The table sits in the middle of its page, guard bytes either side. */
#define HS_ENTRIES	32
#define HS_TABLE_OFFSET 2048UL
#define HS_TABLE_BYTES	(HS_ENTRIES * SBI_PMU_EVENT_INFO_ENTRY_SIZE)
/* An output word as preset: the firmware writes only 0 or 1. */
#define HS_UNANSWERED 0xFFFFFFFFU

struct hs_entry {
	uint32_t event_idx;
	uint32_t output;
	uint64_t event_data;
};

/* A guard page, the snapshot page, a guard page. */
static uint8_t hs_snap_pages[3 * HS_PAGE] __attribute__((aligned(HS_PAGE)));
static uint8_t hs_info_page[HS_PAGE] __attribute__((aligned(HS_PAGE)));
/* A table no writer touches, for the calls after the writer stopped. */
static struct hs_entry hs_quiet_table[1] __attribute__((aligned(16)));

static uint8_t *hs_snap(void)
{
	return hs_snap_pages + HS_PAGE;
}

static volatile struct hs_entry *hs_table(void)
{
	return (volatile struct hs_entry *)(hs_info_page + HS_TABLE_OFFSET);
}

/* ---- the writer, on the other hart ---- */

struct hs_writer {
	unsigned long stop;   /* set by this hart, read with acquire */
	bool snap, info;      /* the areas it rewrites */
	uint64_t state;	      /* xorshift64, never 0 */
	unsigned long writes; /* so far, published as it goes */
};

static uint64_t hs_next(uint64_t *state)
{
	uint64_t x = *state;

	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	*state = x;
	return x;
}

/*
 * An event_idx word: one in eight with a reserved bit set (which ends
 * EVENT_GET_INFO's answers there), the rest events of every type, so
 * that the answers before it take every path.
 */
static uint32_t hs_event_word(uint64_t r)
{
	switch (r & 7) {
	case 0: /* cycles with a reserved bit */
		return (uint32_t)(1UL << (20 + (r >> 3) % 12)) | EV_CYCLES;
	case 1:
	case 2: /* a general or cache event, code below 64 or not */
		return (uint32_t)((r >> 3) & (r & 0x40 ? 0x1FFFF : 0x1003F));
	case 3:
	case 4: /* a firmware event: mostly a standard one */
		return EV_FW((r >> 3) & (r & 0x80 ? 0xFFFF : 0x1F));
	case 5: /* the platform's firmware event */
		return EV_FW(SBI_PMU_FW_PLATFORM);
	case 6: /* a raw event (type 2 or 3) */
		return EV(SBI_PMU_EVENT_TYPE_HW_RAW + ((r >> 3) & 1),
			  (r >> 4) & 0xFFFF);
	default: /* a type no event has (4-14) */
		return EV(4 + (r >> 3) % 11, (r >> 7) & 0xFFFF);
	}
}

/* An event_data word or a snapshot word: extremes and noise. */
static uint64_t hs_value(uint64_t r)
{
	switch (r & 7) {
	case 0:
		return ~0ULL;
	case 1:
		return 1ULL << 63;
	case 2:
		return 0;
	case 3:
		return (r >> 3) & 0xFF;
	default:
		return r;
	}
}

static void hs_write_one(struct hs_writer *w)
{
	uint64_t r = hs_next(&w->state), v = hs_next(&w->state);
	volatile struct hs_entry *e;

	if (w->snap && (!w->info || (r & 1))) {
		volatile uint64_t *words = (volatile uint64_t *)hs_snap();

		words[(r >> 1) % HS_SNAP_WORDS] = hs_value(v);
		return;
	}
	e = &hs_table()[(r >> 1) % HS_ENTRIES];
	if (r & 0x100)
		e->event_idx = hs_event_word(v);
	else
		e->event_data = hs_value(v);
}

/* Runs on the other hart until told to stop (bounded all the same). */
static void hs_writer_run(void *arg)
{
	struct hs_writer *w = arg;
	unsigned long n;

	for (n = 0; n < HART_SPIN_BUDGET; n++) {
		if (__atomic_load_n(&w->stop, __ATOMIC_ACQUIRE))
			break;
		hs_write_one(w);
		__atomic_store_n(&w->writes, n + 1, __ATOMIC_RELAXED);
	}
}

/* ---- the calls, on this hart ---- */

/* The first answer outside its call's accepted set. */
struct hs_bad {
	bool seen;
	const char *call;
	unsigned int round;
	errset_t accept;
	struct sbiret got;
};

struct hs_run {
	const struct hs_writer *w;
	unsigned int rounds;
	unsigned long overlaps; /* calls during which the writer wrote */
	struct hs_bad snap, info;
	unsigned int info_success, info_param; /* EVENT_GET_INFO answers */
	unsigned int bad_output_round; /* 0: every output 0, 1 or unwritten */
	uint32_t bad_output;
};

static unsigned long hs_writes(const struct hs_run *run)
{
	return __atomic_load_n(&run->w->writes, __ATOMIC_RELAXED);
}

/* Count the call that started at writer count @t if writes happened. */
static void hs_overlap(struct hs_run *run, unsigned long t)
{
	run->overlaps += hs_writes(run) != t;
}

static void hs_judge(struct hs_bad *bad, const char *call, unsigned int round,
		     errset_t accept, struct sbiret got)
{
	bool known = got.error <= 0 && got.error > -32;

	if (bad->seen || (known && (ERR_BIT(got.error) & accept)))
		return;
	bad->seen = true;
	bad->call = call;
	bad->round = round;
	bad->accept = accept;
	bad->got = got;
}

/*
 * One round on the snapshot area: set it, take a firmware counter, start
 * it from slot k and stop it into slot k (cbase = counter - k, so the
 * rounds walk the slots), give it back. Any value is a valid initial
 * value: nothing the area holds can make these valid calls fail.
 */
static void hs_snap_round(struct hs_run *run, unsigned int round)
{
	const errset_t ok = ERRS1(SBI_SUCCESS);
	struct sbiret m, r;
	unsigned long k, t;

	r = pmu_snapshot_set((unsigned long)hs_snap(), 0, 0);
	hs_judge(&run->snap, "SNAPSHOT_SET_SHMEM", round, ok, r);
	m = pmu_match_set(env_fw_set(), 0, EV_SET_TIMER);
	hs_judge(&run->snap, "CFG_MATCH", round, ok, m);
	if (m.error)
		return;
	k = round % ((m.value < XLEN - 1 ? m.value : XLEN - 1) + 1);
	t = hs_writes(run);
	r = pmu_start(m.value - k, 1UL << k, SBI_PMU_START_FLAG_INIT_SNAPSHOT,
		      0);
	hs_overlap(run, t);
	hs_judge(&run->snap, "START(INIT_SNAPSHOT)", round, ok, r);
	t = hs_writes(run);
	r = pmu_stop(m.value - k, 1UL << k, SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT);
	hs_overlap(run, t);
	hs_judge(&run->snap, "STOP(TAKE_SNAPSHOT)", round, ok, r);
	pmu_release(m.value);
}

/* Table 18: an output word the firmware wrote is 0 or 1. */
static void hs_info_outputs(struct hs_run *run, unsigned int round)
{
	volatile struct hs_entry *t = hs_table();
	unsigned int i;

	for (i = 0; i < HS_ENTRIES; i++) {
		uint32_t out = t[i].output;

		if (out > 1 && out != HS_UNANSWERED && !run->bad_output_round) {
			run->bad_output_round = round + 1;
			run->bad_output = out;
		}
		t[i].output = HS_UNANSWERED;
	}
}

/*
 * One EVENT_GET_INFO over the table being rewritten: the memory is
 * valid, aligned and the suite's own, so table 19 leaves SUCCESS and,
 * for a reserved bit the writer set, INVALID_PARAM.
 */
static void hs_info_round(struct hs_run *run, unsigned int round)
{
	unsigned long t = hs_writes(run);
	struct sbiret r =
		pmu_event_info((unsigned long)hs_table(), 0, HS_ENTRIES, 0);

	hs_overlap(run, t);
	hs_judge(&run->info, "EVENT_GET_INFO", round,
		 ERRS2(SBI_SUCCESS, SBI_ERR_INVALID_PARAM), r);
	run->info_success += r.error == SBI_SUCCESS;
	run->info_param += r.error == SBI_ERR_INVALID_PARAM;
	hs_info_outputs(run, round);
}

/* ---- the checks ---- */

static const char hs_why_answers[] =
	"the firmware must not crash or misbehave whatever S-mode memory "
	"holds: another hart rewriting the area cannot make a valid call "
	"fail (any value is an initial value; table 19 has INVALID_PARAM "
	"for a reserved event_idx bit and SUCCESS otherwise)";

static void hs_report_answers(const char *name, const struct hs_bad *bad)
{
	char expected[96];

	if (!bad->seen) {
		check_pass(name);
		return;
	}
	check_format_errset(expected, sizeof(expected), bad->accept);
	check_fail(name, hs_why_answers, expected, "%s from %s in round %u",
		   check_error_name(bad->got.error), bad->call, bad->round);
}

/* Bytes that must keep the pattern (memprobe.h). */
struct hs_guard {
	const uint8_t *p;
	unsigned long size;
	const char *what;
};

/* PASS if every guard kept the pattern; else names the first change. */
static void hs_guards(const char *name, const char *why,
		      const struct hs_guard *g, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		long changed = memprobe_changed(g[i].p, g[i].size);

		if (changed >= 0) {
			check_fail(name, why, "the guard bytes unchanged",
				   "%s: byte 0x%lx changed", g[i].what,
				   changed);
			return;
		}
	}
	check_pass(name);
}

static void hs_snap_guards(void)
{
	const struct hs_guard g[] = {
		{hs_snap_pages, HS_PAGE, "the page before"},
		{hs_snap() + HS_SNAP_USED, HS_PAGE - HS_SNAP_USED,
		 "the reserved area (from offset 0x208)"},
		{hs_snap() + HS_PAGE, HS_PAGE, "the page after"},
	};

	hs_guards("robustness.concurrent_writer.snapshot.nothing_outside_"
		  "layout",
		  "table 16: the firmware writes the overflow bitmap and "
		  "counter_values (bytes 0x0-0x207 of the page) only; the "
		  "reserved rest and the memory around the page are not its "
		  "to write, whatever the area holds",
		  g, 3);
}

static void hs_info_guards(void)
{
	const struct hs_guard g[] = {
		{hs_info_page, HS_TABLE_OFFSET, "before the table"},
		{hs_info_page + HS_TABLE_OFFSET + HS_TABLE_BYTES,
		 HS_PAGE - HS_TABLE_OFFSET - HS_TABLE_BYTES, "after the table"},
	};

	hs_guards("robustness.concurrent_writer.event_get_info.nothing_"
		  "outside_table",
		  "table 19: the shared memory is 16 * num_entries bytes from "
		  "shmem_phys_lo; the bytes either side are not the "
		  "firmware's, whatever the table holds",
		  g, 2);
}

/* CFG_MATCH in @set, START and STOP without snapshot flags, release. */
static void hs_start_stop_plain(struct ctr_set set, unsigned long event)
{
	struct sbiret m;

	if (!set.mask)
		return;
	m = pmu_match_set(set, 0, event);
	if (m.error)
		return;
	pmu_start(m.value, 1, 0, 0);
	pmu_stop(m.value, 1, 0);
	pmu_release(m.value);
}

/*
 * With the writer stopped and both areas filled with the pattern, calls
 * that do not name them: START and STOP without snapshot flags on a
 * firmware and a hardware counter (the snapshot area still set),
 * EVENT_GET_INFO on another table. Neither area may change.
 */
static void hs_untouched_after(bool snap, bool info)
{
	const struct hs_guard snap_pages = {
		hs_snap_pages, sizeof(hs_snap_pages), "the snapshot pages"};
	const struct hs_guard info_page = {hs_info_page, sizeof(hs_info_page),
					   "the table's page"};

	memprobe_fill(hs_snap_pages, sizeof(hs_snap_pages));
	memprobe_fill(hs_info_page, sizeof(hs_info_page));
	if (snap) {
		hs_start_stop_plain(env_fw_set(), EV_SET_TIMER);
		hs_start_stop_plain(env_hw_set(WANT_CYCLES), EV_CYCLES);
		hs_guards("robustness.concurrent_writer.snapshot.untouched_by_"
			  "other_calls",
			  "FID 7: the SBI implementation must not access this "
			  "memory any other time than STOP with TAKE_SNAPSHOT "
			  "and START with INIT_SNAPSHOT",
			  &snap_pages, 1);
	}
	if (info) {
		hs_quiet_table[0] = (struct hs_entry){EV_CYCLES, 0, 0};
		pmu_event_info((unsigned long)hs_quiet_table, 0, 1, 0);
		hs_guards("robustness.concurrent_writer.event_get_info."
			  "untouched_after_return",
			  "FID 8: the SBI implementation MUST NOT touch the "
			  "shared memory once this call returns",
			  &info_page, 1);
	}
}

/* ---- the group ---- */

/* Which areas the firmware offers; SKIPs the rest. */
static void hs_probe(bool *snap, bool *info)
{
	*snap = env_version_at_least(2, 0) && env.nfw &&
		!pmu_snapshot_set((unsigned long)hs_snap(), 0, 0).error;
	if (env_version_at_least(2, 0))
		pmu_snapshot_set(ULONG_ALL_ONES, ULONG_ALL_ONES, 0);
	hs_quiet_table[0] = (struct hs_entry){EV_CYCLES, 0, 0};
	*info = env_version_at_least(3, 0) &&
		!pmu_event_info((unsigned long)hs_quiet_table, 0, 1, 0).error;
	if (!*snap)
		check_skip("robustness.concurrent_writer.snapshot",
			   "needs SNAPSHOT_SET_SHMEM (SBI >= 2.0, accepted "
			   "here) and a firmware counter");
	if (!*info)
		check_skip("robustness.concurrent_writer.event_get_info",
			   "needs EVENT_GET_INFO (SBI >= 3.0)");
}

/* The rounds with the writer running on @hart; false if it never came back. */
static bool hs_rounds(unsigned long hart, struct hs_writer *w,
		      struct hs_run *run)
{
	unsigned int i;

	memprobe_fill(hs_snap_pages, sizeof(hs_snap_pages));
	memprobe_fill(hs_info_page, sizeof(hs_info_page));
	for (i = 0; i < HS_ENTRIES; i++) {
		hs_table()[i].event_idx = (uint32_t)EV_CYCLES;
		hs_table()[i].output = HS_UNANSWERED;
		hs_table()[i].event_data = 0;
	}
	run->w = w;
	if (!hart_post(hart, hs_writer_run, w))
		return false;
	for (i = 0; i < HS_MAX_ROUNDS; i++) {
		if (i >= HS_MIN_ROUNDS && run->overlaps >= HS_MIN_OVERLAPS)
			break;
		if (w->snap)
			hs_snap_round(run, i);
		if (w->info)
			hs_info_round(run, i);
	}
	run->rounds = i;
	__atomic_store_n(&w->stop, 1, __ATOMIC_RELEASE);
	return hart_wait(hart);
}

void hostile_shmem_run(void)
{
	static struct hs_writer w;
	static struct hs_run run;
	bool snap, info, back;
	long err;

	if (!env.nharts) {
		check_skip("robustness.concurrent_writer",
			   "needs a second hart (HSM knows only this one)");
		return;
	}
	hs_probe(&snap, &info);
	if (!snap && !info)
		return;
	err = hart_boot(env.harts[0]);
	if (err != SBI_SUCCESS) {
		check_skip("robustness.concurrent_writer",
			   "hart %lu did not start: %s", env.harts[0],
			   check_error_name(err));
		return;
	}
	w = (struct hs_writer){
		.snap = snap, .info = info, .state = 0x9E3779B97F4A7C15ULL};
	run = (struct hs_run){0};
	back = hs_rounds(env.harts[0], &w, &run);
	check_note("writer on hart %lu: %lu writes during %u rounds, %lu "
		   "calls overlapped writes; EVENT_GET_INFO: %u SUCCESS, %u "
		   "INVALID_PARAM",
		   env.harts[0], w.writes, run.rounds, run.overlaps,
		   run.info_success, run.info_param);
	if (snap) {
		hs_report_answers(
			"robustness.concurrent_writer.snapshot.calls_succeed",
			&run.snap);
		hs_snap_guards();
	}
	if (info) {
		hs_report_answers("robustness.concurrent_writer.event_get_info."
				  "defined_answers",
				  &run.info);
		check_true("robustness.concurrent_writer.event_get_info."
			   "outputs_zero_or_one",
			   "table 18: the implementation updates the entire "
			   "output word; BIT[1:31] are reserved and must be "
			   "zero",
			   !run.bad_output_round, "0, 1 or not written",
			   "0x%x after round %u", (unsigned int)run.bad_output,
			   run.bad_output_round - 1);
		hs_info_guards();
	}
	hs_untouched_after(snap, info);
	check_true("robustness.concurrent_writer.firmware_alive",
		   "the firmware must not crash or hang on anything S-mode "
		   "does: afterwards NUM_COUNTERS answers as at boot and the "
		   "writer hart came back when told to stop",
		   back && pmu_alive(), "both",
		   "writer back: %s, NUM_COUNTERS as at boot: %s",
		   back ? "yes" : "no", pmu_alive() ? "yes" : "no");
	if (snap)
		pmu_snapshot_set(ULONG_ALL_ONES, ULONG_ALL_ONES, 0);
}
