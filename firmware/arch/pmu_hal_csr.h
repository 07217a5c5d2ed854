/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * struct pmu_hal_ops on real CSRs, bound at build time: the firmware
 * builds the core with -DSBIPMU_HAL_STATIC='"pmu_hal_csr.h"' (see
 * include/sbipmu/pmu_hal.h), so the core calls these hooks directly and
 * the compiler inlines them into START, STOP and CFG_MATCH; fw_pmu_hal_ops
 * (pmu_hal_csr.c) is the same functions as a table, for pmu_core_init()'s
 * checks. With pmu_hal_csr.c this is the only place where the firmware
 * reads or writes a counter, an event selector, mcountinhibit, scountovf,
 * mip.LCOFIP or the Smcntrpmf configuration registers, and where the
 * PMU reads the mode a firmware event came from (mstatus.MPP/MPV).
 *
 * csrr/csrw take the CSR number as an immediate, so a counter chosen at
 * run time goes through a table of one-CSR stubs indexed by counter
 * number (pmu_hal_table.S), called with inline asm that tells the
 * compiler the truth: a stub changes a0 and ra, nothing else. RV32 joins
 * and splits the 64-bit values over the ...h CSRs; mhpmeventh exists only
 * with Sscofpmf. The QEMU 7.2 quirks the HAL works around are described
 * where they are handled; their rare paths are out of line in
 * pmu_hal_csr.c.
 */
#ifndef FW_PMU_HAL_CSR_H
#define FW_PMU_HAL_CSR_H

#include <stdbool.h>
#include <stdint.h>

#include <sbipmu/pmu_hal.h>
#include <sbipmu/pmu_spec.h>

#include "cpu/csr.h"

/* The stub tables (pmu_hal_table.S): 32 entries of 8 bytes each. */
void fw_pmu_hal_tbl_ctr_read(void);
void fw_pmu_hal_tbl_ctr_write(void);
void fw_pmu_hal_tbl_evt_write(void);
void fw_pmu_hal_tbl_evt_read(void);
#if __riscv_xlen == 32
void fw_pmu_hal_tbl_ctr_read_hi(void);
void fw_pmu_hal_tbl_ctr_write_hi(void);
void fw_pmu_hal_tbl_evt_write_hi(void);
void fw_pmu_hal_tbl_evt_read_hi(void);
#endif

#define FW_PMU_HAL_TBL_ENTRY 8 /* bytes per entry: CSR instruction + ret */

/* Set once at boot by fw_pmu_hal_init() (pmu_hal_csr.c). */
extern bool fw_pmu_hal_sscofpmf;
/* QEMU virt with Sscofpmf: pmu_hal_counter_started() re-arms its timer. */
extern bool fw_pmu_hal_qemu_timer;
/*
 * QEMU virt: the counters pmu_hal_inhibit_set() makes hold their value
 * when stopped (cycle and instret, bits 0 and 2), else 0. A mask, so that
 * the STOP path pays one AND for the quirk.
 */
extern uint32_t fw_pmu_hal_qemu_hold;
/* The hart has no mcountinhibit (privileged spec 1.10). */
extern bool fw_pmu_hal_no_inhibit;
/* The hart has the H extension: mstatus.MPV (RV32: mstatush) exists. */
extern bool fw_pmu_hal_h_ext;

/*
 * Call entry @idx of stub table @table with @arg in a0; returns a0. The
 * index wraps, so a call stays in the table.
 */
static inline unsigned long fw_pmu_hal_tbl(void (*table)(void),
					   unsigned int idx, unsigned long arg)
{
	register unsigned long a0 __asm__("a0") = arg;
	uintptr_t entry = (uintptr_t)table + FW_PMU_HAL_TBL_ENTRY * (idx % 32);

	__asm__ volatile("jalr ra, 0(%1)"
			 : "+r"(a0)
			 : "r"(entry)
			 : "ra", "memory");
	return a0;
}

/* Out of line in pmu_hal_csr.c: the QEMU quirks' rare paths. */
void fw_pmu_hal_inhibit_fixed_qemu(uint32_t mask);
/* The same, every register kept but ra (a stub, pmu_hal_csr.c). */
void fw_pmu_hal_inhibit_fixed_qemu_keep(void);
#if __riscv_xlen == 32
void fw_pmu_hal_ctr_write_qemu(unsigned int idx, uint64_t value);
#endif

static inline void fw_pmu_hal_evt_set(unsigned int idx, uint64_t value)
{
#if __riscv_xlen == 64
	fw_pmu_hal_tbl(fw_pmu_hal_tbl_evt_write, idx, value);
#else
	/* High half first: QEMU maps the event on the low-half write. */
	if (fw_pmu_hal_sscofpmf)
		fw_pmu_hal_tbl(fw_pmu_hal_tbl_evt_write_hi, idx,
			       (unsigned long)(value >> 32));
	fw_pmu_hal_tbl(fw_pmu_hal_tbl_evt_write, idx, (unsigned long)value);
#endif
}

