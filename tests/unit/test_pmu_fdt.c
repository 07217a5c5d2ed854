/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The binding parser (binding/pmu_fdt.c) and the map it leads to: the
 * node QEMU 7.2 generates and the binding document's three examples
 * (the .dts files in tests/data, compiled by mk/tools.mk) must give the maps
 * written out here; malformed properties, built in memory with libfdt, must
 * draw the documented diagnostic; hostile blobs must not crash the parser.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libfdt.h>

#include "sbipmu/pmu_fdt.h"

#ifndef TEST_DATA_DIR
#define TEST_DATA_DIR "build/tests/data"
#endif

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define QEMU_COUNTERS 0x7fffdu /* 0, 2, 3-18 */
#define ALL_COUNTERS  0xfffffffdu
#define CACHE(code)   (0x10000u | (code))
#define BLOB_SIZE     65536

#define SEL PMU_PROP_EVENT_TO_MHPMEVENT
#define CTR PMU_PROP_EVENT_TO_MHPMCOUNTERS
#define RAW PMU_PROP_RAW_EVENT_TO_MHPMCOUNTERS

struct diag_log {
	struct pmu_map_diag d[128];
	size_t n;
};

/* One parse and build, with everything a test looks at. */
struct parsed {
	void *fdt;
	int node;
	_Alignas(8) unsigned char storage[8192];
	struct pmu_map_input in;
	struct pmu_map map;
	struct diag_log log;
};

static struct parsed p;

static void log_diag(void *ctx, const struct pmu_map_diag *d)
{
	struct diag_log *log = ctx;

	assert_true(log->n < ARRAY_SIZE(log->d));
	log->d[log->n++] = *d;
}

static bool said(enum pmu_map_severity sev, enum pmu_map_prop prop, long row,
		 const char *text)
{
	for (size_t i = 0; i < p.log.n; i++) {
		const struct pmu_map_diag *d = &p.log.d[i];

		if (d->severity == sev && d->prop == prop && d->row == row &&
		    strstr(d->reason, text))
			return true;
	}
	return false;
}

/* ---- blobs ---- */

static void *load_dtb(const char *name)
{
	const char *dir = getenv("SBIPMU_TEST_DATA_DIR");
	char path[512];
	void *buf = calloc(1, BLOB_SIZE);
	FILE *f;
	size_t n;

	snprintf(path, sizeof(path), "%s/%s", dir ? dir : TEST_DATA_DIR, name);
	f = fopen(path, "rb");
	if (!f)
		fail_msg("cannot open %s (run `make unit`)", path);
	assert_non_null(buf);
	n = fread(buf, 1, BLOB_SIZE, f);
	fclose(f);
	assert_true(n > 0 && n < BLOB_SIZE);
	assert_int_equal(fdt_check_header(buf), 0);
	return buf;
}

/* A property to put in a made-up node: cells, cut to @bytes if >= 0. */
struct prop {
	const char *name;
	const uint32_t *cells;
	size_t n_cells;
	int bytes;
};

#define PROP(n, ...)                                                           \
	((struct prop){(n), (const uint32_t[]){__VA_ARGS__},                   \
		       sizeof((const uint32_t[]){__VA_ARGS__}) / 4, -1})

static void *make_node(const struct prop *props, size_t n)
{
	void *fdt = calloc(1, BLOB_SIZE);
	int node;

	assert_non_null(fdt);
	assert_int_equal(fdt_create_empty_tree(fdt, BLOB_SIZE), 0);
	node = fdt_add_subnode(fdt, 0, "pmu");
	assert_true(node >= 0);
	assert_int_equal(
		fdt_setprop_string(fdt, node, "compatible", "riscv,pmu"), 0);
	for (size_t i = 0; i < n; i++) {
		fdt32_t be[64];
		int len = props[i].bytes >= 0 ? props[i].bytes
					      : (int)(props[i].n_cells * 4);

		assert_true(props[i].n_cells <= ARRAY_SIZE(be));
		for (size_t c = 0; c < props[i].n_cells; c++)
			be[c] = cpu_to_fdt32(props[i].cells[c]);
		assert_int_equal(fdt_setprop(fdt, node, props[i].name, be, len),
				 0);
	}
	return fdt;
}

