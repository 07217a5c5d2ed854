/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The simulated hart's CSR model and its HAL (see sim_hart.h).
 */
#include "sim_hart.h"

#include <string.h>

#include <sbipmu/pmu_spec.h>

static bool sim_has_counter(const struct sim_hart *s, unsigned int idx)
{
	return idx < 32 && idx != PMU_CTR_TIME &&
	       ((s->cfg.counters >> idx) & 1);
}

static bool sim_is_fixed(unsigned int idx)
{
	return idx == PMU_CTR_CYCLE || idx == PMU_CTR_INSTRET;
}

uint64_t sim_hart_width_mask(const struct sim_hart *s, unsigned int idx)
{
	unsigned int w = sim_is_fixed(idx) ? 64 : s->cfg.width;

	return w >= 64 ? ~0ULL : (1ULL << w) - 1;
}

void sim_hart_init(struct sim_hart *s, const struct sim_hart_cfg *cfg)
{
	memset(s, 0, sizeof(*s));
	s->cfg = *cfg;
	s->cfg.counters &= ~(1u << PMU_CTR_TIME);
	s->mode = PMU_MODE_S;
}

void sim_hart_describe(const struct sim_hart *s, unsigned int num_fw,
		       struct pmu_hw_desc *desc)
{
	unsigned int i;

	memset(desc, 0, sizeof(*desc));
	desc->xlen = s->cfg.xlen;
	desc->counter_mask = s->cfg.counters;
	for (i = 0; i < 32; i++) {
		if (sim_has_counter(s, i))
			desc->width[i] = sim_is_fixed(i) ? 64 : s->cfg.width;
	}
	desc->sscofpmf = s->cfg.sscofpmf;
	desc->smcntrpmf = s->cfg.smcntrpmf;
	desc->h_ext = s->cfg.h_ext;
	desc->one_counter_per_event = s->cfg.one_counter_per_event;
	desc->counter_delegation = s->cfg.counter_delegation;
	desc->num_fw_counters = num_fw;
}

static uint64_t sim_counter_read(void *ctx, unsigned int idx)
{
	struct sim_hart *s = ctx;

	if (!sim_has_counter(s, idx)) {
		s->violations++;
		return 0;
	}
	return s->counter[idx];
}

static void sim_counter_write(void *ctx, unsigned int idx, uint64_t value)
{
	struct sim_hart *s = ctx;

	if (!sim_has_counter(s, idx)) {
		s->violations++;
		return;
	}
	s->counter_writes++;
	s->counter[idx] = value & sim_hart_width_mask(s, idx);
}

/* What mhpmevent holds after @value is written (WARL bits dropped). */
static uint64_t sim_event_held(const struct sim_hart *s, uint64_t value)
{
	if (!s->cfg.sscofpmf)
		value &= s->cfg.xlen == 32 ? 0xFFFFFFFFULL : ~0ULL;
	else if (!s->cfg.h_ext)
		value &= ~(MHPMEVENT_VSINH | MHPMEVENT_VUINH);
	return value;
}

static void sim_event_write(void *ctx, unsigned int idx, uint64_t value,
			    uint64_t prev)
{
	struct sim_hart *s = ctx;

	if (!sim_has_counter(s, idx) || sim_is_fixed(idx)) {
		s->violations++;
		return;
	}
	/* RV32 without Sscofpmf: there is no mhpmeventh to write. */
	if (s->cfg.xlen == 32 && !s->cfg.sscofpmf && (value >> 32))
		s->violations++;
	/*
	 * The HAL contract: @prev is what the core last wrote, OF aside; a
	 * HAL relies on it instead of keeping a copy (pmu_hal.h).
	 */
	if (!((s->event_lost >> idx) & 1) &&
	    (sim_event_held(s, prev) & ~MHPMEVENT_OF) !=
		    (s->event[idx] & ~MHPMEVENT_OF))
		s->prev_mismatches++;
	s->event_lost &= ~(1u << idx);
	s->event_writes++;
	s->event[idx] = sim_event_held(s, value);
}