static inline uint64_t pmu_hal_counter_read(void *ctx, unsigned int idx)
{
	(void)ctx;
#if __riscv_xlen == 64
	return fw_pmu_hal_tbl(fw_pmu_hal_tbl_ctr_read, idx, 0);
#else
	unsigned long hi, lo;

	/* Re-read if the low half carried into the high half meanwhile. */
	do {
		hi = fw_pmu_hal_tbl(fw_pmu_hal_tbl_ctr_read_hi, idx, 0);
		lo = fw_pmu_hal_tbl(fw_pmu_hal_tbl_ctr_read, idx, 0);
	} while (hi != fw_pmu_hal_tbl(fw_pmu_hal_tbl_ctr_read_hi, idx, 0));
	return ((uint64_t)hi << 32) | lo;
#endif
}

static inline void pmu_hal_counter_write(void *ctx, unsigned int idx,
					 uint64_t value)
{
	(void)ctx;
#if __riscv_xlen == 64
	fw_pmu_hal_tbl(fw_pmu_hal_tbl_ctr_write, idx, value);
#else
	/* QEMU 7.2 arms its overflow timer at every write of either half
	 * (pmu_hal_csr.c). */
	if (__builtin_expect(fw_pmu_hal_qemu_timer, 0) && idx >= 3) {
		fw_pmu_hal_ctr_write_qemu(idx, value);
		return;
	}
	/* Both halves; the counter is inhibited, so nothing carries. */
	fw_pmu_hal_tbl(fw_pmu_hal_tbl_ctr_write_hi, idx,
		       (unsigned long)(value >> 32));
	fw_pmu_hal_tbl(fw_pmu_hal_tbl_ctr_write, idx, (unsigned long)value);
#endif
}

/* Selector part of an mhpmevent value: without OF and inhibit bits. */
#define FW_PMU_HAL_SELECTOR(v) ((v) & ~(MHPMEVENT_OF | MHPMEVENT_FILTER_MASK))

/*
 * QEMU 7.2 quirk: it keeps a counter's cycles/instret mapping until the
 * counter's mhpmevent is written as 0, and maps an event to one counter
 * only. Selecting another event over a mapped one would leave a stale
 * mapping that keeps every other counter from counting (and overflowing
 * on) that event. So a different selector over a nonzero one is preceded
 * by 0; harmless on hardware, where 0 means "no event". What the counter
 * holds is @prev, the core's own record of its last write (nothing else
 * writes mhpmevent: RV32's counter-write quirk puts back what it found,
 * and hardware changes only OF), so it costs no CSR read and no copy. A
 * write of 0 is itself the unmapping write.
 */
static inline void pmu_hal_event_write(void *ctx, unsigned int idx,
				       uint64_t value, uint64_t prev)
{
	uint64_t old = FW_PMU_HAL_SELECTOR(prev);

	(void)ctx;
	/* Unmap first (inline too: the core's callers make no calls). */
	if (old && value && old != FW_PMU_HAL_SELECTOR(value))
		fw_pmu_hal_evt_set(idx, 0);
	fw_pmu_hal_evt_set(idx, value);
}

/*
 * On QEMU, a stopped cycle/instret holds its value (pmu_hal_csr.c); on
 * a hart without mcountinhibit nothing is written.
 */
static inline void pmu_hal_inhibit_set(void *ctx, uint32_t mask)
{
	(void)ctx;
	/*
	 * Through a stub that keeps every register: see pmu_hal_table.S.
	 * An empty mask writes nothing: without mcountinhibit even that
	 * write traps.
	 */
	if (__builtin_expect(mask & fw_pmu_hal_qemu_hold, 0))
		fw_pmu_hal_tbl(fw_pmu_hal_inhibit_fixed_qemu_keep, 0, mask);
	else if (mask)
		csr_set(CSR_MCOUNTINHIBIT, mask);
}

static inline void pmu_hal_inhibit_clear(void *ctx, uint32_t mask)
{
	(void)ctx;
	if (__builtin_expect(fw_pmu_hal_no_inhibit, 0))
		return;
	csr_clear(CSR_MCOUNTINHIBIT, mask);
}

/* QEMU's event indices of the events its overflow timer serves. */
#define FW_PMU_HAL_QEMU_EVT_CYCLES	 0x1
#define FW_PMU_HAL_QEMU_EVT_INSTRUCTIONS 0x2

