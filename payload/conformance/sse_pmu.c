/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The local PMU overflow event (0x00010000) with Sscofpmf: a counter
 * overflowing while the payload spins with sstatus.SIE = 0 is caught by
 * the SSE handler (issue 10: the overflow interrupt is taken by the
 * firmware while the event is enabled), exactly once per overflow, and
 * the spinning code finds every register, sepc and sstatus as it left
 * them. After DISABLE/UNREGISTER the state is what Linux's ordinary
 * overflow interrupt handler expects: no stale LCOFIP, OF still set for
 * scountovf until START, and the interrupt delegated to S-mode again;
 * an overflow recorded but not delivered when the event is disabled is
 * handed to that interrupt rather than lost.
 */
#include <stddef.h>

#include "check.h"
#include "csr.h"
#include "env.h"
#include "groups.h"
#include "pmu.h"
#include "sbi.h"
#include "ssecall.h"
#include "trap.h"

/* As in overflow.c: 20 ms of counts, waits in microseconds. */
#define SP_DELTA    20000000ULL
#define SP_WAIT_US  2000000UL /* ends when the event comes: see overflow.c */
#define SP_QUIET_US 200000UL
#define SP_CHUNK    100000UL /* spin iterations between time checks */

#define SSTATUS_SPP (1UL << 8)

static struct ssec_handler sp_hd;
static volatile unsigned long sp_irqs;
static unsigned long sp_ctr;

static const char *const sp_names[] = {
	"sse.pmu_overflow.delivered_sie_clear",
	"sse.pmu_overflow.context_intact",
	"sse.pmu_overflow.handler_state",
	"sse.pmu_overflow.arrives_once",
	"sse.pmu_overflow.second_overflow",
	"sse.pmu_overflow.unregister.no_stale_lcofip",
	"sse.pmu_overflow.unregister.of_kept",
	"sse.pmu_overflow.unregister.s_mode_interrupt",
	"sse.pmu_overflow.disable_pending.handed_back",
};

static void sp_skip_all(const char *reason)
{
	unsigned int i;

	for (i = 0; i < sizeof(sp_names) / sizeof(sp_names[0]); i++)
		check_skip(sp_names[i], "%s", reason);
}

/* The handler, like Linux's: note scountovf, stop the counter. */
static void sp_handler_also(struct ssec_handler *hd)
{
	hd->seen[hd->runs % SSE_LOG_ENTRIES].scountovf =
		csr_read(CSR_SCOUNTOVF);
	pmu_stop_one(sp_ctr, 0);
}

static void sp_irq(unsigned int irq, struct trap_frame *tf)
{
	(void)irq;
	(void)tf;
	csr_clear(CSR_SIP, 1UL << IRQ_LCOF);
	sp_irqs++;
}

/* The last programmable counter for cycles (else instructions), or -1. */
static long sp_counter(unsigned long *event)
{
	unsigned int pass, i;

	for (pass = 0; pass < 2; pass++)
		for (i = env.nhw; i-- > 0;) {
			const struct env_counter *c = &env.ctr[env.hw[i]];

			if (c->csr < CSR_CYCLE + PMU_CTR_HPM_FIRST)
				continue;
			if (pass ? c->instructions : c->cycles) {
				*event = pass ? EV_INSTRUCTIONS : EV_CYCLES;
				return env.hw[i];
			}
		}
	return -1;
}

static uint64_t sp_near_max(void)
{
	unsigned int width = env.ctr[sp_ctr].width;
	uint64_t max = width >= 64 ? ~0ULL : (1ULL << width) - 1;

	return max - SP_DELTA;
}

/*
 * Spin with sstatus.SIE = 0 until *@flag != @seen or @us passed; returns
 * the registers found disturbed after any chunk of the spin.
 */
static unsigned long sp_spin(const volatile unsigned long *flag,
			     unsigned long seen, unsigned long us)
{
	uint64_t ticks = (uint64_t)env.timebase * us / 1000000;
	unsigned long start = env.time_readable ? csr_read(CSR_TIME) : 0;
	unsigned long bad = 0, chunks = 0;

	do {
		bad |= sse_spin_intact(flag, seen, SP_CHUNK);
		chunks++;
		if (!env.time_readable || !env.timebase) {
			if (chunks > 2000)
				break;
		} else if (csr_read(CSR_TIME) - start >= ticks) {
			break;
		}
	} while (*flag == seen);
	return bad;
}

