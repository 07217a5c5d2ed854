/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Set-up of the PMU core and the two informational functions. Init
 * checks the porting interface once (every mandatory hook present, the
 * optional ones the hardware description requires present) and lays out
 * the logical counter space; per-hart state is sized from the real
 * counters, not from fixed maxima.
 */
#include "pmu_internal.h"

static bool pmu_core_hal_ok(const struct pmu_hal_ops *hal,
			    const struct pmu_hw_desc *hw)
{
	if (!hal || !hal->counter_read || !hal->counter_write ||
	    !hal->event_write || !hal->inhibit_set || !hal->inhibit_clear)
		return false;
	if (hw->sscofpmf &&
	    (!hal->overflow_read || !hal->lcofi_pending || !hal->lcofi_clear))
		return false;
	if (hw->smcntrpmf && !hal->fixed_cfg_write)
		return false;
	if (hw->counter_delegation && !hal->event_read)
		return false;
	return true;
}

static bool pmu_core_hw_ok(const struct pmu_hw_desc *hw, uint32_t counters)
{
	unsigned int i;

	if (hw->xlen != 32 && hw->xlen != 64)
		return false;
	if (hw->num_fw_counters > PMU_MAX_FW_COUNTERS)
		return false;
	for (i = 0; i < PMU_CTR_HW_MAX; i++) {
		if (((counters >> i) & 1) &&
		    (hw->width[i] == 0 || hw->width[i] > 64))
			return false;
	}
	return true;
}

/* Inhibit bits the counters accept on this hardware (0: none). */
static uint64_t pmu_core_filter_bits(const struct pmu_hw_desc *hw, bool capable)
{
	uint64_t bits = MHPMEVENT_MINH | MHPMEVENT_SINH | MHPMEVENT_UINH;

	if (!capable)
		return 0;
	if (hw->h_ext)
		bits |= MHPMEVENT_VSINH | MHPMEVENT_VUINH;
	return bits;
}

/*
 * Which hardware counters keep a selector (pmu_hw.c): every hpm counter,
 * and cycle/instret only with Smcntrpmf (their filter bits).
 */
static void pmu_core_sel_slots(struct pmu_core *core, uint32_t counters)
{
	unsigned int i, slot = 0;
	uint32_t fixed = (1u << PMU_CTR_CYCLE) | (1u << PMU_CTR_INSTRET);

	if (!core->hw.smcntrpmf)
		counters &= ~fixed;
	for (i = 0; i < PMU_CTR_HW_MAX; i++)
		core->sel_slot[i] =
			((counters >> i) & 1) ? (uint8_t)slot++ : PMU_SEL_NONE;
	core->n_sel = slot;
}

/*
 * COUNTER_GET_INFO's answers, computed once (a valid counter's is never
 * 0: a hardware counter's CSR is 0xC00 up, a firmware one has the type
 * bit).
 */
static void pmu_core_info(struct pmu_core *core)
{
	unsigned int n;

	for (n = 0; n < core->n_logical; n++) {
		if (pmu_is_fw_counter(core, n))
			/* csr and width "should be ignored" for firmware
			 * counters */
			core->ctr_info[n] =
				(1ULL << (core->hw.xlen - 1)) |
				(63ULL << SBI_PMU_CTR_INFO_WIDTH_SHIFT);
		else if ((core->hw_valid >> n) & 1)
			core->ctr_info[n] = (uint64_t)(CSR_CYCLE + n) |
					    ((uint64_t)(core->hw.width[n] - 1)
					     << SBI_PMU_CTR_INFO_WIDTH_SHIFT);
	}
}

static void pmu_core_layout(struct pmu_core *core, uint32_t counters)
{
	core->hw_valid = counters;
	/*
	 * Firmware counters follow the highest hardware counter and never
	 * take indices 0-2 (cycle, time, instret), even on a hart that lacks
	 * them: index 1 is never a counter.
	 */
	core->first_fw = PMU_CTR_HPM_FIRST;
	if (counters >> PMU_CTR_HPM_FIRST)
		core->first_fw = pmu_bit_highest(counters) + 1;
	core->n_logical = core->first_fw + core->hw.num_fw_counters;
	core->fw_valid = ((1ULL << core->hw.num_fw_counters) - 1)
			 << core->first_fw;
	core->fixed_valid =
		counters & (pmu_bit(PMU_CTR_CYCLE) | pmu_bit(PMU_CTR_INSTRET));
	/* At most 32 + 16: pmu_counter_set() relies on staying below 64. */
	_Static_assert(PMU_CTR_HW_MAX + PMU_MAX_FW_COUNTERS < 64,
		       "logical counters fit a 64-bit set");
	core->valid = core->hw_valid | core->fw_valid;
	pmu_core_info(core);
	/* CFG_MATCH's preference (pmu_match.c, docs/semantics.md). */
	core->prefer =
		core->hw.sscofpmf ? ~core->fixed_valid : core->fixed_valid;
	pmu_core_sel_slots(core, counters);
}

/*
 * Can every selector the map hands out be saved in 32 bits (26 bits of
 * selector, pmu_hw.h)? Not with raw rows: a raw event's selector is its
 * event_data, up to 56 bits.
 */
static bool pmu_core_sel_wide(const struct pmu_map *map)
{
	size_t i, code;

	for (i = 0; i < map->n_raw; i++)
		if (map->raw[i].counters)
			return true;
	for (i = 0; i < 2; i++)
		for (code = 0; code < PMU_MAP_CODES; code++)
			if (map->hw[i][code].counters &&
			    (map->hw[i][code].selector >> 26))
				return true;
	return false;
}