/* Find, parse and build; the tree is freed by teardown. */
static int parse(void *fdt, uint32_t counters)
{
	int err;

	p.fdt = fdt;
	p.node = pmu_fdt_find_node(fdt);
	assert_true(p.node >= 0);
	assert_true(pmu_fdt_rows_size(fdt, p.node) <= sizeof(p.storage));
	err = pmu_fdt_parse(fdt, p.node, p.storage, sizeof(p.storage), &p.in,
			    log_diag, &p.log);
	if (err == 0)
		pmu_map_build(&p.map, counters, &p.in, log_diag, &p.log);
	return err;
}

static uint32_t offered(uint32_t event_idx)
{
	const struct pmu_map_entry *e = pmu_map_lookup(&p.map, event_idx);

	return e ? e->counters : 0;
}

static uint64_t selector(uint32_t event_idx)
{
	const struct pmu_map_entry *e = pmu_map_lookup(&p.map, event_idx);

	assert_non_null(e);
	return e->selector;
}

/* How many standard events the map offers at all. */
static unsigned int n_offered(void)
{
	unsigned int n = 0;

	for (uint32_t code = 0; code < 0x40; code++)
		n += (offered(code) != 0) + (offered(CACHE(code)) != 0);
	return n;
}

static int setup(void **state)
{
	(void)state;
	memset(&p, 0, sizeof(p));
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	free(p.fdt);
	return 0;
}

/* ---- real nodes ---- */

/* docs/facts.md F2.1: five rows, five zero cells (a zero row and two). */
static void test_qemu_7_2_node_gives_qemu_map(void **state)
{
	(void)state;
	assert_int_equal(parse(load_dtb("qemu-virt-7.2.dtb"), QEMU_COUNTERS),
			 0);
	assert_false(p.in.present[SEL]);
	assert_false(p.in.present[RAW]);
	assert_int_equal(p.in.n_ctr, 6);
	assert_true(said(PMU_DIAG_NOTE, CTR, 6, "2 trailing zero cells"));
	assert_true(said(PMU_DIAG_NOTE, CTR, 5, "padding"));
	assert_int_equal(p.log.n, 2);
	assert_int_equal(p.map.n_errors + p.map.n_warnings, 0);
	assert_false(p.map.has_selectors);

	assert_int_equal(offered(0x1), 0x7fff9);
	assert_int_equal(offered(0x2), 0x7fffc);
	assert_int_equal(offered(CACHE(0x19)), 0x7fff8); /* DTLB read miss */
	assert_int_equal(offered(CACHE(0x1B)), 0x7fff8); /* DTLB write miss */
	assert_int_equal(offered(CACHE(0x21)), 0x7fff8); /* ITLB read miss */
	assert_int_equal(n_offered(), 5);
	/* QEMU reads mhpmevent as the event index. */
	assert_int_equal(selector(0x1), 0x1);
	assert_int_equal(selector(CACHE(0x21)), CACHE(0x21));
	assert_int_equal(p.map.n_raw, 0);
}

/*
 * Example 1 names a selector only for 0xB, which is no standard event:
 * with a selector table, events without a selector are not offered, so
 * only the fixed counters remain. Raw rows are kept as written.
 */
static void test_binding_example_1_offers_fixed_counters_only(void **state)
{
	(void)state;
	assert_int_equal(parse(load_dtb("binding-example-1.dtb"), ALL_COUNTERS),
			 0);
	assert_true(said(PMU_DIAG_NOTE, SEL, 0, "not a standard event"));
	assert_true(said(PMU_DIAG_WARNING, CTR, 2, "without a selector"));
	assert_true(said(PMU_DIAG_WARNING, CTR, 3, "without a selector"));
	assert_int_equal(p.map.n_errors, 0);
	assert_int_equal(p.map.n_warnings, 2);
	assert_true(p.map.has_selectors);
	assert_int_equal(offered(0x1), 0x1);
	assert_int_equal(offered(0x2), 0x4);
	assert_int_equal(n_offered(), 2);

	assert_int_equal(p.map.n_raw, 3);
	assert_int_equal(pmu_map_raw_counters(&p.map, 0x2), 0xf8);
	assert_int_equal(pmu_map_raw_counters(&p.map, 0x5), 0xff0);
	assert_int_equal(pmu_map_raw_counters(&p.map, 0xffffffff0000004full),
			 0xff0);
	assert_int_equal(pmu_map_raw_counters(&p.map, 0xffffffff0000010full),
			 0);
}

