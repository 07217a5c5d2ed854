/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Counter delegation (Smcdeleg/Ssccfg with Sscsrind), on harts whose
 * ISA strings name all three: S-mode programs a counter itself through
 * siselect/sireg/sireg2 and starts and stops it with scountinhibit, with
 * no SBI call, and the SBI PMU keeps working beside it. Neither the SBI
 * spec nor the ISA spec says how the two share the counters; what is
 * judged here is what a supervisor needs (docs/semantics.md, "counter
 * delegation"): a counter S-mode programmed is not handed out by
 * CFG_MATCH, SBI calls leave it alone, and once S-mode releases it
 * (mhpmevent 0) CFG_MATCH may hand it out again.
 *
 * The selector S-mode writes is the event index of cycles (0x1): what the
 * riscv,pmu binding's generic platforms write for general events, and
 * what QEMU counts.
 */
#include "check.h"
#include "csr.h"
#include "env.h"
#include "groups.h"
#include "pmu.h"
#include "trap.h"

#define CD_SPIN	      20000UL
#define CD_SEL_CYCLES 0x1UL

static const char *const cd_names[] = {
	"counter_delegation.sireg_programs_and_scountinhibit_starts",
	"counter_delegation.scountinhibit_stops",
	"counter_delegation.sireg_is_hpmcounter",
	"counter_delegation.cfg_match_skips_supervisor_counter",
	"counter_delegation.sbi_counter_counts_beside",
	"counter_delegation.sbi_leaves_supervisor_counter",
	"counter_delegation.released_counter_matched_again",
};

/* SKIP every check from @first on. */
static void cd_skip_from(unsigned int first, const char *reason)
{
	unsigned int i;

	for (i = first; i < sizeof(cd_names) / sizeof(cd_names[0]); i++)
		check_skip(cd_names[i], "%s", reason);
}

static void cd_spin(void)
{
	volatile unsigned long n;

	for (n = 0; n < CD_SPIN; n++)
		;
}

/* What S-mode does with counter @i, and what it saw. */
struct cd_run {
	unsigned int i; /* CSR index: hpmcounter<i> */
	uint64_t counted, frozen, direct;
	bool trapped;
};

/* Program, run, stop and read counter @i from S-mode alone. */
static void cd_supervisor_counts(struct cd_run *c)
{
	unsigned long traps = trap_counts().exceptions;

	trap_arm(true);
	csr_set(CSR_SCOUNTINHIBIT, 1UL << c->i);
	csr_write(CSR_SISELECT, SISELECT_COUNTER + c->i);
	csr_write(CSR_SIREG2, CD_SEL_CYCLES);
	csr_write(CSR_SIREG, 0);
	csr_clear(CSR_SCOUNTINHIBIT, 1UL << c->i);
	cd_spin();
	csr_set(CSR_SCOUNTINHIBIT, 1UL << c->i);
	c->counted = csr_read(CSR_SIREG);
	cd_spin();
	c->frozen = csr_read(CSR_SIREG);
	c->trapped = !csr_read_counter64(CSR_CYCLE + c->i, &c->direct);
	trap_arm(false);
	c->trapped = c->trapped || trap_counts().exceptions != traps;
}

static void cd_judge_supervisor(const struct cd_run *c)
{
	check_true(cd_names[0],
		   "Smcdeleg/Ssccfg: with menvcfg.CDE and the counter's "
		   "mcounteren bit set, S-mode reaches mhpmcounter/mhpmevent "
		   "through siselect 0x40+i and sireg/sireg2, and starts it "
		   "by clearing its scountinhibit bit",
		   !c->trapped && c->counted > 0, "no trap, a count > 0",
		   "%s, count %llu", c->trapped ? "trapped" : "no trap",
		   (unsigned long long)c->counted);
	check_true(cd_names[1],
		   "Ssccfg: setting the scountinhibit bit stops the counter",
		   !c->trapped && c->frozen == c->counted,
		   "the same value twice", "%llu then %llu",
		   (unsigned long long)c->counted,
		   (unsigned long long)c->frozen);
	check_true(cd_names[2],
		   "sireg with siselect 0x40+i is mhpmcounter i, which "
		   "hpmcounter i reads",
		   !c->trapped && c->direct == c->frozen, "equal values",
		   "sireg %llu, hpmcounter %llu", (unsigned long long)c->frozen,
		   (unsigned long long)c->direct);
}

/* The SBI PMU beside S-mode's counter @c->i, which holds @c->frozen. */
static void cd_sbi_beside(const struct cd_run *c)
{
	struct sbiret r = pmu_cfg_match(c->i, 1, 0, EV_CYCLES, 0);
	struct ctr_set all = env_hw_set(WANT_CYCLES);
	uint64_t v = 0, mine = 0;

	check_error(cd_names[3],
		    "a counter S-mode programmed itself is S-mode's: CFG_MATCH "
		    "of the set holding only it finds no free counter",
		    ERRS1(SBI_ERR_NOT_SUPPORTED), r);
	if (!r.error)
		pmu_release(r.value);
	r = pmu_cfg_match(all.base, all.mask, SBI_PMU_CFG_FLAG_AUTO_START,
			  EV_CYCLES, 0);
	if (!r.error) {
		cd_spin();
		pmu_stop_one(r.value, 0);
		csr_read_counter64(env.ctr[r.value].csr, &v);
	}
	check_true(cd_names[4],
		   "SBI calls keep working beside a delegated counter: "
		   "CFG_MATCH gives another counter, which counts",
		   !r.error && r.value != c->i && v > 0,
		   "SUCCESS, another counter, a count > 0",
		   "%s, counter %ld, count %llu", check_error_name(r.error),
		   r.error ? -1L : (long)r.value, (unsigned long long)v);
	if (!r.error)
		pmu_release(r.value);
	csr_read_counter64(CSR_CYCLE + c->i, &mine);
	check_true(cd_names[5],
		   "no SBI call touches a counter S-mode programmed: it holds "
		   "its value, still stopped",
		   mine == c->frozen, "unchanged", "%llu, was %llu",
		   (unsigned long long)mine, (unsigned long long)c->frozen);
}

/* S-mode releases the counter (mhpmevent 0): SBI may hand it out. */
static void cd_release(const struct cd_run *c)
{
	struct sbiret r;

	csr_write(CSR_SISELECT, SISELECT_COUNTER + c->i);
	csr_write(CSR_SIREG2, 0);
	r = pmu_cfg_match(c->i, 1, 0, EV_CYCLES, 0);
	check_true(cd_names[6],
		   "once S-mode clears the counter's event, it is free for "
		   "CFG_MATCH again",
		   !r.error && r.value == c->i, "SUCCESS, the same counter",
		   "%s, counter %ld", check_error_name(r.error),
		   r.error ? -1L : (long)r.value);
	if (!r.error)
		pmu_release(r.value);
}

void cdeleg_run(void)
{
	long p = env_programmable(WANT_CYCLES);
	struct cd_run c = {0};

	if (!env.cdeleg) {
		cd_skip_from(0, "no Smcdeleg, Ssccfg and Sscsrind in the "
				"harts' ISA strings");
		return;
	}
	if (p < 0) {
		cd_skip_from(0, "no programmable counter counts cycles");
		return;
	}
	c.i = env.ctr[p].csr - CSR_CYCLE;
	cd_supervisor_counts(&c);
	cd_judge_supervisor(&c);
	if (c.trapped) {
		cd_skip_from(3, "S-mode could not reach the counter");
		return;
	}
	cd_sbi_beside(&c);
	cd_release(&c);
}
