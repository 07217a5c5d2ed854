/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The legacy SBI v0.1 calls (SBI v3.0 chapter "Legacy Extensions", EIDs
 * 0x00-0x08), in three groups. "legacy": each EID is either probed
 * present and behaves (a0 is the result, a1 as the caller left it), or
 * probed absent and answers NOT_SUPPORTED; shutdown is judged only when
 * absent, since a present one would end the run. "legacy_fw_events":
 * a legacy call counts the firmware events (table 6) its modern
 * counterpart counts, whatever reading of table 6 the firmware takes,
 * by counting one of each. "robustness.legacy_hart_mask": hart_mask is
 * a pointer into S-mode memory, and a pointer S-mode cannot read
 * (beyond RAM, into the firmware) must come back to S-mode as the load
 * fault it is, at the ecall, with the registers as they were, and the
 * firmware still answering afterwards. Only this
 * hart is named (mask bit hart_self()), so every check holds on any
 * number of harts; legacy-check (payload/legacy/) covers other harts,
 * interrupts taken and console input.
 */
#include "check.h"
#include "csr.h"
#include "env.h"
#include "groups.h"
#include "memprobe.h"
#include "pmu.h"
#include "printf.h"
#include "sbi.h"
#include "trap.h"

/* The legacy EIDs there are: 0x00 to SHUTDOWN. */
#define LEGACY_COUNT (SBI_EXT_LEGACY_SHUTDOWN + 1)

static const char *const legacy_names[LEGACY_COUNT] = {
	"set_timer",	     "console_putchar",
	"console_getchar",   "clear_ipi",
	"send_ipi",	     "remote_fence_i",
	"remote_sfence_vma", "remote_sfence_vma_asid",
	"shutdown",
};

/* What a1 holds going in: "Nothing is returned in a1 register". */
#define LEGACY_A1 0x1EA1A1UL
#define SIP_SSIP  (1UL << IRQ_S_SOFT)

static const char why_absent[] =
	"SBI v3.0 Base probe_extension: 0 when the extension is not "
	"available; a call to an extension that is not available answers "
	"SBI_ERR_NOT_SUPPORTED";
static const char why_value[] =
	"SBI v3.0 Legacy Extensions: each call \"returns 0 upon success or an "
	"implementation specific negative error code\" in a0 (clear_ipi: 0, "
	"or a positive value if an IPI had been pending)";
static const char why_a1[] =
	"SBI v3.0 Legacy Extensions: \"Nothing is returned in a1 register\" "
	"and \"All registers except a0 must be preserved across an SBI call "
	"by the callee\"";
static const char why_events[] =
	"table 6: the firmware events count the timer, IPI and fence "
	"requests; a legacy call makes the same request as its modern "
	"counterpart, so it counts what that one counts";
static const char why_bad_mask[] =
	"SBI v3.0 Legacy Extensions: \"The page and access faults taken by "
	"the SBI implementation while accessing memory on behalf of the "
	"supervisor are redirected back to the supervisor with sepc CSR "
	"pointing to the faulting ECALL instruction\"; all registers but a0 "
	"are preserved, and a0 too since the ecall did not complete";

static struct sbiret legacy_call(unsigned long eid, unsigned long a0,
				 unsigned long a1, unsigned long a2,
				 unsigned long a3)
{
	return sbi_ecall(eid, 0, a0, a1, a2, a3, 0, 0);
}

/* "legacy.<fn>.<what>" into @buf. */
static const char *legacy_name(char *buf, unsigned int size, unsigned long eid,
			       const char *what)
{
	snprintf(buf, size, "legacy.%s.%s", legacy_names[eid], what);
	return buf;
}

/* This hart's bit, or 0 if its id does not fit one unsigned long. */
static unsigned long legacy_self_mask(void)
{
	unsigned long self = hart_self();

	return self < XLEN ? 1UL << self : 0;
}

