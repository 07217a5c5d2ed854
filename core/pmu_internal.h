/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Declarations shared between the core's files and nothing else: the
 * decoded form of an event request, the counter-set helper, and the
 * per-counter actions (hardware in pmu_hw.c, firmware in pmu_fw.c) that
 * the state machine in pmu_match.c / pmu_startstop.c calls after it has
 * validated everything. Actions cannot fail.
 */
#ifndef SBIPMU_CORE_PMU_INTERNAL_H
#define SBIPMU_CORE_PMU_INTERNAL_H

#include <sbipmu/pmu.h>
#include <sbipmu/sbi_shmem.h>

#include "pmu_bitmap.h"

/*
 * For the per-counter actions of the hot paths (pmu_hw.h): GCC would
 * otherwise call the bigger ones out of line once they have two callers,
 * which costs the caller a stack frame per call.
 */
#define PMU_ALWAYS_INLINE inline __attribute__((always_inline))

/*
 * The hart hooks as the core calls them: bound at build time when the
 * build names a HAL header (SBIPMU_HAL_STATIC, see pmu_hal.h), through
 * core->hal otherwise. PMU_HAL_HAS() tests an optional hook.
 */
#ifdef SBIPMU_HAL_STATIC
#include SBIPMU_HAL_STATIC
#define PMU_HAL(core, hook)	((void)(core), pmu_hal_##hook)
#define PMU_HAL_HAS(core, hook) ((void)(core), PMU_HAL_HAS_##hook)
#else
#define PMU_HAL(core, hook)	((core)->hal->hook)
#define PMU_HAL_HAS(core, hook) ((core)->hal->hook != NULL)
#endif

/*
 * An event request after validation (pmu_event.c): every field is set by
 * a successful decode.
 */
struct pmu_event {
	uint64_t counters; /* logical counters able to count it */
	uint64_t selector; /* hardware: mhpmevent value without OF/filters */
	/* firmware: its event byte (fw_event[]); hardware: PMU_FW_SLOT_NONE */
	uint8_t fw_slot;
};

static inline bool pmu_event_is_fw(const struct pmu_event *ev)
{
	return ev->fw_slot != PMU_FW_SLOT_NONE;
}

/* Every event_idx and event_data, every answer (pmu_event.c). */
int pmu_event_decode(const struct pmu_core *core, uint64_t event_idx,
		     uint64_t event_data, struct pmu_event *ev);

/*
 * The requests CFG_MATCH sees all the time, decoded inline: a general or
 * cache event some counter can count (the map's precomputed entry), and
 * one of our firmware events. true with @ev filled as pmu_event_decode()
 * would fill it; false for any other request, errors included, which is
 * pmu_event_decode()'s to answer (the unit tests hold both to the same
 * answers).
 */
static inline bool pmu_event_decode_common(const struct pmu_core *core,
					   uint64_t event_idx,
					   uint64_t event_data,
					   struct pmu_event *ev)
{
	const struct pmu_map_entry *e;
	unsigned int slot;

	if (event_data)
		return false;
	e = pmu_map_lookup(&core->map, event_idx);
	if (e) {
		/* The map keeps only implemented counters (pmu_map_build()). */
		ev->counters = e->counters;
		ev->selector = e->selector;
		ev->fw_slot = PMU_FW_SLOT_NONE;
		return true;
	}
	/* Type 15, no reserved bit; the platform event is not ours to count. */
	if ((event_idx >> SBI_PMU_EVENT_TYPE_SHIFT) != SBI_PMU_EVENT_TYPE_FW)
		return false;
	slot = pmu_fw_slot((unsigned int)(event_idx & SBI_PMU_EVENT_CODE_MASK));
	if (slot == PMU_FW_SLOT_NONE || !core->fw_valid)
		return false;
	ev->counters = core->fw_valid;
	ev->selector = 0;
	ev->fw_slot = (uint8_t)slot;
	return true;
}

