/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the harts offer, found once by the boot hart: ISA extensions
 * named in the device tree (riscv,isa of every enabled hart, AND-ed),
 * confirmed by probing the CSRs they bring, the implemented counters
 * and their widths, and the machine IDs. All harts are assumed alike,
 * as on QEMU virt.
 */
#ifndef FW_DISCOVER_H
#define FW_DISCOVER_H

#include <stdbool.h>

#include <sbipmu/platform_fdt.h>
#include <sbipmu/pmu_hal.h>

/*
 * Whether the PMU snapshot area (SNAPSHOT_SET_SHMEM) is offered.
 * AUTO withholds it on harts with Sscofpmf: Linux 6.12 up to mainline
 * of mid-2026 restarts counters after an overflow with a counter base of
 * 64 * 64 when snapshot is on (pmu_sbi_start_ovf_ctrs_snapshot, fixed
 * by guest/patches/0001-*), which a spec-correct firmware rejects, so
 * perf record got 3 samples where 96 were due (OpenSBI: 97). Without Sscofpmf
 * there is no overflow and Linux's snapshot paths are correct, so AUTO offers
 * it.
 */
enum fw_snapshot_policy {
	FW_SNAPSHOT_AUTO,
	FW_SNAPSHOT_ON,
	FW_SNAPSHOT_OFF,
};

/* Which QEMU made the hart (discover.c), or none. */
enum fw_qemu {
	FW_QEMU_NONE,
	/* ids hold QEMU's version (up to 8.x): the 7.2 quirks apply */
	FW_QEMU_VERSIONED,
	/* ids 0 and QEMU's tree (QEMU 10): only what every QEMU needs */
	FW_QEMU_IDS_ZERO,
};

struct fw_features {
	unsigned long misa;
	unsigned long mvendorid, marchid, mimpid;
	/* QEMU's CPU, and which generation (its quirks: pmu_hal_csr.c) */
	enum fw_qemu qemu;
	enum platform_fdt_quirks quirks; /* /chosen's word on it */
	/* Extensions as the device tree names them (true only if on all) */
	struct platform_fdt_isa dt;
	bool h;	      /* misa.H */
	bool sstc;    /* DT says so and stimecmp exists */
	bool menvcfg; /* priv 1.12 menvcfg exists */
	/* Smcdeleg + Ssccfg + Sscsrind, and menvcfg.CDE sticks: S-mode may
	 * program the counters itself (docs/firmware.md, counter delegation) */
	bool cdeleg;
	bool mstateen;		   /* Smstateen's mstateen0 exists */
	bool pmp;		   /* pmpaddr0 exists */
	bool inhibit;		   /* mcountinhibit exists */
	unsigned int harts_differ; /* harts whose counters or misa differ */
	/* /chosen/sbipmu,snapshot: "auto" (default), "on" or "off" */
	enum fw_snapshot_policy snapshot;
	/* Legacy v0.1 calls: not /chosen/sbipmu,legacy = "off" (sbi_legacy.c)
	 */
	bool legacy;
	/* /chosen/sbipmu,trace: PMU calls to keep per hart (0: no trace;
	 * fw_pmu_trace_entries() tells how many fit) */
	uint32_t trace_entries;
	struct pmu_hw_desc pmu; /* counters, Sscofpmf, Smcntrpmf */
};

extern struct fw_features fw_feat;

/*
 * Boot hart, once the tree is judged: what it says of the harts'
 * extensions (fw_feat.dt) and /chosen's options (snapshot, quirks,
 * legacy calls, trace). This file is fw_feat's one writer.
 */
void fw_discover_take_tree(const struct platform_fdt_facts *f);

/*
 * Probe the calling hart (the boot hart, once the others checked in);
 * fw_feat.dt must be filled first. The counters offered are those every
 * hart that checked in has.
 */
void fw_discover(void);

/* The counters the calling hart has (each hart, at check-in). */
uint32_t fw_discover_hart_counters(void);

#endif
