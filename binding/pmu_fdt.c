/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Reads the `riscv,pmu` node with libfdt into the plain rows the map
 * builder takes. Only the shape of each property is judged here: whole
 * big-endian u32 cells, whole rows, and what to make of cells left over
 * (QEMU 7.2 pads its 15 cells of event-to-mhpmcounters with 5 zero cells,
 * docs/facts.md F2.1). The device tree comes from outside the firmware, so
 * every length is checked before it is used and nothing here trusts the blob
 * beyond what libfdt's bounds-checked accessors return.
 */
#include <libfdt.h>

#include "sbipmu/pmu_fdt.h"

/* Cells per row, by property (docs/binding.md, "Properties"). */
static const unsigned int pmu_fdt_row_cells[PMU_PROP_COUNT] = {
	[PMU_PROP_EVENT_TO_MHPMEVENT] = 3,
	[PMU_PROP_EVENT_TO_MHPMCOUNTERS] = 3,
	[PMU_PROP_RAW_EVENT_TO_MHPMCOUNTERS] = 5,
};

/* Diagnostics carry static text: one string per possible count. */
static const char *const pmu_fdt_padding_text[] = {
	NULL,
	"1 trailing zero cell of padding ignored",
	"2 trailing zero cells of padding ignored",
	"3 trailing zero cells of padding ignored",
	"4 trailing zero cells of padding ignored",
};

static const char *const pmu_fdt_partial3_text[] = {
	NULL,
	"partial row: 1 of 3 cells; ignored",
	"partial row: 2 of 3 cells; ignored",
};

static const char *const pmu_fdt_partial5_text[] = {
	NULL,
	"partial row: 1 of 5 cells; ignored",
	"partial row: 2 of 5 cells; ignored",
	"partial row: 3 of 5 cells; ignored",
	"partial row: 4 of 5 cells; ignored",
};

/* One property as found: where its cells are and how they divide. */
struct pmu_fdt_prop {
	const fdt32_t *cells;
	size_t n_rows;
	size_t n_tail; /* cells after the last whole row */
	bool present;
	bool bad_length; /* not a whole number of cells: all ignored */
};

/*
 * libfdt bounds-checks the blob's blocks against totalsize but not the
 * alignment of the structure block, whose tags it loads as 32-bit words:
 * a hostile off_dt_struct would make the firmware take misaligned loads,
 * which trap in M-mode on harts that do not support them.
 */
static int pmu_fdt_check_blob(const void *fdt)
{
	int err = fdt_check_header(fdt);

	if (err)
		return err;
	if (fdt_off_dt_struct(fdt) % FDT_TAGSIZE != 0)
		return -FDT_ERR_ALIGNMENT;
	return 0;
}

/*
 * Look property @prop up in @node. Absent is not an error; any other
 * libfdt failure means the tree is unreadable and is returned.
 */
static int pmu_fdt_find_prop(const void *fdt, int node, enum pmu_map_prop prop,
			     struct pmu_fdt_prop *out)
{
	unsigned int per_row = pmu_fdt_row_cells[prop];
	int len = 0;
	const void *data =
		fdt_getprop(fdt, node, pmu_map_prop_name(prop), &len);
	size_t n_cells;

	*out = (struct pmu_fdt_prop){0};
	if (!data)
		return len == -FDT_ERR_NOTFOUND ? 0 : len;
	out->present = true;
	if (len < 0 || len % (int)sizeof(fdt32_t) != 0) {
		out->bad_length = true;
		return 0;
	}
	n_cells = (size_t)len / sizeof(fdt32_t);
	out->cells = data;
	out->n_rows = n_cells / per_row;
	out->n_tail = n_cells % per_row;
	return 0;
}

/* Bytes of one row in storage, by property. */
static size_t pmu_fdt_row_size(enum pmu_map_prop prop)
{
	switch (prop) {
	case PMU_PROP_EVENT_TO_MHPMEVENT:
		return sizeof(struct pmu_map_selector_row);
	case PMU_PROP_EVENT_TO_MHPMCOUNTERS:
		return sizeof(struct pmu_map_counters_row);
	default:
		return sizeof(struct pmu_map_raw_row);
	}
}

