/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The platform hooks given to pmu_core_init() and sse_core_init()
 * (core_plat.c), and the platform firmware events of our own (event_data
 * of SBI event 0xFFFF; docs/firmware.md).
 */
#ifndef FW_CORE_PLAT_H
#define FW_CORE_PLAT_H

#include <sbipmu/pmu_hal.h>
#include <sbipmu/sse_hal.h>

enum fw_plat_event {
	FW_PLAT_EVENT_DBCN_BYTES = 1,  /* bytes written through DBCN */
	FW_PLAT_EVENT_HSM_SUSPEND = 2, /* HSM suspends entered */
};

extern const struct pmu_platform_ops fw_plat_pmu_ops;
extern const struct sse_platform_ops fw_plat_sse_ops;

#endif
