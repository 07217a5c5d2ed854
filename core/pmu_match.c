/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * COUNTER_CFG_MATCH (FID 2): pick a counter of the caller's set that can
 * count the event and is free, then configure it. Decode first (flags,
 * set, event, choice of counter), act last; the action cannot fail.
 *
 * Choices where the spec is silent (docs/semantics.md):
 *  - The spec finds a counter "which is not started (or enabled)". A
 *    counter configured for another event is not eligible either: it
 *    stays its owner's until STOP(RESET); handing it out again would
 *    silently steal it (Linux then multiplexes, docs/facts.md F1.6).
 *  - With Sscofpmf, cycles/instructions go to a programmable counter when
 *    the set offers one (it can sample and filter), else to mcycle /
 *    minstret; without Sscofpmf the fixed counters are preferred, keeping
 *    the programmable ones for other events.
 *  - The mode filter flags are hints the spec lets us ignore, but a
 *    counter that cannot honour them (mcycle/minstret without
 *    Smcntrpmf) would count what the caller asked to exclude, and
 *    Linux would show it as if filtered. Such a counter is not chosen
 *    for a filtered request: NOT_SUPPORTED if no other is free, so that
 *    Linux multiplexes the event onto a counter that filters. Only
 *    the guest-mode hints alone are let go where no counter of the hart
 *    could filter the event (pmu_match_guest_hint_only()).
 *  - Where one selector counts on only one programmable counter
 *    (hw.one_counter_per_event: QEMU), a second programmable counter is
 *    never given a selector another one holds: it would read 0. The
 *    event goes to a fixed counter if one can count it, else
 *    NOT_SUPPORTED.
 *  - With counter delegation (hw.counter_delegation), a programmable
 *    counter whose mhpmevent holds a selector that no CFG_MATCH wrote
 *    was programmed by S-mode itself (sireg2) and is S-mode's: the match
 *    never hands it out. SKIP_MATCH cannot take it either (it has no
 *    event as far as SBI knows: INVALID_PARAM).
 *  - SKIP_MATCH takes the first counter of the set (spec note). That
 *    counter must have an event already (a prior match, or a fixed
 *    counter): INVALID_PARAM otherwise, as there is no match to skip.
 *    It must still be able to count the event -- type included, so a
 *    firmware event never lands on a hardware counter or vice versa
 *    (docs/facts.md F3.2) -- and not be running for an owner: NOT_SUPPORTED
 *    otherwise.
 *  - A fixed counter (cycle, instret) counts from hart init without an
 *    owner (pmu_hw_handoff_hart()). It is started, so the match never
 *    finds it; SKIP_MATCH, which selects "unconditionally", claims it and
 *    leaves it running: CFG_MATCH starts counters (AUTO_START) but never
 *    stops one. Linux stops every counter at boot (STOP(all, RESET)), so
 *    its matches, legacy mode's SKIP_MATCH on 0 and 2 included, find them
 *    stopped (docs/semantics.md).
 */
#include "pmu_internal.h"

static PMU_ALWAYS_INLINE int pmu_match_skip(const struct pmu_hart *h,
					    uint64_t set,
					    const struct pmu_event *ev,
					    unsigned int *idx)
{
	unsigned int first = pmu_bit_lowest(set);

	/*
	 * "skip the counter matching": there must have been a match, i.e.
	 * the counter has an event (a fixed counter always has its own).
	 * Claiming a counter that never had one would take it from a later
	 * CFG_MATCH without the caller ever having asked for a match.
	 */
	if (!(pmu_with_event(h) & pmu_bit(first)))
		return SBI_ERR_INVALID_PARAM;
	/* Running for its owner; an unclaimed fixed counter is no one's. */
	if (!(ev->counters & pmu_bit(first)) ||
	    (h->started & h->mapped & pmu_bit(first)))
		return SBI_ERR_NOT_SUPPORTED;
	*idx = first;
	return SBI_SUCCESS;
}

/*
 * The selector of mhpmevent value @v: with Sscofpmf its top 8 bits are
 * OF and the inhibits, not the selector (pmu_hw_configure()).
 */
static PMU_ALWAYS_INLINE uint64_t
pmu_match_selector(const struct pmu_core *core, uint64_t v)
{
	return v & ~(core->hw.sscofpmf ? MHPMEVENT_SBI_OWNED_MASK : 0);
}

/*
 * Whether a programmable counter of @held already holds @selector. Only
 * reached when one is held, so that the usual CFG_MATCH (nothing held, or
 * hardware without the limit) pays a test or two. (Out of line it cost
 * two instructions more: the call made CFG_MATCH save three registers.)
 */
