/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A simulated platform for the SSE core's host tests: up to
 * SIM_SSE_HARTS harts, each with the supervisor state it resumes in
 * (struct sse_regs), the result registers S-mode sees, the routing of
 * its counter-overflow interrupt and a doorbell; simulated memory as for
 * the PMU (sim_mem.h). sim_sse_ecall() handles an SSE call the way the
 * firmware does (trap: a6/a7 hold FID/EID, pc steps over the ecall;
 * decode; a0/a1 written unless COMPLETE resumed; delivery on the way
 * back), then checks that no byte outside an accepted shared-memory
 * range changed. Hart i has hart id SIM_SSE_HARTID(i), not i, so that
 * ids and indices are never confused.
 */
#ifndef SBIPMU_SIM_SSE_H
#define SBIPMU_SIM_SSE_H

#include <sbipmu/sbi_sse_ecall.h>
#include <sbipmu/sse.h>

#include "sim_mem.h"

#define SIM_SSE_HARTS	  4
#define SIM_SSE_HARTID(i) (10UL + (i))

struct sim_sse_cfg {
	unsigned int xlen; /* 32 or 64 */
	bool pmu_overflow; /* Sscofpmf */
	bool h_ext;
	unsigned int harts;
	bool entry_hook; /* offer entry_ok: refuse firmware memory */
};

struct sim_sse_hart {
	struct sse_regs regs; /* the state the hart resumes in */
	unsigned long a0, a1; /* what S-mode finds in a0/a1 */
	bool routed;	      /* overflow interrupt taken by the firmware */
	bool lcofip;	      /* overflow pending for S-mode's interrupt */
	bool ipi;	      /* doorbell rung, not yet taken */
	unsigned int kicks;   /* doorbells rung */
	unsigned int reposts; /* overflows handed back to S-mode */
};

struct sim_sse {
	struct sim_sse_cfg cfg;
	struct sim_mem mem;
	struct sse_core core;
	struct sse_hart hart[SIM_SSE_HARTS];
	struct sim_sse_hart sim[SIM_SSE_HARTS];
	struct sse_platform_ops plat;
	uint8_t *before;
};

/* RV64, Sscofpmf, no H, one hart, no entry hook. */
struct sim_sse_cfg sim_sse_default_cfg(void);

int sim_sse_init(struct sim_sse *s, const struct sim_sse_cfg *cfg);
void sim_sse_free(struct sim_sse *s);

/* One SSE call from hart @hart, as the firmware handles it. */
struct sbiret sim_sse_ecall(struct sim_sse *s, unsigned int hart,
			    unsigned long fid, unsigned long a0,
			    unsigned long a1, unsigned long a2,
			    unsigned long a3, unsigned long a4,
			    unsigned long a5);

/*
 * A counter overflow on @hart: if routed to the firmware, the trap, the
 * SSE signal and the way back; otherwise it stays pending for S-mode.
 */
void sim_sse_overflow(struct sim_sse *s, unsigned int hart);

/* Every rung doorbell: the trap on its hart and the way back. */
void sim_sse_take_ipis(struct sim_sse *s);

/* Bytes changed outside accepted shared memory so far (must stay 0). */
size_t sim_sse_violations(const struct sim_sse *s);

#endif
