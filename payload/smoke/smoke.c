/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The quick S-mode smoke test of the sbipmu firmware (`make fw-smoke`),
 * on the payload runtime in payload/lib. Unlike the conformance suite it
 * knows it runs on sbipmu: it checks the hand-off state (cycle and
 * instret count for a payload that never calls the PMU extension, the
 * tree's timebase as Linux reads it), our
 * implementation id, our firmware events (SBIPMU_FW_ECALL, exact counts
 * of the standard ones), PMP protection of the firmware and the non-PMU
 * extensions Linux needs. It
 * prints one "PASS name (got x)" or "FAIL name (got x, want y)" line per
 * check, then "N passed, M failed"; the runtime then shuts the machine
 * down. Exact counts come from firmware events (QEMU's cycle/instret
 * counters are not exact, docs/facts.md F2.4).
 */
#include <stdbool.h>
#include <stdint.h>

#include <sbipmu/pmu_spec.h>
#include <sbipmu/sbi_spec.h>
#include <sbipmu/sse_spec.h>

#include "csr.h"
#include "dt.h"
#include "hart.h"
#include "printf.h"
#include "runtime.h"
#include "sbi.h"
#include "trap.h"

#define SBIPMU_IMPL_ID 0x5342UL
#define FW_EVENT(code)                                                         \
	(((unsigned long)SBI_PMU_EVENT_TYPE_FW << SBI_PMU_EVENT_TYPE_SHIFT) |  \
	 (code))
/* Start of the firmware's memory, PMP-protected from S-mode. */
#define FW_REGION	 0x80000000UL
#define CSR_MHARTID	 0xF14
#define SMOKE_HSM_OPAQUE 0x5A5AUL

#define CSR_INSTRET (CSR_CYCLE + PMU_CTR_INSTRET)
#define SMOKE_SPIN  20000UL

static unsigned int smoke_pass, smoke_fail;
static unsigned long smoke_hartid, smoke_ncounters, smoke_all_mask;
/* The hart the HSM and remote-fence tests use, ~0 (absent) if none. */
static unsigned long smoke_other = ~0UL;

/* One verdict line: "PASS name (got x)" or "FAIL name (got x, want y)". */
static void smoke_check(const char *name, bool ok, long long got,
			long long want)
{
	if (ok) {
		printf("PASS %s (got 0x%llx)\n", name, (unsigned long long)got);
		smoke_pass++;
	} else {
		printf("FAIL %s (got 0x%llx, want 0x%llx)\n", name,
		       (unsigned long long)got, (unsigned long long)want);
		smoke_fail++;
	}
}

static void smoke_eq(const char *name, long long got, long long want)
{
	smoke_check(name, got == want, got, want);
}

static struct sbiret smoke_pmu(unsigned long fid, unsigned long a0,
			       unsigned long a1, unsigned long a2,
			       unsigned long a3)
{
	return sbi_ecall(SBI_EXT_PMU, fid, a0, a1, a2, a3, 0, 0);
}

/*
 * cycle and instret read twice around some work, as a payload that times
 * itself does: both must have advanced, and neither read may trap.
 */
struct smoke_counting {
	uint64_t cycle[2], instret[2];
	unsigned long traps;
	bool read;
};

static void smoke_counting_measure(void *arg)
{
	struct smoke_counting *m = arg;
	unsigned long traps = trap_counts().exceptions;
	volatile unsigned long spin;

	trap_arm(true);
	m->read = csr_read_counter64(CSR_CYCLE, &m->cycle[0]) &&
		  csr_read_counter64(CSR_INSTRET, &m->instret[0]);
	for (spin = 0; spin < SMOKE_SPIN; spin++)
		;
	m->read = m->read && csr_read_counter64(CSR_CYCLE, &m->cycle[1]) &&
		  csr_read_counter64(CSR_INSTRET, &m->instret[1]);
	trap_arm(false);
	m->traps = trap_counts().exceptions - traps;
}

static void smoke_counting_report(const char *cycle_name,
				  const char *instret_name,
				  const struct smoke_counting *m)
{
	bool clean = m->read && m->traps == 0;

	smoke_check(cycle_name, clean && m->cycle[1] > m->cycle[0],
		    (long long)(m->cycle[1] - m->cycle[0]), 1);
	smoke_check(instret_name, clean && m->instret[1] > m->instret[0],
		    (long long)(m->instret[1] - m->instret[0]), 1);
}

/* Taken first thing, before any SBI call: the state the firmware left. */
static struct smoke_counting smoke_handoff;

static void test_handoff(void)
{
	smoke_counting_report("handoff: rdcycle counts, no PMU call made",
			      "handoff: rdinstret counts, no PMU call made",
			      &smoke_handoff);
}

/*
 * The tree handed on has the timebase Linux's time_init() reads: one
 * nonzero cell in /cpus (the firmware writes it there when the tree it
 * got had none usable; docs/firmware.md, "Devices"). The value is
 * printed for tests that give the firmware such a tree.
 */
static void test_handoff_timebase(const void *dtb)
{
	int len;
	uint32_t hz = dt_timebase(dtb, &len);

	printf("smoke: handed-on /cpus/timebase-frequency %lu (%d bytes)\n",
	       (unsigned long)hz, len);
	smoke_check("handoff: /cpus/timebase-frequency is one nonzero cell",
		    hz != 0 && len == 4, len, 4);
}

/*
 * Every extension the tree handed on names that needs an M-mode enable
 * works in S-mode: its CSR reads without a trap (the firmware drops an
 * extension whose enable did not stick; docs/firmware.md, "M-mode
 * enables"). The named ones are printed for tests that give the
 * firmware a tree claiming more than the hart has.
 */
#define SMOKE_TRY(insn)                                                        \
	({                                                                     \
		unsigned long smoke_ex_ = trap_counts().exceptions;            \
		trap_arm(true);                                                \
		__asm__ volatile(insn ::: "t0", "memory");                     \
		trap_arm(false);                                               \
		trap_counts().exceptions == smoke_ex_;                         \
	})

static void smoke_enable_check(const void *dtb, const char *ext,
			       const char *check, bool ok)
{
	if (!dt_isa_names(dtb, ext))
		return;
	printf("smoke: handed-on ISA names %s\n", ext);
	smoke_check(check, ok, ok, 1);
}

static void test_handoff_enables(const void *dtb)
{
	/* seed only answers a read-write access (Zkr) */
	smoke_enable_check(dtb, "zkr", "handoff: zkr named, seed reads in S",
			   SMOKE_TRY("csrrw t0, 0x015, x0"));
	smoke_enable_check(dtb, "smstateen",
			   "handoff: smstateen named, sstateen0 reads in S",
			   SMOKE_TRY("csrr t0, 0x10C"));
	smoke_enable_check(dtb, "ssaia",
			   "handoff: ssaia named, stopi reads in S",
			   SMOKE_TRY("csrr t0, 0xDB0"));
	smoke_enable_check(dtb, "sstc",
			   "handoff: sstc named, stimecmp reads in S",
			   SMOKE_TRY("csrr t0, 0x14D"));
}

static void test_base(void)
{
	struct sbiret r;

	smoke_eq("base: spec version 3.0", (long long)sbi_spec_version(),
		 (long long)SBI_SPEC_VERSION(3, 0));
	r = sbi_ecall(SBI_EXT_BASE, SBI_EXT_BASE_GET_IMPL_ID, 0, 0, 0, 0, 0, 0);
	smoke_eq("base: impl id", (long long)r.value, SBIPMU_IMPL_ID);
	smoke_eq("base: probe PMU", (long long)sbi_probe(SBI_EXT_PMU), 1);
	smoke_eq("base: probe DBCN", (long long)sbi_probe(SBI_EXT_DBCN), 1);
	smoke_eq("base: probe legacy console present (on by default)",
		 (long long)sbi_probe(SBI_EXT_LEGACY_CONSOLE_PUTCHAR), 1);
	r = sbi_ecall(0x12345678UL, 0, 0, 0, 0, 0, 0, 0);
	smoke_eq("unknown EID: NOT_SUPPORTED", r.error, SBI_ERR_NOT_SUPPORTED);
	r = sbi_ecall(SBI_EXT_BASE, 99, 0, 0, 0, 0, 0, 0);
	smoke_eq("unknown BASE FID: NOT_SUPPORTED", r.error,
		 SBI_ERR_NOT_SUPPORTED);
}

static void test_counters(void)
{
	unsigned long i, hw = 0, fw = 0, bad = 0;
	struct sbiret r = smoke_pmu(SBI_EXT_PMU_NUM_COUNTERS, 0, 0, 0, 0);

	smoke_ncounters = r.value;
	smoke_check("pmu: num_counters > 0", r.error == 0 && r.value > 0,
		    (long long)r.value, 1);
	for (i = 0; i < smoke_ncounters && i < __riscv_xlen; i++) {
		r = smoke_pmu(SBI_EXT_PMU_COUNTER_GET_INFO, i, 0, 0, 0);
		if (r.error)
			continue;
		smoke_all_mask |= 1UL << i;
		if (r.value >> (__riscv_xlen - 1)) {
			fw++;
			continue;
		}
		hw++;
		if ((r.value & SBI_PMU_CTR_INFO_CSR_MASK) != CSR_CYCLE + i)
			bad++;
	}
	printf("info: counters %lu hw + %lu fw of %lu\n", hw, fw,
	       smoke_ncounters);
	smoke_check("pmu: hw counters have csr 0xC00+i", hw > 0 && !bad,
		    (long long)bad, 0);
	smoke_check("pmu: firmware counters exist", fw > 0, (long long)fw, 1);
	r = smoke_pmu(SBI_EXT_PMU_COUNTER_GET_INFO, PMU_CTR_TIME, 0, 0, 0);
	smoke_eq("pmu: time (1) is not a counter", r.error,
		 SBI_ERR_INVALID_PARAM);
}

/* cycle (0) or instret (2) read three times with work in between. */
static bool smoke_read_thrice(unsigned int idx, uint64_t v[3])
{
	volatile unsigned long spin;
	bool ok = true;

	for (unsigned int i = 0; i < 3; i++) {
		for (spin = 0; spin < SMOKE_SPIN; spin++)
			;
		ok = ok && csr_read_counter64(CSR_CYCLE + idx, &v[i]);
	}
	return ok;
}

/*
 * @now was read after @before from one counter counting up: it did not go
 * back. On RV32 only the low 32 bits are compared (modulo 2^32): QEMU
 * derives each half of an RV32 counter from its own clock, so a read is
 * 2^32 off for part of every 2^32 ticks (docs/rv32.md), which a busy host
 * made this check see. A counter that went back to 0 or to an old value
 * is still seen.
 */
static bool smoke_not_back(uint64_t before, uint64_t now)
{
#if __riscv_xlen == 32
	return (uint32_t)(now - before) < 0x80000000U;
#else
	return now >= before;
#endif
}

/*
 * A stopped counter holds the value it had when it stopped (priv spec,
 * mcountinhibit), here a fixed one stopped by the PMU extension, as
 * Linux's boot STOP does before its legacy mode lets tasks rdcycle. On
 * QEMU 7.2 the first read after the stop sees the live count and every
 * later one the last value written to the counter (0 if none was): the
 * counter went back in time. The firmware's HAL writes the value back at
 * the stop (docs/firmware.md, QEMU quirks). START (no new value) makes it
 * count again, from there.
 */
static void test_stopped_fixed_holds(unsigned int idx, const char *what)
{
	char name[80];
	uint64_t before = 0, held[3], after[3];
	bool read, frozen;
	struct sbiret r;

	csr_read_counter64(CSR_CYCLE + idx, &before);
	r = smoke_pmu(SBI_EXT_PMU_COUNTER_STOP, idx, 1, 0, 0);
	read = smoke_read_thrice(idx, held);
	frozen = read && held[0] == held[1] && held[1] == held[2];
	snprintf(name, sizeof(name), "pmu: stopped %s holds its value", what);
	smoke_check(name,
		    r.error == 0 && frozen && smoke_not_back(before, held[0]),
		    (long long)(held[2] - held[0]), 0);
	r = smoke_pmu(SBI_EXT_PMU_COUNTER_START, idx, 1, 0, 0);
	read = smoke_read_thrice(idx, after);
	snprintf(name, sizeof(name), "pmu: restarted %s counts on from there",
		 what);
	smoke_check(name,
		    r.error == 0 && read && smoke_not_back(held[2], after[0]) &&
			    after[2] > after[0],
		    (long long)(after[2] - after[0]), 1);
}

/* Match firmware event @code on any counter, started at 0. */
static long smoke_fw_counter(unsigned long code, unsigned long *idx)
{
	struct sbiret r = smoke_pmu(
		SBI_EXT_PMU_COUNTER_CFG_MATCH, 0, smoke_all_mask,
		SBI_PMU_CFG_FLAG_AUTO_START | SBI_PMU_CFG_FLAG_CLEAR_VALUE,
		FW_EVENT(code));

	*idx = r.value;
	return r.error;
}

static unsigned long smoke_fw_read(unsigned long idx)
{
	return smoke_pmu(SBI_EXT_PMU_COUNTER_FW_READ, idx, 0, 0, 0).value;
}

static void smoke_release(unsigned long idx)
{
	smoke_pmu(SBI_EXT_PMU_COUNTER_STOP, idx, 1, SBI_PMU_STOP_FLAG_RESET, 0);
}

static void test_set_timer_count(void)
{
	unsigned long idx, i;
	struct sbiret r =
		smoke_pmu(SBI_EXT_PMU_COUNTER_CFG_MATCH, 0, smoke_all_mask, 0,
			  FW_EVENT(SBI_PMU_FW_SET_TIMER));

	smoke_eq("pmu: cfg_match SET_TIMER", r.error, 0);
	idx = r.value;
	r = smoke_pmu(SBI_EXT_PMU_COUNTER_START, idx, 1,
		      SBI_PMU_START_FLAG_SET_INIT_VALUE, 0);
	smoke_eq("pmu: start", r.error, 0);
	for (i = 0; i < 5; i++)
		sbi_set_timer(~0ULL);
	smoke_eq("pmu: fw_read == 5 set_timer calls",
		 (long long)smoke_fw_read(idx), 5);
	r = smoke_pmu(SBI_EXT_PMU_COUNTER_STOP, idx, 1, 0, 0);
	smoke_eq("pmu: stop", r.error, 0);
	sbi_set_timer(~0ULL);
	smoke_eq("pmu: stopped counter holds 5", (long long)smoke_fw_read(idx),
		 5);
	r = smoke_pmu(SBI_EXT_PMU_COUNTER_FW_READ_HI, idx, 0, 0, 0);
	smoke_eq("pmu: fw_read_hi", r.error, 0);
	r = smoke_pmu(SBI_EXT_PMU_COUNTER_STOP, idx, 1, SBI_PMU_STOP_FLAG_RESET,
		      0);
	smoke_eq("pmu: stop(reset) on stopped: ALREADY_STOPPED", r.error,
		 SBI_ERR_ALREADY_STOPPED);
	/* released: no event, so not a valid counter (docs/semantics.md) */
	r = smoke_pmu(SBI_EXT_PMU_COUNTER_FW_READ, idx, 0, 0, 0);
	smoke_eq("pmu: fw_read of a released counter: INVALID_PARAM", r.error,
		 SBI_ERR_INVALID_PARAM);
	r = smoke_pmu(SBI_EXT_PMU_COUNTER_STOP, idx, 1, 0, 0);
	smoke_eq("pmu: stop of a released counter: INVALID_PARAM", r.error,
		 SBI_ERR_INVALID_PARAM);
}

static void test_ecall_count(void)
{
	unsigned long idx, n;
	long err = smoke_fw_counter(SBIPMU_FW_ECALL, &idx);

	/* No output in between: printing is an SBI call too. */
	sbi_spec_version();
	sbi_spec_version();
	sbi_spec_version();
	n = smoke_fw_read(idx);
	smoke_eq("pmu: cfg_match(clear, auto_start) SBIPMU_FW_ECALL", err, 0);
	/* three calls plus the reading call itself */
	smoke_eq("pmu: ecall count exact", (long long)n, 4);
	smoke_release(idx);
}

static void test_ipi(void)
{
	unsigned long idx, spins = 0;
	long err = smoke_fw_counter(SBI_PMU_FW_IPI_SENT, &idx);
	struct sbiret r;

	smoke_eq("pmu: counter for IPI_SENT", err, 0);
	r = sbi_send_ipi(1UL, smoke_hartid);
	smoke_eq("ipi: send to self", r.error, 0);
	/* SSIP shows once the firmware has handled its doorbell. */
	while (!(csr_read(CSR_SIP) & (1UL << IRQ_S_SOFT)) &&
	       ++spins < HART_SPIN_BUDGET)
		;
	csr_clear(CSR_SIP, 1UL << IRQ_S_SOFT);
	smoke_eq("ipi: IPI_SENT counted once", (long long)smoke_fw_read(idx),
		 1);
	smoke_release(idx);
	r = sbi_send_ipi(1UL, 0x1000UL);
	smoke_eq("ipi: absent hart: INVALID_PARAM", r.error,
		 SBI_ERR_INVALID_PARAM);
	r = sbi_send_ipi(1UL, ~0UL - 3);
	smoke_eq("ipi: hart id overflow: INVALID_PARAM", r.error,
		 SBI_ERR_INVALID_PARAM);
}

/* One firmware event over one legacy call (@eid, hart_mask at @mask). */
static unsigned long smoke_legacy_count(unsigned long code, unsigned long eid,
					unsigned long a0)
{
	unsigned long idx, n;

	if (smoke_fw_counter(code, &idx))
		return ~0UL;
	/* set_timer: never (RV32's high half in a1); others: a1 unused or
	 * the start of the whole address space (size 0) */
	sbi_ecall(eid, 0, a0, eid ? 0 : ~0UL, 0, 0, 0, 0);
	n = smoke_fw_read(idx);
	smoke_release(idx);
	csr_clear(CSR_SIP, 1UL << IRQ_S_SOFT); /* send_ipi's, masked */
	return n;
}

/*
 * Legacy calls (EIDs 0x00-0x07) count the firmware events of their
 * modern counterparts, exactly: one request to this hart alone.
 */
static void test_legacy_events(void)
{
	static const struct {
		const char *name;
		unsigned long code, eid;
	} cases[] = {
		{"legacy: set_timer counts SET_TIMER", SBI_PMU_FW_SET_TIMER,
		 0x00},
		{"legacy: send_ipi counts IPI_SENT", SBI_PMU_FW_IPI_SENT, 0x04},
		{"legacy: remote_fence_i counts FENCE_I_SENT",
		 SBI_PMU_FW_FENCE_I_SENT, 0x05},
		{"legacy: remote_fence_i counts FENCE_I_RECEIVED",
		 SBI_PMU_FW_FENCE_I_RECEIVED, 0x05},
		{"legacy: remote_sfence_vma counts SFENCE_VMA_SENT",
		 SBI_PMU_FW_SFENCE_VMA_SENT, 0x06},
		{"legacy: remote_sfence_vma_asid counts SFENCE_VMA_ASID_SENT",
		 SBI_PMU_FW_SFENCE_VMA_ASID_SENT, 0x07},
	};
	unsigned long mask = 1UL << smoke_hartid;

	for (unsigned int i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		/* set_timer's a0 is the time (never), the others' the mask */
		unsigned long a0 = cases[i].eid ? (unsigned long)&mask : ~0UL;

		smoke_eq(cases[i].name,
			 (long long)smoke_legacy_count(cases[i].code,
						       cases[i].eid, a0),
			 1);
	}
}

/*
 * Retentive suspend wakes on an enabled interrupt. With sstatus.SIE off
 * the timer interrupt is pending but not taken: arm it, suspend, disarm.
 */
/*
 * Suspend until a timer 1 ms away; two SET_TIMER calls in all when the
 * suspend returns (retentive), one when it resumes at @addr instead.
 */
static struct sbiret smoke_suspend_at(unsigned long type, unsigned long addr,
				      unsigned long opaque)
{
	struct sbiret r;
	uint64_t now = 0;

	csr_read_counter64(CSR_TIME, &now);
	csr_set(CSR_SIE, 1UL << IRQ_S_TIMER);
	sbi_set_timer(now + 10000); /* 1 ms at 10 MHz */
	r = sbi_hart_suspend(type, addr, opaque);
	sbi_set_timer(~0ULL);
	csr_clear(CSR_SIE, 1UL << IRQ_S_TIMER);
	return r;
}

static struct sbiret smoke_suspend_until_timer(unsigned long type)
{
	return smoke_suspend_at(type, 0, 0);
}

/*
 * suspend_type is a uint32_t: bits 32-63 of a0 do not count (RV64). A
 * 32-bit 0x80000000 sign-extended by the caller's ABI is still the
 * default non-retentive type, which then judges resume_addr.
 */
static void test_hsm_suspend_type_u32(void)
{
#if __riscv_xlen == 64
	struct sbiret r;

	r = smoke_suspend_until_timer(0xA5A5A5A500000000UL);
	smoke_eq("hsm: suspend_type bits 32-63 ignored (retentive)", r.error,
		 0);
	r = sbi_hart_suspend(0xFFFFFFFF00000000UL |
				     SBI_HSM_SUSPEND_TYPE_NON_RETENTIVE,
			     FW_REGION, 0);
	smoke_eq("hsm: suspend_type bits 32-63 ignored (non-retentive)",
		 r.error, SBI_ERR_INVALID_ADDRESS);
	r = sbi_hart_suspend((1UL << 32) | 0x00000005UL, 0, 0);
	smoke_eq("hsm: suspend_type low 32 bits reserved", r.error,
		 SBI_ERR_INVALID_PARAM);
#endif
}

/* A hart started through HSM also finds cycle and instret counting. */
static void test_hsm_started_counting(unsigned long other)
{
	struct smoke_counting m = {0};

	if (!hart_call(other, smoke_counting_measure, &m))
		m.read = false;
	smoke_counting_report("hsm: started hart sees rdcycle count",
			      "hsm: started hart sees rdinstret count", &m);
}

/*
 * Per-hart state: a PMU and an SSE call made on the other hart. Every
 * hart of the device tree gets its state at boot, however late it
 * checked in (make fw-debug-check boots a firmware that holds one hart
 * back until the boot hart is past the PMU set-up).
 */
struct smoke_other {
	struct sbiret num_counters;
	struct sbiret sse_status;
	unsigned long status;
};

static void smoke_other_calls(void *arg)
{
	struct smoke_other *o = arg;

	o->num_counters = smoke_pmu(SBI_EXT_PMU_NUM_COUNTERS, 0, 0, 0, 0);
	o->sse_status =
		sbi_ecall(SBI_EXT_SSE, SBI_EXT_SSE_READ_ATTRS,
			  SBI_SSE_EVENT_LOCAL_SOFTWARE, SBI_SSE_ATTR_STATUS, 1,
			  (unsigned long)&o->status, 0, 0);
}

static void test_other_hart_state(unsigned long other)
{
	struct smoke_other o = {{SBI_ERR_FAILED, 0}, {SBI_ERR_FAILED, 0}, 0};

	if (!hart_call(other, smoke_other_calls, &o))
		printf("info: hart %lu did not run the calls\n", other);
	smoke_eq("pmu: other hart has PMU state (num_counters)",
		 o.num_counters.error ? o.num_counters.error
				      : (long long)o.num_counters.value,
		 (long long)smoke_ncounters);
	smoke_eq("sse: other hart has SSE state (read_attrs)",
		 o.sse_status.error, 0);
}

/*
 * The PMU across HSM (docs/semantics.md, "HSM"; the spec is silent):
 * hart_stop releases every counter of the hart, a suspend of either kind
 * keeps them claimed and counting. Judged with a SET_TIMER firmware
 * counter, whose count the test makes exactly.
 */
#define SMOKE_NONRET_OPAQUE 0xC0FFEEUL

struct smoke_hsm_pmu {
	long claim;
	unsigned long idx;
	unsigned long value;
	struct sbiret read;
};

static void smoke_hsm_claim(void *arg)
{
	struct smoke_hsm_pmu *p = arg;

	p->claim = smoke_fw_counter(SBI_PMU_FW_SET_TIMER, &p->idx);
	sbi_set_timer(~0ULL);
	sbi_set_timer(~0ULL);
	p->value = smoke_fw_read(p->idx);
}

static void smoke_hsm_read(void *arg)
{
	struct smoke_hsm_pmu *p = arg;

	p->read = smoke_pmu(SBI_EXT_PMU_COUNTER_FW_READ, p->idx, 0, 0, 0);
}

/* Does not return: the hart resumes in its work loop (hart.c). */
static void smoke_hsm_suspend_nonret(void *arg)
{
	(void)arg;
	smoke_suspend_at(SBI_HSM_SUSPEND_TYPE_NON_RETENTIVE,
			 (unsigned long)hart_secondary_entry,
			 SMOKE_NONRET_OPAQUE);
}

static void test_hsm_pmu_nonret_keeps(unsigned long other)
{
	struct smoke_hsm_pmu p = {SBI_ERR_FAILED, 0, 0, {SBI_ERR_FAILED, 0}};

	hart_call(other, smoke_hsm_claim, &p);
	smoke_eq("hsm/pmu: other hart claims SET_TIMER", p.claim, 0);
	smoke_eq("hsm/pmu: its count after 2 calls", (long long)p.value, 2);
	hart_call(other, smoke_hsm_suspend_nonret, NULL);
	smoke_eq("hsm: non-retentive suspend resumes with opaque",
		 (long long)hart_start_opaque(other), SMOKE_NONRET_OPAQUE);
	hart_call(other, smoke_hsm_read, &p);
	smoke_eq("hsm/pmu: non-retentive suspend keeps the counter claimed",
		 p.read.error, 0);
	smoke_eq("hsm/pmu: ... and its count (3rd SET_TIMER)",
		 (long long)p.read.value, 3);
}

/* Called with @other started; leaves it started. */
static void test_hsm_pmu_stop_releases(unsigned long other)
{
	struct smoke_hsm_pmu p = {SBI_ERR_FAILED, 0, 0, {SBI_ERR_FAILED, 0}};

	hart_call(other, smoke_hsm_claim, &p);
	hart_stop(other);
	smoke_eq("hsm/pmu: restart after hart_stop", hart_boot(other), 0);
	hart_call(other, smoke_hsm_read, &p);
	smoke_eq("hsm/pmu: hart_stop released the counter (FW_READ)",
		 p.read.error, SBI_ERR_INVALID_PARAM);
	p.claim = SBI_ERR_FAILED;
	hart_call(other, smoke_hsm_claim, &p);
	smoke_eq("hsm/pmu: restarted hart claims SET_TIMER again", p.claim, 0);
	smoke_eq("hsm/pmu: ... counting from 0", (long long)p.value, 2);
}

static void test_hsm_pmu_retentive_keeps(void)
{
	unsigned long idx;
	struct sbiret r;

	if (smoke_fw_counter(SBI_PMU_FW_SET_TIMER, &idx)) {
		smoke_check("hsm/pmu: claim SET_TIMER for retentive suspend",
			    false, 0, 0);
		return;
	}
	r = smoke_suspend_until_timer(SBI_HSM_SUSPEND_TYPE_RETENTIVE);
	smoke_eq("hsm: retentive suspend returns on timer", r.error, 0);
	r = smoke_pmu(SBI_EXT_PMU_COUNTER_FW_READ, idx, 0, 0, 0);
	smoke_eq("hsm/pmu: retentive suspend keeps the counter claimed",
		 r.error, 0);
	smoke_eq("hsm/pmu: ... and counting (2 SET_TIMER)", (long long)r.value,
		 2);
	smoke_release(idx);
}

static void test_hsm(void)
{
	unsigned long other = smoke_other, spins = 0;
	struct sbiret r;

	smoke_eq("hsm: self STARTED",
		 (long long)sbi_hart_status(smoke_hartid).value,
		 SBI_HSM_STATE_STARTED);
	r = sbi_hart_status(4096);
	smoke_eq("hsm: status of absent hart", r.error, SBI_ERR_INVALID_PARAM);
	if (sbi_hart_status(other).error) {
		printf("info: single hart, HSM start skipped\n");
		return;
	}
	smoke_eq("hsm: other STOPPED", (long long)sbi_hart_status(other).value,
		 SBI_HSM_STATE_STOPPED);
	r = sbi_hart_start(other, FW_REGION, 0);
	smoke_eq("hsm: start into firmware: INVALID_ADDRESS", r.error,
		 SBI_ERR_INVALID_ADDRESS);
	/* Cannot fail for the first hart; if it did, "ran" fails below. */
	hart_prepare(other);
	r = sbi_hart_start(other, (unsigned long)hart_secondary_entry,
			   SMOKE_HSM_OPAQUE);
	smoke_eq("hsm: start other", r.error, 0);
	if (r.error) {
		/* e.g. a tree whose doorbell device the firmware does not
		 * know: the hart never comes, so nothing below can run */
		printf("info: hart %lu not started, its HSM tests skipped\n",
		       other);
		return;
	}
	while (!hart_online(other) && ++spins < HART_SPIN_BUDGET)
		;
	smoke_eq("hsm: other ran with opaque",
		 (long long)hart_start_opaque(other), SMOKE_HSM_OPAQUE);
	test_hsm_started_counting(other);
	test_other_hart_state(other);
	test_hsm_pmu_nonret_keeps(other);
	test_hsm_pmu_stop_releases(other);
	hart_stop(other);
	smoke_eq("hsm: other stopped again",
		 (long long)sbi_hart_status(other).value,
		 SBI_HSM_STATE_STOPPED);
	r = sbi_hart_start(smoke_hartid, (unsigned long)hart_secondary_entry,
			   0);
	smoke_eq("hsm: start self: ALREADY_AVAILABLE", r.error,
		 SBI_ERR_ALREADY_AVAILABLE);
	test_hsm_pmu_retentive_keeps();
	r = sbi_hart_suspend(0x00000005UL, 0, 0);
	smoke_eq("hsm: reserved suspend type", r.error, SBI_ERR_INVALID_PARAM);
	/* "platform-specific and unimplemented": none is implemented */
	r = sbi_hart_suspend(0x10000000UL, 0, 0);
	smoke_eq("hsm: platform retentive type: INVALID_PARAM", r.error,
		 SBI_ERR_INVALID_PARAM);
	r = sbi_hart_suspend(0x90000000UL, (unsigned long)test_hsm, 0);
	smoke_eq("hsm: platform non-retentive type: INVALID_PARAM", r.error,
		 SBI_ERR_INVALID_PARAM);
	test_hsm_suspend_type_u32();
}

/* A fence for the other hart only: sent here, received there. */
static void test_rfence_remote(void)
{
	unsigned long sent, rcvd, n_sent, n_rcvd;
	unsigned long other = smoke_other;
	long err = smoke_fw_counter(SBI_PMU_FW_FENCE_I_SENT, &sent);
	struct sbiret r;

	if (sbi_hart_status(other).error)
		return; /* single hart */
	err |= smoke_fw_counter(SBI_PMU_FW_FENCE_I_RECEIVED, &rcvd);
	r = sbi_rfence(SBI_EXT_RFENCE_REMOTE_FENCE_I, 1UL, other, 0, 0, 0);
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

/*
 * A hart mask (with its base) naming this hart and the other one, when
 * their ids are close enough to share a mask; else this hart alone. A
 * mask must not name an absent hart (INVALID_PARAM), and ids need not
 * be 0 and 1.
 */
static unsigned long smoke_pair_mask(unsigned long *base)
{
	unsigned long lo = smoke_hartid, hi = smoke_other;

	*base = smoke_hartid;
	if (smoke_other == ~0UL)
		return 1UL;
	if (hi < lo) {
		lo = smoke_other;
		hi = smoke_hartid;
	}
	if (hi - lo >= __riscv_xlen)
		return 1UL;
	*base = lo;
	return 1UL | 1UL << (hi - lo);
}

static void test_rfence(void)
{
	unsigned long sent, rcvd, n_sent, n_rcvd, base, mask;
	long err = smoke_fw_counter(SBI_PMU_FW_FENCE_I_SENT, &sent);
	struct sbiret r;

	err |= smoke_fw_counter(SBI_PMU_FW_FENCE_I_RECEIVED, &rcvd);
	/* mask base -1: all harts */
	r = sbi_rfence(SBI_EXT_RFENCE_REMOTE_FENCE_I, 0, ~0UL, 0, 0, 0);
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
	mask = smoke_pair_mask(&base);
	r = sbi_rfence(SBI_EXT_RFENCE_REMOTE_SFENCE_VMA, mask, base, 0, 0x1000,
		       0);
	smoke_eq("rfence: sfence.vma range", r.error, 0);
	r = sbi_rfence(SBI_EXT_RFENCE_REMOTE_SFENCE_VMA_ASID, 1UL, smoke_hartid,
		       0, 0, 1);
	smoke_eq("rfence: sfence.vma.asid all", r.error, 0);
	/* Half a page at the top of the address space: the page walk must
	 * end there, not wrap to address 0 and go on. */
	r = sbi_rfence(SBI_EXT_RFENCE_REMOTE_SFENCE_VMA, 1UL, smoke_hartid,
		       ~0xFFFUL, 0x800, 0);
	smoke_eq("rfence: sfence.vma range in the last page returns", r.error,
		 0);
	r = sbi_rfence(7, 1, smoke_hartid, 0, 0, 0);
	smoke_eq("rfence: unknown FID", r.error, SBI_ERR_NOT_SUPPORTED);
}

static void test_traps(void)
{
	unsigned long idx, v;
	long err = smoke_fw_counter(SBI_PMU_FW_ILLEGAL_INSN, &idx);

	smoke_eq("pmu: counter for ILLEGAL_INSN", err, 0);
	trap_arm(true);
	v = csr_read(CSR_MHARTID); /* an M-mode CSR from S-mode */
	trap_arm(false);
	smoke_eq("trap: illegal insn reaches S",
		 (long long)trap_counts().last_cause, EXC_INSN_ILLEGAL);
	smoke_eq("trap: ILLEGAL_INSN counted", (long long)smoke_fw_read(idx),
		 1);
	smoke_release(idx);

	smoke_fw_counter(SBI_PMU_FW_ACCESS_LOAD, &idx);
	trap_arm(true);
	v = *(volatile unsigned long *)FW_REGION; /* PMP-protected */
	trap_arm(false);
	smoke_eq("trap: firmware memory denied (load access fault)",
		 (long long)trap_counts().last_cause, EXC_LOAD_ACCESS);
	smoke_eq("trap: ACCESS_LOAD counted", (long long)smoke_fw_read(idx), 1);
	smoke_release(idx);
	(void)v;
}

static void test_misaligned(void)
{
	static volatile uint8_t buf[16] __attribute__((aligned(8))) = {
		1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
	unsigned long idx, v;

	smoke_fw_counter(SBI_PMU_FW_MISALIGNED_LOAD, &idx);
	v = *(volatile uint32_t *)(buf + 1);
	smoke_eq("misaligned: lw value", (long long)v, 0x05040302);
	*(volatile uint16_t *)(buf + 3) = 0xBEEF;
	smoke_eq("misaligned: sh value", (long long)buf[3] | buf[4] << 8,
		 0xBEEF);
	printf("info: misaligned loads trapped to M: %lu\n",
	       smoke_fw_read(idx));
	smoke_release(idx);
}

static void test_hostile(void)
{
	struct sbiret r;

	r = sbi_ecall(SBI_EXT_DBCN, SBI_EXT_DBCN_CONSOLE_WRITE, 4, FW_REGION, 0,
		      0, 0, 0);
	smoke_eq("dbcn: write from firmware memory refused", r.error,
		 SBI_ERR_INVALID_PARAM);
	r = sbi_ecall(SBI_EXT_DBCN, SBI_EXT_DBCN_CONSOLE_WRITE, 16, ~0UL - 7, 0,
		      0, 0, 0);
	smoke_eq("dbcn: wrapping buffer refused", r.error,
		 SBI_ERR_INVALID_PARAM);
	r = smoke_pmu(SBI_EXT_PMU_SNAPSHOT_SET_SHMEM, FW_REGION, 0, 0, 0);
	smoke_check("pmu: snapshot in firmware memory refused", r.error != 0,
		    r.error, SBI_ERR_INVALID_ADDRESS);
	r = sbi_ecall(SBI_EXT_SRST, SBI_EXT_SRST_SYSTEM_RESET,
		      SBI_SRST_RESET_TYPE_WARM_REBOOT + 1, 0, 0, 0, 0, 0);
	smoke_eq("srst: reserved type", r.error, SBI_ERR_INVALID_PARAM);
	/* platform-specific and unimplemented (accepting would shut down) */
	r = sbi_ecall(SBI_EXT_SRST, SBI_EXT_SRST_SYSTEM_RESET,
		      SBI_SRST_RESET_TYPE_VENDOR_FIRST, 0, 0, 0, 0, 0);
	smoke_eq("srst: vendor type: INVALID_PARAM", r.error,
		 SBI_ERR_INVALID_PARAM);
	r = sbi_ecall(SBI_EXT_SRST, SBI_EXT_SRST_SYSTEM_RESET, 0,
		      SBI_SRST_RESET_REASON_SBI_FIRST, 0, 0, 0, 0);
	smoke_eq("srst: SBI-specific reason: INVALID_PARAM", r.error,
		 SBI_ERR_INVALID_PARAM);
	r = sbi_ecall(SBI_EXT_SRST, SBI_EXT_SRST_SYSTEM_RESET, 0,
		      SBI_SRST_RESET_REASON_VENDOR_FIRST, 0, 0, 0, 0);
	smoke_eq("srst: vendor reason: INVALID_PARAM", r.error,
		 SBI_ERR_INVALID_PARAM);
	r = smoke_pmu(SBI_EXT_PMU_COUNTER_START, ~0UL - 1, ~0UL, 0, 0);
	smoke_check("pmu: start with huge cbase refused", r.error != 0, r.error,
		    SBI_ERR_INVALID_PARAM);
}

/*
 * Last: shut down through SRST with bits 32-63 of reset_type and
 * reset_reason set (RV64). Both are uint32_t, so this is a plain
 * shutdown; if the firmware refuses it instead, the FAIL line fails the
 * run (run-smoke.sh rejects any FAIL line) and the runtime's own
 * shutdown follows.
 */
static void smoke_shutdown_u32_args(void)
{
#if __riscv_xlen == 64
	struct sbiret r;

	printf("info: shutdown by SRST with bits 32-63 of type and reason "
	       "set\n");
	r = sbi_ecall(SBI_EXT_SRST, SBI_EXT_SRST_SYSTEM_RESET,
		      0xFFFFFFFF00000000UL, 0x5A5A5A5A00000000UL, 0, 0, 0, 0);
	smoke_check("srst: type and reason bits 32-63 ignored (shutdown)",
		    false, r.error, 0);
#endif
}

/*
 * The first hart the tree lists, other than this one: ids need not be
 * 0..n-1 (sparse ids, a disabled hart, another boot hart than 0).
 */
static void smoke_find_other(const void *dtb)
{
	unsigned long ids[2];
	unsigned int i, n = dt_harts(dtb, ids, 2);

	for (i = 0; i < n && i < 2; i++) {
		if (ids[i] != smoke_hartid) {
			smoke_other = ids[i];
			return;
		}
	}
}

int payload_main(unsigned long hartid, const void *dtb)
{
	smoke_counting_measure(&smoke_handoff); /* before any SBI call */
	smoke_hartid = hartid;
	smoke_find_other(dtb);
	printf("smoke: S-mode payload on hart %lu, dtb 0x%lx\n", hartid,
	       (unsigned long)dtb);
	test_handoff();
	test_handoff_timebase(dtb);
	test_handoff_enables(dtb);
	test_base();
	test_counters();
	test_stopped_fixed_holds(PMU_CTR_CYCLE, "cycle");
	test_stopped_fixed_holds(PMU_CTR_INSTRET, "instret");
	test_set_timer_count();
	test_ecall_count();
	test_ipi();
	test_legacy_events();
	test_hsm();
	test_rfence();
	test_traps();
	test_misaligned();
	test_hostile();
	printf("%u passed, %u failed\n", smoke_pass, smoke_fail);
	smoke_shutdown_u32_args();
	return smoke_fail ? 1 : 0;
}
