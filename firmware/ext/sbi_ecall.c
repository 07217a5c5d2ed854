/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The SBI dispatcher: the only place an extension ID is decoded. It
 * counts the call, routes it to the extension's handler, and applies the
 * single backstop of the error policy: any error code outside the SBI
 * v3.0 table becomes SBI_ERR_FAILED, and value is 0 whenever error is not
 * SBI_SUCCESS. Unknown EIDs answer SBI_ERR_NOT_SUPPORTED. Legacy v0.1
 * calls (EIDs 0x00-0x0F, sbi_legacy.c) take a path of their own: their
 * one result goes in a0 and a1 keeps what S-mode put there.
 *
 * On the way out, an SSE event that became due is delivered (and SSE
 * COMPLETE, which resumes an interrupted context, keeps the a0/a1 S-mode
 * had): see sse_hw.c. Only the dispatcher path needs that check: nothing
 * on the PMU fast path can make an event due.
 *
 * Two extensions take a fast path, tested before anything else: PMU
 * calls, which Linux makes on every context switch of a profiled task,
 * and BASE, the cheapest call there is (the floor every other is
 * measured against, and what every client probes with). They go straight
 * to their handler with a tail call: PMU's decoder (sbi/sbi_pmu_ecall.c)
 * applies the same backstop itself; BASE answers SBI_SUCCESS or
 * SBI_ERR_NOT_SUPPORTED with value 0 only and changes no state, so
 * neither needs the backstop nor can make an SSE event due. Everything
 * else goes through the switch of ecall_lookup(), which GCC turns into a
 * binary search on the EID. fw_ext_ecall_handle() itself has no stack
 * frame: every path ends in a jump, and the result goes back to entry.S
 * in a0/a1, not through the trap frame.
 */
#include <sbipmu/pmu.h>
#include <sbipmu/pmu_spec.h>
#include <sbipmu/sbi_pmu_ecall.h>

#include "cpu/csr.h"
#include "ext/pmu_trace.h"
#include "ext/sbi_ext.h"
#include "ext/sse_hw.h"
#include "rt/hart.h"

/* Handler of every extension but the PMU's (see the fast path below). */
static fw_ext_fn ecall_lookup(unsigned long eid)
{
	switch (eid) {
	case SBI_EXT_BASE:
		return fw_ext_base_ecall;
	case SBI_EXT_TIME:
		return fw_ext_time_ecall;
	case SBI_EXT_IPI:
		return fw_ext_ipi_ecall;
	case SBI_EXT_RFENCE:
		return fw_ext_rfence_ecall;
	case SBI_EXT_HSM:
		return fw_ext_hsm_ecall;
	case SBI_EXT_SRST: /* with a device that resets */
		return fw_ext_offered(eid) ? fw_ext_srst_ecall : NULL;
	case SBI_EXT_DBCN: /* with a console */
		return fw_ext_offered(eid) ? fw_ext_dbcn_ecall : NULL;
	case SBI_EXT_SSE:
		return fw_sse_ecall;
	case SBI_EXT_PMU: /* only while traced: see fw_ext_ecall_handle() */
		return fw_pmu_trace_ecall;
	default:
		return NULL;
	}
}

/* The firmware events every SBI call is one of; a PMU call one more. */
#define ECALL_EVENTS                                                           \
	(PMU_FW_EVENT_BIT(SBIPMU_FW_M_TRAP) | PMU_FW_EVENT_BIT(SBIPMU_FW_ECALL))
#define ECALL_PMU_EVENTS (ECALL_EVENTS | PMU_FW_EVENT_BIT(SBIPMU_FW_PMU_ECALL))

/* Count an SBI call in the firmware counters that watch such calls. */
static __attribute__((noinline)) void ecall_count(struct pmu_hart *pmu)
{
	pmu_fw_event(pmu, SBIPMU_FW_M_TRAP);
	pmu_fw_event(pmu, SBIPMU_FW_ECALL);
}

/*
 * The error backstop, out of line: any code outside the SBI v3.0 table
 * becomes SBI_ERR_FAILED, and value is 0 with any error.
 */
static __attribute__((noinline)) struct sbiret ecall_failed(struct sbiret ret)
{
	if (!sbi_error_is_defined(ret.error))
		ret.error = SBI_ERR_FAILED;
	ret.value = 0;
	return ret;
}

