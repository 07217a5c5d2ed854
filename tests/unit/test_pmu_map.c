/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The map builder (core/pmu_map.c) against each rule of docs/binding.md,
 * "How sbipmu reads the node": every rule is forced both ways, a row that
 * breaks it and a row that just keeps it. Tests are named after the
 * section and rule they check.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>

#include "sbipmu/pmu_map.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define QEMU_COUNTERS 0x7fffdu /* 0, 2, 3-18 */
#define ALL_COUNTERS  0xfffffffdu
#define CACHE(code)   (0x10000u | (code))

#define SEL	PMU_PROP_EVENT_TO_MHPMEVENT
#define CTR	PMU_PROP_EVENT_TO_MHPMCOUNTERS
#define RAW	PMU_PROP_RAW_EVENT_TO_MHPMCOUNTERS
#define NOTE	PMU_DIAG_NOTE
#define WARNING PMU_DIAG_WARNING
#define ERROR	PMU_DIAG_ERROR

struct diag_log {
	struct pmu_map_diag d[64];
	size_t n;
};

static void log_diag(void *ctx, const struct pmu_map_diag *d)
{
	struct diag_log *log = ctx;

	assert_true(log->n < ARRAY_SIZE(log->d));
	assert_non_null(d->reason);
	log->d[log->n++] = *d;
}

/* Number of logged diagnostics of this severity for this row. */
static size_t diags(const struct diag_log *log, enum pmu_map_severity sev,
		    enum pmu_map_prop prop, long row)
{
	size_t n = 0;

	for (size_t i = 0; i < log->n; i++) {
		const struct pmu_map_diag *d = &log->d[i];

		n += d->severity == sev && d->prop == prop && d->row == row;
	}
	return n;
}

/* Is there a diagnostic for this row whose reason contains @text? */
static bool said(const struct diag_log *log, enum pmu_map_severity sev,
		 enum pmu_map_prop prop, long row, const char *text)
{
	for (size_t i = 0; i < log->n; i++) {
		const struct pmu_map_diag *d = &log->d[i];

		if (d->severity == sev && d->prop == prop && d->row == row &&
		    strstr(d->reason, text))
			return true;
	}
	return false;
}

/* Input with the given tables; a non-NULL table is a present property. */
static struct pmu_map_input input(const struct pmu_map_selector_row *sel,
				  size_t n_sel,
				  const struct pmu_map_counters_row *ctr,
				  size_t n_ctr, struct pmu_map_raw_row *raw,
				  size_t n_raw)
{
	struct pmu_map_input in = {
		.present = {sel != NULL, ctr != NULL, raw != NULL},
		.sel = sel,
		.n_sel = n_sel,
		.ctr = ctr,
		.n_ctr = n_ctr,
		.raw = raw,
		.n_raw = n_raw,
	};

	return in;
}

static struct pmu_map map;
static struct diag_log log_;

static void build(uint32_t counters, struct pmu_map_input in)
{
	memset(&log_, 0, sizeof(log_));
	pmu_map_build(&map, counters, &in, log_diag, &log_);
}

static void build_ctr(uint32_t counters, const struct pmu_map_counters_row *ctr,
		      size_t n)
{
	build(counters, input(NULL, 0, ctr, n, NULL, 0));
}

/* Counters the map offers for @event_idx (0: not offered). */
static uint32_t offered(uint32_t event_idx)
{
	const struct pmu_map_entry *e = pmu_map_lookup(&map, event_idx);

	return e ? e->counters : 0;
}

static uint64_t selector(uint32_t event_idx)
{
	const struct pmu_map_entry *e = pmu_map_lookup(&map, event_idx);

	assert_non_null(e);
	return e->selector;
}

static int setup(void **state)
{
	(void)state;
	memset(&map, 0xA5, sizeof(map)); /* the build must reset all */
	memset(&log_, 0, sizeof(log_));
	return 0;
}

/* ---- Which events ---- */

static void test_events_general_codes_1_to_10_only(void **state)
{
	const struct pmu_map_counters_row ctr[] = {{0x0, 0x20, 0x78}};

	(void)state;
	build_ctr(QEMU_COUNTERS, ctr, 1);
	assert_int_equal(map.n_errors, 0);
	for (uint32_t code = 3; code <= 10; code++)
		assert_int_equal(offered(code), 0x78);
	assert_int_equal(offered(0), 0);  /* NO_EVENT */
	assert_int_equal(offered(11), 0); /* beyond REF_CPU_CYCLES */
	assert_int_equal(offered(0x20), 0);
}

