/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Feature discovery on the boot hart (see discover.h). A CSR that may be
 * missing is accessed with traps caught. An extension counts as present
 * only when the device tree names it and its CSR answers, so Linux (which
 * trusts the device tree) and the firmware agree. Counters: all-ones are
 * written to each with counting inhibited; a counter that traps or reads
 * back zero is absent, otherwise the read-back gives its width.
 */
#include "arch/discover.h"
#include "arch/enables.h"
#include "arch/pmu_hart.h"
#include "cpu/csr.h"
#include "cpu/fw_defs.h"
#include "cpu/unpriv.h"
#include "rt/hart.h"
#include "rt/platform.h"

#include <string.h>

struct fw_features fw_feat;

void fw_discover_take_tree(const struct platform_fdt_facts *f)
{
	static const enum fw_snapshot_policy policy[] = {
		[PLATFORM_FDT_SNAPSHOT_AUTO] = FW_SNAPSHOT_AUTO,
		[PLATFORM_FDT_SNAPSHOT_ON] = FW_SNAPSHOT_ON,
		[PLATFORM_FDT_SNAPSHOT_OFF] = FW_SNAPSHOT_OFF,
	};

	fw_feat.dt = f->isa;
	fw_feat.snapshot = policy[f->snapshot];
	fw_feat.trace_entries = f->trace_entries;
	fw_feat.quirks = f->quirks;
	/* the build's default unless /chosen says otherwise; a build
	 * without the legacy calls (FW_LEGACY=0) cannot turn them on */
	fw_feat.legacy = FW_LEGACY && f->legacy != PLATFORM_FDT_LEGACY_OFF;
}

/*
 * Firmware counters: as many as OpenSBI offers (16), but no more than
 * fit beside the hardware counters in one XLEN-bit mask, the widest
 * counter mask Linux passes in a single call (docs/firmware.md).
 */
#define DISCOVER_FW_COUNTERS 16

/*
 * Counter delegation needs both halves named by the tree (Smcdeleg for
 * M-mode, Ssccfg for S-mode's scountinhibit and event bits) and S-mode's
 * indirect CSR access (Sscsrind), and menvcfg.CDE must stick; it then
 * joins the value every hart writes (enables.c).
 */
static bool discover_cdeleg(void)
{
	const struct platform_fdt_isa *dt = &fw_feat.dt;

	if (!dt->smcdeleg || !dt->ssccfg || !dt->sscsrind)
		return false;
	return fw_enables_add(FW_ENABLE_MENVCFG, MENVCFG_CDE);
}

/*
 * The PMP guard of the firmware region needs entries 0-2 (hart_setup.c)
 * and a grain no coarser than the region: entry 1, off, is written
 * all-ones and read back; its low zero bits give the grain G (priv spec
 * 3.7.1: with A=OFF, bits G-1:0 read as zero), so the grain is 2^(G+2)
 * bytes. A hart without PMP traps here, caught.
 */
static bool discover_csr_pmp(void)
{
	unsigned long old, probe;

	if (!FW_CSR_READABLE(CSR_PMPCFG0) || !FW_CSR_READABLE(CSR_PMPADDR0) ||
	    !FW_CSR_READABLE(CSR_PMPADDR2))
		return false;
	old = fw_catch_begin();
	csr_write(CSR_PMPADDR1, ~0UL);
	probe = csr_read(CSR_PMPADDR1);
	csr_write(CSR_PMPADDR1, 0);
	if (fw_catch_end(old) != 0 || !probe)
		return false;
	return fw_region_size() >= (4UL << __builtin_ctzl(probe));
}

uint32_t fw_discover_hart_counters(void)
{
	uint32_t mask = 0;
	unsigned int idx;
	uint8_t width;

	for (idx = 0; idx < 32; idx++)
		if (idx != 1 && fw_pmu_hal_probe_counter(idx, &width))
			mask |= 1U << idx;
	return mask;
}

/*
 * Harts need not be alike (a tree may join different cores): the PMU
 * offers on every hart only the counters every hart that checked in
 * has, so that no call touches a counter some hart lacks (an M-mode
 * fault there). The banner names the harts that differ.
 */
static void discover_harts_agree(struct pmu_hw_desc *hw)
{
	unsigned int i;

	for (i = 0; i < fw_hart_count(); i++) {
		const struct fw_hart *h = fw_hart_at(i);

		if (!fw_hart_serves(h))
			continue;
		if (h->counters != hw->counter_mask || h->misa != fw_feat.misa)
			fw_feat.harts_differ++;
		hw->counter_mask &= h->counters;
	}
}

