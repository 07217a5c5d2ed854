/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The boot banner, in the spirit of OpenSBI's: one line per fact a
 * person debugging a boot wants first — what runs where, what the harts
 * offer, how the PMU came out (counters, event map, state size), what
 * was done to the device tree, and where the next stage starts.
 * Binding diagnostics were printed as they were found, just above.
 */
#include <sbipmu/dev_fdt.h>
#include <sbipmu/platform_fdt.h>
#include <sbipmu/sbi_ext_decode.h>
#include <sbipmu/pmu.h>

#include "arch/discover.h"
#include "arch/enables.h"
#include "arch/pmu_hart.h"
#include "boot/boot.h"
#include "boot/variant.h"
#include "cpu/fw_defs.h"
#include "dev/dev.h"
#include "ext/pmu_trace.h"
#include "ext/sbi_ext.h"
#include "ext/sse_hw.h"
#include "machine/machine.h"
#include "rt/alloc.h"
#include "rt/console.h"
#include "rt/hart.h"
#include "rt/platform.h"

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
	if (fw_pmu_trace_entries())
		fw_printf(
			"PMU call trace  : last %u calls per hart, printed at "
			"shutdown (/chosen/sbipmu,trace)\n",
			(unsigned int)fw_pmu_trace_entries());
}

/* Counter delegation: what the tree names, and what was set up. */
static void banner_cdeleg(void)
{
	const struct platform_fdt_isa *dt = &fw_feat.dt;

	if (fw_feat.cdeleg)
		fw_printf("Counter deleg.  : Smcdeleg, Ssccfg, Sscsrind: "
			  "menvcfg.CDE set%s; S-mode may program every "
			  "counter (siselect 0x40+i), CFG_MATCH skips those "
			  "it did\n",
			  fw_feat.mstateen ? ", mstateen0.CSRIND set" : "");
	else if (dt->smcdeleg || dt->ssccfg)
		fw_printf("Counter deleg.  : off (the tree names %s%s%s, "
			  "but %s): dropped from the tree handed on\n",
			  dt->smcdeleg ? "Smcdeleg" : "",
			  dt->smcdeleg && dt->ssccfg ? ", " : "",
			  dt->ssccfg ? "Ssccfg" : "",
			  !dt->smcdeleg || !dt->ssccfg ? "not both"
			  : !dt->sscsrind	       ? "no Sscsrind"
					  : "menvcfg.CDE does not stick");
}

/* 64-bit CSR value, or "-" where the hart has no such CSR. */
static void banner_enable_reg(const char *name, enum fw_enable_reg reg)
{
	if (fw_enables.present[reg])
		fw_printf(" %s 0x%llx", name,
			  (unsigned long long)fw_enables.value[reg]);
	else
		fw_printf(" %s -", name);
}

/* What M-mode opened to S-mode, and the extensions it had to drop. */
static void banner_enables(void)
{
	unsigned int i;

	fw_printf("M-mode enables  :");
	banner_enable_reg("menvcfg", FW_ENABLE_MENVCFG);
	banner_enable_reg("mstateen0", FW_ENABLE_MSTATEEN0);
	banner_enable_reg("mseccfg", FW_ENABLE_MSECCFG);
	fw_printf("\n");
	if (!fw_enables.n_dropped)
		return;
	fw_printf("ISA note        : dropped from the tree handed on (the "
		  "harts lack them, or their M-mode enable does not "
		  "stick):");
	for (i = 0; i < fw_enables.n_dropped; i++)
		fw_printf(" %s", fw_enables.dropped[i]);
	fw_printf("\n");
}

static void banner_isa(void)
{
	const struct pmu_hw_desc *hw = &fw_feat.pmu;

	fw_printf(
		"ISA extensions  : Sscofpmf %s, Sstc %s, Smcntrpmf %s, H %s\n",
		hw->sscofpmf ? "yes" : "no", fw_feat.sstc ? "yes" : "no",
		hw->smcntrpmf ? "yes" : "no", fw_feat.h ? "yes" : "no");
	fw_printf(
		"CPU             : mvendorid 0x%lx, marchid 0x%lx, mimpid "
		"0x%lx%s\n",
		fw_feat.mvendorid, fw_feat.marchid, fw_feat.mimpid,
		fw_feat.qemu == FW_QEMU_VERSIONED
			? ": QEMU's (version in the ids), its PMU quirks apply"
		: fw_feat.qemu == FW_QEMU_IDS_ZERO
			? ": QEMU's (its tree), one counter per event"
			: "");
	banner_cdeleg();
	banner_enables();
	if (!fw_feat.inhibit)
		fw_printf("ISA note        : no mcountinhibit (privileged spec "
			  "1.10): counters cannot be stopped, they always "
			  "count\n");
	banner_snapshot(hw);
	banner_trace();
	if (fw_feat.dt.sscofpmf != hw->sscofpmf ||
	    fw_feat.dt.sstc != fw_feat.sstc)
		fw_printf("ISA note        : device tree and CSR probes "
			  "disagree; using what both confirm\n");
}

