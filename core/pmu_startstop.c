/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * COUNTER_START (FID 3) and COUNTER_STOP (FID 4) on a set of counters.
 *
 * All-or-nothing (docs/semantics.md): the whole set and the flags are
 * validated, then the state of every counter is checked, and only then is
 * anything changed. If one counter of the set is already started (START)
 * or already stopped (STOP), the call returns ALREADY_STARTED /
 * ALREADY_STOPPED and changes nothing (docs/facts.md F3.6) -- with one
 * exception: STOP with RESET always completes, because it is how a supervisor
 * releases counters whatever their state (Linux stops, then resets an
 * already stopped counter: docs/facts.md F1.6, F3.13). It still reports
 * ALREADY_STOPPED when some counter of the set was not running.
 *
 * A counter with no event is not a valid counter (INVALID_PARAM) for
 * START, nor for STOP without RESET; fixed counters always have theirs.
 *
 * Check order: flags, set and counters without an event (INVALID_PARAM),
 * then shared memory (NO_SHMEM), then counter state (ALREADY_*).
 */
#include "pmu_internal.h"

static int pmu_start_check(const struct pmu_hart *h, uint64_t cbase,
			   uint64_t cmask, uint64_t flags, uint64_t *set)
{
	int rc;

	if (flags & ~SBI_PMU_START_FLAG_DEFINED)
		return SBI_ERR_INVALID_PARAM;
	/* "mutually exclusive": the spec's note on the two value sources */
	if ((flags & SBI_PMU_START_FLAG_SET_INIT_VALUE) &&
	    (flags & SBI_PMU_START_FLAG_INIT_SNAPSHOT))
		return SBI_ERR_INVALID_PARAM;
	rc = pmu_counter_set(h->core, cbase, cmask, set);
	if (rc)
		return rc;
	/*
	 * A counter with no event cannot count anything: not valid here.
	 * Fixed counters always have theirs, claimed or not.
	 */
	if (*set & ~pmu_with_event(h))
		return SBI_ERR_INVALID_PARAM;
	if ((flags & SBI_PMU_START_FLAG_INIT_SNAPSHOT) && !h->shmem)
		return SBI_ERR_NO_SHMEM;
	if (*set & h->started)
		return SBI_ERR_ALREADY_STARTED;
	return SBI_SUCCESS;
}

/*
 * The counters of a set one by one. Linux always names one counter, at
 * cbase (cmask 1), and its hot calls are on hardware counters. START
 * and STOP act on such a counter inline, without a bit search or a
 * loop, and hand any other set to an out-of-line walk (a tail call), so
 * that the walk's registers (and the firmware counters' fw_slots
 * recount) do not weigh on the common case. The walk does the same
 * steps per counter, with the same per-counter actions (pmu_internal.h).
 */
static inline bool pmu_set_is_one_hw(const struct pmu_hart *h, uint64_t set,
				     uint64_t cbase)
{
	return set == pmu_bit((unsigned int)cbase) &&
	       !pmu_is_fw_counter(h->core, (unsigned int)cbase);
}

/*
 * @snap: each value from its snapshot slot (relative to cbase), loaded
 * once, when its counter starts. The slot's address comes from the
 * validated set alone (idx - cbase < 64: pmu_counter_set()), never from
 * what the area holds, which the supervisor may rewrite meanwhile.
 */
static __attribute__((noinline)) int
pmu_start_walk(struct pmu_hart *h, uint64_t set, uint64_t cbase, bool set_value,
	       uint64_t value, volatile struct pmu_snapshot_shmem *snap)
{
	uint64_t rest;
	unsigned int idx;

	pmu_for_each_bit (idx, rest, set)
		pmu_counter_start_one(
			h, idx, set_value,
			snap ? sbi_shmem_load64(&snap->values[idx - cbase])
			     : value);
	return SBI_SUCCESS;
}