/* A call of present @eid that changes nothing S-mode would notice. */
static struct sbiret legacy_present_call(unsigned long eid,
					 const unsigned long *mask)
{
	unsigned long p = (unsigned long)mask;

	switch (eid) {
	case SBI_EXT_LEGACY_SET_TIMER:
		/* never fires; RV32 takes the high half in a1 */
		return legacy_call(eid, ~0UL, XLEN == 32 ? ~0UL : LEGACY_A1, 0,
				   0);
	case SBI_EXT_LEGACY_CONSOLE_PUTCHAR:
		return legacy_call(eid, '\n', LEGACY_A1, 0, 0);
	case SBI_EXT_LEGACY_CLEAR_IPI:
		csr_clear(CSR_SIP,
			  SIP_SSIP); /* none pending: the answer is 0 */
		return legacy_call(eid, 0, LEGACY_A1, 0, 0);
	case SBI_EXT_LEGACY_REMOTE_SFENCE_VMA:
	case SBI_EXT_LEGACY_REMOTE_SFENCE_VMA_ASID:
		/* a1-a3 are arguments here: start 0, size 4096, ASID 0 */
		return legacy_call(eid, p, 0, 4096, 0);
	default:
		return legacy_call(eid, p, LEGACY_A1, 0, 0);
	}
}

/* Does @eid leave a1 for the check (it is not an argument there)? */
static bool legacy_a1_free(unsigned long eid)
{
	if (eid == SBI_EXT_LEGACY_SET_TIMER)
		return XLEN == 64;
	return eid != SBI_EXT_LEGACY_REMOTE_SFENCE_VMA &&
	       eid != SBI_EXT_LEGACY_REMOTE_SFENCE_VMA_ASID;
}

static void legacy_check_present(unsigned long eid, unsigned long *mask)
{
	char name[80];
	struct sbiret r = legacy_present_call(eid, mask);

	if (eid == SBI_EXT_LEGACY_CONSOLE_GETCHAR)
		check_true(
			legacy_name(name, sizeof(name), eid, "byte_or_minus_1"),
			"SBI v3.0 Legacy Extensions: console_getchar "
			"returns the byte read, or -1",
			r.error >= -1 && r.error <= 0xFF, "-1 or 0..255", "%ld",
			r.error);
	else
		check_error(legacy_name(name, sizeof(name), eid, "returns_0"),
			    why_value, ERRS1(SBI_SUCCESS), r);
	if (legacy_a1_free(eid))
		check_true(legacy_name(name, sizeof(name), eid, "a1_untouched"),
			   why_a1, r.value == LEGACY_A1, "a1 0x1ea1a1",
			   "a1 0x%lx", r.value);
}

/* clear_ipi takes back an IPI this hart sent itself (SIE masked). */
static void legacy_check_clear_ipi(unsigned long *mask)
{
	unsigned long before, after;
	struct sbiret r;

	legacy_call(SBI_EXT_LEGACY_SEND_IPI, (unsigned long)mask, 0, 0, 0);
	for (unsigned int i = 0; i < 100000 && !(csr_read(CSR_SIP) & SIP_SSIP);
	     i++)
		;
	before = csr_read(CSR_SIP) & SIP_SSIP;
	r = legacy_call(SBI_EXT_LEGACY_CLEAR_IPI, 0, 0, 0, 0);
	after = csr_read(CSR_SIP) & SIP_SSIP;
	check_true("legacy.clear_ipi.clears_pending_ipi",
		   "SBI v3.0 Legacy Extensions: clear_ipi \"Clears the pending "
		   "IPIs if any\" (send_ipi to this hart made one pending)",
		   before && !after, "pending, then clear",
		   "pending %lu, then %lu", before >> IRQ_S_SOFT,
		   after >> IRQ_S_SOFT);
	if (before)
		check_true("legacy.clear_ipi.positive_when_one_was_pending",
			   "SBI v3.0 Legacy Extensions: clear_ipi \"returns 0 "
			   "if no IPI had been pending, or an implementation "
			   "specific positive value if an IPI had been "
			   "pending\"",
			   r.error > 0, "a positive value", "%ld", r.error);
}

void legacy_run(void)
{
	unsigned long mask = legacy_self_mask();
	char name[80];
	bool sie = csr_read(CSR_SSTATUS) & SSTATUS_SIE;

	if (!mask) {
		check_skip("legacy", "this hart's id does not fit a hart_mask");
		return;
	}
	csr_clear(CSR_SSTATUS, SSTATUS_SIE);
	for (unsigned long eid = 0; eid < LEGACY_COUNT; eid++) {
		if (!sbi_probe(eid)) {
			check_error(legacy_name(name, sizeof(name), eid,
						"absent_not_supported"),
				    why_absent, ERRS1(SBI_ERR_NOT_SUPPORTED),
				    legacy_call(eid, 0, 0, 0, 0));
		} else if (eid == SBI_EXT_LEGACY_SHUTDOWN) {
			check_note("legacy.shutdown present: not called (it "
				   "would end the run)");
		} else {
			legacy_check_present(eid, &mask);
		}
	}
	if (sbi_probe(SBI_EXT_LEGACY_SEND_IPI) &&
	    sbi_probe(SBI_EXT_LEGACY_CLEAR_IPI))
		legacy_check_clear_ipi(&mask);
	csr_clear(CSR_SIP, SIP_SSIP); /* the send_ipi above left one */
	if (sie)
		csr_set(CSR_SSTATUS, SSTATUS_SIE);
}

