/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * READ_ATTRS (FID 0) and WRITE_ATTRS (FID 1): the attributes of table
 * "SSE Event Attributes", moved through supervisor memory as XLEN-bit
 * little-endian words, attribute base_attr_id + i in word i (docs/sse.md
 * says why not at word base_attr_id + i). Check order for both: the
 * event (INVALID_PARAM / NOT_SUPPORTED), attr_count 0 (INVALID_PARAM),
 * the ID range (BAD_RANGE), the memory (INVALID_ADDRESS). A write then
 * copies every value out of supervisor memory once, checks them in
 * attribute order (first error wins: DENIED, INVALID_PARAM,
 * INVALID_STATE) and only then stores all of them.
 */
#include <sbipmu/sbi_shmem.h>

#include "sse_internal.h"

#define SSE_ATTR_BYTES(core) ((core)->hw.xlen / 8)

/* Shared checks of FIDs 0 and 1; *@mem is the validated memory. */
static int sse_attr_prepare(struct sse_hart *h, uint32_t event_id,
			    uint32_t base, uint32_t count, uint64_t addr,
			    uint64_t addr_above, struct sse_event **ev,
			    void **mem)
{
	const struct sse_core *core = h->core;
	int rc = sse_event_find(h, event_id, ev);

	if (rc)
		return rc;
	if (!count)
		return SBI_ERR_INVALID_PARAM;
	/* 64-bit sum of two 32-bit values: cannot wrap. */
	if ((uint64_t)base + count > SBI_SSE_ATTR_COUNT)
		return SBI_ERR_BAD_RANGE;
	/* "output_phys_lo ... MUST be XLEN / 8 bytes aligned" */
	if (addr & (SSE_ATTR_BYTES(core) - 1))
		return SBI_ERR_INVALID_ADDRESS;
	*mem = sbi_shmem_map(core->plat->shmem_map, core->plat_ctx, addr,
			     addr_above, count, SSE_ATTR_BYTES(core));
	return *mem ? SBI_SUCCESS : SBI_ERR_INVALID_ADDRESS;
}

static uint64_t sse_word_get(const struct sse_core *core, const void *mem,
			     unsigned int i)
{
	if (core->hw.xlen == 32)
		return ((const volatile uint32_t *)mem)[i];
	return ((const volatile uint64_t *)mem)[i];
}

static void sse_word_put(const struct sse_core *core, void *mem, unsigned int i,
			 uint64_t v)
{
	if (core->hw.xlen == 32)
		((volatile uint32_t *)mem)[i] = (uint32_t)v;
	else
		((volatile uint64_t *)mem)[i] = v;
}

static uint64_t sse_attr_get(const struct sse_hart *h,
			     const struct sse_event *ev, unsigned int attr)
{
	switch (attr) {
	case SBI_SSE_ATTR_STATUS:
		return sse_event_status(ev);
	case SBI_SSE_ATTR_PRIORITY:
		return ev->prio;
	case SBI_SSE_ATTR_CONFIG:
		return ev->config;
	case SBI_SSE_ATTR_PREFERRED_HART:
		/* A local event's is the hart that owns it (read-only). */
		return sse_event_is_global(ev) ? ev->hart : h->hartid;
	case SBI_SSE_ATTR_ENTRY_PC:
		return ev->entry_pc;
	case SBI_SSE_ATTR_ENTRY_ARG:
		return ev->entry_arg;
	case SBI_SSE_ATTR_INTERRUPTED_SEPC:
		return ev->sepc;
	case SBI_SSE_ATTR_INTERRUPTED_FLAGS:
		return ev->flags;
	case SBI_SSE_ATTR_INTERRUPTED_A6:
		return ev->a6;
	default:
		return ev->a7;
	}
}

int sse_read_attrs(struct sse_hart *h, uint32_t event_id, uint32_t base_attr_id,
		   uint32_t attr_count, uint64_t addr, uint64_t addr_above)
{
	struct sse_event *ev;
	void *mem;
	unsigned int i;
	int rc = sse_attr_prepare(h, event_id, base_attr_id, attr_count, addr,
				  addr_above, &ev, &mem);

	if (rc)
		return rc;
	sse_event_lock(h, ev);
	for (i = 0; i < attr_count; i++)
		sse_word_put(h->core, mem, i,
			     sse_attr_get(h, ev, base_attr_id + i));
	sse_event_unlock(h, ev);
	return SBI_SUCCESS;
}

