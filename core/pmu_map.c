/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The event map builder: checks the rows of the three `riscv,pmu`
 * properties against the binding and the hardware's counters, reports
 * each bad row once, and fills the per-event tables of struct pmu_map so
 * that pmu_map_lookup() is one array index. Rules, in the order applied,
 * are those of docs/binding.md ("How sbipmu reads the node"); each check
 * below names its clause there. Freestanding: no libc, no allocation
 * (rows are checked where they lie, raw rows are sanitised in place).
 */
#include "sbipmu/pmu_map.h"

#define PMU_MAP_BIT(n)	(1u << (n))
#define PMU_MAP_CYCLES	((uint32_t)SBI_PMU_HW_CPU_CYCLES)
#define PMU_MAP_INSTRET ((uint32_t)SBI_PMU_HW_INSTRUCTIONS)
/* mhpmevent bits Sscofpmf defines: overflow and the mode inhibits. */
#define PMU_MAP_SELECTOR_OWNED (MHPMEVENT_OF | MHPMEVENT_FILTER_MASK)

/* The builder's state while it runs; nothing of it outlives the build. */
struct pmu_map_builder {
	struct pmu_map *map;
	uint32_t hw; /* implemented counters, never the time CSR */
	bool has_selectors;
	pmu_map_report_fn report;
	void *report_ctx;
};

static const char *const pmu_map_prop_names[PMU_PROP_COUNT] = {
	[PMU_PROP_EVENT_TO_MHPMEVENT] = "riscv,event-to-mhpmevent",
	[PMU_PROP_EVENT_TO_MHPMCOUNTERS] = "riscv,event-to-mhpmcounters",
	[PMU_PROP_RAW_EVENT_TO_MHPMCOUNTERS] =
		"riscv,raw-event-to-mhpmcounters",
};

const char *pmu_map_prop_name(enum pmu_map_prop prop)
{
	if ((unsigned int)prop >= PMU_PROP_COUNT)
		return "(unknown property)";
	return pmu_map_prop_names[prop];
}

static void pmu_map_diag(struct pmu_map_builder *b,
			 enum pmu_map_severity severity, enum pmu_map_prop prop,
			 long row, const char *reason)
{
	struct pmu_map_diag d = {severity, prop, row, reason};

	if (severity == PMU_DIAG_ERROR)
		b->map->n_errors++;
	else if (severity == PMU_DIAG_WARNING)
		b->map->n_warnings++;
	if (b->report)
		b->report(b->report_ctx, &d);
}

/* ---- events ---- */

static uint32_t pmu_map_type(uint32_t event_idx)
{
	return event_idx >> SBI_PMU_EVENT_TYPE_SHIFT;
}

enum pmu_map_kind {
	PMU_MAP_NONE,
	PMU_MAP_GENERAL,
	PMU_MAP_CACHE,
};

/*
 * Which table holds @event_idx: general codes 1-10, cache codes whose
 * cache_id is 0-6 and op_id 0-2. Any other event has no entry and never
 * matches (docs/binding.md, "Which events").
 */
static enum pmu_map_kind pmu_map_kind(uint32_t event_idx)
{
	uint32_t code = event_idx & SBI_PMU_EVENT_CODE_MASK;

	if (event_idx >> SBI_PMU_EVENT_IDX_BITS)
		return PMU_MAP_NONE;
	switch (pmu_map_type(event_idx)) {
	case SBI_PMU_EVENT_TYPE_HW:
		if (code == SBI_PMU_HW_NO_EVENT ||
		    code >= SBI_PMU_HW_GENERAL_MAX)
			return PMU_MAP_NONE;
		return PMU_MAP_GENERAL;
	case SBI_PMU_EVENT_TYPE_HW_CACHE:
		if (code >= SBI_PMU_HW_CACHE_CODE_COUNT ||
		    ((code >> 1) & 3) == SBI_PMU_HW_CACHE_OP_MAX)
			return PMU_MAP_NONE;
		return PMU_MAP_CACHE;
	default:
		return PMU_MAP_NONE;
	}
}