/*
 * Where the per-hart arrays lie behind struct pmu_hart (see pmu.h): the
 * 64-bit firmware values first, then the selectors, then the bytes.
 */
static void pmu_core_state_layout(struct pmu_core *core)
{
	size_t off = sizeof(struct pmu_hart);

	core->sel_wide = pmu_core_sel_wide(&core->map);
	off += core->hw.num_fw_counters * sizeof(uint64_t);
	core->sel_offset = (uint16_t)off;
	off += core->n_sel *
	       (core->sel_wide ? sizeof(uint64_t) : sizeof(uint32_t));
	core->fw_event_offset = (uint16_t)off;
	off += core->hw.num_fw_counters * sizeof(uint8_t);
	core->fw_flags_offset = (uint16_t)off;
}

int pmu_core_init(struct pmu_core *core, const struct pmu_hw_desc *hw,
		  const struct pmu_hal_ops *hal,
		  const struct pmu_platform_ops *plat, void *plat_ctx)
{
	/* Counter 1 is time: never a PMU counter. */
	uint32_t counters = hw->counter_mask & ~(1u << PMU_CTR_TIME);
	struct pmu_map_input no_rows = {0};

	if (!pmu_core_hal_ok(hal, hw) || !plat || !plat->shmem_map ||
	    !pmu_core_hw_ok(hw, counters))
		return SBI_ERR_INVALID_PARAM;

	*core = (struct pmu_core){0};
	core->hal = hal;
	core->plat = plat;
	core->plat_ctx = plat_ctx;
	core->hw = *hw;
	core->hw.counter_mask = counters;
	core->xlen_mask = hw->xlen == 64 ? ~0ULL : 0xFFFFFFFFULL;
	core->hpm_filter = pmu_core_filter_bits(hw, hw->sscofpmf);
	core->fixed_filter = pmu_core_filter_bits(hw, hw->smcntrpmf);
	pmu_core_layout(core, counters);
	core->hpm_valid = core->hw_valid & ~core->fixed_valid;
	core->filterable = (core->hpm_filter ? core->hpm_valid : 0) |
			   (core->fixed_filter ? core->fixed_valid : 0);
	core->filter_flags =
		((core->hpm_filter | core->fixed_filter) & ~MHPMEVENT_MINH) >>
		SBI_PMU_CFG_FLAG_INH_SHIFT;
	pmu_map_build(&core->map, counters, &no_rows, NULL, NULL);
	pmu_core_state_layout(core);
	return SBI_SUCCESS;
}

void pmu_core_set_map(struct pmu_core *core, struct pmu_map_input *in,
		      pmu_map_report_fn report, void *report_ctx)
{
	pmu_map_build(&core->map, core->hw.counter_mask, in, report,
		      report_ctx);
	pmu_core_state_layout(core);
}

/* Bytes of per-hart state with saved selectors of @sel_bytes each. */
static size_t pmu_core_state_bytes(const struct pmu_core *core,
				   size_t sel_bytes)
{
	size_t size = sizeof(struct pmu_hart);

	size += core->hw.num_fw_counters * sizeof(uint64_t); /* fw_value */
	size += core->n_sel * sel_bytes;		     /* saved */
	size += core->hw.num_fw_counters * sizeof(uint8_t);  /* fw_event */
	size += core->hw.num_fw_counters * sizeof(uint8_t);  /* fw_flags */
	return (size + 7) & ~(size_t)7;
}

size_t pmu_hart_state_size(const struct pmu_core *core)
{
	return pmu_core_state_bytes(core, core->sel_wide ? sizeof(uint64_t)
							 : sizeof(uint32_t));
}

size_t pmu_hart_state_size_max(const struct pmu_core *core)
{
	return pmu_core_state_bytes(core, sizeof(uint64_t));
}

struct pmu_hart *pmu_hart_init(void *mem, size_t size,
			       const struct pmu_core *core, void *hal_ctx)
{
	struct pmu_hart *h = mem;
	size_t i, n = pmu_hart_state_size(core);

	if (!mem || ((uintptr_t)mem & 7) || size < n)
		return NULL;

	/* Every saved selector 0: what the core has written so far. */
	for (i = 0; i < n; i++)
		((uint8_t *)mem)[i] = 0;
	h->core = core;
	h->hal_ctx = hal_ctx;
	pmu_hart_reset(h);
	return h;
}

void pmu_hart_reset(struct pmu_hart *h)
{
	const struct pmu_core *core = h->core;
	size_t i, n_fw = core->hw.num_fw_counters;

	h->shmem = NULL;
	h->fw_slots = 0;
	for (i = 0; i < n_fw; i++) {
		pmu_hart_fw_value(h)[i] = 0;
		pmu_hart_fw_event(h)[i] = PMU_FW_SLOT_NONE;
		pmu_hart_fw_flags(h)[i] = 0;
	}
	/* Releases every hardware counter: its saved selector becomes 0. */
	pmu_hw_handoff_hart(h);
	/* Released counters cannot overflow: no interrupt may stay pending. */
	if (core->hw.sscofpmf)
		PMU_HAL(core, lcofi_clear)(h->hal_ctx);
}

unsigned long pmu_num_counters(const struct pmu_hart *h)
{
	return h->core->n_logical;
}

int pmu_counter_get_info(const struct pmu_hart *h, uint64_t idx, uint64_t *info)
{
	const struct pmu_core *core = h->core;

	/* Full-width compare: no truncation of idx (docs/facts.md F3.10). */
	if (idx >= core->n_logical || !core->ctr_info[idx])
		return SBI_ERR_INVALID_PARAM;
	*info = core->ctr_info[idx];
	return SBI_SUCCESS;
}
