/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Everything the firmware takes from, and gives back to, the device
 * tree: hart ids and ISA strings (/cpus), RAM (/memory), device
 * addresses, the riscv,pmu event map, and the /reserved-memory node that
 * keeps Linux off the firmware.
 */
#ifndef FW_FDT_SETUP_H
#define FW_FDT_SETUP_H

#include <stdbool.h>
#include <stdint.h>

#include <sbipmu/pmu.h>

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
	bool node;	 /* a riscv,pmu node exists */
	int parse_error; /* libfdt error, 0 if none */
	struct pmu_map_input in;
	unsigned int n_diag; /* diagnostics reported, printed or counted */
	struct fw_pmu_note_kind notes[FW_PMU_NOTE_KINDS];
	unsigned int n_note_kinds;
};

/*
 * Fill fw_plat (model, RAM, devices, hart ids) and fw_feat.dt (ISA
 * extensions common to all harts) from @fdt. Returns false, leaving the
 * defaults, if @fdt is not a valid device tree.
 */
bool fw_fdt_scan(const void *fdt);

/*
 * Read riscv,pmu into @core's event map, printing its diagnostics (notes
 * summarised, see FW_PMU_NOTES_SHOWN).
 */
void fw_fdt_pmu_map(const void *fdt, struct pmu_core *core,
		    struct fw_pmu_dt *out);

/*
 * Add /reserved-memory/mmode_resv@<base> (no-map) over the firmware
 * region. Edits in place when the blob has room, else moves it just
 * above the firmware region (below @next_addr). Returns the tree to pass
 * to the next stage and sets *@note to a description of what was done.
 */
void *fw_fdt_fixup(void *fdt, uintptr_t next_addr, const char **note);

#endif