static struct pmu_map_entry *pmu_map_slot(struct pmu_map *map,
					  uint32_t event_idx)
{
	enum pmu_map_kind kind = pmu_map_kind(event_idx);
	uint32_t code = event_idx & SBI_PMU_EVENT_CODE_MASK;

	if (kind == PMU_MAP_GENERAL)
		return &map->hw[SBI_PMU_EVENT_TYPE_HW][code];
	if (kind == PMU_MAP_CACHE)
		return &map->hw[SBI_PMU_EVENT_TYPE_HW_CACHE][code];
	return NULL;
}

/* Why @event_idx cannot be named by a hardware-event row, or NULL. */
static const char *pmu_map_event_problem(uint32_t event_idx)
{
	if (event_idx >> SBI_PMU_EVENT_IDX_BITS)
		return "event_idx has reserved bits 20-31 set";
	switch (pmu_map_type(event_idx)) {
	case SBI_PMU_EVENT_TYPE_HW:
	case SBI_PMU_EVENT_TYPE_HW_CACHE:
		return NULL;
	case SBI_PMU_EVENT_TYPE_HW_RAW:
	case SBI_PMU_EVENT_TYPE_HW_RAW_V2:
		return "raw events belong in riscv,raw-event-to-mhpmcounters";
	case SBI_PMU_EVENT_TYPE_FW:
		return "firmware events are not hardware events";
	default:
		return "reserved event type";
	}
}

/* The fixed counter that may count @event_idx without a selector. */
static uint32_t pmu_map_fixed_for(uint32_t event_idx)
{
	if (event_idx == PMU_MAP_CYCLES)
		return PMU_MAP_BIT(PMU_CTR_CYCLE);
	if (event_idx == PMU_MAP_INSTRET)
		return PMU_MAP_BIT(PMU_CTR_INSTRET);
	return 0;
}

/* ---- counter bitmaps (rows of both counter properties) ---- */

/*
 * The counters a row may keep: "Counter bitmaps". @fixed_ok are the fixed
 * counters the row's events allow (counter 0 only for a row of exactly
 * cycles, counter 2 only for exactly instructions). Reports and returns
 * false when the row must be dropped.
 */
static bool pmu_map_counters_fit(struct pmu_map_builder *b,
				 enum pmu_map_prop prop, long row,
				 uint32_t given, uint32_t fixed_ok,
				 uint32_t *usable)
{
	const char *why = NULL;

	if (given & PMU_MAP_BIT(PMU_CTR_CYCLE) & ~fixed_ok)
		why = "counter 0 counts only cycles";
	else if (given & PMU_MAP_BIT(PMU_CTR_INSTRET) & ~fixed_ok)
		why = "counter 2 counts only instructions";
	if (why) {
		pmu_map_diag(b, PMU_DIAG_ERROR, prop, row, why);
		return false;
	}
	if (given & PMU_MAP_BIT(PMU_CTR_TIME))
		pmu_map_diag(
			b, PMU_DIAG_WARNING, prop, row,
			"counter 1 is the time CSR, not a counter; ignored");
	if (given & ~PMU_MAP_BIT(PMU_CTR_TIME) & ~b->hw)
		pmu_map_diag(b, PMU_DIAG_WARNING, prop, row,
			     "counters the hardware lacks are ignored");
	*usable = given & b->hw;
	if (*usable == 0) {
		pmu_map_diag(b, PMU_DIAG_ERROR, prop, row,
			     "no implemented counter left");
		return false;
	}
	return true;
}

/* ---- riscv,event-to-mhpmevent ---- */

/*
 * The selector of a row with the bits the firmware owns cleared
 * ("Selectors"): the core ORs its own OF and inhibit bits in.
 */
static uint64_t pmu_map_selector_value(struct pmu_map_builder *b,
				       const struct pmu_map_selector_row *r,
				       long row)
{
	if (r->selector & PMU_MAP_SELECTOR_OWNED)
		pmu_map_diag(b, PMU_DIAG_WARNING, PMU_PROP_EVENT_TO_MHPMEVENT,
			     row,
			     "selector bits 63:58 (Sscofpmf overflow and mode "
			     "inhibits) are the firmware's; cleared");
	return r->selector & ~PMU_MAP_SELECTOR_OWNED;
}

