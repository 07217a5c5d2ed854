/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Firmware events counted on traps: MISALIGNED_LOAD/STORE, ACCESS_LOAD/
 * STORE and ILLEGAL_INSN. One faulting instruction must count exactly
 * once. Whether a trap reaches the firmware at all depends on the
 * hardware and on delegation (medeleg), so a zero count is judged with
 * what S-mode saw: the access worked without a trap (the hardware
 * handled it), or S-mode got the trap directly (delegated): SKIP in both
 * cases; anything else is a FAIL.
 */
#include "check.h"
#include "csr.h"
#include "env.h"
#include "groups.h"
#include "memprobe.h"
#include "pmu.h"
#include "trap.h"

typedef void (*traps_action)(void);

static uint32_t traps_buf[4] __attribute__((aligned(16)));

/*
 * The access instructions are written out so the compiler cannot split
 * them. Plain misaligned accesses may be done by the hardware itself
 * (QEMU 7.2 does), so the counted cases use LR.W (a load) and AMOSWAP.W
 * (a store/AMO) on a misaligned address, which must trap: the A
 * extension requires natural alignment of LR/SC and AMOs unless Zama16b
 * says otherwise.
 */
static void traps_misaligned_plain_load(void)
{
	unsigned long v, addr = (unsigned long)traps_buf + 1;

	__asm__ volatile("lw %0, 0(%1)" : "=r"(v) : "r"(addr) : "memory");
}

static void traps_misaligned_plain_store(void)
{
	unsigned long addr = (unsigned long)traps_buf + 1;

	__asm__ volatile("sw zero, 0(%0)" : : "r"(addr) : "memory");
}

static void traps_misaligned_lr(void)
{
	unsigned long v, addr = (unsigned long)traps_buf + 2;

	__asm__ volatile("lr.w %0, (%1)" : "=r"(v) : "r"(addr) : "memory");
}

static void traps_misaligned_amo(void)
{
	unsigned long v, addr = (unsigned long)traps_buf + 2;

	__asm__ volatile("amoswap.w %0, zero, (%1)"
			 : "=r"(v)
			 : "r"(addr)
			 : "memory");
}

static void traps_access_load(void)
{
	unsigned long v;

	__asm__ volatile("lw %0, 0(%1)"
			 : "=r"(v)
			 : "r"(memprobe_firmware())
			 : "memory");
}

static void traps_access_store(void)
{
	__asm__ volatile("sw zero, 0(%0)"
			 :
			 : "r"(memprobe_firmware())
			 : "memory");
}

/* csrw cycle, zero: a write to a read-only CSR is illegal everywhere. */
static void traps_illegal(void)
{
	__asm__ volatile(".4byte 0xc0001073" ::: "memory");
}

/*
 * A faulting instruction and the two events its trap can be counted as:
 * the load kind and the store kind, told apart by the exception the
 * hardware raised (QEMU 7.2 reports a misaligned AMO as a misaligned
 * load, for instance). The instruction is judged by what the trap was.
 */
struct traps_case {
	const char *name;
	traps_action action;
	unsigned int ev_load;  /* event for cause_load */
	unsigned int ev_store; /* event for cause_store; == ev_load if none */
	unsigned long cause_load;
	unsigned long cause_store;
};

static const struct traps_case traps_cases[] = {
	{"fw_event.misaligned.lr_once", traps_misaligned_lr,
	 SBI_PMU_FW_MISALIGNED_LOAD, SBI_PMU_FW_MISALIGNED_STORE,
	 EXC_LOAD_MISALIGNED, EXC_STORE_MISALIGNED},
	{"fw_event.misaligned.amo_once", traps_misaligned_amo,
	 SBI_PMU_FW_MISALIGNED_LOAD, SBI_PMU_FW_MISALIGNED_STORE,
	 EXC_LOAD_MISALIGNED, EXC_STORE_MISALIGNED},
	{"fw_event.misaligned.plain_load_once", traps_misaligned_plain_load,
	 SBI_PMU_FW_MISALIGNED_LOAD, SBI_PMU_FW_MISALIGNED_STORE,
	 EXC_LOAD_MISALIGNED, EXC_STORE_MISALIGNED},
	{"fw_event.misaligned.plain_store_once", traps_misaligned_plain_store,
	 SBI_PMU_FW_MISALIGNED_LOAD, SBI_PMU_FW_MISALIGNED_STORE,
	 EXC_LOAD_MISALIGNED, EXC_STORE_MISALIGNED},
	{"fw_event.access.load_once", traps_access_load, SBI_PMU_FW_ACCESS_LOAD,
	 SBI_PMU_FW_ACCESS_STORE, EXC_LOAD_ACCESS, EXC_STORE_ACCESS},
	{"fw_event.access.store_once", traps_access_store,
	 SBI_PMU_FW_ACCESS_LOAD, SBI_PMU_FW_ACCESS_STORE, EXC_LOAD_ACCESS,
	 EXC_STORE_ACCESS},
	{"fw_event.illegal_insn.once", traps_illegal, SBI_PMU_FW_ILLEGAL_INSN,
	 SBI_PMU_FW_ILLEGAL_INSN, EXC_INSN_ILLEGAL, EXC_INSN_ILLEGAL},
};

