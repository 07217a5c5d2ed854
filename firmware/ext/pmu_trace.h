/* SPDX-License-Identifier: BSD-2-Clause */
/* The firmware's PMU call trace (see pmu_trace.c). */
#ifndef FW_PMU_TRACE_H
#define FW_PMU_TRACE_H

#include <stdbool.h>
#include <stdint.h>

#include "ext/sbi_ext.h"

/*
 * Boot hart, after the PMU state: a ring for every hart if /chosen asks
 * for tracing. A hart with a ring (h->trace) has its PMU calls traced:
 * they go to fw_pmu_trace_ecall.
 */
void fw_pmu_trace_alloc(void);

/* Calls each hart's ring keeps (0: no trace), once allocated. */
uint32_t fw_pmu_trace_entries(void);

/* The PMU extension's handler while tracing (an fw_ext_fn). */
struct sbiret fw_pmu_trace_ecall(struct fw_hart *h, unsigned long fid,
				 const unsigned long a[6]);

/* Print every hart's ring (at shutdown). */
void fw_pmu_trace_dump(void);

#endif
