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

/* Inhibit bits the hpm counters' mhpmevent accepts on this hardware. */
static uint64_t pmu_core_filter_bits(const struct pmu_hw_desc *hw)
{
	uint64_t bits = MHPMEVENT_MINH | MHPMEVENT_SINH | MHPMEVENT_UINH;

	if (hw->h_ext)
		bits |= MHPMEVENT_VSINH | MHPMEVENT_VUINH;
	return bits;
}

static void pmu_core_layout(struct pmu_core *core, uint32_t counters)
{
	unsigned int i, slot = 0;

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
	for (i = 0; i < PMU_CTR_HW_MAX; i++) {
		core->hw_slot[i] = (uint8_t)slot;
		if ((counters >> i) & 1)
			slot++;
	}
	core->n_hw = slot;
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
	core->filter_bits = pmu_core_filter_bits(hw);
	pmu_core_layout(core, counters);
	pmu_map_build(&core->map, counters, &no_rows, NULL, NULL);
	return SBI_SUCCESS;
}

void pmu_core_set_map(struct pmu_core *core, struct pmu_map_input *in,
		      pmu_map_report_fn report, void *report_ctx)
{
	pmu_map_build(&core->map, core->hw.counter_mask, in, report,
		      report_ctx);
}

size_t pmu_hart_state_size(const struct pmu_core *core)
{
	size_t n_fw = core->hw.num_fw_counters;
	size_t size = sizeof(struct pmu_hart);

	size += core->n_hw * sizeof(uint64_t); /* hw_selector */
	size += n_fw * sizeof(uint64_t) * 2;   /* fw_value, fw_data */
	size += n_fw * sizeof(uint8_t);	       /* fw_event */
	return (size + 7) & ~(size_t)7;
}

struct pmu_hart *pmu_hart_init(void *mem, size_t size,
			       const struct pmu_core *core, void *hal_ctx)
{
	struct pmu_hart *h = mem;

	if (!mem || ((uintptr_t)mem & 7) || size < pmu_hart_state_size(core))
		return NULL;

	*h = (struct pmu_hart){0};
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
	for (i = 0; i < core->n_hw; i++)
		pmu_hart_hw_selector(h)[i] = 0;
	for (i = 0; i < n_fw; i++) {
		pmu_hart_fw_value(h)[i] = 0;
		pmu_hart_fw_data(h)[i] = 0;
		pmu_hart_fw_event(h)[i] = PMU_FW_SLOT_NONE;
	}
	pmu_hw_handoff_hart(h);
	/* Released counters cannot overflow: no interrupt may stay pending. */
	if (core->hw.sscofpmf)
		core->hal->lcofi_clear(h->hal_ctx);
}

unsigned long pmu_num_counters(const struct pmu_hart *h)
{
	return h->core->n_logical;
}

int pmu_counter_get_info(const struct pmu_hart *h, uint64_t idx, uint64_t *info)
{
	const struct pmu_core *core = h->core;
	unsigned int n;

	/* Full-width compare: no truncation of idx (FACTS 3.10). */
	if (idx >= core->n_logical ||
	    !((pmu_core_valid_counters(core) >> idx) & 1))
		return SBI_ERR_INVALID_PARAM;

	n = (unsigned int)idx;
	if (pmu_is_fw_counter(core, n)) {
		/* csr and width "should be ignored" for firmware counters */
		*info = (1ULL << (core->hw.xlen - 1)) |
			(63ULL << SBI_PMU_CTR_INFO_WIDTH_SHIFT);
		return SBI_SUCCESS;
	}
	*info = (uint64_t)(CSR_CYCLE + n) | ((uint64_t)(core->hw.width[n] - 1)
					     << SBI_PMU_CTR_INFO_WIDTH_SHIFT);
	return SBI_SUCCESS;
}
