/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Device-tree input and output of the firmware (see fdt_setup.h): what
 * only the machine can do around the portable readers in binding/
 * (platform_fdt.c, pmu_fdt.c). It finds out how much of the blob can be
 * read (with traps caught), prints what is wrong with a tree it refuses,
 * hands the facts to their owners (platform.c, discover.c; skipping addresses
 * beyond the firmware's address space), prints the binding's diagnostics, and
 * places the fixed-up tree in memory.
 */
#include <limits.h>

#include <libfdt.h>

#include <sbipmu/dev_fdt_aia.h>
#include <sbipmu/platform_fdt.h>
#include <sbipmu/pmu_fdt.h>

#include "arch/discover.h"
#include "arch/enables.h"
#include "boot/fdt_setup.h"
#include "cpu/fw_defs.h"
#include "cpu/unpriv.h"
#include "dev/dev.h"
#include "machine/machine.h"
#include "rt/alloc.h"
#include "rt/console.h"
#include "rt/hart.h"
#include "rt/platform.h"

/* Room added when the tree has to be moved to grow. */
#define FDT_GROW 4096
/*
 * Readability is probed page by page (RAM ends and PMP regions on virt
 * fall on page boundaries), and no further than FDT_PROBE_MAX: Linux
 * maps at most 2 MiB (RV64) or 4 MiB (RV32) of device tree (MAX_FDT_SIZE
 * in arch/riscv/include/asm/pgtable.h), so a tree that claims more is
 * of no use whatever lies behind it.
 */
#define FDT_PAGE      4096UL
#define FDT_PROBE_MAX (16UL << 20)

/* A tree fw_fdt_take() refused, for fw_fdt_report_refused(). */
static struct fdt_refusal {
	const void *fdt;
	size_t readable;
	struct platform_fdt_verdict verdict;
} fdt_refused;

/* The facts of the tree taken at boot; fw_plat.model points into it. */
static struct platform_fdt_facts fdt_facts;

/* The timebase as the tree handed on carries it (fw_fdt_timebase()). */
static struct fw_fdt_timebase fdt_timebase;

/* Bytes readable from @addr on, up to @want; traps caught. */
static size_t fdt_readable(uintptr_t addr, size_t want)
{
	uintptr_t page = (addr | (FDT_PAGE - 1)) + 1;
	unsigned long word;
	size_t got;

	if (!fw_catch_read_ulong(addr & ~(sizeof(long) - 1), &word))
		return 0;
	for (got = page - addr; got < want; got += FDT_PAGE, page += FDT_PAGE)
		if (page == 0 || !fw_catch_read_ulong(page, &word))
			break;
	return got < want ? got : want;
}

/* Readable bytes of the blob: its header, then what its header claims. */
static size_t fdt_readable_blob(const void *fdt)
{
	size_t head, want;

	if (!fdt)
		return 0;
	head = fdt_readable((uintptr_t)fdt, PLATFORM_FDT_HEADER_SIZE);
	if (head < PLATFORM_FDT_HEADER_SIZE)
		return head;
	want = fdt_totalsize(fdt);
	if (want < PLATFORM_FDT_HEADER_SIZE)
		want = PLATFORM_FDT_HEADER_SIZE;
	return fdt_readable((uintptr_t)fdt,
			    want < FDT_PROBE_MAX ? want : FDT_PROBE_MAX);
}

/* A tree inside the firmware region would be edited over the firmware. */
static bool fdt_in_firmware(const void *fdt, uint32_t size)
{
	uintptr_t lo = (uintptr_t)fdt, fw = fw_region_base();

	return lo < fw + fw_region_size() && fw < lo + size;
}

/* The error lines for a tree the firmware will not use. */
static void fdt_report_bad(const void *fdt, size_t readable,
			   const struct platform_fdt_verdict *v)
{
	fw_printf("sbipmu: ERROR: device tree at %p: %s: %s\n", fdt,
		  fdt_strerror(v->error), v->problem);
	if (!v->header) {
		fw_printf("sbipmu: ERROR: device tree: %lu bytes readable, "
			  "not even a header\n",
			  (unsigned long)readable);
		return;
	}
	fw_printf("sbipmu: ERROR: device tree header: totalsize %u bytes, "
		  "%lu readable%s; magic 0x%x, version %u, structure "
		  "0x%x+0x%x, strings 0x%x+0x%x\n",
		  (unsigned int)v->totalsize, (unsigned long)readable,
		  readable == FDT_PROBE_MAX ? " (probed no further)" : "",
		  (unsigned int)v->magic, (unsigned int)v->version,
		  (unsigned int)v->off_dt_struct,
		  (unsigned int)v->size_dt_struct,
		  (unsigned int)v->off_dt_strings,
		  (unsigned int)v->size_dt_strings);
}

/* /chosen's options go to fw_feat (arch/discover.c, their one writer);
 * a value that could not be taken is said here. */
static void fdt_take_chosen(const struct platform_fdt_facts *f)
{
	fw_discover_take_tree(f);
	if (f->snapshot_bad)
		fw_printf("chosen: sbipmu,snapshot: not auto/on/off, using "
			  "auto\n");
	if (f->quirks_bad)
		fw_printf("chosen: sbipmu,pmu-quirks: not auto/qemu/none, "
			  "using auto\n");
}

static void fdt_take_facts(const struct platform_fdt_facts *f)
{
	fw_plat_take_tree(f);
	fdt_take_chosen(f);
}

void fw_fdt_report_refused(void)
{
	fdt_report_bad(fdt_refused.fdt, fdt_refused.readable,
		       &fdt_refused.verdict);
}

const struct platform_fdt_facts *fw_fdt_facts(void)
{
	return &fdt_facts;
}

bool fw_fdt_take(const void *fdt)
{
	struct platform_fdt_verdict v;
	size_t readable = fdt_readable_blob(fdt);

	if (!platform_fdt_check(fdt, readable, &v) &&
	    fdt_in_firmware(fdt, v.totalsize)) {
		v.error = -FDT_ERR_BADOFFSET;
		v.problem = "it lies inside the firmware's own memory";
	}
	if (v.error) {
		fdt_refused = (struct fdt_refusal){fdt, readable, v};
		return false;
	}
	platform_fdt_scan(fdt, FW_MAX_HARTS, &fdt_facts);
	fdt_take_facts(&fdt_facts);
	return true;
}

static const char *const fdt_severity[] = {"note", "warning", "error"};

/*
 * Should this note be printed by row? Counts it under its kind (same
 * property, same reason text: a 255-row tree of ranges without a
 * standard event would otherwise print 200 identical lines).
 */
static bool fdt_note_printed(struct fw_pmu_dt *out,
			     const struct pmu_map_diag *d)
{
	struct fw_pmu_note_kind *k = out->notes;
	unsigned int i;

	for (i = 0; i < out->n_note_kinds; i++, k++)
		if (k->prop == d->prop && k->reason == d->reason)
			return ++k->count <= FW_PMU_NOTES_SHOWN;
	if (out->n_note_kinds == FW_PMU_NOTE_KINDS)
		return true; /* untracked kind: printed in full */
	k->prop = d->prop;
	k->reason = d->reason;
	k->count = 1;
	out->n_note_kinds++;
	return true;
}

static void fdt_pmu_report(void *ctx, const struct pmu_map_diag *d)
{
	struct fw_pmu_dt *out = ctx;
	const char *sev =
		(unsigned int)d->severity < 3 ? fdt_severity[d->severity] : "?";

	out->n_diag++;
	if (d->severity == PMU_DIAG_NOTE && !fdt_note_printed(out, d))
		return;
	if (d->row < 0)
		fw_printf("pmu: %s: %s: %s\n", pmu_map_prop_name(d->prop), sev,
			  d->reason);
	else
		fw_printf("pmu: %s row %ld: %s: %s\n",
			  pmu_map_prop_name(d->prop), d->row, sev, d->reason);
}

/* One line per note kind for the notes not printed by row. */
static void fdt_pmu_summarise(const struct fw_pmu_dt *out)
{
	const struct fw_pmu_note_kind *k = out->notes;
	unsigned int i;

	for (i = 0; i < out->n_note_kinds; i++, k++)
		if (k->count > FW_PMU_NOTES_SHOWN)
			fw_printf("pmu: %s: note: %u more rows: %s\n",
				  pmu_map_prop_name(k->prop),
				  k->count - FW_PMU_NOTES_SHOWN, k->reason);
}

static void *fdt_heap(void *ctx, size_t size)
{
	(void)ctx;
	return fw_alloc(size);
}

/*
 * The heap cannot hold the rows: say how much they need, how much there
 * is, and the heap size (whole KiB) that would hold them.
 */
static void fdt_pmu_no_room(size_t need, size_t free)
{
	size_t kib = (fw_alloc_capacity() - free + need + 1023) / 1024;

	fw_printf("pmu: riscv,pmu: its rows need %lu bytes, the boot heap has "
		  "%lu of %lu free: event map not read, cycles and "
		  "instructions only\n",
		  (unsigned long)need, (unsigned long)free,
		  (unsigned long)fw_alloc_capacity());
	fw_printf("pmu: riscv,pmu: a heap of %lu KiB or more holds them: "
		  "make firmware FW_HEAP_KIB=%lu (docs/firmware.md)\n",
		  (unsigned long)kib, (unsigned long)kib);
}

/*
 * QEMU's CPUs count the same five events on any machine (target/riscv/
 * pmu.c: cycles, instructions, DTLB read and write misses, ITLB read
 * misses, selected by writing the event index to mhpmevent), but only
 * virt describes them in a riscv,pmu node. On a QEMU CPU whose tree has
 * none (spike, sifive_u) the firmware describes them itself, as virt's
 * node would, over the programmable counters it found: otherwise only
 * the fixed counters count cycles and instructions, and they cannot
 * overflow, so perf record gets no sample (OpenSBI's case there).
 */
static const uint32_t fdt_qemu_events[] = {0x1, 0x2, 0x10019, 0x1001B, 0x10021};
static uint8_t fdt_qemu_blob[512] __attribute__((aligned(8)));

static const void *fdt_qemu_pmu(uint32_t counters)
{
	fdt32_t rows[3 * sizeof(fdt_qemu_events) / sizeof(uint32_t)];
	uint32_t prog = counters & ~7U, i;
	int node, err;

	for (i = 0; i < sizeof(fdt_qemu_events) / sizeof(uint32_t); i++) {
		uint32_t fixed = i == 0 ? 1U : i == 1 ? 4U : 0;

		rows[3 * i] = cpu_to_fdt32(fdt_qemu_events[i]);
		rows[3 * i + 1] = cpu_to_fdt32(fdt_qemu_events[i]);
		rows[3 * i + 2] = cpu_to_fdt32(prog | fixed);
	}
	err = fdt_create_empty_tree(fdt_qemu_blob, sizeof(fdt_qemu_blob));
	node = err ? err : fdt_add_subnode(fdt_qemu_blob, 0, "pmu");
	if (node >= 0)
		err = fdt_setprop_string(fdt_qemu_blob, node, "compatible",
					 "riscv,pmu");
	if (node >= 0 && !err)
		err = fdt_setprop(fdt_qemu_blob, node,
				  "riscv,event-to-mhpmcounters", rows,
				  sizeof(rows));
	return node >= 0 && !err ? fdt_qemu_blob : NULL;
}

void fw_fdt_pmu_map(const void *fdt, struct pmu_core *core,
		    struct fw_pmu_dt *out)
{
	size_t free = fw_alloc_free();

	if (fw_feat.qemu && (fw_feat.pmu.counter_mask & ~7U) &&
	    fdt_node_offset_by_compatible(fdt, -1, "riscv,pmu") < 0) {
		const void *own = fdt_qemu_pmu(fw_feat.pmu.counter_mask);

		out->qemu_map = own != NULL;
		if (own)
			fdt = own;
	}
	pmu_fdt_load(fdt, core, fdt_heap, NULL, fdt_pmu_report, out,
		     &out->load);
	if (out->load.no_room)
		fdt_pmu_no_room(out->load.need, free);
	fdt_pmu_summarise(out);
}

/* Is [dst, dst + size) RAM clear of the old tree and the next stage? */
static bool fdt_room_at(uintptr_t dst, size_t size, const void *fdt,
			uintptr_t next_addr)
{
	uintptr_t old = (uintptr_t)fdt, old_end = old + fdt_totalsize(fdt);

	if (!fw_plat_ram_ok(dst, size))
		return false;
	if (next_addr >= dst && next_addr < dst + size)
		return false;
	return !(old < dst + size && dst < old_end);
}

/*
 * Room for a moved tree: just above the firmware if that is clear of
 * the next stage (it is not when the harts' memory filled the region up
 * to it, 512 harts on RV64), else just below the old tree.
 */
static void *fdt_new_home(const void *fdt, size_t size, uintptr_t next_addr)
{
	uintptr_t above = fw_region_base() + fw_region_size();
	uintptr_t below = ((uintptr_t)fdt - size) & ~(uintptr_t)7;

	if (fdt_room_at(above, size, fdt, next_addr))
		return (void *)above;
	if ((uintptr_t)fdt > size && next_addr < below &&
	    fdt_room_at(below, size, fdt, next_addr))
		return (void *)below;
	return NULL;
}

/* The tree's harts the next stage must not see: unserved, or no S-mode. */
/* The tree's harts the next stage must not see: unserved, or no S-mode. */
static bool fdt_cpu_hidden(void *ctx, uint64_t id)
{
	const struct fw_hart *h = id <= ULONG_MAX ? fw_hart_find(id) : NULL;

	(void)ctx;
	return !h || !h->s_mode;
}

/* How many the fix-up marks disabled: the listed, and the uncounted. */
static unsigned int fdt_cpus_hidden(void)
{
	unsigned int i, n = fdt_facts.harts_over;

	for (i = 0; i < fdt_facts.n_harts; i++)
		n += fdt_cpu_hidden(NULL, fdt_facts.harts[i].id);
	return n;
}

/*
 * Every edit, on an open tree: the reserved-memory node, and each hart
 * the next stage must not start marked disabled (those beyond the
 * scan's list too: the walk asks the hart table, not the list).
 */
static int fdt_edit(void *fdt)
{
	int err = platform_fdt_add_reserved(fdt, fw_region_base(),
					    fw_region_size());
	unsigned int i;

	if (!err)
		err = platform_fdt_disable_cpus(fdt, fdt_cpu_hidden, NULL);
	/* The tree names Sstc, the harts cannot use it (spike: no time). */
	if (!err && fw_feat.dt.sstc && !fw_feat.sstc)
		err = platform_fdt_isa_drop(fdt, "sstc");
	/* Delegation the harts were not set up for (banner_cdeleg()). */
	if (!err && fw_feat.dt.smcdeleg && !fw_feat.cdeleg)
		err = platform_fdt_isa_drop(fdt, "smcdeleg");
	if (!err && fw_feat.dt.ssccfg && !fw_feat.cdeleg)
		err = platform_fdt_isa_drop(fdt, "ssccfg");
	/* Extensions whose M-mode enable did not stick (arch/enables.c). */
	for (i = 0; !err && i < fw_enables.n_dropped; i++)
		err = platform_fdt_isa_drop(fdt, fw_enables.dropped[i]);
	/* AIA: M-mode's APLIC domains and IMSIC files are not S-mode's. */
	if (!err)
		err = dev_fdt_aia_hide_m_level(fdt);
	if (!err && fw_machine->fdt_fixup)
		err = fw_machine->fdt_fixup(fdt);
	/* Linux panics without it; a tree without /cpus has no harts to
	 * tell, and its other edits still count. */
	if (!err && fdt_timebase.problem) {
		err = platform_fdt_set_timebase(fdt, fdt_timebase.hz);
		err = err == -FDT_ERR_NOTFOUND ? 0 : err;
	}
	return err;
}

const struct fw_fdt_timebase *fw_fdt_timebase(void)
{
	return &fdt_timebase;
}

/* Edit in place if the tree has room, else grow a copy elsewhere. */
static void *fdt_fixup_place(void *fdt, uintptr_t next_addr, const char **note)
{
	size_t size;
	void *dst;
	int err;

	err = fdt_open_into(fdt, fdt, (int)fdt_totalsize(fdt));
	if (!err)
		err = fdt_edit(fdt);
	if (!err) {
		*note = "edited in place";
		return fdt;
	}
	if (err != -FDT_ERR_NOSPACE) {
		*note = fdt_strerror(err);
		return fdt;
	}
	/* "status" = "disabled": a property of 12 + 9 bytes, and its name */
	size = fdt_totalsize(fdt) + FDT_GROW +
	       32 * (fdt_cpus_hidden() + dev_fdt_aia_m_level_count(fdt));
	dst = fdt_new_home(fdt, size, next_addr);
	if (!dst) {
		*note = "no room to grow: passed unchanged";
		return fdt;
	}
	err = fdt_open_into(fdt, dst, (int)size);
	if (!err)
		err = fdt_edit(dst);
	if (err)
		*note = fdt_strerror(err);
	else if ((uintptr_t)dst == fw_region_base() + fw_region_size())
		*note = "moved above the firmware to grow";
	else
		*note = "moved below the old tree to grow";
	return err ? fdt : dst;
}

void *fw_fdt_move_to(void *fdt, uintptr_t dst, const char **note)
{
	size_t size = fdt_totalsize(fdt);

	if ((uintptr_t)fdt == dst)
		return fdt;
	if (!fw_plat_ram_ok(dst, size)) {
		*note = "the build's FDT address is no free RAM: passed where "
			"it was";
		return fdt;
	}
	if (fdt_move(fdt, (void *)dst, (int)size)) {
		*note = "could not be moved to the build's FDT address";
		return fdt;
	}
	*note = "moved to the build's FDT address";
	return (void *)dst;
}

void *fw_fdt_fixup(void *fdt, uintptr_t next_addr, const char **note)
{
	void *out;

	fdt_timebase.problem = platform_fdt_timebase_problem(fdt);
	fdt_timebase.hz = fw_dev_timebase();
	fdt_timebase.assumed = fw_dev_timebase_assumed();
	out = fdt_fixup_place(fdt, next_addr, note);
	fdt_timebase.written =
		fdt_timebase.problem && !platform_fdt_timebase_problem(out);
	return out;
}
