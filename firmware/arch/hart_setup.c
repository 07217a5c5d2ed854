/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Per-hart machine set-up (see hart_setup.h). Delegation: S-mode gets
 * the traps Linux handles itself (misaligned fetch, breakpoint, U-mode
 * ecall, page faults, and with H the guest traps); the firmware keeps
 * misaligned loads/stores (emulated and counted), illegal instructions
 * and access faults (counted, then forwarded) so the events of docs/facts.md
 * F4.1 are seen. S-mode may read every implemented counter and time directly
 * (mcounteren); the PMP hides the firmware region from S/U-mode.
 */
#include "arch/discover.h"
#include "arch/enables.h"
#include "arch/fault.h"
#include "arch/hart_setup.h"
#include "arch/pmu_hart.h"
#include "cpu/csr.h"
#include "rt/platform.h"

extern char fw_trap_entry[];

#define DELEG_EXC                                                              \
	((1UL << CAUSE_MISALIGNED_FETCH) | (1UL << CAUSE_BREAKPOINT) |         \
	 (1UL << CAUSE_USER_ECALL) | (1UL << CAUSE_FETCH_PAGE_FAULT) |         \
	 (1UL << CAUSE_LOAD_PAGE_FAULT) | (1UL << CAUSE_STORE_PAGE_FAULT))
#define DELEG_EXC_H                                                            \
	((1UL << CAUSE_VS_ECALL) | (1UL << CAUSE_FETCH_GUEST_PAGE_FAULT) |     \
	 (1UL << CAUSE_LOAD_GUEST_PAGE_FAULT) | (1UL << CAUSE_VIRTUAL_INSN) |  \
	 (1UL << CAUSE_STORE_GUEST_PAGE_FAULT))
#define DELEG_IRQ (MIP_SSIP | MIP_STIP | MIP_SEIP)

static void setup_traps(void)
{
	unsigned long exc = DELEG_EXC, irq = DELEG_IRQ;

	if (fw_feat.h)
		exc |= DELEG_EXC_H;
	if (fw_feat.pmu.sscofpmf)
		irq |= MIP_LCOFIP; /* Linux handles counter overflow itself */
	csr_write(CSR_MTVEC, (uintptr_t)fw_trap_entry);
	csr_write(CSR_MEDELEG, exc);
	csr_write(CSR_MIDELEG, irq);
}

/*
 * Entry 0 is the hart's stack guard, locked (fault.c); writes to it are
 * ignored, so pmpcfg0 is written whole with its byte as read. Entry 1:
 * the firmware region, NAPOT, no permission (L clear, so M-mode is
 * unaffected). Entry 2: everything else, NAPOT over the whole address
 * space, RWX. Lower entries win, so S/U-mode sees all but the firmware.
 */
static void setup_pmp(void)
{
	unsigned long base = fw_region_base(), size = fw_region_size();
	unsigned long guard;

	_Static_assert(FW_FAULT_PMP_ENTRIES == 1, "entries 1 and 2 are ours");
	if (!fw_feat.pmp)
		return; /* no PMP (pmpcfg0 would trap): no region guard */
	guard = csr_read(CSR_PMPCFG0) & 0xff;
	csr_write(CSR_PMPADDR1, (base >> 2) | ((size >> 3) - 1));
	csr_write(CSR_PMPADDR2, ~0UL);
	csr_write(CSR_PMPCFG0,
		  ((unsigned long)(PMP_A_NAPOT | PMP_R | PMP_W | PMP_X) << 16) |
			  ((unsigned long)PMP_A_NAPOT << 8) | guard);
	fw_sfence_vma_all();
}

/*
 * The counters as the next stage finds them, as OpenSBI hands over:
 * cycle, time and instret count, the programmable counters are stopped
 * (mcountinhibit = 0xFFFFFFF8), and S-mode may read every implemented
 * counter (docs/facts.md F1.2, F6.2), so a payload can time code with
 * rdcycle/rdinstret without ever calling the PMU extension. The PMU core's own
 * hart init (pmu_hart_init()) puts the counters in the same state and records
 * it; this also holds when there is no PMU core.
 */
static void setup_counters(void)
{
	csr_write(CSR_MCOUNTEREN, fw_feat.pmu.counter_mask | MCOUNTEREN_TM);
	fw_pmu_hal_handoff(fw_feat.inhibit);
}

void fw_hart_setup(unsigned long ipi_mip)
{
	setup_traps();
	setup_counters();
	fw_enables_apply(); /* menvcfg, mstateen0..3, mseccfg */
	setup_pmp();
	csr_clear(CSR_MIP, MIP_SSIP);
	csr_write(CSR_MIE, ipi_mip);
}