int pmu_counter_start(struct pmu_hart *h, uint64_t cbase, uint64_t cmask,
		      uint64_t flags, uint64_t init_value)
{
	bool from_snap = flags & SBI_PMU_START_FLAG_INIT_SNAPSHOT;
	bool set_value =
		from_snap || (flags & SBI_PMU_START_FLAG_SET_INIT_VALUE);
	uint64_t set;
	int rc;

	rc = pmu_start_check(h, cbase, cmask, flags, &set);
	if (rc)
		return rc;
	if (!pmu_set_is_one_hw(h, set, cbase) || from_snap)
		return pmu_start_walk(h, set, cbase, set_value, init_value,
				      from_snap ? h->shmem : NULL);
	pmu_hw_start(h, (unsigned int)cbase, set_value, init_value);
	return SBI_SUCCESS;
}

static int pmu_stop_check(const struct pmu_hart *h, uint64_t cbase,
			  uint64_t cmask, uint64_t flags, uint64_t *set)
{
	int rc;

	if (flags & ~SBI_PMU_STOP_FLAG_DEFINED)
		return SBI_ERR_INVALID_PARAM;
	rc = pmu_counter_set(h->core, cbase, cmask, set);
	if (rc)
		return rc;
	/*
	 * As for START, a counter with no event is not a valid counter to
	 * stop. RESET is the exception: it releases whatever the set holds,
	 * which is how Linux resets every counter at boot.
	 */
	if (!(flags & SBI_PMU_STOP_FLAG_RESET) && (*set & ~pmu_with_event(h)))
		return SBI_ERR_INVALID_PARAM;
	if ((flags & SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT) && !h->shmem)
		return SBI_ERR_NO_SHMEM;
	if ((*set & ~h->started) && !(flags & SBI_PMU_STOP_FLAG_RESET))
		return SBI_ERR_ALREADY_STOPPED;
	return SBI_SUCCESS;
}

/*
 * "save the current value of all the stopped counters" + overflow bitmap:
 * stores only, at addresses from the validated set (as for START).
 */
static void pmu_stop_snapshot(const struct pmu_hart *h,
			      volatile struct pmu_snapshot_shmem *snap,
			      uint64_t cbase, uint64_t set)
{
	uint64_t rest;
	unsigned int idx;

	pmu_for_each_bit (idx, rest, set)
		sbi_shmem_store64(&snap->values[idx - cbase],
				  pmu_counter_read(h, idx));
	sbi_shmem_store64(&snap->overflow, pmu_hw_overflowed(h, set) >> cbase);
}

/* "some counter of the set was not running": the answer for the set. */
static inline int pmu_stop_answer(uint64_t set, uint64_t running)
{
	return running != set ? SBI_ERR_ALREADY_STOPPED : SBI_SUCCESS;
}

/*
 * Any set: stop the running counters, TAKE_SNAPSHOT, then RESET (after
 * the snapshot: releasing a counter clears its OF bit).
 */
static __attribute__((noinline)) int
pmu_stop_walk(struct pmu_hart *h, uint64_t cbase, uint64_t set, uint64_t flags)
{
	uint64_t running = set & h->started, rest;
	unsigned int idx;

	pmu_for_each_bit (idx, rest, running)
		pmu_counter_stop_one(h, idx);
	if (flags & SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT)
		pmu_stop_snapshot(h, h->shmem, cbase, set);
	if (flags & SBI_PMU_STOP_FLAG_RESET) {
		pmu_for_each_bit (idx, rest, set)
			pmu_counter_unmap_one(h, idx);
		if (set & h->core->hpm_valid)
			pmu_hw_drop_stale_overflow(h);
	}
	return pmu_stop_answer(set, running);
}

int pmu_counter_stop(struct pmu_hart *h, uint64_t cbase, uint64_t cmask,
		     uint64_t flags)
{
	uint64_t set, running;
	int rc;

	rc = pmu_stop_check(h, cbase, cmask, flags, &set);
	if (rc)
		return rc;
	if (!pmu_set_is_one_hw(h, set, cbase) ||
	    (flags & SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT))
		return pmu_stop_walk(h, cbase, set, flags);
	/* The walk's steps for the one hardware counter at cbase. */
	running = set & h->started;
	if (running)
		pmu_hw_stop(h, (unsigned int)cbase);
	if (flags & SBI_PMU_STOP_FLAG_RESET) {
		pmu_hw_unmap(h, (unsigned int)cbase);
		if (!pmu_hw_is_fixed((unsigned int)cbase))
			pmu_hw_drop_stale_overflow(h);
	}
	return pmu_stop_answer(set, running);
}
