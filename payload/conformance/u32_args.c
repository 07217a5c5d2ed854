/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Parameters the spec types uint32_t take only the low 32 bits of their
 * register (SBI v3.0 "Binary Encoding": "In case the data is defined as
 * 32bit wide, higher privilege software must ensure that it only uses 32
 * bit data"). No PMU parameter is one; the one the suite can try without
 * ending the run is HSM hart_suspend's suspend_type: the default
 * retentive type with bits 32-63 set, woken by a timer. SRST's reset_type
 * and reset_reason cannot be tried here, as success resets the machine
 * (sbipmu's fw-smoke shuts down that way). Last in the run: a firmware
 * whose suspend never returns hangs here, after every other verdict.
 */
#include "check.h"
#include "csr.h"
#include "env.h"
#include "groups.h"
#include "pmu.h"
#include "sbi.h"

#define U32_SUSPEND_NAME "hsm.hart_suspend.suspend_type_bits_above_31_ignored"

#if XLEN == 64
/* Retentive suspend of type @type, woken by a timer 1 ms ahead. */
static struct sbiret u32_suspend(unsigned long type)
{
	unsigned long sie = csr_read(CSR_SSTATUS) & SSTATUS_SIE;
	uint64_t now = 0;
	struct sbiret r;

	/* pending is enough to wake a retentive suspend; no trap taken */
	csr_clear(CSR_SSTATUS, SSTATUS_SIE);
	csr_set(CSR_SIE, 1UL << IRQ_S_TIMER);
	csr_read_counter64(CSR_TIME, &now);
	sbi_set_timer(now + (env.timebase ? env.timebase / 1000 : 10000));
	r = sbi_hart_suspend(type, 0, 0);
	sbi_set_timer(TIMER_NEVER);
	csr_clear(CSR_SIE, 1UL << IRQ_S_TIMER);
	csr_set(CSR_SSTATUS, sie);
	return r;
}
#endif

void u32_args_run(void)
{
#if XLEN == 64
	if (!sbi_probe(SBI_EXT_HSM) || !sbi_probe(SBI_EXT_TIME) ||
	    !env.time_readable) {
		check_skip(U32_SUSPEND_NAME,
			   "needs HSM, TIME and a readable time CSR");
		return;
	}
	check_error(
		U32_SUSPEND_NAME,
		"suspend_type is a uint32_t (HSM chapter: 'The suspend_type "
		"parameter is 32 bits wide'); only the low 32 bits count, "
		"so 0xFFFFFFFF00000000 is the default retentive suspend "
		"(0), which returns SUCCESS once the timer wakes the hart. "
		"A caller's RV64 ABI may sign-extend or leave garbage above "
		"bit 31",
		ERRS1(SBI_SUCCESS), u32_suspend(0xFFFFFFFF00000000UL));
#else
	check_skip(U32_SUSPEND_NAME, "RV32: a register has no bits above 31");
#endif
}
