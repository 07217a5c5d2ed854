/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * SBI Hart State Management (EID "HSM", SBI v3.0 chapter "Hart State
 * Management Extension"). Each hart's state is one atomic word in its
 * struct fw_hart. A start claims a STOPPED hart with a compare-and-swap
 * (internal state HSM_CLAIMED, reported as START_PENDING), writes the
 * start address and argument, then publishes START_PENDING with a release
 * store; the stopped hart, parked in sbi_hsm_wait_start(), sees it and
 * enters S-mode. Stopped and suspended harts keep serving fence requests.
 * A hart the device tree lists is STOPPED from boot on, checked in or
 * not: it takes a start made before it arrives when it does.
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
#include "rt/platform.h"

enum sbi_hsm_fid {
	SBI_HSM_HART_START = 0,
	SBI_HSM_HART_STOP = 1,
	SBI_HSM_HART_GET_STATUS = 2,
	SBI_HSM_HART_SUSPEND = 3,
};

enum sbi_hsm_state {
	SBI_HSM_STARTED = 0,
	SBI_HSM_STOPPED = 1,
	SBI_HSM_START_PENDING = 2,
	SBI_HSM_STOP_PENDING = 3,
	SBI_HSM_SUSPENDED = 4,
	SBI_HSM_SUSPEND_PENDING = 5,
	SBI_HSM_RESUME_PENDING = 6,
	HSM_CLAIMED = 0x100, /* ours: start parameters being written */
};

extern void fw_enter_next(unsigned long hartid, unsigned long arg,
			  unsigned long addr) __attribute__((noreturn));

static struct sbiret hsm_ret(long error, unsigned long value)
{
	struct sbiret r = {error, value};

	return r;
}

static int hsm_get(struct fw_hart *h)
{
	return __atomic_load_n(&h->hsm_state, __ATOMIC_ACQUIRE);
}

static void hsm_set(struct fw_hart *h, int state)
{
	__atomic_store_n(&h->hsm_state, state, __ATOMIC_RELEASE);
}

static bool hsm_move(struct fw_hart *h, int from, int to)
{
	return __atomic_compare_exchange_n(&h->hsm_state, &from, to, false,
					   __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
}

void sbi_hsm_init(struct fw_hart *h)
{
	hsm_set(h, SBI_HSM_STOPPED);
}

void sbi_hsm_boot_started(struct fw_hart *h)
{
	hsm_set(h, SBI_HSM_STARTED);
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

void sbi_hsm_wait_start(struct fw_hart *h)
{
	unsigned long addr, arg;

	/* Stopped harts wake only for the doorbell. */
	csr_write(CSR_MIE, fw_dev_ipi_mip(h));
	while (hsm_get(h) != SBI_HSM_START_PENDING)
		hsm_sleep(h);
	/* A new S-mode context: no SSE state from before (or while away). */
	fw_sse_hart_reset(h);
	addr = h->next_addr;
	arg = h->next_arg;
	hsm_set(h, SBI_HSM_STARTED);
	hsm_enter(h, addr, arg);
}

/*
 * A hart of the device tree that has not checked in yet (slow under host
 * load) is STOPPED and may be started: it enters S-mode when it arrives.
 */
static struct sbiret hsm_start(unsigned long hartid, unsigned long addr,
			       unsigned long arg)
{
	struct fw_hart *t = fw_hart_expected(hartid);

	/*
	 * INVALID_PARAM: "hartid is not a valid hartid as corresponding
	 * hart cannot be started in supervisor mode" (sifive_u's hart 0).
	 */
	if (!t || !t->s_mode)
		return hsm_ret(SBI_ERR_INVALID_PARAM, 0);
	if (!fw_plat_ram_ok(addr, 4))
		return hsm_ret(SBI_ERR_INVALID_ADDRESS, 0);
	if (!hsm_move(t, SBI_HSM_STOPPED, HSM_CLAIMED))
		return hsm_ret(SBI_ERR_ALREADY_AVAILABLE, 0);
	t->next_addr = addr;
	t->next_arg = arg;
	hsm_set(t, SBI_HSM_START_PENDING);
	fw_ipi_send(t, FW_IPI_WAKE);
	return hsm_ret(SBI_SUCCESS, 0);
}

static struct sbiret hsm_stop(struct fw_hart *h)
{
	if (!hsm_move(h, SBI_HSM_STARTED, SBI_HSM_STOP_PENDING))
		return hsm_ret(SBI_ERR_FAILED, 0);
	/*
	 * STOPPED at once: S-mode is gone for good once the hart is here,
	 * and Linux asks exactly once, right after the dying CPU reported
	 * itself dead, warning "HARTn isn't stopped; status 3" if the
	 * housekeeping below is still under way (seen in the 10-minute soak
	 * under host load). A hart_start from another hart meanwhile only
	 * posts START_PENDING; this hart finishes the resets before it
	 * looks (sbi_hsm_wait_start()).
	 */
	hsm_set(h, SBI_HSM_STOPPED);
	/* Leave no S-mode timer, software interrupt or SSE event behind. */
	sbi_time_cancel(h);
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
	sbi_hsm_wait_start(h);
}

static struct sbiret hsm_status(unsigned long hartid)
{
	struct fw_hart *t = fw_hart_expected(hartid);
	int s;

	/* A hart without S-mode is none of S-mode's: as an unknown id. */
	if (!t || !t->s_mode)
		return hsm_ret(SBI_ERR_INVALID_PARAM, 0);
	s = hsm_get(t);
	return hsm_ret(SBI_SUCCESS, s == HSM_CLAIMED ? SBI_HSM_START_PENDING
						     : (unsigned long)s);
}

/*
 * The answer to a suspend_type (SBI v3.0 table "HSM Hart Suspend Types"
 * and its errors): INVALID_PARAM when it "is reserved or is
 * platform-specific and unimplemented" -- QEMU virt implements no
 * platform type. NOT_SUPPORTED is for an implemented type whose
 * dependencies are missing, which never happens here.
 */
static long hsm_suspend_check(enum sbi_hsm_suspend_class type,
			      unsigned long addr)
{
	switch (type) {
	case SBI_HSM_SUSPEND_RET_DEFAULT:
		return SBI_SUCCESS;
	case SBI_HSM_SUSPEND_NONRET_DEFAULT:
		return fw_plat_ram_ok(addr, 4) ? SBI_SUCCESS
					       : SBI_ERR_INVALID_ADDRESS;
	default: /* reserved, or platform-specific and unimplemented */
		return SBI_ERR_INVALID_PARAM;
	}
}

static struct sbiret hsm_suspend(struct fw_hart *h,
				 enum sbi_hsm_suspend_class type,
				 unsigned long addr, unsigned long arg)
{
	long err = hsm_suspend_check(type, addr);

	if (err)
		return hsm_ret(err, 0);
	if (!hsm_move(h, SBI_HSM_STARTED, SBI_HSM_SUSPENDED))
		return hsm_ret(SBI_ERR_FAILED, 0);
	pmu_fw_platform_event(h->pmu, FW_PLAT_EVENT_HSM_SUSPEND, 1);
	hsm_sleep(h);
	hsm_set(h, SBI_HSM_STARTED);
	if (type == SBI_HSM_SUSPEND_NONRET_DEFAULT)
		hsm_enter(h, addr, arg);
	return hsm_ret(SBI_SUCCESS, 0);
}

struct sbiret sbi_hsm_ecall(struct fw_hart *h, unsigned long fid,
			    const unsigned long a[6])
{
	switch (fid) {
	case SBI_HSM_HART_START:
		return hsm_start(a[0], a[1], a[2]);
	case SBI_HSM_HART_STOP:
		return hsm_stop(h);
	case SBI_HSM_HART_GET_STATUS:
		return hsm_status(a[0]);
	case SBI_HSM_HART_SUSPEND:
		return hsm_suspend(h, sbi_ext_hsm_suspend_type(a[0]), a[1],
				   a[2]);
	default:
		return hsm_ret(SBI_ERR_NOT_SUPPORTED, 0);
	}
}
