/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The event state machine (section "Software Event States" and its
 * figure): REGISTER, UNREGISTER, ENABLE, DISABLE, INJECT, and the hart's
 * mask (HART_MASK / HART_UNMASK). Each function finds the event first
 * (INVALID_PARAM / NOT_SUPPORTED), then checks its arguments, then the
 * state (INVALID_STATE), and changes nothing until all of it passed.
 * Delivery itself happens on the way back to S-mode (sse_deliver.c).
 */
#include "sse_internal.h"

/* "handler_entry_pc ... MUST be 2-bytes aligned", and runnable at all. */
static bool sse_entry_pc_ok(const struct sse_core *core, uint64_t pc)
{
	if (pc & 1)
		return false;
	return !core->plat->entry_ok ||
	       core->plat->entry_ok(core->plat_ctx, pc);
}

int sse_register(struct sse_hart *h, uint32_t event_id, uint64_t entry_pc,
		 uint64_t entry_arg)
{
	struct sse_event *ev;
	int rc = sse_event_find(h, event_id, &ev);

	if (rc)
		return rc;
	if (!sse_entry_pc_ok(h->core, entry_pc))
		return SBI_ERR_INVALID_PARAM;
	sse_event_lock(h, ev);
	if (ev->state != SBI_SSE_STATE_UNUSED) {
		rc = SBI_ERR_INVALID_STATE;
	} else {
		ev->entry_pc = entry_pc;
		ev->entry_arg = entry_arg;
		ev->state = SBI_SSE_STATE_REGISTERED;
	}
	sse_event_unlock(h, ev);
	return rc;
}

int sse_unregister(struct sse_hart *h, uint32_t event_id)
{
	struct sse_event *ev;
	int rc = sse_event_find(h, event_id, &ev);

	if (rc)
		return rc;
	sse_event_lock(h, ev);
	if (ev->state != SBI_SSE_STATE_REGISTERED) {
		rc = SBI_ERR_INVALID_STATE;
	} else {
		/*
		 * No handler any more: ENTRY_* and INTERRUPTED_* go back to
		 * their reset value 0. PRIORITY, CONFIG and PREFERRED_HART
		 * may be written while UNUSED, so they stay as written.
		 */
		ev->entry_pc = ev->entry_arg = 0;
		ev->sepc = ev->flags = ev->a6 = ev->a7 = 0;
		ev->state = SBI_SSE_STATE_UNUSED;
	}
	sse_event_unlock(h, ev);
	return rc;
}

int sse_enable(struct sse_hart *h, uint32_t event_id)
{
	struct sse_event *ev;
	int rc = sse_event_find(h, event_id, &ev);

	if (rc)
		return rc;
	sse_event_lock(h, ev);
	if (ev->state != SBI_SSE_STATE_REGISTERED)
		rc = SBI_ERR_INVALID_STATE;
	else
		sse_event_activate(h, ev);
	sse_event_unlock(h, ev);
	return rc;
}

int sse_disable(struct sse_hart *h, uint32_t event_id)
{
	struct sse_event *ev;
	int rc = sse_event_find(h, event_id, &ev);

	if (rc)
		return rc;
	sse_event_lock(h, ev);
	/* Only ENABLED: a RUNNING event leaves through COMPLETE. */
	if (ev->state != SBI_SSE_STATE_ENABLED)
		rc = SBI_ERR_INVALID_STATE;
	else
		sse_event_deactivate(h, ev);
	sse_event_unlock(h, ev);
	return rc;
}

/* The global event @ev signalled; its preferred hart is told if remote. */
static void sse_inject_global(struct sse_hart *h, struct sse_event *ev)
{
	struct sse_hart *target;
	bool signalled;

	sse_lock(h->core);
	signalled = sse_event_signal(ev);
	target = sse_hart_find(h->core, ev->hart);
	sse_unlock(h->core);
	if (signalled && target && target != h)
		h->core->hal->kick(target->hal_ctx);
}

/*
 * Local event slot @slot signalled on @target: directly on the calling
 * hart; on another hart through its signal word, which it takes on its
 * way back to S-mode (local state belongs to its own hart alone).
 */
static void sse_inject_local(struct sse_hart *h, struct sse_hart *target,
			     unsigned int slot)
{
	if (target == h) {
		sse_event_signal(&h->local[slot]);
		return;
	}
	__atomic_or_fetch(&target->signals, 1U << slot, __ATOMIC_RELEASE);
	h->core->hal->kick(target->hal_ctx);
}

int sse_inject(struct sse_hart *h, uint32_t event_id, uint64_t hart_id)
{
	struct sse_event *ev;
	struct sse_hart *target;
	int rc = sse_event_find(h, event_id, &ev);

	if (rc)
		return rc;
	/* "For global events, the hart_id parameter is ignored." */
	if (sse_event_is_global(ev)) {
		sse_inject_global(h, ev);
		return SBI_SUCCESS;
	}
	target = sse_hart_find(h->core, hart_id);
	if (!target)
		return SBI_ERR_INVALID_PARAM;
	sse_inject_local(h, target, (unsigned int)(ev - h->local));
	return SBI_SUCCESS;
}

int sse_hart_unmask(struct sse_hart *h)
{
	if (!h->masked)
		return SBI_ERR_ALREADY_STARTED;
	h->masked = false;
	return SBI_SUCCESS;
}

int sse_hart_mask(struct sse_hart *h)
{
	if (h->masked)
		return SBI_ERR_ALREADY_STOPPED;
	h->masked = true;
	return SBI_SUCCESS;
}

bool sse_pmu_overflow(struct sse_hart *h)
{
	if (!h->core->hw.pmu_overflow)
		return false;
	return sse_event_signal(&h->local[SSE_SLOT_PMU]);
}
