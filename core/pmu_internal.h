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

#include "pmu_bitmap.h"

/* An event request after validation (pmu_event.c). */
struct pmu_event {
	uint32_t idx;	   /* event_idx, 20 bits */
	unsigned int type; /* event_idx[19:16] */
	unsigned int code; /* event_idx[15:0] */
	uint64_t data;	   /* event_data as given */
	uint64_t counters; /* logical counters able to count it */
	uint64_t selector; /* hardware: mhpmevent value without OF/filters */
	uint8_t fw_slot;   /* firmware: dense slot or PMU_FW_SLOT_PLATFORM */
	bool is_fw;
};

int pmu_event_decode(const struct pmu_core *core, uint64_t event_idx,
		     uint64_t event_data, struct pmu_event *ev);

/* (cbase, cmask) -> logical counter bitmap, with every check of the spec. */
int pmu_counter_set(const struct pmu_core *core, uint64_t cbase, uint64_t cmask,
		    uint64_t *set);

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

/* Hardware counter actions (pmu_hw.c). */
void pmu_hw_configure(struct pmu_hart *h, unsigned int idx,
		      const struct pmu_event *ev, uint64_t cfg_flags);
void pmu_hw_start(struct pmu_hart *h, unsigned int idx, bool set_value,
		  uint64_t value);
void pmu_hw_stop(struct pmu_hart *h, unsigned int idx);
void pmu_hw_unmap(struct pmu_hart *h, unsigned int idx);
uint64_t pmu_hw_read(const struct pmu_hart *h, unsigned int idx);
void pmu_hw_write(struct pmu_hart *h, unsigned int idx, uint64_t value);
uint64_t pmu_hw_overflowed(const struct pmu_hart *h, uint64_t set);
void pmu_hw_handoff_hart(struct pmu_hart *h);

/* Firmware counter actions (pmu_fw.c). */
void pmu_fwc_configure(struct pmu_hart *h, unsigned int idx,
		       const struct pmu_event *ev);
void pmu_fwc_start(struct pmu_hart *h, unsigned int idx, bool set_value,
		   uint64_t value);
void pmu_fwc_stop(struct pmu_hart *h, unsigned int idx);
void pmu_fwc_unmap(struct pmu_hart *h, unsigned int idx);
uint64_t pmu_fwc_read(const struct pmu_hart *h, unsigned int idx);
void pmu_fwc_write(struct pmu_hart *h, unsigned int idx, uint64_t value);

/* One counter of either type (pmu_startstop.c). */
uint64_t pmu_counter_read(const struct pmu_hart *h, unsigned int idx);
void pmu_counter_write(struct pmu_hart *h, unsigned int idx, uint64_t value);
void pmu_counter_start_one(struct pmu_hart *h, unsigned int idx, bool set_value,
			   uint64_t value);

/*
 * Firmware pointer to [addr, addr + count * elem_size) of supervisor
 * memory, or NULL when the range wraps, overflows, lies above 64 bits or
 * is refused by the platform (pmu_shmem.c).
 */
void *pmu_shmem_map(const struct pmu_core *core, uint64_t addr,
		    uint64_t addr_above, uint64_t count, uint64_t elem_size);

#endif
