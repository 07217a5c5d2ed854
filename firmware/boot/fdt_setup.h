/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Everything the firmware takes from, and gives back to, the device
 * tree: hart ids and ISA strings (/cpus), RAM (/memory), device
 * addresses, the riscv,pmu event map, and the /reserved-memory node that
 * keeps Linux off the firmware.
 */
#ifndef FW_FDT_SETUP_H
#define FW_FDT_SETUP_H

struct platform_fdt_facts;

#include <stdbool.h>
#include <stdint.h>

#include <sbipmu/pmu.h>
#include <sbipmu/pmu_fdt.h>

/*
 * Binding notes are summarised: of the notes with the same property and
 * reason, the first FW_PMU_NOTES_SHOWN are printed by row, the rest
 * counted in one line. Warnings and errors are always printed by row
 * (each one changed or dropped a row). Kinds beyond FW_PMU_NOTE_KINDS
 * are printed in full.
 */
#define FW_PMU_NOTES_SHOWN 8
#define FW_PMU_NOTE_KINDS  8

struct fw_pmu_note_kind {
	enum pmu_map_prop prop;
	const char *reason;
	unsigned int count; /* notes of this kind reported */
};

/* What the riscv,pmu node held, for the banner. */
struct fw_pmu_dt {
	/* no riscv,pmu node: QEMU's own events, described by us */
	bool qemu_map;
	struct pmu_fdt_load load;
	unsigned int n_diag; /* diagnostics reported, printed or counted */
	struct fw_pmu_note_kind notes[FW_PMU_NOTE_KINDS];
	unsigned int n_note_kinds;
};

/*
 * Judge the tree at @fdt (a1 at boot) whole: how much of it is readable
 * against its header's totalsize, then platform_fdt_check(). A usable
 * tree fills fw_plat (model, RAM, devices, hart ids) and fw_feat (ISA
 * extensions common to all harts, /chosen options) and gives true.
 * Otherwise prints the error lines (libfdt error, address, totalsize
 * against the bytes readable, the header's fields), leaves everything
 * as it was and gives false: what to do then is the boot flow's choice.
 */
bool fw_fdt_take(const void *fdt);

/*
 * Print why fw_fdt_take() refused the tree (once a console is known:
 * none is, without a tree, but the fallback's).
 */
void fw_fdt_report_refused(void);

/* The facts fw_fdt_take() read (the harts the tree lists among them). */
const struct platform_fdt_facts *fw_fdt_facts(void);

/*
 * Read riscv,pmu into @core's event map (pmu_fdt_load()), printing its
 * diagnostics (notes summarised, see FW_PMU_NOTES_SHOWN), and the
 * figures when the boot heap cannot hold the rows.
 */
void fw_fdt_pmu_map(const void *fdt, struct pmu_core *core,
		    struct fw_pmu_dt *out);

/*
 * /cpus/timebase-frequency in the tree handed on. @problem: what was
 * wrong with it in the tree received (platform_fdt_timebase_problem(),
 * NULL: nothing, left as it was); @hz the value the fix-up wrote there,
 * the firmware's own timebase, @assumed if the tree gave none
 * (FW_DEV_TIMEBASE_ASSUMED); @written once the tree handed on has it.
 */
struct fw_fdt_timebase {
	const char *problem;
	uint32_t hz;
	bool assumed;
	bool written;
};

const struct fw_fdt_timebase *fw_fdt_timebase(void);

/*
 * Edit the tree for the next stage: /reserved-memory/mmode_resv@<base>
 * (no-map) over the firmware region, harts not served disabled, ISA
 * extensions the harts do not offer dropped, and /cpus/timebase-frequency
 * written when the tree's is not usable (fw_fdt_timebase()). Edits in place
 * when the blob has room, else moves it just above the firmware region (below
 * @next_addr). Returns the tree to pass to the next stage and sets *@note to a
 * description of what was done.
 */
void *fw_fdt_fixup(void *fdt, uintptr_t next_addr, const char **note);

/*
 * fw_jump's FW_JUMP_FDT_ADDR, fw_payload's FW_PAYLOAD_FDT_ADDR: move the
 * edited tree to @dst if that is RAM outside the firmware, and return
 * where it is now; *@note says what was done.
 */
void *fw_fdt_move_to(void *fdt, uintptr_t dst, const char **note);

#endif
