/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Device discovery (see dev.h): the binding's decoders read the tree
 * with the drivers the linker gathered, this file hands each decoded
 * node to its driver and keeps what the machine needs: the console's
 * ops, the reset actions, each hart's doorbell and timer (ops and
 * registers in its fw_hart), mtime and the timebase. It names no
 * driver: a role is reached through the ops a driver registered.
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

/* The registered console drivers (linker.ld gathers them), as decoded. */
static struct dev_fdt_console_drivers dev_console_drivers(void)
{
	return (struct dev_fdt_console_drivers){
		&_fw_console_drivers_start->fdt,
		sizeof(struct fw_console_driver),
		(unsigned int)(_fw_console_drivers_end -
			       _fw_console_drivers_start)};
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

/* ---- reset ---- */

/* The registered reset drivers and their controllers, as decoded. */
static struct dev_fdt_reset_drivers dev_reset_drivers(void)
{
	return (struct dev_fdt_reset_drivers){
		{_fw_reset_drivers_start, sizeof(struct fw_reset_driver),
		 (unsigned int)(_fw_reset_drivers_end -
				_fw_reset_drivers_start)},
		{_fw_gpio_drivers_start, sizeof(struct fw_gpio_driver),
		 (unsigned int)(_fw_gpio_drivers_end - _fw_gpio_drivers_start)},
		{_fw_i2c_drivers_start, sizeof(struct fw_i2c_driver),
		 (unsigned int)(_fw_i2c_drivers_end - _fw_i2c_drivers_start)},
	};
}

/* Ours, from the decoder's half an action names (its first member). */
static const struct fw_reset_driver *
dev_reset_driver(const struct dev_fdt_reset *r)
{
	const char *fdt_half = (const char *)r->driver;
	const void *whole = fdt_half - offsetof(struct fw_reset_driver, fdt);

	return whole;
}

static void dev_probe_resets(const void *fdt)
{
	const struct dev_fdt_reset_drivers drivers = dev_reset_drivers();
	unsigned int i;

	dev_fdt_resets(fdt, &drivers, &dev_resets);
	fw_dev.refused += dev_resets.refused;
	for (i = 0; i < dev_resets.n; i++)
		fw_dev.reset_types |= dev_resets.r[i].srst;
	if (dev_resets.n)
		fw_dev.reset_name =
			dev_reset_driver(&dev_resets.r[0])->ops->name;
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

/* ---- timers and doorbells ---- */

/* The registered timer drivers, as the decoder takes them. */
static struct dev_fdt_timer_drivers dev_timer_drivers(void)
{
	return (struct dev_fdt_timer_drivers){
		&_fw_timer_drivers_start->fdt, sizeof(struct fw_timer_driver),
		(unsigned int)(_fw_timer_drivers_end -
			       _fw_timer_drivers_start)};
}

/* Ours, from the decoder's half of it (its first member). */
static const struct fw_timer_driver *
dev_timer_driver(const struct dev_fdt_timer_dev *d)
{
	const char *fdt_half = (const char *)d->driver;
	const void *whole = fdt_half - offsetof(struct fw_timer_driver, fdt);

	return whole;
}

/* The first mtime register in tree order is the clock. */
static void dev_timer_found(void *ctx, const struct dev_fdt_timer_dev *d)
{
	(void)ctx;
	if (d->mtime && d->mtime <= UINTPTR_MAX && !fw_dev_time_is_mmio())
		fw_dev_clock_set_mtime((uintptr_t)d->mtime);
}

/* @h takes doorbell context @c unless it has one (the first wins). */
static bool dev_take_ipi(struct fw_hart *h, const struct fw_timer_driver *drv,
			 const struct dev_fdt_timer_dev *d,
			 const struct dev_fdt_hart_ctx *c)
{
	if (!drv->ipi || h->ipi || !drv->ipi->hart_setup(h, d, c))
		return false;
	h->ipi = drv->ipi;
	return true;
}

static bool dev_take_timer(struct fw_hart *h, const struct fw_timer_driver *drv,
			   const struct dev_fdt_timer_dev *d,
			   const struct dev_fdt_hart_ctx *c)
{
	if (!drv->timer || h->timer || !drv->timer->hart_setup(h, d, c))
		return false;
	h->timer = drv->timer;
	return true;
}

/*
 * One context: to its hart if the table lists it. A device counts as
 * used once a hart took a context of it (the walk reports a node's
 * contexts together, so the last node counted is the current one).
 */
static void dev_timer_hart(void *ctx, const struct dev_fdt_timer_dev *d,
			   const struct dev_fdt_hart_ctx *c)
{
	const struct fw_timer_driver *drv = dev_timer_driver(d);
	int *last_used = ctx;
	struct fw_hart *h;
	bool took;

	if (c->hart > ULONG_MAX)
		return;
	h = fw_hart_find((unsigned long)c->hart);
	if (!h)
		return;
	took = c->role == DEV_FDT_ROLE_IPI ? dev_take_ipi(h, drv, d, c)
					   : dev_take_timer(h, drv, d, c);
	if (took && *last_used != d->node) {
		*last_used = d->node;
		fw_dev.timer_devs++;
	}
}

void fw_dev_probe_harts(const void *fdt)
{
	struct dev_fdt_timer_drivers drivers = dev_timer_drivers();
	int last_used = -1;
	const struct dev_fdt_timer_sink sink = {dev_timer_found, dev_timer_hart,
						&last_used};
	struct dev_fdt_timer_summary sum;
	unsigned int i;

	dev_fdt_timers(fdt, &drivers, &sink, &sum);
	fw_dev.refused += sum.refused;
	fw_dev.timer_refused = sum.refused;
	fw_dev.timer_refused_by = sum.first_refused.role;
	fw_dev.timer_why = sum.first_refused.problem;
	for (i = 0; i < fw_hart_count(); i++)
		fw_dev.harts_without_ipi += !fw_hart_at(i)->ipi;
}

void fw_dev_hart_init(struct fw_hart *h)
{
	const struct fw_ipi_ops *ipi = h->ipi;

	if (!ipi || !ipi->hart_init || ipi->hart_init(h))
		return;
	/* The tree named a doorbell the hart cannot take: none. */
	__atomic_store_n(&h->ipi, NULL, __ATOMIC_RELAXED);
	__atomic_fetch_add(&fw_dev.harts_without_ipi, 1, __ATOMIC_RELAXED);
}

unsigned int fw_dev_ipi_irq(const struct fw_hart *h)
{
	const struct fw_ipi_ops *ipi = h->ipi;

	return ipi ? ipi->irq : IRQ_M_SOFT;
}

void fw_dev_ipi_send(const struct fw_hart *h)
{
	const struct fw_ipi_ops *ipi =
		__atomic_load_n(&h->ipi, __ATOMIC_RELAXED);

	if (ipi)
		ipi->send(h);
}

void fw_dev_ipi_clear(const struct fw_hart *h)
{
	const struct fw_ipi_ops *ipi = h->ipi;

	if (ipi)
		ipi->clear(h);
}

void fw_dev_timecmp_set(const struct fw_hart *h, uint64_t value)
{
	const struct fw_timer_ops *t = h->timer;

	if (t)
		t->set(h, value);
}

static unsigned int dev_ipi_harts(const struct fw_ipi_ops *ops)
{
	unsigned int i, n = 0;

	for (i = 0; i < fw_hart_count(); i++)
		n += __atomic_load_n(&fw_hart_at(i)->ipi, __ATOMIC_RELAXED) ==
		     ops;
	return n;
}

/* Each registered doorbell's ops once (several drivers share MSIP's). */
void fw_dev_ipi_each(void (*fn)(void *ctx, const struct fw_ipi_ops *ops,
				unsigned int harts),
		     void *ctx)
{
	const struct fw_timer_driver *d, *e;

	for (d = _fw_timer_drivers_start; d < _fw_timer_drivers_end; d++) {
		unsigned int harts = d->ipi ? dev_ipi_harts(d->ipi) : 0;

		for (e = _fw_timer_drivers_start; e < d && harts; e++)
			if (e->ipi == d->ipi)
				harts = 0; /* told already */
		if (harts)
			fn(ctx, d->ipi, harts);
	}
}

bool fw_dev_reset_can(unsigned int type)
{
	return type < 32 && (fw_dev.reset_types & (1U << type));
}

/*
 * The first action in tree order that does @type (among those whose
 * ops can tell a failure, if @telling) and can be made: an I2C PMIC
 * that does not answer gives way to the next, e.g. JH7110's
 * gpio-restart.
 */
static bool dev_reset_first(unsigned int type, bool failure, bool telling)
{
	unsigned int i;

	for (i = 0; i < dev_resets.n; i++) {
		const struct dev_fdt_reset *r = &dev_resets.r[i];
		const struct fw_reset_ops *ops = dev_reset_driver(r)->ops;

		if ((r->srst & (1U << type)) &&
		    (!telling || ops->tells_failure) &&
		    ops->reset(r, type, failure))
			return true;
	}
	return false;
}

/*
 * A "system failure" shutdown goes first to a device that can say so
 * (the finisher's failure code, HTIF's status: QEMU then exits with
 * status 1), even if the tree lists a plain power-off before it (QEMU
 * virt's syscon-poweroff writes the finisher's "pass").
 */
bool fw_dev_reset(unsigned int type, bool failure)
{
	if (!fw_dev_reset_can(type))
		return false;
	if (failure && dev_reset_first(type, failure, true))
		return true;
	return dev_reset_first(type, failure, false);
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

/* The reset driver that lists @compat, or NULL. */
static const struct fw_reset_driver *dev_reset_driver_for(const char *compat)
{
	const struct fw_reset_driver *d;
	const char *const *c;

	for (d = _fw_reset_drivers_start; d < _fw_reset_drivers_end; d++)
		for (c = d->fdt.compatible; *c; c++)
			if (!strcmp(*c, compat))
				return d;
	return NULL;
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
	const struct fw_reset_driver *test =
		dev_reset_driver_for("sifive,test0");
	uint32_t word;

	/* 32-bit probes: the test device refuses wider accesses. */
	if (!fw_dev.console && fw_catch_read_u32(DEV_VIRT_UART, &word))
		fw_dev.console = dev_console_driver(&uart);
	if (fw_dev.console)
		fw_console_attach(fw_dev.console);
	if (!fw_dev.reset_types && test &&
	    fw_catch_read_u32(DEV_VIRT_TEST, &word)) {
		dev_resets.n = 1;
		dev_resets.r[0] = (struct dev_fdt_reset){
			.driver = &test->fdt,
			.action = DEV_FDT_RESET_WRITE32,
			.srst = DEV_FDT_SRST_SHUTDOWN,
			.addr = DEV_VIRT_TEST,
			.value = DEV_FDT_TEST_PASS,
			.mask = 0xFFFFFFFFU,
		};
		fw_dev.reset_types = DEV_FDT_SRST_SHUTDOWN;
	}
}