static void test_events_cache_op3_and_id_7_never_matched(void **state)
{
	/* The whole cache type: bounded to 56 codes, 42 of them standard. */
	const struct pmu_map_counters_row ctr[] = {
		{CACHE(0x0), CACHE(0xFFFF), 0x78},
	};
	unsigned int n = 0;

	(void)state;
	build_ctr(QEMU_COUNTERS, ctr, 1);
	for (uint32_t code = 0; code < 0x40; code++)
		n += offered(CACHE(code)) != 0;
	assert_int_equal(n, 42);
	assert_int_equal(offered(CACHE(0x06)), 0);    /* L1D op 3 access */
	assert_int_equal(offered(CACHE(0x07)), 0);    /* L1D op 3 miss */
	assert_int_equal(offered(CACHE(0x05)), 0x78); /* L1D prefetch miss */
	assert_int_equal(offered(CACHE(0x33)), 0x78); /* NODE write miss */
	assert_int_equal(offered(CACHE(0x38)), 0);    /* cache_id 7 */
	assert_int_equal(map.n_errors + map.n_warnings, 0);
}

static void test_events_lookup_rejects_reserved_bits_and_types(void **state)
{
	(void)state;
	build_ctr(QEMU_COUNTERS, NULL, 0);
	assert_non_null(pmu_map_lookup(&map, 0x1));
	assert_null(pmu_map_lookup(&map, 0x100001)); /* bit 20 */
	assert_null(pmu_map_lookup(&map, 0x80000001));
	assert_null(pmu_map_lookup(&map, 0x20000)); /* raw */
	assert_null(pmu_map_lookup(&map, 0xF0001)); /* firmware */
	assert_null(pmu_map_lookup(&map, 0x40001)); /* reserved type */
}

static void test_events_range_without_standard_event_is_note(void **state)
{
	const struct pmu_map_counters_row none[] = {{0xB, 0x20, 0x78}};
	const struct pmu_map_counters_row one[] = {{0xA, 0x20, 0x78}};

	(void)state;
	build_ctr(QEMU_COUNTERS, none, 1);
	assert_int_equal(diags(&log_, NOTE, CTR, 0), 1);
	assert_int_equal(map.n_errors + map.n_warnings, 0);

	build_ctr(QEMU_COUNTERS, one, 1);
	assert_int_equal(log_.n, 0);
	assert_int_equal(offered(0xA), 0x78);
}

/* ---- Event ranges ---- */

static void test_range_raw_types_are_errors(void **state)
{
	const struct pmu_map_counters_row ctr[] = {
		{0x20000, 0x20000, 0x78},
		{0x30000, 0x30005, 0x78},
		{0x3, 0x3, 0x78},
	};

	(void)state;
	build_ctr(QEMU_COUNTERS, ctr, 3);
	assert_true(said(&log_, ERROR, CTR, 0, "raw-event-to-mhpmcounters"));
	assert_true(said(&log_, ERROR, CTR, 1, "raw-event-to-mhpmcounters"));
	assert_int_equal(diags(&log_, ERROR, CTR, 2), 0);
	assert_int_equal(map.n_errors, 2);
	assert_int_equal(offered(0x3), 0x78);
}

static void test_range_firmware_type_is_error(void **state)
{
	const struct pmu_map_counters_row ctr[] = {
		{0xF0000, 0xF0015, 0x78},
	};

	(void)state;
	build_ctr(QEMU_COUNTERS, ctr, 1);
	assert_true(said(&log_, ERROR, CTR, 0, "not hardware events"));
	assert_int_equal(map.n_errors, 1);
}

static void test_range_reserved_type_is_error(void **state)
{
	const struct pmu_map_counters_row ctr[] = {
		{0x40001, 0x40001, 0x78},
		{0xE0001, 0xE0001, 0x78},
	};

	(void)state;
	build_ctr(QEMU_COUNTERS, ctr, 2);
	assert_true(said(&log_, ERROR, CTR, 0, "reserved event type"));
	assert_true(said(&log_, ERROR, CTR, 1, "reserved event type"));
}

static void test_range_reserved_event_bits_are_errors(void **state)
{
	const struct pmu_map_counters_row ctr[] = {
		{0x100003, 0x100003, 0x78}, /* bit 20 */
		{0x3, 0x80000004, 0x78},    /* bit 31 on the last */
		{0xFFFFF, 0xFFFFF, 0x78},   /* highest legal: type 15 */
		{0x5, 0x5, 0x78},
	};

	(void)state;
	build_ctr(QEMU_COUNTERS, ctr, 4);
	assert_true(said(&log_, ERROR, CTR, 0, "reserved bits"));
	assert_true(said(&log_, ERROR, CTR, 1, "reserved bits"));
	assert_false(said(&log_, ERROR, CTR, 2, "reserved bits"));
	assert_int_equal(diags(&log_, ERROR, CTR, 3), 0);
	assert_int_equal(offered(0x3), 0);
	assert_int_equal(offered(0x5), 0x78);
}

