/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A simulated hart for host tests: a model of the counter CSR file
 * (counters with widths and holes, mcountinhibit, mhpmevent with the
 * Sscofpmf OF/inhibit bits, scountovf, mip.LCOFIP, optional Smcntrpmf
 * mcyclecfg/minstretcfg) behind the core's HAL. Every access the real
 * hardware would not allow (a CSR that does not exist, mhpmeventh without
 * Sscofpmf on RV32, ...) is counted as a violation, which tests assert to
 * stay zero.
 */
#ifndef SBIPMU_SIM_HART_H
#define SBIPMU_SIM_HART_H

#include <stdbool.h>
#include <stdint.h>

#include <sbipmu/pmu_hal.h>

struct sim_hart_cfg {
	unsigned int xlen;  /* 32 or 64 */
	uint32_t counters;  /* implemented counters (bit 1 ignored) */
	unsigned int width; /* width of every hpm counter */
	bool sscofpmf;
	bool smcntrpmf;
	bool h_ext;
	/* QEMU: a selector counts on one programmable counter at a time */
	bool one_counter_per_event;
	/* Smcdeleg: S-mode may write mhpmevent itself (sim_hart.event[]) */
	bool counter_delegation;
};

struct sim_hart {
	struct sim_hart_cfg cfg;
	uint64_t counter[32];
	uint64_t event[32];	 /* mhpmevent3..31 as the CSR holds them */
	uint64_t fixed_cfg[3];	 /* mcyclecfg [0], minstretcfg [2] */
	uint32_t inhibit;	 /* mcountinhibit */
	bool lcofip;		 /* mip.LCOFIP */
	unsigned int violations; /* accesses real hardware would reject */
	/*
	 * mhpmevent writes whose @prev was not what the CSR held (OF aside):
	 * the HAL contract broken (counted as a violation).
	 */
	unsigned int prev_mismatches;
	uint32_t event_lost; /* sim_hart_lose_event() since the last write */
	unsigned long event_writes;
	unsigned long counter_writes;
	/*
	 * The mode (PMU_MODE_*) the hart entered M-mode from, which the
	 * event_mode hook reports: tests set it before a firmware event.
	 * PMU_MODE_S after sim_hart_init().
	 */
	unsigned int mode;
	unsigned long mode_reads; /* event_mode calls */
};

/* Every hook; the platform drops event_mode where a test asks. */
extern const struct pmu_hal_ops sim_hal_ops;

void sim_hart_init(struct sim_hart *s, const struct sim_hart_cfg *cfg);

/* The hardware description firmware discovery would produce. */
void sim_hart_describe(const struct sim_hart *s, unsigned int num_fw,
		       struct pmu_hw_desc *desc);

/*
 * Let @n events happen on every running counter: a counter counts when it
 * is implemented, not inhibited and (hpm) has a non-zero selector. A
 * Sscofpmf counter wrapping sets OF and, if OF was clear, LCOFIP.
 */
void sim_hart_tick(struct sim_hart *s, uint64_t n);

/*
 * mhpmevent@idx loses its value to @value behind the core's back, as a
 * suspend path may (docs/facts.md F3.7): the next write's @prev cannot match.
 */
void sim_hart_lose_event(struct sim_hart *s, unsigned int idx, uint64_t value);

/* Width mask of counter @idx. */
uint64_t sim_hart_width_mask(const struct sim_hart *s, unsigned int idx);

#endif
