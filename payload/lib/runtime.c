/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Boot-hart start-up after entry.S, and shutdown. Shutdown tries SRST
 * first (the standard way), then the legacy shutdown call, then QEMU
 * virt's sifive_test device directly, so that a payload always ends the
 * emulator instead of leaving it to a timeout.
 */
#include "runtime.h"

#include <stdint.h>

#include "console.h"
#include "printf.h"
#include "sbi.h"

#define SIFIVE_TEST_BASE 0x100000UL
#define SIFIVE_TEST_PASS 0x5555U

/* One stack per hart id, found by entry.S; in .bss, cleared at boot. */
uint8_t payload_stacks[PAYLOAD_MAX_HARTS][PAYLOAD_STACK_SIZE]
	__attribute__((aligned(16)));

static const void *runtime_dtb;
static unsigned long runtime_boot_hart;

void runtime_boot(unsigned long hartid, const void *dtb);

const void *payload_dtb(void)
{
	return runtime_dtb;
}

unsigned long payload_boot_hart(void)
{
	return runtime_boot_hart;
}

void runtime_boot(unsigned long hartid, const void *dtb)
{
	runtime_boot_hart = hartid;
	runtime_dtb = dtb;
	console_init();
	payload_main(hartid, dtb);
	payload_shutdown();
}

void payload_shutdown(void)
{
	if (sbi_probe(SBI_EXT_SRST))
		sbi_system_shutdown();
	if (sbi_probe(SBI_EXT_LEGACY_SHUTDOWN))
		sbi_ecall(SBI_EXT_LEGACY_SHUTDOWN, 0, 0, 0, 0, 0, 0, 0);
	*(volatile uint32_t *)SIFIVE_TEST_BASE = SIFIVE_TEST_PASS;
	for (;;)
		__asm__ volatile("wfi");
}
