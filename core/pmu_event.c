/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Event decoding: turns (event_idx, event_data) into a validated request
 * with the counters that can count it and the selector to program. No
 * state changes here. Two kinds of "no":
 *  - malformed input -> SBI_ERR_INVALID_PARAM: reserved event_idx bits
 *    20+ set, a non-zero code for raw types, raw data wider than the
 *    type allows, non-zero event_data where the spec reserves it;
 *  - well-formed but not offered -> SBI_ERR_NOT_SUPPORTED: unknown codes,
 *    reserved types 4-14, reserved firmware codes, events no counter of
 *    this hart can count (docs/facts.md F3.9).
 */
#include "pmu_internal.h"

/* General and cache events: the precomputed map entry (pmu_map.c). */
static int pmu_event_hw_table(const struct pmu_core *core, uint64_t event_idx,
			      uint64_t data, struct pmu_event *ev)
{
	const struct pmu_map_entry *entry;

	/* "all non-zero values of event_data are reserved" (types 0, 1) */
	if (data)
		return SBI_ERR_INVALID_PARAM;
	entry = pmu_map_lookup(&core->map, event_idx);
	if (!entry)
		return SBI_ERR_NOT_SUPPORTED;
	/* The map keeps only implemented counters (pmu_map_build()). */
	ev->counters = entry->counters;
	ev->selector = entry->selector;
	ev->fw_slot = PMU_FW_SLOT_NONE;
	return SBI_SUCCESS;
}

/* Bits of mhpmevent the caller may set for a raw event of this type. */
static uint64_t pmu_event_raw_mask(const struct pmu_core *core,
				   unsigned int type)
{
	unsigned int bits = type == SBI_PMU_EVENT_TYPE_HW_RAW
				    ? SBI_PMU_RAW_EVENT_BITS
				    : SBI_PMU_RAW_V2_EVENT_BITS;

	/* RV32: mhpmevent is 32 bits wide, event_data is that value. */
	if (core->hw.xlen == 32)
		bits = 32;
	return (1ULL << bits) - 1;
}

static int pmu_event_raw(const struct pmu_core *core, unsigned int type,
			 unsigned int code, uint64_t data, struct pmu_event *ev)
{
	/* "event_idx.code should be zero" for raw types */
	if (code)
		return SBI_ERR_INVALID_PARAM;
	if (data & ~pmu_event_raw_mask(core, type))
		return SBI_ERR_INVALID_PARAM;
	/* Raw events match raw rows only (docs/facts.md F3.11, F3.14). */
	ev->counters = pmu_map_raw_counters(&core->map, data) & core->hw_valid;
	/* Fixed counters have no selector: they cannot count raw events. */
	ev->counters &= ~(pmu_bit(PMU_CTR_CYCLE) | pmu_bit(PMU_CTR_INSTRET));
	ev->selector = data;
	ev->fw_slot = PMU_FW_SLOT_NONE;
	return ev->counters ? SBI_SUCCESS : SBI_ERR_NOT_SUPPORTED;
}

static int pmu_event_fw(const struct pmu_core *core, unsigned int code,
			uint64_t data, struct pmu_event *ev)
{
	const struct pmu_platform_ops *plat = core->plat;

	ev->counters = core->fw_valid;
	ev->selector = 0;
	if (code == SBI_PMU_FW_PLATFORM) {
		unsigned int number =
			plat->fw_platform_event
				? plat->fw_platform_event(core->plat_ctx, data)
				: 0;

		if (!number || number > PMU_FW_PLATFORM_MAX)
			return SBI_ERR_NOT_SUPPORTED;
		ev->fw_slot = (uint8_t)(PMU_FW_SLOT_PLATFORM | number);
	} else {
		ev->fw_slot = (uint8_t)pmu_fw_slot(code);
		if (ev->fw_slot == PMU_FW_SLOT_NONE)
			return SBI_ERR_NOT_SUPPORTED;
		/* event_data is reserved for all but the platform event */
		if (data)
			return SBI_ERR_INVALID_PARAM;
	}
	return ev->counters ? SBI_SUCCESS : SBI_ERR_NOT_SUPPORTED;
}

int pmu_event_decode(const struct pmu_core *core, uint64_t event_idx,
		     uint64_t event_data, struct pmu_event *ev)
{
	unsigned int type =
		(unsigned int)(event_idx >> SBI_PMU_EVENT_TYPE_SHIFT);
	unsigned int code = (unsigned int)(event_idx & SBI_PMU_EVENT_CODE_MASK);

	if (event_idx & ~(uint64_t)SBI_PMU_EVENT_IDX_MASK)
		return SBI_ERR_INVALID_PARAM;
	switch (type) {
	case SBI_PMU_EVENT_TYPE_HW:
	case SBI_PMU_EVENT_TYPE_HW_CACHE:
		return pmu_event_hw_table(core, event_idx, event_data, ev);
	case SBI_PMU_EVENT_TYPE_HW_RAW:
	case SBI_PMU_EVENT_TYPE_HW_RAW_V2:
		return pmu_event_raw(core, type, code, event_data, ev);
	case SBI_PMU_EVENT_TYPE_FW:
		return pmu_event_fw(core, code, event_data, ev);
	default:
		return SBI_ERR_NOT_SUPPORTED;
	}
}

bool pmu_event_supported(const struct pmu_core *core, uint64_t event_idx,
			 uint64_t event_data)
{
	struct pmu_event ev;

	return pmu_event_decode(core, event_idx, event_data, &ev) ==
	       SBI_SUCCESS;
}

unsigned int pmu_event_count_supported(const struct pmu_core *core,
				       unsigned int type)
{
	unsigned int code, count = 0;
	unsigned int n = type == SBI_PMU_EVENT_TYPE_HW
				 ? SBI_PMU_HW_GENERAL_MAX
				 : SBI_PMU_HW_CACHE_CODE_COUNT;

	if (type != SBI_PMU_EVENT_TYPE_HW &&
	    type != SBI_PMU_EVENT_TYPE_HW_CACHE)
		return 0;
	for (code = type == SBI_PMU_EVENT_TYPE_HW; code < n; code++) {
		/* cache codes with op_id 3 name no event */
		if (type == SBI_PMU_EVENT_TYPE_HW_CACHE &&
		    ((code >> 1) & 3) == SBI_PMU_HW_CACHE_OP_MAX)
			continue;
		count += pmu_event_supported(
			core,
			((uint64_t)type << SBI_PMU_EVENT_TYPE_SHIFT) | code, 0);
	}
	return count;
}
