/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * SiFive's test device ("finisher": sifive,test0/1, QEMU's virt and
 * sifive_u), as a reset device: one 32-bit register, 0x5555 powers off,
 * 0x7777 resets (binding/dev_fdt_reset.c decodes both actions). A
 * shutdown for a "system failure" writes the failure code instead, so
 * that QEMU exits with status 1.
 */
#include <sbipmu/dev_fdt.h>
#include <sbipmu/sbi_ext_decode.h>

#include "dev/dev.h"

static bool sifive_test_reset(const struct dev_fdt_reset *r, unsigned int type,
			      bool failure)
{
	uint32_t value = r->value;

	if (r->addr > UINTPTR_MAX)
		return false;
	if (failure && type == SBI_SRST_TYPE_SHUTDOWN &&
	    value == DEV_FDT_TEST_PASS)
		value = DEV_FDT_TEST_FAIL_CODE(1);
	*(volatile uint32_t *)(uintptr_t)r->addr = value;
	return true;
}

static const struct fw_reset_ops sifive_test_ops = {
	.name = "register write",
	.tells_failure = true,
	.reset = sifive_test_reset,
};

static const char *const sifive_test_compatible[] = {"sifive,test0",
						     "sifive,test1", NULL};

FW_RESET_DRIVER(fw_reset_sifive_test) = {
	.fdt = {.compatible = sifive_test_compatible,
		.decode = dev_fdt_reset_test},
	.ops = &sifive_test_ops,
};
