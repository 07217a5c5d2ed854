/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Hardware counter actions: what happens to mhpmevent, mcountinhibit and
 * the counter CSRs when the state machine configures, starts, stops or
 * releases a hardware counter. Everything goes through the HAL; nothing
 * here validates (the callers did) and nothing can fail.
 *
 * Overflow discipline with Sscofpmf (FACTS 1, 3.8): mhpmevent.OF is set
 * when a counter is configured, so an idle counter can never raise LCOFI,
 * and cleared when it starts -- unless LCOFIP is pending, in which case
 * the current OF bit is kept so an unhandled overflow is not lost. MINH
 * is always set: firmware time is not the supervisor's to measure.
 */
#include "pmu_internal.h"

static bool pmu_hw_is_fixed(unsigned int idx)
{
	return idx == PMU_CTR_CYCLE || idx == PMU_CTR_INSTRET;
}

/* Inhibit bits for the counter from the CFG_MATCH filter hints. */
static uint64_t pmu_hw_filter(const struct pmu_core *core, unsigned int idx,
			      uint64_t flags)
{
	uint64_t bits = MHPMEVENT_MINH;
	bool capable =
		pmu_hw_is_fixed(idx) ? core->hw.smcntrpmf : core->hw.sscofpmf;

	/* Without the extension these bits belong to the selector. */
	if (!capable)
		return 0;
	if (flags & SBI_PMU_CFG_FLAG_SET_SINH)
		bits |= MHPMEVENT_SINH;
	if (flags & SBI_PMU_CFG_FLAG_SET_UINH)
		bits |= MHPMEVENT_UINH;
	/* VS/VU hints are accepted everywhere, honoured only with H. */
	if (flags & SBI_PMU_CFG_FLAG_SET_VSINH)
		bits |= MHPMEVENT_VSINH;
	if (flags & SBI_PMU_CFG_FLAG_SET_VUINH)
		bits |= MHPMEVENT_VUINH;
	return bits & core->filter_bits;
}

static uint64_t *pmu_hw_saved(const struct pmu_hart *h, unsigned int idx)
{
	return &pmu_hart_hw_selector(h)[h->core->hw_slot[idx]];
}

/*
 * With Sscofpmf the saved selector never holds the real OF bit (it is
 * hardware state); its place marks a counter configured but not started
 * since, whose OF was set by us at configuration and means nothing.
 */
#define PMU_HW_FRESH MHPMEVENT_OF

/* Program the event selector (or fixed-counter filter) with OF = @of. */
static void pmu_hw_program(struct pmu_hart *h, unsigned int idx, uint64_t of)
{
	const struct pmu_core *core = h->core;
	uint64_t value = *pmu_hw_saved(h, idx);

	if (core->hw.sscofpmf)
		value &= ~PMU_HW_FRESH;
	if (!pmu_hw_is_fixed(idx))
		core->hal->event_write(h->hal_ctx, idx, value | of);
	else if (core->hw.smcntrpmf)
		core->hal->fixed_cfg_write(h->hal_ctx, idx, value);
}

void pmu_hw_configure(struct pmu_hart *h, unsigned int idx,
		      const struct pmu_event *ev, uint64_t cfg_flags)
{
	const struct pmu_core *core = h->core;
	uint64_t selector = pmu_hw_is_fixed(idx) ? 0 : ev->selector;

	/* With Sscofpmf the top 8 bits are ours to set (raw v2 clause). */
	if (core->hw.sscofpmf)
		selector &= ~MHPMEVENT_SBI_OWNED_MASK;
	*pmu_hw_saved(h, idx) = selector | pmu_hw_filter(core, idx, cfg_flags);
	if (core->hw.sscofpmf && !pmu_hw_is_fixed(idx))
		*pmu_hw_saved(h, idx) |= PMU_HW_FRESH;
	pmu_hw_program(h, idx, core->hw.sscofpmf ? MHPMEVENT_OF : 0);
	h->mapped |= pmu_bit(idx);
}