static void test_range_types_must_match(void **state)
{
	const struct pmu_map_counters_row ctr[] = {
		{0x3, CACHE(0x1), 0x78},
		{CACHE(0x0), CACHE(0x1), 0x78},
	};

	(void)state;
	build_ctr(QEMU_COUNTERS, ctr, 2);
	assert_true(said(&log_, ERROR, CTR, 0, "different types"));
	assert_int_equal(diags(&log_, ERROR, CTR, 1), 0);
	assert_int_equal(offered(0x3), 0);
	assert_int_equal(offered(CACHE(0x1)), 0x78);
}

static void test_range_first_above_last_is_error(void **state)
{
	const struct pmu_map_counters_row ctr[] = {
		{0x6, 0x5, 0x78},
		{0x7, 0x7, 0x78}, /* first == last is a range of one */
	};

	(void)state;
	build_ctr(QEMU_COUNTERS, ctr, 2);
	assert_true(said(&log_, ERROR, CTR, 0, "above last"));
	assert_int_equal(diags(&log_, ERROR, CTR, 1), 0);
	assert_int_equal(offered(0x5), 0);
	assert_int_equal(offered(0x7), 0x78);
}

static void test_range_overlap_drops_later_row(void **state)
{
	const struct pmu_map_counters_row ctr[] = {
		{0x3, 0x6, 0x78},
		{0x5, 0x8, 0x780}, /* shares 5 and 6 */
		{0x9, 0xA, 0x78},  /* adjacent: fine */
	};

	(void)state;
	build_ctr(QEMU_COUNTERS, ctr, 3);
	assert_true(said(&log_, ERROR, CTR, 1, "overlaps"));
	assert_int_equal(map.n_errors, 1);
	assert_int_equal(offered(0x5), 0x78); /* first row wins */
	assert_int_equal(offered(0x7), 0);    /* nothing of row 1 kept */
	assert_int_equal(offered(0x8), 0);
	assert_int_equal(offered(0x9), 0x78);
}

/* A dropped row claims nothing: overlapping only it is no conflict. */
static void test_range_overlap_counts_kept_rows_only(void **state)
{
	const struct pmu_map_counters_row ctr[] = {
		{0x3, 0x5, 0x78},
		{0x5, 0x7, 0x78}, /* overlaps row 0: dropped */
		{0x7, 0x9, 0x78}, /* overlaps only row 1 */
	};

	(void)state;
	build_ctr(QEMU_COUNTERS, ctr, 3);
	assert_int_equal(diags(&log_, ERROR, CTR, 1), 1);
	assert_int_equal(diags(&log_, ERROR, CTR, 2), 0);
	assert_int_equal(offered(0x6), 0);
	assert_int_equal(offered(0x7), 0x78);
}

static void test_range_all_zero_rows_are_padding_notes(void **state)
{
	const struct pmu_map_selector_row sel[] = {{0x3, 0x11}, {0, 0}};
	const struct pmu_map_counters_row ctr[] = {{3, 3, 0x8}, {0, 0, 0}};
	struct pmu_map_raw_row raw[] = {{0, 0, 0}, {1, 1, 0x8}};

	(void)state;
	build(QEMU_COUNTERS, input(sel, 2, ctr, 2, raw, 2));
	assert_true(said(&log_, NOTE, SEL, 1, "padding"));
	assert_true(said(&log_, NOTE, CTR, 1, "padding"));
	assert_true(said(&log_, NOTE, RAW, 0, "padding"));
	assert_int_equal(log_.n, 3);
	assert_int_equal(map.n_errors + map.n_warnings, 0);
	assert_int_equal(pmu_map_raw_counters(&map, 0), 0);
	assert_int_equal(pmu_map_raw_counters(&map, 1), 0x8);
}

/* Almost zero is not padding: <0 0 1> offers counter 0 for no event. */
static void test_range_nearly_zero_row_is_not_padding(void **state)
{
	const struct pmu_map_counters_row ctr[] = {{0, 0, 1}};

	(void)state;
	build_ctr(QEMU_COUNTERS, ctr, 1);
	assert_int_equal(diags(&log_, NOTE, CTR, 0), 0);
	assert_true(said(&log_, ERROR, CTR, 0, "counter 0 counts only cycles"));
}

