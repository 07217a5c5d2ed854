/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * SSE calls and shared helpers of the SSE groups (see ssecall.h).
 * Attribute buffers are XLEN-wide words in the payload's own memory,
 * which is supervisor RAM at its physical address (no paging).
 */
#include <stddef.h>

#include "ssecall.h"

#include "check.h"
#include "csr.h"
#include "sbi.h"
#include "trap.h"

volatile unsigned long ssec_order[16];
volatile unsigned int ssec_order_n;

struct sbiret ssec_call(unsigned long fid, unsigned long a0, unsigned long a1,
			unsigned long a2, unsigned long a3, unsigned long a4)
{
	return sbi_ecall(SBI_EXT_SSE, fid, a0, a1, a2, a3, a4, 0);
}

struct sbiret ssec_read(unsigned long ev, unsigned long base,
			unsigned long count, void *buf)
{
	return ssec_call(SBI_EXT_SSE_READ_ATTRS, ev, base, count,
			 (unsigned long)buf, 0);
}

struct sbiret ssec_write(unsigned long ev, unsigned long base,
			 unsigned long count, const void *buf)
{
	return ssec_call(SBI_EXT_SSE_WRITE_ATTRS, ev, base, count,
			 (unsigned long)buf, 0);
}

struct sbiret ssec_register(unsigned long ev, unsigned long pc,
			    unsigned long arg)
{
	return ssec_call(SBI_EXT_SSE_REGISTER, ev, pc, arg, 0, 0);
}

struct sbiret ssec_unregister(unsigned long ev)
{
	return ssec_call(SBI_EXT_SSE_UNREGISTER, ev, 0, 0, 0, 0);
}

struct sbiret ssec_enable(unsigned long ev)
{
	return ssec_call(SBI_EXT_SSE_ENABLE, ev, 0, 0, 0, 0);
}

struct sbiret ssec_disable(unsigned long ev)
{
	return ssec_call(SBI_EXT_SSE_DISABLE, ev, 0, 0, 0, 0);
}

struct sbiret ssec_inject(unsigned long ev, unsigned long hartid)
{
	return ssec_call(SBI_EXT_SSE_INJECT, ev, hartid, 0, 0, 0);
}

struct sbiret ssec_unmask(void)
{
	return ssec_call(SBI_EXT_SSE_HART_UNMASK, 0, 0, 0, 0, 0);
}

struct sbiret ssec_mask(void)
{
	return ssec_call(SBI_EXT_SSE_HART_MASK, 0, 0, 0, 0, 0);
}

/*
 * The word lives on the caller's stack: a handler delivered on the way
 * back from this very call must not share it.
 */
struct sbiret ssec_get(unsigned long ev, unsigned long attr, unsigned long *v)
{
	volatile unsigned long w = ~0UL;
	struct sbiret r = ssec_read(ev, attr, 1, (void *)&w);

	*v = r.error ? ~0UL : w;
	return r;
}

struct sbiret ssec_set(unsigned long ev, unsigned long attr, unsigned long v)
{
	volatile unsigned long w = v;

	return ssec_write(ev, attr, 1, (const void *)&w);
}

unsigned long ssec_state(unsigned long ev)
{
	unsigned long v;

	if (ssec_get(ev, SBI_SSE_ATTR_STATUS, &v).error)
		return ~0UL;
	return v & SBI_SSE_ATTR_STATUS_STATE_MASK;
}

bool ssec_pending(unsigned long ev)
{
	unsigned long v;

	if (ssec_get(ev, SBI_SSE_ATTR_STATUS, &v).error)
		return false;
	return (v & SBI_SSE_ATTR_STATUS_PENDING) != 0;
}

void ssec_order_reset(void)
{
	ssec_order_n = 0;
}

static void ssec_order_add(unsigned long v)
{
	unsigned int n = ssec_order_n;

	if (n < sizeof(ssec_order) / sizeof(ssec_order[0])) {
		ssec_order[n] = v;
		ssec_order_n = n + 1;
	}
}

/* The recording handler every SSE group uses. */
static void ssec_record(struct sse_ctx *ctx, unsigned long hartid)
{
	struct ssec_handler *hd = ctx->data;
	unsigned long n = hd->runs;
	struct ssec_seen *s = &hd->seen[n % SSE_LOG_ENTRIES];
	unsigned long v[4] = {~0UL, ~0UL, ~0UL, ~0UL};

	s->event = ctx->event_id;
	s->hartid = hartid;
	s->tp = hart_self();
	s->scountovf = 0;
	s->sstatus = ctx->sstatus;
	ssec_get(ctx->event_id, SBI_SSE_ATTR_STATUS, &s->status);
	ssec_read(ctx->event_id, SBI_SSE_ATTR_INTERRUPTED_SEPC, 4, v);
	s->sepc = v[0];
	s->flags = v[1];
	s->a6 = v[2];
	s->a7 = v[3];
	ssec_order_add(ctx->event_id);
	if (hd->also)
		hd->also(hd);
	ssec_order_add(~ctx->event_id);
	__atomic_store_n(&hd->runs, n + 1, __ATOMIC_RELEASE);
}

unsigned long ssec_handler_init(struct ssec_handler *hd, unsigned long ev,
				void (*also)(struct ssec_handler *hd))
{
	unsigned int i;

	for (i = 0; i < sizeof(hd->ctx.regs) / sizeof(hd->ctx.regs[0]); i++)
		hd->ctx.regs[i] = 0;
	hd->ctx.stack_top = (unsigned long)(hd->stack + SSE_STACK_BYTES);
	hd->ctx.fn = ssec_record;
	hd->ctx.data = hd;
	hd->ctx.event_id = ev;
	hd->runs = 0;
	hd->also = also;
	return (unsigned long)&hd->ctx;
}

long ssec_arm(struct ssec_handler *hd, unsigned long ev)
{
	struct sbiret r = ssec_register(ev, (unsigned long)sse_entry,
					ssec_handler_init(hd, ev, hd->also));

	if (r.error)
		return r.error;
	return ssec_enable(ev).error;
}

void ssec_release(unsigned long ev)
{
	ssec_disable(ev);
	ssec_unregister(ev);
}

bool ssec_need(const char *name)
{
	if (sbi_probe(SBI_EXT_SSE))
		return true;
	check_skip(name, "no SSE extension (probe_extension 0x535345 = 0)");
	return false;
}
