/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Boot-hart start-up after entry.S, and shutdown. Shutdown tries SRST
 * first (the standard way), then the legacy shutdown call, then the
 * sifive_test device (QEMU virt's) directly if the device tree has one,
 * so that a payload ends the emulator instead of leaving it to a
 * timeout wherever that is possible.
 */
#include "runtime.h"

#include <stdint.h>

#include "console.h"
#include "dt.h"
#include "printf.h"
#include "sbi.h"

#define SIFIVE_TEST_PASS 0x5555U

/* One stack per slot (slot.h), found by entry.S; in .bss, cleared at boot. */
uint8_t payload_stacks[PAYLOAD_SLOTS][PAYLOAD_STACK_SIZE]
	__attribute__((aligned(16)));

static const void *runtime_dtb;
static unsigned long runtime_boot_hart;
/* The sifive_test device's address from the tree, 0 if it has none. */
static uintptr_t runtime_test_base;

void runtime_boot(unsigned long hartid, const void *dtb);

const void *payload_dtb(void)
{
	return runtime_dtb;
}

unsigned long payload_boot_hart(void)
{
	return runtime_boot_hart;
}

/*
 * Looked up at boot, so that shutdown, also reached after a failure,
 * does not depend on the tree still being intact.
 */
static void runtime_find_test_device(const void *dtb)
{
	uint64_t base;

	if (dt_compatible_base(dtb, "sifive,test1", &base) ||
	    dt_compatible_base(dtb, "sifive,test0", &base))
		runtime_test_base = (uintptr_t)base;
}

void runtime_boot(unsigned long hartid, const void *dtb)
{
	runtime_boot_hart = hartid;
	runtime_dtb = dtb;
	console_init(dtb);
	runtime_find_test_device(dtb);
	payload_main(hartid, dtb);
	payload_shutdown();
}

void payload_shutdown(void)
{
	if (sbi_probe(SBI_EXT_SRST)) {
		sbi_system_shutdown();
		/*
		 * No power-off device (sifive_u: gpio-restart only): a reboot,
		 * which QEMU run with -no-reboot turns into its exit.
		 */
		sbi_ecall(SBI_EXT_SRST, SBI_EXT_SRST_SYSTEM_RESET,
			  SBI_SRST_RESET_TYPE_COLD_REBOOT,
			  SBI_SRST_RESET_REASON_NONE, 0, 0, 0, 0);
	}
	if (sbi_probe(SBI_EXT_LEGACY_SHUTDOWN))
		sbi_ecall(SBI_EXT_LEGACY_SHUTDOWN, 0, 0, 0, 0, 0, 0, 0);
	if (runtime_test_base)
		*(volatile uint32_t *)runtime_test_base = SIFIVE_TEST_PASS;
	for (;;)
		__asm__ volatile("wfi");
}
