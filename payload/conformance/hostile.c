/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Hostile arguments: every PMU function called with all-ones, single
 * top bits, alternating patterns and pseudo-random registers. "The
 * secure world must not crash when supplied with bad data": each call
 * must come back with a defined SBI error code (or success), and the
 * firmware must still answer NUM_COUNTERS correctly afterwards. The
 * generator is seeded, so a failure replays exactly.
 */
#include "check.h"
#include "env.h"
#include "groups.h"
#include "pmu.h"
#include "printf.h"

#define HOSTILE_RANDOM_CALLS 24

static unsigned long hostile_state =
	(unsigned long)(0x9E3779B97F4A7C15ULL & ULONG_ALL_ONES);

/* xorshift: small, deterministic, good enough to spread bits. */
static unsigned long hostile_next(void)
{
	unsigned long x = hostile_state;

#if XLEN == 64
	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
#else
	x ^= x << 13;
	x ^= x >> 17;
	x ^= x << 5;
#endif
	hostile_state = x;
	return x;
}

static const unsigned long hostile_patterns[] = {
	ULONG_ALL_ONES,
	ULONG_MSB,
	(unsigned long)0xAAAAAAAAAAAAAAAAULL,
	(unsigned long)0x5555555555555555ULL,
	ULONG_ALL_ONES - 1,
};

#define HOSTILE_PATTERNS                                                       \
	(sizeof(hostile_patterns) / sizeof(hostile_patterns[0]))

struct hostile_bad {
	struct sbiret r;
	unsigned long args[6];
	bool dead;
};

/* One call; true if the answer and the firmware's state are sane. */
static bool hostile_call(unsigned long fid, const unsigned long *a,
			 struct hostile_bad *bad)
{
	struct sbiret r = pmu_call(fid, a[0], a[1], a[2], a[3], a[4], a[5]);
	bool alive = pmu_alive();
	unsigned int i;

	if (sbi_error_is_defined(r.error) && alive)
		return true;
	bad->r = r;
	bad->dead = !alive;
	for (i = 0; i < 6; i++)
		bad->args[i] = a[i];
	return false;
}

static bool hostile_fid(unsigned long fid, struct hostile_bad *bad)
{
	unsigned long a[6];
	unsigned int i, j;

	for (i = 0; i < HOSTILE_PATTERNS; i++) {
		for (j = 0; j < 6; j++)
			a[j] = hostile_patterns[i];
		if (!hostile_call(fid, a, bad))
			return false;
	}
	for (i = 0; i < HOSTILE_RANDOM_CALLS; i++) {
		for (j = 0; j < 6; j++)
			a[j] = hostile_next();
		if (!hostile_call(fid, a, bad))
			return false;
	}
	return true;
}

/*
 * One function's hostile calls: a group of its own, named after its one
 * check, so a crash is attributed to that function and the run resumes
 * with the next one.
 */
void hostile_fid_run(unsigned long fid)
{
	char name[64];
	struct hostile_bad bad;

	snprintf(name, sizeof(name), "robustness.fid_%lu.hostile_args", fid);
	if (hostile_fid(fid, &bad)) {
		check_pass(name);
	} else {
		check_fail(name,
			   "the firmware must not crash or misbehave on bad "
			   "input from S-mode: a defined SBI error code, and "
			   "NUM_COUNTERS unchanged after the call",
			   "a defined SBI error and a live firmware",
			   "%s%s for a0-a5 0x%lx 0x%lx 0x%lx 0x%lx 0x%lx 0x%lx",
			   check_error_name(bad.r.error),
			   bad.dead ? " and a changed NUM_COUNTERS" : "",
			   bad.args[0], bad.args[1], bad.args[2], bad.args[3],
			   bad.args[4], bad.args[5]);
	}
	if (env_version_at_least(2, 0))
		pmu_snapshot_set(ULONG_ALL_ONES, ULONG_ALL_ONES, 0);
}