/* One legacy call and its modern counterpart, and the events they count. */
struct legacy_pair {
	unsigned long eid;
	unsigned long ext; /* the modern extension */
	unsigned long fid; /* RFENCE FID; unused for TIME and IPI */
	unsigned int events[2];
	const char *event_names[2];
};

static const struct legacy_pair legacy_pairs[] = {
	{SBI_EXT_LEGACY_SET_TIMER,
	 SBI_EXT_TIME,
	 0,
	 {SBI_PMU_FW_SET_TIMER, 0},
	 {"set_timer", NULL}},
	{SBI_EXT_LEGACY_SEND_IPI,
	 SBI_EXT_IPI,
	 0,
	 {SBI_PMU_FW_IPI_SENT, 0},
	 {"ipi_sent", NULL}},
	{SBI_EXT_LEGACY_REMOTE_FENCE_I,
	 SBI_EXT_RFENCE,
	 SBI_EXT_RFENCE_REMOTE_FENCE_I,
	 {SBI_PMU_FW_FENCE_I_SENT, SBI_PMU_FW_FENCE_I_RECEIVED},
	 {"fence_i_sent", "fence_i_received"}},
	{SBI_EXT_LEGACY_REMOTE_SFENCE_VMA,
	 SBI_EXT_RFENCE,
	 SBI_EXT_RFENCE_REMOTE_SFENCE_VMA,
	 {SBI_PMU_FW_SFENCE_VMA_SENT, SBI_PMU_FW_SFENCE_VMA_RECEIVED},
	 {"sfence_vma_sent", "sfence_vma_received"}},
	{SBI_EXT_LEGACY_REMOTE_SFENCE_VMA_ASID,
	 SBI_EXT_RFENCE,
	 SBI_EXT_RFENCE_REMOTE_SFENCE_VMA_ASID,
	 {SBI_PMU_FW_SFENCE_VMA_ASID_SENT, SBI_PMU_FW_SFENCE_VMA_ASID_RECEIVED},
	 {"sfence_vma_asid_sent", "sfence_vma_asid_received"}},
};

/* The call of @p, legacy or modern, on this hart alone. */
static void legacy_pair_call(const struct legacy_pair *p, bool legacy,
			     unsigned long *mask)
{
	if (legacy)
		(void)legacy_present_call(p->eid, mask);
	else if (p->ext == SBI_EXT_TIME)
		(void)sbi_set_timer(TIMER_NEVER);
	else if (p->ext == SBI_EXT_IPI)
		(void)sbi_send_ipi(*mask, 0);
	else
		(void)sbi_rfence(p->fid, *mask, 0, 0, 4096, 0);
	csr_clear(CSR_SIP, SIP_SSIP); /* an IPI to this hart, masked */
}

/* @event counted over one call of @p; ~0 without a counter for it. */
static uint64_t legacy_pair_count(const struct legacy_pair *p, bool legacy,
				  unsigned long *mask, unsigned int event)
{
	long f = pmu_fw_configure(SBI_PMU_CFG_FLAG_CLEAR_VALUE |
					  SBI_PMU_CFG_FLAG_AUTO_START,
				  EV_FW(event));

	legacy_pair_call(p, legacy, mask);
	return pmu_fw_take(f);
}

static void legacy_pair_check(const struct legacy_pair *p, unsigned long *mask)
{
	char name[96];

	for (unsigned int i = 0; i < 2 && p->events[i]; i++) {
		uint64_t modern =
			legacy_pair_count(p, false, mask, p->events[i]);
		uint64_t legacy =
			legacy_pair_count(p, true, mask, p->events[i]);

		snprintf(name, sizeof(name),
			 "legacy_fw_events.%s.%s_as_modern_call",
			 legacy_names[p->eid], p->event_names[i]);
		if (modern == ~0ULL || legacy == ~0ULL) {
			check_skip(name, "no firmware counter for event %u",
				   p->events[i]);
			continue;
		}
		check_note("%s: legacy %llu, modern %llu", name,
			   (unsigned long long)legacy,
			   (unsigned long long)modern);
		check_u64(name, why_events, modern, legacy);
	}
}