static void sp_first_overflow(void)
{
	const struct ssec_seen *s = &sp_hd.seen[0];
	unsigned long sepc = csr_read(CSR_SEPC), ss, bad, bit;
	struct sbiret r;

	csr_clear(CSR_SSTATUS, SSTATUS_SIE);
	ss = csr_read(CSR_SSTATUS);
	r = pmu_start_one(sp_ctr, SBI_PMU_START_FLAG_SET_INIT_VALUE,
			  sp_near_max());
	bad = sp_spin(&sp_hd.runs, 0, SP_WAIT_US);
	check_true(sp_names[0],
		   "the PMU overflow event is delivered even with S-mode "
		   "interrupts off (SSE \"preempts all other traps and "
		   "interrupts\")",
		   sp_hd.runs == 1, "one run", "%lu runs (START %s)",
		   sp_hd.runs, check_error_name(r.error));
	check_true(sp_names[1],
		   "\"Software Event Completion\" resumes the interrupted "
		   "state: every register, sepc and sstatus as they were",
		   !bad && csr_read(CSR_SEPC) == sepc &&
			   csr_read(CSR_SSTATUS) == ss,
		   "intact",
		   "registers 0x%lx changed, sepc 0x%lx -> 0x%lx, "
		   "sstatus 0x%lx -> 0x%lx",
		   bad, sepc, csr_read(CSR_SEPC), ss, csr_read(CSR_SSTATUS));
	bit = 1UL << (env.ctr[sp_ctr].csr - CSR_CYCLE);
	check_true(sp_names[2],
		   "in the handler: RUNNING, sstatus.SPP = 1 (\"interrupted "
		   "privilege mode\": S), SIE = 0, INTERRUPTED_SEPC the "
		   "spinning code's sepc, the counter's OF in scountovf",
		   sp_hd.runs == 1 &&
			   (s->status & 3) == SBI_SSE_STATE_RUNNING &&
			   (s->sstatus & SSTATUS_SPP) &&
			   !(s->sstatus & SSTATUS_SIE) && s->sepc == sepc &&
			   (s->scountovf & bit),
		   "as described",
		   "status 0x%lx sstatus 0x%lx sepc 0x%lx scountovf 0x%lx",
		   s->status, s->sstatus, s->sepc, s->scountovf);
}

static void sp_once_and_again(void)
{
	unsigned long irqs = sp_irqs;

	sp_spin(&sp_hd.runs, 1, SP_QUIET_US);
	/* Even with S-mode interrupts on, no LCOFI reaches S-mode. */
	csr_set(CSR_SIE, 1UL << IRQ_LCOF);
	csr_set(CSR_SSTATUS, SSTATUS_SIE);
	env_wait_change(&sp_irqs, irqs, SP_QUIET_US / 4);
	csr_clear(CSR_SSTATUS, SSTATUS_SIE);
	check_true(sp_names[3],
		   "each overflow arrives once: no second SSE run and no "
		   "S-mode overflow interrupt for the same overflow",
		   sp_hd.runs == 1 && sp_irqs == irqs, "1 run, 0 interrupts",
		   "%lu runs, %lu interrupts", sp_hd.runs, sp_irqs - irqs);
	pmu_start_one(sp_ctr, SBI_PMU_START_FLAG_SET_INIT_VALUE, sp_near_max());
	sp_spin(&sp_hd.runs, 1, SP_WAIT_US);
	check_true(sp_names[4],
		   "START clears OF (the firmware's job, docs/facts.md F1.11), "
		   "so the next overflow is delivered again",
		   sp_hd.runs == 2, "2 runs", "%lu runs", sp_hd.runs);
}