static PMU_ALWAYS_INLINE bool pmu_match_selector_held(const struct pmu_hart *h,
						      uint64_t held,
						      uint64_t selector)
{
	const struct pmu_core *core = h->core;
	uint64_t want = pmu_match_selector(core, selector);

	while (held) {
		unsigned int idx = pmu_bit_lowest(held);

		held &= held - 1;
		if (pmu_match_selector(core, pmu_hw_saved(h, idx)) == want)
			return true;
	}
	return false;
}

/*
 * The guest-mode hints alone (SET_VSINH / SET_VUINH), and no counter of
 * the hart that counts @ev can filter at all: they are let go, as the
 * spec allows for any filter hint. perf asks for them on every event it
 * does not mark for guests (exclude_guest), so refusing them where only
 * mcycle/minstret without Smcntrpmf count an event would leave the
 * event never counted; while no guest runs they exclude nothing. The
 * S/U hints (:u, :k) are still refused there: a share counted in every
 * mode would be shown as if filtered.
 */
static bool pmu_match_guest_hint_only(const struct pmu_core *core,
				      uint64_t flags,
				      const struct pmu_event *ev)
{
	const uint64_t guest =
		SBI_PMU_CFG_FLAG_SET_VSINH | SBI_PMU_CFG_FLAG_SET_VUINH;

	return !(flags & core->filter_flags & ~guest) &&
	       !(ev->counters & core->filterable & core->hw_valid);
}

/* Free counters of @set that can count @ev as @flags ask (see above). */
static PMU_ALWAYS_INLINE uint64_t pmu_match_free(const struct pmu_hart *h,
						 uint64_t set, uint64_t flags,
						 const struct pmu_event *ev)
{
	const struct pmu_core *core = h->core;
	uint64_t free = set & ev->counters & ~(h->mapped | h->started);

	if (pmu_event_is_fw(ev))
		return free;
	/* A mode filter asked for (MINH is always set, pmu_hw.h). */
	if ((flags & core->filter_flags) &&
	    !pmu_match_guest_hint_only(core, flags, ev))
		free &= core->filterable;
	if (__builtin_expect(core->hw.one_counter_per_event, 0)) {
		uint64_t held = h->mapped & core->hpm_valid;

		/* The others would not count it: only a fixed one is left. */
		if (held && pmu_match_selector_held(h, held, ev->selector))
			free &= ~core->hpm_valid;
	}
	return free;
}

/*
 * With counter delegation: whether S-mode programmed hpm counter @idx
 * itself (a selector in mhpmevent that SBI did not write; the bits above
 * the selector, OF and the inhibits, do not say so).
 */
static bool pmu_match_supervisor_owns(const struct pmu_hart *h,
				      unsigned int idx)
{
	uint64_t live = PMU_HAL(h->core, event_read)(h->hal_ctx, idx);

	return pmu_match_selector(h->core, live) != 0;
}

/*
 * The lowest counter of @free, the preferred ones first; @free != 0.
 * The preference between fixed and programmable counters is one mask,
 * core->prefer (pmu_core.c): the programmable counters with Sscofpmf,
 * the fixed ones without. Firmware events only ever have firmware
 * counters free, which the first mask holds and the second does not:
 * either way the lowest free one is taken.
 */
static PMU_ALWAYS_INLINE unsigned int
pmu_match_pick(const struct pmu_core *core, uint64_t free)
{
	uint64_t preferred = free & core->prefer;

	return pmu_bit_lowest(preferred ? preferred : free);
}

/*
 * With one counter per selector as well: S-mode may hold @ev's selector
 * on a counter of its own, and then no other programmable counter counts
 * it either. One read per programmable counter SBI has not configured.
 */
static uint64_t pmu_match_supervisor_holds(const struct pmu_hart *h,
					   const struct pmu_event *ev)
{
	const struct pmu_core *core = h->core;
	uint64_t others = core->hpm_valid & ~h->mapped, rest;
	unsigned int idx;

	pmu_for_each_bit (idx, rest, others) {
		uint64_t live = PMU_HAL(core, event_read)(h->hal_ctx, idx);

		if (pmu_match_selector(core, live) ==
		    pmu_match_selector(core, ev->selector))
			return core->hpm_valid;
	}
	return 0;
}