/* ---- Counter bitmaps ---- */

static void test_counters_time_bit_masked_with_warning(void **state)
{
	const struct pmu_map_counters_row ctr[] = {
		{0x3, 0x3, 0xA}, /* counters 1 and 3 */
		{0x4, 0x4, 0x8},
	};

	(void)state;
	build_ctr(QEMU_COUNTERS | 0x2, ctr, 2); /* even if "implemented" */
	assert_true(said(&log_, WARNING, CTR, 0, "time"));
	assert_int_equal(diags(&log_, WARNING, CTR, 1), 0);
	assert_int_equal(offered(0x3), 0x8);
	assert_int_equal(offered(0x4), 0x8);
	assert_int_equal(map.n_warnings, 1);
}

static void test_counters_unimplemented_masked_with_warning(void **state)
{
	const struct pmu_map_counters_row ctr[] = {
		{0x3, 0x3, 0x80008}, /* counter 19: QEMU has 3-18 */
		{0x4, 0x4, 0x40008}, /* counter 18: present */
	};

	(void)state;
	build_ctr(QEMU_COUNTERS, ctr, 2);
	assert_true(said(&log_, WARNING, CTR, 0, "lacks"));
	assert_int_equal(diags(&log_, WARNING, CTR, 1), 0);
	assert_int_equal(offered(0x3), 0x8);
	assert_int_equal(offered(0x4), 0x40008);
}

static void test_counters_none_left_is_error(void **state)
{
	const struct pmu_map_counters_row ctr[] = {
		{0x3, 0x3, 0x2},     /* only time */
		{0x4, 0x4, 0x80000}, /* only counter 19 */
		{0x5, 0x5, 0x0},     /* none at all */
		{0x6, 0x6, 0x80008}, /* one left */
	};

	(void)state;
	build_ctr(QEMU_COUNTERS, ctr, 4);
	assert_true(said(&log_, ERROR, CTR, 0, "no implemented counter"));
	assert_true(said(&log_, ERROR, CTR, 1, "no implemented counter"));
	assert_true(said(&log_, ERROR, CTR, 2, "no implemented counter"));
	assert_int_equal(diags(&log_, ERROR, CTR, 3), 0);
	assert_int_equal(offered(0x3) | offered(0x4) | offered(0x5), 0);
	assert_int_equal(offered(0x6), 0x8);
}

static void test_counters_counter0_only_for_cycles(void **state)
{
	const struct pmu_map_counters_row ctr[] = {
		{0x1, 0x1, 0x9}, /* cycles: fine */
		{0x3, 0x3, 0x9},
		{0x4, 0x5, 0x1},
	};
	const struct pmu_map_counters_row both[] = {{0x1, 0x2, 0x1}};

	(void)state;
	build_ctr(QEMU_COUNTERS, ctr, 3);
	assert_int_equal(diags(&log_, ERROR, CTR, 0), 0);
	assert_true(said(&log_, ERROR, CTR, 1, "counter 0 counts only cycles"));
	assert_true(said(&log_, ERROR, CTR, 2, "counter 0 counts only cycles"));
	assert_int_equal(offered(0x1), 0x9);
	assert_int_equal(offered(0x3), 0);

	/* A range holding cycles and more may not name counter 0 either. */
	build_ctr(QEMU_COUNTERS, both, 1);
	assert_true(said(&log_, ERROR, CTR, 0, "counter 0 counts only cycles"));
}

static void test_counters_counter2_only_for_instructions(void **state)
{
	const struct pmu_map_counters_row ctr[] = {
		{0x2, 0x2, 0xC}, /* instructions: fine */
		{0x1, 0x1, 0xC},
		{CACHE(0x0), CACHE(0x0), 0x4},
	};

	(void)state;
	build_ctr(QEMU_COUNTERS, ctr, 3);
	assert_int_equal(diags(&log_, ERROR, CTR, 0), 0);
	assert_true(said(&log_, ERROR, CTR, 1, "counter 2"));
	assert_true(said(&log_, ERROR, CTR, 2, "counter 2"));
	assert_int_equal(offered(0x2), 0xC);
	assert_int_equal(offered(0x1), 0x1); /* fixed counter only */
}

