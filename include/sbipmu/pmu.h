/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The portable SBI PMU core: the state machine behind the nine functions
 * of the SBI PMU extension, with typed arguments. It never reads argument
 * registers (sbi/sbi_pmu_ecall.c does) and never touches a CSR (the HAL
 * in pmu_hal.h does). Every function validates all of its input before it
 * changes anything ("decode, then act") and returns an SBI error code;
 * results go through out-parameters.
 *
 * Logical counter numbers: hardware counters keep their CSR index
 * (0 cycle, 2 instret, 3..31 mhpmcounterN; 1 = time is never a counter,
 * unimplemented ones are holes); firmware counters follow the highest
 * implemented hardware counter. NUM_COUNTERS reports the size of that
 * index space, holes included, so that a client probing 0..N-1 with
 * COUNTER_GET_INFO reaches every counter (holes answer INVALID_PARAM).
 */
#ifndef SBIPMU_PMU_H
#define SBIPMU_PMU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "pmu_hal.h"
#include "pmu_map.h"
#include "pmu_spec.h"
#include "sbi_spec.h"

/* Table "SBI PMU Snapshot shared memory layout" (4 KiB; rest reserved). */
struct pmu_snapshot_shmem {
	uint64_t overflow;
	uint64_t values[SBI_PMU_SNAPSHOT_VALUES_COUNT];
};
_Static_assert(offsetof(struct pmu_snapshot_shmem, overflow) ==
		       SBI_PMU_SNAPSHOT_OVF_OFFSET,
	       "snapshot: overflow bitmap where the spec puts it");
_Static_assert(offsetof(struct pmu_snapshot_shmem, values) ==
		       SBI_PMU_SNAPSHOT_VALUES_OFFSET,
	       "snapshot: counter values where the spec puts them");
_Static_assert(sizeof(struct pmu_snapshot_shmem) <= SBI_PMU_SNAPSHOT_SIZE,
	       "snapshot: the layout fits the area");

/*
 * Global state, shared read-only by all harts after init. Fields are
 * private to the core; firmware and tools use the accessors below. Much
 * of it is precomputed at init so that the hot paths only look up.
 */
struct pmu_core {
	const struct pmu_hal_ops *hal;
	const struct pmu_platform_ops *plat;
	void *plat_ctx;
	struct pmu_hw_desc hw;
	uint64_t valid;	      /* every counter: hw_valid | fw_valid */
	uint64_t hw_valid;    /* logical bitmap of hardware counters */
	uint64_t fw_valid;    /* logical bitmap of firmware counters */
	uint64_t fixed_valid; /* cycle and instret, if implemented */
	/* CFG_MATCH's first choice among the free counters (pmu_match.c) */
	uint64_t prefer;
	/* Inhibit bits mhpmevent / mcyclecfg take; 0 without the extension */
	uint64_t hpm_filter;
	uint64_t fixed_filter;
	/* Counters that honour the mode filter hints (either mask above) */
	uint64_t filterable;
	/* CFG_MATCH flags that ask for a filter this hardware has (no MINH) */
	uint64_t filter_flags;
	uint64_t hpm_valid;    /* hw_valid without cycle and instret */
	uint64_t xlen_mask;    /* all-ones of XLEN bits */
	unsigned int first_fw; /* logical index of firmware counter 0 */
	unsigned int n_logical;
	unsigned int n_sel;	  /* counters with a saved event selector */
	uint16_t sel_offset;	  /* per-hart state: the saved selectors */
	uint16_t fw_event_offset; /* per-hart state: the firmware events */
	uint16_t fw_flags_offset; /* per-hart state: their CFG_MATCH flags */
	bool sel_wide;		  /* saved selectors are 64-bit (else 32) */
	/* CSR index -> saved selector slot, PMU_SEL_NONE: it has none */
	uint8_t sel_slot[PMU_CTR_HW_MAX];
	/* COUNTER_GET_INFO's answer per logical counter, 0: not a counter */
	uint64_t ctr_info[PMU_CTR_HW_MAX + PMU_MAX_FW_COUNTERS];
	/* Last: the fields above stay within a load's immediate offset. */
	struct pmu_map map;
};

#define PMU_SEL_NONE 0xFFu

/*
 * Per-hart state: 48 bytes here, then, in the caller's buffer right
 * behind it (pmu_hart_state_size()), sized from what the hart has:
 *   uint64_t fw_value[num_fw]  firmware counter values
 *   saved[n_sel]               the mhpmevent value (selector and inhibit
 *                              bits, no OF) of each hpm counter, and of
 *                              cycle/instret with Smcntrpmf: 32 bits
 *                              each, packed, when every selector the
 *                              platform can ask for fits (sel_wide
 *                              false), else 64 (pmu_hw.c)
 *   uint8_t fw_event[num_fw]   event slot, PMU_FW_SLOT_PLATFORM | the
 *                              platform's number, or PMU_FW_SLOT_NONE
 *   uint8_t fw_flags[num_fw]   the config_flags of the CFG_MATCH that
 *                              configured the counter (bits above 7 are
 *                              refused): its mode filter, SET_VUINH..
 *                              SET_SINH, is what counting reads (pmu_fw.c)
 * QEMU virt: 48 + 16 x 8 + 16 x 4 + 16 + 16 = 272 bytes. Reach them with
 * the accessors below.
 */
