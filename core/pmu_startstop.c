/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * COUNTER_START (FID 3) and COUNTER_STOP (FID 4) on a set of counters.
 *
 * All-or-nothing (docs/semantics.md): the whole set and the flags are
 * validated, then the state of every counter is checked, and only then is
 * anything changed. If one counter of the set is already started (START)
 * or already stopped (STOP), the call returns ALREADY_STARTED /
 * ALREADY_STOPPED and changes nothing (FACTS 3.6) -- with one exception:
 * STOP with RESET always completes, because it is how a supervisor
 * releases counters whatever their state (Linux stops, then resets an
 * already stopped counter: FACTS 1, 3.13). It still reports
 * ALREADY_STOPPED when some counter of the set was not running.
 *
 * A counter with no event is not a valid counter (INVALID_PARAM) for
 * START, nor for STOP without RESET; fixed counters always have theirs.
 *
 * Check order: flags, set and counters without an event (INVALID_PARAM),
 * then shared memory (NO_SHMEM), then counter state (ALREADY_*).
 */
#include "pmu_internal.h"

uint64_t pmu_counter_read(const struct pmu_hart *h, unsigned int idx)
{
	if (pmu_is_fw_counter(h->core, idx))
		return pmu_fwc_read(h, idx);
	return pmu_hw_read(h, idx);
}

void pmu_counter_write(struct pmu_hart *h, unsigned int idx, uint64_t value)
{
	if (pmu_is_fw_counter(h->core, idx))
		pmu_fwc_write(h, idx, value);
	else
		pmu_hw_write(h, idx, value);
}

void pmu_counter_start_one(struct pmu_hart *h, unsigned int idx, bool set_value,
			   uint64_t value)
{
	if (pmu_is_fw_counter(h->core, idx))
		pmu_fwc_start(h, idx, set_value, value);
	else
		pmu_hw_start(h, idx, set_value, value);
}

static void pmu_counter_stop_one(struct pmu_hart *h, unsigned int idx)
{
	if (pmu_is_fw_counter(h->core, idx))
		pmu_fwc_stop(h, idx);
	else
		pmu_hw_stop(h, idx);
}

static void pmu_counter_unmap_one(struct pmu_hart *h, unsigned int idx)
{
	if (pmu_is_fw_counter(h->core, idx))
		pmu_fwc_unmap(h, idx);
	else
		pmu_hw_unmap(h, idx);
}

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

int pmu_counter_start(struct pmu_hart *h, uint64_t cbase, uint64_t cmask,
		      uint64_t flags, uint64_t init_value)
{
	volatile struct pmu_snapshot_shmem *snap = NULL;
	bool set_value = flags & (SBI_PMU_START_FLAG_SET_INIT_VALUE |
				  SBI_PMU_START_FLAG_INIT_SNAPSHOT);
	uint64_t set, rest, value = init_value;
	unsigned int idx;
	int rc;

	rc = pmu_start_check(h, cbase, cmask, flags, &set);
	if (rc)
		return rc;
	if (flags & SBI_PMU_START_FLAG_INIT_SNAPSHOT)
		snap = h->shmem;

	pmu_for_each_bit (idx, rest, set) {
		/* Snapshot slots are relative to counter_idx_base. */
		if (snap)
			value = snap->values[idx - cbase];
		pmu_counter_start_one(h, idx, set_value, value);
	}
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

/* "save the current value of all the stopped counters" + overflow bitmap */
static void pmu_stop_snapshot(const struct pmu_hart *h,
			      volatile struct pmu_snapshot_shmem *snap,
			      uint64_t cbase, uint64_t set)
{
	uint64_t rest;
	unsigned int idx;

	pmu_for_each_bit (idx, rest, set)
		snap->values[idx - cbase] = pmu_counter_read(h, idx);
	snap->overflow = pmu_hw_overflowed(h, set) >> cbase;
}

int pmu_counter_stop(struct pmu_hart *h, uint64_t cbase, uint64_t cmask,
		     uint64_t flags)
{
	uint64_t set, rest, was_stopped;
	unsigned int idx;
	int rc;

	rc = pmu_stop_check(h, cbase, cmask, flags, &set);
	if (rc)
		return rc;
	was_stopped = set & ~h->started;
	pmu_for_each_bit (idx, rest, set & h->started)
		pmu_counter_stop_one(h, idx);
	if (flags & SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT)
		pmu_stop_snapshot(h, h->shmem, cbase, set);
	if (flags & SBI_PMU_STOP_FLAG_RESET) {
		pmu_for_each_bit (idx, rest, set)
			pmu_counter_unmap_one(h, idx);
	}
	return was_stopped ? SBI_ERR_ALREADY_STOPPED : SBI_SUCCESS;
}