/* The rule is about the row, so it holds on hardware without counter 0. */
static void test_counters_counter0_rule_ignores_hardware(void **state)
{
	const struct pmu_map_counters_row ctr[] = {{0x3, 0x3, 0x9}};

	(void)state;
	build_ctr(QEMU_COUNTERS & ~0x1u, ctr, 1);
	assert_true(said(&log_, ERROR, CTR, 0, "counter 0"));
}

/* ---- Selectors ---- */

static void test_selector_zero_is_error(void **state)
{
	const struct pmu_map_selector_row sel[] = {{0x3, 0}, {0x4, 1}};
	const struct pmu_map_counters_row ctr[] = {{0x3, 0x4, 0x78}};

	(void)state;
	build(QEMU_COUNTERS, input(sel, 2, ctr, 1, NULL, 0));
	assert_true(said(&log_, ERROR, SEL, 0, "zero selector"));
	assert_int_equal(diags(&log_, ERROR, SEL, 1), 0);
	assert_int_equal(offered(0x3), 0);
	assert_int_equal(offered(0x4), 0x78);
	assert_int_equal(selector(0x4), 1);
}

static void test_selector_duplicate_drops_later_row(void **state)
{
	const struct pmu_map_selector_row sel[] = {
		{0x3, 0x11},
		{0x3, 0x22},
		{0x4, 0x33},
	};
	const struct pmu_map_counters_row ctr[] = {{0x3, 0x4, 0x78}};

	(void)state;
	build(QEMU_COUNTERS, input(sel, 3, ctr, 1, NULL, 0));
	assert_true(said(&log_, ERROR, SEL, 1, "duplicate"));
	assert_int_equal(map.n_errors, 1);
	assert_int_equal(selector(0x3), 0x11);
	assert_int_equal(selector(0x4), 0x33);
}

static void test_selector_sscofpmf_bits_cleared_with_warning(void **state)
{
	const struct pmu_map_selector_row sel[] = {
		{0x3, 0x8000000000000011ull}, /* OF set */
		{0x4, 0xFC00000000000000ull}, /* nothing else: zero */
		{0x5, 0x0300000000000011ull}, /* bits 57:56 are allowed */
	};
	const struct pmu_map_counters_row ctr[] = {{0x3, 0x5, 0x78}};

	(void)state;
	build(QEMU_COUNTERS, input(sel, 3, ctr, 1, NULL, 0));
	assert_true(said(&log_, WARNING, SEL, 0, "63:58"));
	assert_true(said(&log_, WARNING, SEL, 1, "63:58"));
	assert_true(said(&log_, ERROR, SEL, 1, "zero selector"));
	assert_int_equal(diags(&log_, WARNING, SEL, 2), 0);
	assert_int_equal(selector(0x3), 0x11);
	assert_int_equal(selector(0x5), 0x0300000000000011ull);
	assert_int_equal(offered(0x4), 0);
}

static void test_selector_rows_for_raw_or_firmware_are_errors(void **state)
{
	const struct pmu_map_selector_row sel[] = {
		{0x20000, 0x1},
		{0xF0001, 0x1},
		{0x100003, 0x1},
		{0x3, 0x1},
	};
	const struct pmu_map_counters_row ctr[] = {{0x3, 0x3, 0x78}};

	(void)state;
	build(QEMU_COUNTERS, input(sel, 4, ctr, 1, NULL, 0));
	assert_true(said(&log_, ERROR, SEL, 0, "raw-event-to-mhpmcounters"));
	assert_true(said(&log_, ERROR, SEL, 1, "not hardware events"));
	assert_true(said(&log_, ERROR, SEL, 2, "reserved bits"));
	assert_int_equal(diags(&log_, ERROR, SEL, 3), 0);
	assert_int_equal(map.n_errors, 3);
}

static void test_selector_for_nonstandard_event_is_note(void **state)
{
	const struct pmu_map_selector_row sel[] = {{0xB, 0x1}, {0xA, 2}};
	const struct pmu_map_counters_row ctr[] = {{0xA, 0xA, 0x78}};

	(void)state;
	build(QEMU_COUNTERS, input(sel, 2, ctr, 1, NULL, 0));
	assert_true(said(&log_, NOTE, SEL, 0, "not a standard event"));
	assert_int_equal(diags(&log_, NOTE, SEL, 1), 0);
	assert_int_equal(map.n_errors + map.n_warnings, 0);
}

