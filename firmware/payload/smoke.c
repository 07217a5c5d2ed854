// SPDX-License-Identifier: BSD-2-Clause
/*
 * S-mode smoke test of the sbipmu firmware, loaded with -kernel. It
 * talks to the firmware only through SBI calls and ordinary instructions
 * and prints one PASS/FAIL line per check, then "N passed, M failed",
 * then shuts the machine down. Exact counts come from firmware events
 * (QEMU's cycle/instret counters are not exact, FACTS §2).
 */
#include "smoke.h"

#define EXT_BASE   0x10UL
#define EXT_TIME   0x54494D45UL
#define EXT_IPI	   0x735049UL
#define EXT_RFENCE 0x52464E43UL
#define EXT_HSM	   0x48534DUL
#define EXT_SRST   0x53525354UL
#define EXT_DBCN   0x4442434EUL
#define EXT_PMU	   0x504D55UL

#define PMU_NUM_COUNTERS 0
#define PMU_GET_INFO	 1
#define PMU_CFG_MATCH	 2
#define PMU_START	 3
#define PMU_STOP	 4
#define PMU_FW_READ	 5
#define PMU_FW_READ_HI	 6

#define CFG_CLEAR_VALUE (1UL << 1)
#define CFG_AUTO_START	(1UL << 2)
#define START_SET_INIT	(1UL << 0)
#define STOP_RESET	(1UL << 0)

#define FW_EVENT(code)	   (0xF0000UL | (code))
#define FW_SET_TIMER	   5
#define FW_IPI_SENT	   6
#define FW_IPI_RECEIVED	   7
#define FW_ILLEGAL_INSN	   4
#define FW_ACCESS_LOAD	   2
#define FW_MISALIGNED_LOAD 0
#define FW_FENCE_I_SENT	   8
#define SBIPMU_FW_ECALL	   256

#define ERR_INVALID_PARAM   (-3)
#define ERR_ALREADY_STOPPED (-8)
#define ERR_NOT_SUPPORTED   (-2)

#define FW_REGION 0x80000000UL

volatile unsigned long smoke_trap_cause, smoke_trap_tval, smoke_trap_count;
static volatile unsigned long smoke_flag;
static unsigned int smoke_pass, smoke_fail;
static unsigned long smoke_hartid, smoke_ncounters, smoke_all_mask;

void smoke_main(unsigned long hartid, unsigned long dtb);
void smoke_secondary_main(unsigned long hartid, unsigned long opaque);
extern char smoke_secondary_entry[];

/* Without DBCN (e.g. OpenSBI 1.1, for the benchmark), legacy putchar. */
static void smoke_puts_legacy(const char *s)
{
	while (*s)
		SMOKE_CALL1(0x01UL, 0, (unsigned long)*s++);
}

void smoke_puts(const char *s)
{
	unsigned long n = 0;

	while (s[n])
		n++;
	while (n) {
		struct smoke_ret r =
			SMOKE_CALL3(EXT_DBCN, 0, n, (unsigned long)s, 0);
		if (r.error == ERR_NOT_SUPPORTED) {
			smoke_puts_legacy(s);
			return;
		}
		if (r.error || r.value == 0 || r.value > n)
			return;
		s += r.value;
		n -= r.value;
	}
}

static void smoke_putnum(unsigned long long v, unsigned int base)
{
	char buf[24];
	unsigned int i = sizeof(buf) - 1;

	buf[i] = '\0';
	do {
		buf[--i] = "0123456789abcdef"[v % base];
		v /= base;
	} while (v);
	smoke_puts(&buf[i]);
}

void smoke_putu(unsigned long long v)
{
	smoke_putnum(v, 10);
}

void smoke_putx(unsigned long long v)
{
	smoke_puts("0x");
	smoke_putnum(v, 16);
}

/* One verdict line: "PASS name (got x)" or "FAIL name (got x, want y)". */
static void smoke_check(const char *name, bool ok, long long got,
			long long want)
{
	smoke_puts(ok ? "PASS " : "FAIL ");
	smoke_puts(name);
	smoke_puts(" (got ");
	smoke_putx((unsigned long long)got);
	if (!ok) {
		smoke_puts(", want ");
		smoke_putx((unsigned long long)want);
	}
	smoke_puts(")\n");
	if (ok)
		smoke_pass++;
	else
		smoke_fail++;
}

