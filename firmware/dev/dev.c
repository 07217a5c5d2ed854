/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Device discovery (see dev.h): the binding's decoders read the tree,
 * this file picks the driver for each role and keeps what the machine
 * needs: the console's ops, the reset actions, each hart's doorbell
 * (its MSIP, else its M-level IMSIC file) and mtimecmp, mtime and the
 * timebase.
 */
#include <limits.h>
#include <stddef.h>
#include <string.h>

#include <sbipmu/dev_fdt.h>
#include <sbipmu/dev_fdt_aia.h>
#include <sbipmu/sbi_ext_decode.h>

#include "cpu/csr.h"
#include "cpu/unpriv.h"
#include "dev/dev.h"
#include "rt/hart.h"

struct fw_devices fw_dev;

static struct dev_fdt_resets dev_resets;
static struct dev_fdt_timer_dev dev_timers[FW_DEV_MAX_TIMERS];
/* Boot-time scratch: each table hart's contexts (by fw_hart.index). */
static struct dev_fdt_hart_timer dev_hart_timers[FW_MAX_HARTS];

extern const struct fw_console_driver _fw_console_drivers_start[],
	_fw_console_drivers_end[];

/* Console drivers the decoder is given at most (linker.ld gathers them). */
#define DEV_MAX_CONSOLE_DRIVERS 16

/* The registered console drivers, as the decoder takes them. */
static struct dev_fdt_console_drivers dev_console_drivers(void)
{
	static const struct dev_fdt_console_driver
		*list[DEV_MAX_CONSOLE_DRIVERS];
	const struct fw_console_driver *d = _fw_console_drivers_start;
	unsigned int n = 0;

	for (; d < _fw_console_drivers_end && n < DEV_MAX_CONSOLE_DRIVERS; d++)
		list[n++] = &d->fdt;
	return (struct dev_fdt_console_drivers){list, n};
}

static const struct fw_console_ops *
dev_console_driver(const struct dev_fdt_console *c)
{
	if (c->driver < 0)
		return NULL;
	return _fw_console_drivers_start[c->driver].probe(c);
}

static void dev_probe_console(const void *fdt)
{
	struct dev_fdt_console_drivers drivers = dev_console_drivers();
	struct dev_fdt_console c;
	const struct fw_console_ops *ops;

	dev_fdt_console(fdt, &drivers, &c);
	fw_dev.console_from = c.from;
	fw_dev.console_why = c.why.problem ? c.why.problem : "";
	fw_dev.console_why_alias =
		c.why_alias.problem ? c.why_alias.problem : "";
	ops = dev_console_driver(&c);
	if (!ops) {
		if (c.type != DEV_FDT_CONSOLE_NONE)
			fw_dev.console_why = "its address is beyond ours";
		fw_dev.console_from = DEV_FDT_CONSOLE_FROM_NONE;
		return;
	}
	if (ops->init)
		ops->init();
	fw_dev.console_base = (uintptr_t)c.base;
	fw_dev.console = ops;
	fw_console_attach(ops);
}

static const char *const dev_reset_names[] = {
	[DEV_FDT_RESET_WRITE32] = "register write",
	[DEV_FDT_RESET_GPIO] = "gpio",
	[DEV_FDT_RESET_I2C] = "i2c",
};

static void dev_probe_resets(const void *fdt)
{
	unsigned int i;

	dev_fdt_resets(fdt, &dev_resets);
	fw_dev.refused += dev_resets.refused;
	for (i = 0; i < dev_resets.n; i++)
		fw_dev.reset_types |= dev_resets.r[i].srst;
	if (dev_resets.n)
		fw_dev.reset_name = dev_reset_names[dev_resets.r[0].action];
	if (fw_htif_present()) {
		fw_dev.reset_types |= DEV_FDT_SRST_SHUTDOWN;
		if (!dev_resets.n)
			fw_dev.reset_name = "htif";
	}
}

/*
 * AIA: every M-level APLIC root gives its sources to S-mode's domain.
 * Done before any hart reaches S-mode; the tree edit (fdt_setup.c)
 * hides the M-level nodes. static: 8 domains of 100 bytes, boot only.
 */
static void dev_probe_aia(const void *fdt)
{
	static struct dev_fdt_aia aia;
	unsigned int i;

	dev_fdt_aia_scan(fdt, &aia);
	for (i = 0; i < aia.n; i++) {
		fw_aplic_setup(&aia.d[i]);
		fw_dev.aplic_msi += aia.d[i].msi;
	}
	fw_dev.aplic_domains = aia.n;
	fw_dev.aplic_refused = aia.refused;
	fw_dev.aplic_why = aia.why;
}

