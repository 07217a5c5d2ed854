/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * SBI Hart State Management (EID "HSM", SBI v3.0 chapter "Hart State
 * Management Extension"): the hardware half. The state machine, each
 * call's checks and its errors are rt/hsm.c's (host-tested); here is
 * what a transition asks of the hart: ring a started hart's doorbell,
 * park a stopped one in fw_ext_hsm_wait_start() until a start is posted,
 * wait for an interrupt in suspend, enter S-mode, and leave no S-mode
 * state behind a stop. Stopped and suspended harts keep serving fence
 * requests.
 * Suspend: retentive (WFI, return) and non-retentive (WFI, then enter
 * S-mode at resume_addr) default types; platform types are not
 * implemented (INVALID_PARAM).
 * suspend_type is a uint32_t: only the low 32 bits of a0 count
 * (sbi_ext_hsm_suspend_type()).
 */
#include <sbipmu/pmu.h>
#include <sbipmu/sbi_ext_decode.h>

#include "cpu/csr.h"
#include "dev/dev.h"
#include "ext/core_plat.h"
#include "ext/ipi.h"
#include "ext/sbi_ext.h"
#include "ext/sse_hw.h"
#include "rt/hsm.h"
#include "rt/platform.h"

extern void fw_enter_next(unsigned long hartid, unsigned long arg,
			  unsigned long addr) __attribute__((noreturn));

static struct sbiret hsm_ret(long error, unsigned long value)
{
	struct sbiret r = {error, value};

	return r;
}

/* Enter S-mode as SBI v3.0 specifies for hart start and resume. */
static void __attribute__((noreturn))
hsm_enter(struct fw_hart *h, unsigned long addr, unsigned long arg)
{
	csr_write(CSR_SATP, 0);
	csr_clear(CSR_MSTATUS, MSTATUS_SIE);
	/* Whatever was fenced while we were away is fenced now. */
	fw_sfence_vma_all();
	fw_fence_i();
	fw_enter_next(h->hartid, arg, addr);
}

/* Sleep until an interrupt; serve requests the IPI brought. */
static void hsm_sleep(struct fw_hart *h)
{
	fw_wfi();
	if (csr_read(CSR_MIP) & fw_dev_ipi_mip(h))
		fw_ipi_handle(h);
}

void fw_ext_hsm_wait_start(struct fw_hart *h)
{
	unsigned long addr, arg;

	/* Stopped harts wake only for the doorbell. */
	csr_write(CSR_MIE, fw_dev_ipi_mip(h));
	while (!fw_hsm_start_posted(h))
		hsm_sleep(h);
	/* A new S-mode context: no SSE state from before (or while away). */
	fw_sse_hart_reset(h);
	fw_hsm_take_start(h, &addr, &arg);
	hsm_enter(h, addr, arg);
}

/*
 * A hart of the device tree that has not checked in yet (slow under host
 * load) may be started: it enters S-mode when it arrives.
 */
static struct sbiret hsm_start(unsigned long hartid, unsigned long addr,
			       unsigned long arg)
{
	struct fw_hart *t = fw_hart_expected(hartid);
	long err = fw_hsm_start(t, fw_plat_ram_ok(addr, 4),
				t && fw_ipi_reaches(t), addr, arg);

	if (!err)
		fw_ipi_send(t, FW_IPI_WAKE);
	return hsm_ret(err, 0);
}

static struct sbiret hsm_stop(struct fw_hart *h)
{
	if (fw_hsm_stop(h))
		return hsm_ret(SBI_ERR_FAILED, 0);
	/* Leave no S-mode timer, software interrupt or SSE event behind. */
	fw_ext_time_cancel(h);
	csr_clear(CSR_MIP, MIP_SSIP);
	fw_sse_hart_reset(h);
	/*
	 * A stopped hart keeps no PMU state: started again, it finds the
	 * counters as at boot (docs/semantics.md, "HSM"). Its claimed
	 * counters stop and are released here, not at the next start: no
	 * overflow interrupt can be left pending for a hart that is gone.
	 */
	if (h->pmu)
		pmu_hart_reset(h->pmu);
	fw_ext_hsm_wait_start(h);
}

static struct sbiret hsm_status(unsigned long hartid)
{
	unsigned long state = 0;
	long err = fw_hsm_status(fw_hart_expected(hartid), &state);

	return hsm_ret(err, state);
}

static struct sbiret hsm_suspend(struct fw_hart *h,
				 enum sbi_hsm_suspend_class type,
				 unsigned long addr, unsigned long arg)
{
	long err = fw_hsm_suspend_check(type, fw_plat_ram_ok(addr, 4));

	if (!err)
		err = fw_hsm_suspend(h);
	if (err)
		return hsm_ret(err, 0);
	pmu_fw_platform_event(h->pmu, FW_PLAT_EVENT_HSM_SUSPEND, 1);
	hsm_sleep(h);
	fw_hsm_resume(h);
	if (type == SBI_HSM_SUSPEND_NONRET_DEFAULT)
		hsm_enter(h, addr, arg);
	return hsm_ret(SBI_SUCCESS, 0);
}

struct sbiret fw_ext_hsm_ecall(struct fw_hart *h, unsigned long fid,
			       const unsigned long a[6])
{
	switch (fid) {
	case SBI_EXT_HSM_HART_START:
		return hsm_start(a[0], a[1], a[2]);
	case SBI_EXT_HSM_HART_STOP:
		return hsm_stop(h);
	case SBI_EXT_HSM_HART_GET_STATUS:
		return hsm_status(a[0]);
	case SBI_EXT_HSM_HART_SUSPEND:
		return hsm_suspend(h, sbi_ext_hsm_suspend_type(a[0]), a[1],
				   a[2]);
	default:
		return hsm_ret(SBI_ERR_NOT_SUPPORTED, 0);
	}
}