/* Example 2 (SiFive U74): every row usable on counters 3 and 4. */
static void test_binding_example_2_u74_map(void **state)
{
	static const struct {
		uint32_t event;
		uint64_t selector;
	} want[] = {
		{0x3, 0x1801},	       {0x4, 0x0302},
		{0x5, 0x4000},	       {0x6, 0x6001},
		{CACHE(0x01), 0x0202}, {CACHE(0x02), 0x0402},
		{CACHE(0x09), 0x0102}, {CACHE(0x11), 0x2002},
		{CACHE(0x19), 0x1002}, {CACHE(0x21), 0x0802},
	};

	(void)state;
	assert_int_equal(
		parse(load_dtb("binding-example-2.dtb"), QEMU_COUNTERS), 0);
	assert_int_equal(p.log.n, 0);
	for (size_t i = 0; i < ARRAY_SIZE(want); i++) {
		assert_int_equal(offered(want[i].event), 0x18);
		assert_int_equal(selector(want[i].event), want[i].selector);
	}
	assert_int_equal(offered(0x1), 0x1); /* fixed counter only */
	assert_int_equal(n_offered(), ARRAY_SIZE(want) + 2);
	/* Row 0: mask fc0000ff leaves bits 8-25 free. */
	assert_int_equal(pmu_map_raw_counters(&p.map, 0x3ffff00), 0x18);
	assert_int_equal(pmu_map_raw_counters(&p.map, 0x4000000), 0);
	assert_int_equal(pmu_map_raw_counters(&p.map, 0x7ff01), 0x18);
	assert_int_equal(pmu_map_raw_counters(&p.map, 0x1f02), 0x18);
	assert_int_equal(pmu_map_raw_counters(&p.map, 0x2002), 0);
}

/* Example 3 (Andes 45): cycles and instructions also on counters 3-6. */
static void test_binding_example_3_andes_map(void **state)
{
	static const uint32_t events[] = {
		0x1,	    0x2,	0x3,	    0x4,
		0x5,	    0x6,	CACHE(0x0), CACHE(0x1),
		CACHE(0x2), CACHE(0x3), CACHE(0x8), CACHE(0x9),
	};
	static const uint64_t selectors[] = {
		0x10, 0x20, 0x41, 0x51, 0x80, 0x02,
		0x61, 0x71, 0x81, 0x91, 0x21, 0x31,
	};

	(void)state;
	assert_int_equal(
		parse(load_dtb("binding-example-3.dtb"), QEMU_COUNTERS), 0);
	assert_int_equal(p.log.n, 0);
	for (size_t i = 0; i < ARRAY_SIZE(events); i++) {
		uint32_t fixed = events[i] == 0x1   ? 0x1
				 : events[i] == 0x2 ? 0x4
						    : 0;

		assert_int_equal(offered(events[i]), 0x78 | fixed);
		assert_int_equal(selector(events[i]), selectors[i]);
	}
	assert_int_equal(n_offered(), ARRAY_SIZE(events));
	assert_int_equal(p.map.n_raw, 52);
	assert_int_equal(pmu_map_raw_counters(&p.map, 0x190), 0x78);
	assert_int_equal(pmu_map_raw_counters(&p.map, 0x22), 0x78);
	assert_int_equal(pmu_map_raw_counters(&p.map, 0x1a0), 0);
}

/* tests/data/malformed.dts: the diagnostic each row is written to draw. */
static void test_malformed_node_draws_one_diagnostic_per_mistake(void **s)
{
	static const struct {
		enum pmu_map_severity sev;
		enum pmu_map_prop prop;
		long row;
		const char *text;
	} want[] = {
		{PMU_DIAG_ERROR, SEL, 0, "zero selector"},
		{PMU_DIAG_ERROR, SEL, 2, "duplicate"},
		{PMU_DIAG_ERROR, SEL, 3, "raw events"},
		{PMU_DIAG_WARNING, CTR, 0, "time"},
		{PMU_DIAG_ERROR, CTR, 1, "overlaps"},
		{PMU_DIAG_ERROR, CTR, 2, "different types"},
		{PMU_DIAG_ERROR, CTR, 4, "counter 0"},
		{PMU_DIAG_ERROR, CTR, 5, "firmware"},
		{PMU_DIAG_WARNING, CTR, 6, "lacks"},
		{PMU_DIAG_ERROR, CTR, 6, "no implemented counter"},
		{PMU_DIAG_WARNING, CTR, 7, "without a selector"},
		{PMU_DIAG_ERROR, CTR, 8, "partial row: 1 of 3"},
		{PMU_DIAG_WARNING, RAW, 1, "mask clears"},
		{PMU_DIAG_WARNING, RAW, 1, "matches every"},
		{PMU_DIAG_NOTE, RAW, 2, "padding"},
	};

	(void)s;
	assert_int_equal(parse(load_dtb("malformed.dtb"), QEMU_COUNTERS), 0);
	for (size_t i = 0; i < ARRAY_SIZE(want); i++) {
		if (!said(want[i].sev, want[i].prop, want[i].row, want[i].text))
			fail_msg("missing: row %ld %s", want[i].row,
				 want[i].text);
	}
	assert_int_equal(p.log.n, ARRAY_SIZE(want));
	assert_int_equal(offered(0x1), 0x9);
	assert_int_equal(offered(0x4), 0x8);
	assert_int_equal(n_offered(), 3);
}

