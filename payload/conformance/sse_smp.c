/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * SSE across harts (section "Software Event States"): a local event is
 * registered, enabled and handled per hart, and INJECT's hart_id names
 * the hart it runs on; a global event's state is common to all harts
 * and it runs on its preferred hart, wherever it was injected from
 * (the implementation may pick another hart, so a check accepts the
 * preferred hart or, where noted, any hart). Needs a second hart (HSM).
 */
#include <stddef.h>

#include "check.h"
#include "env.h"
#include "groups.h"
#include "hart.h"
#include "pmu.h"
#include "ssecall.h"

#define SMP_WAIT_US 2000000UL /* ends when the event comes: see overflow.c */

static struct ssec_handler smp_h_peer, smp_h_global;
static unsigned long smp_peer;

struct smp_sse_job {
	struct ssec_handler *hd;
	unsigned long ev;
	long error;
};

/* On the peer: register/enable (arm) its local event and unmask. */
static void smp_job_arm(void *arg)
{
	struct smp_sse_job *job = arg;

	job->error = ssec_arm(job->hd, job->ev);
	if (!job->error)
		job->error = ssec_unmask().error;
}

static void smp_job_unmask(void *arg)
{
	struct smp_sse_job *job = arg;

	job->error = ssec_unmask().error;
}

/* On the peer: the event's STATUS state, in job->error. */
static void smp_job_state(void *arg)
{
	struct smp_sse_job *job = arg;

	job->error = (long)ssec_state(job->ev);
}

/* On the peer: everything back to UNUSED, masked. */
static void smp_job_release(void *arg)
{
	(void)arg;
	ssec_release(EV_SSE_LOCAL);
	ssec_mask();
}

static bool smp_boot_peer(void)
{
	unsigned int i;

	for (i = 0; i < env.nharts; i++)
		if (hart_boot(env.harts[i]) == SBI_SUCCESS) {
			smp_peer = env.harts[i];
			return true;
		}
	return false;
}

static void smp_local(void)
{
	struct smp_sse_job job = {&smp_h_peer, EV_SSE_LOCAL, 0};
	const struct ssec_seen *s = &smp_h_peer.seen[0];
	unsigned long state_self;
	bool ran;

	smp_h_peer.also = NULL;
	if (!hart_call(smp_peer, smp_job_arm, &job) || job.error) {
		check_skip("sse.local.inject_other_hart",
			   "the peer could not arm its local event (%ld)",
			   job.error);
		return;
	}
	state_self = ssec_state(EV_SSE_LOCAL);
	check_true("sse.local.state_per_hart",
		   "\"The state of a local software event MUST be tracked "
		   "separately for each hart\": registered on the peer, "
		   "UNUSED here",
		   state_self == SBI_SSE_STATE_UNUSED, "0", "%ld",
		   (long)state_self);
	check_error("sse.local.inject_other_hart.call",
		    "FID 7: for local events hart_id names the hart",
		    ERRS1(SBI_SUCCESS), ssec_inject(EV_SSE_LOCAL, smp_peer));
	ran = env_wait_change(&smp_h_peer.runs, 0, SMP_WAIT_US);
	check_true("sse.local.inject_other_hart",
		   "a local event injected for another hart runs there, with "
		   "that hart's id in a6",
		   ran && s->hartid == smp_peer && s->tp == smp_peer,
		   "run on the peer", "%s, a6 %lu, on hart %lu",
		   ran ? "ran" : "did not run", s->hartid, s->tp);
	hart_call(smp_peer, smp_job_release, NULL);
}

/* Global event, preferred hart @hart, injected here: where does it run? */
static bool smp_global_on(unsigned long hart, unsigned long *ran_on)
{
	unsigned long before = smp_h_global.runs;
	bool ran;

	ssec_disable(EV_SSE_GLOBAL);
	if (ssec_set(EV_SSE_GLOBAL, SBI_SSE_ATTR_PREFERRED_HART, hart).error ||
	    ssec_enable(EV_SSE_GLOBAL).error)
		return false;
	ssec_inject(EV_SSE_GLOBAL, env.hart);
	ran = env_wait_change(&smp_h_global.runs, before, SMP_WAIT_US);
	*ran_on = ran ? smp_h_global.seen[before % SSE_LOG_ENTRIES].tp : ~0UL;
	return ran;
}

static void smp_global(void)
{
	struct smp_sse_job job = {NULL, 0, 0};
	unsigned long on = ~0UL, state_peer = ~0UL;
	bool ran;

	smp_h_global.also = NULL;
	if (ssec_arm(&smp_h_global, EV_SSE_GLOBAL) || ssec_unmask().error ||
	    !hart_call(smp_peer, smp_job_unmask, &job)) {
		check_skip("sse.global.preferred_hart_other",
			   "could not arm the global event");
		return;
	}
	ran = smp_global_on(smp_peer, &on);
	check_true("sse.global.preferred_hart_other",
		   "a global event is routed to its preferred hart (a hint: "
		   "\"may choose a different hart\", so any hart is accepted "
		   "here, but it must run)",
		   ran, "ran", "did not run (on %lu)", on);
	check_note("global event with preferred hart %lu ran on hart %lu",
		   smp_peer, on);
	ran = smp_global_on(env.hart, &on);
	check_true("sse.global.preferred_hart_self",
		   "a global event preferring the injecting hart runs there "
		   "(no IPI needed)",
		   ran && on == env.hart, "ran here", "%s on %lu",
		   ran ? "ran" : "did not run", on);
	ssec_disable(EV_SSE_GLOBAL);
	job.ev = EV_SSE_GLOBAL;
	job.error = -1;
	if (hart_call(smp_peer, smp_job_state, &job))
		state_peer = (unsigned long)job.error;
	check_true("sse.global.state_common",
		   "\"The state of a global software event MUST be common to "
		   "all harts\": disabled here, REGISTERED on the peer",
		   state_peer == SBI_SSE_STATE_REGISTERED, "1", "%ld",
		   (long)state_peer);
	ssec_release(EV_SSE_GLOBAL);
	ssec_set(EV_SSE_GLOBAL, SBI_SSE_ATTR_PREFERRED_HART, env.hart);
	ssec_mask();
	hart_call(smp_peer, smp_job_release, NULL);
}

void sse_smp_run(void)
{
	if (!ssec_need("sse.local.inject_other_hart"))
		return;
	if (!smp_boot_peer()) {
		check_skip("sse.local.inject_other_hart", "no second hart");
		check_skip("sse.global.preferred_hart_other", "no second hart");
		return;
	}
	smp_local();
	smp_global();
}