/*
 * OF value to program at start: cleared, unless LCOFIP is pending and the
 * counter really overflowed since it last ran (its OF may be what S-mode
 * has yet to handle). A fresh counter's OF was ours and is always cleared,
 * or S-mode would see an overflow that never happened.
 */
static uint64_t pmu_hw_start_of(struct pmu_hart *h, unsigned int idx)
{
	const struct pmu_core *core = h->core;
	uint64_t *saved = pmu_hw_saved(h, idx);

	if (*saved & PMU_HW_FRESH) {
		*saved &= ~PMU_HW_FRESH;
		return 0;
	}
	if (!core->hw.sscofpmf || !core->hal->lcofi_pending(h->hal_ctx))
		return 0;
	return ((core->hal->overflow_read(h->hal_ctx) >> idx) & 1)
		       ? MHPMEVENT_OF
		       : 0;
}

void pmu_hw_start(struct pmu_hart *h, unsigned int idx, bool set_value,
		  uint64_t value)
{
	const struct pmu_hal_ops *hal = h->core->hal;
	uint64_t of = pmu_hw_start_of(h, idx);

	/* Re-program from saved state: idle paths may lose it (FACTS 3.7). */
	pmu_hw_program(h, idx, of);
	/* The value is written while still inhibited (FACTS 3.8). */
	if (set_value)
		hal->counter_write(h->hal_ctx, idx, value);
	hal->inhibit_clear(h->hal_ctx, 1u << idx);
	if (hal->counter_started)
		hal->counter_started(h->hal_ctx, idx);
	h->started |= pmu_bit(idx);
}

void pmu_hw_stop(struct pmu_hart *h, unsigned int idx)
{
	/* OF stays as it is: S-mode reads it (scountovf) after STOP. */
	h->core->hal->inhibit_set(h->hal_ctx, 1u << idx);
	h->started &= ~pmu_bit(idx);
}

/*
 * Release the counter's claim. A programmable counter loses its event
 * (selector 0 is "no event"; QEMU unmaps the counter on it); a fixed
 * counter keeps counting its own and only loses the filter bits.
 */
void pmu_hw_unmap(struct pmu_hart *h, unsigned int idx)
{
	*pmu_hw_saved(h, idx) = 0;
	pmu_hw_program(h, idx, 0);
	h->mapped &= ~pmu_bit(idx);
}

uint64_t pmu_hw_read(const struct pmu_hart *h, unsigned int idx)
{
	return h->core->hal->counter_read(h->hal_ctx, idx);
}

void pmu_hw_write(struct pmu_hart *h, unsigned int idx, uint64_t value)
{
	h->core->hal->counter_write(h->hal_ctx, idx, value);
}

/* OF bits of the hardware counters in @set (logical = CSR index). */
uint64_t pmu_hw_overflowed(const struct pmu_hart *h, uint64_t set)
{
	const struct pmu_core *core = h->core;

	if (!core->hw.sscofpmf)
		return 0;
	return core->hal->overflow_read(h->hal_ctx) & set & core->hw_valid;
}

uint64_t pmu_overflow_irq(struct pmu_hart *h)
{
	const struct pmu_core *core = h->core;
	uint64_t ovf;

	if (!core->hw.sscofpmf)
		return 0;
	/* Acknowledge first: an overflow after this raises LCOFIP anew. */
	core->hal->lcofi_clear(h->hal_ctx);
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
 * the first PMU call (docs/semantics.md).
 */
void pmu_hw_handoff_hart(struct pmu_hart *h)
{
	const struct pmu_core *core = h->core;
	uint64_t rest;
	unsigned int idx;

	core->hal->inhibit_set(h->hal_ctx,
			       (uint32_t)(core->hw_valid & ~core->fixed_valid));
	pmu_for_each_bit (idx, rest, core->hw_valid)
		pmu_hw_unmap(h, idx);
	core->hal->inhibit_clear(h->hal_ctx, (uint32_t)core->fixed_valid);
	h->started = core->fixed_valid;
	h->mapped = 0;
}
