/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * struct pmu_hal_ops on real CSRs: the only place where the firmware
 * reads or writes a counter, an event selector, mcountinhibit,
 * scountovf, mip.LCOFIP or the Smcntrpmf configuration registers
 * (mideleg/mie bit 13, the overflow interrupt's routing, is sse_hw.c's).
 * csrr/csrw take the CSR number as an immediate, so a counter chosen at
 * run time goes through a table of one-CSR stubs indexed by counter
 * number (pmu_hal_table.S). RV32 joins and splits the 64-bit values over
 * the ...h CSRs; mhpmeventh exists only with Sscofpmf. The QEMU 7.2
 * quirks the HAL works around are described where they are handled.
 */
#include <stddef.h>

#include <sbipmu/pmu_spec.h>

#include "csr.h"
#include "fw_defs.h"
#include "pmu_hal.h"
#include "unpriv.h"

/* The stub tables (pmu_hal_table.S): 32 entries of 8 bytes each. */
void fw_pmu_hal_tbl_ctr_read(void);
void fw_pmu_hal_tbl_ctr_write(void);
void fw_pmu_hal_tbl_evt_write(void);
#if __riscv_xlen == 32
void fw_pmu_hal_tbl_ctr_read_hi(void);
void fw_pmu_hal_tbl_ctr_write_hi(void);
void fw_pmu_hal_tbl_evt_write_hi(void);
void fw_pmu_hal_tbl_evt_read(void);
void fw_pmu_hal_tbl_evt_read_hi(void);
#endif

typedef unsigned long (*hal_csr_read_fn)(void);
typedef void (*hal_csr_write_fn)(unsigned long value);

#define HAL_TBL_ENTRY 8 /* bytes per entry: CSR instruction + ret */

/* Entry @idx of @table; the index wraps, so a call stays in the table. */
static uintptr_t hal_tbl(void (*table)(void), unsigned int idx)
{
	return (uintptr_t)table + HAL_TBL_ENTRY * (idx % 32);
}

static unsigned long hal_tbl_read(void (*table)(void), unsigned int idx)
{
	return ((hal_csr_read_fn)hal_tbl(table, idx))();
}

static void hal_tbl_write(void (*table)(void), unsigned int idx,
			  unsigned long v)
{
	((hal_csr_write_fn)hal_tbl(table, idx))(v);
}

/* mcountinhibit bits of the fixed counters, cycle (0) and instret (2). */
#define HAL_FIXED_MASK ((1u << 0) | (1u << 2))

static bool hal_sscofpmf;
/* QEMU virt with Sscofpmf: hal_counter_started() re-arms its timer. */
static bool hal_qemu_timer;
/*
 * QEMU virt: the counters hal_inhibit_set() makes hold their value when
 * stopped (cycle and instret, bits 0 and 2), else 0. A mask, so that the
 * STOP path pays one AND for the quirk.
 */
static uint32_t hal_qemu_hold;

void fw_pmu_hal_init(const struct pmu_hw_desc *hw, bool qemu_virt)
{
	hal_sscofpmf = hw->sscofpmf;
	hal_qemu_timer = hw->sscofpmf && qemu_virt;
	hal_qemu_hold = qemu_virt ? HAL_FIXED_MASK : 0;
}

/*
 * Per-hart HAL state, the @ctx of the hooks: the selector (mhpmevent
 * without OF and filter bits) last written to each counter, for the
 * QEMU 7.2 quirk of hal_event_write(). HAL_SEL_UNKNOWN (the OF bit, never
 * part of a selector) until the first write, so that the first write
 * after boot is treated as changing a mapped selector.
 */
struct hal_hart {
	uint64_t selector[32];
};

#define HAL_SEL_UNKNOWN MHPMEVENT_OF

static struct hal_hart hal_harts[FW_MAX_HARTS];

size_t fw_pmu_hal_hart_size(void)
{
	return sizeof(struct hal_hart);
}

