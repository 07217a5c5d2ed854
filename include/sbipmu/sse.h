/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The portable SSE core: the state machine behind the ten functions of
 * the SBI Supervisor Software Events extension, with typed arguments,
 * plus the two things the firmware drives from its trap paths: signals
 * from event sources (another hart's inject, a counter overflow) and
 * delivery, which redirects the hart to a handler before it returns to
 * S/U-mode. It never reads argument registers (sbi/sbi_sse_ecall.c does)
 * and never touches a CSR (the hooks of sse_hal.h do). Every function
 * checks all of its input before it changes anything and returns an SBI
 * error code.
 *
 * Events offered: the local PMU overflow event (with hw.pmu_overflow),
 * the local and the global software-injected events. Local events have
 * one state per hart (struct sse_hart, touched only by its own hart);
 * the global event has one state (struct sse_core), guarded by the
 * core's lock. A hart's running events form a stack: only an event of
 * higher priority can start while another runs, so the top is always
 * the highest-priority running event, the one COMPLETE finishes.
 */
#ifndef SBIPMU_SSE_H
#define SBIPMU_SSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sbi_spec.h"
#include "sse_hal.h"
#include "sse_spec.h"

#define SSE_LOCAL_EVENTS  2 /* PMU overflow, local software */
#define SSE_GLOBAL_EVENTS 1 /* global software */
#define SSE_MAX_RUNNING	  (SSE_LOCAL_EVENTS + SSE_GLOBAL_EVENTS)
#define SSE_MAX_HARTS	  32

struct sse_hart;

/* One event's attributes and state; values are kept narrowed to XLEN. */
struct sse_event {
	uint32_t id;
	uint8_t state; /* enum sbi_sse_state */
	bool pending;  /* only ever set while ENABLED or RUNNING */
	uint32_t prio;
	uint64_t config;
	uint64_t hart; /* PREFERRED_HART of a global event */
	uint64_t entry_pc;
	uint64_t entry_arg;
	uint64_t sepc; /* INTERRUPTED_SEPC, _FLAGS, _A6, _A7 */
	uint64_t flags;
	uint64_t a6;
	uint64_t a7;
	struct sse_hart *runner; /* the hart running it, while RUNNING */
};

struct sse_core {
	const struct sse_hal_ops *hal;
	const struct sse_platform_ops *plat;
	void *plat_ctx;
	struct sse_hw_desc hw;
	uint64_t xlen_mask;
	int lock; /* guards global[] (and their place on running stacks) */
	struct sse_event global[SSE_GLOBAL_EVENTS];
	unsigned int n_harts;
	struct sse_hart *harts[SSE_MAX_HARTS];
};

struct sse_hart {
	struct sse_core *core;
	void *hal_ctx;
	uint64_t hartid;
	bool masked;	  /* initially masked (FID 8's description) */
	uint32_t signals; /* local slots signalled by other harts (atomic) */
	unsigned int depth;
	struct sse_event *running[SSE_MAX_RUNNING];
	struct sse_event local[SSE_LOCAL_EVENTS];
};

/* ---- set-up (boot hart, before any other hart calls in) ---- */

/*
 * Check the hooks and the description; SBI_ERR_INVALID_PARAM on a bad
 * table (the caller reports it at boot).
 */
int sse_core_init(struct sse_core *core, const struct sse_hw_desc *hw,
		  const struct sse_hal_ops *hal,
		  const struct sse_platform_ops *plat, void *plat_ctx);

/*
 * Add hart @hartid (state in @h, hooks' context @hal_ctx): every event
 * UNUSED, events masked. The first hart added is the global events'
 * preferred hart until S-mode says otherwise. SBI_ERR_INVALID_PARAM if
 * the table is full or the id is taken.
 */
int sse_hart_add(struct sse_core *core, struct sse_hart *h, uint64_t hartid,
		 void *hal_ctx);

/*
 * The hart lost its S-mode context (HSM stop/start): its local events
 * back to UNUSED with reset attributes, overflow routed back to S-mode,
 * events masked, a global event it was running back to ENABLED.
 */
void sse_hart_reset(struct sse_hart *h);

/* ---- the SBI SSE functions, typed (FID in brackets) ---- */

/*
 * Shared-memory functions take the physical address as bits 63:0
 * (@addr) and 127:64 (@addr_above); values are XLEN/8 bytes each.
 */
int sse_read_attrs(struct sse_hart *h, uint32_t event_id, /* 0 */
		   uint32_t base_attr_id, uint32_t attr_count, uint64_t addr,
		   uint64_t addr_above);
int sse_write_attrs(struct sse_hart *h, uint32_t event_id, /* 1 */
		    uint32_t base_attr_id, uint32_t attr_count, uint64_t addr,
		    uint64_t addr_above);
int sse_register(struct sse_hart *h, uint32_t event_id, /* 2 */
		 uint64_t entry_pc, uint64_t entry_arg);
int sse_unregister(struct sse_hart *h, uint32_t event_id); /* 3 */
int sse_enable(struct sse_hart *h, uint32_t event_id);	   /* 4 */
int sse_disable(struct sse_hart *h, uint32_t event_id);	   /* 5 */
/*
 * (6) Finish the top running event and restore the state it
 * interrupted; *@resumed tells the caller that the hart now resumes
 * there, so the call's own a0/a1 must not be written.
 */
int sse_complete(struct sse_hart *h, bool *resumed);
int sse_inject(struct sse_hart *h, uint32_t event_id, /* 7 */
	       uint64_t hart_id);
int sse_hart_unmask(struct sse_hart *h); /* 8 */
int sse_hart_mask(struct sse_hart *h);	 /* 9 */

/* ---- driven by the firmware ---- */

/*
 * A counter overflow reached the firmware on the calling hart: the PMU
 * overflow event becomes pending if it is ENABLED or RUNNING. Returns
 * whether it did.
 */
bool sse_pmu_overflow(struct sse_hart *h);

/*
 * On the way back to S/U-mode: take signals from other harts, then, if
 * the hart is unmasked and a pending event outranks every running one,
 * redirect the hart to its handler. Returns whether it did.
 */
bool sse_hart_deliver(struct sse_hart *h);

/* ---- read-only views for banners and tests ---- */

/* STATUS attribute of @ev. */
uint64_t sse_event_status(const struct sse_event *ev);

#endif