static void pmu_map_add_selector(struct pmu_map_builder *b,
				 const struct pmu_map_selector_row *r, long row)
{
	const enum pmu_map_prop prop = PMU_PROP_EVENT_TO_MHPMEVENT;
	const char *why = pmu_map_event_problem(r->event_idx);
	struct pmu_map_entry *slot;
	uint64_t selector;

	if (r->event_idx == 0 && r->selector == 0) {
		pmu_map_diag(b, PMU_DIAG_NOTE, prop, row,
			     "all-zero row (padding) ignored");
		return;
	}
	if (why) {
		pmu_map_diag(b, PMU_DIAG_ERROR, prop, row, why);
		return;
	}
	selector = pmu_map_selector_value(b, r, row);
	/* Writing 0 to mhpmevent means "no event". */
	why = selector == 0 ? "zero selector" : NULL;
	slot = pmu_map_slot(b->map, r->event_idx);
	if (!why && slot && slot->selector)
		why = "duplicate event: an earlier row gives its selector";
	if (why) {
		pmu_map_diag(b, PMU_DIAG_ERROR, prop, row, why);
		return;
	}
	if (!slot)
		pmu_map_diag(b, PMU_DIAG_NOTE, prop, row,
			     "not a standard event; ignored");
	else
		slot->selector = selector;
}

/* ---- riscv,event-to-mhpmcounters ---- */

/* Why a range cannot be used, or NULL: "Event ranges". */
static const char *pmu_map_range_problem(const struct pmu_map_counters_row *r)
{
	const char *why = pmu_map_event_problem(r->first);

	if (!why)
		why = pmu_map_event_problem(r->last);
	if (!why && pmu_map_type(r->first) != pmu_map_type(r->last))
		why = "first and last event have different types";
	if (!why && r->first > r->last)
		why = "first event is above last event";
	return why;
}

/*
 * The codes of a range that can have an entry, as [*lo, *hi]; false if
 * none. Bounding the loops this way keeps a row such as 0x10000-0x1FFFF
 * at 56 steps. Codes inside the bound without an entry (cache op 3) are
 * skipped by pmu_map_slot().
 */
static bool pmu_map_range_codes(const struct pmu_map_counters_row *r,
				uint32_t *lo, uint32_t *hi)
{
	bool general = pmu_map_type(r->first) == SBI_PMU_EVENT_TYPE_HW;
	uint32_t min = general ? SBI_PMU_HW_CPU_CYCLES : 0;
	uint32_t max = general ? SBI_PMU_HW_GENERAL_MAX - 1
			       : SBI_PMU_HW_CACHE_CODE_COUNT - 1;
	uint32_t first = r->first & SBI_PMU_EVENT_CODE_MASK;
	uint32_t last = r->last & SBI_PMU_EVENT_CODE_MASK;

	*lo = first > min ? first : min;
	*hi = last < max ? last : max;
	return *lo <= *hi;
}

/*
 * How the entries of a range's standard events stand: whether there is
 * any, whether an earlier row already gave one of them counters, whether
 * one lacks the selector it would need for a programmable counter.
 */
struct pmu_map_range_state {
	unsigned int n_events;
	bool claimed;
	bool selector_missing;
};

static struct pmu_map_range_state
pmu_map_range_state(const struct pmu_map_builder *b,
		    const struct pmu_map_counters_row *r, uint32_t counters)
{
	struct pmu_map_range_state st = {0, false, false};
	uint32_t type = r->first & ~SBI_PMU_EVENT_CODE_MASK;
	uint32_t lo, hi;

	if (!pmu_map_range_codes(r, &lo, &hi))
		return st;
	for (uint32_t code = lo; code <= hi; code++) {
		uint32_t event_idx = type | code;
		const struct pmu_map_entry *e = pmu_map_slot(b->map, event_idx);

		if (!e)
			continue;
		st.n_events++;
		st.claimed |= e->counters != 0;
		st.selector_missing |=
			b->has_selectors && !e->selector &&
			(counters & ~pmu_map_fixed_for(event_idx));
	}
	return st;
}

/* Every standard event of the range gets @counters. */
static void pmu_map_range_apply(struct pmu_map_builder *b,
				const struct pmu_map_counters_row *r,
				uint32_t counters)
{
	uint32_t type = r->first & ~SBI_PMU_EVENT_CODE_MASK;
	uint32_t lo, hi;

	if (!pmu_map_range_codes(r, &lo, &hi))
		return;
	for (uint32_t code = lo; code <= hi; code++) {
		struct pmu_map_entry *e = pmu_map_slot(b->map, type | code);

		if (e)
			e->counters = counters;
	}
}