/* Each counter's width, when they are not all alike. */
static void banner_widths(const struct pmu_hw_desc *hw)
{
	unsigned int i;
	const char *sep = "";

	fw_printf("], widths vary:");
	for (i = 0; i < 32; i++)
		if (hw->counter_mask & (1UL << i)) {
			fw_printf("%s %u:%u", sep, i, hw->width[i]);
			sep = ",";
		}
	fw_printf("\n");
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
		banner_widths(hw);
	fw_printf("FW counters     : %u [", __builtin_popcountll(fw));
	banner_set(fw);
	fw_printf("]\n");
}

static void banner_map(const struct fw_boot *b)
{
	const struct fw_pmu_dt *d = &b->pmu_dt;
	const struct pmu_map *map = pmu_core_map(b->pmu);

	if (d->qemu_map) {
		fw_printf(
			"PMU map         : no riscv,pmu node: QEMU's CPU, its "
			"5 events on counters 3-%u (as virt's node has them)\n",
			31 - __builtin_clz(fw_feat.pmu.counter_mask));
	} else if (!d->load.node) {
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

/* Harts of the table that @want selects, as id ranges ("0-3,8"). */
static unsigned int banner_harts(bool (*want)(const struct fw_hart *h))
{
	unsigned int i = 0, j, n = fw_hart_count(), shown = 0;

	while (i < n) {
		if (!want(fw_hart_at(i))) {
			i++;
			continue;
		}
		for (j = i;
		     j + 1 < n && want(fw_hart_at(j + 1)) &&
		     fw_hart_at(j + 1)->hartid == fw_hart_at(j)->hartid + 1;
		     j++)
			;
		fw_printf(shown ? ",%lu" : "%lu", fw_hart_at(i)->hartid);
		if (j > i)
			fw_printf("-%lu", fw_hart_at(j)->hartid);
		shown += j - i + 1;
		i = j + 1;
	}
	if (!shown)
		fw_printf("none");
	return shown;
}

static bool banner_serving(const struct fw_hart *h)
{
	return fw_hart_serves(h);
}

static bool banner_no_s_mode(const struct fw_hart *h)
{
	return fw_hart_present(h) && !h->s_mode;
}

static bool banner_absent(const struct fw_hart *h)
{
	return !fw_hart_present(h);
}

static const char *banner_boot_why(const struct fw_boot *b)
{
	if (b->preferred == -1UL)
		return "lottery";
	return b->preferred == b->hartid
		       ? "fw_dynamic"
		       : "lottery: fw_dynamic's declined or was late";
}

static void banner_harts_line(const struct fw_boot *b)
{
	unsigned int n = 0, i;

	for (i = 0; i < fw_hart_count(); i++)
		n += fw_hart_serves(fw_hart_at(i));
	fw_printf("Harts           : %u [", n);
	banner_harts(banner_serving);
	fw_printf("], boot hart %lu (%s)", b->hartid, banner_boot_why(b));
	if (b->harts_left_out)
		fw_printf(", %u more in the tree not served (at most %u, or "
			  "memory: %lu bytes each), disabled in the tree "
			  "handed on",
			  b->harts_left_out, FW_MAX_HARTS,
			  (unsigned long)b->hart_bytes);
	if (b->boot_not_in_tree)
		fw_printf(", boot hart not in the tree");
	fw_printf("\n");
	for (i = 0; i < fw_hart_count(); i++)
		if (banner_no_s_mode(fw_hart_at(i)))
			break;
	if (i < fw_hart_count()) {
		fw_printf("Harts parked    : [");
		banner_harts(banner_no_s_mode);
		fw_printf("] without S-mode (misa.S): not startable, disabled "
			  "in the tree handed on\n");
	}
	if (fw_hart_present_count() != fw_hart_count()) {
		fw_printf("Harts late      : [");
		banner_harts(banner_absent);
		fw_printf("] not yet checked in (served when they do)\n");
	}
}

/* Which console, and why that one: stdout-path, else serial0, else the
 * first in the tree (binding/dev_fdt_console.c). */
static void banner_console(void)
{
	fw_printf("Console         : %s at 0x%lx (", fw_dev.console->name,
		  (unsigned long)fw_dev.console_base);
	switch (fw_dev.console_from) {
	case DEV_FDT_CONSOLE_FROM_ALIAS:
		fw_printf("/aliases/serial0; stdout-path gave none: %s)\n",
			  fw_dev.console_why);
		break;
	case DEV_FDT_CONSOLE_FROM_SCAN:
		fw_printf("first console node in the tree; stdout-path gave "
			  "none: %s; serial0 gave none: %s)\n",
			  fw_dev.console_why, fw_dev.console_why_alias);
		break;
	default:
		fw_printf("/chosen/stdout-path)\n");
		break;
	}
}

/* The tree's /cpus/timebase-frequency was not usable: what was done. */
static void banner_timebase(void)
{
	const struct fw_fdt_timebase *t = fw_fdt_timebase();

	if (!t->problem)
		return;
	if (t->written)
		fw_printf(
			"Timebase        : /cpus/timebase-frequency %s: %u Hz "
			"(%s) written there in the tree handed on\n",
			t->problem, (unsigned int)t->hz,
			t->assumed ? "assumed" : "as read from the tree");
	else
		fw_printf("Timebase        : /cpus/timebase-frequency %s, and "
			  "not written into the tree handed on (see Device "
			  "tree): Linux will not boot on it\n",
			  t->problem);
}

/* One doorbell kind: "msip (2 harts)", after @ctx's separator. */
static void banner_ipi_kind(void *ctx, const struct fw_ipi_ops *ops,
			    unsigned int harts)
{
	const char **sep = ctx;

	fw_printf("%s%s (%u harts%s%s)", *sep, ops->name, harts,
		  ops->detail ? ": " : "", ops->detail ? ops->detail : "");
	*sep = ", ";
}

/* Which doorbell the harts are rung through (dev.h, "IPI"). */
static void banner_ipi(void)
{
	const char *sep = "";

	fw_printf("IPI             : ");
	fw_dev_ipi_each(banner_ipi_kind, &sep);
	fw_printf("%s\n", *sep ? "" : "none");
	if (fw_dev.harts_without_ipi)
		fw_printf("IPI             : WARNING: %u hart(s) have no "
			  "doorbell: no IPI, remote fence or HSM start "
			  "reaches them\n",
			  fw_dev.harts_without_ipi);
	if (fw_dev.timer_refused)
		fw_printf("Timer, IPI      : WARNING: %u node(s) refused, the "
			  "first by %s: %s\n",
			  fw_dev.timer_refused, fw_dev.timer_refused_by,
			  fw_dev.timer_why);
}

static void banner_devices(void)
{
	if (fw_dev.console)
		banner_console();
	fw_printf("Timer, IPI      : %u timer/IPI device(s), mtime %s, "
		  "timebase %lu Hz%s\n",
		  fw_dev.timer_devs,
		  fw_dev_time_is_mmio() ? "MMIO" : "time CSR",
		  (unsigned long)fw_dev_timebase(),
		  fw_dev_timebase_assumed()
			  ? " (none usable in the tree: assumed)"
			  : "");
	banner_timebase();
	banner_ipi();
	if (fw_dev.aplic_domains)
		fw_printf("Interrupts      : AIA, %u M-level APLIC domain(s) "
			  "(%u MSI), every source delegated to S-mode; M-level "
			  "APLIC/IMSIC nodes disabled in the tree handed on\n",
			  fw_dev.aplic_domains, fw_dev.aplic_msi);
	if (fw_dev.aplic_refused)
		fw_printf("Interrupts      : WARNING: %u M-level APLIC(s) "
			  "refused (%s): their devices reach no S-mode "
			  "handler\n",
			  fw_dev.aplic_refused, fw_dev.aplic_why);
	if (!fw_ext_offered(SBI_EXT_SRST))
		fw_printf("Reset           : none: SRST not offered\n");
	else
		fw_printf("Reset           : %s:%s%s\n", fw_dev.reset_name,
			  fw_dev_reset_can(SBI_SRST_TYPE_SHUTDOWN) ? " shutdown"
								   : "",
			  fw_dev_reset_can(SBI_SRST_TYPE_COLD_REBOOT)
				  ? " reboot"
				  : "");
	if (fw_dev.refused)
		fw_printf("Devices         : %u device node(s) refused (see "
			  "docs/firmware.md, Devices)\n",
			  fw_dev.refused);
}

static void banner_platform(const struct fw_boot *b)
{
	fw_printf("Platform        : %s (machine file: %s%s)\n", fw_plat.model,
		  fw_machine->name,
		  fw_machine->sfence_full_flush
			  ? "; remote sfence.vma flushes all"
			  : "");
	banner_harts_line(b);
	if (fw_feat.harts_differ)
		fw_printf(
			"Harts differ    : %u hart(s) have other counters or "
			"misa than the boot hart; the PMU offers the counters "
			"all have\n",
			fw_feat.harts_differ);
	if (fw_fdt_facts()->isa_differs)
		fw_printf("ISA note        : the harts' riscv,isa differ; the "
			  "PMU uses what every hart has\n");
	banner_devices();
	fw_printf("Firmware image  : %s, running at 0x%lx\n", fw_variant.name,
		  (unsigned long)fw_region_base());
	fw_printf("Firmware region : 0x%lx-0x%lx (%lu KiB), PMP %s, heap "
		  "%lu/%lu (%lu per hart)\n",
		  (unsigned long)fw_region_base(),
		  (unsigned long)(fw_region_base() + fw_region_size() - 1),
		  (unsigned long)(fw_region_size() / 1024),
		  fw_feat.pmp ? "protected"
			      : "absent (no PMP, or too few entries or too "
				"coarse: no region guard)",
		  (unsigned long)fw_alloc_used(),
		  (unsigned long)fw_alloc_capacity(),
		  (unsigned long)b->hart_bytes);
}

/*
 * Legacy v0.1 calls: on, or which switch turned them off; and a
 * /chosen/sbipmu,legacy value that could not be taken.
 */
static void banner_legacy(void)
{
	const struct platform_fdt_facts *f = fw_fdt_facts();
	const char *why = !FW_LEGACY ? "not built (FW_LEGACY=0)"
				     : "/chosen/sbipmu,legacy = \"off\"";

	if (fw_feat.legacy)
		fw_printf("Legacy SBI v0.1 : EIDs 0x00-0x08 (set_timer, "
			  "console, IPI, remote fences, shutdown)\n");
	else
		fw_printf("Legacy SBI v0.1 : off: %s\n", why);
	if (f->legacy_bad)
		fw_printf("Legacy SBI v0.1 : /chosen/sbipmu,legacy not "
			  "auto/on/off: the default used\n");
	if (!FW_LEGACY && f->legacy == PLATFORM_FDT_LEGACY_ON)
		fw_printf("Legacy SBI v0.1 : /chosen/sbipmu,legacy = \"on\" "
			  "ignored: not in this build\n");
}

static void banner_next(const struct fw_boot *b)
{
	fw_printf("Device tree     : %p: %s\n", b->fdt_out, b->fdt_note);
	fw_printf("SBI             : v%lu.%lu, impl id 0x%lx (sbipmu), "
		  "impl version %u.%u\n",
		  FW_SBI_SPEC_MAJOR, FW_SBI_SPEC_MINOR, FW_SBI_IMPL_ID,
		  FW_VERSION_MAJOR, FW_VERSION_MINOR);
	/* as probe_extension answers (sbi_offered.c) */
	fw_printf("SBI extensions  : BASE TIME IPI RFNC HSM%s%s%s%s%s\n",
		  fw_ext_offered(SBI_EXT_SRST) ? " SRST" : "",
		  fw_ext_offered(SBI_EXT_DBCN) ? " DBCN" : "",
		  b->pmu ? " PMU" : "", b->sse_error ? "" : " SSE",
		  fw_feat.legacy ? " LEGACY" : "");
	banner_legacy();
	if (b->sse_error)
		fw_printf("SSE             : DISABLED, core init error %d\n",
			  b->sse_error);
	else
		fw_printf("SSE events      : local PMU overflow %s, local and "
			  "global software\n",
			  fw_sse_pmu_event() ? "yes" : "no (no Sscofpmf)");
	fw_printf("Next stage      : 0x%lx, S-mode%s\n", b->next_addr,
		  b->next_mode_asked != 1
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
