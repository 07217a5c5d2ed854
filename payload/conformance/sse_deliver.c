/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * SSE delivery on the calling hart (part of the "sse" group): sections
 * "Software Event Injection", "Software Event Completion" and "Software
 * Event Priority", FIDs 6-9. Handlers are the recording handler of
 * ssecall.c behind the payload's trampoline (payload/lib/sse_entry.S);
 * an event injected on the calling hart runs on the way back from the
 * INJECT call, so its handler has run when the call returns.
 */
#include <stddef.h>

#include "check.h"
#include "csr.h"
#include "env.h"
#include "pmu.h"
#include "ssecall.h"

#define SSTATUS_SPIE (1UL << 5)
#define SSTATUS_SPP  (1UL << 8)
#define FLAG_SPP     SBI_SSE_ATTR_INTERRUPTED_FLAGS_SSTATUS_SPP
#define FLAG_SPIE    SBI_SSE_ATTR_INTERRUPTED_FLAGS_SSTATUS_SPIE

static struct ssec_handler *dl_local, *dl_global;

/* Inject hd->arg (once) from inside the handler. */
static void dl_inject_other(struct ssec_handler *hd)
{
	unsigned long ev = (unsigned long)hd->arg;

	if (!ev)
		return;
	hd->arg = NULL;
	ssec_inject(ev, env.hart);
}

/* Both events UNUSED, priorities as given, then armed (global: here). */
static bool dl_arm_two(unsigned long prio_local, unsigned long prio_global)
{
	ssec_release(EV_SSE_LOCAL);
	ssec_release(EV_SSE_GLOBAL);
	ssec_order_reset();
	return !ssec_set(EV_SSE_LOCAL, SBI_SSE_ATTR_PRIORITY, prio_local)
			.error &&
	       !ssec_set(EV_SSE_GLOBAL, SBI_SSE_ATTR_PRIORITY, prio_global)
			.error &&
	       !ssec_set(EV_SSE_GLOBAL, SBI_SSE_ATTR_PREFERRED_HART, env.hart)
			.error &&
	       !ssec_arm(dl_local, EV_SSE_LOCAL) &&
	       !ssec_arm(dl_global, EV_SSE_GLOBAL);
}

static bool dl_order_is(const unsigned long *want, unsigned int n)
{
	unsigned int i;

	if (ssec_order_n != n)
		return false;
	for (i = 0; i < n; i++)
		if (ssec_order[i] != want[i])
			return false;
	return true;
}

#define L  EV_SSE_LOCAL
#define G  EV_SSE_GLOBAL
#define nL (~(unsigned long)EV_SSE_LOCAL)
#define nG (~(unsigned long)EV_SSE_GLOBAL)

static void dl_order_check(const char *name, const char *why,
			   const unsigned long *want, const char *want_s)
{
	check_true(name, why, dl_order_is(want, 4), want_s,
		   "%u runs: %lx %lx %lx %lx", ssec_order_n, ssec_order[0],
		   ssec_order[1], ssec_order[2], ssec_order[3]);
}

/*
 * Inject with sstatus.SPP/SPIE both set (@spp), then both clear; check
 * what the handler saw and what was restored.
 */