/* "This property is mandatory if riscv,event-to-mhpmevent is present" */
static void test_selector_table_needs_counters_table(void **state)
{
	const struct pmu_map_selector_row sel[] = {{0x3, 0x11}};
	const struct pmu_map_counters_row ctr[] = {{0x3, 0x3, 0x8}};

	(void)state;
	build(QEMU_COUNTERS, input(sel, 1, NULL, 0, NULL, 0));
	assert_true(said(&log_, ERROR, SEL, -1, "event-to-mhpmcounters"));
	assert_int_equal(log_.n, 1);
	assert_false(map.has_selectors);
	assert_int_equal(offered(0x1), 0x1); /* fixed counters survive */
	assert_int_equal(offered(0x3), 0);

	build(QEMU_COUNTERS, input(sel, 1, ctr, 1, NULL, 0));
	assert_int_equal(log_.n, 0);
	assert_true(map.has_selectors);
	assert_int_equal(selector(0x3), 0x11);
}

static void test_selector_missing_removes_programmable_counters(void **state)
{
	const struct pmu_map_selector_row sel[] = {{0x3, 0x11}};
	const struct pmu_map_counters_row ctr[] = {
		{0x3, 0x4, 0x78}, /* 4 has no selector */
		{0x5, 0x5, 0x78}, /* 5 neither */
	};

	(void)state;
	build(QEMU_COUNTERS, input(sel, 1, ctr, 2, NULL, 0));
	assert_true(said(&log_, WARNING, CTR, 0, "without a selector"));
	assert_true(said(&log_, WARNING, CTR, 1, "without a selector"));
	assert_int_equal(map.n_warnings, 2);
	assert_int_equal(offered(0x3), 0x78);
	assert_int_equal(offered(0x4), 0);
	assert_int_equal(offered(0x5), 0);
}

static void test_selector_missing_keeps_fixed_counters(void **state)
{
	const struct pmu_map_selector_row sel[] = {{0x3, 0x11}};
	const struct pmu_map_counters_row qemu[] = {
		{0x1, 0x1, 0x7fff9},
		{0x2, 0x2, 0x7fffc},
	};
	const struct pmu_map_counters_row fixed[] = {
		{0x1, 0x1, 0x1},
		{0x2, 0x2, 0x4},
	};

	(void)state;
	build(QEMU_COUNTERS, input(sel, 1, qemu, 2, NULL, 0));
	assert_int_equal(map.n_warnings, 2);
	assert_int_equal(offered(0x1), 0x1);
	assert_int_equal(offered(0x2), 0x4);
	assert_int_equal(selector(0x1), 0); /* fixed: no selector */

	/* Fixed counters alone need no selector: nothing to warn about. */
	build(QEMU_COUNTERS, input(sel, 1, fixed, 2, NULL, 0));
	assert_int_equal(log_.n, 0);
	assert_int_equal(offered(0x1), 0x1);
}

/* A present but empty selector table still means "not generic". */
static void test_selector_empty_table_is_not_generic(void **state)
{
	const struct pmu_map_selector_row none[1] = {{0, 0}};
	const struct pmu_map_counters_row ctr[] = {{0x3, 0x3, 0x78}};

	(void)state;
	build(QEMU_COUNTERS, input(none, 0, ctr, 1, NULL, 0));
	assert_true(map.has_selectors);
	assert_int_equal(offered(0x3), 0);
	assert_true(said(&log_, WARNING, CTR, 0, "without a selector"));
}

static void test_selector_generic_platform_is_event_idx(void **state)
{
	const struct pmu_map_counters_row ctr[] = {
		{0x1, 0x1, 0x7fff9},
		{CACHE(0x19), CACHE(0x19), 0x7fff8},
	};

	(void)state;
	build_ctr(QEMU_COUNTERS, ctr, 2);
	assert_false(map.has_selectors);
	assert_int_equal(selector(0x1), 0x1);
	assert_int_equal(selector(0x2), 0x2); /* fixed-only, still set */
	assert_int_equal(selector(CACHE(0x19)), CACHE(0x19));
}

/* ---- Fixed counters ---- */

static void test_fixed_counters_offered_without_rows(void **state)
{
	(void)state;
	pmu_map_build(&map, QEMU_COUNTERS, NULL, NULL, NULL);
	assert_int_equal(offered(0x1), 0x1);
	assert_int_equal(offered(0x2), 0x4);
	assert_int_equal(offered(0x3), 0);
	assert_int_equal(map.n_raw, 0);
	assert_int_equal(pmu_map_raw_counters(&map, 0), 0);
}

static void test_fixed_counters_need_the_hardware(void **state)
{
	const struct pmu_map_counters_row ctr[] = {{0x1, 0x1, 0x8}};

	(void)state;
	build_ctr(0x7fff8, ctr, 1); /* no counter 0, no counter 2 */
	assert_int_equal(offered(0x1), 0x8);
	assert_int_equal(offered(0x2), 0);
}

