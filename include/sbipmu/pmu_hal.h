/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The porting interface of the PMU core: everything the core needs from
 * the hart it runs on (struct pmu_hal_ops) and from the platform around it
 * (struct pmu_platform_ops), and the description of the hardware found at
 * boot (struct pmu_hw_desc). The core touches hardware and memory only
 * through these hooks; firmware implements them on real CSRs, the test
 * suite on a simulated hart.
 *
 * Every hook is marked MANDATORY or OPTIONAL; pmu_core_init() checks them
 * once and refuses a table with a missing mandatory hook, so no hot path
 * tests a mandatory pointer for NULL.
 *
 * Binding: by default the core calls the hart hooks through the table
 * given to pmu_core_init() (the host tests' simulated hart does). A build
 * may bind them at build time instead, for speed: it defines
 * SBIPMU_HAL_STATIC as the name of a header (e.g. -DSBIPMU_HAL_STATIC=
 * '"pmu_hal_csr.h"') that defines, for every hook, a function
 * pmu_hal_<hook>() with the hook's prototype, and PMU_HAL_HAS_<hook> as 1
 * or 0 for the optional hooks the core tests with PMU_HAL_HAS()
 * (counter_started, event_mode). The core then calls those directly (inline
 * if the header defines them so), and the table is only checked at init;
 * it must hold the same functions. The firmware binds its CSR HAL this
 * way (firmware/arch/pmu_hal_csr.h); the hooks' logic exists once either way.
 */
#ifndef SBIPMU_PMU_HAL_H
#define SBIPMU_PMU_HAL_H

#include <stdbool.h>
#include <stdint.h>

/*
 * Hart hooks. @ctx is the per-hart context given to pmu_hart_init()
 * (real firmware acts on the calling hart and needs none; the simulated
 * hart of the host tests is found there).
 * Counter numbers are CSR indices: 0 cycle, 2 instret, 3..31 mhpmcounterN.
 */
struct pmu_hal_ops {
	/* MANDATORY: full value of counter @idx (RV32: joins the h half). */
	uint64_t (*counter_read)(void *ctx, unsigned int idx);
	/*
	 * MANDATORY: set counter @idx; bits above its width are ignored.
	 * The core calls it only while the counter is inhibited (a HAL may
	 * rely on that, e.g. to write RV32 halves without a race).
	 */
	void (*counter_write)(void *ctx, unsigned int idx, uint64_t value);
	/*
	 * MANDATORY: write mhpmevent@idx (3..31). On RV32 the upper half goes
	 * to mhpmeventh only when Sscofpmf is present (docs/facts.md F3.17).
	 * @prev is what the core last wrote there, OF aside (0 before its first
	 * write, pmu_hart_init()'s, which is 0 too): the core keeps the
	 * counter's selector anyway, so a HAL that must know what the
	 * counter holds (firmware/arch/pmu_hal_csr.c, a QEMU quirk) needs no
	 * copy.
	 */
	void (*event_write)(void *ctx, unsigned int idx, uint64_t value,
			    uint64_t prev);
	/* MANDATORY: set / clear bits of mcountinhibit. */
	void (*inhibit_set)(void *ctx, uint32_t mask);
	void (*inhibit_clear)(void *ctx, uint32_t mask);
	/*
	 * OPTIONAL (required with Sscofpmf): the OF bits of all counters as
	 * a bitmap indexed like scountovf, and whether mip.LCOFIP is pending.
	 */
	uint32_t (*overflow_read)(void *ctx);
	bool (*lcofi_pending)(void *ctx);
	/*
	 * OPTIONAL (required with Sscofpmf): clear mip.LCOFIP, for firmware
	 * that takes the overflow interrupt itself (pmu_overflow_irq()).
	 */
	void (*lcofi_clear)(void *ctx);
	/*
	 * OPTIONAL (required with Smcntrpmf): write mcyclecfg (@idx 0) or
	 * minstretcfg (@idx 2); only the inhibit bits are ever set.
	 */
	void (*fixed_cfg_write)(void *ctx, unsigned int idx, uint64_t value);
	/*
	 * OPTIONAL: hardware counter @idx has just been started (its value
	 * written or kept, then un-inhibited); @event is the mhpmevent value
	 * it runs with (0 for cycle and instret). For hardware whose overflow
	 * detection must be re-armed once the counter runs, e.g. QEMU 7.2,
	 * where a write arms a host-clock timer that is dropped if it expires
	 * while the counter is still inhibited (firmware/arch/pmu_hal_csr.c).
	 */
	void (*counter_started)(void *ctx, unsigned int idx, uint64_t event);
	/*
	 * OPTIONAL (required with counter_delegation): mhpmevent@idx as the
	 * hardware holds it now (RV32: the low half is enough), to tell
	 * whether S-mode programmed the counter itself.
	 */
	uint64_t (*event_read)(void *ctx, unsigned int idx);
	/*
	 * OPTIONAL: the privilege mode (PMU_MODE_*) the hart was in when it
	 * entered M-mode for the firmware event being counted: for a trap
	 * the mode that trapped, for an SBI call its caller's, for an
	 * interrupt (IPI, fence request, timer) the mode interrupted. An
	 * M-mode origin is reported as PMU_MODE_S. Called from within
	 * pmu_fw_event() and its kin, so from the M-mode handler of that
	 * event, before it returns (mret); at most once per event, and only
	 * when a counter of the event has a mode filter. Without it firmware
	 * counters ignore their mode filters (docs/semantics.md, "Firmware
	 * events and the mode filters").
	 */
	unsigned int (*event_mode)(void *ctx);
};

/*
 * What event_mode returns. Numbered as CFG_MATCH's inhibit flags from
 * SBI_PMU_CFG_FLAG_SET_VUINH up (pmu_spec.h): mode m is inhibited by flag
 * SBI_PMU_CFG_FLAG_SET_VUINH << m (checked in core/pmu_fw.c).
 */
#define PMU_MODE_VU 0u
#define PMU_MODE_VS 1u
#define PMU_MODE_U  2u
#define PMU_MODE_S  3u

/*
 * Platform hooks. @ctx is the platform context given to pmu_core_init().
 */
struct pmu_platform_ops {
	/*
	 * MANDATORY: validate that [addr, addr + size) is normal RAM that
	 * S-mode owns and the firmware may read and write on its behalf (not
	 * MMIO, not firmware memory, no wrap, addressable by the firmware),
	 * and return the firmware's pointer to it; NULL if any byte fails.
	 * The core never accesses shared memory outside a range this hook
	 * accepted during the same call.
	 */
	void *(*shmem_map)(void *ctx, uint64_t addr, uint64_t size);
	/*
	 * OPTIONAL: platform firmware events (event code 0xFFFF). The
	 * platform numbers the events it reports through
	 * pmu_fw_platform_event() 1..PMU_FW_PLATFORM_MAX; return the number
	 * of the event @event_data names, 0 if none. The core keeps that
	 * number per counter (one byte), not the 64-bit event_data. Without
	 * this hook the event is not supported.
	 */
	unsigned int (*fw_platform_event)(void *ctx, uint64_t event_data);
	/*
	 * OPTIONAL: the counter-overflow interrupt of the hart whose HAL
	 * context is @hal_ctx reached the firmware (pmu_overflow_irq());
	 * @overflowed is the bitmap of hardware counters with OF set. How
	 * the supervisor learns of it (e.g. an SSE event) is the platform's
	 * business, not the core's.
	 */
	void (*overflow)(void *ctx, void *hal_ctx, uint64_t overflowed);
};

/* What the hardware of every hart offers, discovered once at boot. */
struct pmu_hw_desc {
	unsigned int xlen;     /* 32 or 64 */
	uint32_t counter_mask; /* implemented counters; bit 1 is ignored */
	uint8_t width[32];     /* bits per implemented counter (1..64) */
	bool sscofpmf;	       /* OF/inhibit bits in mhpmevent, LCOFI */
	bool smcntrpmf;	       /* mcyclecfg/minstretcfg */
	bool h_ext;	       /* VS/VU inhibit bits exist */
	/*
	 * A selector counts on one programmable counter at a time: a second
	 * counter given the same selector reads 0 (QEMU keeps the first in
	 * its event-to-counter map, target/riscv/pmu.c). CFG_MATCH then
	 * never hands out such a second counter (pmu_match.c).
	 */
	bool one_counter_per_event;
	/*
	 * Counter delegation (Smcdeleg/Ssccfg) is on: S-mode may program a
	 * programmable counter itself (siselect/sireg). A counter whose
	 * mhpmevent holds a selector no CFG_MATCH wrote is S-mode's, and
	 * CFG_MATCH never hands it out (docs/semantics.md).
	 */
	bool counter_delegation;
	unsigned int num_fw_counters; /* firmware counters to offer (<= 16) */
	/*
	 * Firmware policy, not hardware: answer SNAPSHOT_SET_SHMEM with
	 * NOT_SUPPORTED ("snapshot functionality is not available"). The
	 * QEMU firmware sets it from /chosen/sbipmu,snapshot = "off".
	 */
	bool no_snapshot;
};

#define PMU_MAX_FW_COUNTERS 16
/* Platform firmware events a platform may number (fw_platform_event). */
#define PMU_FW_PLATFORM_MAX 127

#endif