/* ---- shapes of properties ---- */

static void test_shape_length_not_multiple_of_4_ignores_property(void **s)
{
	struct prop props[] = {
		PROP("riscv,event-to-mhpmevent", 0x3, 0x0, 0x11),
		PROP("riscv,event-to-mhpmcounters", 0x3, 0x3, 0x78, 0),
	};

	(void)s;
	props[1].bytes = 13;
	assert_int_equal(parse(make_node(props, 2), QEMU_COUNTERS), 0);
	assert_true(said(PMU_DIAG_ERROR, CTR, -1, "multiple of 4"));
	/* Still present: the selector table is not orphaned... */
	assert_true(p.in.present[CTR]);
	assert_int_equal(p.in.n_ctr, 0);
	assert_false(said(PMU_DIAG_ERROR, SEL, -1, "event-to-mhpmcounters"));
	/* ...and the platform is not taken for a generic one. */
	assert_true(p.map.has_selectors);
	assert_int_equal(offered(0x3), 0);
	assert_int_equal(offered(0x1), 0x1);
}

static void test_shape_trailing_zero_cells_are_padding(void **s)
{
	struct prop props[] = {
		PROP("riscv,event-to-mhpmcounters", 0x3, 0x3, 0x78, 0),
		PROP("riscv,raw-event-to-mhpmcounters", 0, 1, ~0u, ~0u, 0x8, 0,
		     0, 0, 0),
	};

	(void)s;
	assert_int_equal(parse(make_node(props, 2), QEMU_COUNTERS), 0);
	assert_true(said(PMU_DIAG_NOTE, CTR, 1, "1 trailing zero cell "));
	assert_true(said(PMU_DIAG_NOTE, RAW, 1, "4 trailing zero cells"));
	assert_int_equal(p.map.n_errors + p.map.n_warnings, 0);
	assert_int_equal(p.log.n, 2);
	assert_int_equal(offered(0x3), 0x78);
	assert_int_equal(pmu_map_raw_counters(&p.map, 1), 0x8);
}

static void test_shape_partial_row_is_error_naming_row(void **s)
{
	struct prop props[] = {
		PROP("riscv,event-to-mhpmevent", 0x3, 0x0, 0x11, 0x4, 0x0),
		PROP("riscv,event-to-mhpmcounters", 0x3, 0x4, 0x78),
		PROP("riscv,raw-event-to-mhpmcounters", 0, 1, ~0u, ~0u, 0x8, 0,
		     2, ~0u),
	};

	(void)s;
	assert_int_equal(parse(make_node(props, 3), QEMU_COUNTERS), 0);
	assert_true(said(PMU_DIAG_ERROR, SEL, 1, "partial row: 2 of 3"));
	assert_true(said(PMU_DIAG_ERROR, RAW, 1, "partial row: 3 of 5"));
	assert_int_equal(p.in.n_sel, 1);
	assert_int_equal(p.in.n_raw, 1);
	/* The whole rows before it are kept. */
	assert_int_equal(offered(0x3), 0x78);
	assert_int_equal(offered(0x4), 0);
}

static void test_shape_empty_property_is_present_without_rows(void **s)
{
	struct prop props[] = {
		PROP("riscv,event-to-mhpmevent", 0),
		PROP("riscv,event-to-mhpmcounters", 0x3, 0x3, 0x78),
	};

	(void)s;
	props[0].bytes = 0;
	assert_int_equal(parse(make_node(props, 2), QEMU_COUNTERS), 0);
	assert_true(p.in.present[SEL]);
	assert_int_equal(p.in.n_sel, 0);
	assert_null(p.in.sel);
	assert_true(p.map.has_selectors);
	assert_int_equal(offered(0x3), 0);
}

