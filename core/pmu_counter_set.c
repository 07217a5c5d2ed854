/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The one place where a caller's (counter_idx_base, counter_idx_mask)
 * becomes a set of logical counters. Every SBI function taking a set goes
 * through here, so the checks of the spec ("set of counters has at least
 * one invalid counter" -> SBI_ERR_INVALID_PARAM) and the arithmetic
 * guards (FACTS 3.1: cbase near ULONG_MAX, empty mask, cmask << cbase
 * overflow) exist exactly once.
 */
#include "pmu_internal.h"

int pmu_counter_set(const struct pmu_core *core, uint64_t cbase, uint64_t cmask,
		    uint64_t *set)
{
	uint64_t mask = cmask & core->xlen_mask;
	uint64_t shifted;

	/* An empty set names no counter: nothing valid to act on. */
	if (!mask)
		return SBI_ERR_INVALID_PARAM;
	/*
	 * n_logical <= 48 (pmu_core_init), so once cbase is below it the
	 * shifts below stay under 64 bits: a mask bit at or beyond
	 * n_logical - cbase names a counter that does not exist.
	 */
	if (cbase >= core->n_logical)
		return SBI_ERR_INVALID_PARAM;
	if (mask >> (core->n_logical - cbase))
		return SBI_ERR_INVALID_PARAM;

	shifted = mask << cbase;
	if (shifted & ~pmu_core_valid_counters(core))
		return SBI_ERR_INVALID_PARAM;

	*set = shifted;
	return SBI_SUCCESS;
}
