/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the overflow-delivery rows' assembly (deliver_entry.S) and C side
 * (deliver.c) share: the layout of the state the handlers write, in
 * registers. Shared with assembly, so the C part is guarded.
 */
#ifndef BENCH_DELIVER_H
#define BENCH_DELIVER_H

#define DELIVER_FLAG  0 /* set by the handler: the loop may stop */
#define DELIVER_LAST  1 /* the loop's last hpmcounter3 read (t0) */
#define DELIVER_ENTRY 2 /* the handler's first instruction's read */
#define DELIVER_PC    3 /* the interrupted pc (sepc in the handler) */
#define DELIVER_DONE  4 /* the handler's read before its sret/COMPLETE */
#define DELIVER_NEXT  5 /* the loop's exit read after resuming */
#define DELIVER_SLOTS 6

/* Instructions of the loop, from bench_deliver_loop (deliver_entry.S). */
#define DELIVER_LOOP_INSNS 5

#ifndef __ASSEMBLER__

struct bench_deliver {
	unsigned long slot[DELIVER_SLOTS];
};

extern struct bench_deliver bench_deliver_state;
extern const unsigned int bench_deliver_pre_sret;
extern const unsigned int bench_deliver_pre_complete;

void bench_deliver_spin(struct bench_deliver *state, unsigned long sie,
			unsigned long budget);
void bench_deliver_loop(void);
void bench_deliver_vector(void);
void bench_deliver_sse_entry(void);

#endif
#endif