void legacy_fw_events_run(void)
{
	unsigned long mask = legacy_self_mask();
	bool sie = csr_read(CSR_SSTATUS) & SSTATUS_SIE;

	if (!mask || !sbi_probe(SBI_EXT_PMU)) {
		check_skip("legacy_fw_events", "no PMU, or this hart's id does "
					       "not fit a hart_mask");
		return;
	}
	csr_clear(CSR_SSTATUS, SSTATUS_SIE);
	for (unsigned int i = 0;
	     i < sizeof(legacy_pairs) / sizeof(*legacy_pairs); i++) {
		const struct legacy_pair *p = &legacy_pairs[i];

		if (sbi_probe(p->eid) && sbi_probe(p->ext))
			legacy_pair_check(p, &mask);
	}
	pmu_release_all();
	if (sie)
		csr_set(CSR_SSTATUS, SSTATUS_SIE);
}

/* The SBI implementation ID of KVM (SBI spec, Base Extension). */
#define LEGACY_IMPL_KVM 3UL

/* RISC-V's ECALL instruction word, and the load faults a read raises. */
#define LEGACY_ECALL	     0x00000073U
#define LEGACY_LOAD_PAGE_FLT 13UL

/*
 * A call that takes a hart_mask pointer, with one S-mode cannot read:
 * one load fault arrives at the ecall naming the pointer, a0 and a1 come
 * back as they went in, and the firmware answers afterwards.
 */
static void legacy_bad_mask(unsigned long eid, unsigned long addr,
			    const char *where)
{
	struct trap_counts before = trap_counts(), after;
	unsigned long traps;
	bool ok;
	char name[96];
	struct sbiret r;

	trap_arm(true);
	r = legacy_call(eid, addr, LEGACY_A1, 0, 0);
	trap_arm(false);
	after = trap_counts();
	traps = after.exceptions - before.exceptions;
	ok = traps == 1 &&
	     (after.last_cause == EXC_LOAD_ACCESS ||
	      after.last_cause == LEGACY_LOAD_PAGE_FLT) &&
	     after.last_tval == addr &&
	     *(volatile const uint32_t *)after.last_epc == LEGACY_ECALL &&
	     r.error == (long)addr && r.value == LEGACY_A1 &&
	     sbi_probe(SBI_EXT_BASE);
	snprintf(name, sizeof(name), "robustness.legacy_hart_mask.%s.%s",
		 legacy_names[eid], where);
	check_true(name, why_bad_mask, ok,
		   "1 load fault at the ecall, stval the pointer, a0/a1 kept",
		   "%lu trap(s), scause 0x%lx, stval 0x%lx, a0 0x%lx, a1 0x%lx",
		   traps, traps ? after.last_cause : 0UL,
		   traps ? after.last_tval : 0UL, (unsigned long)r.error,
		   r.value);
}

void legacy_hart_mask_run(void)
{
	static const unsigned long eids[] = {
		SBI_EXT_LEGACY_SEND_IPI, SBI_EXT_LEGACY_REMOTE_FENCE_I,
		SBI_EXT_LEGACY_REMOTE_SFENCE_VMA,
		SBI_EXT_LEGACY_REMOTE_SFENCE_VMA_ASID};
	unsigned long fw = memprobe_firmware();
	unsigned long end = (unsigned long)memprobe_ram_end();
	bool fw_ok = memprobe_load_faults(fw);
	/*
	 * In a KVM guest (implementation ID 3 in the SBI spec's table) a
	 * read beyond RAM is an exit to the VMM, which has no device there
	 * and ends the run: not a fault S-mode sees, so not probed.
	 */
	bool end_ok = end && env.impl_id != LEGACY_IMPL_KVM &&
		      memprobe_load_faults(end);

	for (unsigned int i = 0; i < sizeof(eids) / sizeof(*eids); i++) {
		if (!sbi_probe(eids[i]))
			continue; /* judged absent by "legacy" */
		if (end_ok)
			legacy_bad_mask(eids[i], end,
					"beyond_ram_faults_at_ecall");
		if (fw_ok)
			legacy_bad_mask(eids[i], fw,
					"into_firmware_faults_at_ecall");
	}
	if (!end_ok || !fw_ok)
		check_note("legacy hart_mask: an address S-mode can read was "
			   "left out (beyond RAM %d, firmware %d)",
			   end_ok, fw_ok);
}
