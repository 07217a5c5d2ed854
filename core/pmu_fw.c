/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Firmware counters: 64-bit software counters of firmware events. Counting
 * an event costs two loads and a branch when no firmware counter of the
 * hart runs (the common case, and before the PMU is initialised); when
 * some run, only the running ones are visited (at most 16). The counter
 * value and a platform event's event_data live in separate arrays:
 * clearing one never erases the other (FACTS 3.12).
 */
#include "pmu_internal.h"

void pmu_fwc_configure(struct pmu_hart *h, unsigned int idx,
		       const struct pmu_event *ev)
{
	unsigned int k = pmu_fw_index(h->core, idx);

	pmu_hart_fw_event(h)[k] = ev->fw_slot;
	pmu_hart_fw_data(h)[k] =
		ev->fw_slot == PMU_FW_SLOT_PLATFORM ? ev->data : 0;
	h->mapped |= pmu_bit(idx);
}

void pmu_fwc_start(struct pmu_hart *h, unsigned int idx, bool set_value,
		   uint64_t value)
{
	if (set_value)
		pmu_fwc_write(h, idx, value);
	h->started |= pmu_bit(idx);
}

void pmu_fwc_stop(struct pmu_hart *h, unsigned int idx)
{
	h->started &= ~pmu_bit(idx);
}

void pmu_fwc_unmap(struct pmu_hart *h, unsigned int idx)
{
	unsigned int k = pmu_fw_index(h->core, idx);

	pmu_hart_fw_event(h)[k] = PMU_FW_SLOT_NONE;
	pmu_hart_fw_data(h)[k] = 0;
	h->mapped &= ~pmu_bit(idx);
}

uint64_t pmu_fwc_read(const struct pmu_hart *h, unsigned int idx)
{
	return pmu_hart_fw_value(h)[pmu_fw_index(h->core, idx)];
}

void pmu_fwc_write(struct pmu_hart *h, unsigned int idx, uint64_t value)
{
	pmu_hart_fw_value(h)[pmu_fw_index(h->core, idx)] = value;
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

/*
 * Add @n to every running firmware counter whose event slot is @slot and,
 * for platform events, whose event_data is @data.
 */
static void pmu_fw_add(struct pmu_hart *h, uint64_t running, unsigned int slot,
		       uint64_t data, uint64_t n)
{
	const uint8_t *event = pmu_hart_fw_event(h);
	const uint64_t *event_data = pmu_hart_fw_data(h);
	uint64_t *value = pmu_hart_fw_value(h);
	unsigned int first = h->core->first_fw, idx, k;
	uint64_t rest;

	pmu_for_each_bit (idx, rest, running) {
		k = idx - first;
		if (event[k] == slot && event_data[k] == data)
			value[k] += n;
	}
}

void pmu_fw_event(struct pmu_hart *h, unsigned int code)
{
	uint64_t running;

	/* Before the PMU is up there is nothing to count (FACTS 3.16). */
	if (!h)
		return;
	running = h->started & h->core->fw_valid;
	if (running)
		pmu_fw_add(h, running, pmu_fw_slot(code), 0, 1);
}

void pmu_fw_platform_event(struct pmu_hart *h, uint64_t event_data, uint64_t n)
{
	uint64_t running;

	if (!h)
		return;
	running = h->started & h->core->fw_valid;
	if (running)
		pmu_fw_add(h, running, PMU_FW_SLOT_PLATFORM, event_data, n);
}