static void smoke_eq(const char *name, long long got, long long want)
{
	smoke_check(name, got == want, got, want);
}

static void test_base(void)
{
	struct smoke_ret r = SMOKE_CALL0(EXT_BASE, 0);

	smoke_eq("base: spec version 3.0", (long long)r.value, 0x03000000);
	r = SMOKE_CALL0(EXT_BASE, 1);
	smoke_eq("base: impl id", (long long)r.value, 0x5342);
	r = SMOKE_CALL1(EXT_BASE, 3, EXT_PMU);
	smoke_eq("base: probe PMU", (long long)r.value, 1);
	r = SMOKE_CALL1(EXT_BASE, 3, EXT_DBCN);
	smoke_eq("base: probe DBCN", (long long)r.value, 1);
	r = SMOKE_CALL1(EXT_BASE, 3, 0x01);
	smoke_eq("base: probe legacy console absent", (long long)r.value, 0);
	r = SMOKE_CALL0(0x12345678UL, 0);
	smoke_eq("unknown EID: NOT_SUPPORTED", r.error, ERR_NOT_SUPPORTED);
	r = SMOKE_CALL0(EXT_BASE, 99);
	smoke_eq("unknown BASE FID: NOT_SUPPORTED", r.error, ERR_NOT_SUPPORTED);
}

static void test_counters(void)
{
	unsigned long i, hw = 0, fw = 0, bad = 0;
	struct smoke_ret r = SMOKE_CALL0(EXT_PMU, PMU_NUM_COUNTERS);

	smoke_ncounters = r.value;
	smoke_check("pmu: num_counters > 0", r.error == 0 && r.value > 0,
		    (long long)r.value, 1);
	for (i = 0; i < smoke_ncounters && i < __riscv_xlen; i++) {
		r = SMOKE_CALL1(EXT_PMU, PMU_GET_INFO, i);
		if (r.error)
			continue;
		smoke_all_mask |= 1UL << i;
		if (r.value >> (__riscv_xlen - 1)) {
			fw++;
			continue;
		}
		hw++;
		if ((r.value & 0xFFF) != 0xC00 + i)
			bad++;
	}
	smoke_puts("info: counters ");
	smoke_putu(hw);
	smoke_puts(" hw + ");
	smoke_putu(fw);
	smoke_puts(" fw of ");
	smoke_putu(smoke_ncounters);
	smoke_puts("\n");
	smoke_check("pmu: hw counters have csr 0xC00+i", hw > 0 && !bad,
		    (long long)bad, 0);
	smoke_check("pmu: firmware counters exist", fw > 0, (long long)fw, 1);
	r = SMOKE_CALL1(EXT_PMU, PMU_GET_INFO, 1);
	smoke_eq("pmu: time (1) is not a counter", r.error, ERR_INVALID_PARAM);
}

/* Match firmware event @code on any counter, started at 0. */
static long smoke_fw_counter(unsigned long code, unsigned long *idx)
{
	struct smoke_ret r = smoke_ecall(
		EXT_PMU, PMU_CFG_MATCH, 0, smoke_all_mask,
		CFG_AUTO_START | CFG_CLEAR_VALUE, FW_EVENT(code), 0, 0);

	*idx = r.value;
	return r.error;
}

static unsigned long smoke_fw_read(unsigned long idx)
{
	return SMOKE_CALL1(EXT_PMU, PMU_FW_READ, idx).value;
}

static void smoke_release(unsigned long idx)
{
	SMOKE_CALL3(EXT_PMU, PMU_STOP, idx, 1, STOP_RESET);
}