void *fw_pmu_hal_hart_ctx(unsigned int hartid)
{
	struct hal_hart *hh = &hal_harts[hartid % FW_MAX_HARTS];
	unsigned int i;

	for (i = 0; i < 32; i++)
		hh->selector[i] = HAL_SEL_UNKNOWN;
	return hh;
}

/* Low XLEN bits of counter @idx (0 cycle, 2 instret, 3..31). */
static unsigned long hal_ctr_read(unsigned int idx)
{
	return hal_tbl_read(fw_pmu_hal_tbl_ctr_read, idx);
}

static void hal_ctr_write(unsigned int idx, unsigned long v)
{
	hal_tbl_write(fw_pmu_hal_tbl_ctr_write, idx, v);
}

static void hal_evt_write(unsigned int idx, unsigned long v)
{
	hal_tbl_write(fw_pmu_hal_tbl_evt_write, idx, v);
}

#if __riscv_xlen == 32
static unsigned long hal_ctr_read_hi(unsigned int idx)
{
	return hal_tbl_read(fw_pmu_hal_tbl_ctr_read_hi, idx);
}

static void hal_ctr_write_hi(unsigned int idx, unsigned long v)
{
	hal_tbl_write(fw_pmu_hal_tbl_ctr_write_hi, idx, v);
}

static void hal_evt_write_hi(unsigned int idx, unsigned long v)
{
	hal_tbl_write(fw_pmu_hal_tbl_evt_write_hi, idx, v);
}

/* mhpmevent@idx as 64 bits (mhpmeventh only with Sscofpmf, FACTS 3.17). */
static uint64_t hal_evt_get(unsigned int idx)
{
	uint64_t v = hal_tbl_read(fw_pmu_hal_tbl_evt_read, idx);

	if (hal_sscofpmf)
		v |= (uint64_t)hal_tbl_read(fw_pmu_hal_tbl_evt_read_hi, idx)
		     << 32;
	return v;
}
#endif

static void hal_evt_set(unsigned int idx, uint64_t value)
{
#if __riscv_xlen == 64
	hal_evt_write(idx, value);
#else
	/* High half first: QEMU maps the event on the low-half write. */
	if (hal_sscofpmf)
		hal_evt_write_hi(idx, (unsigned long)(value >> 32));
	hal_evt_write(idx, (unsigned long)value);
#endif
}

#if __riscv_xlen == 32
/* Both halves; the counter is inhibited, so nothing carries meanwhile. */
static void hal_ctr_write_split(unsigned int idx, uint64_t value)
{
	hal_ctr_write_hi(idx, (unsigned long)(value >> 32));
	hal_ctr_write(idx, (unsigned long)value);
}

/*
 * QEMU 7.2 quirk (RV32 + Sscofpmf): every write to either half of a
 * counter that counts cycles or instructions arms the overflow timer
 * from the value the two halves hold at that moment, and an earlier
 * expiry wins. A half-written value (below 2^63 it even lies in the
 * past) can thus swallow the real one, and no overflow interrupt ever
 * comes. So: unmap the event (selector 0) while writing, so that nothing
 * is armed, then map it again and write both halves once more, which
 * arms the timer from the final value only.
 */
static void hal_ctr_write_rv32_qemu(unsigned int idx, uint64_t value)
{
	uint64_t event = hal_evt_get(idx);

	hal_evt_set(idx, 0);
	hal_ctr_write_split(idx, value);
	hal_evt_set(idx, event);
	hal_ctr_write_split(idx, value);
}
#endif

static uint64_t hal_counter_read(void *ctx, unsigned int idx)
{
	(void)ctx;
#if __riscv_xlen == 64
	return hal_ctr_read(idx);
#else
	unsigned long hi, lo;

	/* Re-read if the low half carried into the high half meanwhile. */
	do {
		hi = hal_ctr_read_hi(idx);
		lo = hal_ctr_read(idx);
	} while (hi != hal_ctr_read_hi(idx));
	return ((uint64_t)hi << 32) | lo;
#endif
}

