/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Counter overflow interrupts with Sscofpmf (detected from the harts' DT
 * ISA strings): a programmable counter started just below its maximum
 * must raise the local counter-overflow interrupt (LCOFI, 13) in S-mode,
 * show its bit in scountovf, and, restarted after the supervisor cleared
 * sip.LCOFIP, raise it again: S-mode cannot clear mhpmevent.OF, so the
 * firmware must (at START). A stopped counter must stay silent.
 */
#include <stddef.h>

#include "check.h"
#include "csr.h"
#include "env.h"
#include "groups.h"
#include "pmu.h"
#include "sbi.h"
#include "trap.h"

/*
 * Counts between the initial value and the overflow. QEMU 7.2 arms its
 * overflow timer when the counter value is written (at START, while the
 * counter is still inhibited, as it must be) and drops the interrupt if
 * the timer expires before the counter is un-inhibited; it takes one
 * count for 1 ns. 20 ms keeps that window negligible.
 */
#define OVF_DELTA 20000000ULL
/*
 * How long to wait for an interrupt, and to watch a stopped counter. The
 * wait ends when the interrupt comes, so it is long: on a host with far
 * more runnable threads than cores, 500 ms once saw none (spike, a load
 * of 12 on 2 cores); an interrupt that never comes costs 2 s.
 */
#define OVF_WAIT_US  2000000UL
#define OVF_QUIET_US 200000UL

static volatile unsigned long ovf_irqs;
static volatile unsigned long ovf_scountovf;

static void ovf_handler(unsigned int irq, struct trap_frame *tf)
{
	(void)irq;
	(void)tf;
	ovf_scountovf = csr_read(CSR_SCOUNTOVF);
	csr_clear(CSR_SIP, 1UL << IRQ_LCOF);
	ovf_irqs++;
}

static uint64_t ovf_near_max(unsigned long p, uint64_t delta)
{
	unsigned int width = env.ctr[p].width;
	uint64_t max = width >= 64 ? ~0ULL : (1ULL << width) - 1;

	return max - delta;
}

/*
 * Start @p near its maximum with interrupts on; wait for one more IRQ.
 * The counter is stopped afterwards if @stop (else the caller stops it).
 */
static bool ovf_run(unsigned long p, struct sbiret *r, bool stop)
{
	unsigned long before = ovf_irqs;

	*r = pmu_start_one(p, SBI_PMU_START_FLAG_SET_INIT_VALUE,
			   ovf_near_max(p, OVF_DELTA));
	csr_set(CSR_SSTATUS, SSTATUS_SIE);
	env_wait_change(&ovf_irqs, before, OVF_WAIT_US);
	csr_clear(CSR_SSTATUS, SSTATUS_SIE);
	if (stop)
		pmu_stop_one(p, 0);
	return ovf_irqs != before;
}

static void ovf_checks(unsigned long p)
{
	unsigned int bit = env.ctr[p].csr - CSR_CYCLE;
	struct sbiret r;
	bool got;

	got = ovf_run(p, &r, true);
	check_true(
		"sscofpmf.overflow.interrupt",
		"Sscofpmf: a counter overflowing with OF clear raises LCOFI; "
		"the firmware delegates it to S-mode (mideleg bit 13) so the "
		"supervisor's sampling works",
		got, "interrupt 13 in S-mode", "none (START %s)",
		check_error_name(r.error));
	check_true("sscofpmf.overflow.scountovf_bit",
		   "Sscofpmf: scountovf shows the OF bit of each counter "
		   "S-mode may read (mcounteren), the overflowed one included",
		   got && (ovf_scountovf & (1UL << bit)),
		   "bit set for the counter", "scountovf 0x%lx (bit %u)",
		   ovf_scountovf, bit);
	got = ovf_run(p, &r, true);
	check_true("sscofpmf.overflow.second_interrupt",
		   "after the supervisor clears sip.LCOFIP and restarts the "
		   "counter, OF must be clear again or no further interrupt "
		   "can come; only the firmware can clear mhpmevent.OF",
		   got, "a second interrupt 13", "none (START %s)",
		   check_error_name(r.error));
}

/*
 * With a snapshot area, STOP(TAKE_SNAPSHOT) after an overflow reports it
 * in the bitmap, relative to cbase: what Linux's overflow handler reads
 * instead of scountovf.
 */