static void test_shape_selectors_without_counters_table(void **s)
{
	struct prop props[] = {
		PROP("riscv,event-to-mhpmevent", 0x3, 0x0, 0x11),
	};

	(void)s;
	assert_int_equal(parse(make_node(props, 1), QEMU_COUNTERS), 0);
	assert_true(said(PMU_DIAG_ERROR, SEL, -1, "event-to-mhpmcounters"));
	assert_false(p.map.has_selectors);
	assert_int_equal(n_offered(), 2);
}

/* 64-bit columns: high cell first. */
static void test_shape_cells_are_big_endian_high_first(void **s)
{
	struct prop props[] = {
		PROP("riscv,event-to-mhpmevent", 0x3, 0x1, 0x2),
		PROP("riscv,event-to-mhpmcounters", 0x3, 0x3, 0x78),
		PROP("riscv,raw-event-to-mhpmcounters", 0x12345678, 0x9abcdef0,
		     0xffffffff, 0xfffffff0, 0x8),
	};

	(void)s;
	assert_int_equal(parse(make_node(props, 3), QEMU_COUNTERS), 0);
	assert_int_equal(p.in.sel[0].event_idx, 0x3);
	assert_int_equal(p.in.sel[0].selector, 0x100000002ull);
	assert_int_equal(p.in.raw[0].match, 0x123456789abcdef0ull);
	assert_int_equal(p.in.raw[0].mask, 0xfffffffffffffff0ull);
	assert_int_equal(p.in.raw[0].counters, 0x8);
}

/* ---- the API's own limits ---- */

static void test_api_no_pmu_node(void **s)
{
	void *fdt = calloc(1, BLOB_SIZE);

	(void)s;
	assert_int_equal(fdt_create_empty_tree(fdt, BLOB_SIZE), 0);
	assert_int_equal(pmu_fdt_find_node(fdt), -FDT_ERR_NOTFOUND);
	free(fdt);
}

static void test_api_storage_size_and_alignment_checked(void **s)
{
	struct prop props[] = {
		PROP("riscv,event-to-mhpmevent", 0x3, 0x0, 0x11),
		PROP("riscv,event-to-mhpmcounters", 0x3, 0x3, 0x78),
		PROP("riscv,raw-event-to-mhpmcounters", 0, 1, ~0u, ~0u, 0x8),
	};
	void *fdt = make_node(props, 3);
	int node = pmu_fdt_find_node(fdt);
	size_t need = pmu_fdt_rows_size(fdt, node);
	struct pmu_map_input in;

	(void)s;
	p.fdt = fdt;
	assert_int_equal(need, sizeof(struct pmu_map_selector_row) +
				       sizeof(struct pmu_map_counters_row) +
				       sizeof(struct pmu_map_raw_row));
	assert_int_equal(
		pmu_fdt_parse(fdt, node, p.storage, need - 1, &in, NULL, NULL),
		-FDT_ERR_NOSPACE);
	assert_int_equal(
		pmu_fdt_parse(fdt, node, p.storage + 4, need, &in, NULL, NULL),
		-FDT_ERR_ALIGNMENT);
	assert_int_equal(
		pmu_fdt_parse(fdt, node, p.storage, need, &in, NULL, NULL), 0);
	assert_int_equal(in.n_sel + in.n_ctr + in.n_raw, 3);
}

static void test_api_bad_node_offset_is_an_error(void **s)
{
	void *fdt = load_dtb("qemu-virt-7.2.dtb");
	struct pmu_map_input in;

	(void)s;
	p.fdt = fdt;
	assert_true(pmu_fdt_parse(fdt, 3, p.storage, sizeof(p.storage), &in,
				  NULL, NULL) < 0);
	assert_true(pmu_fdt_parse(fdt, -1, p.storage, sizeof(p.storage), &in,
				  NULL, NULL) < 0);
	assert_true(pmu_fdt_parse(fdt, 1 << 30, p.storage, sizeof(p.storage),
				  &in, NULL, NULL) < 0);
	assert_int_equal(pmu_fdt_rows_size(fdt, 3), 0);
	/* Any offset at all, node or not: an answer, never a crash. */
	for (int off = -8; off < (int)fdt_totalsize(fdt) + 8; off++) {
		if (pmu_fdt_rows_size(fdt, off) <= sizeof(p.storage))
			(void)pmu_fdt_parse(fdt, off, p.storage,
					    sizeof(p.storage), &in, NULL, NULL);
	}
}

/* ---- hostile blobs ---- */

/*
 * Run the whole path on @fdt, which must be readable up to BLOB_SIZE
 * (the caller's side of the contract: totalsize lies inside memory).
 */