static void sp_after_unregister(void)
{
	unsigned long bit = 1UL << (env.ctr[sp_ctr].csr - CSR_CYCLE);
	unsigned long irqs, runs = sp_hd.runs, sip, ovf;
	struct sbiret d = ssec_disable(EV_SSE_PMU);
	struct sbiret u = ssec_unregister(EV_SSE_PMU);

	sip = csr_read(CSR_SIP) & (1UL << IRQ_LCOF);
	ovf = csr_read(CSR_SCOUNTOVF) & bit;
	check_true(sp_names[5],
		   "after DISABLE/UNREGISTER no overflow interrupt is left "
		   "pending for S-mode: the delivered ones were handled",
		   !d.error && !u.error && !sip, "SUCCESS, SUCCESS, LCOFIP 0",
		   "%s, %s, LCOFIP %lu", check_error_name(d.error),
		   check_error_name(u.error), sip);
	check_true(sp_names[6],
		   "OF stays set until START, as Linux's overflow handler "
		   "reads it (scountovf)",
		   ovf != 0, "OF set", "scountovf 0x%lx",
		   csr_read(CSR_SCOUNTOVF));
	irqs = sp_irqs;
	csr_set(CSR_SIE, 1UL << IRQ_LCOF);
	pmu_start_one(sp_ctr, SBI_PMU_START_FLAG_SET_INIT_VALUE, sp_near_max());
	csr_set(CSR_SSTATUS, SSTATUS_SIE);
	env_wait_change(&sp_irqs, irqs, SP_WAIT_US);
	csr_clear(CSR_SSTATUS, SSTATUS_SIE);
	pmu_stop_one(sp_ctr, 0);
	check_true(sp_names[7],
		   "unregistered, the overflow interrupt is S-mode's again "
		   "(delegated): Linux's ordinary path works",
		   sp_irqs == irqs + 1 && sp_hd.runs == runs,
		   "1 interrupt, no SSE run", "%lu interrupts, %lu runs",
		   sp_irqs - irqs, sp_hd.runs - runs);
}

/* Disabled with an overflow recorded but not delivered (hart masked). */
static void sp_disable_pending(void)
{
	unsigned long irqs = sp_irqs, spins, sip;
	bool pending = false;

	if (ssec_arm(&sp_hd, EV_SSE_PMU))
		return;
	ssec_mask();
	csr_clear(CSR_SIE, 1UL << IRQ_LCOF);
	pmu_start_one(sp_ctr, SBI_PMU_START_FLAG_SET_INIT_VALUE, sp_near_max());
	for (spins = 0; spins < 5000 && !pending; spins++) {
		env_wait_change(&sp_irqs, irqs, 200);
		pending = ssec_pending(EV_SSE_PMU);
	}
	pmu_stop_one(sp_ctr, 0);
	ssec_disable(EV_SSE_PMU);
	sip = csr_read(CSR_SIP) & (1UL << IRQ_LCOF);
	check_true(sp_names[8],
		   "an overflow SSE recorded but never delivered is handed to "
		   "S-mode's overflow interrupt when the event is disabled "
		   "(docs/sse.md; the spec is silent)",
		   pending && sip, "pending, then LCOFIP",
		   "pending %d, LCOFIP %lu", pending, sip);
	csr_clear(CSR_SIP, 1UL << IRQ_LCOF);
	ssec_unregister(EV_SSE_PMU);
}

void sse_pmu_run(void)
{
	unsigned long event = EV_CYCLES;
	long p;

	if (!sbi_probe(SBI_EXT_SSE)) {
		sp_skip_all("no SSE extension");
		return;
	}
	if (!env.sscofpmf || !env.pmu) {
		sp_skip_all("no Sscofpmf: the event is NOT_SUPPORTED "
			    "(sse.event_id.pmu_overflow_without_sscofpmf)");
		return;
	}
	p = sp_counter(&event);
	if (p < 0 || pmu_match_one((unsigned long)p, 0, event).error) {
		sp_skip_all("no programmable counter for cycles/instructions");
		return;
	}
	sp_ctr = (unsigned long)p;
	trap_set_irq_handler(IRQ_LCOF, sp_irq);
	csr_clear(CSR_SIP, 1UL << IRQ_LCOF);
	sp_hd.also = sp_handler_also;
	if (ssec_arm(&sp_hd, EV_SSE_PMU) || ssec_unmask().error) {
		sp_skip_all("could not register, enable and unmask");
	} else {
		sp_first_overflow();
		sp_once_and_again();
		sp_after_unregister();
		sp_disable_pending();
	}
	ssec_release(EV_SSE_PMU);
	ssec_mask();
	csr_clear(CSR_SIE, 1UL << IRQ_LCOF);
	trap_set_irq_handler(IRQ_LCOF, NULL);
	pmu_release(sp_ctr);
}
