/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The CSR HAL's out-of-line half (the hooks themselves are inline in
 * pmu_hal_csr.h, bound to the core at build time): its set-up, the rare
 * paths of the QEMU 7.2 quirks, the hooks as a table for pmu_core_init(),
 * and the probes discover.c uses to find out which counter CSRs exist.
 */
#include <stddef.h>

#include "arch/pmu_hart.h"
#include "arch/pmu_hal_csr.h"
#include "cpu/fw_defs.h"
#include "cpu/unpriv.h"

/* mcountinhibit bits of the fixed counters, cycle (0) and instret (2). */
#define HAL_FIXED_MASK ((1u << 0) | (1u << 2))

bool fw_pmu_hal_sscofpmf;
bool fw_pmu_hal_qemu_timer;
uint32_t fw_pmu_hal_qemu_hold;

bool fw_pmu_hal_no_inhibit;
bool fw_pmu_hal_h_ext;

/*
 * @qemu: QEMU's CPU (discover.c), whose quirks below apply. @inhibit:
 * the hart has mcountinhibit; a hart of privileged spec 1.10 (QEMU's
 * sifive_u U54) has none, and its counters then always count: every
 * inhibit write is skipped (routed through the slow stub for the set,
 * one test for the clear), as OpenSBI does on such harts.
 */