static uint8_t ovf_snap[SBI_PMU_SNAPSHOT_SIZE]
	__attribute__((aligned(SBI_PMU_SNAPSHOT_SIZE)));

static void ovf_snapshot(unsigned long p)
{
	static const char name[] =
		"snapshot.take.overflow_bitmap_after_overflow";
	volatile uint64_t *words = (volatile uint64_t *)ovf_snap;
	struct sbiret r;
	bool got;

	if (!env_version_at_least(2, 0) ||
	    pmu_snapshot_set((unsigned long)ovf_snap, 0, 0).error) {
		check_skip(name, "no snapshot shared memory (SBI < 2.0 or "
				 "not available)");
		return;
	}
	words[0] = 0;
	got = ovf_run(p, &r, false);
	r = pmu_stop(p - 1, 2, SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT);
	check_true(name,
		   "table 16: counter_overflow_bitmap has a bit for each "
		   "overflown counter, relative to cbase (here counter - 1, so "
		   "bit 1), valid with Sscofpmf",
		   got && r.error == SBI_SUCCESS && (words[0] & 2),
		   "an interrupt, SUCCESS, bit 1 set", "%s, %s, bitmap 0x%llx",
		   got ? "interrupt" : "no interrupt",
		   check_error_name(r.error), (unsigned long long)words[0]);
	pmu_snapshot_set(ULONG_ALL_ONES, ULONG_ALL_ONES, 0);
}

/* A counter stopped right after being set near its maximum stays quiet. */
static void ovf_stopped(unsigned long p)
{
	unsigned long before = ovf_irqs;

	pmu_start_one(p, SBI_PMU_START_FLAG_SET_INIT_VALUE,
		      ovf_near_max(p, OVF_DELTA));
	pmu_stop_one(p, 0);
	csr_set(CSR_SSTATUS, SSTATUS_SIE);
	env_wait_change(&ovf_irqs, before, OVF_QUIET_US);
	csr_clear(CSR_SSTATUS, SSTATUS_SIE);
	check_true("sscofpmf.overflow.stopped_counter_silent",
		   "a stopped (inhibited) counter does not count, so it cannot "
		   "overflow or interrupt",
		   ovf_irqs == before, "no interrupt", "%lu interrupt(s)",
		   ovf_irqs - before);
}

/* Poll sip.LCOFIP (interrupts off) for up to @us; whether it came. */
static bool ovf_poll_pending(unsigned long us)
{
	static volatile unsigned long never;
	unsigned long waited;

	for (waited = 0; waited < us; waited += 1000) {
		if (csr_read(CSR_SIP) & (1UL << IRQ_LCOF))
			return true;
		env_wait_change(&never, 0, 1000);
	}
	return (csr_read(CSR_SIP) & (1UL << IRQ_LCOF)) != 0;
}

/*
 * QEMU 7.2 (SBI's marchid = mimpid = QEMU's version, 7.x): its overflow
 * timer raises an interrupt for a counter written a value far below its
 * overflow, on every firmware (ours from 0 and from 2 alike, OpenSBI
 * 1.1 too), so the check cannot tell a stale overflow from QEMU's. It is
 * judged on QEMU 10, other emulators and hardware.
 */
static bool ovf_qemu72(void)
{
	struct sbiret arch = sbi_ecall(SBI_EXT_BASE, SBI_EXT_BASE_GET_MARCHID,
				       0, 0, 0, 0, 0, 0);
	struct sbiret imp = sbi_ecall(SBI_EXT_BASE, SBI_EXT_BASE_GET_MIMPID, 0,
				      0, 0, 0, 0, 0);

	return !arch.error && !imp.error && arch.value == imp.value &&
	       (arch.value >> 16) == 7;
}

/*
 * An earlier client overflows a counter and resets it (STOP with RESET)
 * without taking the interrupt, as a supervisor that is shut down or
 * kexec'ed leaves it. The next client starts a counter from 0: it must
 * not be told of an overflow, neither by a stale LCOFI nor by a spurious
 * one.
 */
