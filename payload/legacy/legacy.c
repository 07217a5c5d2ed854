/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * An S-mode program that talks to its firmware through the legacy SBI
 * v0.1 calls alone (SBI v3.0 chapter "Legacy Extensions", EIDs
 * 0x00-0x08), as a v0.1-era kernel would: `make legacy-check` boots it
 * with two harts (scripts/legacy-check.sh). It writes every line with
 * console_putchar, reads a byte fed on QEMU's stdin with
 * console_getchar, takes a timer interrupt armed by set_timer, sends
 * IPIs to itself and to the other hart and sees them arrive, clears one
 * with clear_ipi, makes the three remote fences, checks that a
 * hart_mask pointer S-mode cannot read comes back as a load fault at the
 * ecall (the chapter's rule), and ends with shutdown.
 * Two calls are not legacy ones, for want of any: the runtime's start-up
 * BASE probes (before payload_main), and HSM HART_START for the second
 * hart (v0.1 has no call that starts a hart).
 *
 * One "PASS name (got x)" or "FAIL name (got x, want y)" line per check,
 * then "N passed, M failed"; then the legacy shutdown, which the script
 * judges by QEMU's exit. On a firmware whose legacy calls are off (the
 * first putchar says NOT_SUPPORTED) it checks instead that every legacy
 * EID says so and probes absent, and reports on the runtime's console.
 */
#include <stdbool.h>
#include <stdint.h>

#include "console.h"
#include "csr.h"
#include "dt.h"
#include "hart.h"
#include "printf.h"
#include "runtime.h"
#include "sbi.h"
#include "trap.h"

/* What a1 holds going in: "Nothing is returned in a1 register". */
#define LEGACY_A1 0x1EA1A1UL
/* The byte scripts/legacy-check.sh feeds on QEMU's stdin. */
#define LEGACY_INPUT 'L'
/* QEMU virt's timebase (10 MHz): only bounds waits, never judged. */
#define LEGACY_TICKS_PER_MS 10000ULL
#define LEGACY_TIMER_MS	    5ULL
#define LEGACY_WAIT_MS	    2000ULL
/* Addresses no S-mode load can read: beyond RAM, and the firmware's
 * own region (PMP-protected) at the start of RAM. */
#define LEGACY_BAD_ADDR (~0UL & ~0xFFFUL)
#define LEGACY_FW_ADDR	0x80000000UL

static unsigned int legacy_pass, legacy_fail;
static volatile unsigned long legacy_timer_irqs, legacy_soft_irqs;
/* What clear_ipi answered in the software-interrupt handler. */
static volatile long legacy_irq_clear_value;

static struct sbiret legacy(unsigned long eid, unsigned long a0,
			    unsigned long a1, unsigned long a2,
			    unsigned long a3)
{
	return sbi_ecall(eid, 0, a0, a1, a2, a3, 0, 0);
}

static void legacy_check(const char *name, bool ok, long long got,
			 long long want)
{
	if (ok) {
		printf("PASS %s (got 0x%llx)\n", name, (unsigned long long)got);
		legacy_pass++;
	} else {
		printf("FAIL %s (got 0x%llx, want 0x%llx)\n", name,
		       (unsigned long long)got, (unsigned long long)want);
		legacy_fail++;
	}
}

static void legacy_eq(const char *name, long long got, long long want)
{
	legacy_check(name, got == want, got, want);
}

static uint64_t legacy_now(void)
{
	uint64_t t = 0;

	csr_read_counter64(CSR_TIME, &t);
	return t;
}

/* Spin until *@count passes @seen or @ms elapse; true if it did. */
static bool legacy_wait(volatile unsigned long *count, unsigned long seen,
			uint64_t ms)
{
	uint64_t end = legacy_now() + ms * LEGACY_TICKS_PER_MS;

	while (*count == seen)
		if (legacy_now() > end)
			return false;
	return true;
}

/* 0x01: a0 0 for each byte; a1 as it was. */
static void legacy_test_putchar(void)
{
	static const char line[] = "legacy: hello through console_putchar\n";
	long err = 0;
	unsigned long a1 = LEGACY_A1;

	for (const char *p = line; *p; p++) {
		struct sbiret r = legacy(SBI_EXT_LEGACY_CONSOLE_PUTCHAR,
					 (unsigned char)*p, LEGACY_A1, 0, 0);

		err = r.error ? r.error : err;
		a1 = r.value != LEGACY_A1 ? r.value : a1;
	}
	legacy_eq("console_putchar.returns_0", err, 0);
	legacy_eq("console_putchar.a1_untouched", (long long)a1, LEGACY_A1);
}

