/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The debug firmware's hooks (see debug.h). Nothing here is built into
 * the release firmware.
 */
#ifdef FW_DEBUG_HOOKS
#include <libfdt.h>

#include <sbipmu/sbi_ext_decode.h>

#include "boot/debug.h"
#include "cpu/fw_defs.h"
#include "dev/dev.h"
#include "rt/console.h"
#include "rt/platform.h"

enum debug_fault {
	DEBUG_FAULT_NONE,
	DEBUG_FAULT_ACCESS,
	DEBUG_FAULT_ILLEGAL,
	DEBUG_FAULT_OVERRUN,
};

/* Written by the boot hart before it releases the others (stage 1). */
static enum debug_fault debug_fault;
static unsigned int debug_fault_hart;
static unsigned int debug_late_hart = ~0u;

/* A decimal string property of /chosen; false if absent. */
static bool debug_number(const void *fdt, int node, const char *name,
			 unsigned int *out)
{
	int len, i;
	const char *s = fdt_getprop(fdt, node, name, &len);
	unsigned int n = 0;

	if (!s)
		return false;
	for (i = 0; i < len && s[i] >= '0' && s[i] <= '9' && n < 100000; i++)
		n = n * 10 + (unsigned int)(s[i] - '0');
	*out = n;
	return true;
}

static bool debug_is(const void *fdt, int node, const char *value)
{
	int len;
	const char *s = fdt_getprop(fdt, node, "sbipmu,debug-fault", &len);

	return s && len > 0 && s[len - 1] == '\0' && !strcmp(s, value);
}

void fw_debug_scan(const void *fdt, unsigned int boot_hart)
{
	int node = fdt_path_offset(fdt, "/chosen");

	if (node < 0)
		return;
	if (debug_is(fdt, node, "access"))
		debug_fault = DEBUG_FAULT_ACCESS;
	else if (debug_is(fdt, node, "illegal"))
		debug_fault = DEBUG_FAULT_ILLEGAL;
	else if (debug_is(fdt, node, "overrun"))
		debug_fault = DEBUG_FAULT_OVERRUN;
	if (!debug_number(fdt, node, "sbipmu,debug-fault-hart",
			  &debug_fault_hart))
		debug_fault_hart = boot_hart;
	debug_number(fdt, node, "sbipmu,debug-late-hart", &debug_late_hart);
	if (debug_fault != DEBUG_FAULT_NONE || debug_late_hart != ~0u)
		fw_printf("debug: hooks armed: fault %d on hart %d, late hart "
			  "%d\n",
			  (int)debug_fault, (int)debug_fault_hart,
			  (int)debug_late_hart);
}

/*
 * One frame of 256 bytes per call, both ends written, and work after
 * the call so it is no tail call: 2 * FW_BOOT_STACK_SIZE deep is far
 * past any stack (the boot hart's is the largest).
 */
static unsigned long __attribute__((noinline)) debug_recurse(unsigned long n)
{
	volatile unsigned char pad[256];

	pad[0] = (unsigned char)n;
	pad[sizeof(pad) - 1] = (unsigned char)n;
	if (n == 0)
		return pad[0];
	return debug_recurse(n - 1) + pad[sizeof(pad) - 1];
}

void fw_debug_fault(unsigned int hartid)
{
	unsigned long depth = 2 * FW_BOOT_STACK_SIZE / 256;

	if (debug_fault == DEBUG_FAULT_NONE || hartid != debug_fault_hart)
		return;
	fw_printf("debug: hart %u: fault \"%s\" now\n", hartid,
		  debug_fault == DEBUG_FAULT_ACCESS    ? "access"
		  : debug_fault == DEBUG_FAULT_ILLEGAL ? "illegal"
						       : "overrun");
	switch (debug_fault) {
	case DEBUG_FAULT_ACCESS:
		(void)*(volatile unsigned long *)0;
		break;
	case DEBUG_FAULT_ILLEGAL:
		__asm__ volatile("unimp");
		break;
	default:
		debug_recurse(depth);
		break;
	}
	fw_printf("debug: hart %u: the fault was NOT caught (%lu bytes of "
		  "stack used)\n",
		  hartid, depth * 256);
	fw_dev_reset(SBI_SRST_TYPE_SHUTDOWN, true);
}

bool fw_debug_late(unsigned int hartid)
{
	return hartid == debug_late_hart;
}

/* Half a second. */
void fw_debug_late_delay(void)
{
	fw_dev_udelay(500000);
}
#else
/* ISO C forbids an empty translation unit. */
typedef int fw_debug_release_build;
#endif