static void sim_inhibit_set(void *ctx, uint32_t mask)
{
	struct sim_hart *s = ctx;

	s->inhibit |= mask & s->cfg.counters;
}

static void sim_inhibit_clear(void *ctx, uint32_t mask)
{
	struct sim_hart *s = ctx;

	s->inhibit &= ~mask;
}

static uint32_t sim_overflow_read(void *ctx)
{
	struct sim_hart *s = ctx;
	uint32_t bits = 0;
	unsigned int i;

	if (!s->cfg.sscofpmf) {
		s->violations++;
		return 0;
	}
	for (i = PMU_CTR_HPM_FIRST; i < 32; i++) {
		if (sim_has_counter(s, i) && (s->event[i] & MHPMEVENT_OF))
			bits |= 1u << i;
	}
	return bits;
}

static bool sim_lcofi_pending(void *ctx)
{
	struct sim_hart *s = ctx;

	if (!s->cfg.sscofpmf)
		s->violations++;
	return s->lcofip;
}

static void sim_lcofi_clear(void *ctx)
{
	struct sim_hart *s = ctx;

	if (!s->cfg.sscofpmf)
		s->violations++;
	s->lcofip = false;
}

static void sim_fixed_cfg_write(void *ctx, unsigned int idx, uint64_t value)
{
	struct sim_hart *s = ctx;

	if (!s->cfg.smcntrpmf || !sim_is_fixed(idx) ||
	    !sim_has_counter(s, idx)) {
		s->violations++;
		return;
	}
	s->fixed_cfg[idx] = value;
}

static uint64_t sim_event_read(void *ctx, unsigned int idx)
{
	struct sim_hart *s = ctx;

	if (idx < 3 || !sim_has_counter(s, idx)) {
		s->violations++;
		return 0;
	}
	return s->event[idx];
}

static unsigned int sim_event_mode(void *ctx)
{
	struct sim_hart *s = ctx;

	/* A guest mode needs the H extension, as on a real hart. */
	if (!s->cfg.h_ext && (s->mode == PMU_MODE_VU || s->mode == PMU_MODE_VS))
		s->violations++;
	s->mode_reads++;
	return s->mode;
}

const struct pmu_hal_ops sim_hal_ops = {
	.counter_read = sim_counter_read,
	.counter_write = sim_counter_write,
	.event_write = sim_event_write,
	.inhibit_set = sim_inhibit_set,
	.inhibit_clear = sim_inhibit_clear,
	.overflow_read = sim_overflow_read,
	.lcofi_pending = sim_lcofi_pending,
	.lcofi_clear = sim_lcofi_clear,
	.fixed_cfg_write = sim_fixed_cfg_write,
	.event_read = sim_event_read,
	.event_mode = sim_event_mode,
};

void sim_hart_lose_event(struct sim_hart *s, unsigned int idx, uint64_t value)
{
	s->event[idx % 32] = value;
	s->event_lost |= 1u << (idx % 32);
}

static bool sim_counting(const struct sim_hart *s, unsigned int idx)
{
	if (!sim_has_counter(s, idx) || ((s->inhibit >> idx) & 1))
		return false;
	return sim_is_fixed(idx) || (s->event[idx] & SBI_PMU_EVENT_IDX_MASK) ||
	       (s->event[idx] & ~MHPMEVENT_SBI_OWNED_MASK);
}

void sim_hart_tick(struct sim_hart *s, uint64_t n)
{
	unsigned int i;

	for (i = 0; i < 32; i++) {
		uint64_t mask = sim_hart_width_mask(s, i);
		uint64_t before = s->counter[i];

		if (!sim_counting(s, i))
			continue;
		s->counter[i] = (before + n) & mask;
		/* Wrapped past the width: Sscofpmf hpm counters overflow. */
		if (n > mask || n > mask - before) {
			if (!s->cfg.sscofpmf || sim_is_fixed(i))
				continue;
			if (!(s->event[i] & MHPMEVENT_OF))
				s->lcofip = true;
			s->event[i] |= MHPMEVENT_OF;
		}
	}
}
