/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The drivers the firmware registers, as registered: this program links
 * the driver files of firmware/dev/ themselves (built for the host, as
 * tools/board-report links them, their sections gathered by the same
 * linker script), so a driver added, dropped or changed there is seen
 * here without a list to edit. Each registered timer or doorbell
 * driver must decode, under each of its compatible strings, the node of
 * an example tree that its decode describes (QEMU's own trees, the node
 * given the driver's string), and every listed hart must then get its
 * doorbell and timer from that driver, for exactly the roles it has ops
 * for. A driver whose decode has no example here fails the test until
 * one is added. The same for the reset drivers (each string's example
 * node gives actions of that driver for the SRST types its binding
 * does), and for the GPIO and I2C controllers (a gpio-restart, a PMIC
 * reached through each string's controller). The tables the other
 * host tests and the fuzzer use (console_drivers.h, timer_drivers.h,
 * reset_drivers.h) must be the registered ones.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libfdt.h>

#include "dev/dev.h"
#include "sbipmu/dev_fdt.h"
#include "sbipmu/platform_fdt.h"

#include "console_drivers.h"
#include "reset_drivers.h"
#include "timer_drivers.h"

#define BLOB_MAX  (256 * 1024)
#define MAX_HARTS 8

static unsigned int timer_count(void)
{
	return (unsigned int)(_fw_timer_drivers_end - _fw_timer_drivers_start);
}

static unsigned int console_count(void)
{
	return (unsigned int)(_fw_console_drivers_end -
			      _fw_console_drivers_start);
}

/* The registered timer drivers, as the firmware hands them to the walk. */
static struct dev_fdt_timer_drivers registered_timers(void)
{
	return (struct dev_fdt_timer_drivers){&_fw_timer_drivers_start->fdt,
					      sizeof(struct fw_timer_driver),
					      timer_count()};
}

/* ---- example trees ---- */

/* A blob from tests/data, opened into a buffer with room to edit. */
static void *load(const char *name)
{
	const char *dir = getenv("SBIPMU_TEST_DATA_DIR");
	char path[512];
	char *fdt = malloc(BLOB_MAX), *raw = malloc(BLOB_MAX);
	struct platform_fdt_verdict v;
	size_t size;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir ? dir : TEST_DATA_DIR, name);
	f = fopen(path, "rb");
	if (!f)
		fail_msg("cannot open %s (run `make unit`)", path);
	assert_non_null(fdt);
	assert_non_null(raw);
	size = fread(raw, 1, BLOB_MAX, f);
	fclose(f);
	assert_true(size > 0 && size < BLOB_MAX);
	assert_int_equal(platform_fdt_check(raw, size, &v), 0);
	assert_int_equal(fdt_open_into(raw, fdt, BLOB_MAX), 0);
	free(raw);
	return fdt;
}

/*
 * Where each decode is shown at work: a QEMU tree whose nodes of
 * compatible @from are given the driver's string, and, for a layout
 * QEMU has no device of, a reg of one entry (@reg_size bytes at the
 * first entry's base; 0: kept). @harts harts, each of which must then
 * have a doorbell context (@ipi) and a timer context (@timer) of it.
 */
struct example {
	dev_fdt_timer_decode_fn decode;
	unsigned int flags;
	const char *tree;
	const char *from;
	uint64_t reg_size;
	unsigned int harts;
	bool ipi, timer;
};

static const struct example examples[] = {
	{dev_fdt_timer_clint, 0, "qemu-virt-7.2-smp4.dtb", "riscv,clint0", 0, 4,
	 true, true},
	{dev_fdt_timer_clint, DEV_FDT_TIMER_NO_MTIME, "qemu-virt-7.2-smp4.dtb",
	 "riscv,clint0", 0, 4, true, true},
	{dev_fdt_timer_mswi, 0, "qemu-virt-7.2-aclint-numa2.dtb",
	 "riscv,aclint-mswi", 0, 8, true, false},
	{dev_fdt_timer_mswi, DEV_FDT_TIMER_NO_MTIME,
	 "qemu-virt-7.2-aclint-numa2.dtb", "riscv,aclint-mswi", 0, 8, true,
	 false},
	{dev_fdt_timer_mtimer, 0, "qemu-virt-7.2-aclint-numa2.dtb",
	 "riscv,aclint-mtimer", 0, 8, false, true},
	/* T-Head's: the one reg entry is the mtimecmp array */
	{dev_fdt_timer_mtimer, DEV_FDT_TIMER_NO_MTIME,
	 "qemu-virt-7.2-aclint-numa2.dtb", "riscv,aclint-mtimer", 0x7ff8, 8,
	 false, true},
	/* a PLIC's context pages from +0x200000: 4 MiB holds 512 */
	{dev_fdt_timer_plicsw, 0, "qemu-virt-7.2-smp4.dtb", "riscv,clint0",
	 0x400000, 4, true, false},
	{dev_fdt_timer_plmt, 0, "qemu-virt-7.2-smp4.dtb", "riscv,clint0", 0, 4,
	 false, true},
	/* QEMU 10 with aclint=on and AIA: no MSWI, the IMSIC rings */
	{dev_fdt_timer_imsic, 0, "qemu-virt-10-aplic-imsic-aclint-smp4.dtb",
	 "riscv,imsics", 0, 4, true, false},
};

static const struct example *example_for(const struct dev_fdt_timer_driver *d)
{
	for (size_t i = 0; i < sizeof(examples) / sizeof(examples[0]); i++)
		if (examples[i].decode == d->decode &&
		    examples[i].flags == d->flags)
			return &examples[i];
	return NULL;
}

/* One reg entry <base size>, the node's first base kept (2/2 cells). */
static void set_reg(void *fdt, int node, uint64_t size)
{
	const fdt32_t *old = fdt_getprop(fdt, node, "reg", NULL);
	fdt32_t reg[4];

	assert_non_null(old);
	reg[0] = old[0];
	reg[1] = old[1];
	reg[2] = cpu_to_fdt32((uint32_t)(size >> 32));
	reg[3] = cpu_to_fdt32((uint32_t)size);
	assert_int_equal(fdt_setprop(fdt, node, "reg", reg, sizeof(reg)), 0);
}

/* @ex's tree, its @from nodes renamed to @compat. */
static void *example_tree(const struct example *ex, const char *compat)
{
	void *fdt = load(ex->tree);
	int node = -1, renamed = 0;

	/* an edit moves the nodes after this one, never this one */
	while ((node = fdt_node_offset_by_compatible(fdt, node, ex->from)) >=
	       0) {
		if (ex->reg_size)
			set_reg(fdt, node, ex->reg_size);
		assert_int_equal(
			fdt_setprop_string(fdt, node, "compatible", compat), 0);
		renamed++;
	}
	assert_true(renamed > 0);
	return fdt;
}

/* ---- what dev.c does with each context, by hart id ---- */

struct took {
	const struct fw_timer_driver *by[2][MAX_HARTS];
};

static const struct fw_timer_driver *ours(const struct dev_fdt_timer_dev *d)
{
	const char *fdt_half = (const char *)d->driver;
	const void *whole = fdt_half - offsetof(struct fw_timer_driver, fdt);

	return whole;
}

/* A hart keeps the first context of each role whose driver has ops. */
static void took_hart(void *ctx, const struct dev_fdt_timer_dev *d,
		      const struct dev_fdt_hart_ctx *c)
{
	struct took *t = ctx;
	const struct fw_timer_driver *drv = ours(d);
	bool has = c->role == DEV_FDT_ROLE_IPI ? drv->ipi != NULL
					       : drv->timer != NULL;

	assert_true(c->hart < MAX_HARTS);
	if (has && !t->by[c->role][c->hart])
		t->by[c->role][c->hart] = drv;
}

/* Driver @drv under string @compat, on its example. */
static void check_driver_string(const struct fw_timer_driver *drv,
				const struct example *ex, const char *compat)
{
	void *fdt = example_tree(ex, compat);
	const struct dev_fdt_timer_drivers all = registered_timers();
	struct took t;
	const struct dev_fdt_timer_sink sink = {NULL, took_hart, &t};
	struct dev_fdt_timer_summary sum;

	memset(&t, 0, sizeof(t));
	dev_fdt_timers(fdt, &all, &sink, &sum);
	if (sum.refused)
		fail_msg("%s (%s): refused: %s", drv->fdt.name, compat,
			 sum.first_refused.problem);
	for (unsigned int h = 0; h < ex->harts; h++) {
		if ((t.by[DEV_FDT_ROLE_IPI][h] == drv) != ex->ipi ||
		    (t.by[DEV_FDT_ROLE_TIMER][h] == drv) != ex->timer)
			fail_msg("%s (%s): hart %u: doorbell %s, timer %s",
				 drv->fdt.name, compat, h,
				 t.by[0][h] ? t.by[0][h]->fdt.name : "none",
				 t.by[1][h] ? t.by[1][h]->fdt.name : "none");
	}
	free(fdt);
}

/* Every registered timer driver, under every string it lists. */
static void
test_timer_drivers__each_string_decodes_its_example_node(void **state)
{
	(void)state;
	assert_true(timer_count() > 0);
	for (unsigned int i = 0; i < timer_count(); i++) {
		const struct fw_timer_driver *drv = &_fw_timer_drivers_start[i];
		const struct example *ex = example_for(&drv->fdt);

		if (!ex)
			fail_msg("%s: no example tree for its decode: add one "
				 "to examples[]",
				 drv->fdt.name);
		assert_non_null(drv->fdt.compatible[0]);
		/* the ops match the roles its nodes give */
		assert_true(!drv->ipi == !ex->ipi);
		assert_true(!drv->timer == !ex->timer);
		for (const char *const *c = drv->fdt.compatible; *c; c++)
			check_driver_string(drv, ex, *c);
	}
}

/* Each role's ops are whole: what dev.c and the hot paths call. */
static void test_timer_drivers__ops_complete(void **state)
{
	(void)state;
	for (unsigned int i = 0; i < timer_count(); i++) {
		const struct fw_timer_driver *drv = &_fw_timer_drivers_start[i];

		assert_non_null(drv->fdt.name);
		assert_non_null(drv->fdt.decode);
		assert_true(drv->ipi || drv->timer);
		if (drv->ipi) {
			assert_non_null(drv->ipi->name);
			assert_non_null(drv->ipi->hart_setup);
			assert_non_null(drv->ipi->send);
			assert_non_null(drv->ipi->clear);
		}
		if (drv->timer) {
			assert_non_null(drv->timer->hart_setup);
			assert_non_null(drv->timer->set);
		}
	}
}

/* A string lists one driver: else which one a node gets would depend
 * on the order the linker gathered them in. */
static void test_timer_drivers__no_string_listed_twice(void **state)
{
	(void)state;
	for (unsigned int i = 0; i < timer_count(); i++)
		for (const char *const *a =
			     _fw_timer_drivers_start[i].fdt.compatible;
		     *a; a++)
			for (unsigned int j = i + 1; j < timer_count(); j++)
				for (const char *const *b =
					     _fw_timer_drivers_start[j]
						     .fdt.compatible;
				     *b; b++)
					if (!strcmp(*a, *b))
						fail_msg("%s listed twice", *a);
}

/* ---- the host tests' tables are the firmware's ---- */

static bool same_strings(const char *const *a, const char *const *b)
{
	for (; *a && *b; a++, b++)
		if (strcmp(*a, *b))
			return false;
	return !*a && !*b;
}

static bool same_timer(const struct dev_fdt_timer_driver *a,
		       const struct dev_fdt_timer_driver *b)
{
	return same_strings(a->compatible, b->compatible) &&
	       !strcmp(a->name, b->name) && a->decode == b->decode &&
	       a->flags == b->flags && a->fallback == b->fallback;
}

static void test_timer_drivers__host_table_is_the_registered_one(void **state)
{
	(void)state;
	assert_int_equal(test_timer_drivers.n, timer_count());
	for (unsigned int i = 0; i < timer_count(); i++) {
		bool found = false;

		for (unsigned int j = 0; j < test_timer_drivers.n && !found;
		     j++)
			found = same_timer(&_fw_timer_drivers_start[i].fdt,
					   &test_timer_driver_list[j]);
		if (!found)
			fail_msg("%s: not in tests/unit/timer_drivers.h",
				 _fw_timer_drivers_start[i].fdt.name);
	}
}

static void test_console_drivers__host_table_is_the_registered_one(void **state)
{
	(void)state;
	assert_int_equal(test_drivers.n, console_count());
	for (unsigned int i = 0; i < console_count(); i++) {
		const struct dev_fdt_console_driver *r =
			&_fw_console_drivers_start[i].fdt;
		bool found = false;

		for (unsigned int j = 0; j < test_drivers.n && !found; j++)
			found = same_strings(r->compatible,
					     test_driver_list[j].compatible) &&
				r->type == test_driver_list[j].type;
		if (!found)
			fail_msg("%s: not in tests/unit/console_drivers.h",
				 r->compatible[0]);
	}
}

/* ---- reset drivers, and the controllers their actions go through ---- */

#define SECTION_COUNT(kind)                                                    \
	((unsigned int)(_fw_##kind##_drivers_end - _fw_##kind##_drivers_start))

/* The registered drivers, as the firmware hands them to the decoder. */
static struct dev_fdt_reset_drivers registered_resets(void)
{
	return (struct dev_fdt_reset_drivers){
		{_fw_reset_drivers_start, sizeof(struct fw_reset_driver),
		 SECTION_COUNT(reset)},
		{_fw_gpio_drivers_start, sizeof(struct fw_gpio_driver),
		 SECTION_COUNT(gpio)},
		{_fw_i2c_drivers_start, sizeof(struct fw_i2c_driver),
		 SECTION_COUNT(i2c)},
	};
}

/* The node compatible with @from now compatible with @compat (and, if
 * @keep, with @keep after it: a syscon stays a syscon). */
static int rename_node(void *fdt, const char *from, const char *compat,
		       const char *keep)
{
	int node = fdt_node_offset_by_compatible(fdt, -1, from);
	char list[128];
	size_t n = strlen(compat) + 1, k = keep ? strlen(keep) + 1 : 0;

	assert_true(node >= 0);
	assert_true(n + k <= sizeof(list));
	memcpy(list, compat, n);
	if (keep)
		memcpy(list + n, keep, k);
	assert_int_equal(
		fdt_setprop(fdt, node, "compatible", list, (int)(n + k)), 0);
	return node;
}

/*
 * An I2C bus at 0x10030000 in /soc, of the first registered controller
 * unless @bus names one, with a device of @dev at address 0x36.
 */
static void add_i2c_device(void *fdt, const char *bus, const char *dev)
{
	const fdt32_t reg[4] = {0, cpu_to_fdt32(0x10030000), 0,
				cpu_to_fdt32(0x1000)};
	int soc = fdt_path_offset(fdt, "/soc"), b, d;

	assert_true(soc >= 0);
	b = fdt_add_subnode(fdt, soc, "i2c@10030000");
	assert_true(b >= 0);
	assert_int_equal(
		fdt_setprop_string(
			fdt, b, "compatible",
			bus ? bus : _fw_i2c_drivers_start[0].fdt.compatible[0]),
		0);
	assert_int_equal(fdt_setprop(fdt, b, "reg", reg, sizeof(reg)), 0);
	assert_int_equal(fdt_setprop_u32(fdt, b, "#address-cells", 1), 0);
	assert_int_equal(fdt_setprop_u32(fdt, b, "#size-cells", 0), 0);
	d = fdt_add_subnode(fdt, b, "pmic@36");
	assert_true(d >= 0);
	assert_int_equal(fdt_setprop_string(fdt, d, "compatible", dev), 0);
	assert_int_equal(fdt_setprop_u32(fdt, d, "reg", 0x36), 0);
}

/* How each reset decode is shown at work: a tree and an edit of it. */
struct reset_example {
	dev_fdt_reset_decode_fn decode;
	const char *tree;
	const char *from; /* the node renamed; NULL: a PMIC on a new bus */
	const char *keep; /* a string it keeps after the driver's */
	uint32_t srst;	  /* the types its actions must do */
};

static const struct reset_example reset_examples[] = {
	{dev_fdt_reset_test, "qemu-virt-7.2.dtb", "sifive,test0", "syscon",
	 DEV_FDT_SRST_SHUTDOWN | DEV_FDT_SRST_REBOOT},
	{dev_fdt_reset_syscon_poweroff, "qemu-virt-7.2.dtb", "syscon-poweroff",
	 NULL, DEV_FDT_SRST_SHUTDOWN},
	{dev_fdt_reset_syscon_reboot, "qemu-virt-7.2.dtb", "syscon-reboot",
	 NULL, DEV_FDT_SRST_REBOOT},
	{dev_fdt_reset_gpio_poweroff, "qemu-sifive_u-7.2-smp2.dtb",
	 "gpio-restart", NULL, DEV_FDT_SRST_SHUTDOWN},
	{dev_fdt_reset_gpio_restart, "qemu-sifive_u-7.2-smp2.dtb",
	 "gpio-restart", NULL, DEV_FDT_SRST_REBOOT},
	{dev_fdt_reset_da9063, "qemu-virt-7.2.dtb", NULL, NULL,
	 DEV_FDT_SRST_SHUTDOWN | DEV_FDT_SRST_REBOOT},
	{dev_fdt_reset_axp15060, "qemu-virt-7.2.dtb", NULL, NULL,
	 DEV_FDT_SRST_SHUTDOWN | DEV_FDT_SRST_REBOOT},
	{dev_fdt_reset_sg2042_mcu, "qemu-virt-7.2.dtb", NULL, NULL,
	 DEV_FDT_SRST_SHUTDOWN | DEV_FDT_SRST_REBOOT},
	{dev_fdt_reset_htif, "qemu-spike-7.2.dtb", "ucb,htif0", NULL,
	 DEV_FDT_SRST_SHUTDOWN},
};

static const struct reset_example *
reset_example_for(const struct dev_fdt_reset_driver *d)
{
	for (size_t i = 0;
	     i < sizeof(reset_examples) / sizeof(reset_examples[0]); i++)
		if (reset_examples[i].decode == d->decode)
			return &reset_examples[i];
	return NULL;
}

/* @ex's tree with its node given @compat, decoded with every driver. */
static void reset_decode(const struct reset_example *ex, const char *compat,
			 const char *bus, struct dev_fdt_resets *out)
{
	void *fdt = load(ex->tree);
	const struct dev_fdt_reset_drivers all = registered_resets();

	if (ex->from)
		rename_node(fdt, ex->from, compat, ex->keep);
	else
		add_i2c_device(fdt, bus, compat);
	dev_fdt_resets(fdt, &all, out);
	free(fdt);
}

/* The types @out's actions by @drv do; refusals fail the test. */
static uint32_t reset_types_by(const struct dev_fdt_resets *out,
			       const struct dev_fdt_reset_driver *drv,
			       const char *compat)
{
	uint32_t srst = 0;

	if (out->refused)
		fail_msg("%s: %s refused: %s", compat, out->first_refused.role,
			 out->first_refused.problem);
	for (unsigned int i = 0; i < out->n; i++)
		if (out->r[i].driver == drv)
			srst |= out->r[i].srst;
	return srst;
}

/* Every registered reset driver, under every string it lists. */
static void
test_reset_drivers__each_string_decodes_its_example_node(void **state)
{
	static struct dev_fdt_resets out;

	(void)state;
	assert_true(SECTION_COUNT(reset) > 0);
	for (unsigned int i = 0; i < SECTION_COUNT(reset); i++) {
		const struct fw_reset_driver *drv = &_fw_reset_drivers_start[i];
		const struct reset_example *ex = reset_example_for(&drv->fdt);

		if (!ex)
			fail_msg("%s: no example tree for its decode: add one "
				 "to reset_examples[]",
				 drv->fdt.compatible[0]);
		assert_non_null(drv->ops);
		assert_non_null(drv->ops->name);
		assert_non_null(drv->ops->reset);
		for (const char *const *c = drv->fdt.compatible; *c; c++) {
			reset_decode(ex, *c, NULL, &out);
			assert_int_equal(reset_types_by(&out, &drv->fdt, *c),
					 ex->srst);
		}
	}
}

/* Every GPIO controller's strings: gpio-restart drives its pin. */
static void test_gpio_drivers__each_string_drives_gpio_restart(void **state)
{
	static struct dev_fdt_resets out;
	const struct dev_fdt_reset_drivers all = registered_resets();

	(void)state;
	assert_true(SECTION_COUNT(gpio) > 0);
	for (unsigned int i = 0; i < SECTION_COUNT(gpio); i++) {
		const struct fw_gpio_driver *drv = &_fw_gpio_drivers_start[i];

		assert_non_null(drv->drive);
		for (const char *const *c = drv->fdt.compatible; *c; c++) {
			void *fdt = load("qemu-sifive_u-7.2-smp2.dtb");

			rename_node(fdt, "sifive,gpio0", *c, NULL);
			dev_fdt_resets(fdt, &all, &out);
			free(fdt);
			if (out.refused || out.n == 0 ||
			    out.r[out.n - 1].action != DEV_FDT_RESET_GPIO ||
			    out.r[out.n - 1].gpio != &drv->fdt)
				fail_msg("gpio controller %s: not driven (%s)",
					 *c,
					 out.refused ? out.first_refused.problem
						     : "no action");
		}
	}
}

/* Every I2C controller's strings: a PMIC on it is reached through it. */
static void test_i2c_drivers__each_string_carries_a_pmic(void **state)
{
	static struct dev_fdt_resets out;
	const struct reset_example *pmic = NULL;

	(void)state;
	for (size_t i = 0;
	     i < sizeof(reset_examples) / sizeof(reset_examples[0]); i++)
		if (!reset_examples[i].from)
			pmic = &reset_examples[i];
	assert_non_null(pmic);
	assert_true(SECTION_COUNT(i2c) > 0);
	for (unsigned int i = 0; i < SECTION_COUNT(i2c); i++) {
		const struct fw_i2c_driver *drv = &_fw_i2c_drivers_start[i];
		const char *dev = NULL;

		assert_non_null(drv->write);
		assert_non_null(drv->read);
		for (unsigned int j = 0; j < SECTION_COUNT(reset); j++)
			if (_fw_reset_drivers_start[j].fdt.decode ==
			    pmic->decode)
				dev = _fw_reset_drivers_start[j]
					      .fdt.compatible[0];
		assert_non_null(dev);
		for (const char *const *c = drv->fdt.compatible; *c; c++) {
			unsigned int through = 0;

			reset_decode(pmic, dev, *c, &out);
			for (unsigned int k = 0; k < out.n; k++)
				through +=
					out.r[k].action == DEV_FDT_RESET_I2C &&
					out.r[k].i2c == &drv->fdt;
			if (out.refused || through != 2)
				fail_msg("i2c controller %s: no PMIC reached "
					 "(%s)",
					 *c,
					 out.refused ? out.first_refused.problem
						     : "no action");
		}
	}
}

static bool same_reset(const struct dev_fdt_reset_driver *a,
		       const struct dev_fdt_reset_driver *b)
{
	return same_strings(a->compatible, b->compatible) &&
	       a->decode == b->decode;
}

static bool same_gpio(const struct dev_fdt_gpio_driver *a,
		      const struct dev_fdt_gpio_driver *b)
{
	return same_strings(a->compatible, b->compatible) &&
	       a->pins == b->pins && a->span == b->span;
}

static bool same_i2c(const struct dev_fdt_i2c_driver *a,
		     const struct dev_fdt_i2c_driver *b)
{
	return same_strings(a->compatible, b->compatible) &&
	       a->layout == b->layout && a->span == b->span;
}

static void
test_reset_drivers__host_tables_are_the_registered_ones(void **state)
{
	const struct dev_fdt_reset_drivers *t = &test_reset_drivers;

	(void)state;
	assert_int_equal(t->resets.n, SECTION_COUNT(reset));
	assert_int_equal(t->gpios.n, SECTION_COUNT(gpio));
	assert_int_equal(t->i2cs.n, SECTION_COUNT(i2c));
	for (unsigned int i = 0; i < SECTION_COUNT(reset); i++) {
		bool found = false;

		for (unsigned int j = 0; j < t->resets.n && !found; j++)
			found = same_reset(&_fw_reset_drivers_start[i].fdt,
					   &test_reset_driver_list[j]);
		if (!found)
			fail_msg("%s: not in tests/unit/reset_drivers.h",
				 _fw_reset_drivers_start[i].fdt.compatible[0]);
	}
	for (unsigned int i = 0; i < SECTION_COUNT(gpio); i++) {
		bool found = false;

		for (unsigned int j = 0; j < t->gpios.n && !found; j++)
			found = same_gpio(&_fw_gpio_drivers_start[i].fdt,
					  &test_gpio_driver_list[j]);
		if (!found)
			fail_msg("%s: not in tests/unit/reset_drivers.h",
				 _fw_gpio_drivers_start[i].fdt.compatible[0]);
	}
	for (unsigned int i = 0; i < SECTION_COUNT(i2c); i++) {
		bool found = false;

		for (unsigned int j = 0; j < t->i2cs.n && !found; j++)
			found = same_i2c(&_fw_i2c_drivers_start[i].fdt,
					 &test_i2c_driver_list[j]);
		if (!found)
			fail_msg("%s: not in tests/unit/reset_drivers.h",
				 _fw_i2c_drivers_start[i].fdt.compatible[0]);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(
			test_timer_drivers__each_string_decodes_its_example_node),
		cmocka_unit_test(test_timer_drivers__ops_complete),
		cmocka_unit_test(test_timer_drivers__no_string_listed_twice),
		cmocka_unit_test(
			test_timer_drivers__host_table_is_the_registered_one),
		cmocka_unit_test(
			test_console_drivers__host_table_is_the_registered_one),
		cmocka_unit_test(
			test_reset_drivers__each_string_decodes_its_example_node),
		cmocka_unit_test(
			test_gpio_drivers__each_string_drives_gpio_restart),
		cmocka_unit_test(test_i2c_drivers__each_string_carries_a_pmic),
		cmocka_unit_test(
			test_reset_drivers__host_tables_are_the_registered_ones),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