static void hal_counter_write(void *ctx, unsigned int idx, uint64_t value)
{
	(void)ctx;
#if __riscv_xlen == 64
	hal_ctr_write(idx, value);
#else
	if (hal_sscofpmf && idx >= 3)
		hal_ctr_write_rv32_qemu(idx, value);
	else
		hal_ctr_write_split(idx, value);
#endif
}

/*
 * Unmap, then select: the QEMU quirk's path of hal_event_write(), out of
 * line so that the usual path needs no stack frame.
 */
static __attribute__((noinline)) void hal_evt_reselect(unsigned int idx,
						       uint64_t value)
{
	hal_evt_set(idx, 0);
	hal_evt_set(idx, value);
}

/* Selector part of an mhpmevent value: without OF and inhibit bits. */
#define HAL_SELECTOR(v) ((v) & ~(MHPMEVENT_OF | MHPMEVENT_FILTER_MASK))

/*
 * QEMU 7.2 quirk: it keeps a counter's cycles/instret mapping until the
 * counter's mhpmevent is written as 0, and maps an event to one counter
 * only. Selecting another event over a mapped one would leave a stale
 * mapping that keeps every other counter from counting (and overflowing
 * on) that event. So a different selector over a nonzero one is preceded
 * by 0; harmless on hardware, where 0 means "no event". The selector the
 * counter holds is the one this HAL last wrote, kept per hart, so it
 * costs no CSR read: nothing else writes mhpmevent (RV32's counter-write
 * quirk puts back what it found) and hardware changes only OF. A write
 * of 0 is itself the unmapping write.
 */
static void hal_event_write(void *ctx, unsigned int idx, uint64_t value)
{
	uint64_t *held = &((struct hal_hart *)ctx)->selector[idx % 32];
	uint64_t old = *held, sel = HAL_SELECTOR(value);

	*held = sel;
	if (old != sel && old && value)
		hal_evt_reselect(idx, value);
	else
		hal_evt_set(idx, value);
}

/*
 * QEMU 7.2 quirk: a stopped cycle or instret counter does not hold its
 * value. The first read after the stop returns the live count, every
 * later one the value last written to the counter (0 if none was), so
 * the counter goes back in time; Linux's legacy mode
 * (perf_user_access=2) showed tasks rdcycle/rdinstret going from the
 * boot count to 0 after Linux's boot STOP, on OpenSBI as well. So the
 * count is read just before the stop, the one live read is spent after
 * it, and the count is written back: later reads return it, and a START
 * without a new value counts on from it (without this, from the last
 * write, with the stopped time included). The counts between the read
 * and the stop are lost (a few instructions under -icount). Only the
 * fixed counters: a write to a programmable cycles/instret counter arms
 * QEMU's overflow timer (hal_counter_started()), which would then fire
 * early for another such counter that is running. On QEMU's virt machine
 * only, like the other quirks.
 */
static __attribute__((noinline)) void hal_inhibit_fixed_qemu(void *ctx,
							     uint32_t mask)
{
	uint64_t held[3];
	unsigned int idx;

	for (idx = 0; idx < 3; idx += 2)
		if (mask & (1u << idx))
			held[idx] = hal_counter_read(ctx, idx);
	csr_set(CSR_MCOUNTINHIBIT, mask);
	for (idx = 0; idx < 3; idx += 2) {
		if (!(mask & (1u << idx)))
			continue;
		(void)hal_ctr_read(idx); /* QEMU's one live read */
		hal_counter_write(ctx, idx, held[idx]);
	}
}

static void hal_inhibit_set(void *ctx, uint32_t mask)
{
	if (mask & hal_qemu_hold)
		hal_inhibit_fixed_qemu(ctx, mask);
	else
		csr_set(CSR_MCOUNTINHIBIT, mask);
}