static void pmu_map_add_counters(struct pmu_map_builder *b,
				 const struct pmu_map_counters_row *r, long row)
{
	const enum pmu_map_prop prop = PMU_PROP_EVENT_TO_MHPMCOUNTERS;
	const char *why = pmu_map_range_problem(r);
	struct pmu_map_range_state st;
	uint32_t fixed_ok, counters;

	if (r->first == 0 && r->last == 0 && r->counters == 0) {
		pmu_map_diag(b, PMU_DIAG_NOTE, prop, row,
			     "all-zero row (padding) ignored");
		return;
	}
	if (why) {
		pmu_map_diag(b, PMU_DIAG_ERROR, prop, row, why);
		return;
	}
	fixed_ok = r->first == r->last ? pmu_map_fixed_for(r->first) : 0;
	if (!pmu_map_counters_fit(b, prop, row, r->counters, fixed_ok,
				  &counters))
		return;
	st = pmu_map_range_state(b, r, counters);
	if (st.claimed) {
		pmu_map_diag(b, PMU_DIAG_ERROR, prop, row,
			     "overlaps an earlier row");
		return;
	}
	if (st.n_events == 0) {
		pmu_map_diag(b, PMU_DIAG_NOTE, prop, row,
			     "no standard event in this range; ignored");
		return;
	}
	if (st.selector_missing)
		pmu_map_diag(b, PMU_DIAG_WARNING, prop, row,
			     "events without a selector in "
			     "riscv,event-to-mhpmevent are not offered");
	pmu_map_range_apply(b, r, counters);
}

/* ---- riscv,raw-event-to-mhpmcounters ---- */

/*
 * Raw rows stay where they are and are matched in order at run time; a
 * dropped row keeps counters == 0, which pmu_map_raw_counters() skips.
 */
static void pmu_map_fix_raw(struct pmu_map_builder *b,
			    struct pmu_map_raw_row *r, long row)
{
	const enum pmu_map_prop prop = PMU_PROP_RAW_EVENT_TO_MHPMCOUNTERS;
	uint32_t counters = 0;

	if (r->match == 0 && r->mask == 0 && r->counters == 0) {
		pmu_map_diag(b, PMU_DIAG_NOTE, prop, row,
			     "all-zero row (padding) ignored");
		return;
	}
	if (!pmu_map_counters_fit(b, prop, row, r->counters, 0, &counters)) {
		r->counters = 0;
		return;
	}
	r->counters = counters;
	if (r->match & ~r->mask) {
		/* "match value where the invariant bits are set" */
		pmu_map_diag(b, PMU_DIAG_WARNING, prop, row,
			     "match value has bits the mask clears; "
			     "they are ignored");
		r->match &= r->mask;
	}
	if (r->mask == 0)
		pmu_map_diag(b, PMU_DIAG_WARNING, prop, row,
			     "mask 0 matches every raw event");
}

/* ---- the build ---- */

/*
 * With a selector table, programmable counters need a selector; events
 * the table leaves out keep only their fixed counter ("Selectors"). The
 * ranges that lost counters were warned about as they were added.
 */
static void pmu_map_drop_selectorless(struct pmu_map *map)
{
	struct pmu_map_entry *general = map->hw[SBI_PMU_EVENT_TYPE_HW];
	struct pmu_map_entry *cache = map->hw[SBI_PMU_EVENT_TYPE_HW_CACHE];

	for (uint32_t code = 1; code < SBI_PMU_HW_GENERAL_MAX; code++) {
		if (!general[code].selector)
			general[code].counters &= pmu_map_fixed_for(code);
	}
	for (uint32_t code = 0; code < SBI_PMU_HW_CACHE_CODE_COUNT; code++) {
		if (!cache[code].selector)
			cache[code].counters = 0;
	}
}

/*
 * Without a selector table the platform is "generic": the selector of
 * an event is its zero-extended event_idx (QEMU reads it that way).
 */
