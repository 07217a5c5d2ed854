// SPDX-License-Identifier: BSD-2-Clause
/*
 * struct pmu_hal_ops on real CSRs: the only place where the firmware
 * reads or writes a counter, an event selector, mcountinhibit,
 * scountovf, mip.LCOFIP or the Smcntrpmf configuration registers.
 * csrr/csrw take the CSR number as an immediate, so a counter chosen at
 * run time goes through a switch with one case per CSR (the compiler
 * turns it into a jump table). RV32 joins and splits the 64-bit values
 * over the ...h CSRs; mhpmeventh exists only with Sscofpmf.
 */
#include <stddef.h>

#include <sbipmu/pmu_spec.h>

#include "csr.h"
#include "pmu_hal.h"
#include "unpriv.h"

/* Apply X to every programmable counter index. */
/* clang-format off */
#define HAL_HPM(X)                                                             \
	X(3) X(4) X(5) X(6) X(7) X(8) X(9) X(10) X(11) X(12) X(13) X(14)       \
	X(15) X(16) X(17) X(18) X(19) X(20) X(21) X(22) X(23) X(24) X(25)      \
	X(26) X(27) X(28) X(29) X(30) X(31)
/* clang-format on */

static bool hal_sscofpmf;

void fw_pmu_hal_init(const struct pmu_hw_desc *hw)
{
	hal_sscofpmf = hw->sscofpmf;
}

/* Low XLEN bits of counter @idx (0 cycle, 2 instret, 3..31). */
static unsigned long hal_ctr_read(unsigned int idx)
{
#define HAL_READ(n)                                                            \
	case n:                                                                \
		return csr_read(0xB00 + n);
	switch (idx) {
	case 0:
		return csr_read(CSR_MCYCLE);
	case 2:
		return csr_read(CSR_MINSTRET);
		HAL_HPM(HAL_READ)
	default:
		return 0;
	}
#undef HAL_READ
}

static void hal_ctr_write(unsigned int idx, unsigned long v)
{
#define HAL_WRITE(n)                                                           \
	case n:                                                                \
		csr_write(0xB00 + n, v);                                       \
		break;
	switch (idx) {
	case 0:
		csr_write(CSR_MCYCLE, v);
		break;
	case 2:
		csr_write(CSR_MINSTRET, v);
		break;
		HAL_HPM(HAL_WRITE)
	default:
		break;
	}
#undef HAL_WRITE
}

static void hal_evt_write(unsigned int idx, unsigned long v)
{
#define HAL_EVT(n)                                                             \
	case n:                                                                \
		csr_write(0x320 + n, v);                                       \
		break;
	switch (idx) {
		HAL_HPM(HAL_EVT)
	default:
		break;
	}
#undef HAL_EVT
}

#if __riscv_xlen == 32
static unsigned long hal_ctr_read_hi(unsigned int idx)
{
#define HAL_READH(n)                                                           \
	case n:                                                                \
		return csr_read(0xB80 + n);
	switch (idx) {
	case 0:
		return csr_read(CSR_MCYCLEH);
	case 2:
		return csr_read(CSR_MINSTRETH);
		HAL_HPM(HAL_READH)
	default:
		return 0;
	}
#undef HAL_READH
}

static void hal_ctr_write_hi(unsigned int idx, unsigned long v)
{
#define HAL_WRITEH(n)                                                          \
	case n:                                                                \
		csr_write(0xB80 + n, v);                                       \
		break;
	switch (idx) {
	case 0:
		csr_write(CSR_MCYCLEH, v);
		break;
	case 2:
		csr_write(CSR_MINSTRETH, v);
		break;
		HAL_HPM(HAL_WRITEH)
	default:
		break;
	}
#undef HAL_WRITEH
}

static void hal_evt_write_hi(unsigned int idx, unsigned long v)
{
#define HAL_EVTH(n)                                                            \
	case n:                                                                \
		csr_write(0x720 + n, v);                                       \
		break;
	switch (idx) {
		HAL_HPM(HAL_EVTH)
	default:
		break;
	}
#undef HAL_EVTH
}
#endif

static unsigned long hal_evt_read(unsigned int idx)
{
#define HAL_EVTR(n)                                                            \
	case n:                                                                \
		return csr_read(0x320 + n);
	switch (idx) {
		HAL_HPM(HAL_EVTR)
	default:
		return 0;
	}
#undef HAL_EVTR
}

#if __riscv_xlen == 32
static unsigned long hal_evt_read_hi(unsigned int idx)
{
#define HAL_EVTRH(n)                                                           \
	case n:                                                                \
		return csr_read(0x720 + n);
	switch (idx) {
		HAL_HPM(HAL_EVTRH)
	default:
		return 0;
	}
#undef HAL_EVTRH
}
#endif

/* mhpmevent@idx as 64 bits (RV32: mhpmeventh only with Sscofpmf). */
static uint64_t hal_evt_get(unsigned int idx)
{
	uint64_t v = hal_evt_read(idx);

#if __riscv_xlen == 32
	if (hal_sscofpmf) /* FACTS 3.17: mhpmeventh is Sscofpmf's */
		v |= (uint64_t)hal_evt_read_hi(idx) << 32;
#endif
	return v;
}

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

/* Selector part of an mhpmevent value: without OF and inhibit bits. */
#define HAL_SELECTOR(v) ((v) & ~(MHPMEVENT_OF | MHPMEVENT_FILTER_MASK))

/*
 * QEMU 7.2 quirk: it keeps a counter's cycles/instret mapping until the
 * counter's selector is written as 0, and maps an event to one counter
 * only. Selecting another event over a mapped one would leave a stale
 * mapping that keeps every other counter from counting (and overflowing
 * on) that event. So a different selector is preceded by 0; harmless on
 * hardware, where 0 means "no event".
 */
static void hal_event_write(void *ctx, unsigned int idx, uint64_t value)
{
	uint64_t old = HAL_SELECTOR(hal_evt_get(idx));

	(void)ctx;
	if (old && old != HAL_SELECTOR(value))
		hal_evt_set(idx, 0);
	hal_evt_set(idx, value);
}

static void hal_inhibit_set(void *ctx, uint32_t mask)
{
	(void)ctx;
	csr_set(CSR_MCOUNTINHIBIT, mask);
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
	.overflow_read = hal_overflow_read,
	.lcofi_pending = hal_lcofi_pending,
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