struct pmu_hart {
	const struct pmu_core *core;
	void *hal_ctx;
	/*
	 * Counters claimed by CFG_MATCH and not yet released by STOP(RESET).
	 * A fixed counter (cycle, instret) has its event whether claimed or
	 * not; any other counter has one only while claimed.
	 */
	uint64_t mapped;
	/* Counters counting: claimed ones, and fixed ones even unclaimed. */
	uint64_t started;
	/* Snapshot area, validated by the platform at SNAPSHOT_SET_SHMEM. */
	volatile struct pmu_snapshot_shmem *shmem;
	/*
	 * Bit s: some started firmware counter counts event slot s (bit 31:
	 * a platform event). Lets pmu_fw_event() reject an uncounted event
	 * without looking at any counter.
	 */
	uint32_t fw_slots;
	/*
	 * Hardware counters configured and not started since: the OF bit
	 * CFG_MATCH set (so that an idle counter never interrupts) is ours,
	 * and START clears it whatever LCOFIP says (pmu_hw.c).
	 */
	uint32_t fresh;
};

/* A firmware counter's event byte (fw_event[]). */
#define PMU_FW_SLOT_NONE      0x7Fu /* no event */
#define PMU_FW_SLOT_PLATFORM  0x80u /* | the platform's number, 1..127 */
#define PMU_FW_SLOTS_PLATFORM (1u << 31)
_Static_assert(SBIPMU_FW_SLOT_COUNT < 31, "firmware slots fit fw_slots");
_Static_assert(PMU_FW_PLATFORM_MAX <= 0x7F, "platform events fit a byte");

static inline uint64_t *pmu_hart_fw_value(const struct pmu_hart *h)
{
	return (uint64_t *)(uintptr_t)(h + 1);
}

static inline uint8_t *pmu_hart_fw_event(const struct pmu_hart *h)
{
	return (uint8_t *)(uintptr_t)h + h->core->fw_event_offset;
}

static inline uint8_t *pmu_hart_fw_flags(const struct pmu_hart *h)
{
	return (uint8_t *)(uintptr_t)h + h->core->fw_flags_offset;
}

/*
 * The mhpmevent value (selector and inhibit bits, no OF) the core keeps
 * for hardware counter @idx and programs at every START; 0 for a counter
 * that keeps none (cycle and instret without Smcntrpmf).
 */
uint64_t pmu_hart_saved_event(const struct pmu_hart *h, unsigned int idx);

/* ---- set-up (boot hart, then each hart) ---- */

/*
 * Check the hooks and the hardware description, compute the counter
 * layout. Returns SBI_ERR_INVALID_PARAM naming nothing on a bad table;
 * the caller reports it at boot. The map starts with cycles/instret only.
 */
int pmu_core_init(struct pmu_core *core, const struct pmu_hw_desc *hw,
		  const struct pmu_hal_ops *hal,
		  const struct pmu_platform_ops *plat, void *plat_ctx);

/* Install the event map from binding rows (see pmu_map.h). */
void pmu_core_set_map(struct pmu_core *core, struct pmu_map_input *in,
		      pmu_map_report_fn report, void *report_ctx);

/*
 * Bytes of per-hart state, which depend on the map (pmu_core_set_map()
 * before sizing and pmu_hart_init()); and the most they can be with any
 * map, for a caller that must set memory aside before it reads one.
 */
size_t pmu_hart_state_size(const struct pmu_core *core);
size_t pmu_hart_state_size_max(const struct pmu_core *core);

/*
 * Lay out a hart's state in @mem (@size bytes, 8-byte aligned) and put
 * the hart's counters in their hand-off state: none claimed, the
 * programmable ones stopped and unmapped, cycle and instret counting
 * (docs/semantics.md). Returns NULL if @size is too small.
 */
struct pmu_hart *pmu_hart_init(void *mem, size_t size,
			       const struct pmu_core *core, void *hal_ctx);

/*
 * Put an initialised hart back in the hand-off state, as if it had just
 * been initialised: every counter released (firmware counters zeroed),
 * no snapshot area. For a hart that HSM stopped: when it is started again
 * it finds what a hart finds at boot (docs/semantics.md, "HSM").
 */
void pmu_hart_reset(struct pmu_hart *h);

/* ---- the SBI PMU functions, typed (FID in brackets) ---- */

unsigned long pmu_num_counters(const struct pmu_hart *h);	 /* 0 */
int pmu_counter_get_info(const struct pmu_hart *h, uint64_t idx, /* 1 */
			 uint64_t *info);
int pmu_counter_cfg_match(struct pmu_hart *h, uint64_t cbase, /* 2 */
			  uint64_t cmask, uint64_t flags, uint64_t event_idx,
			  uint64_t event_data, uint64_t *idx_out);
