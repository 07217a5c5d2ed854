/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Hardware counter actions: what happens to mhpmevent, mcountinhibit and
 * the counter CSRs when the state machine (pmu_match.c, pmu_startstop.c)
 * configures, starts, stops or releases a hardware counter. Everything
 * goes through the HAL; nothing here validates (the callers did) and
 * nothing can fail. Inline, because these are the bodies of CFG_MATCH,
 * START and STOP: a call per counter would cost the callers a stack
 * frame and their registers (pmu_hw.c has the rest: hand-off, overflow).
 *
 * Overflow discipline with Sscofpmf (docs/facts.md F1.11, F3.8): mhpmevent.OF
 * is set when a counter is configured, so an idle counter can never raise
 * LCOFI, and cleared when it starts -- unless LCOFIP is pending, in which case
 * the current OF bit is kept so an unhandled overflow is not lost. MINH
 * is always set: firmware time is not the supervisor's to measure.
 *
 * The core keeps each counter's mhpmevent value (selector and inhibit
 * bits, no OF) per hart, to re-program it at every START (docs/facts.md F1.8,
 * F3.7) and to tell the HAL what the counter holds. It is stored in 32 bits
 * when every selector the platform can ask for has at most 26 bits (QEMU virt's
 * are event indices of 17): selector in bits 25:0, the inhibit bits 62:58 in
 * 30:26; otherwise in 64 (pmu_core.c decides).
 */
#ifndef SBIPMU_CORE_PMU_HW_H
#define SBIPMU_CORE_PMU_HW_H

/*
 * A packed saved value is the mhpmevent value's two halves ORed: the
 * selector in bits 25:0 (bits 31:26 and 57:32 of a selector that packs
 * are 0), the inhibit bits 62:58 in 30:26.
 */
#define PMU_SEL32_SELECTOR 0x03FFFFFFu

static inline bool pmu_hw_is_fixed(unsigned int idx)
{
	return idx == PMU_CTR_CYCLE || idx == PMU_CTR_INSTRET;
}

static inline void *pmu_hw_saved_base(const struct pmu_hart *h)
{
	return (char *)(uintptr_t)h + h->core->sel_offset;
}

/* Saved value of a counter with a slot (every hpm counter has one). */
static PMU_ALWAYS_INLINE uint64_t pmu_hw_saved(const struct pmu_hart *h,
					       unsigned int idx)
{
	const struct pmu_core *core = h->core;
	unsigned int slot = core->sel_slot[idx];
	uint32_t w;

	if (core->sel_wide)
		return ((const uint64_t *)pmu_hw_saved_base(h))[slot];
	w = ((const uint32_t *)pmu_hw_saved_base(h))[slot];
	return (w & PMU_SEL32_SELECTOR) |
	       ((uint64_t)(w & ~PMU_SEL32_SELECTOR) << 32);
}

static PMU_ALWAYS_INLINE void pmu_hw_save(struct pmu_hart *h, unsigned int idx,
					  uint64_t value)
{
	const struct pmu_core *core = h->core;
	unsigned int slot = core->sel_slot[idx];

	if (core->sel_wide)
		((uint64_t *)pmu_hw_saved_base(h))[slot] = value;
	else
		((uint32_t *)pmu_hw_saved_base(h))[slot] =
			(uint32_t)value | (uint32_t)(value >> 32);
}

/* Inhibit bits for the counter from the CFG_MATCH filter hints. */
static inline uint64_t pmu_hw_filter(const struct pmu_core *core,
				     unsigned int idx, uint64_t flags)
{
	/*
	 * The flags' SET_VUINH..SET_MINH (bits 3-7) are mhpmevent's
	 * VUINH..MINH (bits 58-62) in the same order. MINH is always set;
	 * VS/VU hints are accepted everywhere, honoured only with H (the
	 * mask). Without Sscofpmf (Smcntrpmf for cycle/instret) the mask is
	 * 0: these bits belong to the selector.
	 */
	uint64_t bits = ((flags & SBI_PMU_CFG_FLAG_INH_MASK)
			 << SBI_PMU_CFG_FLAG_INH_SHIFT) |
			MHPMEVENT_MINH;

	return bits &
	       (pmu_hw_is_fixed(idx) ? core->fixed_filter : core->hpm_filter);
}

/*
 * Program the event selector (or fixed-counter filter) of @idx with
 * @value, which the HAL is told replaces @prev.
 */
static PMU_ALWAYS_INLINE void pmu_hw_program(struct pmu_hart *h,
					     unsigned int idx, uint64_t value,
					     uint64_t prev)
{
	const struct pmu_core *core = h->core;

	if (!pmu_hw_is_fixed(idx))
		PMU_HAL(core, event_write)(h->hal_ctx, idx, value, prev);
	else if (core->hw.smcntrpmf)
		PMU_HAL(core, fixed_cfg_write)(h->hal_ctx, idx, value);
}

