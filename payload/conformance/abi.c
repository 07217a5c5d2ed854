/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Register preservation: "All registers except a0 & a1 must be preserved
 * across an SBI call by the callee" (SBI v3.0, Binary Encoding). The
 * same must hold for every trap the firmware takes while S-mode's
 * registers are live: a misaligned or illegal instruction it redirects
 * to S-mode, and an interrupt it handles in M-mode (the timer without
 * Sstc, another hart's IPI or remote fence). A firmware that saves only
 * the registers its C code clobbers gets this right on one path and
 * wrong on a rare one; Linux then fails far away from the cause.
 *
 * Each case loads every register but sp with a pattern (abi_regs.S),
 * runs one instruction, and compares: the first changed register is
 * named in the FAIL line.
 */
#include <stdint.h>
#include <string.h>

#include <sbipmu/pmu_spec.h>
#include <sbipmu/sse_spec.h>

#include "check.h"
#include "csr.h"
#include "env.h"
#include "groups.h"
#include "hart.h"
#include "pmu.h"
#include "printf.h"
#include "sbi.h"
#include "trap.h"

#define ABI_REGS 32

void abi_regs_ecall(unsigned long *x);
void abi_regs_lr(unsigned long *x);
void abi_regs_amo(unsigned long *x);
void abi_regs_illegal(unsigned long *x);
void abi_regs_spin(unsigned long *x);

static const char *const abi_reg_names[ABI_REGS] = {
	"zero", "ra", "sp", "gp", "tp",	 "t0",	"t1", "t2", "s0", "s1", "a0",
	"a1",	"a2", "a3", "a4", "a5",	 "a6",	"a7", "s2", "s3", "s4", "s5",
	"s6",	"s7", "s8", "s9", "s10", "s11", "t3", "t4", "t5", "t6",
};

#define ABI_WHY_ECALL                                                          \
	"SBI v3.0 Binary Encoding: all registers except a0 & a1 must be "      \
	"preserved across an SBI call by the callee"
#define ABI_WHY_TRAP                                                           \
	"a trap the firmware takes or redirects while S-mode runs must "       \
	"return to S-mode with its registers as they were"

/* Registers a case may change: bit n for xn. */
#define ABI_RESULT_REGS ((1UL << 10) | (1UL << 11))
#define ABI_SPIN_REGS	((1UL << 30) | (1UL << 31))

static unsigned int abi_salt;

/*
 * A different pattern per register and per case, with the top and
 * bottom bits set, so that a register swapped with another, shifted or
 * truncated to 32 bits shows.
 */
static void abi_fill(unsigned long *x)
{
	unsigned int i;

	abi_salt++;
	for (i = 0; i < ABI_REGS; i++)
		x[i] = (unsigned long)(0xA5C3000000000001ULL ^
				       ((uint64_t)(abi_salt * 97 + i) << 20) ^
				       ((uint64_t)i << 4));
}

/* gp and tp as the payload's own C code (its trap handler) needs them. */
static void abi_keep_gp_tp(unsigned long *x)
{
	__asm__ volatile("mv %0, gp" : "=r"(x[3]));
	__asm__ volatile("mv %0, tp" : "=r"(x[4]));
}

/* PASS if no register outside @may_change differs between @in and @out. */
static bool abi_judge(const char *name, const char *why,
		      const unsigned long *in, const unsigned long *out,
		      unsigned long may_change)
{
	unsigned int i;

	for (i = 1; i < ABI_REGS; i++) {
		if (i == 2 || (may_change & (1UL << i)))
			continue;
		if (in[i] != out[i]) {
			check_fail(name, why, "every register kept",
				   "%s (x%u) 0x%lx -> 0x%lx", abi_reg_names[i],
				   i, in[i], out[i]);
			return false;
		}
	}
	check_pass(name);
	return true;
}

/* One ecall with patterned registers; its sbiret for the next case. */
static struct sbiret abi_ecall(const char *name, unsigned long ext,
			       unsigned long fid, unsigned long a0,
			       unsigned long a1, unsigned long a2,
			       unsigned long a3, unsigned long a4,
			       unsigned long a5)
{
	unsigned long in[ABI_REGS], out[ABI_REGS];
	struct sbiret r;

	abi_fill(in);
	in[10] = a0;
	in[11] = a1;
	in[12] = a2;
	in[13] = a3;
	in[14] = a4;
	in[15] = a5;
	in[16] = fid;
	in[17] = ext;
	memcpy(out, in, sizeof(out));
	abi_regs_ecall(out);
	abi_judge(name, ABI_WHY_ECALL, in, out, ABI_RESULT_REGS);
	r.error = (long)out[10];
	r.value = out[11];
	return r;
}

/* hart_mask 1 with hart_mask_base = the calling hart: itself alone. */
#define ABI_SELF_MASK 1UL

static void abi_base_calls(void)
{
	abi_ecall("abi.ecall_preserves.base_get_spec_version", SBI_EXT_BASE,
		  SBI_EXT_BASE_GET_SPEC_VERSION, 0, 0, 0, 0, 0, 0);
	abi_ecall("abi.ecall_preserves.base_probe_extension", SBI_EXT_BASE,
		  SBI_EXT_BASE_PROBE_EXT, SBI_EXT_PMU, 0, 0, 0, 0, 0);
	abi_ecall("abi.ecall_preserves.base_get_mimpid", SBI_EXT_BASE,
		  SBI_EXT_BASE_GET_MIMPID, 0, 0, 0, 0, 0, 0);
	abi_ecall("abi.ecall_preserves.unknown_extension", 0x0ABC0DEFUL, 0, 0,
		  0, 0, 0, 0, 0);
	abi_ecall("abi.ecall_preserves.base_unknown_function", SBI_EXT_BASE,
		  0x7FF, 0, 0, 0, 0, 0, 0);
}

/* CFG_MATCH's event_data is a4 on RV64, a4/a5 on RV32: 0 either way. */
static void abi_pmu_counter_calls(const char *what, unsigned long event)
{
	char name[96];
	struct ctr_set all = env_all_set();
	struct sbiret r;

	snprintf(name, sizeof(name), "abi.ecall_preserves.pmu_cfg_match_%s",
		 what);
	r = abi_ecall(name, SBI_EXT_PMU, SBI_EXT_PMU_COUNTER_CFG_MATCH,
		      all.base, all.mask, 0, event, 0, 0);
	if (r.error) {
		check_skip(name, "CFG_MATCH of %s failed (%ld)", what, r.error);
		return;
	}
	snprintf(name, sizeof(name), "abi.ecall_preserves.pmu_start_%s", what);
	abi_ecall(name, SBI_EXT_PMU, SBI_EXT_PMU_COUNTER_START, r.value, 1,
		  SBI_PMU_START_FLAG_SET_INIT_VALUE, 0, 0, 0);
	snprintf(name, sizeof(name), "abi.ecall_preserves.pmu_fw_read_%s",
		 what);
	abi_ecall(name, SBI_EXT_PMU, SBI_EXT_PMU_COUNTER_FW_READ, r.value, 0, 0,
		  0, 0, 0);
	snprintf(name, sizeof(name), "abi.ecall_preserves.pmu_stop_reset_%s",
		 what);
	abi_ecall(name, SBI_EXT_PMU, SBI_EXT_PMU_COUNTER_STOP, r.value, 1,
		  SBI_PMU_STOP_FLAG_RESET, 0, 0, 0);
}

static void abi_pmu_calls(void)
{
	abi_ecall("abi.ecall_preserves.pmu_num_counters", SBI_EXT_PMU,
		  SBI_EXT_PMU_NUM_COUNTERS, 0, 0, 0, 0, 0, 0);
	abi_ecall("abi.ecall_preserves.pmu_counter_get_info", SBI_EXT_PMU,
		  SBI_EXT_PMU_COUNTER_GET_INFO, 0, 0, 0, 0, 0, 0);
	abi_ecall("abi.ecall_preserves.pmu_cfg_match_bad_event", SBI_EXT_PMU,
		  SBI_EXT_PMU_COUNTER_CFG_MATCH, 0, 1, 0, 0xFFFFFUL, 0, 0);
	abi_pmu_counter_calls("hw_cycles", 0x1);
	abi_pmu_counter_calls("fw_set_timer", 0xF0005UL);
	abi_ecall("abi.ecall_preserves.pmu_fw_read_hi", SBI_EXT_PMU,
		  SBI_EXT_PMU_COUNTER_FW_READ_HI, 0, 0, 0, 0, 0, 0);
	abi_ecall("abi.ecall_preserves.pmu_snapshot_disable", SBI_EXT_PMU,
		  SBI_EXT_PMU_SNAPSHOT_SET_SHMEM, ULONG_ALL_ONES,
		  ULONG_ALL_ONES, 0, 0, 0, 0);
	abi_ecall("abi.ecall_preserves.pmu_event_get_info_unaligned",
		  SBI_EXT_PMU, SBI_EXT_PMU_EVENT_GET_INFO, 8, 0, 1, 0, 0, 0);
}

static void abi_other_calls(void)
{
	unsigned long self = env.hart;

	abi_ecall("abi.ecall_preserves.time_set_timer", SBI_EXT_TIME,
		  SBI_EXT_TIME_SET_TIMER, ULONG_ALL_ONES, ULONG_ALL_ONES, 0, 0,
		  0, 0);
	abi_ecall("abi.ecall_preserves.ipi_send_self", SBI_EXT_IPI,
		  SBI_EXT_IPI_SEND_IPI, ABI_SELF_MASK, self, 0, 0, 0, 0);
	/* The M-mode interrupt of a self IPI, if any, is taken at once. */
	abi_ecall("abi.ecall_preserves.rfence_fence_i_self", SBI_EXT_RFENCE,
		  SBI_EXT_RFENCE_REMOTE_FENCE_I, ABI_SELF_MASK, self, 0, 0, 0,
		  0);
	abi_ecall("abi.ecall_preserves.rfence_sfence_vma_self", SBI_EXT_RFENCE,
		  SBI_EXT_RFENCE_REMOTE_SFENCE_VMA, ABI_SELF_MASK, self, 0,
		  ULONG_ALL_ONES, 0, 0);
	abi_ecall("abi.ecall_preserves.hsm_hart_get_status", SBI_EXT_HSM,
		  SBI_EXT_HSM_HART_GET_STATUS, self, 0, 0, 0, 0, 0);
	abi_ecall("abi.ecall_preserves.dbcn_write_nothing", SBI_EXT_DBCN,
		  SBI_EXT_DBCN_CONSOLE_WRITE, 0, 0, 0, 0, 0, 0);
	abi_ecall("abi.ecall_preserves.sse_read_attrs_bad_event", SBI_EXT_SSE,
		  SBI_EXT_SSE_READ_ATTRS, 0xFFFFFFFFUL, 0, 1, 0, 0, 0);
	csr_clear(CSR_SIP, 1UL << IRQ_S_SOFT);
}

/* A 16-byte aligned buffer; +2 is misaligned for LR.W and AMOs. */
static uint32_t abi_buf[4] __attribute__((aligned(16)));

static void abi_trap(const char *name, void (*run)(unsigned long *),
		     unsigned long addr)
{
	unsigned long in[ABI_REGS], out[ABI_REGS];

	abi_fill(in);
	abi_keep_gp_tp(in);
	in[10] = addr;
	memcpy(out, in, sizeof(out));
	trap_arm(true);
	run(out);
	trap_arm(false);
	abi_judge(name, ABI_WHY_TRAP, in, out, 0);
}

static void abi_traps(void)
{
	unsigned long mis = (unsigned long)abi_buf + 2;

	abi_trap("abi.trap_preserves.misaligned_lr", abi_regs_lr, mis);
	abi_trap("abi.trap_preserves.misaligned_amo", abi_regs_amo, mis);
	abi_trap("abi.trap_preserves.illegal_insn", abi_regs_illegal, 0);
}

/*
 * Spin with patterned registers until @pending_bit shows in sip: the
 * interrupt behind it, if the firmware handles it in M-mode, arrives
 * in the middle of the loop. False if it never came.
 */
static bool abi_spin(const char *name, unsigned long rounds)
{
	unsigned long in[ABI_REGS], out[ABI_REGS];

	abi_fill(in);
	in[30] = rounds;
	memcpy(out, in, sizeof(out));
	abi_regs_spin(out);
	if (!out[30]) {
		check_skip(name, "no interrupt within %lu rounds", rounds);
		return false;
	}
	abi_judge(name, ABI_WHY_TRAP, in, out, ABI_SPIN_REGS);
	return true;
}

/* The timer: without Sstc the firmware takes it in M-mode. */
static void abi_timer_interrupt(void)
{
	uint64_t now;

	if (!env.time_readable || !env.timebase) {
		check_skip("abi.interrupt_preserves.timer",
			   "the time CSR or its rate is unknown");
		return;
	}
	now = csr_read(CSR_TIME);
	sbi_set_timer(now + env.timebase / 1000); /* 1 ms */
	abi_spin("abi.interrupt_preserves.timer", 400000000UL);
	sbi_set_timer(UINT64_MAX);
}

/* Another hart's IPIs and remote fences, taken in M-mode here. */
static void abi_remote_job(void *arg)
{
	unsigned long target = *(unsigned long *)arg;
	unsigned int i;

	for (i = 0; i < 64; i++) {
		sbi_rfence(0, 1, target, 0, 0, 0);
		sbi_rfence(1, 1, target, 0, ULONG_ALL_ONES, 0);
	}
	sbi_send_ipi(1, target);
}

static void abi_remote_interrupts(void)
{
	static unsigned long target;
	unsigned long other = env.harts[0];

	if (env.nharts < 1 || hart_boot(other) != SBI_SUCCESS) {
		check_skip("abi.interrupt_preserves.remote_fences_and_ipi",
			   "needs a second hart");
		return;
	}
	target = env.hart;
	csr_clear(CSR_SIP, 1UL << IRQ_S_SOFT);
	if (!hart_post(other, abi_remote_job, &target)) {
		check_skip("abi.interrupt_preserves.remote_fences_and_ipi",
			   "could not post to hart %lu", other);
		hart_stop(other);
		return;
	}
	abi_spin("abi.interrupt_preserves.remote_fences_and_ipi", 400000000UL);
	hart_wait(other);
	csr_clear(CSR_SIP, 1UL << IRQ_S_SOFT);
	hart_stop(other);
}

void abi_run(void)
{
	abi_base_calls();
	if (env.pmu)
		abi_pmu_calls();
	abi_other_calls();
	abi_traps();
	abi_timer_interrupt();
	abi_remote_interrupts();
}