/* 0x02: "returns the byte on success, or -1 for failure". */
static void legacy_test_getchar(void)
{
	uint64_t end = legacy_now() + LEGACY_WAIT_MS * LEGACY_TICKS_PER_MS;
	struct sbiret r;

	do
		r = legacy(SBI_EXT_LEGACY_CONSOLE_GETCHAR, 0, LEGACY_A1, 0, 0);
	while (r.error == -1 && legacy_now() < end);
	legacy_eq("console_getchar.byte_from_stdin", r.error, LEGACY_INPUT);
	legacy_eq("console_getchar.a1_untouched", (long long)r.value,
		  LEGACY_A1);
	r = legacy(SBI_EXT_LEGACY_CONSOLE_GETCHAR, 0, 0, 0, 0);
	legacy_eq("console_getchar.minus_1_when_nothing_waits", r.error, -1);
}

/* The timer interrupt: set_timer far away clears it ("clear the pending
 * timer interrupt bit" is the caller's job through the next request). */
static void legacy_timer_irq(unsigned int irq, struct trap_frame *tf)
{
	(void)irq;
	(void)tf;
	legacy(SBI_EXT_LEGACY_SET_TIMER, ~0UL, ~0UL, 0, 0);
	legacy_timer_irqs++;
}

/* The software interrupt: acknowledged with clear_ipi, as v0.1 did. */
static void legacy_soft_irq(unsigned int irq, struct trap_frame *tf)
{
	(void)irq;
	(void)tf;
	legacy_irq_clear_value =
		legacy(SBI_EXT_LEGACY_CLEAR_IPI, 0, 0, 0, 0).error;
	legacy_soft_irqs++;
}

/* 0x00: an interrupt is taken once the time passes stime_value. */
static void legacy_test_set_timer(void)
{
	uint64_t when = legacy_now() + LEGACY_TIMER_MS * LEGACY_TICKS_PER_MS;
	unsigned long seen = legacy_timer_irqs;
	struct sbiret r;

	trap_set_irq_handler(IRQ_S_TIMER, legacy_timer_irq);
	csr_set(CSR_SIE, 1UL << IRQ_S_TIMER);
#if __riscv_xlen == 32
	r = legacy(SBI_EXT_LEGACY_SET_TIMER, (unsigned long)when,
		   (unsigned long)(when >> 32), 0, 0);
#else
	r = legacy(SBI_EXT_LEGACY_SET_TIMER, when, LEGACY_A1, 0, 0);
	legacy_eq("set_timer.a1_untouched", (long long)r.value, LEGACY_A1);
#endif
	legacy_eq("set_timer.returns_0", r.error, 0);
	legacy_check("set_timer.interrupt_taken",
		     legacy_wait(&legacy_timer_irqs, seen, LEGACY_WAIT_MS),
		     (long long)legacy_timer_irqs, (long long)seen + 1);
	legacy_eq("set_timer.pending_bit_cleared_by_next_request",
		  (long long)(csr_read(CSR_SIP) & (1UL << IRQ_S_TIMER)), 0);
	csr_clear(CSR_SIE, 1UL << IRQ_S_TIMER);
}

/* 0x04 to this hart, taken as an interrupt; 0x03 in its handler. */
static void legacy_test_ipi_self(unsigned long self)
{
	unsigned long mask = 1UL << self, seen = legacy_soft_irqs;
	struct sbiret r;

	trap_set_irq_handler(IRQ_S_SOFT, legacy_soft_irq);
	csr_set(CSR_SIE, 1UL << IRQ_S_SOFT);
	r = legacy(SBI_EXT_LEGACY_SEND_IPI, (unsigned long)&mask, LEGACY_A1, 0,
		   0);
	legacy_eq("send_ipi.self.returns_0", r.error, 0);
	legacy_eq("send_ipi.self.a1_untouched", (long long)r.value, LEGACY_A1);
	legacy_check("send_ipi.self.interrupt_taken",
		     legacy_wait(&legacy_soft_irqs, seen, LEGACY_WAIT_MS),
		     (long long)legacy_soft_irqs, (long long)seen + 1);
	legacy_check("clear_ipi.in_handler.positive_as_one_was_pending",
		     legacy_irq_clear_value > 0, legacy_irq_clear_value, 1);
	csr_clear(CSR_SIE, 1UL << IRQ_S_SOFT);
}

