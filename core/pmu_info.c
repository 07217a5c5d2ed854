/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * EVENT_GET_INFO (FID 8): answer "is this event supported?" for a table
 * of entries in supervisor memory. The range is validated before any
 * access (16-byte alignment, count x 16 without overflow, the platform's
 * check of the whole range); then one pass checks every event_idx word
 * for reserved bits (INVALID_PARAM, nothing written) and a second pass
 * writes each output word. Support is decided by the same decoder CFG_MATCH
 * uses, so the two can never disagree (FACTS 3.11).
 *
 * Choices (docs/semantics.md): num_entries == 0 succeeds without
 * touching memory; an entry whose event_data is invalid for its type gets
 * output 0 ("not supported"). The supervisor may rewrite the table from
 * another hart between the passes; that can only change the answers
 * written inside the validated range.
 */
#include "pmu_internal.h"

struct pmu_info_entry {
	uint32_t event_idx;
	uint32_t output;
	uint64_t event_data;
};

_Static_assert(
	sizeof(struct pmu_info_entry) == SBI_PMU_EVENT_INFO_ENTRY_SIZE,
	"event info entry is 16 bytes (table 'Event info entry format')");

static bool pmu_info_reserved_bits(volatile struct pmu_info_entry *e,
				   uint64_t n)
{
	uint64_t i;

	for (i = 0; i < n; i++) {
		if (e[i].event_idx & SBI_PMU_EVENT_INFO_IDX_RESERVED)
			return true;
	}
	return false;
}

/* "event_data: valid when event_idx.type is either 0x2, 0x3 or 0xf" */
static uint64_t pmu_info_event_data(uint32_t idx, uint64_t data)
{
	unsigned int type = idx >> SBI_PMU_EVENT_TYPE_SHIFT;

	if (type == SBI_PMU_EVENT_TYPE_HW ||
	    type == SBI_PMU_EVENT_TYPE_HW_CACHE)
		return 0;
	return data;
}

/*
 * The answer for one entry. General and cache events, all Linux asks
 * about, are answered by the map's precomputed entries, as CFG_MATCH
 * decodes them (pmu_map_lookup()); the decoder itself answers the rest.
 */
static uint32_t pmu_info_supported(const struct pmu_core *core, uint32_t idx,
				   volatile const uint64_t *data)
{
	if ((idx >> SBI_PMU_EVENT_TYPE_SHIFT) <= SBI_PMU_EVENT_TYPE_HW_CACHE)
		return pmu_map_lookup(&core->map, idx) != NULL;
	return pmu_event_supported(core, idx, pmu_info_event_data(idx, *data));
}

static void pmu_info_answer(const struct pmu_core *core,
			    volatile struct pmu_info_entry *e, uint64_t n)
{
	uint64_t i;

	for (i = 0; i < n; i++)
		e[i].output = pmu_info_supported(core, e[i].event_idx,
						 &e[i].event_data);
}

int pmu_event_get_info(struct pmu_hart *h, uint64_t addr, uint64_t addr_above,
		       uint64_t num_entries, uint64_t flags)
{
	volatile struct pmu_info_entry *table;

	if (flags)
		return SBI_ERR_INVALID_PARAM;
	if (addr & (SBI_PMU_EVENT_INFO_ALIGN - 1))
		return SBI_ERR_INVALID_PARAM;
	if (!num_entries)
		return SBI_SUCCESS;
	table = pmu_shmem_map(h->core, addr, addr_above, num_entries,
			      SBI_PMU_EVENT_INFO_ENTRY_SIZE);
	if (!table)
		return SBI_ERR_INVALID_ADDRESS;
	if (pmu_info_reserved_bits(table, num_entries))
		return SBI_ERR_INVALID_PARAM;
	pmu_info_answer(h->core, table, num_entries);
	return SBI_SUCCESS;
}