static void dl_entry_state(bool spp)
{
	unsigned long bits = spp ? SSTATUS_SPP | SSTATUS_SPIE : 0;
	unsigned long want = FLAG_SPP | FLAG_SPIE;
	unsigned long runs = dl_local->runs, sepc, ss, sepc2, ss2;
	const struct ssec_seen *s = &dl_local->seen[runs % SSE_LOG_ENTRIES];
	struct sbiret r;

	csr_clear(CSR_SSTATUS, SSTATUS_SPP | SSTATUS_SPIE);
	csr_set(CSR_SSTATUS, bits);
	sepc = csr_read(CSR_SEPC);
	ss = csr_read(CSR_SSTATUS);
	r = ssec_inject(EV_SSE_LOCAL, env.hart);
	sepc2 = csr_read(CSR_SEPC);
	ss2 = csr_read(CSR_SSTATUS);
	if (!spp) {
		/* Second round: only what depends on SPP/SPIE. */
		check_true("sse.injection.interrupted_flags_clear",
			   "INTERRUPTED_FLAGS[1:0] = interrupted SPIE, SPP",
			   r.error == SBI_SUCCESS &&
				   dl_local->runs == runs + 1 &&
				   !(s->flags & (FLAG_SPP | FLAG_SPIE)),
			   "one run, flags 0", "%lu runs, flags 0x%lx",
			   dl_local->runs - runs, s->flags);
		check_true("sse.completion.sepc_sstatus_restored_clear",
			   "\"Software Event Completion\": sepc, sstatus "
			   "as they were",
			   sepc2 == sepc && ss2 == ss, "unchanged",
			   "sstatus 0x%lx -> 0x%lx", ss, ss2);
		return;
	}
	if (!check_true("sse.injection.handler_runs",
			"an enabled local event injected on the calling, "
			"unmasked hart is delivered before the call returns",
			r.error == SBI_SUCCESS && dl_local->runs == runs + 1,
			"SUCCESS, one run", "%s, %lu runs",
			check_error_name(r.error), dl_local->runs - runs))
		return;
	check_true("sse.injection.a6_hart_id",
		   "\"Set A6 GPR = Current Hart ID\"", s->hartid == env.hart,
		   "this hart", "%lu", s->hartid);
	check_true("sse.injection.handler_sstatus",
		   "in the handler: sstatus.SPP = interrupted privilege mode "
		   "(S), SPIE = interrupted SIE (0 here), SIE = 0",
		   (s->sstatus & (SSTATUS_SPP | SSTATUS_SPIE | SSTATUS_SIE)) ==
			   SSTATUS_SPP,
		   "SPP 1, SPIE 0, SIE 0", "sstatus 0x%lx", s->sstatus);
	check_true("sse.injection.running_not_pending",
		   "STATUS in the handler: RUNNING, pending \"cleared when the "
		   "software event is moved to RUNNING state\"",
		   (s->status & 7) == SBI_SSE_STATE_RUNNING,
		   "state 3, pending 0", "status 0x%lx", s->status);
	check_true("sse.injection.interrupted_a6_a7",
		   "INTERRUPTED_A6/A7 = the interrupted a6/a7: the INJECT "
		   "call's FID and EID",
		   s->a6 == SBI_EXT_SSE_INJECT && s->a7 == SBI_EXT_SSE,
		   "7 and 0x535345", "0x%lx and 0x%lx", s->a6, s->a7);
	check_true("sse.injection.interrupted_sepc",
		   "INTERRUPTED_SEPC = the interrupted sepc CSR",
		   s->sepc == sepc, "sepc before the call",
		   "0x%lx (sepc was 0x%lx)", s->sepc, sepc);
	check_true("sse.injection.interrupted_flags_set",
		   "INTERRUPTED_FLAGS[0] = interrupted sstatus.SPP, [1] = "
		   "interrupted sstatus.SPIE",
		   (s->flags & (FLAG_SPP | FLAG_SPIE)) == want, "as set",
		   "flags 0x%lx, wanted 0x%lx", s->flags, want);
	check_true("sse.completion.sepc_sstatus_restored_set",
		   "\"Software Event Completion\": sepc and sstatus.SIE/SPIE/"
		   "SPP as they were before the event",
		   sepc2 == sepc && ss2 == ss, "unchanged",
		   "sepc 0x%lx -> 0x%lx, sstatus 0x%lx -> 0x%lx", sepc, sepc2,
		   ss, ss2);
}

static void dl_unmask_and_repeat(void)
{
	unsigned long runs = dl_local->runs;
	const struct ssec_seen *s = &dl_local->seen[runs % SSE_LOG_ENTRIES];
	bool pending;

	ssec_mask();
	ssec_inject(EV_SSE_LOCAL, env.hart);
	pending = ssec_pending(EV_SSE_LOCAL);
	check_true("sse.hart_mask.event_pending",
		   "a masked hart is not ready: the event stays pending "
		   "(STATUS bit 2)",
		   dl_local->runs == runs && pending, "not run, pending",
		   "%lu runs, pending %d", dl_local->runs - runs, pending);
	ssec_unmask();
	check_true("sse.hart_unmask.delivers_pending",
		   "unmasking makes the hart ready: the pending event runs, "
		   "interrupting the UNMASK call (INTERRUPTED_A6 = FID 8)",
		   dl_local->runs == runs + 1 &&
			   s->a6 == SBI_EXT_SSE_HART_UNMASK,
		   "one run, a6 8", "%lu runs, a6 0x%lx", dl_local->runs - runs,
		   s->a6);
	/* Injected again from its own handler: once more, after it. */
	runs = dl_local->runs;
	dl_local->arg = (void *)(unsigned long)EV_SSE_LOCAL;
	ssec_inject(EV_SSE_LOCAL, env.hart);
	check_true("sse.injection.signalled_while_running",
		   "NOTE: an event signalled again while RUNNING is taken only "
		   "after the running handler completes",
		   dl_local->runs == runs + 2 && ssec_order_n >= 2, "two runs",
		   "%lu runs", dl_local->runs - runs);
}