static void test_fixed_counters_join_row_counters(void **state)
{
	const struct pmu_map_counters_row ctr[] = {
		{0x1, 0x1, 0x78},
		{0x2, 0x2, 0x78},
	};

	(void)state;
	build_ctr(QEMU_COUNTERS, ctr, 2);
	assert_int_equal(offered(0x1), 0x79);
	assert_int_equal(offered(0x2), 0x7C);
}

/* ---- Raw events ---- */

static void test_raw_rows_sanitised_in_place(void **state)
{
	struct pmu_map_raw_row raw[] = {
		{0x10, ~0ull, 0x8000A}, /* time, counter 19, counter 3 */
		{0x20, ~0ull, 0x8},
	};

	(void)state;
	build(QEMU_COUNTERS, input(NULL, 0, NULL, 0, raw, 2));
	assert_ptr_equal(map.raw, raw);
	assert_int_equal(map.n_raw, 2);
	assert_true(said(&log_, WARNING, RAW, 0, "time"));
	assert_true(said(&log_, WARNING, RAW, 0, "lacks"));
	assert_int_equal(diags(&log_, WARNING, RAW, 1), 0);
	assert_int_equal(raw[0].counters, 0x8);
	assert_int_equal(pmu_map_raw_counters(&map, 0x10), 0x8);
}

static void test_raw_row_without_counters_is_error_and_skipped(void **state)
{
	struct pmu_map_raw_row raw[] = {
		{0x10, ~0ull, 0x80000}, /* only counter 19 */
		{0x10, ~0ull, 0x1},	/* counter 0 */
		{0x10, ~0ull, 0x4},	/* counter 2 */
		{0x10, ~0ull, 0x10},
	};

	(void)state;
	build(QEMU_COUNTERS, input(NULL, 0, NULL, 0, raw, 4));
	assert_true(said(&log_, ERROR, RAW, 0, "no implemented counter"));
	assert_true(said(&log_, ERROR, RAW, 1, "counter 0"));
	assert_true(said(&log_, ERROR, RAW, 2, "counter 2"));
	assert_int_equal(raw[0].counters | raw[1].counters | raw[2].counters,
			 0);
	/* A dropped row does not shadow the rows after it. */
	assert_int_equal(pmu_map_raw_counters(&map, 0x10), 0x10);
}

/* docs/facts.md F3.14: overlapping raw rows are fine, the first match wins. */
static void test_raw_first_match_wins_overlap_allowed(void **state)
{
	struct pmu_map_raw_row raw[] = {
		{0x10, ~0ull, 0x8},   /* exactly 0x10 */
		{0x0, ~0xFull, 0x10}, /* 0x0-0xF ... and 0x10-0x1F */
		{0x10, ~0xFull, 0x20},
	};

	(void)state;
	build(QEMU_COUNTERS, input(NULL, 0, NULL, 0, raw, 3));
	assert_int_equal(log_.n, 0);
	assert_int_equal(pmu_map_raw_counters(&map, 0x10), 0x8);
	assert_int_equal(pmu_map_raw_counters(&map, 0x5), 0x10);
	assert_int_equal(pmu_map_raw_counters(&map, 0x1F), 0x20);
	assert_int_equal(pmu_map_raw_counters(&map, 0x20), 0);
}

static void test_raw_mask_zero_matches_everything(void **state)
{
	struct pmu_map_raw_row raw[] = {
		{0x10, ~0ull, 0x8},
		{0x0, 0x0, 0x10},
	};

	(void)state;
	build(QEMU_COUNTERS, input(NULL, 0, NULL, 0, raw, 2));
	assert_true(said(&log_, WARNING, RAW, 1, "matches every"));
	assert_int_equal(diags(&log_, WARNING, RAW, 0), 0);
	assert_int_equal(pmu_map_raw_counters(&map, 0x10), 0x8);
	assert_int_equal(pmu_map_raw_counters(&map, 0xFFFFFFFFFFFFull), 0x10);
}

/* "match value where the invariant bits ... are set": others ignored. */
static void test_raw_match_bits_outside_mask_are_cleared(void **state)
{
	struct pmu_map_raw_row raw[] = {
		{0x1F, ~0xFull, 0x8},
		{0x20, ~0xFull, 0x10},
	};

	(void)state;
	build(QEMU_COUNTERS, input(NULL, 0, NULL, 0, raw, 2));
	assert_true(said(&log_, WARNING, RAW, 0, "mask clears"));
	assert_int_equal(diags(&log_, WARNING, RAW, 1), 0);
	assert_int_equal(raw[0].match, 0x10);
	assert_int_equal(pmu_map_raw_counters(&map, 0x13), 0x8);
	assert_int_equal(pmu_map_raw_counters(&map, 0x2F), 0x10);
}