/* 0x03 with interrupts masked: the pending bit goes. */
static void legacy_test_clear_ipi(unsigned long self)
{
	unsigned long mask = 1UL << self, pending = 0;
	uint64_t end = legacy_now() + LEGACY_WAIT_MS * LEGACY_TICKS_PER_MS;
	struct sbiret r;

	legacy(SBI_EXT_LEGACY_SEND_IPI, (unsigned long)&mask, 0, 0, 0);
	while (!pending && legacy_now() < end)
		pending = csr_read(CSR_SIP) & (1UL << IRQ_S_SOFT);
	legacy_check("clear_ipi.pending_before", pending != 0,
		     (long long)pending, 1LL << IRQ_S_SOFT);
	r = legacy(SBI_EXT_LEGACY_CLEAR_IPI, 0, LEGACY_A1, 0, 0);
	legacy_check("clear_ipi.positive_as_one_was_pending", r.error > 0,
		     r.error, 1);
	legacy_eq("clear_ipi.a1_untouched", (long long)r.value, LEGACY_A1);
	legacy_eq("clear_ipi.pending_after",
		  (long long)(csr_read(CSR_SIP) & (1UL << IRQ_S_SOFT)), 0);
	r = legacy(SBI_EXT_LEGACY_CLEAR_IPI, 0, 0, 0, 0);
	legacy_eq("clear_ipi.0_when_none_pending", r.error, 0);
}

/* 0x04 to the other hart: its idle loop sees the interrupt (hart.h). */
static void legacy_test_ipi_other(unsigned long other)
{
	unsigned long mask = 1UL << other;
	unsigned long seen = hart_ssip_count(other);
	struct sbiret r;

	r = legacy(SBI_EXT_LEGACY_SEND_IPI, (unsigned long)&mask, 0, 0, 0);
	legacy_eq("send_ipi.other_hart.returns_0", r.error, 0);
	legacy_check("send_ipi.other_hart.received",
		     hart_wait_ssip(other, seen + 1),
		     (long long)hart_ssip_count(other), (long long)seen + 1);
}

/* 0x05-0x07 on this hart and the other one, and on every hart (NULL). */
static void legacy_test_fences(unsigned long self, unsigned long other)
{
	unsigned long mask = (1UL << self) | (1UL << other);
	unsigned long p = (unsigned long)&mask;
	struct sbiret r;

	r = legacy(SBI_EXT_LEGACY_REMOTE_FENCE_I, p, LEGACY_A1, 0, 0);
	legacy_eq("remote_fence_i.returns_0", r.error, 0);
	legacy_eq("remote_fence_i.a1_untouched", (long long)r.value, LEGACY_A1);
	r = legacy(SBI_EXT_LEGACY_REMOTE_SFENCE_VMA, p, 0, 4096, 0);
	legacy_eq("remote_sfence_vma.one_page.returns_0", r.error, 0);
	r = legacy(SBI_EXT_LEGACY_REMOTE_SFENCE_VMA, p, 0, 0, 0);
	legacy_eq("remote_sfence_vma.all.returns_0", r.error, 0);
	r = legacy(SBI_EXT_LEGACY_REMOTE_SFENCE_VMA_ASID, p, 0, 4096, 1);
	legacy_eq("remote_sfence_vma_asid.returns_0", r.error, 0);
	r = legacy(SBI_EXT_LEGACY_REMOTE_FENCE_I, 0, 0, 0, 0);
	legacy_eq("remote_fence_i.null_mask_all_harts.returns_0", r.error, 0);
}

/* RISC-V's ECALL instruction word. */
#define LEGACY_ECALL	    0x00000073U
#define EXC_LOAD_PAGE_FAULT 13

/*
 * A hart_mask pointer S-mode cannot read: "the page and access faults
 * taken by the SBI implementation while accessing memory on behalf of
 * the supervisor are redirected back to the supervisor with sepc CSR
 * pointing to the faulting ECALL instruction". One load fault arrives,
 * at the ecall, naming the pointer; the registers are as they were (a0
 * still the pointer, a1 untouched). The armed hart survives the trap by
 * stepping over the ecall.
 */
