/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The groups of checks, in the order main.c runs them. Each group cleans
 * up after itself (every counter it touched is stopped and reset), so
 * the groups are independent and any prefix can be skipped on a resumed
 * run. Groups that may crash a firmware come last.
 */
#ifndef CONFORMANCE_GROUPS_H
#define CONFORMANCE_GROUPS_H

void base_run(void);
void abi_run(void);
/* Before any SBI call (main.c), then the group judging what it saw. */
void handoff_observe(void);
void handoff_run(void);
void get_info_run(void);
void cfg_match_run(void);
void cfg_match_sets_run(void);
void start_stop_run(void);
void fw_counter_run(void);
void carry_run(void);
void snapshot_run(void);
void event_info_run(void);
void overflow_run(void);
void cdeleg_run(void);
void smp_run(void);
void hfence_run(void);
void hfence_smp_run(void);
void fw_traps_run(void);
void hostile_fid_run(unsigned long fid);
void hostile_shmem_run(void);
void skip_match_fw_on_hw_run(void);
void skip_match_hw_on_fw_run(void);
void u32_args_run(void);
void sse_run(void);
void sse_smp_run(void);
void sse_pmu_run(void);
void legacy_run(void);
void legacy_fw_events_run(void);
void legacy_hart_mask_run(void);

#endif
