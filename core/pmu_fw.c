/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Firmware counters: 64-bit software counters of firmware events. The
 * per-hart fw_slots bitmap says which events have a running counter, so
 * counting an event nobody counts is a load and a branch (inline in
 * pmu.h); otherwise only the running counters are visited (at most 16).
 * Each counter keeps its value and one event byte: a firmware event's
 * dense slot, or PMU_FW_SLOT_PLATFORM | the number the platform gave a
 * platform event (its event_data itself is never stored, so clearing a
 * value can never erase it: docs/facts.md F3.12); and the flags of the
 * CFG_MATCH that configured it, whose SET_VUINH..SET_SINH filter events by the
 * mode they came from.
 */
#include "pmu_internal.h"

int pmu_counter_fw_read(const struct pmu_hart *h, uint64_t idx, uint64_t *value)
{
	const struct pmu_core *core = h->core;
	/* Below first_fw it wraps: no firmware counter either. */
	uint64_t k = idx - core->first_fw;

	/*
	 * "counter_idx points to a hardware counter or an invalid counter":
	 * a firmware counter with no event (never configured, or released
	 * by STOP(RESET)) is not a valid counter to read; its last value
	 * belongs to nobody. A firmware counter has an event exactly when
	 * it is claimed (pmu_fw.h), so its event byte says both, without a
	 * 64-bit bit test (costly on RV32).
	 */
	if (k >= core->hw.num_fw_counters ||
	    pmu_hart_fw_event(h)[k] == PMU_FW_SLOT_NONE)
		return SBI_ERR_INVALID_PARAM;
	*value = pmu_hart_fw_value(h)[k];
	return SBI_SUCCESS;
}

/* The running firmware counters, bit k for counter k (first_fw + k). */
static inline uint64_t pmu_fw_running(const struct pmu_hart *h)
{
	return (h->started & h->core->fw_valid) >> h->core->first_fw;
}

/*
 * The CFG_MATCH flags that filter a firmware event by mode: SET_MINH is
 * none, since an event from M-mode counts as one from S-mode. The mode
 * the HAL reports, PMU_MODE_* m, is filtered by SET_VUINH << m.
 */
#define PMU_FW_MODE_FLAGS                                                      \
	(SBI_PMU_CFG_FLAG_SET_VUINH | SBI_PMU_CFG_FLAG_SET_VSINH |             \
	 SBI_PMU_CFG_FLAG_SET_UINH | SBI_PMU_CFG_FLAG_SET_SINH)
_Static_assert(SBI_PMU_CFG_FLAG_SET_VUINH << PMU_MODE_VU ==
			       SBI_PMU_CFG_FLAG_SET_VUINH &&
		       SBI_PMU_CFG_FLAG_SET_VUINH << PMU_MODE_VS ==
			       SBI_PMU_CFG_FLAG_SET_VSINH &&
		       SBI_PMU_CFG_FLAG_SET_VUINH << PMU_MODE_U ==
			       SBI_PMU_CFG_FLAG_SET_UINH &&
		       SBI_PMU_CFG_FLAG_SET_VUINH << PMU_MODE_S ==
			       SBI_PMU_CFG_FLAG_SET_SINH,
	       "PMU_MODE_* m is filtered by SET_VUINH << m");

/*
 * The flag that filters out the current event's mode, asked of the hart.
 * Without the HAL's event_mode hook, 0: the filters are ignored, as they
 * were before firmware counters honoured them. A mode the HAL should
 * never return (above PMU_MODE_S) is filtered by nothing.
 */
static unsigned int pmu_fw_mode_flag(const struct pmu_hart *h)
{
	const struct pmu_core *core = h->core;
	unsigned int mode;

	if (!PMU_HAL_HAS(core, event_mode))
		return 0;
	mode = PMU_HAL(core, event_mode)(h->hal_ctx);
	return mode <= PMU_MODE_S ? SBI_PMU_CFG_FLAG_SET_VUINH << mode : 0;
}

/*
 * pmu_fw_count() from the first counter of @slot with a mode filter on:
 * @todo holds it and the counters not looked at yet (bit k: firmware
 * counter k). The mode is read once, here. Out of line, so that
 * pmu_fw_count(), which most events finish without a filter, keeps its
 * loop free of calls and of a stack frame.
 */
static __attribute__((noinline)) void pmu_fw_count_filtered(struct pmu_hart *h,
							    unsigned int slot,
							    uint64_t n,
							    uint64_t todo)
{
	const uint8_t *event = pmu_hart_fw_event(h);
	const uint8_t *flags = pmu_hart_fw_flags(h);
	uint64_t *value = pmu_hart_fw_value(h);
	unsigned int mode_flag = pmu_fw_mode_flag(h), k;
	uint64_t rest;

	pmu_for_each_bit (k, rest, todo) {
		if (event[k] == slot && !(flags[k] & mode_flag))
			value[k] += n;
	}
}

/*
 * Add @n to every running firmware counter whose event byte is @slot and
 * whose mode filter lets the event's mode through. The rule (the spec
 * does not say which mode a firmware event belongs to; docs/semantics.md,
 * "Firmware events and the mode filters"): the mode the hart was in when
 * it entered M-mode for the event -- the trapping mode, the SBI caller's,
 * the interrupted one; M-mode counts as S-mode. The hart is asked for the
 * mode only when a counter of the event has a filter.
 */
void pmu_fw_count(struct pmu_hart *h, unsigned int slot, uint64_t n)
{
	const uint8_t *event = pmu_hart_fw_event(h);
	const uint8_t *flags = pmu_hart_fw_flags(h);
	uint64_t *value = pmu_hart_fw_value(h);
	unsigned int k;
	uint64_t rest;

	/* Bit k: firmware counter k, the one at first_fw + k. */
	pmu_for_each_bit (k, rest, pmu_fw_running(h)) {
		if (event[k] != slot)
			continue;
		if (flags[k] & PMU_FW_MODE_FLAGS) {
			pmu_fw_count_filtered(h, slot, n, rest);
			return;
		}
		value[k] += n;
	}
}

void pmu_fw_count_platform(struct pmu_hart *h, uint64_t event_data, uint64_t n)
{
	const struct pmu_core *core = h->core;
	unsigned int number;

	if (!core->plat->fw_platform_event)
		return;
	number = core->plat->fw_platform_event(core->plat_ctx, event_data);
	if (number && number <= PMU_FW_PLATFORM_MAX)
		pmu_fw_count(h, PMU_FW_SLOT_PLATFORM | number, n);
}
