/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The SBI PMU calls as the suite makes them: one wrapper per function of
 * the spec's table 20, with 64-bit arguments split into two registers on
 * RV32 exactly as the spec's calling convention says (event_data in
 * a4/a5 for CFG_MATCH, initial_value in a3/a4 for START), plus pmu_call()
 * for deliberately malformed calls. And the few helpers every group uses.
 */
#ifndef CONFORMANCE_PMU_H
#define CONFORMANCE_PMU_H

#include <stdbool.h>
#include <stdint.h>

#include <sbipmu/pmu_spec.h>
#include <sbipmu/sbi_spec.h>

#include "check.h"

#define XLEN	       __riscv_xlen
#define ULONG_ALL_ONES (~0UL)
#define ULONG_MSB      (1UL << (XLEN - 1))

#define EV(type, code)	(((unsigned long)(type) << 16) | (unsigned long)(code))
#define EV_CYCLES	EV(SBI_PMU_EVENT_TYPE_HW, SBI_PMU_HW_CPU_CYCLES)
#define EV_INSTRUCTIONS EV(SBI_PMU_EVENT_TYPE_HW, SBI_PMU_HW_INSTRUCTIONS)
#define EV_FW(code)	EV(SBI_PMU_EVENT_TYPE_FW, code)
#define EV_SET_TIMER	EV_FW(SBI_PMU_FW_SET_TIMER)
/* A cache event: cache id, op id, result id (table 3-5). */
#define EV_CACHE(id, op, res)                                                  \
	EV(SBI_PMU_EVENT_TYPE_HW_CACHE, ((id) << 3) | ((op) << 1) | (res))

/* A far-future deadline: set_timer with it never fires. */
#define TIMER_NEVER (~0ULL)

/* The set of counters: bit i of mask stands for counter base + i. */
struct ctr_set {
	unsigned long base;
	unsigned long mask;
};

struct sbiret pmu_call(unsigned long fid, unsigned long a0, unsigned long a1,
		       unsigned long a2, unsigned long a3, unsigned long a4,
		       unsigned long a5);
struct sbiret pmu_num_counters(void);
struct sbiret pmu_get_info(unsigned long idx);
struct sbiret pmu_cfg_match(unsigned long cbase, unsigned long cmask,
			    unsigned long flags, unsigned long event,
			    uint64_t data);
struct sbiret pmu_start(unsigned long cbase, unsigned long cmask,
			unsigned long flags, uint64_t value);
struct sbiret pmu_stop(unsigned long cbase, unsigned long cmask,
		       unsigned long flags);
struct sbiret pmu_fw_read(unsigned long idx);
struct sbiret pmu_fw_read_hi(unsigned long idx);
struct sbiret pmu_snapshot_set(unsigned long lo, unsigned long hi,
			       unsigned long flags);
struct sbiret pmu_event_info(unsigned long lo, unsigned long hi,
			     unsigned long num, unsigned long flags);

/*
 * CFG_MATCH on a set. Every match that must land inside its set goes
 * through here or pmu_match_one(), so a result outside the set is always
 * seen (env_note_match) and judged by cfg_match.result_in_set. Direct
 * pmu_cfg_match() calls: the malformed sets of sets.c, and event_info.c,
 * which needs event_data and notes its results itself.
 */
struct sbiret pmu_match_set(struct ctr_set set, unsigned long flags,
			    unsigned long event);

/* The single-counter forms most checks use. */
struct sbiret pmu_match_one(unsigned long idx, unsigned long flags,
			    unsigned long event);
struct sbiret pmu_start_one(unsigned long idx, unsigned long flags,
			    uint64_t value);
struct sbiret pmu_stop_one(unsigned long idx, unsigned long flags);

/*
 * A firmware counter configured for @event with @flags, chosen by
 * CFG_MATCH among all firmware counters; -1 if the match failed.
 */
long pmu_fw_configure(unsigned long flags, unsigned long event);

/* STOP with RESET, result ignored: give the counter back. */
void pmu_release(unsigned long idx);
/* pmu_release() on every valid counter. */
void pmu_release_all(void);

/* NUM_COUNTERS still answers, and with the value discovered at start. */
bool pmu_alive(void);

/*
 * check_error() for a call made with hostile arguments: additionally
 * FAILs if the firmware no longer answers NUM_COUNTERS correctly.
 */
bool pmu_check_alive(const char *name, const char *why, errset_t accept,
		     struct sbiret got);

/*
 * The full value of firmware counter @idx: FW_READ, and on RV32 with
 * SBI >= 2.0 also FW_READ_HI. Returns the first error.
 */
long pmu_fw_value(unsigned long idx, uint64_t *value);

/*
 * Stop firmware counter @idx of this hart, read it (pmu_fw_value()) and
 * release it: its count. ~0 if @idx is negative (no counter was found).
 */
uint64_t pmu_fw_take(long idx);

/* Issue @n TIME set_timer calls with a deadline that never fires. */
void pmu_set_timer_calls(unsigned int n);

#endif