static void pmu_map_generic_selectors(struct pmu_map *map)
{
	struct pmu_map_entry *general = map->hw[SBI_PMU_EVENT_TYPE_HW];
	struct pmu_map_entry *cache = map->hw[SBI_PMU_EVENT_TYPE_HW_CACHE];
	const uint32_t cache_type = (uint32_t)SBI_PMU_EVENT_TYPE_HW_CACHE
				    << SBI_PMU_EVENT_TYPE_SHIFT;

	for (uint32_t code = 1; code < SBI_PMU_HW_GENERAL_MAX; code++) {
		if (general[code].counters)
			general[code].selector = code;
	}
	for (uint32_t code = 0; code < SBI_PMU_HW_CACHE_CODE_COUNT; code++) {
		if (cache[code].counters)
			cache[code].selector = cache_type | code;
	}
}

/* The table events' answers as bits, for EVENT_GET_INFO's loop. */
static void pmu_map_answers(struct pmu_map *map)
{
	for (uint32_t type = 0; type < 2; type++) {
		map->supported[type] = 0;
		for (uint32_t code = 0; code < PMU_MAP_CODES; code++)
			if (map->hw[type][code].counters)
				map->supported[type] |= 1ULL << code;
	}
}

/* A property counts as given if it is marked present or has rows. */
static bool pmu_map_has(const struct pmu_map_input *in, enum pmu_map_prop p,
			size_t n_rows)
{
	return in->present[p] || n_rows > 0;
}

static void pmu_map_add_tables(struct pmu_map_builder *b,
			       const struct pmu_map_input *in)
{
	bool sel = pmu_map_has(in, PMU_PROP_EVENT_TO_MHPMEVENT, in->n_sel);
	bool ctr = pmu_map_has(in, PMU_PROP_EVENT_TO_MHPMCOUNTERS, in->n_ctr);

	/* "This property is mandatory if riscv,event-to-mhpmevent is present"
	 */
	if (sel && !ctr) {
		pmu_map_diag(b, PMU_DIAG_ERROR, PMU_PROP_EVENT_TO_MHPMEVENT, -1,
			     "needs riscv,event-to-mhpmcounters; ignored");
		return;
	}
	b->has_selectors = sel;
	for (size_t i = 0; in->sel && i < in->n_sel; i++)
		pmu_map_add_selector(b, &in->sel[i], (long)i);
	for (size_t i = 0; in->ctr && i < in->n_ctr; i++)
		pmu_map_add_counters(b, &in->ctr[i], (long)i);
	if (b->has_selectors)
		pmu_map_drop_selectorless(b->map);
}

void pmu_map_build(struct pmu_map *map, uint32_t counter_mask,
		   struct pmu_map_input *in, pmu_map_report_fn report,
		   void *report_ctx)
{
	struct pmu_map_builder b = {
		.map = map,
		.hw = counter_mask & ~PMU_MAP_BIT(PMU_CTR_TIME),
		.report = report,
		.report_ctx = report_ctx,
	};

	*map = (struct pmu_map){0};
	if (in) {
		pmu_map_add_tables(&b, in);
		for (size_t i = 0; in->raw && i < in->n_raw; i++)
			pmu_map_fix_raw(&b, &in->raw[i], (long)i);
		map->raw = in->raw;
		map->n_raw = in->raw ? in->n_raw : 0;
	}
	/* Fixed counters count their event, rows or not: docs/facts.md F3.11 */
	map->hw[SBI_PMU_EVENT_TYPE_HW][PMU_MAP_CYCLES].counters |=
		b.hw & PMU_MAP_BIT(PMU_CTR_CYCLE);
	map->hw[SBI_PMU_EVENT_TYPE_HW][PMU_MAP_INSTRET].counters |=
		b.hw & PMU_MAP_BIT(PMU_CTR_INSTRET);
	map->has_selectors = b.has_selectors;
	if (!b.has_selectors)
		pmu_map_generic_selectors(map);
	pmu_map_answers(map);
}

/*
 * First row whose masked match equals the masked data wins; later rows
 * may overlap it (docs/facts.md F3.14: matching last-wins clobbered
 * earlier rows).
 */
uint32_t pmu_map_raw_counters(const struct pmu_map *map, uint64_t data)
{
	for (size_t i = 0; i < map->n_raw; i++) {
		const struct pmu_map_raw_row *r = &map->raw[i];

		if (r->counters && (data & r->mask) == (r->match & r->mask))
			return r->counters;
	}
	return 0;
}
