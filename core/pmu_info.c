/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * EVENT_GET_INFO (FID 8): answer "is this event supported?" for a table
 * of entries in supervisor memory. The range is validated before any
 * access (16-byte alignment, count x 16 without overflow, the platform's
 * check of the whole range); then one pass answers the entries in order.
 * Support is decided by the same decoder CFG_MATCH uses, so the two can
 * never disagree (docs/facts.md F3.11).
 *
 * The supervisor may rewrite the table from another hart during the
 * call, so each caller word is loaded once (sbi_shmem.h): an entry's
 * event_idx once, its event_data once and only when its type has one;
 * the answer is decided from those locals and stored to that entry's
 * output word, the only word written, at an address that depends on the
 * entry's position alone.
 *
 * Choices (docs/semantics.md): num_entries == 0 succeeds without
 * touching memory; an entry whose event_data is invalid for its type gets
 * output 0 ("not supported"). An event_idx word with a reserved bit set
 * (table 19's INVALID_PARAM row) stops the pass: the entries before it
 * are answered, it and the entries after it are not written. Table 19
 * does not say whether outputs may be written when the call fails;
 * checking every word before writing any would need a second read of
 * each, which a concurrent writer could make disagree with the first.
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

/* Table 18: event_data is "valid when event_idx.type is 0x2, 0x3 or 0xf". */
static bool pmu_info_has_data(uint32_t idx)
{
	unsigned int type = idx >> SBI_PMU_EVENT_TYPE_SHIFT;

	return type == SBI_PMU_EVENT_TYPE_HW_RAW ||
	       type == SBI_PMU_EVENT_TYPE_HW_RAW_V2 ||
	       type == SBI_PMU_EVENT_TYPE_FW;
}

/*
 * The answer for an entry whose event_idx, already loaded and free of
 * reserved bits, is @idx. General and cache events, all Linux asks
 * about, are one bit of the map's precomputed answers (pmu_map.c, the
 * same entries CFG_MATCH decodes with) in the loop below; the decoder
 * itself answers the rest here. Out of line: the loop stays in
 * registers.
 */
static __attribute__((noinline)) uint32_t
pmu_info_other(const struct pmu_core *core, uint32_t idx,
	       const volatile uint64_t *event_data)
{
	uint64_t data =
		pmu_info_has_data(idx) ? sbi_shmem_load64(event_data) : 0;

	return pmu_event_supported(core, idx, data);
}

/* The bits a general or cache event_idx of the table may have set. */
#define PMU_INFO_TABLE_BITS                                                    \
	((uint32_t)(SBI_PMU_EVENT_TYPE_HW_CACHE << SBI_PMU_EVENT_TYPE_SHIFT) | \
	 (PMU_MAP_CODES - 1))

/* A precomputed answer: the word of type 0 or 1, the bit of the code. */
static inline uint32_t pmu_info_bit(const uint64_t *supported, uint32_t idx)
{
	uint64_t word = supported[(idx >> SBI_PMU_EVENT_TYPE_SHIFT) & 1];

	return (uint32_t)(word >> (idx % 64)) & 1;
}

/* SBI_SUCCESS, or INVALID_PARAM at the first reserved event_idx bit. */
static int pmu_info_answer(const struct pmu_core *core,
			   volatile struct pmu_info_entry *e,
			   volatile struct pmu_info_entry *end)
{
	const uint64_t *table = core->map.supported;

	for (; e != end; e++) {
		uint32_t idx = sbi_shmem_load32(&e->event_idx), out;

		/* Type 0 or 1 (bits 31:17 clear), code below 64: a bit. */
		if (__builtin_expect(!(idx & ~PMU_INFO_TABLE_BITS), 1))
			out = pmu_info_bit(table, idx);
		else if (idx & SBI_PMU_EVENT_INFO_IDX_RESERVED)
			return SBI_ERR_INVALID_PARAM;
		else
			out = pmu_info_other(core, idx, &e->event_data);
		sbi_shmem_store32(&e->output, out);
	}
	return SBI_SUCCESS;
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
	return pmu_info_answer(h->core, table, table + num_entries);
}