static void test_set_timer_count(void)
{
	unsigned long idx, i;
	struct smoke_ret r =
		smoke_ecall(EXT_PMU, PMU_CFG_MATCH, 0, smoke_all_mask, 0,
			    FW_EVENT(FW_SET_TIMER), 0, 0);

	smoke_eq("pmu: cfg_match SET_TIMER", r.error, 0);
	idx = r.value;
	r = SMOKE_CALL3(EXT_PMU, PMU_START, idx, 1, START_SET_INIT);
	smoke_eq("pmu: start", r.error, 0);
	for (i = 0; i < 5; i++)
		SMOKE_CALL1(EXT_TIME, 0, ~0UL);
	smoke_eq("pmu: fw_read == 5 set_timer calls",
		 (long long)smoke_fw_read(idx), 5);
	r = SMOKE_CALL3(EXT_PMU, PMU_STOP, idx, 1, 0);
	smoke_eq("pmu: stop", r.error, 0);
	SMOKE_CALL1(EXT_TIME, 0, ~0UL);
	smoke_eq("pmu: stopped counter holds 5", (long long)smoke_fw_read(idx),
		 5);
	r = SMOKE_CALL3(EXT_PMU, PMU_STOP, idx, 1, STOP_RESET);
	smoke_eq("pmu: stop(reset) on stopped: ALREADY_STOPPED", r.error,
		 ERR_ALREADY_STOPPED);
	r = SMOKE_CALL1(EXT_PMU, PMU_FW_READ_HI, idx);
	smoke_eq("pmu: fw_read_hi", r.error, 0);
}

static void test_ecall_count(void)
{
	unsigned long idx, n;
	long err = smoke_fw_counter(SBIPMU_FW_ECALL, &idx);

	/* No output in between: printing is an SBI call too. */
	SMOKE_CALL0(EXT_BASE, 0);
	SMOKE_CALL0(EXT_BASE, 0);
	SMOKE_CALL0(EXT_BASE, 0);
	n = smoke_fw_read(idx);
	smoke_eq("pmu: cfg_match(clear, auto_start) SBIPMU_FW_ECALL", err, 0);
	/* three calls plus the reading call itself */
	smoke_eq("pmu: ecall count exact", (long long)n, 4);
	smoke_release(idx);
}

#define CSR_SIP_SSIP 2UL

static void test_ipi(void)
{
	unsigned long idx, sip;
	long err = smoke_fw_counter(FW_IPI_SENT, &idx);
	struct smoke_ret r;

	smoke_eq("pmu: counter for IPI_SENT", err, 0);
	r = SMOKE_CALL2(EXT_IPI, 0, 1UL, smoke_hartid);
	smoke_eq("ipi: send to self", r.error, 0);
	/* SSIP shows once the firmware has handled its doorbell. */
	do
		__asm__ volatile("csrr %0, sip" : "=r"(sip));
	while (!(sip & CSR_SIP_SSIP));
	__asm__ volatile("csrc sip, %0" ::"r"(CSR_SIP_SSIP));
	smoke_eq("ipi: IPI_SENT counted once", (long long)smoke_fw_read(idx),
		 1);
	smoke_release(idx);
	r = SMOKE_CALL2(EXT_IPI, 0, 1UL, 0x1000UL);
	smoke_eq("ipi: absent hart: INVALID_PARAM", r.error, ERR_INVALID_PARAM);
	r = SMOKE_CALL2(EXT_IPI, 0, 1UL, ~0UL - 3);
	smoke_eq("ipi: hart id overflow: INVALID_PARAM", r.error,
		 ERR_INVALID_PARAM);
}

void smoke_secondary_main(unsigned long hartid, unsigned long opaque)
{
	(void)hartid;
	__atomic_store_n(&smoke_flag, opaque, __ATOMIC_RELEASE);
	SMOKE_CALL0(EXT_HSM, 1); /* hart_stop */
}

static unsigned long smoke_hsm_status(unsigned long hartid)
{
	return SMOKE_CALL1(EXT_HSM, 2, hartid).value;
}

#define CSR_SIE_STIE (1UL << 5)

/*
 * Retentive suspend wakes on an enabled interrupt. With sstatus.SIE off
 * the timer interrupt is pending but not taken: arm it, suspend, disarm.
 */
static struct smoke_ret smoke_suspend_until_timer(void)
{
	struct smoke_ret r;
	unsigned long now;

	__asm__ volatile("rdtime %0" : "=r"(now));
	__asm__ volatile("csrs sie, %0" ::"r"(CSR_SIE_STIE));
	SMOKE_CALL1(EXT_TIME, 0, now + 10000); /* 1 ms at 10 MHz */
	r = SMOKE_CALL3(EXT_HSM, 3, 0x00000000UL, 0, 0);
	SMOKE_CALL1(EXT_TIME, 0, ~0UL);
	__asm__ volatile("csrc sie, %0" ::"r"(CSR_SIE_STIE));
	return r;
}

