/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The SBI SSE calls as the conformance suite makes them (one wrapper per
 * function of table "SSE Function List", arguments placed as the spec's
 * prototypes say), and the helpers the SSE groups share: handlers that
 * record what they saw, attribute access through one-word buffers, and
 * putting events back to UNUSED.
 */
#ifndef CONFORMANCE_SSECALL_H
#define CONFORMANCE_SSECALL_H

#include <stdbool.h>
#include <stdint.h>

#include <sbipmu/sbi_spec.h>
#include <sbipmu/sse_spec.h>

#include "sse.h"

#define EV_SSE_PMU	SBI_SSE_EVENT_LOCAL_PMU_OVERFLOW
#define EV_SSE_LOCAL	SBI_SSE_EVENT_LOCAL_SOFTWARE
#define EV_SSE_GLOBAL	SBI_SSE_EVENT_GLOBAL_SOFTWARE
#define SSE_STACK_BYTES 2048
#define SSE_LOG_ENTRIES 8

struct sbiret ssec_call(unsigned long fid, unsigned long a0, unsigned long a1,
			unsigned long a2, unsigned long a3, unsigned long a4);
struct sbiret ssec_read(unsigned long ev, unsigned long base,
			unsigned long count, void *buf);
struct sbiret ssec_write(unsigned long ev, unsigned long base,
			 unsigned long count, const void *buf);
struct sbiret ssec_register(unsigned long ev, unsigned long pc,
			    unsigned long arg);
struct sbiret ssec_unregister(unsigned long ev);
struct sbiret ssec_enable(unsigned long ev);
struct sbiret ssec_disable(unsigned long ev);
struct sbiret ssec_inject(unsigned long ev, unsigned long hartid);
struct sbiret ssec_unmask(void);
struct sbiret ssec_mask(void);

/* One attribute; *@v is ~0 if the read failed. */
struct sbiret ssec_get(unsigned long ev, unsigned long attr, unsigned long *v);
struct sbiret ssec_set(unsigned long ev, unsigned long attr, unsigned long v);
/* STATUS state bits, or ~0UL if the read failed. */
unsigned long ssec_state(unsigned long ev);
bool ssec_pending(unsigned long ev);

/*
 * What a recording handler saw, one entry per run: the event, the hart
 * id it was given, and the attributes it read while RUNNING.
 */
struct ssec_seen {
	unsigned long event;
	unsigned long hartid;
	unsigned long tp; /* the payload's hart id register */
	unsigned long status;
	unsigned long sstatus;		   /* the handler's, on entry */
	unsigned long sepc, flags, a6, a7; /* INTERRUPTED_* */
	unsigned long scountovf;
};

/* A handler context with its stack and a log of runs. */
struct ssec_handler {
	struct sse_ctx ctx;
	volatile unsigned long runs;
	struct ssec_seen seen[SSE_LOG_ENTRIES];
	/* Called after recording, inside the handler (may be NULL). */
	void (*also)(struct ssec_handler *hd);
	void *arg;
	uint8_t stack[SSE_STACK_BYTES] __attribute__((aligned(16)));
};

/* Reset @hd for event @ev (log cleared) and return its entry argument. */
unsigned long ssec_handler_init(struct ssec_handler *hd, unsigned long ev,
				void (*also)(struct ssec_handler *hd));

/* Register @ev with @hd (sse_entry, &hd->ctx) and enable it. */
long ssec_arm(struct ssec_handler *hd, unsigned long ev);

/*
 * Order of handler runs across handlers: each run appends its event;
 * a run that finishes after others appends ~event too.
 */
extern volatile unsigned long ssec_order[16];
extern volatile unsigned int ssec_order_n;
void ssec_order_reset(void);

/* DISABLE then UNREGISTER, results ignored: back to UNUSED. */
void ssec_release(unsigned long ev);

/* The extension is offered; otherwise SKIPs @name. */
bool ssec_need(const char *name);

/* The delivery checks of the "sse" group (sse_deliver.c). */
void sse_deliver_run(struct ssec_handler *h1, struct ssec_handler *h2);

#endif