/*
 * QEMU 7.2 quirk (Sscofpmf): overflow of a counter that counts cycles or
 * instructions is detected by one timer per hart, on the host clock
 * without -icount, armed only when such a counter is written and only
 * ever moved earlier. When it fires it flags every such counter that is
 * not inhibited and whose OF is clear; then nothing re-arms it. Two ways
 * to lose every later overflow until the counter is next written (Linux:
 * the next context switch, often hundreds of milliseconds):
 * - the timer expires between the value's write and the un-inhibit
 *   (host time passes between two guest instructions: seen as one or two
 *   silences of 0.1-2 s per perf record run on 2 harts);
 * - Linux's overflow handler restarts the counters that did not overflow
 *   without a new value, so with cycles and instructions sampled
 *   together the second one had no timer left.
 * So once such a counter runs, it is written with its own value, which
 * arms the timer while the counter can be flagged. That costs the counts
 * between the read and the write (one instruction under -icount), so it
 * is done on QEMU's virt machine only. @event is the mhpmevent value the
 * counter runs with (QEMU takes its low 20 bits as the event index).
 * Not below 2^63: QEMU 7.2 takes the distance to the overflow, above
 * 2^63 then, as a signed number of nanoseconds, and a timer armed in the
 * past fires at once. Such a counter cannot overflow for centuries, so
 * it needs no timer. (QEMU 7.2 still raises overflows of its own for a
 * counter started from 0 now and then, on every firmware: the
 * conformance check sscofpmf.overflow.stale_not_delivered skips there.)
 */
#define PMU_HAL_HAS_counter_started 1
static inline void pmu_hal_counter_started(void *ctx, unsigned int idx,
					   uint64_t event)
{
	uint64_t sel = event & 0xFFFFF, value;

	if (fw_pmu_hal_qemu_timer && idx >= 3 &&
	    (sel == FW_PMU_HAL_QEMU_EVT_CYCLES ||
	     sel == FW_PMU_HAL_QEMU_EVT_INSTRUCTIONS)) {
		value = pmu_hal_counter_read(ctx, idx);
		if (value >> 63)
			pmu_hal_counter_write(ctx, idx, value);
	}
}

/*
 * The selector bits of mhpmevent@idx as the CSR holds them now: with
 * counter delegation S-mode may have written it (sireg2), and CFG_MATCH
 * asks before it hands the counter out (core/pmu_match.c). RV32: the low
 * half holds the selector (mhpmeventh has the OF and inhibit bits).
 */
static inline uint64_t pmu_hal_event_read(void *ctx, unsigned int idx)
{
	(void)ctx;
	return fw_pmu_hal_tbl(fw_pmu_hal_tbl_evt_read, idx, 0);
}

/*
 * The mode the hart entered M-mode from for the firmware event being
 * counted (core/pmu_fw.c asks only when a counter of the event has a mode
 * filter): mstatus.MPP, and with the H extension MPV (RV32: mstatush.MPV),
 * both set by the trap, SBI call or interrupt on entry. This holds for
 * every event because the firmware counts each one in the M-mode handler
 * of what caused it, before mret and before the handler changes MPP/MPV
 * (redirecting a trap to S-mode, SSE delivery, entering S-mode at hart
 * start): the trap causes in ext/trap.c, the SBI calls in ext/, IPIs
 * and fence requests where the M-mode software interrupt is handled. An
 * IPI handled while the hart polls or sleeps in M-mode within an SBI call
 * (a remote fence waiting for the others, suspend) counts in that call's
 * mode. MPP = M (a trap from the firmware itself, or boot before
 * S-mode ran) counts as S, as pmu_hal.h asks; MPV is 0 then.
 */
#define PMU_HAL_HAS_event_mode 1
static inline unsigned int pmu_hal_event_mode(void *ctx)
{
	unsigned long ms = csr_read(CSR_MSTATUS);
	bool user = ((ms & MSTATUS_MPP) >> MSTATUS_MPP_SHIFT) == PRV_U;

	(void)ctx;
	if (fw_pmu_hal_h_ext && fw_mstatus_mpv(ms))
		return user ? PMU_MODE_VU : PMU_MODE_VS;
	return user ? PMU_MODE_U : PMU_MODE_S;
}

static inline uint32_t pmu_hal_overflow_read(void *ctx)
{
	(void)ctx;
	/* In M-mode scountovf shows every OF bit, whatever mcounteren says. */
	return (uint32_t)csr_read(CSR_SCOUNTOVF);
}

static inline bool pmu_hal_lcofi_pending(void *ctx)
{
	(void)ctx;
	return (csr_read(CSR_MIP) & MIP_LCOFIP) != 0;
}

static inline void pmu_hal_lcofi_clear(void *ctx)
{
	(void)ctx;
	csr_clear(CSR_MIP, MIP_LCOFIP);
}

static inline void pmu_hal_fixed_cfg_write(void *ctx, unsigned int idx,
					   uint64_t value)
{
	(void)ctx;
	if (idx == 0) {
		csr_write(CSR_MCYCLECFG, value);
#if __riscv_xlen == 32
		csr_write(CSR_MCYCLECFGH, value >> 32);
#endif
	} else if (idx == 2) {
		csr_write(CSR_MINSTRETCFG, value);
#if __riscv_xlen == 32
		csr_write(CSR_MINSTRETCFGH, value >> 32);
#endif
	}
}

#endif