static const char why_trap_event[] =
	"table 6: each event counts the traps of its kind the firmware "
	"handles; one faulting instruction is one trap, counted under the "
	"exception the hardware raised (load kind or store kind)";

/* Counters of @c's two events on the calling hart, read after @action. */
static bool traps_measure(const struct traps_case *c, uint64_t *load,
			  uint64_t *store, struct trap_counts *seen)
{
	const unsigned long flags =
		SBI_PMU_CFG_FLAG_CLEAR_VALUE | SBI_PMU_CFG_FLAG_AUTO_START;
	long fl = pmu_fw_configure(flags, EV_FW(c->ev_load));
	long fs = c->ev_store == c->ev_load
			  ? -1
			  : pmu_fw_configure(flags, EV_FW(c->ev_store));
	unsigned long before = trap_counts().exceptions;

	trap_arm(true);
	c->action();
	trap_arm(false);
	*seen = trap_counts();
	seen->exceptions -= before;
	*load = *store = 0;
	if (fl >= 0) {
		pmu_stop_one((unsigned long)fl, 0);
		pmu_fw_value((unsigned long)fl, load);
		pmu_release((unsigned long)fl);
	}
	if (fs >= 0) {
		pmu_stop_one((unsigned long)fs, 0);
		pmu_fw_value((unsigned long)fs, store);
		pmu_release((unsigned long)fs);
	}
	return fl >= 0 && (fs >= 0 || c->ev_store == c->ev_load);
}

static void traps_one(const struct traps_case *c)
{
	struct trap_counts seen;
	uint64_t nl, ns, total;
	unsigned long cause;

	if (!traps_measure(c, &nl, &ns, &seen)) {
		check_fail(c->name,
			   "table 6 lists the events; firmware "
			   "counters count them",
			   "two counters", "none");
		return;
	}
	total = nl + ns;
	cause = seen.last_cause;
	if (total == 0 && !seen.exceptions)
		check_skip(
			c->name,
			"no trap reached S-mode and none was counted: "
			"the hardware did the access itself (QEMU 7.2 does for "
			"plain misaligned accesses)");
	else if (total == 0)
		check_skip(
			c->name,
			"S-mode got the trap (scause %lu) and the "
			"firmware counted none: delegated (medeleg), which "
			"S-mode cannot tell from redirected without counting",
			cause);
	else if (!seen.exceptions || c->ev_load == c->ev_store)
		check_true(c->name, why_trap_event, total == 1,
			   "1 trap counted", "%llu", (unsigned long long)total);
	else if (cause == c->cause_load || cause == c->cause_store)
		check_true(c->name, why_trap_event,
			   cause == c->cause_load ? nl == 1 && ns == 0
						  : nl == 0 && ns == 1,
			   cause == c->cause_load ? "load kind 1, store kind 0"
						  : "load kind 0, store kind 1",
			   "%llu and %llu (scause %lu)", (unsigned long long)nl,
			   (unsigned long long)ns, cause);
	else
		check_skip(c->name, "the hardware raised scause %lu", cause);
}

void fw_traps_run(void)
{
	bool protected = memprobe_load_faults(memprobe_firmware());
	unsigned int i;

	if (!env_need_fw("fw_event.misaligned") ||
	    !env_need_fw("fw_event.access") ||
	    !env_need_fw("fw_event.illegal_insn"))
		return;
	for (i = 0; i < sizeof(traps_cases) / sizeof(traps_cases[0]); i++) {
		const struct traps_case *c = &traps_cases[i];

		/* Firmware memory is only touched where a load faults. */
		if (c->ev_load == SBI_PMU_FW_ACCESS_LOAD && !protected)
			check_skip(c->name, "S-mode can read 0x80000000");
		else
			traps_one(c);
	}
}
