/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The firmware side of SSE (sse_hw.c): the SSE core's hooks on real
 * CSRs and the trap frame, the extension's entry from the dispatcher,
 * delivery on the way back to S-mode, and the counter-overflow
 * interrupt taken in M-mode while the PMU overflow event is enabled.
 */
#ifndef FW_SSE_HW_H
#define FW_SSE_HW_H

#include <stdbool.h>

#include <sbipmu/sbi_spec.h>

#include "rt/hart.h"

/*
 * Boot hart, once the harts are known: set up the SSE core for every hart
 * in @harts (those of the device tree and those that checked in, so a
 * late one finds its state). @pmu_overflow: the PMU core is up and the
 * harts have Sscofpmf, so the PMU overflow event can be offered. @plat:
 * the platform hooks the core is given (ext/core_plat.c; passed in by the
 * boot, so that this file and core_plat.c, which hands PMU overflows to
 * fw_sse_pmu_overflow(), do not depend on each other both ways). Returns
 * SBI_SUCCESS or the core's error (SSE is then not offered).
 */
struct sse_platform_ops;
int fw_sse_setup(bool pmu_overflow, const struct sse_platform_ops *plat);

/* Is the PMU overflow event offered (for the banner)? */
bool fw_sse_pmu_event(void);

/* The SSE extension (EID 0x535345) for the dispatcher. */
struct sbiret fw_sse_ecall(struct fw_hart *h, unsigned long fid,
			   const unsigned long a[6]);

/*
 * On the way back from an SBI call whose argument registers are @a
 * (&frame->x[10], as entry.S passes them), with h->sse_work set: if
 * COMPLETE resumed an interrupted context the call's result gives way to
 * the a0/a1 S-mode had; then deliver what is due.
 */
struct sbiret fw_sse_ecall_exit(struct fw_hart *h, const unsigned long a[6],
				struct sbiret ret);

/* On the way back from any other trap, with h->sse_work set. */
void fw_sse_trap_exit(struct fw_hart *h, struct fw_trap_regs *regs);

/* The counter-overflow interrupt (13) reached M-mode on @h. */
void fw_sse_lcofi(struct fw_hart *h);

/* The PMU core's overflow hook, through the platform (calling hart). */
void fw_sse_pmu_overflow(void);

/* HSM stop/start: the hart's S-mode context is gone. */
void fw_sse_hart_reset(struct fw_hart *h);

#endif