static void dl_oneshot(void)
{
	unsigned long runs = dl_local->runs, st;

	ssec_disable(EV_SSE_LOCAL);
	ssec_set(EV_SSE_LOCAL, SBI_SSE_ATTR_CONFIG,
		 SBI_SSE_ATTR_CONFIG_ONESHOT);
	ssec_enable(EV_SSE_LOCAL);
	ssec_inject(EV_SSE_LOCAL, env.hart);
	st = ssec_state(EV_SSE_LOCAL);
	check_true("sse.complete.oneshot_registered",
		   "FID 6: a one-shot event moves to REGISTERED on COMPLETE",
		   dl_local->runs == runs + 1 && st == SBI_SSE_STATE_REGISTERED,
		   "one run, state 1", "%lu runs, state %ld",
		   dl_local->runs - runs, (long)st);
	ssec_set(EV_SSE_LOCAL, SBI_SSE_ATTR_CONFIG, 0);
}

static void dl_priorities(void)
{
	static const unsigned long g_then_l[] = {G, nG, L, nL};
	static const unsigned long l_then_g[] = {L, nL, G, nG};
	static const unsigned long g_in_l[] = {G, L, nL, nG};

	if (dl_arm_two(10, 5)) {
		ssec_mask();
		ssec_inject(EV_SSE_LOCAL, env.hart);
		ssec_inject(EV_SSE_GLOBAL, env.hart);
		ssec_unmask();
		dl_order_check("sse.priority.two_pending.lower_value_first",
			       "\"lower value means higher priority\": global "
			       "(5) before local (10)",
			       g_then_l, "G ~G L ~L");
	}
	if (dl_arm_two(0, 0)) {
		ssec_mask();
		ssec_inject(EV_SSE_GLOBAL, env.hart);
		ssec_inject(EV_SSE_LOCAL, env.hart);
		ssec_unmask();
		dl_order_check("sse.priority.two_pending.lower_id_first",
			       "same priority: \"lower event_id has higher "
			       "priority\": 0xffff0000 before 0xffff8000",
			       l_then_g, "L ~L G ~G");
	}
	if (dl_arm_two(1, 9)) {
		ssec_unmask();
		dl_global->arg = (void *)(unsigned long)EV_SSE_LOCAL;
		ssec_inject(EV_SSE_GLOBAL, env.hart);
		dl_order_check("sse.priority.higher_preempts_running",
			       "a higher priority event \"always preempts a "
			       "lower priority software event in RUNNING "
			       "state\", which resumes after",
			       g_in_l, "G L ~L ~G");
		ssec_mask();
	}
	if (dl_arm_two(1, 9)) {
		ssec_unmask();
		dl_local->arg = (void *)(unsigned long)EV_SSE_GLOBAL;
		ssec_inject(EV_SSE_LOCAL, env.hart);
		dl_order_check("sse.priority.lower_waits_for_complete",
			       "FID 7: a lower priority event injected from a "
			       "handler \"will be run after the one that is "
			       "currently running completes\"",
			       l_then_g, "L ~L G ~G");
		ssec_mask();
	}
}

void sse_deliver_run(struct ssec_handler *h1, struct ssec_handler *h2)
{
	dl_local = h1;
	dl_global = h2;
	h1->also = dl_inject_other;
	h2->also = dl_inject_other;
	h1->arg = h2->arg = NULL;
	ssec_order_reset();
	if (ssec_arm(h1, EV_SSE_LOCAL) || ssec_unmask().error) {
		check_skip("sse.injection.handler_runs",
			   "could not register, enable and unmask");
		return;
	}
	dl_entry_state(true);
	dl_entry_state(false);
	dl_unmask_and_repeat();
	dl_oneshot();
	dl_priorities();
	ssec_mask();
	ssec_release(EV_SSE_LOCAL);
	ssec_release(EV_SSE_GLOBAL);
}
