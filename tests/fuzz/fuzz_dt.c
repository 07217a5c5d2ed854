/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * libFuzzer harness for the device tree the firmware is handed at boot.
 * Each input is a blob (seeds: QEMU 7.2's trees for 1 and 4 harts, the
 * binding's examples and the other trees of tests/data), run through the
 * code the boot hart runs, in its order: platform_fdt_check() with the
 * input's size as what is readable, platform_fdt_scan(), the device
 * probes of dev_fdt.h (console, the timer and doorbell walk with the
 * firmware's drivers, timebase, resets),
 * the PMU core on a simulated hart, pmu_fdt_load() (node, rows from a
 * 32 KiB heap as the firmware's, parse, map builder), the banner's event
 * inventory, and the fix-up's /reserved-memory node and /cpus timebase
 * in place and, when that needs room, in a grown copy
 * (firmware/boot/fdt_setup.c: fw_fdt_fixup()).
 * Any breach of the checks below aborts, which libFuzzer reports as a
 * crash:
 *  - reads stay inside the blob: the check sees a heap buffer of exactly
 *    the input's size, everything after it one of exactly the header's
 *    totalsize, so ASan stops any read beyond either;
 *  - the facts are sane (bounded model string, hart ids below the limit,
 *    at most 8 memory ranges);
 *  - the devices are sane: a console or a reason, never both, its reg
 *    not wrapping; every hart's device and context among those stored;
 *    reset actions within capacity, each serving some SRST type;
 *  - the map: counters only among the implemented ones, counter 0 only
 *    for cycles and counter 2 only for instructions (which always keep
 *    them), no two accepted event-to-mhpmcounters rows sharing an
 *    event, every event's programmable counters from the one accepted
 *    row covering it, a selector for every event on a programmable
 *    counter, no raw row on a fixed counter, no map at all when the
 *    rows were not loaded;
 *  - diagnostics: a known severity and property, a row number inside
 *    the property (or -1, or the row after the last for a partial one),
 *    at most 4 per row and 2 per whole property;
 *  - the inventory counts exactly the events the map offers;
 *  - a fix-up that succeeds gives a tree the check accepts, holding the
 *    node and, if it has /cpus, a timebase the next stage can use.
 * The hardware varies with the input's size (size % 4): QEMU's counters,
 * all 31, only the fixed two, or a sparse set.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libfdt.h>

#include <sbipmu/dev_fdt.h>
#include <sbipmu/dev_fdt_aia.h>
#include <sbipmu/platform_fdt.h>
#include <sbipmu/pmu.h>
#include <sbipmu/pmu_fdt.h>

#include "../unit/console_drivers.h"
#include "../unit/reset_drivers.h"
#include "../unit/timer_drivers.h"
#include "sim/sim_hart.h"

#define FUZZ_MAX_HARTS	 8
#define FUZZ_HEAP	 (32 * 1024)
#define FUZZ_GROW	 4096
#define FUZZ_DIAGS_ROW	 4
#define FUZZ_DIAGS_WHOLE 2
#define FUZZ_FW_BASE	 0x80000000u
#define FUZZ_FW_SIZE	 0x40000u

#define FUZZ_CHECK(cond)                                                       \
	do {                                                                   \
		if (!(cond)) {                                                 \
			fprintf(stderr, "fuzz_dt: %s:%d: %s\n", __FILE__,      \
				__LINE__, #cond);                              \
			abort();                                               \
		}                                                              \
	} while (0)

/* What one input's run keeps: the heap, the diagnostics per row. */
struct fuzz_run {
	size_t heap_used;
	void *allocs[4];
	unsigned int n_allocs;
	size_t max_rows;		    /* bound on any property's rows */
	uint8_t *per_row[PMU_PROP_COUNT];   /* diagnostics by row */
	uint8_t whole[PMU_PROP_COUNT];	    /* row -1 */
	uint8_t *error_row[PMU_PROP_COUNT]; /* rows with an ERROR */
	unsigned int n_diag;
};

static const uint32_t fuzz_counter_sets[4] = {
	0x7fffd,    /* QEMU virt: 0, 2, 3..18 */
	0xfffffffd, /* all 31 */
	0x5,	    /* the fixed two only */
	0x1a2a5,    /* sparse: 0, 2, 5, 7, 9, 13, 15, 16 */
};

static void *fuzz_alloc(void *ctx, size_t size)
{
	struct fuzz_run *run = ctx;
	void *p;

	if (size > FUZZ_HEAP - run->heap_used ||
	    run->n_allocs == sizeof(run->allocs) / sizeof(run->allocs[0]))
		return NULL;
	p = malloc(size);
	FUZZ_CHECK(p && ((uintptr_t)p & 7) == 0);
	run->heap_used += size;
	run->allocs[run->n_allocs++] = p;
	return p;
}

static void fuzz_report(void *ctx, const struct pmu_map_diag *d)
{
	struct fuzz_run *run = ctx;

	FUZZ_CHECK((unsigned int)d->severity <= PMU_DIAG_ERROR);
	FUZZ_CHECK((unsigned int)d->prop < PMU_PROP_COUNT);
	FUZZ_CHECK(d->reason && d->reason[0]);
	FUZZ_CHECK(d->row >= -1 && d->row <= (long)run->max_rows);
	run->n_diag++;
	if (d->row < 0) {
		FUZZ_CHECK(++run->whole[d->prop] <= FUZZ_DIAGS_WHOLE);
		return;
	}
	FUZZ_CHECK(++run->per_row[d->prop][d->row] <= FUZZ_DIAGS_ROW);
	if (d->severity == PMU_DIAG_ERROR)
		run->error_row[d->prop][d->row] = 1;
}

static void *fuzz_shmem_map(void *ctx, uint64_t addr, uint64_t size)
{
	(void)ctx;
	(void)addr;
	(void)size;
	return NULL;
}

static const struct pmu_platform_ops fuzz_plat = {
	.shmem_map = fuzz_shmem_map,
};

static void fuzz_check_facts(const struct platform_fdt_facts *f)
{
	FUZZ_CHECK(memchr(f->model, '\0', sizeof(f->model)) != NULL);
	FUZZ_CHECK(f->n_harts <= FUZZ_MAX_HARTS);
	for (unsigned int i = 1; i < f->n_harts; i++)
		FUZZ_CHECK(f->harts[i - 1].id < f->harts[i].id);
	FUZZ_CHECK(f->n_mem <= PLATFORM_FDT_MAX_MEM);
	for (unsigned int i = 0; i < f->n_mem; i++)
		FUZZ_CHECK(f->mem[i].size != 0);
	FUZZ_CHECK(f->snapshot <= PLATFORM_FDT_SNAPSHOT_OFF);
	FUZZ_CHECK(f->legacy <= PLATFORM_FDT_LEGACY_OFF);
	FUZZ_CHECK(f->trace_entries <= 65535);
	if (!f->n_harts) {
		FUZZ_CHECK(!f->isa.sscofpmf && !f->isa.sstc);
	}
}

/* ---- the devices (dev_fdt.h) ---- */

static void fuzz_check_console(const struct dev_fdt_console *c)
{
	FUZZ_CHECK(c->type <= DEV_FDT_CONSOLE_HTIF);
	FUZZ_CHECK(c->from <= DEV_FDT_CONSOLE_FROM_SCAN);
	FUZZ_CHECK((c->type == DEV_FDT_CONSOLE_NONE) ==
		   (c->from == DEV_FDT_CONSOLE_FROM_NONE));
	/* each way tried before the one used was refused, with a reason */
	FUZZ_CHECK((c->from == DEV_FDT_CONSOLE_FROM_STDOUT_PATH) ==
		   (c->why.problem == NULL));
	FUZZ_CHECK((c->from == DEV_FDT_CONSOLE_FROM_STDOUT_PATH ||
		    c->from == DEV_FDT_CONSOLE_FROM_ALIAS) ==
		   (c->why_alias.problem == NULL));
	if (c->type == DEV_FDT_CONSOLE_NONE)
		return;
	FUZZ_CHECK(c->node >= 0 && c->size != 0);
	FUZZ_CHECK(c->size - 1 <= UINT64_MAX - c->base);
	FUZZ_CHECK(c->reg_io_width == 1 || c->reg_io_width == 4);
	FUZZ_CHECK(c->reg_shift <= DEV_FDT_UART8250_MAX_SHIFT);
}

/* Every device and context the walk reports, counted and checked. */
struct fuzz_timers {
	unsigned int devs, ctx;
};

static void fuzz_timer_dev(void *ctx, const struct dev_fdt_timer_dev *d)
{
	struct fuzz_timers *t = ctx;

	FUZZ_CHECK(d->driver != NULL && d->node >= 0);
	FUZZ_CHECK(d->n_ipi + d->n_timer > 0);
	FUZZ_CHECK(d->n_ipi <= DEV_FDT_MAX_CONTEXTS &&
		   d->n_timer <= DEV_FDT_MAX_CONTEXTS);
	t->devs++;
}

/* A context of the device just reported, of a role it has, in range. */
static void fuzz_timer_hart(void *ctx, const struct dev_fdt_timer_dev *d,
			    const struct dev_fdt_hart_ctx *c)
{
	struct fuzz_timers *t = ctx;

	FUZZ_CHECK(c->role == DEV_FDT_ROLE_IPI ||
		   c->role == DEV_FDT_ROLE_TIMER);
	FUZZ_CHECK(c->k <
		   (c->role == DEV_FDT_ROLE_IPI ? d->n_ipi : d->n_timer));
	t->ctx++;
}

static void fuzz_check_timers(const void *fdt)
{
	struct fuzz_timers t = {0, 0};
	const struct dev_fdt_timer_sink sink = {fuzz_timer_dev, fuzz_timer_hart,
						&t};
	struct dev_fdt_timer_summary sum;

	dev_fdt_timers(fdt, &test_timer_drivers, &sink, &sum);
	FUZZ_CHECK(!sum.refused == !sum.first_refused.problem);
	FUZZ_CHECK(t.devs == sum.n_devs && t.ctx == sum.n_ctx);
}

static void fuzz_check_devices(const void *fdt)
{
	struct dev_fdt_console c;
	struct dev_fdt_resets r;
	uint64_t hz = 0;

	dev_fdt_console(fdt, &test_drivers, &c);
	fuzz_check_console(&c);
	fuzz_check_timers(fdt);
	FUZZ_CHECK(dev_fdt_timebase(fdt, &hz) || hz != 0);
	dev_fdt_resets(fdt, &test_reset_drivers, &r);
	FUZZ_CHECK(r.n <= DEV_FDT_MAX_RESETS);
	FUZZ_CHECK(!r.refused == !r.first_refused.problem);
	for (unsigned int i = 0; i < r.n; i++) {
		FUZZ_CHECK(r.r[i].srst && !(r.r[i].srst & ~7u));
		FUZZ_CHECK(r.r[i].action != DEV_FDT_RESET_GPIO ||
			   (r.r[i].gpio && r.r[i].pin < r.r[i].gpio->pins));
	}
}

/* ---- the map ---- */

/* Every standard event: general codes 1-10, cache codes with op 0-2. */
static bool fuzz_event(unsigned int i, uint32_t *event_idx,
		       const struct pmu_map_entry **e, const struct pmu_map *m)
{
	if (i < SBI_PMU_HW_GENERAL_MAX) {
		*event_idx = i;
		*e = &m->hw[SBI_PMU_EVENT_TYPE_HW][i];
		return i != 0;
	}
	i -= SBI_PMU_HW_GENERAL_MAX;
	*event_idx = (SBI_PMU_EVENT_TYPE_HW_CACHE << 16) | i;
	*e = &m->hw[SBI_PMU_EVENT_TYPE_HW_CACHE][i];
	return ((i >> 1) & 3) != SBI_PMU_HW_CACHE_OP_MAX;
}

#define FUZZ_N_EVENTS (SBI_PMU_HW_GENERAL_MAX + SBI_PMU_HW_CACHE_CODE_COUNT)

static uint32_t fuzz_fixed_for(uint32_t event_idx)
{
	if (event_idx == SBI_PMU_HW_CPU_CYCLES)
		return 1u << PMU_CTR_CYCLE;
	if (event_idx == SBI_PMU_HW_INSTRUCTIONS)
		return 1u << PMU_CTR_INSTRET;
	return 0;
}

/*
 * The accepted event-to-mhpmcounters row covering @event_idx, or NULL;
 * two accepted rows covering it is an overlap.
 */
static const struct pmu_map_counters_row *
fuzz_row_for(const struct fuzz_run *run, const struct pmu_fdt_load *load,
	     uint32_t event_idx)
{
	const struct pmu_map_counters_row *found = NULL;

	for (size_t r = 0; r < load->in.n_ctr; r++) {
		const struct pmu_map_counters_row *row = &load->in.ctr[r];

		if (run->error_row[PMU_PROP_EVENT_TO_MHPMCOUNTERS][r] ||
		    event_idx < row->first || event_idx > row->last)
			continue;
		FUZZ_CHECK(!found); /* overlapping accepted ranges */
		found = row;
	}
	return found;
}

static void fuzz_check_entry(const struct fuzz_run *run,
			     const struct pmu_fdt_load *load,
			     const struct pmu_map *m, uint32_t hw,
			     uint32_t event_idx, const struct pmu_map_entry *e)
{
	uint32_t fixed = fuzz_fixed_for(event_idx);
	uint32_t prog = e->counters & ~fixed;
	const struct pmu_map_counters_row *row = NULL;

	FUZZ_CHECK((e->counters & ~hw) == 0);
	FUZZ_CHECK((e->counters & (1u << PMU_CTR_TIME)) == 0);
	/* counter 0 only for cycles, counter 2 only for instructions */
	FUZZ_CHECK((prog & ((1u << PMU_CTR_CYCLE) | (1u << PMU_CTR_INSTRET))) ==
		   0);
	FUZZ_CHECK((e->counters & fixed) == (hw & fixed));
	if (load->map_set)
		row = fuzz_row_for(run, load, event_idx);
	if (!row) {
		FUZZ_CHECK(prog == 0);
		return;
	}
	FUZZ_CHECK((prog & ~row->counters) == 0);
	if (prog && m->has_selectors)
		FUZZ_CHECK(e->selector != 0);
}

static void fuzz_check_map(const struct fuzz_run *run,
			   const struct pmu_fdt_load *load,
			   const struct pmu_core *core, uint32_t hw)
{
	const struct pmu_map *m = pmu_core_map(core);
	const uint32_t not_raw = 0x7;
	unsigned int general = 0, cache = 0;

	for (unsigned int i = 0; i < FUZZ_N_EVENTS; i++) {
		const struct pmu_map_entry *e;
		uint32_t event_idx;

		if (!fuzz_event(i, &event_idx, &e, m)) {
			FUZZ_CHECK(e->counters == 0);
			continue;
		}
		fuzz_check_entry(run, load, m, hw, event_idx, e);
		if (pmu_map_lookup(m, event_idx))
			*(i < SBI_PMU_HW_GENERAL_MAX ? &general : &cache) += 1;
	}
	for (size_t r = 0; r < m->n_raw; r++)
		FUZZ_CHECK((m->raw[r].counters & ~(hw & ~not_raw)) == 0);
	FUZZ_CHECK(load->map_set || m->n_raw == 0);
	/* the banner's inventory: exactly what the map offers */
	FUZZ_CHECK(pmu_event_count_supported(core, SBI_PMU_EVENT_TYPE_HW) ==
		   general);
	FUZZ_CHECK(pmu_event_count_supported(
			   core, SBI_PMU_EVENT_TYPE_HW_CACHE) == cache);
}

static void fuzz_check_diags(const struct fuzz_run *run,
			     const struct pmu_fdt_load *load)
{
	size_t rows = load->in.n_sel + load->in.n_ctr + load->in.n_raw;

	/* at most 4 per row, 2 per property, 1 per partial row */
	FUZZ_CHECK(run->n_diag <= FUZZ_DIAGS_ROW * rows + (FUZZ_DIAGS_WHOLE +
							   1) * PMU_PROP_COUNT);
}

/* ---- the input, step by step ---- */

static void fuzz_pmu(const void *fdt, const struct platform_fdt_facts *f,
		     size_t size, struct fuzz_run *run)
{
	struct sim_hart_cfg hcfg = {
		.xlen = 64,
		.counters = fuzz_counter_sets[size % 4],
		.width = 48,
		.sscofpmf = f->isa.sscofpmf,
	};
	struct sim_hart hart;
	struct pmu_hw_desc hw;
	struct pmu_core core;
	struct pmu_fdt_load load;

	sim_hart_init(&hart, &hcfg);
	sim_hart_describe(&hart, 16, &hw);
	FUZZ_CHECK(pmu_core_init(&core, &hw, &sim_hal_ops, &fuzz_plat, NULL) ==
		   0);
	pmu_fdt_load(fdt, &core, fuzz_alloc, run, fuzz_report, run, &load);
	FUZZ_CHECK(!load.no_room || load.need > FUZZ_HEAP);
	FUZZ_CHECK(!load.map_set || (!load.error && !load.no_room));
	fuzz_check_map(run, &load, &core, hw.counter_mask & ~2u);
	fuzz_check_diags(run, &load);
}

/* The node the fix-up added, and a tree the check still accepts. */
static void fuzz_check_fixed(const void *fdt)
{
	struct platform_fdt_verdict v;
	int node;

	FUZZ_CHECK(platform_fdt_check(fdt, fdt_totalsize(fdt), &v) == 0);
	node = fdt_path_offset(fdt, "/reserved-memory/mmode_resv@80000000");
	FUZZ_CHECK(node >= 0);
	FUZZ_CHECK(fdt_path_offset(fdt, "/cpus") < 0 ||
		   !platform_fdt_timebase_problem(fdt));
}

/* The fix-up's edits that libfdt alone does, as fdt_setup.c's fdt_edit(). */
static int fuzz_edit(void *fdt)
{
	int err = platform_fdt_add_reserved(fdt, FUZZ_FW_BASE, FUZZ_FW_SIZE);

	if (!err && platform_fdt_timebase_problem(fdt)) {
		err = platform_fdt_set_timebase(fdt, 10000000);
		err = err == -FDT_ERR_NOTFOUND ? 0 : err;
	}
	return err;
}

/* fw_fdt_fixup()'s libfdt steps: in place, then in a grown copy. */
static void fuzz_fixup(void *fdt, uint32_t total)
{
	size_t grown = (size_t)total + FUZZ_GROW;
	void *copy;
	int err = fdt_open_into(fdt, fdt, (int)total);

	if (!err)
		err = fuzz_edit(fdt);
	if (!err) {
		fuzz_check_fixed(fdt);
		return;
	}
	if (err != -FDT_ERR_NOSPACE)
		return;
	copy = malloc(grown);
	FUZZ_CHECK(copy);
	err = fdt_open_into(fdt, copy, (int)grown);
	if (!err)
		err = fuzz_edit(copy);
	if (!err)
		fuzz_check_fixed(copy);
	free(copy);
}

static void fuzz_run_free(struct fuzz_run *run)
{
	for (unsigned int i = 0; i < run->n_allocs; i++)
		free(run->allocs[i]);
	for (unsigned int p = 0; p < PMU_PROP_COUNT; p++) {
		free(run->per_row[p]);
		free(run->error_row[p]);
	}
}

/* Everything after the check, on a blob of exactly @total bytes. */
static void fuzz_accepted(void *fdt, uint32_t total)
{
	struct platform_fdt_facts facts;
	struct fuzz_run run = {.max_rows = total / 12 + 1};

	for (unsigned int p = 0; p < PMU_PROP_COUNT; p++) {
		run.per_row[p] = calloc(run.max_rows + 1, 1);
		run.error_row[p] = calloc(run.max_rows + 1, 1);
		FUZZ_CHECK(run.per_row[p] && run.error_row[p]);
	}
	platform_fdt_scan(fdt, FUZZ_MAX_HARTS, &facts);
	fuzz_check_facts(&facts);
	fuzz_check_devices(fdt);
	fuzz_pmu(fdt, &facts, total, &run);
	fuzz_run_free(&run);
	fuzz_fixup(fdt, total);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	void *blob = malloc(size ? size : 1), *exact;
	struct platform_fdt_verdict v;

	FUZZ_CHECK(blob);
	memcpy(blob, data, size);
	if (platform_fdt_check(blob, size, &v)) {
		FUZZ_CHECK(v.error < 0 && v.problem);
		free(blob);
		return 0;
	}
	FUZZ_CHECK(v.header && v.totalsize <= size);
	exact = malloc(v.totalsize);
	FUZZ_CHECK(exact);
	memcpy(exact, blob, v.totalsize);
	free(blob);
	fuzz_accepted(exact, v.totalsize);
	free(exact);
	return 0;
}