static void test_hsm(void)
{
	unsigned long other = smoke_hartid ^ 1, spins = 0;
	struct smoke_ret r;

	smoke_eq("hsm: self STARTED", (long long)smoke_hsm_status(smoke_hartid),
		 0);
	r = SMOKE_CALL1(EXT_HSM, 2, 4096);
	smoke_eq("hsm: status of absent hart", r.error, ERR_INVALID_PARAM);
	if (SMOKE_CALL1(EXT_HSM, 2, other).error) {
		smoke_puts("info: single hart, HSM start skipped\n");
		return;
	}
	smoke_eq("hsm: other STOPPED", (long long)smoke_hsm_status(other), 1);
	r = SMOKE_CALL3(EXT_HSM, 0, other, FW_REGION, 0);
	smoke_eq("hsm: start into firmware: INVALID_ADDRESS", r.error, -5);
	r = SMOKE_CALL3(EXT_HSM, 0, other, (unsigned long)smoke_secondary_entry,
			0x5A5A);
	smoke_eq("hsm: start other", r.error, 0);
	while (__atomic_load_n(&smoke_flag, __ATOMIC_ACQUIRE) != 0x5A5A &&
	       ++spins < 100000000UL)
		;
	smoke_eq("hsm: other ran with opaque", (long long)smoke_flag, 0x5A5A);
	spins = 0;
	while (smoke_hsm_status(other) != 1 && ++spins < 1000000UL)
		;
	smoke_eq("hsm: other stopped again", (long long)smoke_hsm_status(other),
		 1);
	r = SMOKE_CALL3(EXT_HSM, 0, smoke_hartid,
			(unsigned long)smoke_secondary_entry, 0);
	smoke_eq("hsm: start self: ALREADY_AVAILABLE", r.error, -6);
	r = smoke_suspend_until_timer();
	smoke_eq("hsm: retentive suspend returns on timer", r.error, 0);
	r = SMOKE_CALL3(EXT_HSM, 3, 0x00000005UL, 0, 0);
	smoke_eq("hsm: reserved suspend type", r.error, ERR_INVALID_PARAM);
}

/* A fence for the other hart only: sent here, received there. */
static void test_rfence_remote(void)
{
	unsigned long sent, rcvd, n_sent, n_rcvd;
	unsigned long other = smoke_hartid ^ 1;
	long err = smoke_fw_counter(FW_FENCE_I_SENT, &sent);
	struct smoke_ret r;

	if (SMOKE_CALL1(EXT_HSM, 2, other).error)
		return; /* single hart */
	err |= smoke_fw_counter(FW_FENCE_I_SENT + 1, &rcvd);
	r = SMOKE_CALL2(EXT_RFENCE, 0, 1UL << other, 0);
	n_sent = smoke_fw_read(sent);
	n_rcvd = smoke_fw_read(rcvd);
	smoke_eq("rfence: fence.i on the other hart", r.error | err, 0);
	smoke_eq("rfence: remote FENCE_I_SENT counted here", (long long)n_sent,
		 1);
	smoke_eq("rfence: remote FENCE_I_RECEIVED not here", (long long)n_rcvd,
		 0);
	smoke_release(sent);
	smoke_release(rcvd);
}

static void test_rfence(void)
{
	unsigned long sent, rcvd, n_sent, n_rcvd;
	long err = smoke_fw_counter(FW_FENCE_I_SENT, &sent);
	struct smoke_ret r;

	err |= smoke_fw_counter(FW_FENCE_I_SENT + 1, &rcvd);
	r = SMOKE_CALL2(EXT_RFENCE, 0, 0, ~0UL); /* all harts */
	n_sent = smoke_fw_read(sent);
	n_rcvd = smoke_fw_read(rcvd);
	smoke_eq("pmu: counters for FENCE_I_SENT/RECEIVED", err, 0);
	smoke_eq("rfence: fence.i on all harts", r.error, 0);
	smoke_eq("rfence: FENCE_I_SENT once per request", (long long)n_sent, 1);
	smoke_eq("rfence: FENCE_I_RECEIVED on the caller", (long long)n_rcvd,
		 1);
	smoke_release(sent);
	smoke_release(rcvd);
	test_rfence_remote();
	r = smoke_ecall(EXT_RFENCE, 1, 3, 0, 0, 0x1000, 0, 0);
	smoke_eq("rfence: sfence.vma range", r.error, 0);
	r = smoke_ecall(EXT_RFENCE, 2, 1UL, smoke_hartid, 0, 0, 1, 0);
	smoke_eq("rfence: sfence.vma.asid all", r.error, 0);
	r = SMOKE_CALL2(EXT_RFENCE, 7, 1, smoke_hartid);
	smoke_eq("rfence: unknown FID", r.error, ERR_NOT_SUPPORTED);
}