/* ---- Reporting ---- */

static void test_report_counts_errors_and_warnings_not_notes(void **state)
{
	const struct pmu_map_counters_row ctr[] = {
		{0, 0, 0},	 /* note */
		{0x3, 0x3, 0xA}, /* warning */
		{0x4, 0x4, 0x0}, /* error */
		{0x6, 0x5, 0x8}, /* error */
	};

	(void)state;
	build_ctr(QEMU_COUNTERS, ctr, 4);
	assert_int_equal(log_.n, 4);
	assert_int_equal(map.n_errors, 2);
	assert_int_equal(map.n_warnings, 1);

	/* Same counts with nobody listening. */
	pmu_map_build(&map, QEMU_COUNTERS,
		      &(struct pmu_map_input){.ctr = ctr, .n_ctr = 4}, NULL,
		      NULL);
	assert_int_equal(map.n_errors, 2);
	assert_int_equal(map.n_warnings, 1);
}

static void test_report_property_names(void **state)
{
	(void)state;
	assert_string_equal(pmu_map_prop_name(SEL), "riscv,event-to-mhpmevent");
	assert_string_equal(pmu_map_prop_name(CTR),
			    "riscv,event-to-mhpmcounters");
	assert_string_equal(pmu_map_prop_name(RAW),
			    "riscv,raw-event-to-mhpmcounters");
	assert_non_null(pmu_map_prop_name(PMU_PROP_COUNT));
}

/* Rows given without the present flag still count (platform hooks). */
static void test_report_rows_imply_presence(void **state)
{
	const struct pmu_map_selector_row sel[] = {{0x3, 0x11}};
	struct pmu_map_input in = {.sel = sel, .n_sel = 1};

	(void)state;
	memset(&log_, 0, sizeof(log_));
	pmu_map_build(&map, QEMU_COUNTERS, &in, log_diag, &log_);
	assert_true(said(&log_, ERROR, SEL, -1, "event-to-mhpmcounters"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
#define T(fn) cmocka_unit_test_setup(fn, setup)
		T(test_events_general_codes_1_to_10_only),
		T(test_events_cache_op3_and_id_7_never_matched),
		T(test_events_lookup_rejects_reserved_bits_and_types),
		T(test_events_range_without_standard_event_is_note),
		T(test_range_raw_types_are_errors),
		T(test_range_firmware_type_is_error),
		T(test_range_reserved_type_is_error),
		T(test_range_reserved_event_bits_are_errors),
		T(test_range_types_must_match),
		T(test_range_first_above_last_is_error),
		T(test_range_overlap_drops_later_row),
		T(test_range_overlap_counts_kept_rows_only),
		T(test_range_all_zero_rows_are_padding_notes),
		T(test_range_nearly_zero_row_is_not_padding),
		T(test_counters_time_bit_masked_with_warning),
		T(test_counters_unimplemented_masked_with_warning),
		T(test_counters_none_left_is_error),
		T(test_counters_counter0_only_for_cycles),
		T(test_counters_counter2_only_for_instructions),
		T(test_counters_counter0_rule_ignores_hardware),
		T(test_selector_zero_is_error),
		T(test_selector_duplicate_drops_later_row),
		T(test_selector_sscofpmf_bits_cleared_with_warning),
		T(test_selector_rows_for_raw_or_firmware_are_errors),
		T(test_selector_for_nonstandard_event_is_note),
		T(test_selector_table_needs_counters_table),
		T(test_selector_missing_removes_programmable_counters),
		T(test_selector_missing_keeps_fixed_counters),
		T(test_selector_empty_table_is_not_generic),
		T(test_selector_generic_platform_is_event_idx),
		T(test_fixed_counters_offered_without_rows),
		T(test_fixed_counters_need_the_hardware),
		T(test_fixed_counters_join_row_counters),
		T(test_raw_rows_sanitised_in_place),
		T(test_raw_row_without_counters_is_error_and_skipped),
		T(test_raw_first_match_wins_overlap_allowed),
		T(test_raw_mask_zero_matches_everything),
		T(test_raw_match_bits_outside_mask_are_cleared),
		T(test_report_counts_errors_and_warnings_not_notes),
		T(test_report_property_names),
		T(test_report_rows_imply_presence),
#undef T
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
