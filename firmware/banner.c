/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The boot banner, in the spirit of OpenSBI's: one line per fact a
 * person debugging a boot wants first — what runs where, what the harts
 * offer, how the PMU came out (counters, event map, state size), what
 * was done to the device tree, and where the next stage starts.
 * Binding diagnostics were printed as they were found, just above.
 */
#include <sbipmu/pmu.h>

#include "alloc.h"
#include "boot.h"
#include "console.h"
#include "discover.h"
#include "fw_defs.h"
#include "hart.h"
#include "platform.h"
#include "pmu_hal.h"
#include "sbi_ext.h"
#include "sse_hw.h"

/* Print set @mask as "0,2-5" ("none" if empty). */
static void banner_set(unsigned long long mask)
{
	unsigned int i = 0, j;
	bool first = true;

	if (!mask) {
		fw_printf("none");
		return;
	}
	while (i < 64) {
		if (!(mask & (1ULL << i))) {
			i++;
			continue;
		}
		for (j = i; j + 1 < 64 && (mask & (1ULL << (j + 1))); j++)
			;
		fw_printf(first ? "%u" : ",%u", i);
		if (j > i)
			fw_printf("-%u", j);
		first = false;
		i = j + 1;
	}
}

/* Whether snapshot is offered, and which rule decided it. */
static void banner_snapshot(const struct pmu_hw_desc *hw)
{
	const char *state = hw->no_snapshot ? "withheld" : "offered";

	if (fw_feat.snapshot == FW_SNAPSHOT_AUTO && hw->sscofpmf)
		fw_printf("PMU snapshot    : %s (auto: with Sscofpmf, Linux "
			  "6.12's overflow restart fails with it; "
			  "/chosen/sbipmu,snapshot = \"on\" offers it)\n",
			  state);
	else if (fw_feat.snapshot == FW_SNAPSHOT_AUTO)
		fw_printf("PMU snapshot    : %s (auto: no Sscofpmf)\n", state);
	else
		fw_printf("PMU snapshot    : %s (/chosen/sbipmu,snapshot)\n",
			  state);
}

static void banner_trace(void)
{
	if (fw_feat.trace_entries)
		fw_printf(
			"PMU call trace  : last %u calls per hart, printed at "
			"shutdown (/chosen/sbipmu,trace)\n",
			(unsigned int)fw_feat.trace_entries);
}

static void banner_isa(void)
{
	const struct pmu_hw_desc *hw = &fw_feat.pmu;

	fw_printf(
		"ISA extensions  : Sscofpmf %s, Sstc %s, Smcntrpmf %s, H %s\n",
		hw->sscofpmf ? "yes" : "no", fw_feat.sstc ? "yes" : "no",
		hw->smcntrpmf ? "yes" : "no", fw_feat.h ? "yes" : "no");
	banner_snapshot(hw);
	banner_trace();
	if (fw_feat.dt.sscofpmf != hw->sscofpmf ||
	    fw_feat.dt.sstc != fw_feat.sstc)
		fw_printf("ISA note        : device tree and CSR probes "
			  "disagree; using what both confirm\n");
}

static void banner_counters(const struct pmu_core *core)
{
	const struct pmu_hw_desc *hw = &fw_feat.pmu;
	unsigned long long fw = pmu_core_valid_counters(core) &
				~(unsigned long long)hw->counter_mask;
	unsigned int i, w = 0;
	bool same = true;

	for (i = 0; i < 32; i++) {
		if (!(hw->counter_mask & (1UL << i)))
			continue;
		same = same && (!w || w == hw->width[i]);
		w = hw->width[i];
	}
	fw_printf("HW counters     : %u [",
		  __builtin_popcount(hw->counter_mask));
	banner_set(hw->counter_mask);
	if (same && w)
		fw_printf("], %u bits each\n", w);
	else
		fw_printf("], widths vary\n");
	fw_printf("FW counters     : %u [", __builtin_popcountll(fw));
	banner_set(fw);
	fw_printf("]\n");
}

