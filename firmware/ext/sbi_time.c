/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * SBI Timer extension (EID "TIME", SBI v3.0 chapter "Timer Extension").
 * With Sstc the request goes to stimecmp, which raises STIP by itself
 * (menvcfg.STCE is set, so Linux normally writes stimecmp directly and
 * never calls us). Without Sstc it goes to the CLINT's mtimecmp; the
 * M-timer interrupt then sets mip.STIP and puts mtimecmp back to
 * "never" until the next request, which clears STIP again.
 */
#include <sbipmu/pmu.h>

#include "arch/discover.h"
#include "cpu/csr.h"
#include "dev/dev.h"
#include "ext/sbi_ext.h"
#include "rt/platform.h"

/* "Never": the compare value no time reaches, which SET_TIMER also takes
 * as a cancel (Linux passes it to stop its timer). */
#define SBI_TIME_NEVER UINT64_MAX

static void stimecmp_write(uint64_t when)
{
#if __riscv_xlen == 32
	/* High half parked at all-ones so no interim value fires. */
	csr_write(CSR_STIMECMPH, ~0UL);
	csr_write(CSR_STIMECMP, (unsigned long)when);
	csr_write(CSR_STIMECMPH, (unsigned long)(when >> 32));
#else
	csr_write(CSR_STIMECMP, when);
#endif
}

static void time_program(struct fw_hart *h, uint64_t when)
{
	if (fw_feat.sstc) {
		stimecmp_write(when);
		return;
	}
	fw_dev_timecmp_set(h, when);
	csr_clear(CSR_MIP, MIP_STIP);
	if (when == SBI_TIME_NEVER)
		csr_clear(CSR_MIE, MIP_MTIP);
	else
		csr_set(CSR_MIE, MIP_MTIP);
}

void fw_ext_time_set(struct fw_hart *h, uint64_t when)
{
	pmu_fw_event(h->pmu, SBI_PMU_FW_SET_TIMER);
	time_program(h, when);
}

struct sbiret fw_ext_time_ecall(struct fw_hart *h, unsigned long fid,
				const unsigned long a[6])
{
	struct sbiret r = {SBI_ERR_NOT_SUPPORTED, 0};
	uint64_t when = a[0];

	if (fid != SBI_EXT_TIME_SET_TIMER)
		return r;
#if __riscv_xlen == 32
	when |= (uint64_t)a[1] << 32;
#endif
	fw_ext_time_set(h, when);
	r.error = SBI_SUCCESS;
	return r;
}

/*
 * The hart's timer compare to "never": stimecmp with Sstc, else the
 * CLINT's mtimecmp. With Sstc the CLINT's mtimecmp is not S-mode's
 * timer, but it goes to "never" too, as OpenSBI does: QEMU resets it
 * to 0, which leaves MTIP pending (masked) for good, and QEMU's CPU loop
 * takes its global lock at every entry while any mip bit is pending.
 * That made KVM's arch_timer selftest fail more often on us than on
 * OpenSBI (docs/kvm.md, "arch_timer and the pending MTIP").
 */
void fw_ext_time_cancel(struct fw_hart *h)
{
	/* Without Sstc this also clears MTIE and STIP; with Sstc MTIE is
	 * never set and STIP follows stimecmp. */
	time_program(h, SBI_TIME_NEVER);
	if (fw_feat.sstc)
		fw_dev_timecmp_set(h, SBI_TIME_NEVER);
}

/*
 * The M-timer fired for S-mode's request (no Sstc): hand it on as STIP
 * and set mtimecmp to "never", so MTIP does not stay pending until
 * S-mode's next SET_TIMER.
 */
void fw_ext_time_irq(struct fw_hart *h)
{
	fw_dev_timecmp_set(h, SBI_TIME_NEVER);
	csr_clear(CSR_MIE, MIP_MTIP);
	csr_set(CSR_MIP, MIP_STIP);
}