void fw_pmu_hal_init(const struct pmu_hw_desc *hw, bool qemu, bool inhibit)
{
	fw_pmu_hal_sscofpmf = hw->sscofpmf;
	fw_pmu_hal_qemu_timer = hw->sscofpmf && qemu;
	fw_pmu_hal_qemu_hold = qemu ? HAL_FIXED_MASK : 0;
	fw_pmu_hal_no_inhibit = !inhibit;
	fw_pmu_hal_h_ext = hw->h_ext;
	if (!inhibit)
		fw_pmu_hal_qemu_hold = ~0u;
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
 * QEMU's overflow timer (pmu_hal_counter_started()), which would then
 * fire early for another such counter that is running. On QEMU's CPUs
 * only, like the other quirks (discover.c says which they are).
 */
void fw_pmu_hal_inhibit_fixed_qemu(uint32_t mask)
{
	uint64_t held[3];
	unsigned int idx;

	if (fw_pmu_hal_no_inhibit)
		return;
	for (idx = 0; idx < 3; idx += 2)
		if (mask & (1u << idx))
			held[idx] = pmu_hal_counter_read(NULL, idx);
	csr_set(CSR_MCOUNTINHIBIT, mask);
	for (idx = 0; idx < 3; idx += 2) {
		if (!(mask & (1u << idx)))
			continue;
		/* QEMU's one live read */
		(void)fw_pmu_hal_tbl(fw_pmu_hal_tbl_ctr_read, idx, 0);
		pmu_hal_counter_write(NULL, idx, held[idx]);
	}
}

/* One register of the stub below: its store and load at slot @n. */
#if __riscv_xlen == 64
#define HAL_SAVE(r, n) "sd " #r ", " #n "*8(sp)\n"
#define HAL_LOAD(r, n) "ld " #r ", " #n "*8(sp)\n"
#define HAL_FRAME      "96"
#else
#define HAL_SAVE(r, n) "sw " #r ", " #n "*4(sp)\n"
#define HAL_LOAD(r, n) "lw " #r ", " #n "*4(sp)\n"
#define HAL_FRAME      "48"
#endif
#define HAL_KEPT(op)                                                           \
	op(ra, 0) op(t0, 1) op(t1, 2) op(t2, 3) op(a0, 4) op(a1, 5) op(a2, 6)  \
		op(a3, 7) op(a4, 8) op(a5, 9) op(a6, 10) op(a7, 11)

/*
 * fw_pmu_hal_inhibit_fixed_qemu_keep(a0 = mask): the QEMU stop quirk of
 * pmu_hal_inhibit_set() (pmu_hal_csr.h), called with every register
 * kept but ra. The hook is inline in the core's STOP, whose common case
 * then keeps its values in the registers a C call would clobber instead
 * of saving callee-saved ones on every STOP; this rare path pays for the
 * saves instead (t3-t6 are never touched by C: FW_REG_CFLAGS). Naked,
 * here beside the function it calls, so that the CSR tables
 * (pmu_hal_table.S) call nothing back.
 */
/* clang-format off */
__attribute__((naked)) void fw_pmu_hal_inhibit_fixed_qemu_keep(void)
{
	__asm__ volatile("addi sp, sp, -" HAL_FRAME "\n"
			 HAL_KEPT(HAL_SAVE)
			 "call fw_pmu_hal_inhibit_fixed_qemu\n"
			 HAL_KEPT(HAL_LOAD)
			 "addi sp, sp, " HAL_FRAME "\n"
			 "ret\n");
}
/* clang-format on */

#if __riscv_xlen == 32
/* mhpmevent@idx, 64 bits (mhpmeventh: Sscofpmf only, docs/facts.md F3.17) */
static uint64_t hal_evt_get(unsigned int idx)
{
	uint64_t v = fw_pmu_hal_tbl(fw_pmu_hal_tbl_evt_read, idx, 0);

	if (fw_pmu_hal_sscofpmf)
		v |= (uint64_t)fw_pmu_hal_tbl(fw_pmu_hal_tbl_evt_read_hi, idx,
					      0)
		     << 32;
	return v;
}

/* Both halves; the counter is inhibited, so nothing carries meanwhile. */
static void hal_ctr_write_whole(unsigned int idx, uint64_t value)
{
	fw_pmu_hal_tbl(fw_pmu_hal_tbl_ctr_write_hi, idx,
		       (unsigned long)(value >> 32));
	fw_pmu_hal_tbl(fw_pmu_hal_tbl_ctr_write, idx, (unsigned long)value);
}

/*
 * QEMU 7.2 quirk (RV32 + Sscofpmf): each write to either half of a
 * counter that counts cycles or instructions arms the overflow timer from
 * the value the two halves hold at that moment, and an earlier expiry
 * wins. A half-written value (below 2^63 it even lies in the past) can
 * thus swallow the real one, and no overflow interrupt ever comes. So:
 * unmap the event (selector 0) while writing, so that nothing is armed,
 * then map it again and write both halves once more, which arms the
 * timer from the final value only (and puts QEMU's count bookkeeping
 * right: a write with the event unmapped leaves it wrong).
 */
void fw_pmu_hal_ctr_write_qemu(unsigned int idx, uint64_t value)
{
	uint64_t event = hal_evt_get(idx);

	fw_pmu_hal_evt_set(idx, 0);
	hal_ctr_write_whole(idx, value);
	fw_pmu_hal_evt_set(idx, event);
	hal_ctr_write_whole(idx, value);
}
#endif

/* The same hooks as a table: what pmu_core_init() checks. */
const struct pmu_hal_ops fw_pmu_hal_ops = {
	.counter_read = pmu_hal_counter_read,
	.counter_write = pmu_hal_counter_write,
	.event_write = pmu_hal_event_write,
	.inhibit_set = pmu_hal_inhibit_set,
	.inhibit_clear = pmu_hal_inhibit_clear,
	.counter_started = pmu_hal_counter_started,
	.event_read = pmu_hal_event_read,
	.overflow_read = pmu_hal_overflow_read,
	.lcofi_pending = pmu_hal_lcofi_pending,
	.lcofi_clear = pmu_hal_lcofi_clear,
	.fixed_cfg_write = pmu_hal_fixed_cfg_write,
	.event_mode = pmu_hal_event_mode,
};

/*
 * What the width probe writes: all ones, as the counter is inhibited. A
 * hart without mcountinhibit counts on between the write and the read,
 * and all ones wrap to a small value at once: the width came out as
 * some 20 bits on sifive_u's U54 and Linux masked its cycle counts to
 * that (perf stat read 0.6 M cycles where OpenSBI read 690 M, and user
 * reads went backwards). There the low 16 bits are left clear, room for
 * the ticks between the write and the read.
 */
#define HAL_WIDTH_PATTERN() (fw_pmu_hal_no_inhibit ? ~0ULL << 16 : ~0ULL)

/* Width of a counter that read back @v after the pattern was written. */
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
	pmu_hal_counter_write(NULL, idx, HAL_WIDTH_PATTERN());
	v = fw_pmu_hal_tbl(fw_pmu_hal_tbl_ctr_read, idx, 0);
#if __riscv_xlen == 32
	v |= (uint64_t)fw_pmu_hal_tbl(fw_pmu_hal_tbl_ctr_read_hi, idx, 0) << 32;
#endif
	pmu_hal_counter_write(NULL, idx, 0);
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
	return FW_CSR_READABLE(CSR_SCOUNTOVF);
}

bool fw_pmu_hal_probe_cyclecfg(void)
{
	return FW_CSR_READABLE(CSR_MCYCLECFG);
}

void fw_pmu_hal_handoff(bool inhibit)
{
	if (inhibit)
		csr_write(CSR_MCOUNTINHIBIT, FW_MCOUNTINHIBIT_HANDOFF);
}
