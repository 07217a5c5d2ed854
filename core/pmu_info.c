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
				   volatile struct pmu_info_entry *end)
{
	for (; e != end; e++) {
		if (e->event_idx & SBI_PMU_EVENT_INFO_IDX_RESERVED)
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
 * about, are one bit of the map's precomputed answers (pmu_map.c, the
 * same entries CFG_MATCH decodes with); the decoder itself answers the
 * rest. Out of line: the loop below stays in registers.
 */
static __attribute__((noinline)) void
pmu_info_other(const struct pmu_core *core, volatile struct pmu_info_entry *e)
{
	uint32_t idx = e->event_idx;

	e->output = pmu_event_supported(
		core, idx, pmu_info_event_data(idx, e->event_data));
}

/* The bits a general or cache event_idx of the table may have set. */
#define PMU_INFO_TABLE_BITS                                                    \
	((uint32_t)(SBI_PMU_EVENT_TYPE_HW_CACHE << SBI_PMU_EVENT_TYPE_SHIFT) | \
	 (PMU_MAP_CODES - 1))

static void pmu_info_answer(const struct pmu_core *core,
			    volatile struct pmu_info_entry *e,
			    volatile struct pmu_info_entry *end)
{
	const uint64_t *table = core->map.supported;

	for (; e != end; e++) {
		uint32_t idx = e->event_idx;

		/* Type 0 or 1 (bits 31:17 clear), code below 64: a bit. */
		if (__builtin_expect(!(idx & ~PMU_INFO_TABLE_BITS), 1))
			e->output =
				(table[(idx >> SBI_PMU_EVENT_TYPE_SHIFT) & 1] >>
				 (idx % 64)) &
				1;
		else
			pmu_info_other(core, e);
	}
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
	if (pmu_info_reserved_bits(table, table + num_entries))
		return SBI_ERR_INVALID_PARAM;
	pmu_info_answer(h->core, table, table + num_entries);
	return SBI_SUCCESS;
}