void fw_dev_probe(const void *fdt)
{
	uint64_t hz;

	fw_dev.reset_name = "";
	dev_probe_console(fdt);
	dev_probe_resets(fdt);
	dev_probe_aia(fdt);
	if (!dev_fdt_timebase(fdt, &hz))
		fw_dev_clock_set_timebase((uint32_t)hz); /* at most 32 bits */
}

/* A hart's slot in dev_hart_timers: its index in the hart table, so a
 * hart id of any size gets its doorbell and timer. */
static int dev_hart_slot(void *ctx, uint64_t hartid)
{
	const struct fw_hart *h;

	(void)ctx;
	if (hartid > ULONG_MAX)
		return -1;
	h = fw_hart_find((unsigned long)hartid);
	return h ? (int)h->index : -1;
}

/* The hart's MSIP and mtimecmp from the contexts the decoder found. */
static void dev_hart_contexts(struct fw_hart *h)
{
	const struct dev_fdt_hart_timer *t;

	t = &dev_hart_timers[h->index];
	if (t->msip_dev < fw_dev.timer_devs &&
	    dev_timers[t->msip_dev].type == DEV_FDT_PLICSW)
		(void)fw_plicsw_hart_setup(h, dev_timers[t->msip_dev].msip,
					   t->msip_ctx);
	else if (t->msip_dev < fw_dev.timer_devs &&
		 dev_timers[t->msip_dev].msip <= UINTPTR_MAX)
		h->doorbell = (uintptr_t)dev_timers[t->msip_dev].msip +
			      (uintptr_t)t->msip_ctx * DEV_FDT_MSIP_STRIDE;
	if (t->mtimecmp_dev < fw_dev.timer_devs &&
	    dev_timers[t->mtimecmp_dev].mtimecmp <= UINTPTR_MAX)
		h->mtimecmp =
			(uintptr_t)dev_timers[t->mtimecmp_dev].mtimecmp +
			(uintptr_t)t->mtimecmp_ctx * DEV_FDT_MTIMECMP_STRIDE;
}

/*
 * IPIs through a hart's M-level IMSIC file where its MSIP is missing:
 * a hart of the table without a doorbell yet takes the file the tree
 * gives it (a file beyond our addresses is none).
 */
static void dev_imsic_put(void *ctx, uint64_t hartid, uint64_t file)
{
	struct fw_hart *h;

	(void)ctx;
	if (hartid > ULONG_MAX || file > UINTPTR_MAX)
		return;
	h = fw_hart_find((unsigned long)hartid);
	if (!h || h->doorbell)
		return;
	h->doorbell = (uintptr_t)file;
	h->doorbell_imsic = true;
}

static void dev_probe_imsic(const void *fdt)
{
	struct dev_fdt_imsic_summary sum;

	dev_fdt_imsic_m_files(fdt, dev_imsic_put, NULL, &sum);
	fw_dev.imsic_refused = sum.refused;
	fw_dev.imsic_why = sum.why;
}

void fw_dev_probe_harts(const void *fdt)
{
	struct dev_fdt_timer_summary sum;
	unsigned int i;

	dev_fdt_timers_mapped(fdt, dev_timers, FW_DEV_MAX_TIMERS,
			      dev_hart_timers, FW_MAX_HARTS, dev_hart_slot,
			      NULL, &sum);
	fw_dev.timer_devs = sum.n_devs;
	fw_dev.refused += sum.refused;
	for (i = 0; i < sum.n_devs && !fw_dev_time_is_mmio(); i++)
		if (dev_timers[i].mtime && dev_timers[i].mtime <= UINTPTR_MAX)
			fw_dev_clock_set_mtime((uintptr_t)dev_timers[i].mtime);
	for (i = 0; i < fw_hart_count(); i++)
		dev_hart_contexts(fw_hart_at(i));
	dev_probe_imsic(fdt);
	for (i = 0; i < fw_hart_count(); i++) {
		const struct fw_hart *h = fw_hart_at(i);

		fw_dev.harts_without_ipi += !h->doorbell;
		fw_dev.ipi_imsic += h->doorbell_imsic;
		fw_dev.ipi_msip += h->doorbell && !h->doorbell_imsic;
	}
}

