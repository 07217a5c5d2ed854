/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Constants of the SBI PMU extension (SBI v3.0, chapter "Performance
 * Monitoring Unit Extension"), spelled as in the spec, plus the counter
 * CSR bits of the privileged spec, Sscofpmf and Smcntrpmf that the core
 * programs. The extension and function IDs are sbi_spec.h's. Nothing
 * here depends on XLEN.
 */
#ifndef SBIPMU_PMU_SPEC_H
#define SBIPMU_PMU_SPEC_H

#include "sbi_spec.h"

/* event_idx[19:16] = type, event_idx[15:0] = code. Bits 20+ are reserved. */
#define SBI_PMU_EVENT_IDX_BITS	 20
#define SBI_PMU_EVENT_IDX_MASK	 0xFFFFFUL
#define SBI_PMU_EVENT_TYPE_SHIFT 16
#define SBI_PMU_EVENT_CODE_MASK	 0xFFFFUL

enum sbi_pmu_event_type {
	SBI_PMU_EVENT_TYPE_HW = 0,
	SBI_PMU_EVENT_TYPE_HW_CACHE = 1,
	SBI_PMU_EVENT_TYPE_HW_RAW = 2,
	SBI_PMU_EVENT_TYPE_HW_RAW_V2 = 3,
	SBI_PMU_EVENT_TYPE_FW = 15,
};

/* Table "PMU Hardware Events". */
enum sbi_pmu_hw_event {
	SBI_PMU_HW_NO_EVENT = 0,
	SBI_PMU_HW_CPU_CYCLES = 1,
	SBI_PMU_HW_INSTRUCTIONS = 2,
	SBI_PMU_HW_CACHE_REFERENCES = 3,
	SBI_PMU_HW_CACHE_MISSES = 4,
	SBI_PMU_HW_BRANCH_INSTRUCTIONS = 5,
	SBI_PMU_HW_BRANCH_MISSES = 6,
	SBI_PMU_HW_BUS_CYCLES = 7,
	SBI_PMU_HW_STALLED_CYCLES_FRONTEND = 8,
	SBI_PMU_HW_STALLED_CYCLES_BACKEND = 9,
	SBI_PMU_HW_REF_CPU_CYCLES = 10,
	SBI_PMU_HW_GENERAL_MAX = 11,
};

/* Cache event code: code[15:3] cache_id, code[2:1] op_id, code[0] result. */
enum sbi_pmu_hw_cache_id {
	SBI_PMU_HW_CACHE_L1D = 0,
	SBI_PMU_HW_CACHE_L1I = 1,
	SBI_PMU_HW_CACHE_LL = 2,
	SBI_PMU_HW_CACHE_DTLB = 3,
	SBI_PMU_HW_CACHE_ITLB = 4,
	SBI_PMU_HW_CACHE_BPU = 5,
	SBI_PMU_HW_CACHE_NODE = 6,
	SBI_PMU_HW_CACHE_MAX = 7,
};

enum sbi_pmu_hw_cache_op {
	SBI_PMU_HW_CACHE_OP_READ = 0,
	SBI_PMU_HW_CACHE_OP_WRITE = 1,
	SBI_PMU_HW_CACHE_OP_PREFETCH = 2,
	SBI_PMU_HW_CACHE_OP_MAX = 3,
};

enum sbi_pmu_hw_cache_result {
	SBI_PMU_HW_CACHE_RESULT_ACCESS = 0,
	SBI_PMU_HW_CACHE_RESULT_MISS = 1,
};

/* Number of cache codes with a standard cache_id (op 3 included, unused). */
#define SBI_PMU_HW_CACHE_CODE_COUNT (SBI_PMU_HW_CACHE_MAX << 3)

/* Raw event data widths: type 2 programs [47:0], type 3 programs [55:0]. */
#define SBI_PMU_RAW_EVENT_BITS	  48
#define SBI_PMU_RAW_V2_EVENT_BITS 56

/* Table "PMU Firmware Events". */
enum sbi_pmu_fw_event {
	SBI_PMU_FW_MISALIGNED_LOAD = 0,
	SBI_PMU_FW_MISALIGNED_STORE = 1,
	SBI_PMU_FW_ACCESS_LOAD = 2,
	SBI_PMU_FW_ACCESS_STORE = 3,
	SBI_PMU_FW_ILLEGAL_INSN = 4,
	SBI_PMU_FW_SET_TIMER = 5,
	SBI_PMU_FW_IPI_SENT = 6,
	SBI_PMU_FW_IPI_RECEIVED = 7,
	SBI_PMU_FW_FENCE_I_SENT = 8,
	SBI_PMU_FW_FENCE_I_RECEIVED = 9,
	SBI_PMU_FW_SFENCE_VMA_SENT = 10,
	SBI_PMU_FW_SFENCE_VMA_RECEIVED = 11,
	SBI_PMU_FW_SFENCE_VMA_ASID_SENT = 12,
	SBI_PMU_FW_SFENCE_VMA_ASID_RECEIVED = 13,
	SBI_PMU_FW_HFENCE_GVMA_SENT = 14,
	SBI_PMU_FW_HFENCE_GVMA_RECEIVED = 15,
	SBI_PMU_FW_HFENCE_GVMA_VMID_SENT = 16,
	SBI_PMU_FW_HFENCE_GVMA_VMID_RECEIVED = 17,
	SBI_PMU_FW_HFENCE_VVMA_SENT = 18,
	SBI_PMU_FW_HFENCE_VVMA_RECEIVED = 19,
	SBI_PMU_FW_HFENCE_VVMA_ASID_SENT = 20,
	SBI_PMU_FW_HFENCE_VVMA_ASID_RECEIVED = 21,
	SBI_PMU_FW_STANDARD_MAX = 22,
	SBI_PMU_FW_IMPL_FIRST = 256,
	SBI_PMU_FW_IMPL_LAST = 65534,
	SBI_PMU_FW_PLATFORM = 65535,
};

/*
 * sbipmu's implementation-specific firmware events (codes 256-65534 are
 * ours to define). Each counts at one site of the firmware; see
 * docs/firmware-events.md.
 */
enum sbipmu_fw_impl_event {
	SBIPMU_FW_ECALL = 256,	   /* every SBI call from S-mode */
	SBIPMU_FW_PMU_ECALL = 257, /* every SBI PMU call from S-mode */
	SBIPMU_FW_M_TRAP = 258,	   /* every trap from S/U-mode into M-mode */
	SBIPMU_FW_TIMER_IRQ = 259, /* M-timer interrupts forwarded to S-mode */
	SBIPMU_FW_IMPL_END = 260,
};

#define SBIPMU_FW_IMPL_COUNT (SBIPMU_FW_IMPL_END - SBI_PMU_FW_IMPL_FIRST)
/* Dense slot numbers: standard events 0-21, then ours. */
#define SBIPMU_FW_SLOT_COUNT (SBI_PMU_FW_STANDARD_MAX + SBIPMU_FW_IMPL_COUNT)

/* Table "PMU Counter Config Match Flags". */
#define SBI_PMU_CFG_FLAG_SKIP_MATCH  (1UL << 0)
#define SBI_PMU_CFG_FLAG_CLEAR_VALUE (1UL << 1)
#define SBI_PMU_CFG_FLAG_AUTO_START  (1UL << 2)
#define SBI_PMU_CFG_FLAG_SET_VUINH   (1UL << 3)
#define SBI_PMU_CFG_FLAG_SET_VSINH   (1UL << 4)
#define SBI_PMU_CFG_FLAG_SET_UINH    (1UL << 5)
#define SBI_PMU_CFG_FLAG_SET_SINH    (1UL << 6)
#define SBI_PMU_CFG_FLAG_SET_MINH    (1UL << 7)
#define SBI_PMU_CFG_FLAG_INH_MASK    (0x1FUL << 3)
#define SBI_PMU_CFG_FLAG_DEFINED     0xFFUL

/* Table "PMU Counter Start Flags". */
#define SBI_PMU_START_FLAG_SET_INIT_VALUE (1UL << 0)
#define SBI_PMU_START_FLAG_INIT_SNAPSHOT  (1UL << 1)
#define SBI_PMU_START_FLAG_DEFINED	  0x3UL

/* Table "PMU Counter Stop Flags". */
#define SBI_PMU_STOP_FLAG_RESET		(1UL << 0)
#define SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT (1UL << 1)
#define SBI_PMU_STOP_FLAG_DEFINED	0x3UL

/* counter_info: [11:0] CSR, [17:12] width - 1, [XLEN-1] type. */
#define SBI_PMU_CTR_INFO_CSR_MASK    0xFFFUL
#define SBI_PMU_CTR_INFO_WIDTH_SHIFT 12
#define SBI_PMU_CTR_INFO_WIDTH_MASK  0x3FUL

/* Snapshot shared memory layout (table "SBI PMU Snapshot shared memory"). */
#define SBI_PMU_SNAPSHOT_SIZE	       4096UL
#define SBI_PMU_SNAPSHOT_ALIGN	       4096UL
#define SBI_PMU_SNAPSHOT_OVF_OFFSET    0x0
#define SBI_PMU_SNAPSHOT_VALUES_OFFSET 0x8
#define SBI_PMU_SNAPSHOT_VALUES_COUNT  64

/* Event info entry (table "Event info entry format"): 16 bytes. */
#define SBI_PMU_EVENT_INFO_ENTRY_SIZE	16UL
#define SBI_PMU_EVENT_INFO_ALIGN	16UL
#define SBI_PMU_EVENT_INFO_IDX_RESERVED 0xFFF00000UL

/* Counter CSR numbers (privileged spec). */
#define CSR_CYCLE	  0xC00
#define PMU_CTR_CYCLE	  0
#define PMU_CTR_TIME	  1
#define PMU_CTR_INSTRET	  2
#define PMU_CTR_HPM_FIRST 3
#define PMU_CTR_HW_MAX	  32

/* mhpmevent bits of Sscofpmf; mcyclecfg/minstretcfg of Smcntrpmf share them. */
#define MHPMEVENT_OF	      (1ULL << 63)
#define MHPMEVENT_MINH	      (1ULL << 62)
#define MHPMEVENT_SINH	      (1ULL << 61)
#define MHPMEVENT_UINH	      (1ULL << 60)
#define MHPMEVENT_VSINH	      (1ULL << 59)
#define MHPMEVENT_VUINH	      (1ULL << 58)
#define MHPMEVENT_FILTER_MASK (0x1FULL << 58)
/*
 * CFG_MATCH's SET_VUINH..SET_MINH flags (bits 3-7) are mhpmevent's
 * VUINH..MINH (bits 58-62) in the same order, this far apart.
 */
#define SBI_PMU_CFG_FLAG_INH_SHIFT 55
_Static_assert(((unsigned long long)SBI_PMU_CFG_FLAG_INH_MASK
		<< SBI_PMU_CFG_FLAG_INH_SHIFT) == MHPMEVENT_FILTER_MASK,
	       "inhibit flags and bits line up");
/* Bits the SBI implementation owns in a raw v2 event (upper 8). */
#define MHPMEVENT_SBI_OWNED_MASK (0xFFULL << 56)

#endif