static void banner_map(const struct fw_boot *b)
{
	const struct fw_pmu_dt *d = &b->pmu_dt;
	const struct pmu_map *map = pmu_core_map(b->pmu);

	if (!d->load.node) {
		fw_printf("PMU map         : no riscv,pmu node; cycles and "
			  "instructions only\n");
	} else if (d->load.no_room) {
		fw_printf("PMU map         : riscv,pmu rows (%lu bytes) do not "
			  "fit the boot heap; cycles and instructions only\n",
			  (unsigned long)d->load.need);
	} else if (d->load.error) {
		fw_printf(
			"PMU map         : riscv,pmu unreadable (libfdt %d)\n",
			d->load.error);
	} else {
		fw_printf("PMU map rows    : event-to-mhpmevent %lu%s, "
			  "event-to-mhpmcounters %lu%s, "
			  "raw-event-to-mhpmcounters %lu%s\n",
			  (unsigned long)d->load.in.n_sel,
			  d->load.in.present[PMU_PROP_EVENT_TO_MHPMEVENT]
				  ? ""
				  : " (absent)",
			  (unsigned long)d->load.in.n_ctr,
			  d->load.in.present[PMU_PROP_EVENT_TO_MHPMCOUNTERS]
				  ? ""
				  : " (absent)",
			  (unsigned long)d->load.in.n_raw,
			  d->load.in.present[PMU_PROP_RAW_EVENT_TO_MHPMCOUNTERS]
				  ? ""
				  : " (absent)");
	}
	fw_printf(
		"PMU events      : general %u/10, cache %u/42, raw rows %lu, "
		"%u diagnostic(s)\n",
		pmu_event_count_supported(b->pmu, SBI_PMU_EVENT_TYPE_HW),
		pmu_event_count_supported(b->pmu, SBI_PMU_EVENT_TYPE_HW_CACHE),
		(unsigned long)map->n_raw, d->n_diag);
}

static void banner_pmu(const struct fw_boot *b)
{
	if (!b->pmu) {
		fw_printf("PMU             : DISABLED, core init error %d\n",
			  b->pmu_init_error);
		return;
	}
	banner_counters(b->pmu);
	banner_map(b);
	/* The CSR HAL keeps nothing per hart: this is all of it. */
	fw_printf("PMU state       : %lu bytes per hart\n",
		  (unsigned long)b->pmu_hart_bytes);
}

static void banner_platform(const struct fw_boot *b)
{
	unsigned long present = fw_hart_present_mask();

	fw_printf("Platform        : %s\n", fw_plat.model);
	fw_printf("Harts           : %u [", __builtin_popcountl(present));
	banner_set(present);
	fw_printf("], boot hart %u (%s)", b->hartid,
		  b->dynamic && b->info.version >= 2 &&
				  b->info.boot_hart < FW_MAX_HARTS
			  ? "fw_dynamic"
			  : "lottery");
	if (fw_plat.dt_harts_over)
		fw_printf(", %u with ids >= %u ignored", fw_plat.dt_harts_over,
			  FW_MAX_HARTS);
	if (fw_plat.dt_harts & ~present) {
		fw_printf(", not yet checked in: ");
		banner_set(fw_plat.dt_harts & ~present);
		fw_printf(" (served when they do)");
	}
	fw_printf("\nDevices         : uart 0x%lx, clint 0x%lx, test 0x%lx\n",
		  (unsigned long)fw_plat.uart, (unsigned long)fw_plat.clint,
		  (unsigned long)fw_plat.test);
	fw_printf("Firmware region : 0x%lx-0x%lx (%lu KiB), PMP %s, heap "
		  "%lu/%lu\n",
		  (unsigned long)fw_region_base(),
		  (unsigned long)(fw_region_base() + fw_region_size() - 1),
		  (unsigned long)(fw_region_size() / 1024),
		  fw_feat.pmp ? "protected" : "absent",
		  (unsigned long)fw_alloc_used(),
		  (unsigned long)fw_alloc_capacity());
}

static void banner_next(const struct fw_boot *b)
{
	fw_printf("Device tree     : %p: %s\n", b->fdt_out, b->fdt_note);
	fw_printf("SBI             : v%lu.%lu, impl id 0x%lx (sbipmu), "
		  "impl version %u.%u\n",
		  FW_SBI_SPEC_MAJOR, FW_SBI_SPEC_MINOR, FW_SBI_IMPL_ID,
		  FW_VERSION_MAJOR, FW_VERSION_MINOR);
	fw_printf("SBI extensions  : BASE TIME IPI RFNC HSM SRST DBCN%s%s\n",
		  b->pmu ? " PMU" : "", b->sse_error ? "" : " SSE");
	if (b->sse_error)
		fw_printf("SSE             : DISABLED, core init error %d\n",
			  b->sse_error);
	else
		fw_printf("SSE events      : local PMU overflow %s, local and "
			  "global software\n",
			  fw_sse_pmu_event() ? "yes" : "no (no Sscofpmf)");
	fw_printf("Next stage      : 0x%lx, S-mode%s\n", b->next_addr,
		  b->dynamic && b->info.next_mode != 1
			  ? " (fw_dynamic asked for another mode)"
			  : "");
}

void fw_banner_header(void)
{
	fw_printf("\n%s %u.%u: SBI firmware with a portable PMU core, RV%u\n",
		  FW_NAME, FW_VERSION_MAJOR, FW_VERSION_MINOR, __riscv_xlen);
}

void fw_banner(const struct fw_boot *b)
{
	banner_platform(b);
	banner_isa();
	banner_pmu(b);
	banner_next(b);
	fw_printf("\n");
}