/*
 * Storage order: selector and raw rows (8-byte aligned types) before the
 * 4-byte aligned counter rows, so one 8-byte aligned block holds all
 * three without padding. Sizes come from the blob: checked arithmetic.
 */
static const enum pmu_map_prop pmu_fdt_storage_order[PMU_PROP_COUNT] = {
	PMU_PROP_EVENT_TO_MHPMEVENT,
	PMU_PROP_RAW_EVENT_TO_MHPMCOUNTERS,
	PMU_PROP_EVENT_TO_MHPMCOUNTERS,
};

static int pmu_fdt_find_all(const void *fdt, int node,
			    struct pmu_fdt_prop props[PMU_PROP_COUNT],
			    size_t *total)
{
	int err = pmu_fdt_check_blob(fdt);

	*total = 0;
	if (err)
		return err;
	for (unsigned int i = 0; i < PMU_PROP_COUNT; i++) {
		enum pmu_map_prop p = pmu_fdt_storage_order[i];
		size_t bytes;

		err = pmu_fdt_find_prop(fdt, node, p, &props[p]);
		if (err)
			return err;
		if (__builtin_mul_overflow(props[p].n_rows, pmu_fdt_row_size(p),
					   &bytes) ||
		    __builtin_add_overflow(*total, bytes, total))
			return -FDT_ERR_NOSPACE;
	}
	return 0;
}

size_t pmu_fdt_rows_size(const void *fdt, int node)
{
	struct pmu_fdt_prop props[PMU_PROP_COUNT];
	size_t total;

	/* An unreadable node needs no storage; pmu_fdt_parse() reports it. */
	if (pmu_fdt_find_all(fdt, node, props, &total))
		return 0;
	return total;
}

int pmu_fdt_find_node(const void *fdt)
{
	int err = pmu_fdt_check_blob(fdt);

	if (err)
		return err;
	return fdt_node_offset_by_compatible(fdt, -1, "riscv,pmu");
}

static void pmu_fdt_diag(pmu_map_report_fn report, void *ctx,
			 enum pmu_map_severity severity, enum pmu_map_prop prop,
			 long row, const char *reason)
{
	struct pmu_map_diag d = {severity, prop, row, reason};

	if (report)
		report(ctx, &d);
}

/* Report a bad length or the cells after the last whole row. */
static void pmu_fdt_check_shape(const struct pmu_fdt_prop *p,
				enum pmu_map_prop prop,
				pmu_map_report_fn report, void *ctx)
{
	const fdt32_t *tail;
	bool all_zero = true;

	if (p->bad_length) {
		pmu_fdt_diag(report, ctx, PMU_DIAG_ERROR, prop, -1,
			     "length is not a multiple of 4 bytes; "
			     "property ignored");
		return;
	}
	if (p->n_tail == 0)
		return;
	tail = p->cells + p->n_rows * pmu_fdt_row_cells[prop];
	for (size_t i = 0; i < p->n_tail; i++)
		all_zero &= fdt32_ld(&tail[i]) == 0;
	if (all_zero)
		pmu_fdt_diag(report, ctx, PMU_DIAG_NOTE, prop, (long)p->n_rows,
			     pmu_fdt_padding_text[p->n_tail]);
	else if (pmu_fdt_row_cells[prop] == 3)
		pmu_fdt_diag(report, ctx, PMU_DIAG_ERROR, prop, (long)p->n_rows,
			     pmu_fdt_partial3_text[p->n_tail]);
	else
		pmu_fdt_diag(report, ctx, PMU_DIAG_ERROR, prop, (long)p->n_rows,
			     pmu_fdt_partial5_text[p->n_tail]);
}