/* pmu_match_find() with counter delegation: skip what S-mode took. */
static __attribute__((noinline)) int
pmu_match_find_delegated(const struct pmu_hart *h, uint64_t free,
			 const struct pmu_event *ev, unsigned int *idx)
{
	if (h->core->hw.one_counter_per_event && !pmu_event_is_fw(ev))
		free &= ~pmu_match_supervisor_holds(h, ev);
	while (free) {
		*idx = pmu_match_pick(h->core, free);
		if (!(h->core->hpm_valid & pmu_bit(*idx)) ||
		    !pmu_match_supervisor_owns(h, *idx))
			return SBI_SUCCESS;
		free &= ~pmu_bit(*idx);
	}
	return SBI_ERR_NOT_SUPPORTED;
}

static PMU_ALWAYS_INLINE int pmu_match_find(const struct pmu_hart *h,
					    uint64_t set, uint64_t flags,
					    const struct pmu_event *ev,
					    unsigned int *idx)
{
	uint64_t free = pmu_match_free(h, set, flags, ev);

	if (__builtin_expect(h->core->hw.counter_delegation, 0))
		return pmu_match_find_delegated(h, free, ev, idx);
	if (!free)
		return SBI_ERR_NOT_SUPPORTED;
	*idx = pmu_match_pick(h->core, free);
	return SBI_SUCCESS;
}

/*
 * Take @idx from its previous state: release what it was configured for
 * (SKIP_MATCH re-configure). A counter that runs here is a fixed one
 * SKIP_MATCH claimed unowned: it keeps running.
 */
static PMU_ALWAYS_INLINE void pmu_match_release(struct pmu_hart *h,
						unsigned int idx)
{
	if (!(h->mapped & pmu_bit(idx)))
		return; /* the usual case: a free counter */
	if (pmu_is_fw_counter(h->core, idx))
		pmu_fwc_unmap(h, idx);
	else
		pmu_hw_unmap(h, idx);
}

/* Flags mean the same for every counter type (docs/facts.md F3.5). */
static PMU_ALWAYS_INLINE void pmu_match_configure(struct pmu_hart *h,
						  unsigned int idx,
						  const struct pmu_event *ev,
						  uint64_t flags)
{
	pmu_match_release(h, idx);
	if (pmu_event_is_fw(ev))
		pmu_fwc_configure(h, idx, ev, flags);
	else
		pmu_hw_configure(h, idx, ev, flags);
	if (flags & SBI_PMU_CFG_FLAG_CLEAR_VALUE)
		pmu_counter_write(h, idx, 0);
	if ((flags & SBI_PMU_CFG_FLAG_AUTO_START) &&
	    !(h->started & pmu_bit(idx)))
		pmu_counter_start_one(h, idx, false, 0);
}

/* Choose a counter of @set for the decoded @ev, then configure it. */
static PMU_ALWAYS_INLINE int pmu_match_event(struct pmu_hart *h, uint64_t set,
					     uint64_t flags,
					     const struct pmu_event *ev,
					     uint64_t *idx_out)
{
	unsigned int idx;
	int rc;

	if (flags & SBI_PMU_CFG_FLAG_SKIP_MATCH)
		rc = pmu_match_skip(h, set, ev, &idx);
	else
		rc = pmu_match_find(h, set, flags, ev, &idx);
	if (rc)
		return rc;

	pmu_match_configure(h, idx, ev, flags);
	*idx_out = idx;
	return SBI_SUCCESS;
}

/*
 * Any other request: the whole decoder (pmu_event.c), out of line and
 * reached by a tail call, so that the common case below makes no call.
 */
static __attribute__((noinline)) int
pmu_match_any(struct pmu_hart *h, uint64_t set, uint64_t flags,
	      uint64_t event_idx, uint64_t event_data, uint64_t *idx_out)
{
	struct pmu_event ev;
	int rc;

	rc = pmu_event_decode(h->core, event_idx, event_data, &ev);
	if (rc)
		return rc;
	return pmu_match_event(h, set, flags, &ev, idx_out);
}

int pmu_counter_cfg_match(struct pmu_hart *h, uint64_t cbase, uint64_t cmask,
			  uint64_t flags, uint64_t event_idx,
			  uint64_t event_data, uint64_t *idx_out)
{
	struct pmu_event ev;
	uint64_t set;
	int rc;

	/* "the given flag parameter has a reserved bit set" */
	if (flags & ~SBI_PMU_CFG_FLAG_DEFINED)
		return SBI_ERR_INVALID_PARAM;
	rc = pmu_counter_set(h->core, cbase, cmask, &set);
	if (rc)
		return rc;
	if (!pmu_event_decode_common(h->core, event_idx, event_data, &ev))
		return pmu_match_any(h, set, flags, event_idx, event_data,
				     idx_out);
	return pmu_match_event(h, set, flags, &ev, idx_out);
}
