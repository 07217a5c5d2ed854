/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Hooks of the debug firmware only (make firmware-debug, built with
 * -DFW_DEBUG_HOOKS): ways for a test to make the firmware fail on
 * purpose, chosen in the device tree's /chosen (strings, as
 * scripts/chosen-dtb.sh writes them):
 *   sbipmu,debug-fault = "access" | "illegal" | "overrun"
 *       a load from address 0, an illegal instruction, or a recursion
 *       that runs off the stack, on one hart once it is set up;
 *   sbipmu,debug-fault-hart = "N"   that hart (default: the boot hart);
 *   sbipmu,debug-late-hart = "N"    hart N checks in only half a second
 *       after the boot hart entered the next stage: long after the
 *       per-hart PMU and SSE set-up and the check-in wait, and after
 *       S-mode began to run, as a slow hart under host load may.
 * In the release firmware these are empty inlines and debug.c compiles
 * to nothing: it neither reads the properties nor contains the code
 * (make fw-debug-check checks the release image for both).
 */
#ifndef FW_DEBUG_H
#define FW_DEBUG_H

#include <stdbool.h>

#ifdef FW_DEBUG_HOOKS
/* Boot hart @boot_hart, once the tree is taken: read the properties. */
void fw_debug_scan(const void *fdt, unsigned int boot_hart);
/* Each hart, once set up: fault now if the hooks say so. */
void fw_debug_fault(unsigned int hartid);
/* Should @hartid check in late? */
bool fw_debug_late(unsigned int hartid);
/* The wait of a late hart once the next stage runs. */
void fw_debug_late_delay(void);
#else
static inline void fw_debug_scan(const void *fdt, unsigned int boot_hart)
{
	(void)fdt;
	(void)boot_hart;
}

static inline void fw_debug_fault(unsigned int hartid)
{
	(void)hartid;
}

static inline bool fw_debug_late(unsigned int hartid)
{
	(void)hartid;
	return false;
}

static inline void fw_debug_late_delay(void)
{
}
#endif

#endif