static uint64_t pmu_fdt_u64(const fdt32_t *cells)
{
	return (uint64_t)fdt32_ld(&cells[0]) << 32 | fdt32_ld(&cells[1]);
}

static void pmu_fdt_read_selectors(const struct pmu_fdt_prop *p,
				   struct pmu_map_selector_row *rows)
{
	for (size_t i = 0; i < p->n_rows; i++) {
		const fdt32_t *c = p->cells + i * 3;

		rows[i].event_idx = fdt32_ld(&c[0]);
		rows[i].selector = pmu_fdt_u64(&c[1]);
	}
}

static void pmu_fdt_read_counters(const struct pmu_fdt_prop *p,
				  struct pmu_map_counters_row *rows)
{
	for (size_t i = 0; i < p->n_rows; i++) {
		const fdt32_t *c = p->cells + i * 3;

		rows[i].first = fdt32_ld(&c[0]);
		rows[i].last = fdt32_ld(&c[1]);
		rows[i].counters = fdt32_ld(&c[2]);
	}
}

static void pmu_fdt_read_raw(const struct pmu_fdt_prop *p,
			     struct pmu_map_raw_row *rows)
{
	for (size_t i = 0; i < p->n_rows; i++) {
		const fdt32_t *c = p->cells + i * 5;

		rows[i].match = pmu_fdt_u64(&c[0]);
		rows[i].mask = pmu_fdt_u64(&c[2]);
		rows[i].counters = fdt32_ld(&c[4]);
	}
}

/* Carve @storage in pmu_fdt_storage_order and decode the rows into it. */
static void pmu_fdt_fill(const struct pmu_fdt_prop props[PMU_PROP_COUNT],
			 unsigned char *storage, struct pmu_map_input *out)
{
	const struct pmu_fdt_prop *sel = &props[PMU_PROP_EVENT_TO_MHPMEVENT];
	const struct pmu_fdt_prop *raw =
		&props[PMU_PROP_RAW_EVENT_TO_MHPMCOUNTERS];
	const struct pmu_fdt_prop *ctr = &props[PMU_PROP_EVENT_TO_MHPMCOUNTERS];
	struct pmu_map_selector_row *sel_rows = (void *)storage;
	struct pmu_map_raw_row *raw_rows = (void *)(sel_rows + sel->n_rows);
	struct pmu_map_counters_row *ctr_rows =
		(void *)(raw_rows + raw->n_rows);

	pmu_fdt_read_selectors(sel, sel_rows);
	pmu_fdt_read_raw(raw, raw_rows);
	pmu_fdt_read_counters(ctr, ctr_rows);
	out->sel = sel->n_rows ? sel_rows : NULL;
	out->n_sel = sel->n_rows;
	out->raw = raw->n_rows ? raw_rows : NULL;
	out->n_raw = raw->n_rows;
	out->ctr = ctr->n_rows ? ctr_rows : NULL;
	out->n_ctr = ctr->n_rows;
}

/*
 * A property with a bad length stays "present" with no rows: an unusable
 * selector table must not turn the platform into a generic one whose
 * selectors are event indices (docs/binding.md, "Selectors").
 */
int pmu_fdt_parse(const void *fdt, int node, void *storage, size_t size,
		  struct pmu_map_input *out, pmu_map_report_fn report,
		  void *report_ctx)
{
	struct pmu_fdt_prop props[PMU_PROP_COUNT];
	size_t need;
	int err;

	*out = (struct pmu_map_input){0};
	err = pmu_fdt_find_all(fdt, node, props, &need);
	if (err)
		return err;
	if (need > size)
		return -FDT_ERR_NOSPACE;
	if (need && (!storage || (uintptr_t)storage % 8 != 0))
		return -FDT_ERR_ALIGNMENT;
	for (unsigned int p = 0; p < PMU_PROP_COUNT; p++) {
		out->present[p] = props[p].present;
		pmu_fdt_check_shape(&props[p], p, report, report_ctx);
	}
	if (need)
		pmu_fdt_fill(props, storage, out);
	return 0;
}