/*
 * (cbase, cmask) -> logical counter bitmap: the one place every SBI
 * function that takes a set of counters gets it from, with every check
 * of the spec ("set of counters has at least one invalid counter" ->
 * SBI_ERR_INVALID_PARAM) and the arithmetic guards of docs/facts.md F3.1 (cbase
 * near ULONG_MAX, an empty mask, cmask << cbase overflowing). Inline: it
 * is on every hot path.
 */
static inline int pmu_counter_set(const struct pmu_core *core, uint64_t cbase,
				  uint64_t cmask, uint64_t *set)
{
	uint64_t mask = cmask & core->xlen_mask;

	/*
	 * An empty set names no counter. Below n_logical (<= 48, so below
	 * 64: pmu_core_init()) cbase shifts safely; every mask bit must then
	 * land on a valid counter, and a bit shifted past bit 63 would land
	 * on none (valid >> cbase has no bit there), so it is refused too.
	 */
	if (!mask || cbase >= core->n_logical ||
	    (mask & ~(core->valid >> cbase)))
		return SBI_ERR_INVALID_PARAM;
	*set = mask << cbase;
	return SBI_SUCCESS;
}

static inline bool pmu_is_fw_counter(const struct pmu_core *core,
				     unsigned int idx)
{
	return (core->fw_valid >> idx) & 1;
}

/*
 * Counters that have an event, the ones START, STOP without RESET and
 * SKIP_MATCH accept: the claimed counters, and the fixed counters, which
 * always count their one event (cycles, instructions), claimed or not.
 */
static inline uint64_t pmu_with_event(const struct pmu_hart *h)
{
	return h->mapped | h->core->fixed_valid;
}

static inline unsigned int pmu_fw_index(const struct pmu_core *core,
					unsigned int idx)
{
	return idx - core->first_fw;
}

/* Hardware counters outside the hot paths (pmu_hw.c). */
void pmu_hw_handoff_hart(struct pmu_hart *h);
uint64_t pmu_hw_overflowed(const struct pmu_hart *h, uint64_t set);

/*
 * Firmware pointer to [addr, addr + count * elem_size) of supervisor
 * memory, or NULL when the range wraps, overflows, lies above 64 bits or
 * is refused by the platform (pmu_shmem.c).
 */
void *pmu_shmem_map(const struct pmu_core *core, uint64_t addr,
		    uint64_t addr_above, uint64_t count, uint64_t elem_size);

/* The per-counter actions, inline (they are the hot paths' bodies). */
#include "pmu_fw.h"
#include "pmu_hw.h"

/* One counter of either type. */
static inline uint64_t pmu_counter_read(const struct pmu_hart *h,
					unsigned int idx)
{
	if (pmu_is_fw_counter(h->core, idx))
		return pmu_fwc_read(h, idx);
	return pmu_hw_read(h, idx);
}

static inline void pmu_counter_write(struct pmu_hart *h, unsigned int idx,
				     uint64_t value)
{
	if (pmu_is_fw_counter(h->core, idx))
		pmu_fwc_write(h, idx, value);
	else
		pmu_hw_write(h, idx, value);
}

static inline void pmu_counter_start_one(struct pmu_hart *h, unsigned int idx,
					 bool set_value, uint64_t value)
{
	if (pmu_is_fw_counter(h->core, idx))
		pmu_fwc_start(h, idx, set_value, value);
	else
		pmu_hw_start(h, idx, set_value, value);
}

static inline void pmu_counter_stop_one(struct pmu_hart *h, unsigned int idx)
{
	if (pmu_is_fw_counter(h->core, idx))
		pmu_fwc_stop(h, idx);
	else
		pmu_hw_stop(h, idx);
}

static inline void pmu_counter_unmap_one(struct pmu_hart *h, unsigned int idx)
{
	if (pmu_is_fw_counter(h->core, idx))
		pmu_fwc_unmap(h, idx);
	else
		pmu_hw_unmap(h, idx);
}

#endif
