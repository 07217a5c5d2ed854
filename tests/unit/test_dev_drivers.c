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
 * one is added. The tables the other host tests and the fuzzer use
 * (console_drivers.h, timer_drivers.h) must be the registered ones.
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
#include "timer_drivers.h"

#define BLOB_MAX  (256 * 1024)
#define MAX_HARTS 8

extern const struct fw_console_driver _fw_console_drivers_start[],
	_fw_console_drivers_end[];
extern const struct fw_timer_driver _fw_timer_drivers_start[],
	_fw_timer_drivers_end[];

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
					     test_drivers.d[j]->compatible) &&
				r->type == test_drivers.d[j]->type;
		if (!found)
			fail_msg("%s: not in tests/unit/console_drivers.h",
				 r->compatible[0]);
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
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
