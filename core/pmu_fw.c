/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Firmware counters: 64-bit software counters of firmware events. The
 * per-hart fw_slots bitmap says which events have a running counter, so
 * counting an event nobody counts is a load and a branch (inline in
 * pmu.h); otherwise only the running counters are visited (at most 16).
 * Each counter keeps its value and one event byte: a firmware event's
 * dense slot, or PMU_FW_SLOT_PLATFORM | the number the platform gave a
 * platform event (its event_data itself is never stored, so clearing a
 * value can never erase it: FACTS 3.12).
 */
#include "pmu_internal.h"

int pmu_counter_fw_read(const struct pmu_hart *h, uint64_t idx, uint64_t *value)
{
	const struct pmu_core *core = h->core;
	/* Below first_fw it wraps: no firmware counter either. */
	uint64_t k = idx - core->first_fw;

	/*
	 * "counter_idx points to a hardware counter or an invalid counter":
	 * a firmware counter with no event (never configured, or released
	 * by STOP(RESET)) is not a valid counter to read; its last value
	 * belongs to nobody. A firmware counter has an event exactly when
	 * it is claimed (pmu_fw.h), so its event byte says both, without a
	 * 64-bit bit test (costly on RV32).
	 */
	if (k >= core->hw.num_fw_counters ||
	    pmu_hart_fw_event(h)[k] == PMU_FW_SLOT_NONE)
		return SBI_ERR_INVALID_PARAM;
	*value = pmu_hart_fw_value(h)[k];
	return SBI_SUCCESS;
}

/* Add @n to every running firmware counter whose event byte is @slot. */
void pmu_fw_count(struct pmu_hart *h, unsigned int slot, uint64_t n)
{
	const uint8_t *event = pmu_hart_fw_event(h);
	uint64_t *value = pmu_hart_fw_value(h);
	unsigned int first = h->core->first_fw, idx;
	uint64_t rest;

	pmu_for_each_bit (idx, rest, h->started & h->core->fw_valid) {
		if (event[idx - first] == slot)
			value[idx - first] += n;
	}
}

void pmu_fw_count_platform(struct pmu_hart *h, uint64_t event_data, uint64_t n)
{
	const struct pmu_core *core = h->core;
	unsigned int number;

	if (!core->plat->fw_platform_event)
		return;
	number = core->plat->fw_platform_event(core->plat_ctx, event_data);
	if (number && number <= PMU_FW_PLATFORM_MAX)
		pmu_fw_count(h, PMU_FW_SLOT_PLATFORM | number, n);
}
