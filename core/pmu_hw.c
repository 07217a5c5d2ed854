/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Hardware counters outside the hot paths (whose actions are inline in
 * pmu_hw.h): the saved mhpmevent value as tests see it, the overflow
 * bits and interrupt, and the hand-off state of a hart.
 */
#include "pmu_internal.h"

uint64_t pmu_hart_saved_event(const struct pmu_hart *h, unsigned int idx)
{
	if (idx >= PMU_CTR_HW_MAX || h->core->sel_slot[idx] == PMU_SEL_NONE)
		return 0;
	return pmu_hw_saved(h, idx);
}

/* OF bits of the hardware counters in @set (logical = CSR index). */
uint64_t pmu_hw_overflowed(const struct pmu_hart *h, uint64_t set)
{
	const struct pmu_core *core = h->core;

	if (!core->hw.sscofpmf)
		return 0;
	return PMU_HAL(core, overflow_read)(h->hal_ctx) & set & core->hw_valid;
}

uint64_t pmu_overflow_irq(struct pmu_hart *h)
{
	const struct pmu_core *core = h->core;
	uint64_t ovf;

	if (!core->hw.sscofpmf)
		return 0;
	/* Acknowledge first: an overflow after this raises LCOFIP anew. */
	PMU_HAL(core, lcofi_clear)(h->hal_ctx);
	ovf = pmu_hw_overflowed(h, core->hw_valid);
	if (core->plat->overflow)
		core->plat->overflow(core->plat_ctx, h->hal_ctx, ovf);
	return ovf;
}

/*
 * The hand-off state of a hart's hardware counters, as OpenSBI leaves
 * them (mcountinhibit = 0xFFFFFFF8): nothing claimed, every programmable
 * counter stopped with no event, cycle and instret counting, so that
 * code that never calls the PMU extension can time itself with rdcycle
 * and rdinstret. The fixed counters are marked started because they are:
 * START answers ALREADY_STARTED and STOP stops them, as the hardware
 * says. The SBI spec does not say what state the counters are in before
 * the first PMU call (docs/semantics.md). The saved values are 0 (the
 * caller cleared them), which is also what is written.
 */
void pmu_hw_handoff_hart(struct pmu_hart *h)
{
	const struct pmu_core *core = h->core;
	uint64_t rest;
	unsigned int idx;

	PMU_HAL(core, inhibit_set)
	(h->hal_ctx, (uint32_t)(core->hw_valid & ~core->fixed_valid));
	pmu_for_each_bit (idx, rest, core->hw_valid)
		pmu_hw_unmap(h, idx);
	PMU_HAL(core, inhibit_clear)(h->hal_ctx, (uint32_t)core->fixed_valid);
	h->started = core->fixed_valid;
	h->mapped = 0;
}
