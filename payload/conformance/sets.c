/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Malformed counter sets (cbase, cmask) for CFG_MATCH, START and STOP
 * (tables 9, 11, 13: "set of counters has at least one invalid
 * counter"). Each set contains a valid firmware counter f prepared so
 * that the call would succeed on f alone: a firmware that silently drops
 * the invalid part, or whose arithmetic wraps (cbase + bit beyond
 * ULONG_MAX landing on f), answers SUCCESS and is caught.
 */
#include "check.h"
#include "env.h"
#include "groups.h"
#include "pmu.h"
#include "printf.h"

enum sets_case {
	SETS_BASE_BEYOND,
	SETS_MASK_BEYOND,
	SETS_HOLE,
	SETS_CBASE_MAX,
	SETS_WRAP,
	SETS_HIGH_BIT,
	SETS_EMPTY,
	SETS_COUNT,
};

static const char *const sets_case_names[SETS_COUNT] = {
	"base_beyond",		"mask_beyond",	 "hole",       "cbase_max",
	"cbase_plus_bit_wraps", "mask_high_bit", "empty_mask",
};

enum sets_fn { SETS_CFG_MATCH, SETS_START, SETS_STOP };

static const char *const sets_fn_names[] = {"cfg_match", "counter_start",
					    "counter_stop"};

static const char why_invalid_set[] =
	"tables 9, 11 and 13: SBI_ERR_INVALID_PARAM when the set of counters "
	"has at least one invalid counter; counter cbase+i is taken as the "
	"mathematical sum, so a sum beyond ULONG_MAX or NUM_COUNTERS-1 is no "
	"counter; the valid part of the set could serve the call alone, so "
	"SUCCESS means the invalid part was ignored";
static const char why_no_valid_match[] =
	"the set holds no valid counter: INVALID_PARAM (invalid counter in "
	"the set) and NOT_SUPPORTED (none of its counters can monitor the "
	"event) both describe it (table 9), SUCCESS cannot";
static const char why_empty_match[] =
	"an empty set has no counter to return: SUCCESS is impossible; "
	"INVALID_PARAM (no valid set) and NOT_SUPPORTED (none of the counters "
	"can monitor the event) both follow from table 9";
static const char why_empty_startstop[] =
	"an empty set contains no invalid counter and nothing to act on; the "
	"spec gives no error for it, so SUCCESS (nothing done) and "
	"INVALID_PARAM are both accepted";

/* The set {f, hole} if a hole lies within one mask of f. */
static bool sets_hole(unsigned long f, struct ctr_set *s)
{
	long h = env_hole();
	unsigned long lo, hi;

	if (h < 0)
		return false;
	lo = (unsigned long)h < f ? (unsigned long)h : f;
	hi = (unsigned long)h < f ? f : (unsigned long)h;
	if (hi - lo >= XLEN)
		return false;
	s->base = lo;
	s->mask = 1UL | (1UL << (hi - lo));
	return true;
}

static bool sets_build(enum sets_case c, unsigned long f, struct ctr_set *s)
{
	switch (c) {
	case SETS_BASE_BEYOND:
		*s = (struct ctr_set){env.num, 1};
		return true;
	case SETS_MASK_BEYOND: /* {f, NUM_COUNTERS} */
		*s = (struct ctr_set){f, 1UL | (1UL << (env.num - f))};
		return env.num - f < XLEN;
	case SETS_HOLE:
		return sets_hole(f, s);
	case SETS_CBASE_MAX:
		*s = (struct ctr_set){ULONG_ALL_ONES, 1};
		return true;
	case SETS_WRAP: /* cbase + (XLEN-1) wraps around to f */
		*s = (struct ctr_set){f - (XLEN - 1), ULONG_MSB};
		return f < XLEN - 1;
	case SETS_HIGH_BIT: /* {f, f + XLEN - 1}, the latter not valid */
		*s = (struct ctr_set){f, 1UL | ULONG_MSB};
		return f + XLEN - 1 >= env.probed ||
		       !env.ctr[f + XLEN - 1].valid;
	default:
		*s = (struct ctr_set){f, 0};
		return true;
	}
}

/* Put f in the state the call needs: free, configured, or running. */
static void sets_prepare(enum sets_fn fn, unsigned long f)
{
	pmu_release(f);
	if (fn == SETS_START)
		pmu_match_one(f, 0, EV_SET_TIMER);
	if (fn == SETS_STOP)
		pmu_match_one(f, SBI_PMU_CFG_FLAG_AUTO_START, EV_SET_TIMER);
}

static struct sbiret sets_call(enum sets_fn fn, struct ctr_set s)
{
	struct sbiret r;

	switch (fn) {
	case SETS_CFG_MATCH:
		/* Raw call: a result "outside" a wrapped set is expected. */
		r = pmu_cfg_match(s.base, s.mask, 0, EV_SET_TIMER, 0);
		if (r.error == SBI_SUCCESS)
			pmu_release(r.value);
		return r;
	case SETS_START:
		return pmu_start(s.base, s.mask, 0, 0);
	default:
		return pmu_stop(s.base, s.mask, 0);
	}
}

static void sets_one(enum sets_fn fn, enum sets_case c, unsigned long f)
{
	char name[96];
	struct ctr_set s;
	errset_t accept = ERRS1(SBI_ERR_INVALID_PARAM);
	const char *why = why_invalid_set;

	snprintf(name, sizeof(name), "%s.invalid_param.%s", sets_fn_names[fn],
		 sets_case_names[c]);
	if (!sets_build(c, f, &s)) {
		check_skip(name, "no such set on this machine");
		return;
	}
	if (fn == SETS_CFG_MATCH &&
	    (c == SETS_BASE_BEYOND || c == SETS_CBASE_MAX || c == SETS_WRAP)) {
		accept = ERRS2(SBI_ERR_INVALID_PARAM, SBI_ERR_NOT_SUPPORTED);
		why = why_no_valid_match;
	} else if (c == SETS_EMPTY && fn == SETS_CFG_MATCH) {
		accept = ERRS2(SBI_ERR_INVALID_PARAM, SBI_ERR_NOT_SUPPORTED);
		why = why_empty_match;
	} else if (c == SETS_EMPTY) {
		accept = ERRS2(SBI_ERR_INVALID_PARAM, SBI_SUCCESS);
		why = why_empty_startstop;
	}
	sets_prepare(fn, f);
	pmu_check_alive(name, why, accept, sets_call(fn, s));
	pmu_release(f);
}

void cfg_match_sets_run(void)
{
	enum sets_fn fn;
	enum sets_case c;

	if (!env.nfw) {
		for (fn = SETS_CFG_MATCH; fn <= SETS_STOP; fn++) {
			char prefix[48];

			snprintf(prefix, sizeof(prefix), "%s.invalid_param",
				 sets_fn_names[fn]);
			check_skip(prefix, "no firmware counters");
		}
		return;
	}
	for (fn = SETS_CFG_MATCH; fn <= SETS_STOP; fn++)
		for (c = SETS_BASE_BEYOND; c < SETS_COUNT; c++)
			sets_one(fn, c, env.fw[0]);
}