static void test_traps(void)
{
	unsigned long idx, v;
	long err = smoke_fw_counter(FW_ILLEGAL_INSN, &idx);

	smoke_eq("pmu: counter for ILLEGAL_INSN", err, 0);
	smoke_trap_count = 0;
	__asm__ volatile("csrr %0, mhartid" : "=r"(v)); /* M CSR from S */
	smoke_eq("trap: illegal insn reaches S", (long long)smoke_trap_cause,
		 2);
	smoke_eq("trap: ILLEGAL_INSN counted", (long long)smoke_fw_read(idx),
		 1);
	smoke_release(idx);

	err = smoke_fw_counter(FW_ACCESS_LOAD, &idx);
	smoke_trap_count = 0;
	v = *(volatile unsigned long *)FW_REGION; /* PMP-protected */
	smoke_eq("trap: firmware memory denied (load access fault)",
		 (long long)smoke_trap_cause, 5);
	smoke_eq("trap: ACCESS_LOAD counted", (long long)smoke_fw_read(idx), 1);
	smoke_release(idx);
	(void)v;
}

static void test_misaligned(void)
{
	static volatile uint8_t buf[16] __attribute__((aligned(8))) = {
		1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
	unsigned long idx, v;

	smoke_fw_counter(FW_MISALIGNED_LOAD, &idx);
	v = *(volatile uint32_t *)(buf + 1);
	smoke_eq("misaligned: lw value", (long long)v, 0x05040302);
	*(volatile uint16_t *)(buf + 3) = 0xBEEF;
	smoke_eq("misaligned: sh value", (long long)buf[3] | buf[4] << 8,
		 0xBEEF);
	smoke_puts("info: misaligned loads trapped to M: ");
	smoke_putu(smoke_fw_read(idx));
	smoke_puts("\n");
	smoke_release(idx);
}

static void test_hostile(void)
{
	struct smoke_ret r;

	r = SMOKE_CALL3(EXT_DBCN, 0, 4, FW_REGION, 0);
	smoke_eq("dbcn: write from firmware memory refused", r.error,
		 ERR_INVALID_PARAM);
	r = SMOKE_CALL3(EXT_DBCN, 0, 16, ~0UL - 7, 0);
	smoke_eq("dbcn: wrapping buffer refused", r.error, ERR_INVALID_PARAM);
	r = smoke_ecall(EXT_PMU, 7, FW_REGION, 0, 0, 0, 0, 0);
	smoke_check("pmu: snapshot in firmware memory refused", r.error != 0,
		    r.error, -5);
	r = SMOKE_CALL2(EXT_SRST, 0, 3, 0);
	smoke_eq("srst: reserved type", r.error, ERR_INVALID_PARAM);
	r = SMOKE_CALL3(EXT_PMU, PMU_START, ~0UL - 1, ~0UL, 0);
	smoke_check("pmu: start with huge cbase refused", r.error != 0, r.error,
		    ERR_INVALID_PARAM);
}

void smoke_main(unsigned long hartid, unsigned long dtb)
{
	smoke_hartid = hartid;
	smoke_puts("smoke: S-mode payload on hart ");
	smoke_putu(hartid);
	smoke_puts(", dtb ");
	smoke_putx(dtb);
	smoke_puts("\n");
	if (SMOKE_CALL0(EXT_BASE, 1).value != 0x5342) {
		smoke_puts("smoke: not sbipmu: benchmark only\n");
		smoke_bench();
		SMOKE_CALL2(EXT_SRST, 0, 0, 0);
		return;
	}
	test_base();
	test_counters();
	test_set_timer_count();
	test_ecall_count();
	test_ipi();
	test_hsm();
	test_rfence();
	test_traps();
	test_misaligned();
	test_hostile();
	smoke_bench();
	smoke_putu(smoke_pass);
	smoke_puts(" passed, ");
	smoke_putu(smoke_fail);
	smoke_puts(" failed\n");
	SMOKE_CALL2(EXT_SRST, 0, 0, smoke_fail ? 1 : 0);
}
