/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The porting interface of the SSE core: what it needs from the hart it
 * runs on (struct sse_hal_ops), from the platform (struct
 * sse_platform_ops), and the description of the hardware (struct
 * sse_hw_desc). As with pmu_hal.h, the core touches hardware and memory
 * only through these hooks; firmware implements them on real CSRs and
 * its trap frame, the tests on a simulated hart. sse_core_init() refuses
 * a table without its mandatory hooks.
 */
#ifndef SBIPMU_SSE_HAL_H
#define SBIPMU_SSE_HAL_H

#include <stdbool.h>
#include <stdint.h>

/*
 * The supervisor state that delivering an event saves and completing it
 * restores (sections "Software Event Injection" and "Software Event
 * Completion"), as the hart will resume when the firmware returns to it.
 * Privilege is S or U only: events are delivered from S/U-mode.
 */
struct sse_regs {
	uint64_t pc;	 /* where the hart resumes (mepc) */
	uint64_t sepc;	 /* sepc CSR */
	uint64_t a6, a7; /* the GPRs */
	bool s_mode;	 /* resumes in S (or VS) rather than U (or VU) */
	bool virt;	 /* resumes with the virtualisation mode V = 1 */
	bool sie;	 /* sstatus.SIE */
	bool spie;	 /* sstatus.SPIE */
	bool spp;	 /* sstatus.SPP */
	bool spv;	 /* hstatus.SPV (H extension only) */
	bool spvp;	 /* hstatus.SPVP (H extension only) */
};

/*
 * Hart hooks. @ctx is the per-hart context given to sse_hart_add(). All
 * of them act on the calling hart except kick(), which targets @ctx.
 */
struct sse_hal_ops {
	/* MANDATORY: read / replace the state the calling hart resumes in. */
	void (*regs_read)(void *ctx, struct sse_regs *r);
	void (*regs_write)(void *ctx, const struct sse_regs *r);
	/*
	 * OPTIONAL (required with more than one hart): make hart @ctx look
	 * for deliverable events soon (an IPI); never waits for it.
	 */
	void (*kick)(void *ctx);
	/*
	 * OPTIONAL (required when the PMU overflow event is offered): take
	 * the calling hart's counter-overflow interrupt in the firmware
	 * (@to_sse) or give it back to S-mode. With @repost, an overflow the
	 * SSE event had recorded but not delivered is left pending for
	 * S-mode's ordinary interrupt, so switching SSE off loses nothing.
	 */
	void (*pmu_route)(void *ctx, bool to_sse, bool repost);
};

/* Platform hooks. @ctx is the platform context given to sse_core_init(). */
struct sse_hart;

struct sse_platform_ops {
	/*
	 * MANDATORY: the firmware's pointer to [addr, addr + size) of
	 * supervisor RAM, or NULL if any byte is not RAM S-mode owns (the
	 * same contract as pmu_platform_ops.shmem_map).
	 */
	void *(*shmem_map)(void *ctx, uint64_t addr, uint64_t size);
	/*
	 * OPTIONAL: false when S-mode could not possibly execute a handler
	 * at @pc (a virtual address), e.g. the firmware's own memory.
	 */
	bool (*entry_ok)(void *ctx, uint64_t pc);
	/*
	 * OPTIONAL: the state of hart @hartid as given to sse_hart_add(), or
	 * NULL if there is no such hart. With it the core keeps no table of
	 * harts of its own and serves any number (without: SSE_MAX_HARTS).
	 */
	struct sse_hart *(*hart_find)(void *ctx, uint64_t hartid);
};

/* What every hart offers, known at boot. */
struct sse_hw_desc {
	unsigned int xlen; /* 32 or 64 */
	bool pmu_overflow; /* the PMU can signal overflow (Sscofpmf) */
	bool h_ext;	   /* the H extension is available to S-mode */
};

#endif
