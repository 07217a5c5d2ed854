/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Firmware counters: 64-bit software counters of firmware events. Each
 * hart keeps, per event slot, the bitmap of its firmware counters that
 * are running on that event, so counting an event is one load and a
 * branch when nothing counts it, and touches only the counters that do
 * otherwise. The counter value and a platform event's event_data live in
 * separate arrays: clearing one never erases the other (FACTS 3.12).
 */
#include "pmu_internal.h"

static uint16_t pmu_fwc_bit(const struct pmu_core *core, unsigned int idx)
{
	return (uint16_t)(1u << pmu_fw_index(core, idx));
}

void pmu_fwc_configure(struct pmu_hart *h, unsigned int idx,
		       const struct pmu_event *ev)
{
	unsigned int k = pmu_fw_index(h->core, idx);

	h->fw_event[k] = ev->fw_slot;
	h->fw_data[k] = ev->fw_slot == PMU_FW_SLOT_PLATFORM ? ev->data : 0;
	h->mapped |= pmu_bit(idx);
}

void pmu_fwc_start(struct pmu_hart *h, unsigned int idx, bool set_value,
		   uint64_t value)
{
	const struct pmu_core *core = h->core;
	unsigned int k = pmu_fw_index(core, idx);
	uint16_t slot = h->fw_event[k];

	if (set_value)
		h->fw_value[k] = value;
	if (slot == PMU_FW_SLOT_PLATFORM)
		h->fw_platform_running |= pmu_fwc_bit(core, idx);
	else
		h->fw_running[slot] |= pmu_fwc_bit(core, idx);
	h->started |= pmu_bit(idx);
}

void pmu_fwc_stop(struct pmu_hart *h, unsigned int idx)
{
	const struct pmu_core *core = h->core;
	uint16_t slot = h->fw_event[pmu_fw_index(core, idx)];
	uint16_t keep = (uint16_t)~pmu_fwc_bit(core, idx);

	if (slot == PMU_FW_SLOT_PLATFORM)
		h->fw_platform_running &= keep;
	else
		h->fw_running[slot] &= keep;
	h->started &= ~pmu_bit(idx);
}

void pmu_fwc_unmap(struct pmu_hart *h, unsigned int idx)
{
	unsigned int k = pmu_fw_index(h->core, idx);

	h->fw_event[k] = PMU_FW_SLOT_NONE;
	h->fw_data[k] = 0;
	h->mapped &= ~pmu_bit(idx);
}

uint64_t pmu_fwc_read(const struct pmu_hart *h, unsigned int idx)
{
	return h->fw_value[pmu_fw_index(h->core, idx)];
}

void pmu_fwc_write(struct pmu_hart *h, unsigned int idx, uint64_t value)
{
	h->fw_value[pmu_fw_index(h->core, idx)] = value;
}

int pmu_counter_fw_read(const struct pmu_hart *h, uint64_t idx, uint64_t *value)
{
	const struct pmu_core *core = h->core;

	/* "counter_idx points to a hardware counter or an invalid counter" */
	if (idx >= core->n_logical || !pmu_is_fw_counter(core, (unsigned)idx))
		return SBI_ERR_INVALID_PARAM;
	*value = pmu_fwc_read(h, (unsigned int)idx);
	return SBI_SUCCESS;
}

/* Add @n to every firmware counter in @running (bit k = counter k). */
static void pmu_fw_add(struct pmu_hart *h, uint16_t running, uint64_t n)
{
	uint64_t rest;
	unsigned int k;

	pmu_for_each_bit (k, rest, running)
		h->fw_value[k] += n;
}

void pmu_fw_event(struct pmu_hart *h, unsigned int code)
{
	unsigned int slot = pmu_fw_slot(code);
	uint16_t running;

	/* Before the PMU is up there is nothing to count (FACTS 3.16). */
	if (!h || slot >= SBIPMU_FW_SLOT_COUNT)
		return;
	running = h->fw_running[slot];
	if (running)
		pmu_fw_add(h, running, 1);
}

void pmu_fw_platform_event(struct pmu_hart *h, uint64_t event_data, uint64_t n)
{
	uint16_t match = 0;
	uint64_t rest;
	unsigned int k;

	if (!h || !h->fw_platform_running)
		return;
	pmu_for_each_bit (k, rest, h->fw_platform_running) {
		if (h->fw_data[k] == event_data)
			match |= (uint16_t)(1u << k);
	}
	pmu_fw_add(h, match, n);
}
