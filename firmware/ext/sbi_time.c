/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * SBI Timer extension (EID "TIME", SBI v3.0 chapter "Timer Extension").
 * With Sstc the request goes to stimecmp, which raises STIP by itself
 * (menvcfg.STCE is set, so Linux normally writes stimecmp directly and
 * never calls us). Without Sstc it goes to the CLINT's mtimecmp; the
 * M-timer interrupt then sets mip.STIP and masks itself until the next
 * request, which clears STIP again.
 */
#include <sbipmu/pmu.h>

#include "csr.h"
#include "dev.h"
#include "discover.h"
#include "platform.h"
#include "sbi_ext.h"

#define SBI_TIME_SET_TIMER 0

static void time_program(struct fw_hart *h, uint64_t when)
{
	if (fw_feat.sstc) {
#if __riscv_xlen == 32
		/* High half parked at all-ones so no interim value fires. */
		csr_write(CSR_STIMECMPH, ~0UL);
		csr_write(CSR_STIMECMP, (unsigned long)when);
		csr_write(CSR_STIMECMPH, (unsigned long)(when >> 32));
#else
		csr_write(CSR_STIMECMP, when);
#endif
		return;
	}
	fw_dev_timecmp_set(h, when);
	csr_clear(CSR_MIP, MIP_STIP);
	csr_set(CSR_MIE, MIP_MTIP);
}

struct sbiret sbi_time_ecall(struct fw_hart *h, unsigned long fid,
			     const unsigned long a[6])
{
	struct sbiret r = {SBI_ERR_NOT_SUPPORTED, 0};
	uint64_t when = a[0];

	if (fid != SBI_TIME_SET_TIMER)
		return r;
#if __riscv_xlen == 32
	when |= (uint64_t)a[1] << 32;
#endif
	pmu_fw_event(h->pmu, SBI_PMU_FW_SET_TIMER);
	time_program(h, when);
	r.error = SBI_SUCCESS;
	return r;
}

void sbi_time_cancel(struct fw_hart *h)
{
	time_program(h, ~0ULL);
	csr_clear(CSR_MIE, MIP_MTIP);
	csr_clear(CSR_MIP, MIP_STIP); /* read-only with Sstc: harmless */
}

void sbi_time_irq(struct fw_hart *h)
{
	(void)h;
	csr_clear(CSR_MIE, MIP_MTIP);
	csr_set(CSR_MIP, MIP_STIP);
}
