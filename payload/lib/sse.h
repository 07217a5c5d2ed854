/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The S-mode side of SBI SSE for payloads (sse_entry.S): a handler
 * trampoline and a register-integrity probe.
 *
 * Register an event with entry pc sse_entry and entry argument a
 * struct sse_ctx *. When the event is delivered the trampoline saves
 * every register the handler could disturb (all GPRs but a6/a7, which
 * the firmware saved in INTERRUPTED_A6/A7, plus sepc and sstatus) in
 * the context, switches to the context's own stack, calls fn(ctx,
 * hartid), restores everything and calls SSE COMPLETE, which resumes
 * the interrupted code. Each event needs its own context (a higher
 * priority event may preempt a running handler). Shared with assembly.
 */
#ifndef PAYLOAD_SSE_H
#define PAYLOAD_SSE_H

#include "runtime.h"

/* struct sse_ctx offsets, in registers (REG_SIZE bytes each). */
#define SSE_CTX_REGS	0 /* x0..x31; x0, a6, a7 slots unused */
#define SSE_CTX_SEPC	32
#define SSE_CTX_SSTATUS 33
#define SSE_CTX_STACK	34 /* top of the handler's stack */
#define SSE_CTX_FN	35
#define SSE_CTX_SLOTS	36

#ifndef __ASSEMBLER__

struct sse_ctx;
typedef void (*sse_handler_fn)(struct sse_ctx *ctx, unsigned long hartid);

struct sse_ctx {
	unsigned long regs[32];
	unsigned long sepc;
	unsigned long sstatus;
	unsigned long stack_top;
	sse_handler_fn fn;
	/* The handler's own fields (not touched by the trampoline). */
	void *data;
	unsigned long event_id;
};

_Static_assert(__builtin_offsetof(struct sse_ctx, fn) == SSE_CTX_FN * REG_SIZE,
	       "sse_ctx layout");

/* The entry pc to register (a7 = struct sse_ctx *, a6 = hart id). */
void sse_entry(void);

/*
 * Spin, with recognisable values in t0-t6, s0-s11 and a3-a7, until
 * *@flag != @seen or @budget iterations passed; returns a bitmap of the
 * registers (bit n = xn) that no longer hold their value afterwards: 0
 * if whatever interrupted the spin put everything back.
 */
unsigned long sse_spin_intact(const volatile unsigned long *flag,
			      unsigned long seen, unsigned long budget);

#endif
#endif