/* PRIORITY, CONFIG, PREFERRED_HART: "only ... UNUSED or REGISTERED". */
static int sse_attr_configurable(const struct sse_event *ev)
{
	return ev->state <= SBI_SSE_STATE_REGISTERED ? SBI_SUCCESS
						     : SBI_ERR_INVALID_STATE;
}

/*
 * INTERRUPTED_*: "only ... in RUNNING state. For global events, only the
 * hart executing the event handler can modify it."
 */
static int sse_attr_interrupted(const struct sse_hart *h,
				const struct sse_event *ev)
{
	return ev->state == SBI_SSE_STATE_RUNNING && ev->runner == h
		       ? SBI_SUCCESS
		       : SBI_ERR_INVALID_STATE;
}

/* Value @v for attribute @attr: DENIED, INVALID_PARAM, INVALID_STATE. */
static int sse_attr_check(const struct sse_hart *h, const struct sse_event *ev,
			  unsigned int attr, uint64_t v)
{
	switch (attr) {
	case SBI_SSE_ATTR_PRIORITY:
		if (v > SBI_SSE_PRIORITY_MAX)
			return SBI_ERR_INVALID_PARAM;
		return sse_attr_configurable(ev);
	case SBI_SSE_ATTR_CONFIG:
		if (v & ~SBI_SSE_ATTR_CONFIG_ONESHOT)
			return SBI_ERR_INVALID_PARAM;
		return sse_attr_configurable(ev);
	case SBI_SSE_ATTR_PREFERRED_HART:
		if (!sse_event_is_global(ev))
			return SBI_ERR_DENIED; /* "read-only for local" */
		if (!sse_hart_find(h->core, v))
			return SBI_ERR_INVALID_PARAM;
		return sse_attr_configurable(ev);
	case SBI_SSE_ATTR_INTERRUPTED_FLAGS:
		if (v & ~SBI_SSE_ATTR_INTERRUPTED_FLAGS_MASK)
			return SBI_ERR_INVALID_PARAM;
		return sse_attr_interrupted(h, ev);
	case SBI_SSE_ATTR_INTERRUPTED_SEPC:
	case SBI_SSE_ATTR_INTERRUPTED_A6:
	case SBI_SSE_ATTR_INTERRUPTED_A7:
		return sse_attr_interrupted(h, ev);
	default: /* STATUS, ENTRY_PC, ENTRY_ARG */
		return SBI_ERR_DENIED;
	}
}

/* Store a value sse_attr_check() accepted. */
static void sse_attr_set(struct sse_event *ev, unsigned int attr, uint64_t v)
{
	switch (attr) {
	case SBI_SSE_ATTR_PRIORITY:
		ev->prio = (uint32_t)v;
		break;
	case SBI_SSE_ATTR_CONFIG:
		ev->config = v;
		break;
	case SBI_SSE_ATTR_PREFERRED_HART:
		ev->hart = v;
		break;
	case SBI_SSE_ATTR_INTERRUPTED_SEPC:
		ev->sepc = v;
		break;
	case SBI_SSE_ATTR_INTERRUPTED_FLAGS:
		ev->flags = v;
		break;
	case SBI_SSE_ATTR_INTERRUPTED_A6:
		ev->a6 = v;
		break;
	default:
		ev->a7 = v;
		break;
	}
}

int sse_write_attrs(struct sse_hart *h, uint32_t event_id,
		    uint32_t base_attr_id, uint32_t attr_count, uint64_t addr,
		    uint64_t addr_above)
{
	uint64_t val[SBI_SSE_ATTR_COUNT];
	struct sse_event *ev;
	void *mem;
	unsigned int i;
	int rc = sse_attr_prepare(h, event_id, base_attr_id, attr_count, addr,
				  addr_above, &ev, &mem);

	if (rc)
		return rc;
	/* One read of supervisor memory: what is checked is what is set. */
	for (i = 0; i < attr_count; i++)
		val[i] = sse_word_get(h->core, mem, i);
	sse_event_lock(h, ev);
	for (i = 0; i < attr_count && !rc; i++)
		rc = sse_attr_check(h, ev, base_attr_id + i, val[i]);
	for (i = 0; i < attr_count && !rc; i++)
		sse_attr_set(ev, base_attr_id + i, val[i]);
	sse_event_unlock(h, ev);
	return rc;
}
