/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Delivery and completion: choosing the event to run (section "Software
 * Event Priority"), redirecting the hart to its handler (section
 * "Software Event Injection") and resuming what it interrupted (section
 * "Software Event Completion", FID 6). The state transformations are
 * done here on struct sse_regs; the HAL only reads and writes it.
 */
#include "sse_internal.h"

#define FLAG_SPP  SBI_SSE_ATTR_INTERRUPTED_FLAGS_SSTATUS_SPP
#define FLAG_SPIE SBI_SSE_ATTR_INTERRUPTED_FLAGS_SSTATUS_SPIE
#define FLAG_SPV  SBI_SSE_ATTR_INTERRUPTED_FLAGS_HSTATUS_SPV
#define FLAG_SPVP SBI_SSE_ATTR_INTERRUPTED_FLAGS_HSTATUS_SPVP

/*
 * INTERRUPTED_FLAGS of the state @r. SPELP and SDT stay 0: we offer
 * neither Zicfilp nor Ssdbltrp to S-mode.
 */
static uint64_t sse_flags_of(const struct sse_regs *r, bool h_ext)
{
	uint64_t flags = 0;

	if (r->spp)
		flags |= FLAG_SPP;
	if (r->spie)
		flags |= FLAG_SPIE;
	if (h_ext && r->spv)
		flags |= FLAG_SPV;
	if (h_ext && r->spvp)
		flags |= FLAG_SPVP;
	return flags;
}

/* "Redirect execution to supervisor event handler", step by step. */
static void sse_regs_enter(struct sse_regs *r, const struct sse_event *ev,
			   uint64_t hartid, bool h_ext)
{
	r->a6 = hartid;
	r->a7 = ev->entry_arg;
	r->sepc = r->pc;
	r->spp = r->s_mode;
	r->spie = r->sie;
	r->sie = false;
	if (h_ext) {
		r->spv = r->virt;
		if (r->spv)
			r->spvp = r->spp;
	}
	r->virt = false;
	r->s_mode = true;
	r->pc = ev->entry_pc;
}

/* "Software Event Completion", step by step (SPELP/SDT: not offered). */
static void sse_regs_resume(struct sse_regs *r, const struct sse_event *ev,
			    bool h_ext)
{
	r->pc = r->sepc;
	r->s_mode = r->spp;
	if (h_ext) {
		r->virt = r->spv;
		r->spv = (ev->flags & FLAG_SPV) != 0;
		r->spvp = (ev->flags & FLAG_SPVP) != 0;
	}
	r->sie = r->spie;
	r->spie = (ev->flags & FLAG_SPIE) != 0;
	r->spp = (ev->flags & FLAG_SPP) != 0;
	r->a7 = ev->a7;
	r->a6 = ev->a6;
	r->sepc = ev->sepc;
}

/* Save the interrupted state into @ev, enter its handler, push it. */
static void sse_enter(struct sse_hart *h, struct sse_event *ev)
{
	const struct sse_core *core = h->core;
	struct sse_regs r;

	core->hal->regs_read(h->hal_ctx, &r);
	ev->flags = sse_flags_of(&r, core->hw.h_ext);
	ev->sepc = r.sepc;
	ev->a6 = r.a6;
	ev->a7 = r.a7;
	sse_regs_enter(&r, ev, h->hartid, core->hw.h_ext);
	core->hal->regs_write(h->hal_ctx, &r);
	/* "cleared when the software event is moved to RUNNING state" */
	ev->pending = false;
	ev->state = SBI_SSE_STATE_RUNNING;
	ev->runner = h;
	h->running[h->depth++] = ev;
}

/* Signals other harts left for this one's local events. */
static void sse_take_signals(struct sse_hart *h)
{
	uint32_t s = __atomic_exchange_n(&h->signals, 0, __ATOMIC_ACQUIRE);
	unsigned int slot;

	for (slot = 0; slot < SSE_LOCAL_EVENTS; slot++)
		if ((s >> slot) & 1)
			sse_event_signal(&h->local[slot]);
}

static bool sse_ready(const struct sse_event *ev)
{
	return ev->state == SBI_SSE_STATE_ENABLED && ev->pending;
}

/* The highest-priority event ready to run on @h (core lock held). */
static struct sse_event *sse_pick(struct sse_hart *h)
{
	struct sse_event *best = NULL;
	unsigned int i;

	for (i = 0; i < SSE_LOCAL_EVENTS; i++) {
		struct sse_event *ev = &h->local[i];

		if (sse_ready(ev) && (!best || sse_event_outranks(ev, best)))
			best = ev;
	}
	/* A global event runs on its preferred hart (docs/sse.md). */
	for (i = 0; i < SSE_GLOBAL_EVENTS; i++) {
		struct sse_event *ev = &h->core->global[i];

		if (sse_ready(ev) && ev->hart == h->hartid &&
		    (!best || sse_event_outranks(ev, best)))
			best = ev;
	}
	return best;
}

bool sse_hart_deliver(struct sse_hart *h)
{
	struct sse_event *ev, *top;
	bool go;

	sse_take_signals(h);
	if (h->masked)
		return false;
	sse_lock(h->core);
	ev = sse_pick(h);
	top = h->depth ? h->running[h->depth - 1] : NULL;
	/* "A higher priority software event ... always preempts" */
	go = ev && (!top || sse_event_outranks(ev, top));
	if (go)
		sse_enter(h, ev);
	sse_unlock(h->core);
	return go;
}

int sse_complete(struct sse_hart *h, bool *resumed)
{
	const struct sse_core *core = h->core;
	struct sse_event *ev;
	struct sse_regs r;

	*resumed = false;
	/* "If there were no events in RUNNING state ... does nothing" */
	if (!h->depth)
		return SBI_SUCCESS;
	sse_lock(h->core);
	/* The top of the stack is the highest-priority running event. */
	ev = h->running[--h->depth];
	h->running[h->depth] = NULL;
	ev->runner = NULL;
	if (ev->config & SBI_SSE_ATTR_CONFIG_ONESHOT)
		sse_event_deactivate(h, ev);
	else
		ev->state = SBI_SSE_STATE_ENABLED;
	core->hal->regs_read(h->hal_ctx, &r);
	sse_regs_resume(&r, ev, core->hw.h_ext);
	core->hal->regs_write(h->hal_ctx, &r);
	sse_unlock(h->core);
	*resumed = true;
	return SBI_SUCCESS;
}