/* QEMU's event indices of the events its overflow timer serves. */
#define HAL_QEMU_EVT_CYCLES	  0x1
#define HAL_QEMU_EVT_INSTRUCTIONS 0x2

static bool hal_timer_driven(const struct hal_hart *hh, unsigned int idx)
{
	uint64_t sel = hh->selector[idx % 32] & 0xFFFFF;

	return idx >= 3 &&
	       (sel == HAL_QEMU_EVT_CYCLES || sel == HAL_QEMU_EVT_INSTRUCTIONS);
}

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
 * is done on QEMU's virt machine only.
 */
static void hal_counter_started(void *ctx, unsigned int idx)
{
	if (hal_qemu_timer && hal_timer_driven(ctx, idx))
		hal_counter_write(ctx, idx, hal_counter_read(ctx, idx));
}

static void hal_inhibit_clear(void *ctx, uint32_t mask)
{
	(void)ctx;
	csr_clear(CSR_MCOUNTINHIBIT, mask);
}

static uint32_t hal_overflow_read(void *ctx)
{
	(void)ctx;
	/* In M-mode scountovf shows every OF bit, whatever mcounteren says. */
	return (uint32_t)csr_read(CSR_SCOUNTOVF);
}

static bool hal_lcofi_pending(void *ctx)
{
	(void)ctx;
	return (csr_read(CSR_MIP) & MIP_LCOFIP) != 0;
}

static void hal_lcofi_clear(void *ctx)
{
	(void)ctx;
	csr_clear(CSR_MIP, MIP_LCOFIP);
}

static void hal_fixed_cfg_write(void *ctx, unsigned int idx, uint64_t value)
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

const struct pmu_hal_ops fw_pmu_hal_ops = {
	.counter_read = hal_counter_read,
	.counter_write = hal_counter_write,
	.event_write = hal_event_write,
	.inhibit_set = hal_inhibit_set,
	.inhibit_clear = hal_inhibit_clear,
	.counter_started = hal_counter_started,
	.overflow_read = hal_overflow_read,
	.lcofi_pending = hal_lcofi_pending,
	.lcofi_clear = hal_lcofi_clear,
	.fixed_cfg_write = hal_fixed_cfg_write,
};

/* Width of a counter that read back @v after all-ones were written. */
static uint8_t hal_width_of(uint64_t v)
{
	return (uint8_t)(64 - __builtin_clzll(v));
}

bool fw_pmu_hal_probe_counter(unsigned int idx, uint8_t *width)
{
	unsigned long old = fw_catch_begin();
	uint64_t v;

	/*
	 * Single reads, no carry loop: a trapping CSR read leaves its
	 * destination register undefined, which could make the loop spin.
	 */
	hal_counter_write(NULL, idx, ~0ULL);
	v = hal_ctr_read(idx);
#if __riscv_xlen == 32
	v |= (uint64_t)hal_ctr_read_hi(idx) << 32;
#endif
	hal_counter_write(NULL, idx, 0);
	if (fw_catch_end(old) || v == 0)
		return false; /* traps, or hardwired to zero */
	*width = hal_width_of(v);
	return true;
}

bool fw_pmu_hal_probe_inhibit(void)
{
	unsigned long old = fw_catch_begin();

	csr_write(CSR_MCOUNTINHIBIT, ~0UL);
	return fw_catch_end(old) == 0;
}

bool fw_pmu_hal_probe_scountovf(void)
{
	unsigned long old = fw_catch_begin();

	(void)csr_read(CSR_SCOUNTOVF);
	return fw_catch_end(old) == 0;
}

bool fw_pmu_hal_probe_cyclecfg(void)
{
	unsigned long old = fw_catch_begin();

	(void)csr_read(CSR_MCYCLECFG);
	return fw_catch_end(old) == 0;
}
