/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Firmware counter actions: what configuring, starting, stopping and
 * releasing a firmware counter changes (its value, its event byte, its
 * CFG_MATCH flags, the hart's fw_slots). Nothing here validates and
 * nothing can fail. Inline, as the hardware ones (pmu_hw.h); counting and
 * FW_READ are in pmu_fw.c.
 */
#ifndef SBIPMU_CORE_PMU_FW_H
#define SBIPMU_CORE_PMU_FW_H

static inline uint64_t *pmu_fwc_value(const struct pmu_hart *h,
				      unsigned int idx)
{
	return &pmu_hart_fw_value(h)[pmu_fw_index(h->core, idx)];
}

/*
 * The flags of the counter's CFG_MATCH, kept whole (one store, no
 * masking: CFG_MATCH refused any bit above 7). Counting reads only its
 * mode filter, SET_VUINH..SET_SINH (pmu_fw.c).
 */
static inline void pmu_fwc_configure(struct pmu_hart *h, unsigned int idx,
				     const struct pmu_event *ev, uint64_t flags)
{
	unsigned int k = pmu_fw_index(h->core, idx);
	/* Both before either store: a byte store could alias h->core. */
	uint8_t *event = pmu_hart_fw_event(h), *cfg = pmu_hart_fw_flags(h);

	event[k] = ev->fw_slot;
	cfg[k] = (uint8_t)flags;
	h->mapped |= pmu_bit(idx);
}

/* The fw_slots bit that stands for event byte @slot. */
static inline uint32_t pmu_fw_slot_bit(unsigned int slot)
{
	return (slot & PMU_FW_SLOT_PLATFORM) ? PMU_FW_SLOTS_PLATFORM
					     : 1u << slot;
}

static inline void pmu_fwc_start(struct pmu_hart *h, unsigned int idx,
				 bool set_value, uint64_t value)
{
	uint8_t slot = pmu_hart_fw_event(h)[pmu_fw_index(h->core, idx)];

	if (set_value)
		*pmu_fwc_value(h, idx) = value;
	h->started |= pmu_bit(idx);
	h->fw_slots |= pmu_fw_slot_bit(slot);
}

/* Recompute fw_slots from the started firmware counters. */
static inline void pmu_fw_slots_refresh(struct pmu_hart *h)
{
	const uint8_t *event = pmu_hart_fw_event(h);
	unsigned int first = h->core->first_fw, idx;
	uint64_t rest;
	uint32_t slots = 0;

	pmu_for_each_bit (idx, rest, h->started & h->core->fw_valid)
		slots |= pmu_fw_slot_bit(event[idx - first]);
	h->fw_slots = slots;
}

static inline void pmu_fwc_stop(struct pmu_hart *h, unsigned int idx)
{
	h->started &= ~pmu_bit(idx);
	pmu_fw_slots_refresh(h);
}

static inline void pmu_fwc_unmap(struct pmu_hart *h, unsigned int idx)
{
	pmu_hart_fw_event(h)[pmu_fw_index(h->core, idx)] = PMU_FW_SLOT_NONE;
	h->mapped &= ~pmu_bit(idx);
}

static inline uint64_t pmu_fwc_read(const struct pmu_hart *h, unsigned int idx)
{
	return *pmu_fwc_value(h, idx);
}

static inline void pmu_fwc_write(struct pmu_hart *h, unsigned int idx,
				 uint64_t value)
{
	*pmu_fwc_value(h, idx) = value;
}

#endif
