/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The timer and doorbell drivers the firmware registers (firmware/dev/
 * aclint.c, plicsw.c, plmt.c, imsic.c: FW_TIMER_DRIVER()), as the host
 * tests and the device-tree fuzzer give them to the walk, and what a
 * caller keeps of the walk, as the firmware keeps it: each hart's first
 * doorbell and first mtimecmp. tests/unit/test_dev_drivers.c checks
 * that this table is the firmware's, driver for driver.
 */
#ifndef TEST_TIMER_DRIVERS_H
#define TEST_TIMER_DRIVERS_H

#include <stdint.h>

#include "sbipmu/dev_fdt.h"

static const char *const test_clint_compat[] = {"riscv,clint0", "sifive,clint0",
						NULL};
static const char *const test_mswi_compat[] = {"riscv,aclint-mswi", NULL};
static const char *const test_mtimer_compat[] = {"riscv,aclint-mtimer", NULL};
static const char *const test_thead_clint_compat[] = {"thead,c900-clint", NULL};
static const char *const test_thead_mswi_compat[] = {"thead,c900-aclint-mswi",
						     NULL};
static const char *const test_thead_mtimer_compat[] = {
	"thead,c900-aclint-mtimer", NULL};
static const char *const test_plicsw_compat[] = {"andestech,plicsw", NULL};
static const char *const test_plmt_compat[] = {"andestech,plmt0", NULL};
static const char *const test_imsic_compat[] = {"riscv,imsics", NULL};

static const struct dev_fdt_timer_driver test_timer_driver_list[] = {
	{test_clint_compat, "clint", dev_fdt_timer_clint, 0, false},
	{test_mswi_compat, "aclint-mswi", dev_fdt_timer_mswi, 0, false},
	{test_mtimer_compat, "aclint-mtimer", dev_fdt_timer_mtimer, 0, false},
	{test_thead_clint_compat, "clint", dev_fdt_timer_clint,
	 DEV_FDT_TIMER_NO_MTIME, false},
	{test_thead_mswi_compat, "aclint-mswi", dev_fdt_timer_mswi,
	 DEV_FDT_TIMER_NO_MTIME, false},
	{test_thead_mtimer_compat, "aclint-mtimer", dev_fdt_timer_mtimer,
	 DEV_FDT_TIMER_NO_MTIME, false},
	{test_plicsw_compat, "plicsw", dev_fdt_timer_plicsw, 0, false},
	{test_plmt_compat, "plmt", dev_fdt_timer_plmt, 0, false},
	{test_imsic_compat, "imsic", dev_fdt_timer_imsic, 0, true},
};

static const struct dev_fdt_timer_drivers test_timer_drivers = {
	test_timer_driver_list, sizeof(test_timer_driver_list[0]),
	sizeof(test_timer_driver_list) / sizeof(test_timer_driver_list[0])};

/* ---- what a caller keeps: devices, and each hart's first contexts ---- */

#define TEST_NO_DEV	     0xFFFFu
#define TEST_TIMER_MAX_DEVS  8
#define TEST_TIMER_MAX_HARTS 512

/* Hart @id's doorbell and mtimecmp: device index, context, register. */
struct test_hart_timer {
	uint16_t msip_dev, msip_ctx, mtimecmp_dev, mtimecmp_ctx;
	uint64_t msip_addr, mtimecmp_addr;
};

struct test_timers {
	unsigned int max_devs, max_harts; /* what this caller keeps */
	unsigned int n_devs;		  /* devices kept in devs */
	struct dev_fdt_timer_dev devs[TEST_TIMER_MAX_DEVS];
	struct test_hart_timer harts[TEST_TIMER_MAX_HARTS]; /* by hart id */
	unsigned int devs_over;	 /* devices reported beyond max_devs */
	unsigned int harts_over; /* contexts for hart ids >= max_harts */
	unsigned int duplicates; /* a hart's second doorbell or mtimecmp */
	bool skipping;		 /* the current device was not kept */
	struct dev_fdt_timer_summary sum;
};

static inline void test_timers_dev(void *ctx, const struct dev_fdt_timer_dev *d)
{
	struct test_timers *t = ctx;

	t->skipping = t->n_devs == t->max_devs;
	if (t->skipping)
		t->devs_over++;
	else
		t->devs[t->n_devs++] = *d;
}

static inline void test_timers_hart(void *ctx,
				    const struct dev_fdt_timer_dev *d,
				    const struct dev_fdt_hart_ctx *c)
{
	struct test_timers *t = ctx;
	struct test_hart_timer *h;
	bool ipi = c->role == DEV_FDT_ROLE_IPI;
	uint16_t *dev;

	(void)d;
	if (t->skipping)
		return;
	if (c->hart >= t->max_harts) {
		t->harts_over++;
		return;
	}
	h = &t->harts[c->hart];
	dev = ipi ? &h->msip_dev : &h->mtimecmp_dev;
	if (*dev != TEST_NO_DEV) {
		t->duplicates++;
		return;
	}
	*dev = (uint16_t)(t->n_devs - 1);
	*(ipi ? &h->msip_ctx : &h->mtimecmp_ctx) = (uint16_t)c->k;
	*(ipi ? &h->msip_addr : &h->mtimecmp_addr) = c->addr;
}

/* The walk with @drv, keeping @max_devs devices and hart ids below
 * @max_harts (at most the TEST_TIMER_MAX_* above). */
static inline void test_timers_scan(const void *fdt,
				    const struct dev_fdt_timer_drivers *drv,
				    unsigned int max_devs,
				    unsigned int max_harts,
				    struct test_timers *t)
{
	const struct dev_fdt_timer_sink sink = {test_timers_dev,
						test_timers_hart, t};

	*t = (struct test_timers){.max_devs = max_devs, .max_harts = max_harts};
	for (unsigned int h = 0; h < TEST_TIMER_MAX_HARTS; h++)
		t->harts[h] = (struct test_hart_timer){
			TEST_NO_DEV, 0, TEST_NO_DEV, 0, 0, 0};
	dev_fdt_timers(fdt, drv, &sink, &t->sum);
}

#endif