void fw_dev_hart_init(struct fw_hart *h)
{
	if (!h->doorbell_imsic || fw_imsic_hart_init())
		return;
	/* The tree named a file the hart cannot take: no doorbell. */
	__atomic_store_n(&h->doorbell, 0, __ATOMIC_RELAXED);
	__atomic_fetch_add(&fw_dev.harts_without_ipi, 1, __ATOMIC_RELAXED);
	__atomic_fetch_sub(&fw_dev.ipi_imsic, 1, __ATOMIC_RELAXED);
}

unsigned int fw_dev_ipi_irq(const struct fw_hart *h)
{
	return h->doorbell_imsic ? IRQ_M_EXT : IRQ_M_SOFT;
}

void fw_dev_ipi_send(const struct fw_hart *h)
{
	uintptr_t doorbell = __atomic_load_n(&h->doorbell, __ATOMIC_RELAXED);

	if (!doorbell)
		return;
	if (h->doorbell_imsic)
		fw_imsic_send(doorbell);
	else if (h->doorbell_claim)
		fw_plicsw_send(doorbell, h->doorbell_bit);
	else
		fw_aclint_msip_write(doorbell, 1);
}

void fw_dev_ipi_clear(const struct fw_hart *h)
{
	if (!h->doorbell)
		return;
	if (h->doorbell_imsic)
		fw_imsic_clear();
	else if (h->doorbell_claim)
		fw_plicsw_clear(h->doorbell_claim);
	else
		fw_aclint_msip_write(h->doorbell, 0);
}

bool fw_dev_reset_can(unsigned int type)
{
	return type < 32 && (fw_dev.reset_types & (1U << type));
}

/*
 * The first action that does @type and can be made (an I2C PMIC that
 * does not answer gives way to the next, e.g. JH7110's gpio-restart).
 * A "system failure" shutdown on sifive,test carries the failure code
 * (QEMU then exits with status 1).
 */
bool fw_dev_reset(unsigned int type, bool failure)
{
	unsigned int i;

	if (!fw_dev_reset_can(type))
		return false;
	for (i = 0; i < dev_resets.n; i++) {
		struct dev_fdt_reset r = dev_resets.r[i];

		if (!(r.srst & (1U << type)))
			continue;
		if (failure && type == SBI_SRST_TYPE_SHUTDOWN &&
		    r.action == DEV_FDT_RESET_WRITE32 &&
		    r.value == DEV_FDT_TEST_PASS)
			r.value = DEV_FDT_TEST_FAIL_CODE(1);
		if (fw_reset_do(&r))
			return true;
	}
	return type == SBI_SRST_TYPE_SHUTDOWN && fw_htif_poweroff(failure);
}

/* The index of the console driver that lists @compat, or -1. */
static int dev_console_driver_for(const char *compat)
{
	const struct fw_console_driver *d;
	const char *const *c;

	for (d = _fw_console_drivers_start; d < _fw_console_drivers_end; d++)
		for (c = d->fdt.compatible; *c; c++)
			if (!strcmp(*c, compat))
				return (int)(d - _fw_console_drivers_start);
	return -1;
}

/* QEMU virt's UART and test device: only for a tree we refused. */
#define DEV_VIRT_UART 0x10000000UL
#define DEV_VIRT_TEST 0x100000UL

void fw_dev_fallback_virt(void)
{
	struct dev_fdt_console uart = {
		.type = DEV_FDT_CONSOLE_UART8250,
		.base = DEV_VIRT_UART,
		.reg_io_width = 1,
		.driver = dev_console_driver_for("ns16550a"),
	};
	uint32_t word;

	/* 32-bit probes: the test device refuses wider accesses. */
	if (!fw_dev.console && fw_catch_read_u32(DEV_VIRT_UART, &word))
		fw_dev.console = dev_console_driver(&uart);
	if (fw_dev.console)
		fw_console_attach(fw_dev.console);
	if (!fw_dev.reset_types && fw_catch_read_u32(DEV_VIRT_TEST, &word)) {
		dev_resets.n = 1;
		dev_resets.r[0] = (struct dev_fdt_reset){
			.action = DEV_FDT_RESET_WRITE32,
			.srst = DEV_FDT_SRST_SHUTDOWN,
			.addr = DEV_VIRT_TEST,
			.value = DEV_FDT_TEST_PASS,
			.mask = 0xFFFFFFFFU,
		};
		fw_dev.reset_types = DEV_FDT_SRST_SHUTDOWN;
	}
}