static void ovf_stale(unsigned long p, unsigned long event)
{
	static const char name[] = "sscofpmf.overflow.stale_not_delivered";
	unsigned long before;
	bool left;

	if (ovf_qemu72()) {
		check_skip(name, "QEMU 7.2 raises overflows of its own for a "
				 "counter started far below its overflow "
				 "(overflow.c)");
		return;
	}
	csr_clear(CSR_SIP, 1UL << IRQ_LCOF);
	pmu_start_one(p, SBI_PMU_START_FLAG_SET_INIT_VALUE,
		      ovf_near_max(p, OVF_DELTA));
	left = ovf_poll_pending(OVF_WAIT_US);
	pmu_stop_one(p, SBI_PMU_STOP_FLAG_RESET);
	if (!left) {
		check_skip(name, "the earlier overflow never became pending");
		return;
	}
	before = ovf_irqs;
	pmu_match_one(p, 0, event);
	pmu_start_one(p, SBI_PMU_START_FLAG_SET_INIT_VALUE, 0);
	csr_set(CSR_SSTATUS, SSTATUS_SIE);
	env_wait_change(&ovf_irqs, before, OVF_QUIET_US);
	csr_clear(CSR_SSTATUS, SSTATUS_SIE);
	pmu_stop_one(p, 0);
	check_true(name,
		   "not a spec rule but what a client needs: an overflow whose "
		   "counter was reset went with it, and a counter started from "
		   "0 cannot overflow for years; an interrupt here is stale "
		   "(left by the earlier client) or spurious",
		   ovf_irqs == before, "no interrupt", "%lu interrupt(s)",
		   ovf_irqs - before);
}

static const char *const ovf_names[] = {
	"sscofpmf.overflow.interrupt",
	"sscofpmf.overflow.scountovf_bit",
	"sscofpmf.overflow.second_interrupt",
	"sscofpmf.overflow.stopped_counter_silent",
	"snapshot.take.overflow_bitmap_after_overflow",
	"sscofpmf.overflow.stale_not_delivered",
};

static void ovf_skip_all(const char *reason)
{
	unsigned int i;

	for (i = 0; i < sizeof(ovf_names) / sizeof(ovf_names[0]); i++)
		check_skip(ovf_names[i], "%s", reason);
}

/*
 * The last programmable counter for @want, or -1. Not the first one:
 * earlier groups write values into that one, and QEMU 7.2 keeps state
 * from a write of a value below 2^63 (its overflow arithmetic wraps) that
 * can swallow or fake a later overflow interrupt of the same counter.
 */
static long ovf_counter(bool cycles)
{
	unsigned int i;

	for (i = env.nhw; i-- > 0;) {
		const struct env_counter *c = &env.ctr[env.hw[i]];

		if (c->csr >= CSR_CYCLE + PMU_CTR_HPM_FIRST &&
		    (cycles ? c->cycles : c->instructions))
			return env.hw[i];
	}
	return -1;
}

void overflow_run(void)
{
	unsigned long event = EV_CYCLES;
	long p = ovf_counter(true);
	struct sbiret r;

	if (!env.sscofpmf) {
		ovf_skip_all("no Sscofpmf in the harts' ISA strings");
		return;
	}
	if (p < 0) {
		p = ovf_counter(false);
		event = EV_INSTRUCTIONS;
	}
	if (p < 0) {
		ovf_skip_all("no programmable counter counts cycles or "
			     "instructions");
		return;
	}
	/* No CLEAR_VALUE: START sets the value; see ovf_counter(). */
	r = pmu_match_one((unsigned long)p, 0, event);
	if (r.error) {
		ovf_skip_all("CFG_MATCH of the programmable counter failed");
		return;
	}
	trap_set_irq_handler(IRQ_LCOF, ovf_handler);
	/* A stale pending LCOFI would be taken for this counter's. */
	csr_clear(CSR_SIP, 1UL << IRQ_LCOF);
	csr_set(CSR_SIE, 1UL << IRQ_LCOF);
	ovf_checks((unsigned long)p);
	ovf_snapshot((unsigned long)p);
	ovf_stopped((unsigned long)p);
	ovf_stale((unsigned long)p, event);
	csr_clear(CSR_SIE, 1UL << IRQ_LCOF);
	trap_set_irq_handler(IRQ_LCOF, NULL);
	pmu_release((unsigned long)p);
}