int pmu_counter_start(struct pmu_hart *h, uint64_t cbase, /* 3 */
		      uint64_t cmask, uint64_t flags, uint64_t init_value);
int pmu_counter_stop(struct pmu_hart *h, uint64_t cbase, /* 4 */
		     uint64_t cmask, uint64_t flags);
int pmu_counter_fw_read(const struct pmu_hart *h, uint64_t idx, /* 5,6 */
			uint64_t *value);
/*
 * Shared-memory functions take a physical address as bits 63:0 (@addr)
 * and bits 127:64 (@addr_above) so that the decoder only joins registers;
 * an address above 64 bits is the core's INVALID_ADDRESS to answer.
 */
int pmu_snapshot_set_shmem(struct pmu_hart *h, uint64_t addr, /* 7 */
			   uint64_t addr_above, bool disable, uint64_t flags);
int pmu_event_get_info(struct pmu_hart *h, uint64_t addr, /* 8 */
		       uint64_t addr_above, uint64_t num_entries,
		       uint64_t flags);

/* ---- firmware events, called at the firmware's trap/IPI/fence sites ---- */

/* Dense slot of firmware event @code: 0-21 standard, then sbipmu's own. */
static inline unsigned int pmu_fw_slot(unsigned int code)
{
	if (code < SBI_PMU_FW_STANDARD_MAX)
		return code;
	if (code >= SBI_PMU_FW_IMPL_FIRST && code < SBIPMU_FW_IMPL_END)
		return code - SBI_PMU_FW_IMPL_FIRST + SBI_PMU_FW_STANDARD_MAX;
	return PMU_FW_SLOT_NONE;
}

/*
 * Out of line: add @n to the running counters of event byte @slot,
 * except those whose mode filter excludes the mode the event came from
 * (the HAL's event_mode hook says which; docs/semantics.md, "Firmware
 * events and the mode filters"). Every function below must therefore be
 * called while the M-mode handler of the event runs, before it returns.
 */
void pmu_fw_count(struct pmu_hart *h, unsigned int slot, uint64_t n);

/* Out of line: the same for platform event @event_data. */
void pmu_fw_count_platform(struct pmu_hart *h, uint64_t event_data, uint64_t n);

/*
 * Count one occurrence of firmware event @code (standard 0-21 or one of
 * sbipmu's SBIPMU_FW_* codes) on hart @h. Safe with @h == NULL (PMU not
 * initialised yet, docs/facts.md F3.16). Inline, so that with a constant @code
 * an event nobody counts costs a load, a test and a branch.
 */
static inline void pmu_fw_event(struct pmu_hart *h, unsigned int code)
{
	unsigned int slot = pmu_fw_slot(code);

	if (h && slot < 32 && ((h->fw_slots >> slot) & 1))
		pmu_fw_count(h, slot, 1);
}

/* Mask bit of firmware event @code (one with a slot below 32: all are). */
#define PMU_FW_EVENT_BIT(code) (1u << pmu_fw_slot(code))

/*
 * Does some running counter of @h count any event of @mask? Lets a hot
 * path with several events to count test them all at once and keep the
 * counting itself out of line.
 */
static inline bool pmu_fw_events_counted(const struct pmu_hart *h,
					 uint32_t mask)
{
	return h && (h->fw_slots & mask);
}

/* Count @n occurrences of platform firmware event @event_data. */
static inline void pmu_fw_platform_event(struct pmu_hart *h,
					 uint64_t event_data, uint64_t n)
{
	if (h && (h->fw_slots & PMU_FW_SLOTS_PLATFORM))
		pmu_fw_count_platform(h, event_data, n);
}

/* ---- counter overflow taken by the firmware ---- */

/*
 * The local counter-overflow interrupt (LCOFI) reached the firmware on
 * hart @h, because the firmware chose not to delegate it: acknowledge it
 * (LCOFIP cleared; the OF bits stay for the supervisor to read in
 * scountovf, and START clears them as usual) and report the overflowed
 * counters to the platform's overflow hook. Returns that bitmap; 0 and
 * nothing done without Sscofpmf.
 */
uint64_t pmu_overflow_irq(struct pmu_hart *h);

/* ---- read-only views for banners, tools and tests ---- */

static inline uint64_t pmu_core_valid_counters(const struct pmu_core *core)
{
	return core->valid;
}

static inline const struct pmu_map *pmu_core_map(const struct pmu_core *core)
{
	return &core->map;
}

/* Is @event_idx (+@event_data) countable on this hart's counters? */
bool pmu_event_supported(const struct pmu_core *core, uint64_t event_idx,
			 uint64_t event_data);

/*
 * How many events of general (type 0, of 10) or cache (type 1, of 42)
 * pmu_event_supported() accepts: the boot banner's inventory. 0 for any
 * other type.
 */
unsigned int pmu_event_count_supported(const struct pmu_core *core,
				       unsigned int type);

#endif