static void legacy_test_bad_mask(const char *name, unsigned long addr)
{
	struct trap_counts before = trap_counts(), after;
	unsigned long traps;
	bool at_ecall;
	char full[96];
	struct sbiret r;

	trap_arm(true);
	r = legacy(SBI_EXT_LEGACY_SEND_IPI, addr, LEGACY_A1, 0, 0);
	trap_arm(false);
	after = trap_counts();
	traps = after.exceptions - before.exceptions;
	at_ecall = traps &&
		   *(volatile const uint32_t *)after.last_epc == LEGACY_ECALL;
	snprintf(full, sizeof(full), "%s.one_load_fault_to_s_mode", name);
	legacy_check(full,
		     traps == 1 && (after.last_cause == EXC_LOAD_ACCESS ||
				    after.last_cause == EXC_LOAD_PAGE_FAULT),
		     (long long)(traps ? after.last_cause : ~0UL),
		     EXC_LOAD_ACCESS);
	snprintf(full, sizeof(full), "%s.stval_is_the_pointer", name);
	legacy_eq(full, (long long)after.last_tval, (long long)addr);
	snprintf(full, sizeof(full), "%s.sepc_at_the_ecall", name);
	legacy_check(full, at_ecall, (long long)after.last_epc, 0);
	snprintf(full, sizeof(full), "%s.a0_a1_preserved", name);
	legacy_check(full, r.error == (long)addr && r.value == LEGACY_A1,
		     r.error, (long long)addr);
}

/* The other hart of a two-hart machine, started; ~0UL if none. */
static unsigned long legacy_other_hart(const void *dtb, unsigned long self)
{
	unsigned long ids[2];
	unsigned int n = dt_harts(dtb, ids, 2);

	for (unsigned int i = 0; i < n; i++)
		if (ids[i] != self && hart_boot(ids[i]) == SBI_SUCCESS)
			return ids[i];
	return ~0UL;
}

/*
 * A firmware with legacy calls turned off (/chosen/sbipmu,legacy =
 * "off"): every legacy EID answers NOT_SUPPORTED and BASE
 * probe_extension says 0 for it. The report goes out on the console the
 * runtime chose, and the runtime's SRST ends the run.
 */
static void legacy_off_main(void)
{
	char name[64];

	printf("legacy: off\n");
	for (unsigned long eid = 0; eid <= SBI_EXT_LEGACY_SHUTDOWN; eid++) {
		snprintf(name, sizeof(name), "off.eid_0x%02lx.not_supported",
			 eid);
		legacy_eq(name, legacy(eid, 0, 0, 0, 0).error,
			  SBI_ERR_NOT_SUPPORTED);
		snprintf(name, sizeof(name), "off.eid_0x%02lx.probe_0", eid);
		legacy_eq(name, (long long)sbi_probe(eid), 0);
	}
	printf("%u passed, %u failed\n", legacy_pass, legacy_fail);
}

int payload_main(unsigned long hartid, const void *dtb)
{
	unsigned long other;

	/* The first legacy call tells whether there are any. */
	if (legacy(SBI_EXT_LEGACY_CONSOLE_PUTCHAR, '\n', 0, 0, 0).error ==
	    SBI_ERR_NOT_SUPPORTED) {
		legacy_off_main();
		return 0;
	}
	console_use_legacy();
	legacy_test_putchar();
	legacy_test_getchar();
	csr_set(CSR_SSTATUS, SSTATUS_SIE);
	legacy_test_set_timer();
	legacy_test_ipi_self(hartid);
	csr_clear(CSR_SSTATUS, SSTATUS_SIE);
	legacy_test_clear_ipi(hartid);
	other = legacy_other_hart(dtb, hartid);
	legacy_check("second_hart_started", other != ~0UL, (long long)other, 0);
	if (other != ~0UL) {
		legacy_test_ipi_other(other);
		legacy_test_fences(hartid, other);
	}
	legacy_test_bad_mask("send_ipi.mask_pointer_beyond_ram",
			     LEGACY_BAD_ADDR);
	legacy_test_bad_mask("send_ipi.mask_pointer_into_firmware",
			     LEGACY_FW_ADDR);
	printf("%u passed, %u failed\n", legacy_pass, legacy_fail);
	printf("legacy: shutdown\n");
	legacy(SBI_EXT_LEGACY_SHUTDOWN, 0, 0, 0, 0);
	printf("FAIL shutdown returned\n");
	return 1;
}
