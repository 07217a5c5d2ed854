/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The event map: which counters can count which event and with which
 * mhpmevent selector. Its input is the three tables of the `riscv,pmu`
 * binding (docs/binding.md), as plain rows, whoever produced them (the
 * libfdt parser in binding/, a platform hook, a test). pmu_map_build()
 * checks every row, reports each bad one by property, row and reason, and
 * precomputes per-event lookup tables so that matching an event costs the
 * same whether the node has 5 rows or 255.
 *
 * Policy for bad input (documented in docs/binding.md):
 *  - a row that is wrong in itself is dropped, the other rows are kept;
 *  - a row naming counters the hardware lacks keeps the counters it can
 *    use (warning), and is dropped when none is left;
 *  - event-to-mhpmevent without event-to-mhpmcounters is ignored whole.
 */
#ifndef SBIPMU_PMU_MAP_H
#define SBIPMU_PMU_MAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "pmu_spec.h"

/* riscv,event-to-mhpmevent: <event_idx selector_hi selector_lo> */
struct pmu_map_selector_row {
	uint32_t event_idx;
	uint64_t selector;
};

/* riscv,event-to-mhpmcounters: <first_event last_event counter_bitmap> */
struct pmu_map_counters_row {
	uint32_t first;
	uint32_t last;
	uint32_t counters;
};

/* riscv,raw-event-to-mhpmcounters: <match_hi match_lo mask_hi mask_lo ctrs> */
struct pmu_map_raw_row {
	uint64_t match;
	uint64_t mask;
	uint32_t counters;
};

enum pmu_map_prop {
	PMU_PROP_EVENT_TO_MHPMEVENT,
	PMU_PROP_EVENT_TO_MHPMCOUNTERS,
	PMU_PROP_RAW_EVENT_TO_MHPMCOUNTERS,
	PMU_PROP_COUNT,
};

/* The rows of one `riscv,pmu` node. Raw rows are kept by reference. */
struct pmu_map_input {
	bool present[PMU_PROP_COUNT]; /* property exists (may have 0 rows) */
	const struct pmu_map_selector_row *sel;
	size_t n_sel;
	const struct pmu_map_counters_row *ctr;
	size_t n_ctr;
	struct pmu_map_raw_row *raw; /* sanitised in place by the builder */
	size_t n_raw;
};

enum pmu_map_severity {
	PMU_DIAG_NOTE,	  /* harmless, e.g. zero padding */
	PMU_DIAG_WARNING, /* row kept, adjusted */
	PMU_DIAG_ERROR,	  /* row (or property) dropped */
};

struct pmu_map_diag {
	enum pmu_map_severity severity;
	enum pmu_map_prop prop;
	long row;	    /* 0-based row number; -1 for the whole property */
	const char *reason; /* static text, no trailing newline */
};

typedef void (*pmu_map_report_fn)(void *ctx, const struct pmu_map_diag *d);

/*
 * One precomputed answer: counters able to count an event (64 bits like
 * every counter set of the core: no widening on the hot path), its
 * selector.
 */
struct pmu_map_entry {
	uint64_t counters;
	uint64_t selector; /* 0: no selector known */
};

/*
 * Codes per table event type: general events are 1-10, cache events
 * below 56; both types share one table, indexed [type][code], so that a
 * lookup is a bound check and an index (entries of codes that name no
 * event keep counters == 0).
 */
#define PMU_MAP_CODES 64
_Static_assert(SBI_PMU_HW_GENERAL_MAX <= PMU_MAP_CODES &&
		       SBI_PMU_HW_CACHE_CODE_COUNT <= PMU_MAP_CODES,
	       "every standard event has an entry");

struct pmu_map {
	/* [SBI_PMU_EVENT_TYPE_HW or _HW_CACHE][code] */
	struct pmu_map_entry hw[2][PMU_MAP_CODES];
	/* Bit code of [type]: hw[type][code] can be counted (EVENT_GET_INFO) */
	uint64_t supported[2];
	const struct pmu_map_raw_row *raw;
	size_t n_raw;
	bool has_selectors; /* a usable event-to-mhpmevent table exists */
	unsigned int n_errors;
	unsigned int n_warnings;
};

/*
 * Build @map from @in for hardware with implemented counters
 * @counter_mask. Cycles (counter 0) and instret (counter 2) are always
 * offered for their own event when implemented, with or without rows.
 * @report (may be NULL) is called once per diagnostic.
 */
void pmu_map_build(struct pmu_map *map, uint32_t counter_mask,
		   struct pmu_map_input *in, pmu_map_report_fn report,
		   void *report_ctx);

/* Name of a property as written in the device tree. */
const char *pmu_map_prop_name(enum pmu_map_prop prop);

/*
 * Entry for a general (type 0) or cache (type 1) event that some counter
 * can count; NULL for any other event_idx (reserved bits set or not).
 */
static inline const struct pmu_map_entry *
pmu_map_lookup(const struct pmu_map *map, uint64_t event_idx)
{
	uint64_t type = event_idx >> SBI_PMU_EVENT_TYPE_SHIFT;
	uint64_t code = event_idx & SBI_PMU_EVENT_CODE_MASK;
	const struct pmu_map_entry *e;

	if (type > SBI_PMU_EVENT_TYPE_HW_CACHE || code >= PMU_MAP_CODES)
		return NULL;
	e = &map->hw[type][code];
	/* An event no counter can count is as unknown as a non-standard one. */
	return e->counters ? e : NULL;
}

/* Counters of the first raw row matching @data (first match wins). */
uint32_t pmu_map_raw_counters(const struct pmu_map *map, uint64_t data);

#endif
