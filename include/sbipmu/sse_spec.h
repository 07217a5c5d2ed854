/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Constants of the SBI Supervisor Software Events extension (SBI v3.0,
 * chapter "Supervisor Software Events Extension"), spelled as in the
 * spec: the event ID space, the event attributes and the bits of STATUS,
 * CONFIG and INTERRUPTED_FLAGS. The extension and function IDs are
 * sbi_spec.h's. Nothing here depends on XLEN.
 */
#ifndef SBIPMU_SSE_SPEC_H
#define SBIPMU_SSE_SPEC_H

#include "sbi_spec.h"

/*
 * event_id: each 16-bit range has bit 14 "platform specific" and bit 15
 * "global" (section "Software Event Identification"). We offer no
 * platform-specific event, so only the global bit matters here.
 */
#define SBI_SSE_EVENT_GLOBAL_BIT (1U << 15)

/* The standard events of table "SSE Event ID Space". */
#define SBI_SSE_EVENT_LOCAL_HIGH_PRIO_RAS  0x00000000U
#define SBI_SSE_EVENT_LOCAL_DOUBLE_TRAP	   0x00000001U
#define SBI_SSE_EVENT_GLOBAL_HIGH_PRIO_RAS 0x00008000U
#define SBI_SSE_EVENT_LOCAL_PMU_OVERFLOW   0x00010000U
#define SBI_SSE_EVENT_LOCAL_LOW_PRIO_RAS   0x00100000U
#define SBI_SSE_EVENT_GLOBAL_LOW_PRIO_RAS  0x00108000U
#define SBI_SSE_EVENT_LOCAL_SOFTWARE	   0xFFFF0000U
#define SBI_SSE_EVENT_GLOBAL_SOFTWARE	   0xFFFF8000U

/* Event states (STATUS[1:0], section "Software Event States"). */
enum sbi_sse_state {
	SBI_SSE_STATE_UNUSED = 0,
	SBI_SSE_STATE_REGISTERED = 1,
	SBI_SSE_STATE_ENABLED = 2,
	SBI_SSE_STATE_RUNNING = 3,
};

/* Attribute IDs (table "SSE Event Attributes"); above A7: reserved. */
enum sbi_sse_attr_id {
	SBI_SSE_ATTR_STATUS = 0,
	SBI_SSE_ATTR_PRIORITY = 1,
	SBI_SSE_ATTR_CONFIG = 2,
	SBI_SSE_ATTR_PREFERRED_HART = 3,
	SBI_SSE_ATTR_ENTRY_PC = 4,
	SBI_SSE_ATTR_ENTRY_ARG = 5,
	SBI_SSE_ATTR_INTERRUPTED_SEPC = 6,
	SBI_SSE_ATTR_INTERRUPTED_FLAGS = 7,
	SBI_SSE_ATTR_INTERRUPTED_A6 = 8,
	SBI_SSE_ATTR_INTERRUPTED_A7 = 9,
	SBI_SSE_ATTR_COUNT = 10,
};

/* STATUS: bit[1:0] state, bit[2] pending, bit[3] injection allowed. */
#define SBI_SSE_ATTR_STATUS_STATE_MASK 0x3UL
#define SBI_SSE_ATTR_STATUS_PENDING    (1UL << 2)
#define SBI_SSE_ATTR_STATUS_INJECT     (1UL << 3)

/* CONFIG: bit[0] one-shot; the other bits are reserved. */
#define SBI_SSE_ATTR_CONFIG_ONESHOT (1UL << 0)

/* PRIORITY: only the lower 32 bits are used. */
#define SBI_SSE_PRIORITY_MAX 0xFFFFFFFFULL

/* INTERRUPTED_FLAGS bits; bits 6 and up are reserved. */
#define SBI_SSE_ATTR_INTERRUPTED_FLAGS_SSTATUS_SPP   (1UL << 0)
#define SBI_SSE_ATTR_INTERRUPTED_FLAGS_SSTATUS_SPIE  (1UL << 1)
#define SBI_SSE_ATTR_INTERRUPTED_FLAGS_HSTATUS_SPV   (1UL << 2)
#define SBI_SSE_ATTR_INTERRUPTED_FLAGS_HSTATUS_SPVP  (1UL << 3)
#define SBI_SSE_ATTR_INTERRUPTED_FLAGS_SSTATUS_SPELP (1UL << 4)
#define SBI_SSE_ATTR_INTERRUPTED_FLAGS_SSTATUS_SDT   (1UL << 5)
#define SBI_SSE_ATTR_INTERRUPTED_FLAGS_MASK                                    \
	(SBI_SSE_ATTR_INTERRUPTED_FLAGS_SSTATUS_SPP |                          \
	 SBI_SSE_ATTR_INTERRUPTED_FLAGS_SSTATUS_SPIE |                         \
	 SBI_SSE_ATTR_INTERRUPTED_FLAGS_HSTATUS_SPV |                          \
	 SBI_SSE_ATTR_INTERRUPTED_FLAGS_HSTATUS_SPVP |                         \
	 SBI_SSE_ATTR_INTERRUPTED_FLAGS_SSTATUS_SPELP |                        \
	 SBI_SSE_ATTR_INTERRUPTED_FLAGS_SSTATUS_SDT)

#endif