/*
 * A legacy v0.1 call (SBI v3.0 "Legacy Extensions": "Nothing is
 * returned in a1 register", "All registers except a0 must be
 * preserved"): a0 is the handler's value, a1 goes back as S-mode set
 * it. The backstop does not apply: console_getchar's byte and
 * clear_ipi's 1 are values, not error codes, and every error a legacy
 * handler gives is a defined one.
 */
static __attribute__((noinline)) struct sbiret
ecall_legacy(struct fw_hart *h, const unsigned long a[6], unsigned long eid)
{
	struct sbiret ret;

	if (pmu_fw_events_counted(h->pmu, ECALL_EVENTS))
		ecall_count(h->pmu);
	ret.error = fw_ext_legacy_ecall(h, eid, a);
	ret.value = a[1];
	if (h->sse_work)
		ret = fw_sse_ecall_exit(h, a, ret);
	return ret;
}

/*
 * Every extension but a present PMU; legacy calls go their own way. The
 * firmware events of the call are counted first (one test when nobody
 * watches), the backstop costs one test when the call succeeded.
 */
static __attribute__((noinline)) struct sbiret
ecall_dispatch(struct fw_hart *h, unsigned long fid, const unsigned long a[6],
	       unsigned long eid)
{
	fw_ext_fn fn = ecall_lookup(eid);
	struct sbiret ret = {SBI_ERR_NOT_SUPPORTED, 0};

	/* Here, not in fw_ext_ecall_handle(): a test there cost the PMU fast
	 * path two register moves (make bench-check). */
	if (eid <= SBI_EXT_LEGACY_LAST)
		return ecall_legacy(h, a, eid);
	if (pmu_fw_events_counted(h->pmu, ECALL_EVENTS))
		ecall_count(h->pmu);
	if (fn)
		ret = fn(h, fid, a);
	if (ret.error != SBI_SUCCESS)
		ret = ecall_failed(ret);
	/* SSE calls, and IPIs polled meanwhile, may have made an event due. */
	if (h->sse_work)
		ret = fw_sse_ecall_exit(h, a, ret);
	return ret;
}

/* Count a PMU call, then make it: the fast path's out-of-line half. */
static __attribute__((noinline)) struct sbiret
ecall_pmu_counted(struct pmu_hart *pmu, unsigned long fid,
		  const unsigned long a[6])
{
	ecall_count(pmu);
	pmu_fw_event(pmu, SBIPMU_FW_PMU_ECALL);
	return sbi_pmu_ecall(pmu, fid, a);
}

/*
 * The PMU extension (SBI v3.0 chapter "Performance Monitoring Unit
 * Extension"), present when the hart's PMU is: hand the call to the
 * portable decoder, which applies the error backstop. Both ways are tail
 * calls, so that this path needs no stack frame; counting the call is
 * one test when nobody watches PMU calls.
 */
static inline struct sbiret ecall_pmu(struct pmu_hart *pmu, unsigned long fid,
				      const unsigned long a[6])
{
	if (pmu_fw_events_counted(pmu, ECALL_PMU_EVENTS))
		return ecall_pmu_counted(pmu, fid, a);
	return sbi_pmu_ecall(pmu, fid, a);
}

/* Count a BASE call, then make it: the BASE fast path's other half. */
static __attribute__((noinline)) struct sbiret
ecall_base_counted(struct fw_hart *h, unsigned long fid,
		   const unsigned long a[6])
{
	ecall_count(h->pmu);
	return fw_ext_base_ecall(h, fid, a);
}

/* BASE (SBI v3.0 chapter "Base Extension"), a tail call as PMU's. */
static inline struct sbiret ecall_base(struct fw_hart *h, unsigned long fid,
				       const unsigned long a[6])
{
	if (pmu_fw_events_counted(h->pmu, ECALL_EVENTS))
		return ecall_base_counted(h, fid, a);
	return fw_ext_base_ecall(h, fid, a);
}

struct sbiret fw_ext_ecall_handle(struct fw_hart *h, unsigned long fid,
				  const unsigned long a[6], unsigned long eid)
{
	if (eid == SBI_EXT_PMU && h->pmu_fast)
		return ecall_pmu(h->pmu_fast, fid, a);
	if (eid == SBI_EXT_BASE)
		return ecall_base(h, fid, a);
	return ecall_dispatch(h, fid, a, eid);
}
