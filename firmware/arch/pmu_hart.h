/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The PMU on this hart: the PMU core's hart hooks on real CSRs
 * (pmu_hal_csr.h, bound to the core at build time; pmu_hal_csr.c),
 * which implement the core's porting interface <sbipmu/pmu_hal.h>, and
 * the probes discover.c uses to find out which counter CSRs exist. All
 * PMU CSR access of the firmware is in those two files. The hooks keep
 * no per-hart state: their @hal_ctx is NULL.
 */
#ifndef FW_PMU_HART_H
#define FW_PMU_HART_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <sbipmu/pmu_hal.h>

extern const struct pmu_hal_ops fw_pmu_hal_ops;

/*
 * Tell the hooks what the hardware has (RV32 mhpmeventh needs Sscofpmf)
 * and whether the machine is QEMU virt (its overflow-timer quirk).
 */
void fw_pmu_hal_init(const struct pmu_hw_desc *hw, bool qemu, bool inhibit);

/*
 * Probes, each run with traps caught (a missing CSR traps or reads 0).
 * Counter @idx (0, 2, 3..31): true if it exists, *width its bits.
 * The counter is left inhibited-independent at 0.
 */
bool fw_pmu_hal_probe_counter(unsigned int idx, uint8_t *width);
/* mcountinhibit exists; on success every counter is inhibited. */
bool fw_pmu_hal_probe_inhibit(void);
/* scountovf (Sscofpmf) readable. */
bool fw_pmu_hal_probe_scountovf(void);
/* mcyclecfg (Smcntrpmf) readable. */
bool fw_pmu_hal_probe_cyclecfg(void);

/*
 * Each hart, before the next stage: cycle, time and instret count, the
 * programmable counters stopped (FW_MCOUNTINHIBIT_HANDOFF), on a hart
 * with mcountinhibit (@inhibit); with the PMU core or without.
 */
void fw_pmu_hal_handoff(bool inhibit);

#endif
