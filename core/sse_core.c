/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The SSE core's set-up and the pieces every function shares: the event
 * ID space (which IDs are ours, which are standard but not offered,
 * which are reserved), hart lookup, the lock, and the rules for leaving
 * and entering the active states.
 */
#include "sse_internal.h"

int sse_core_init(struct sse_core *core, const struct sse_hw_desc *hw,
		  const struct sse_hal_ops *hal,
		  const struct sse_platform_ops *plat, void *plat_ctx)
{
	unsigned int i;

	if (!hal || !plat || !hal->regs_read || !hal->regs_write ||
	    !plat->shmem_map || (hw->xlen != 32 && hw->xlen != 64) ||
	    (hw->pmu_overflow && !hal->pmu_route))
		return SBI_ERR_INVALID_PARAM;
	*core = (struct sse_core){
		.hal = hal,
		.plat = plat,
		.plat_ctx = plat_ctx,
		.hw = *hw,
		.xlen_mask = hw->xlen == 64 ? ~0ULL : 0xFFFFFFFFULL,
	};
	for (i = 0; i < SSE_GLOBAL_EVENTS; i++)
		core->global[i].id = SBI_SSE_EVENT_GLOBAL_SOFTWARE;
	return SBI_SUCCESS;
}

static void sse_local_init(struct sse_hart *h)
{
	h->local[SSE_SLOT_PMU] = (struct sse_event){
		.id = SBI_SSE_EVENT_LOCAL_PMU_OVERFLOW,
		.hart = h->hartid,
	};
	h->local[SSE_SLOT_SOFTWARE] = (struct sse_event){
		.id = SBI_SSE_EVENT_LOCAL_SOFTWARE,
		.hart = h->hartid,
	};
}

int sse_hart_add(struct sse_core *core, struct sse_hart *h, uint64_t hartid,
		 void *hal_ctx)
{
	unsigned int i;

	/*
	 * More than one hart needs a way to reach the others. Without the
	 * platform's hart_find the core keeps the harts itself, up to
	 * SSE_MAX_HARTS.
	 */
	if ((!core->plat->hart_find && core->n_harts >= SSE_MAX_HARTS) ||
	    sse_hart_find(core, hartid) || (core->n_harts && !core->hal->kick))
		return SBI_ERR_INVALID_PARAM;
	*h = (struct sse_hart){
		.core = core,
		.hal_ctx = hal_ctx,
		.hartid = hartid,
		.masked = true,
	};
	sse_local_init(h);
	/* PREFERRED_HART: "reset value ... is SBI implementation specific". */
	if (!core->n_harts)
		for (i = 0; i < SSE_GLOBAL_EVENTS; i++)
			core->global[i].hart = hartid;
	if (!core->plat->hart_find)
		core->harts[core->n_harts] = h;
	core->n_harts++;
	return SBI_SUCCESS;
}

struct sse_hart *sse_hart_find(const struct sse_core *core, uint64_t hartid)
{
	unsigned int i;

	if (core->plat->hart_find) {
		struct sse_hart *h =
			core->plat->hart_find(core->plat_ctx, hartid);

		/* only a hart sse_hart_add() set up for this core */
		return h && h->core == core && h->hartid == hartid ? h : NULL;
	}
	for (i = 0; i < core->n_harts; i++)
		if (core->harts[i]->hartid == hartid)
			return core->harts[i];
	return NULL;
}

/*
 * The standard events of table "SSE Event ID Space" that we do not
 * offer: valid, so NOT_SUPPORTED rather than INVALID_PARAM.
 */
static bool sse_id_standard_unoffered(uint32_t id)
{
	switch (id) {
	case SBI_SSE_EVENT_LOCAL_HIGH_PRIO_RAS:
	case SBI_SSE_EVENT_LOCAL_DOUBLE_TRAP:
	case SBI_SSE_EVENT_GLOBAL_HIGH_PRIO_RAS:
	case SBI_SSE_EVENT_LOCAL_LOW_PRIO_RAS:
	case SBI_SSE_EVENT_GLOBAL_LOW_PRIO_RAS:
		return true;
	default:
		return false;
	}
}