static void discover_counters(struct pmu_hw_desc *hw)
{
	unsigned int idx, top = 0;

	hw->counter_mask = 0;
	for (idx = 0; idx < 32; idx++) {
		if (idx == 1) /* time is never a PMU counter */
			continue;
		if (fw_pmu_hal_probe_counter(idx, &hw->width[idx])) {
			hw->counter_mask |= 1UL << idx;
			top = idx + 1;
		}
	}
	discover_harts_agree(hw);
	hw->num_fw_counters = DISCOVER_FW_COUNTERS;
	if (top + hw->num_fw_counters > __riscv_xlen)
		hw->num_fw_counters = __riscv_xlen - top;
}

/*
 * Which QEMU, if any, made this hart (docs/firmware.md, "QEMU
 * generations"). QEMU up to 8.x puts its version, (major << 16) |
 * (minor << 8) | micro, in both marchid and mimpid of its generic CPUs
 * on every machine (virt, spike, sifive_u: 0x70216 on Debian 12's
 * 7.2.22); no real CPU we know reports that shape in both. QEMU 10's
 * generic CPUs report 0 in all three ids, which real cores may do too,
 * and its vendor models carry their vendor's ids, so it is recognised by
 * its own tree's root model ("riscv-virtio,qemu", "ucbbar,spike-bare,qemu"),
 * whatever the ids. The tree can say
 * otherwise: /chosen/sbipmu,pmu-quirks = "qemu" (the old generation,
 * every quirk) | "none".
 */
static enum fw_qemu discover_qemu(void)
{
	unsigned long v = fw_feat.marchid;
	const char *model = fw_plat.model;
	size_t len = strlen(model);

	if (fw_feat.quirks == PLATFORM_FDT_QUIRKS_QEMU)
		return FW_QEMU_VERSIONED;
	if (fw_feat.quirks == PLATFORM_FDT_QUIRKS_NONE)
		return FW_QEMU_NONE;
	if (v == fw_feat.mimpid && (v >> 16) >= 4 && (v >> 16) <= 99 &&
	    ((v >> 8) & 0xFF) < 32)
		return FW_QEMU_VERSIONED;
	/* QEMU's vendor models (veyron-v1, tt-ascalon, thead-c906, ...)
	 * carry their vendor's ids, but QEMU's tree says who made them. */
	if (len >= 5 && !strcmp(model + len - 5, ",qemu"))
		return FW_QEMU_IDS_ZERO;
	return FW_QEMU_NONE;
}

void fw_discover(void)
{
	struct pmu_hw_desc *hw = &fw_feat.pmu;

	fw_feat.misa = csr_read(CSR_MISA);
	fw_feat.mvendorid = csr_read(CSR_MVENDORID);
	fw_feat.marchid = csr_read(CSR_MARCHID);
	fw_feat.mimpid = csr_read(CSR_MIMPID);
	fw_feat.h = (fw_feat.misa & MISA_EXT('H')) != 0;
	fw_enables_discover(&fw_feat.dt);
	fw_feat.menvcfg = fw_enables.present[FW_ENABLE_MENVCFG];
	fw_feat.mstateen = fw_enables.present[FW_ENABLE_MSTATEEN0];
	fw_feat.cdeleg = discover_cdeleg();
	/* enables.c probed stimecmp: Sstc stays named only if it answers */
	fw_feat.sstc = fw_feat.dt.sstc && !fw_enables_dropped("sstc");
	fw_feat.pmp = discover_csr_pmp();
	/* Inhibit first: a counting counter would corrupt the read-back. */
	fw_feat.inhibit = fw_pmu_hal_probe_inhibit();

	hw->xlen = __riscv_xlen;
	hw->sscofpmf = fw_feat.dt.sscofpmf && fw_pmu_hal_probe_scountovf();
	hw->smcntrpmf = fw_pmu_hal_probe_cyclecfg();
	hw->h_ext = fw_feat.h;
	hw->no_snapshot =
		fw_feat.snapshot == FW_SNAPSHOT_OFF ||
		(fw_feat.snapshot == FW_SNAPSHOT_AUTO && hw->sscofpmf);
	fw_feat.qemu = discover_qemu();
	/* Every QEMU counts a selector on one programmable counter only. */
	hw->one_counter_per_event = fw_feat.qemu != FW_QEMU_NONE;
	hw->counter_delegation = fw_feat.cdeleg;
	fw_pmu_hal_init(hw, fw_feat.qemu == FW_QEMU_VERSIONED, fw_feat.inhibit);
	discover_counters(hw);
}
