/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The counters as the firmware hands them over, observed before the
 * suite makes any SBI call (handoff_observe(), first thing in main.c)
 * and judged in the "handoff" group once discovery has run:
 *  - cycle and instret count for a payload that never calls the PMU
 *    extension. Not an SBI rule but the convention S-mode payloads,
 *    boot loaders and benchmarks rely on: OpenSBI hands over with
 *    mcountinhibit = 0xFFFFFFF8 and mcounteren open.
 *  - The firmware's answers agree with what the hardware does: while such
 *    a counter visibly counts, START must not report it stopped and STOP
 *    must not report it already stopped. A firmware that accepts only
 *    counters configured through CFG_MATCH may call it invalid instead.
 *  - CFG_MATCH finds a counter "which is not started (or enabled)": the
 *    running cycle counter alone is no match. SKIP_MATCH selects the
 *    first counter "unconditionally": the running instret counter is
 *    selected, and nothing in CFG_MATCH stops a counter, so it counts on
 *    (docs/semantics.md).
 * Counter 0 is cycle and 2 instret on every firmware (their CSR index).
 */
#include "check.h"
#include "csr.h"
#include "env.h"
#include "groups.h"
#include "pmu.h"
#include "printf.h"
#include "trap.h"

#define HANDOFF_SPIN 20000UL
#define CSR_INSTRET  (CSR_CYCLE + PMU_CTR_INSTRET)

struct handoff_counter {
	const char *what;
	unsigned int idx;
	uint64_t before, after;
	bool read; /* both reads done without a trap */
	struct sbiret start, stop;
};

/* CFG_MATCH on the running counters, before anything stops them. */
static struct {
	struct sbiret match_cycle;	/* {0}, cycles, no flags */
	struct sbiret skip_instret;	/* {2}, instructions, SKIP_MATCH */
	struct handoff_counter instret; /* read around work afterwards */
} handoff_match = {.instret = {.what = "instret", .idx = PMU_CTR_INSTRET}};

static struct handoff_counter handoff_ctr[2] = {
	{.what = "cycle", .idx = PMU_CTR_CYCLE},
	{.what = "instret", .idx = PMU_CTR_INSTRET},
};

static bool handoff_read(unsigned int idx, uint64_t *v)
{
	return csr_read_counter64(CSR_CYCLE + idx, v);
}

/* Bare reads of @n counters around some work; a trap voids them all. */
static void handoff_read_around(struct handoff_counter *c, unsigned int n)
{
	unsigned long traps = trap_counts().exceptions;
	volatile unsigned long spin;
	unsigned int i;

	trap_arm(true);
	for (i = 0; i < n; i++)
		c[i].read = handoff_read(c[i].idx, &c[i].before);
	for (spin = 0; spin < HANDOFF_SPIN; spin++)
		;
	for (i = 0; i < n; i++)
		c[i].read = c[i].read && handoff_read(c[i].idx, &c[i].after);
	trap_arm(false);
	if (trap_counts().exceptions != traps)
		for (i = 0; i < n; i++)
			c[i].read = false;
}

static void handoff_try_match(void)
{
	handoff_match.match_cycle =
		pmu_cfg_match(PMU_CTR_CYCLE, 1, 0, EV_CYCLES, 0);
	handoff_match.skip_instret =
		pmu_cfg_match(PMU_CTR_INSTRET, 1, SBI_PMU_CFG_FLAG_SKIP_MATCH,
			      EV_INSTRUCTIONS, 0);
	handoff_read_around(&handoff_match.instret, 1);
}

void handoff_observe(void)
{
	unsigned int i;

	/* No SBI call may come before these reads. */
	handoff_read_around(handoff_ctr, 2);
	if (handoff_ctr[0].read && handoff_ctr[1].read)
		handoff_try_match();
	/* START, then STOP, of each counter as it was handed over. */
	for (i = 0; i < 2; i++) {
		handoff_ctr[i].start = pmu_start_one(handoff_ctr[i].idx, 0, 0);
		handoff_ctr[i].stop = pmu_stop_one(handoff_ctr[i].idx, 0);
	}
	/* Whatever the matches claimed goes back (answers not judged). */
	pmu_stop_one(PMU_CTR_CYCLE, SBI_PMU_STOP_FLAG_RESET);
	pmu_stop_one(PMU_CTR_INSTRET, SBI_PMU_STOP_FLAG_RESET);
}