int sse_event_find(struct sse_hart *h, uint32_t event_id, struct sse_event **ev)
{
	switch (event_id) {
	case SBI_SSE_EVENT_LOCAL_PMU_OVERFLOW:
		/* "depends on overflow IRQ": missing hardware dependency. */
		if (!h->core->hw.pmu_overflow)
			return SBI_ERR_NOT_SUPPORTED;
		*ev = &h->local[SSE_SLOT_PMU];
		return SBI_SUCCESS;
	case SBI_SSE_EVENT_LOCAL_SOFTWARE:
		*ev = &h->local[SSE_SLOT_SOFTWARE];
		return SBI_SUCCESS;
	case SBI_SSE_EVENT_GLOBAL_SOFTWARE:
		*ev = &h->core->global[0];
		return SBI_SUCCESS;
	default:
		/*
		 * Reserved ranges, and platform-specific ones: this platform
		 * defines none, so those IDs are not valid here either.
		 */
		return sse_id_standard_unoffered(event_id)
			       ? SBI_ERR_NOT_SUPPORTED
			       : SBI_ERR_INVALID_PARAM;
	}
}

void sse_lock(struct sse_core *core)
{
	while (__atomic_exchange_n(&core->lock, 1, __ATOMIC_ACQUIRE))
		;
}

void sse_unlock(struct sse_core *core)
{
	__atomic_store_n(&core->lock, 0, __ATOMIC_RELEASE);
}

void sse_event_lock(struct sse_hart *h, const struct sse_event *ev)
{
	if (sse_event_is_global(ev))
		sse_lock(h->core);
}

void sse_event_unlock(struct sse_hart *h, const struct sse_event *ev)
{
	if (sse_event_is_global(ev))
		sse_unlock(h->core);
}

uint64_t sse_event_status(const struct sse_event *ev)
{
	/* Every event we offer may be injected (STATUS bit 3). */
	uint64_t status = ev->state | SBI_SSE_ATTR_STATUS_INJECT;

	if (ev->pending)
		status |= SBI_SSE_ATTR_STATUS_PENDING;
	return status;
}

bool sse_event_signal(struct sse_event *ev)
{
	/*
	 * A source signalling an event that is not ready leaves no trace:
	 * "A software event is delivered only after supervisor software
	 * has registered an event handler and enabled the software event".
	 */
	if (ev->state != SBI_SSE_STATE_ENABLED &&
	    ev->state != SBI_SSE_STATE_RUNNING)
		return false;
	ev->pending = true;
	return true;
}

static bool sse_event_is_pmu(const struct sse_event *ev)
{
	return ev->id == SBI_SSE_EVENT_LOCAL_PMU_OVERFLOW;
}

void sse_event_activate(struct sse_hart *h, struct sse_event *ev)
{
	ev->state = SBI_SSE_STATE_ENABLED;
	if (sse_event_is_pmu(ev))
		h->core->hal->pmu_route(h->hal_ctx, true, false);
}

void sse_event_deactivate(struct sse_hart *h, struct sse_event *ev)
{
	bool repost = ev->pending;

	ev->state = SBI_SSE_STATE_REGISTERED;
	ev->pending = false;
	if (sse_event_is_pmu(ev))
		h->core->hal->pmu_route(h->hal_ctx, false, repost);
}

/* A running global event this hart leaves: ENABLED again, not pending. */
static void sse_hart_abandon_global(struct sse_hart *h)
{
	unsigned int i;

	sse_lock(h->core);
	for (i = 0; i < SSE_GLOBAL_EVENTS; i++) {
		struct sse_event *ev = &h->core->global[i];

		if (ev->state == SBI_SSE_STATE_RUNNING && ev->runner == h) {
			ev->state = SBI_SSE_STATE_ENABLED;
			ev->runner = NULL;
		}
	}
	sse_unlock(h->core);
}

void sse_hart_reset(struct sse_hart *h)
{
	unsigned int i;

	for (i = 0; i < SSE_LOCAL_EVENTS; i++) {
		struct sse_event *ev = &h->local[i];

		if (ev->state >= SBI_SSE_STATE_ENABLED)
			sse_event_deactivate(h, ev);
	}
	sse_hart_abandon_global(h);
	sse_local_init(h);
	__atomic_store_n(&h->signals, 0, __ATOMIC_RELAXED);
	for (i = 0; i < SSE_MAX_RUNNING; i++)
		h->running[i] = NULL;
	h->depth = 0;
	h->masked = true;
}