static PMU_ALWAYS_INLINE void pmu_hw_configure(struct pmu_hart *h,
					       unsigned int idx,
					       const struct pmu_event *ev,
					       uint64_t cfg_flags)
{
	const struct pmu_core *core = h->core;
	uint64_t value;

	h->mapped |= pmu_bit(idx);
	if (core->sel_slot[idx] == PMU_SEL_NONE)
		return; /* cycle/instret without Smcntrpmf: nothing to set */
	value = pmu_hw_is_fixed(idx) ? 0 : ev->selector;
	/* With Sscofpmf the top 8 bits are ours to set (raw v2 clause). */
	if (core->hw.sscofpmf)
		value &= ~MHPMEVENT_SBI_OWNED_MASK;
	value |= pmu_hw_filter(core, idx, cfg_flags);
	pmu_hw_save(h, idx, value);
	/* OF set: the counter cannot interrupt until it starts. */
	if (core->hw.sscofpmf && !pmu_hw_is_fixed(idx)) {
		h->fresh |= 1u << idx;
		value |= MHPMEVENT_OF;
	}
	/* The caller released the counter first: it holds 0 (pmu_match.c). */
	pmu_hw_program(h, idx, value, 0);
}

/*
 * OF value to program at start: cleared, unless LCOFIP is pending and the
 * counter really overflowed since it last ran (its OF may be what S-mode
 * has yet to handle). A fresh counter's OF was ours and is always cleared,
 * or S-mode would see an overflow that never happened.
 */
static PMU_ALWAYS_INLINE uint64_t pmu_hw_start_of(struct pmu_hart *h,
						  unsigned int idx)
{
	const struct pmu_core *core = h->core;

	if (h->fresh & (1u << idx)) {
		h->fresh &= ~(1u << idx);
		return 0;
	}
	if (!core->hw.sscofpmf || !PMU_HAL(core, lcofi_pending)(h->hal_ctx))
		return 0;
	return ((PMU_HAL(core, overflow_read)(h->hal_ctx) >> idx) & 1)
		       ? MHPMEVENT_OF
		       : 0;
}

static PMU_ALWAYS_INLINE void pmu_hw_start(struct pmu_hart *h, unsigned int idx,
					   bool set_value, uint64_t value)
{
	const struct pmu_core *core = h->core;
	uint64_t event = 0;

	/* Idle may lose mhpmevent: write it again (docs/facts.md F3.7). */
	if (!pmu_hw_is_fixed(idx)) {
		uint64_t saved = pmu_hw_saved(h, idx);

		event = saved | pmu_hw_start_of(h, idx);
		PMU_HAL(core, event_write)(h->hal_ctx, idx, event, saved);
	} else if (core->hw.smcntrpmf) {
		PMU_HAL(core, fixed_cfg_write)
		(h->hal_ctx, idx, pmu_hw_saved(h, idx));
	}
	/* The value is written while still inhibited (docs/facts.md F3.8). */
	if (set_value)
		PMU_HAL(core, counter_write)(h->hal_ctx, idx, value);
	PMU_HAL(core, inhibit_clear)(h->hal_ctx, 1u << idx);
	if (PMU_HAL_HAS(core, counter_started))
		PMU_HAL(core, counter_started)(h->hal_ctx, idx, event);
	h->started |= pmu_bit(idx);
}

static PMU_ALWAYS_INLINE void pmu_hw_stop(struct pmu_hart *h, unsigned int idx)
{
	/* OF stays as it is: S-mode reads it (scountovf) after STOP. */
	PMU_HAL(h->core, inhibit_set)(h->hal_ctx, 1u << idx);
	h->started &= ~pmu_bit(idx);
}

/*
 * After a RESET released counters: an overflow interrupt still pending
 * when no counter that is configured, and has run, shows OF belonged to
 * a released counter (RESET clears its OF with its event). It is dropped
 * here, or it would reach whoever configures counters next, as an LCOFI
 * or as an SSE event the moment one is enabled (docs/semantics.md). A
 * configured counter that has not run yet (fresh) holds the OF the core
 * set at configuration, which is no overflow.
 */
static PMU_ALWAYS_INLINE void pmu_hw_drop_stale_overflow(struct pmu_hart *h)
{
	const struct pmu_core *core = h->core;
	uint32_t ran = (uint32_t)(h->mapped & core->hpm_valid) & ~h->fresh;

	if (!core->hw.sscofpmf || !PMU_HAL(core, lcofi_pending)(h->hal_ctx))
		return;
	if (!(PMU_HAL(core, overflow_read)(h->hal_ctx) & ran))
		PMU_HAL(core, lcofi_clear)(h->hal_ctx);
}

/*
 * Release the counter's claim. A programmable counter loses its event
 * (selector 0 is "no event"; QEMU unmaps the counter on it); a fixed
 * counter keeps counting its own and only loses the filter bits.
 */
static PMU_ALWAYS_INLINE void pmu_hw_unmap(struct pmu_hart *h, unsigned int idx)
{
	h->mapped &= ~pmu_bit(idx);
	h->fresh &= ~(1u << idx);
	if (h->core->sel_slot[idx] == PMU_SEL_NONE)
		return;
	pmu_hw_program(h, idx, 0, pmu_hw_saved(h, idx));
	pmu_hw_save(h, idx, 0);
}

static inline uint64_t pmu_hw_read(const struct pmu_hart *h, unsigned int idx)
{
	return PMU_HAL(h->core, counter_read)(h->hal_ctx, idx);
}

static inline void pmu_hw_write(struct pmu_hart *h, unsigned int idx,
				uint64_t value)
{
	PMU_HAL(h->core, counter_write)(h->hal_ctx, idx, value);
}

#endif