static void run_hostile(void *fdt)
{
	static _Alignas(8) unsigned char storage[BLOB_SIZE * 2];
	struct pmu_map_input in;
	struct pmu_map map;
	int node;
	size_t need;

	if (fdt_check_header(fdt) != 0 || fdt_totalsize(fdt) > BLOB_SIZE)
		return;
	node = pmu_fdt_find_node(fdt);
	if (node < 0)
		return;
	need = pmu_fdt_rows_size(fdt, node);
	if (need > sizeof(storage))
		return;
	if (pmu_fdt_parse(fdt, node, storage, need, &in, NULL, NULL) == 0)
		pmu_map_build(&map, QEMU_COUNTERS, &in, NULL, NULL);
}

/* Every byte of the QEMU blob, flipped in every bit, one at a time. */
static void test_hostile_bit_flips_do_not_crash(void **s)
{
	unsigned char *good = load_dtb("qemu-virt-7.2.dtb");
	unsigned char *bad = malloc(BLOB_SIZE);
	uint32_t size = fdt_totalsize(good);

	(void)s;
	p.fdt = good;
	assert_non_null(bad);
	for (uint32_t i = 0; i < size; i++) {
		for (unsigned int bit = 0; bit < 8; bit++) {
			memcpy(bad, good, BLOB_SIZE);
			bad[i] ^= (unsigned char)(1u << bit);
			run_hostile(bad);
		}
	}
	free(bad);
}

/*
 * Found by the bit-flip test under UBSan: libfdt checks the structure
 * block's bounds, not its alignment, then loads its tags as words.
 */
static void test_hostile_misaligned_struct_block_rejected(void **s)
{
	unsigned char *fdt = load_dtb("qemu-virt-7.2.dtb");
	struct fdt_header *h = (struct fdt_header *)fdt;
	struct pmu_map_input in;

	(void)s;
	p.fdt = fdt;
	h->off_dt_struct = cpu_to_fdt32(fdt_off_dt_struct(fdt) + 1);
	assert_int_equal(fdt_check_header(fdt), 0); /* libfdt lets it by */
	assert_int_equal(pmu_fdt_find_node(fdt), -FDT_ERR_ALIGNMENT);
	assert_int_equal(pmu_fdt_rows_size(fdt, 0), 0);
	assert_int_equal(pmu_fdt_parse(fdt, 0, p.storage, sizeof(p.storage),
				       &in, NULL, NULL),
			 -FDT_ERR_ALIGNMENT);
}

/* Random bytes behind a valid header, and truncated property data. */
static void test_hostile_random_structure_does_not_crash(void **s)
{
	unsigned char *good = load_dtb("malformed.dtb");
	unsigned char *bad = malloc(BLOB_SIZE);
	uint32_t size = fdt_totalsize(good);
	unsigned int seed = 1;

	(void)s;
	p.fdt = good;
	assert_non_null(bad);
	for (unsigned int round = 0; round < 20000; round++) {
		memcpy(bad, good, BLOB_SIZE);
		for (unsigned int k = 0; k < 4; k++) {
			seed = seed * 1103515245u + 12345u;
			uint32_t at = 40 + (seed >> 8) % (size - 40);

			seed = seed * 1103515245u + 12345u;
			bad[at] = (unsigned char)(seed >> 16);
		}
		run_hostile(bad);
	}
	free(bad);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
#define T(fn) cmocka_unit_test_setup_teardown(fn, setup, teardown)
		T(test_qemu_7_2_node_gives_qemu_map),
		T(test_binding_example_1_offers_fixed_counters_only),
		T(test_binding_example_2_u74_map),
		T(test_binding_example_3_andes_map),
		T(test_malformed_node_draws_one_diagnostic_per_mistake),
		T(test_shape_length_not_multiple_of_4_ignores_property),
		T(test_shape_trailing_zero_cells_are_padding),
		T(test_shape_partial_row_is_error_naming_row),
		T(test_shape_empty_property_is_present_without_rows),
		T(test_shape_selectors_without_counters_table),
		T(test_shape_cells_are_big_endian_high_first),
		T(test_api_no_pmu_node),
		T(test_api_storage_size_and_alignment_checked),
		T(test_api_bad_node_offset_is_an_error),
		T(test_hostile_bit_flips_do_not_crash),
		T(test_hostile_misaligned_struct_block_rejected),
		T(test_hostile_random_structure_does_not_crash),
#undef T
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