static bool handoff_counted(const struct handoff_counter *c)
{
	return c->read && c->after > c->before;
}

static void handoff_judge_counting(const struct handoff_counter *c)
{
	char name[64];

	snprintf(name, sizeof(name), "handoff.%s_counts_without_pmu_calls",
		 c->what);
	check_true(name,
		   "S-mode payloads time code with rdcycle/rdinstret without "
		   "the PMU extension; OpenSBI hands over with mcountinhibit "
		   "= 0xFFFFFFF8 (cycle, time, instret count) and mcounteren "
		   "open. The SBI spec does not say it: a convention",
		   handoff_counted(c), "two reads that advance, no trap",
		   "0x%llx then 0x%llx%s", (unsigned long long)c->before,
		   (unsigned long long)c->after,
		   c->read ? "" : " (a read trapped)");
}

static void handoff_judge_answers(const struct handoff_counter *c)
{
	char start[64], stop[64];

	snprintf(start, sizeof(start), "handoff.%s_running.start", c->what);
	snprintf(stop, sizeof(stop), "handoff.%s_running.stop", c->what);
	if (!handoff_counted(c)) {
		check_skip(start, "%s did not count at hand-off", c->what);
		check_skip(stop, "%s did not count at hand-off", c->what);
		return;
	}
	check_error(start,
		    "table 11: ALREADY_STARTED when the set includes a counter "
		    "which is already started, and this one visibly counts; "
		    "INVALID_PARAM is accepted from a firmware that only takes "
		    "counters configured through CFG_MATCH. SUCCESS would say "
		    "it had been stopped",
		    ERRS2(SBI_ERR_ALREADY_STARTED, SBI_ERR_INVALID_PARAM),
		    c->start);
	check_error(
		stop,
		"table 13: SUCCESS stops a running counter; ALREADY_STOPPED "
		"contradicts a counter that visibly counts. INVALID_PARAM "
		"is accepted as for START",
		ERRS2(SBI_SUCCESS, SBI_ERR_INVALID_PARAM), c->stop);
}

static void handoff_judge_match(void)
{
	const char *match = "handoff.cfg_match_running_cycle_not_found";
	const char *skip = "handoff.skip_match_running_instret_counts_on";
	bool counts = handoff_counted(&handoff_match.instret);

	if (!handoff_counted(&handoff_ctr[0]) ||
	    !handoff_counted(&handoff_ctr[1])) {
		check_skip(match, "cycle/instret did not count at hand-off");
		check_skip(skip, "cycle/instret did not count at hand-off");
		return;
	}
	check_error(match,
		    "CFG_MATCH finds a counter \"which is not started (or "
		    "enabled)\": cycle runs, and the set holds nothing else",
		    ERRS1(SBI_ERR_NOT_SUPPORTED), handoff_match.match_cycle);
	if (!check_error(skip,
			 "SKIP_MATCH selects the first counter "
			 "\"unconditionally\"; instret has its event",
			 ERRS1(SBI_SUCCESS), handoff_match.skip_instret))
		return;
	check_true("handoff.skip_match_running_instret_counts_on.counting",
		   "CFG_MATCH starts counters (AUTO_START), it never stops "
		   "one: instret still counts after SKIP_MATCH claimed it",
		   handoff_match.skip_instret.value == PMU_CTR_INSTRET &&
			   counts,
		   "index 2 and two reads that advance",
		   "index %ld, 0x%llx then 0x%llx",
		   handoff_match.skip_instret.value,
		   (unsigned long long)handoff_match.instret.before,
		   (unsigned long long)handoff_match.instret.after);
}

/* Runs after "base", only when the PMU extension is there (main.c). */
void handoff_run(void)
{
	unsigned int i;

	for (i = 0; i < 2; i++)
		handoff_judge_counting(&handoff_ctr[i]);
	for (i = 0; i < 2; i++)
		handoff_judge_answers(&handoff_ctr[i]);
	handoff_judge_match();
}
