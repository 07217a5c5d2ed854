/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * CLINT and ACLINT, SiFive's and the ACLINT spec's and T-Head's forms
 * (C906/C910, C920: D1, TH1520, CV1800B, SG2042): a hart's doorbell is
 * its MSIP word (1 rings, 0 clears) and its timer its mtimecmp, each at
 * the address the decode found for the hart's context. A CLINT plays
 * both roles, an MSWI the doorbell alone, an MTIMER the timer alone.
 * T-Head's have no mtime register (their harts read the time CSR) and
 * take 32-bit accesses only, which are all these ops make. The mtime
 * register itself is read by clock.c.
 */
#include <sbipmu/dev_fdt.h>

#include "cpu/csr.h"
#include "dev/dev.h"
#include "rt/hart.h"

static bool aclint_msip_setup(struct fw_hart *h,
			      const struct dev_fdt_timer_dev *d,
			      const struct dev_fdt_hart_ctx *c)
{
	(void)d;
	if (c->addr > UINTPTR_MAX)
		return false;
	h->ipi_reg = (uintptr_t)c->addr;
	return true;
}

static void aclint_msip_send(const struct fw_hart *h)
{
	*(volatile uint32_t *)h->ipi_reg = 1;
}

static void aclint_msip_clear(const struct fw_hart *h)
{
	*(volatile uint32_t *)h->ipi_reg = 0;
}

static const struct fw_ipi_ops aclint_msip = {
	.name = "msip",
	.irq = IRQ_M_SOFT,
	.hart_setup = aclint_msip_setup,
	.send = aclint_msip_send,
	.clear = aclint_msip_clear,
};

static bool aclint_mtimecmp_setup(struct fw_hart *h,
				  const struct dev_fdt_timer_dev *d,
				  const struct dev_fdt_hart_ctx *c)
{
	(void)d;
	if (c->addr > UINTPTR_MAX)
		return false;
	h->timer_reg = (uintptr_t)c->addr;
	return true;
}

static void aclint_mtimecmp_set(const struct fw_hart *h, uint64_t value)
{
	fw_dev_mtimecmp_write(h->timer_reg, value);
}

const struct fw_timer_ops fw_dev_mtimecmp_ops = {
	.hart_setup = aclint_mtimecmp_setup,
	.set = aclint_mtimecmp_set,
};

static const char *const clint_compatible[] = {"riscv,clint0", "sifive,clint0",
					       NULL};
static const char *const mswi_compatible[] = {"riscv,aclint-mswi", NULL};
static const char *const mtimer_compatible[] = {"riscv,aclint-mtimer", NULL};
static const char *const thead_clint_compatible[] = {"thead,c900-clint", NULL};
static const char *const thead_mswi_compatible[] = {"thead,c900-aclint-mswi",
						    NULL};
static const char *const thead_mtimer_compatible[] = {
	"thead,c900-aclint-mtimer", NULL};

FW_TIMER_DRIVER(fw_timer_clint) = {
	.fdt = {.compatible = clint_compatible,
		.name = "clint",
		.decode = dev_fdt_timer_clint},
	.ipi = &aclint_msip,
	.timer = &fw_dev_mtimecmp_ops,
};

FW_TIMER_DRIVER(fw_timer_aclint_mswi) = {
	.fdt = {.compatible = mswi_compatible,
		.name = "aclint-mswi",
		.decode = dev_fdt_timer_mswi},
	.ipi = &aclint_msip,
};

FW_TIMER_DRIVER(fw_timer_aclint_mtimer) = {
	.fdt = {.compatible = mtimer_compatible,
		.name = "aclint-mtimer",
		.decode = dev_fdt_timer_mtimer},
	.timer = &fw_dev_mtimecmp_ops,
};

FW_TIMER_DRIVER(fw_timer_thead_clint) = {
	.fdt = {.compatible = thead_clint_compatible,
		.name = "clint",
		.decode = dev_fdt_timer_clint,
		.flags = DEV_FDT_TIMER_NO_MTIME},
	.ipi = &aclint_msip,
	.timer = &fw_dev_mtimecmp_ops,
};

FW_TIMER_DRIVER(fw_timer_thead_mswi) = {
	.fdt = {.compatible = thead_mswi_compatible,
		.name = "aclint-mswi",
		.decode = dev_fdt_timer_mswi,
		.flags = DEV_FDT_TIMER_NO_MTIME},
	.ipi = &aclint_msip,
};

FW_TIMER_DRIVER(fw_timer_thead_mtimer) = {
	.fdt = {.compatible = thead_mtimer_compatible,
		.name = "aclint-mtimer",
		.decode = dev_fdt_timer_mtimer,
		.flags = DEV_FDT_TIMER_NO_MTIME},
	.timer = &fw_dev_mtimecmp_ops,
};
