/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Declarations shared between the SSE core's files and nothing else:
 * event lookup, the lock, the rules every state change applies
 * (pending only while ENABLED or RUNNING, overflow routed to the
 * firmware exactly while the PMU event is ENABLED or RUNNING), and the
 * priority order.
 */
#ifndef SBIPMU_CORE_SSE_INTERNAL_H
#define SBIPMU_CORE_SSE_INTERNAL_H

#include <sbipmu/sse.h>

/* Where each local event lives in struct sse_hart.local[]. */
enum sse_local_slot {
	SSE_SLOT_PMU = 0,
	SSE_SLOT_SOFTWARE = 1,
};

/*
 * The event @event_id on hart @h: SBI_SUCCESS with *@ev, NOT_SUPPORTED
 * for a standard event we do not offer (or the PMU event without
 * overflow support), INVALID_PARAM for anything reserved or unknown.
 */
int sse_event_find(struct sse_hart *h, uint32_t event_id,
		   struct sse_event **ev);

static inline bool sse_event_is_global(const struct sse_event *ev)
{
	return (ev->id & SBI_SSE_EVENT_GLOBAL_BIT) != 0;
}

/* The hart with id @hartid, or NULL if the core does not know it. */
struct sse_hart *sse_hart_find(const struct sse_core *core, uint64_t hartid);

/* The core's lock; *_event_* take it only for a global event. */
void sse_lock(struct sse_core *core);
void sse_unlock(struct sse_core *core);
void sse_event_lock(struct sse_hart *h, const struct sse_event *ev);
void sse_event_unlock(struct sse_hart *h, const struct sse_event *ev);

/* Does @a go before @b ("Software Event Priority": value, then id)? */
static inline bool sse_event_outranks(const struct sse_event *a,
				      const struct sse_event *b)
{
	return a->prio < b->prio || (a->prio == b->prio && a->id < b->id);
}

/* Record a signal from the event source: pending if ENABLED/RUNNING. */
bool sse_event_signal(struct sse_event *ev);

/* REGISTERED -> ENABLED, the overflow routed to the firmware (PMU event). */
void sse_event_activate(struct sse_hart *h, struct sse_event *ev);

/*
 * ENABLED or RUNNING -> REGISTERED: the pending signal is dropped (for
 * the PMU event handed back to S-mode's interrupt, with the routing).
 */
void sse_event_deactivate(struct sse_hart *h, struct sse_event *ev);

#endif
