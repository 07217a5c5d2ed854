/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The device probes of binding/dev_fdt*.c: on QEMU 7.2's own trees
 * (virt with 1 and 4 harts, virt with two NUMA sockets as CLINT and as
 * ACLINT, spike, sifive_u) they must find the machine's console, each
 * hart's MSIP and mtimecmp, the timebase and the reset registers; on
 * trees built here with libfdt they must follow the bindings' finer
 * points (aliases and ":options", ranges, S-level interrupts among the
 * M-level ones, the old syscon binding, 512 harts over four CLINTs) and
 * refuse hostile input with its reason, never storing part of a node.
 * Every tree goes through platform_fdt_check() first, as at boot; under
 * ASan (make unit-asan) any read outside a blob fails the test.
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

#include "sbipmu/dev_fdt.h"
#include "sbipmu/platform_fdt.h"

#ifndef TEST_DATA_DIR
#define TEST_DATA_DIR "build/tests/data"
#endif

#define BLOB_MAX  65536
#define BIG_MAX	  (1024 * 1024)
#define MAX_HARTS 512
#define MAX_DEVS  8

/* ---- trees ---- */

/* A blob from tests/data, in a buffer of exactly its size, checked. */
static void *load(const char *name)
{
	const char *dir = getenv("SBIPMU_TEST_DATA_DIR");
	char path[512];
	char *buf = malloc(BLOB_MAX);
	void *fdt;
	size_t size;
	struct platform_fdt_verdict v;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir ? dir : TEST_DATA_DIR, name);
	f = fopen(path, "rb");
	if (!f)
		fail_msg("cannot open %s (run `make unit`)", path);
	assert_non_null(buf);
	size = fread(buf, 1, BLOB_MAX, f);
	fclose(f);
	assert_true(size > 0 && size < BLOB_MAX);
	fdt = malloc(size);
	assert_non_null(fdt);
	memcpy(fdt, buf, size);
	free(buf);
	assert_int_equal(platform_fdt_check(fdt, size, &v), 0);
	return fdt;
}

/*
 * A tree built with @build, packed into a buffer of its size, checked.
 * fdt_add_subnode() makes each new node its parent's first child, so
 * builders that care about tree order add nodes last first.
 */
static void *tree(void (*build)(void *fdt))
{
	void *work = calloc(1, BLOB_MAX), *fdt;
	struct platform_fdt_verdict v;

	assert_non_null(work);
	assert_int_equal(fdt_create_empty_tree(work, BLOB_MAX), 0);
	assert_int_equal(fdt_setprop_u32(work, 0, "#address-cells", 2), 0);
	assert_int_equal(fdt_setprop_u32(work, 0, "#size-cells", 2), 0);
	build(work);
	assert_int_equal(fdt_pack(work), 0);
	fdt = malloc(fdt_totalsize(work));
	assert_non_null(fdt);
	memcpy(fdt, work, fdt_totalsize(work));
	free(work);
	assert_int_equal(platform_fdt_check(fdt, fdt_totalsize(fdt), &v), 0);
	return fdt;
}

/*
 * A new node. Adding a node or property moves every node after it, so
 * builders hold an offset only until they add something before it.
 */
static int node(void *fdt, int parent, const char *name)
{
	int n = fdt_add_subnode(fdt, parent, name);

	assert_true(n >= 0);
	return n;
}

static void str(void *fdt, int n, const char *name, const char *value)
{
	assert_int_equal(fdt_setprop_string(fdt, n, name, value), 0);
}

static void u32(void *fdt, int n, const char *name, uint32_t value)
{
	assert_int_equal(fdt_setprop_u32(fdt, n, name, value), 0);
}

/* A property of @count cells. */
static void cells(void *fdt, int n, const char *name, const uint32_t *v,
		  int count)
{
	fdt32_t be[64];

	assert_true(count <= 64);
	for (int i = 0; i < count; i++)
		be[i] = cpu_to_fdt32(v[i]);
	assert_int_equal(fdt_setprop(fdt, n, name, be, count * 4), 0);
}

/* reg = <base size> with 2/2 cells. */
static void reg64(void *fdt, int n, uint64_t base, uint64_t size)
{
	uint32_t r[4] = {(uint32_t)(base >> 32), (uint32_t)base,
			 (uint32_t)(size >> 32), (uint32_t)size};

	cells(fdt, n, "reg", r, 4);
}

/* /cpus with harts 0..n-1, intc of hart h with phandle h + 1. */
static void add_cpus(void *fdt, int n, uint32_t irq_cells)
{
	int cpus = node(fdt, 0, "cpus");

	u32(fdt, cpus, "#address-cells", 1);
	u32(fdt, cpus, "#size-cells", 0);
	u32(fdt, cpus, "timebase-frequency", 10000000);
	for (int h = n - 1; h >= 0; h--) {
		char name[32];
		int cpu, intc;

		snprintf(name, sizeof(name), "cpu@%d", h);
		cpu = node(fdt, cpus, name);
		str(fdt, cpu, "device_type", "cpu");
		u32(fdt, cpu, "reg", (uint32_t)h);
		intc = node(fdt, cpu, "interrupt-controller");
		str(fdt, intc, "compatible", "riscv,cpu-intc");
		u32(fdt, intc, "#interrupt-cells", irq_cells);
		u32(fdt, intc, "phandle", (uint32_t)h + 1);
	}
}

/* ---- the console ---- */

#include "console_drivers.h"
#include "reset_drivers.h"

static void test_console__qemu_virt__ns16550a_with_clock(void **state)
{
	void *fdt = load("qemu-virt-7.2.dtb");
	struct dev_fdt_console c;

	(void)state;
	dev_fdt_console(fdt, &test_drivers, &c);
	assert_int_equal(c.type, DEV_FDT_CONSOLE_UART8250);
	assert_null(c.why.problem);
	assert_int_equal(c.base, 0x10000000);
	assert_int_equal(c.size, 0x100);
	assert_int_equal(c.reg_shift, 0);
	assert_int_equal(c.reg_io_width, 1);
	/* QEMU writes the 3.6864 MHz cell; dtc shows it as "\08@" */
	assert_int_equal(c.clock_hz, 3686400);
	assert_int_equal(c.baud, 0);
	assert_int_equal(c.node, fdt_path_offset(fdt, "/soc/serial@10000000"));
	free(fdt);
}

static void test_console__sifive_u__sifive_uart0(void **state)
{
	void *fdt = load("qemu-sifive_u-7.2-smp2.dtb");
	struct dev_fdt_console c;

	(void)state;
	dev_fdt_console(fdt, &test_drivers, &c);
	assert_int_equal(c.type, DEV_FDT_CONSOLE_MMIO);
	assert_int_equal(c.base, 0x10010000);
	free(fdt);
}

/*
 * RZ/Five as its boot loader hands it on (Linux's r9a07g043f01-smarc
 * plus the nodes U-Boot adds, at the addresses OpenSBI's RZ/Five
 * platform notes give), with @rzfive_harts harts (RZ/Five has one;
 * Andes' AE350 has up to four): the SCIF console, the PLICSW and PLMT
 * naming each hart's intc in hart order.
 */
static int rzfive_harts = 1;
static uint64_t rzfive_plicsw_size = 0x400000, rzfive_plmt_size = 0x100000;

static void build_rzfive(void *fdt)
{
	static const char scif[] = "renesas,scif-r9a07g043\0"
				   "renesas,scif-r9a07g044";
	static const char plmt[] = "andestech,plmt0\0riscv,plmt0";
	uint32_t sw[8], tm[8];
	int n, chosen;

	for (int h = 0; h < rzfive_harts; h++) {
		sw[2 * h] = tm[2 * h] = (uint32_t)h + 1;
		sw[2 * h + 1] = 3;
		tm[2 * h + 1] = 7;
	}
	n = node(fdt, 0, "interrupt-controller@13000000");
	str(fdt, n, "compatible", "andestech,plicsw");
	reg64(fdt, n, 0x13000000, rzfive_plicsw_size);
	cells(fdt, n, "interrupts-extended", sw, 2 * rzfive_harts);
	n = node(fdt, 0, "plmt0@110c0000");
	assert_int_equal(fdt_setprop(fdt, n, "compatible", plmt, sizeof(plmt)),
			 0);
	reg64(fdt, n, 0x110c0000, rzfive_plmt_size);
	cells(fdt, n, "interrupts-extended", tm, 2 * rzfive_harts);
	n = node(fdt, 0, "serial@1004b800");
	assert_int_equal(fdt_setprop(fdt, n, "compatible", scif, sizeof(scif)),
			 0);
	reg64(fdt, n, 0x1004b800, 0x400);
	add_cpus(fdt, rzfive_harts, 1);
	chosen = node(fdt, 0, "chosen");
	str(fdt, chosen, "stdout-path", "/serial@1004b800:115200n8");
}

static void test_console__rzfive_scif_from_stdout_path(void **state)
{
	void *fdt = tree(build_rzfive);
	struct dev_fdt_console c;

	(void)state;
	dev_fdt_console(fdt, &test_drivers, &c);
	assert_int_equal(c.type, DEV_FDT_CONSOLE_MMIO);
	assert_int_equal(c.from, DEV_FDT_CONSOLE_FROM_STDOUT_PATH);
	assert_ptr_equal(test_driver_list[c.driver].compatible,
			 test_scif_compat);
	assert_int_equal(c.base, 0x1004b800);
	assert_int_equal(c.size, 0x400);
	free(fdt);
}

/*
 * The drivers given decide what is a console: without the 16550 driver
 * QEMU virt's only UART is none (and the refusal says so), and the
 * index of the driver that matched is returned.
 */
static void test_console__driver_table_decides(void **state)
{
	void *fdt = load("qemu-virt-7.2.dtb");
	/* the table without its first driver, the 16550 */
	const struct dev_fdt_console_drivers no_8250 = {
		&test_driver_list[1], sizeof(test_driver_list[0]), 3};
	struct dev_fdt_console c;

	(void)state;
	dev_fdt_console(fdt, &no_8250, &c);
	assert_int_equal(c.type, DEV_FDT_CONSOLE_NONE);
	assert_int_equal(c.driver, -1);
	assert_string_equal(c.why.problem, "no driver for its compatible");
	dev_fdt_console(fdt, &test_drivers, &c);
	assert_int_equal(c.driver, 0);
	free(fdt);
}

static void test_console__htif_on_spike(void **state)
{
	void *fdt = load("qemu-spike-7.2.dtb");
	struct dev_fdt_console c;

	(void)state;
	dev_fdt_console(fdt, &test_drivers, &c);
	assert_int_equal(c.type, DEV_FDT_CONSOLE_HTIF);
	assert_int_equal(c.base, 0x1000000);
	/* QEMU's riscv_htif.c with a board base: fromhost there, tohost +8 */
	assert_int_equal(c.fromhost, 0x1000000);
	assert_int_equal(c.tohost, 0x1000008);
	free(fdt);
}

/* /soc (2/2 cells, ranges;) with an ns16550a at @base, @status. */
static int add_uart(void *fdt, int soc, uint64_t base, const char *status)
{
	char name[48];
	int uart;

	snprintf(name, sizeof(name), "serial@%llx", (unsigned long long)base);
	uart = node(fdt, soc, name);
	str(fdt, uart, "compatible", "ns16550a");
	reg64(fdt, uart, base, 0x100);
	if (status)
		str(fdt, uart, "status", status);
	return uart;
}

static int add_soc(void *fdt)
{
	int soc = node(fdt, 0, "soc");

	u32(fdt, soc, "#address-cells", 2);
	u32(fdt, soc, "#size-cells", 2);
	assert_int_equal(fdt_setprop_empty(fdt, soc, "ranges"), 0);
	return soc;
}

static void build_alias(void *fdt)
{
	int soc = add_soc(fdt), uart, aliases, chosen;

	add_uart(fdt, soc, 0x10000000, "disabled");
	uart = add_uart(fdt, soc, 0x10001000, "okay");
	u32(fdt, uart, "reg-shift", 2);
	u32(fdt, uart, "reg-io-width", 4);
	u32(fdt, uart, "current-speed", 115200);
	aliases = node(fdt, 0, "aliases");
	str(fdt, aliases, "serial0", "/soc/serial@10000000");
	str(fdt, aliases, "serial1", "/soc/serial@10001000");
	chosen = node(fdt, 0, "chosen");
	str(fdt, chosen, "stdout-path", "serial1:115200n8");
	/* the older name, ignored when stdout-path is there */
	str(fdt, chosen, "linux,stdout-path", "serial0");
}

static void test_console__follows_stdout_path_alias(void **state)
{
	void *fdt = tree(build_alias);
	struct dev_fdt_console c;

	(void)state;
	dev_fdt_console(fdt, &test_drivers, &c);
	assert_int_equal(c.type, DEV_FDT_CONSOLE_UART8250);
	assert_int_equal(c.base, 0x10001000);
	assert_int_equal(c.reg_shift, 2);
	assert_int_equal(c.reg_io_width, 4);
	assert_int_equal(c.baud, 115200);
	free(fdt);
}

/* What one stdout-path value and uart make of the console. */
struct console_case {
	const char *path;   /* stdout-path, NULL: none */
	const char *compat; /* the uart's */
	uint32_t io_width;  /* 0: none */
	uint64_t size;
	const char *problem; /* NULL: a console */
};

static const struct console_case *console_case;

static void build_console_case(void *fdt)
{
	const struct console_case *k = console_case;
	int soc = add_soc(fdt), aliases, chosen;
	int uart = add_uart(fdt, soc, 0x10000000, NULL);
	static const char unterminated[] = {'/', 's', 'o', 'c'};

	str(fdt, uart, "compatible", k->compat);
	reg64(fdt, uart, 0x10000000, k->size);
	if (k->io_width)
		u32(fdt, uart, "reg-io-width", k->io_width);
	aliases = node(fdt, 0, "aliases");
	/* an alias naming itself, one unterminated: an older libfdt would
	 * recurse on the first and read past the second (console.c) */
	str(fdt, aliases, "loop", "loop");
	assert_int_equal(fdt_setprop(fdt, aliases, "cut", unterminated, 4), 0);
	str(fdt, aliases, "off", "/soc/serial@10000000/none");
	chosen = node(fdt, 0, "chosen");
	if (k->path)
		str(fdt, chosen, "stdout-path", k->path);
}

static void test_console__refusals_name_their_reason(void **state)
{
	static const struct console_case cases[] = {
		{"/soc/serial@10000000", "ns16550a", 0, 0x100, NULL},
		{"/soc/serial@10000000:115200", "ns16550", 0, 0x100, NULL},
		{"/soc/serial", "snps,dw-apb-uart", 4, 0x100, NULL},
		{NULL, "ns16550a", 0, 0x100, "no /chosen/stdout-path"},
		{"", "ns16550a", 0, 0x100, "stdout-path empty"},
		{":9600", "ns16550a", 0, 0x100, "stdout-path empty"},
		{"/soc/nothing", "ns16550a", 0, 0x100,
		 "stdout-path names no node"},
		{"loop", "ns16550a", 0, 0x100, "stdout-path names no node"},
		{"cut", "ns16550a", 0, 0x100, "stdout-path names no node"},
		{"off", "ns16550a", 0, 0x100, "stdout-path names no node"},
		{"/soc/serial@10000000", "acme,uart", 0, 0x100,
		 "no driver for its compatible"},
		{"/soc/serial@10000000", "ns16550a", 2, 0x100,
		 "reg-io-width neither 1 nor 4"},
		{"/soc/serial@10000000", "ns16550a", 4, 8,
		 "reg too small for 8 registers"},
		{"/soc/serial@10000000", "ns16550a", 0, 0,
		 "reg: empty or wrapping around"},
	};

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct dev_fdt_console c;
		void *fdt;

		console_case = &cases[i];
		fdt = tree(build_console_case);
		dev_fdt_console(fdt, &test_drivers, &c);
		if (!cases[i].problem) {
			assert_int_equal(c.type, DEV_FDT_CONSOLE_UART8250);
			assert_int_equal(c.from,
					 DEV_FDT_CONSOLE_FROM_STDOUT_PATH);
			assert_null(c.why.problem);
			assert_int_equal(c.base, 0x10000000);
		} else {
			/* the same node is the first in the tree: the scan
			 * takes it where the stdout-path was the problem */
			assert_true(c.from != DEV_FDT_CONSOLE_FROM_STDOUT_PATH);
			assert_string_equal(c.why.role, "console");
			assert_string_equal(c.why.problem, cases[i].problem);
			assert_string_equal(c.why_alias.problem,
					    "no /aliases/serial0");
		}
		if (c.type == DEV_FDT_CONSOLE_NONE) {
			assert_int_equal(c.from, DEV_FDT_CONSOLE_FROM_NONE);
			assert_int_equal(c.base, 0);
			assert_int_equal(c.node, -1);
		}
		free(fdt);
	}
}

static void build_disabled(void *fdt)
{
	int soc = add_soc(fdt), chosen;

	add_uart(fdt, soc, 0x10000000, "disabled");
	chosen = node(fdt, 0, "chosen");
	str(fdt, chosen, "linux,stdout-path", "/soc/serial@10000000");
}

static void test_console__disabled_node_refused_with_its_offset(void **state)
{
	void *fdt = tree(build_disabled);
	struct dev_fdt_console c;

	(void)state;
	dev_fdt_console(fdt, &test_drivers, &c);
	assert_int_equal(c.type, DEV_FDT_CONSOLE_NONE);
	assert_string_equal(c.why.problem, "disabled");
	assert_int_equal(c.why.node,
			 fdt_path_offset(fdt, "/soc/serial@10000000"));
	free(fdt);
}

/*
 * The fallbacks: @fallback_case picks what the tree has. Nodes are
 * added last first, so the tree order is serial@10000000 (a kind no
 * driver knows), serial@10001000 (disabled), htif (known), serial@10002000
 * (the ns16550a serial0 names, unless told otherwise).
 */
enum fallback_case {
	FALLBACK_PATH_NO_NODE, /* stdout-path to no node, serial0 fine */
	FALLBACK_ALIAS_ONLY,   /* no stdout-path, serial0 fine */
	FALLBACK_ALIAS_BAD,    /* stdout-path to no node, serial0 disabled */
	FALLBACK_NONE_KNOWN,   /* no stdout-path, no serial0, no known kind */
};

static enum fallback_case fallback_case;

static void build_fallback(void *fdt)
{
	enum fallback_case k = fallback_case;
	int soc = add_soc(fdt), aliases, chosen, n;

	if (k != FALLBACK_NONE_KNOWN)
		add_uart(fdt, soc, 0x10002000, NULL);
	if (k != FALLBACK_NONE_KNOWN) {
		n = node(fdt, soc, "htif");
		str(fdt, n, "compatible", "ucb,htif0");
		reg64(fdt, n, 0x1000000, 0x10);
	}
	add_uart(fdt, soc, 0x10001000, "disabled");
	n = add_uart(fdt, soc, 0x10000000, NULL);
	str(fdt, n, "compatible", "acme,uart");
	aliases = node(fdt, 0, "aliases");
	if (k == FALLBACK_ALIAS_BAD)
		str(fdt, aliases, "serial0", "/soc/serial@10001000");
	else if (k != FALLBACK_NONE_KNOWN)
		str(fdt, aliases, "serial0", "/soc/serial@10002000");
	chosen = node(fdt, 0, "chosen");
	if (k == FALLBACK_PATH_NO_NODE || k == FALLBACK_ALIAS_BAD)
		str(fdt, chosen, "stdout-path", "/soc/gone:115200n8");
}

static void console_fallback(enum fallback_case k, struct dev_fdt_console *c)
{
	void *fdt;

	fallback_case = k;
	fdt = tree(build_fallback);
	dev_fdt_console(fdt, &test_drivers, c);
	free(fdt);
}

static void
test_console__stdout_path_to_no_node_falls_back_to_serial0(void **state)
{
	struct dev_fdt_console c;

	(void)state;
	console_fallback(FALLBACK_PATH_NO_NODE, &c);
	assert_int_equal(c.from, DEV_FDT_CONSOLE_FROM_ALIAS);
	assert_int_equal(c.type, DEV_FDT_CONSOLE_UART8250);
	assert_int_equal(c.base, 0x10002000);
	assert_string_equal(c.why.problem, "stdout-path names no node");
	assert_int_equal(c.why.node, -1);
	assert_null(c.why_alias.problem);
}

static void test_console__no_stdout_path_takes_serial0(void **state)
{
	struct dev_fdt_console c;

	(void)state;
	console_fallback(FALLBACK_ALIAS_ONLY, &c);
	assert_int_equal(c.from, DEV_FDT_CONSOLE_FROM_ALIAS);
	assert_int_equal(c.base, 0x10002000);
	assert_string_equal(c.why.problem, "no /chosen/stdout-path");
}

static void
test_console__bad_serial0_takes_first_known_enabled_node(void **state)
{
	struct dev_fdt_console c;

	(void)state;
	console_fallback(FALLBACK_ALIAS_BAD, &c);
	/* serial@10000000 no driver knows, serial@10001000 disabled */
	assert_int_equal(c.from, DEV_FDT_CONSOLE_FROM_SCAN);
	assert_int_equal(c.type, DEV_FDT_CONSOLE_HTIF);
	assert_int_equal(c.base, 0x1000000);
	assert_string_equal(c.why.problem, "stdout-path names no node");
	assert_string_equal(c.why_alias.problem, "disabled");
	assert_true(c.why_alias.node >= 0);
}

static void test_console__none_when_no_node_a_driver_knows(void **state)
{
	struct dev_fdt_console c;

	(void)state;
	console_fallback(FALLBACK_NONE_KNOWN, &c);
	assert_int_equal(c.from, DEV_FDT_CONSOLE_FROM_NONE);
	assert_int_equal(c.type, DEV_FDT_CONSOLE_NONE);
	assert_int_equal(c.node, -1);
	assert_string_equal(c.why.problem, "no /chosen/stdout-path");
	assert_string_equal(c.why_alias.problem, "no /aliases/serial0");
}

static void build_alias_to_nothing(void *fdt)
{
	int aliases = node(fdt, 0, "aliases");

	str(fdt, aliases, "serial0", "/soc/serial@0");
}

static void test_console__serial0_to_no_node_said(void **state)
{
	void *fdt = tree(build_alias_to_nothing);
	struct dev_fdt_console c;

	(void)state;
	dev_fdt_console(fdt, &test_drivers, &c);
	assert_int_equal(c.type, DEV_FDT_CONSOLE_NONE);
	assert_string_equal(c.why_alias.problem,
			    "/aliases/serial0 names no node");
	free(fdt);
}

/*
 * Buses: /bus (1/1 cells) maps its 0x0-0x10000 to 0x40000000 in /'s 2/2
 * cells; /bus/sub (ranges;) below it; /plain has no ranges at all.
 */
static const char *ranges_path;

static void build_ranges(void *fdt)
{
	static const uint32_t map[] = {0x0, 0x0, 0x40000000, 0x10000};
	int bus = node(fdt, 0, "bus"), sub, plain, uart, chosen;
	static const uint32_t r1[] = {0x1000, 0x100};
	static const uint32_t r2[] = {0xff80, 0x100};

	u32(fdt, bus, "#address-cells", 1);
	u32(fdt, bus, "#size-cells", 1);
	cells(fdt, bus, "ranges", map, 4);
	sub = node(fdt, bus, "sub");
	u32(fdt, sub, "#address-cells", 1);
	u32(fdt, sub, "#size-cells", 1);
	assert_int_equal(fdt_setprop_empty(fdt, sub, "ranges"), 0);
	uart = node(fdt, sub, "serial@1000");
	str(fdt, uart, "compatible", "ns16550a");
	cells(fdt, uart, "reg", r1, 2);
	uart = node(fdt, bus, "serial@ff80"); /* runs past the window */
	str(fdt, uart, "compatible", "ns16550a");
	cells(fdt, uart, "reg", r2, 2);
	plain = node(fdt, 0, "plain");
	u32(fdt, plain, "#address-cells", 1);
	u32(fdt, plain, "#size-cells", 1);
	uart = node(fdt, plain, "serial@1000");
	str(fdt, uart, "compatible", "ns16550a");
	cells(fdt, uart, "reg", r1, 2);
	chosen = node(fdt, 0, "chosen");
	str(fdt, chosen, "stdout-path", ranges_path);
}

static void test_console__reg_translated_through_ranges(void **state)
{
	struct dev_fdt_console c;
	void *fdt;

	(void)state;
	ranges_path = "/bus/sub/serial@1000";
	fdt = tree(build_ranges);
	dev_fdt_console(fdt, &test_drivers, &c);
	assert_int_equal(c.type, DEV_FDT_CONSOLE_UART8250);
	assert_int_equal(c.base, 0x40001000);
	free(fdt);
	ranges_path = "/bus/serial@ff80";
	fdt = tree(build_ranges);
	dev_fdt_console(fdt, &test_drivers, &c);
	assert_string_equal(c.why.problem, "reg: outside every ranges window");
	free(fdt);
	ranges_path = "/plain/serial@1000";
	fdt = tree(build_ranges);
	dev_fdt_console(fdt, &test_drivers, &c);
	assert_string_equal(c.why.problem,
			    "reg: not translatable (a bus without ranges)");
	free(fdt);
}

/* ---- timers and doorbells ---- */

#include "timer_drivers.h"

/* The walk with the firmware's drivers, kept as the firmware keeps it. */
static struct test_timers *scan_timers(const void *fdt, unsigned int max_devs,
				       unsigned int max_harts)
{
	struct test_timers *t = calloc(1, sizeof(*t));

	assert_non_null(t);
	test_timers_scan(fdt, &test_timer_drivers, max_devs, max_harts, t);
	return t;
}

static void assert_hart(const struct test_timers *t, unsigned int hart,
			unsigned int msip_dev, unsigned int msip_ctx,
			unsigned int cmp_dev, unsigned int cmp_ctx)
{
	assert_int_equal(t->harts[hart].msip_dev, msip_dev);
	assert_int_equal(t->harts[hart].mtimecmp_dev, cmp_dev);
	if (msip_dev != TEST_NO_DEV)
		assert_int_equal(t->harts[hart].msip_ctx, msip_ctx);
	if (cmp_dev != TEST_NO_DEV)
		assert_int_equal(t->harts[hart].mtimecmp_ctx, cmp_ctx);
}

static void assert_clint(const struct dev_fdt_timer_dev *d, uint64_t base,
			 unsigned int harts)
{
	assert_string_equal(d->driver->name, "clint");
	assert_int_equal(d->msip, base);
	assert_int_equal(d->mtimecmp, base + 0x4000);
	assert_int_equal(d->mtime, base + 0xbff8);
	assert_int_equal(d->n_ipi, harts);
	assert_int_equal(d->n_timer, harts);
}

static void test_clint__qemu_virt_smp4__context_is_hart(void **state)
{
	void *fdt = load("qemu-virt-7.2-smp4.dtb");
	struct test_timers *t = scan_timers(fdt, MAX_DEVS, 8);

	(void)state;
	assert_int_equal(t->sum.n_devs, 1);
	assert_int_equal(t->sum.refused, 0);
	assert_clint(&t->devs[0], 0x2000000, 4);
	for (unsigned int h = 0; h < 4; h++)
		assert_hart(t, h, 0, h, 0, h);
	for (unsigned int h = 4; h < 8; h++)
		assert_hart(t, h, TEST_NO_DEV, 0, TEST_NO_DEV, 0);
	free(t);
	free(fdt);
}

/* Every context reported, in order, with its role, index and register. */
struct reported {
	unsigned int n;
	struct dev_fdt_hart_ctx c[8];
};

static void record_ctx(void *ctx, const struct dev_fdt_timer_dev *d,
		       const struct dev_fdt_hart_ctx *c)
{
	struct reported *r = ctx;

	(void)d;
	assert_true(r->n < 8);
	r->c[r->n++] = *c;
}

/* The walk stores nothing: each context goes to the caller as it is
 * read, the hart by id (any size: the firmware looks it up in its hart
 * table), the register computed; a sink without callbacks only counts. */
static void
test_timers__each_context_reported_with_hart_role_register(void **state)
{
	void *fdt = load("qemu-virt-7.2-smp4.dtb");
	struct reported r = {0};
	const struct dev_fdt_timer_sink sink = {NULL, record_ctx, &r};
	const struct dev_fdt_timer_sink count_only = {NULL, NULL, NULL};
	struct dev_fdt_timer_summary sum;

	(void)state;
	dev_fdt_timers(fdt, &test_timer_drivers, &sink, &sum);
	assert_int_equal(sum.n_devs, 1);
	assert_int_equal(sum.n_ctx, 8);
	assert_int_equal(r.n, 8);
	for (unsigned int i = 0; i < 8; i++) {
		unsigned int h = i / 2;

		assert_int_equal(r.c[i].hart, h);
		assert_int_equal(r.c[i].k, h);
		assert_int_equal(r.c[i].role,
				 i % 2 ? DEV_FDT_ROLE_TIMER : DEV_FDT_ROLE_IPI);
		assert_int_equal(r.c[i].addr,
				 i % 2 ? 0x2004000 + 8 * h : 0x2000000 + 4 * h);
	}
	dev_fdt_timers(fdt, &test_timer_drivers, &count_only, &sum);
	assert_int_equal(sum.n_ctx, 8);
	free(fdt);
}

/* A node goes to the driver of its most specific string, whatever the
 * order of the drivers given. */
static void test_timers__node_matched_by_its_own_string_order(void **state)
{
	void *fdt = load("qemu-virt-7.2-smp4.dtb");
	void *big = malloc(BLOB_MAX);
	static const char both[] = "thead,c900-clint\0riscv,clint0";
	struct test_timers *t;
	int node;

	(void)state;
	assert_non_null(big);
	assert_int_equal(fdt_open_into(fdt, big, BLOB_MAX), 0);
	node = fdt_node_offset_by_compatible(big, -1, "riscv,clint0");
	assert_true(node >= 0);
	assert_int_equal(
		fdt_setprop(big, node, "compatible", both, sizeof(both)), 0);
	t = scan_timers(big, MAX_DEVS, 8);
	assert_int_equal(t->n_devs, 1);
	assert_ptr_equal(t->devs[0].driver, &test_timer_driver_list[3]);
	assert_int_equal(t->devs[0].mtime, 0); /* T-Head's: no mtime */
	free(t);
	free(big);
	free(fdt);
}

static void
test_clint__contexts_from_interrupts_extended_two_sockets(void **state)
{
	void *fdt = load("qemu-virt-7.2-numa2.dtb");
	struct test_timers *t = scan_timers(fdt, MAX_DEVS, MAX_HARTS);

	(void)state;
	assert_int_equal(t->sum.n_devs, 2);
	assert_clint(&t->devs[0], 0x2000000, 4);
	assert_clint(&t->devs[1], 0x2010000, 4);
	for (unsigned int h = 0; h < 8; h++)
		assert_hart(t, h, h / 4, h % 4, h / 4, h % 4);
	assert_int_equal(t->duplicates + t->harts_over, 0);
	free(t);
	free(fdt);
}

static void test_aclint__mswi_and_mtimer_two_sockets(void **state)
{
	void *fdt = load("qemu-virt-7.2-aclint-numa2.dtb");
	struct test_timers *t = scan_timers(fdt, MAX_DEVS, MAX_HARTS);
	const struct dev_fdt_timer_dev *d = t->devs;

	(void)state;
	/* tree order: mtimer@2004000, mswi@2000000, then socket 1's */
	assert_int_equal(t->sum.n_devs, 4);
	assert_int_equal(t->sum.refused, 0);
	assert_string_equal(d[0].driver->name, "aclint-mtimer");
	assert_int_equal(d[0].mtime, 0x200bff8);
	assert_int_equal(d[0].mtimecmp, 0x2004000);
	assert_int_equal(d[0].msip, 0);
	assert_int_equal(d[0].n_timer, 4);
	assert_int_equal(d[0].n_ipi, 0);
	assert_string_equal(d[1].driver->name, "aclint-mswi");
	assert_int_equal(d[1].msip, 0x2000000);
	assert_int_equal(d[1].n_ipi, 4);
	assert_int_equal(d[2].mtimecmp, 0x2014000);
	assert_int_equal(d[3].msip, 0x2010000);
	for (unsigned int h = 0; h < 8; h++)
		assert_hart(t, h, h < 4 ? 1 : 3, h % 4, h < 4 ? 0 : 2, h % 4);
	free(t);
	free(fdt);
}

/* A copy of blob @name with room to edit, for trees made from QEMU's. */
static void *load_editable(const char *name)
{
	void *fdt = load(name), *big = malloc(BLOB_MAX);

	assert_non_null(big);
	assert_int_equal(fdt_open_into(fdt, big, BLOB_MAX), 0);
	free(fdt);
	return big;
}

/* Rename every node compatible with @from to the single string @to. */
static void recompat(void *fdt, const char *from, const char *to)
{
	int node;

	while ((node = fdt_node_offset_by_compatible(fdt, -1, from)) >= 0)
		assert_int_equal(
			fdt_setprop_string(fdt, node, "compatible", to), 0);
}

/*
 * T-Head's CLINT (D1, TH1520, CV1800B): the CLINT layout without the
 * mtime register (time from the time CSR), each hart's context as with
 * SiFive's.
 */
static void test_clint__thead_c900__no_mtime(void **state)
{
	void *fdt = load_editable("qemu-virt-7.2-smp4.dtb");
	struct test_timers *t;

	(void)state;
	recompat(fdt, "riscv,clint0", "thead,c900-clint");
	t = scan_timers(fdt, MAX_DEVS, 8);
	assert_int_equal(t->sum.n_devs, 1);
	assert_int_equal(t->devs[0].msip, 0x2000000);
	assert_int_equal(t->devs[0].mtimecmp, 0x2004000);
	assert_int_equal(t->devs[0].mtime, 0);
	for (unsigned int h = 0; h < 4; h++)
		assert_hart(t, h, 0, h, 0, h);
	free(t);
	free(fdt);
}

/*
 * T-Head's ACLINT (SG2042: one MSWI, 16 MTIMERs): an MTIMER's one reg
 * entry is its mtimecmp array, there is no mtime.
 */
static void test_aclint__thead_c900_mtimer_is_mtimecmp_only(void **state)
{
	void *fdt = load_editable("qemu-virt-7.2-aclint-numa2.dtb");
	int node = -1;
	const fdt32_t cmp[4] = {0, cpu_to_fdt32(0x2004000), 0,
				cpu_to_fdt32(0x8000)};
	struct test_timers *t;

	(void)state;
	while ((node = fdt_node_offset_by_compatible(
			fdt, node, "riscv,aclint-mtimer")) >= 0)
		assert_int_equal(
			fdt_setprop(fdt, node, "reg", cmp, sizeof(cmp)), 0);
	recompat(fdt, "riscv,aclint-mtimer", "thead,c900-aclint-mtimer");
	recompat(fdt, "riscv,aclint-mswi", "thead,c900-aclint-mswi");
	t = scan_timers(fdt, MAX_DEVS, MAX_HARTS);
	assert_int_equal(t->sum.refused, 0);
	assert_int_equal(t->sum.n_devs, 4);
	assert_string_equal(t->devs[0].driver->name, "aclint-mtimer");
	assert_int_equal(t->devs[0].mtimecmp, 0x2004000);
	assert_int_equal(t->devs[0].mtime, 0);
	assert_string_equal(t->devs[1].driver->name, "aclint-mswi");
	free(t);
	free(fdt);
}

/*
 * Andes' PLMT and PLICSW as RZ/Five's boot loader names them: the
 * PLMT's mtime at its base and mtimecmp right after, the PLICSW's
 * base kept for its driver, each hart's context in tuple order.
 */
static void test_plicsw_plmt__rzfive_boot_loader_tree(void **state)
{
	void *fdt;
	struct test_timers *t;

	(void)state;
	rzfive_harts = 1;
	fdt = tree(build_rzfive);
	t = scan_timers(fdt, MAX_DEVS, MAX_HARTS);
	assert_int_equal(t->sum.refused, 0);
	assert_int_equal(t->sum.n_devs, 2);
	/* tree order: the PLMT's node comes first */
	assert_string_equal(t->devs[0].driver->name, "plmt");
	assert_int_equal(t->devs[0].mtime, 0x110c0000);
	assert_int_equal(t->devs[0].mtimecmp, 0x110c0008);
	assert_int_equal(t->devs[0].n_ipi, 0);
	assert_int_equal(t->devs[0].n_timer, 1);
	assert_string_equal(t->devs[1].driver->name, "plicsw");
	assert_int_equal(t->devs[1].msip, 0x13000000);
	assert_int_equal(t->devs[1].mtime, 0);
	assert_int_equal(t->devs[1].n_ipi, 1);
	assert_int_equal(t->devs[1].n_timer, 0);
	assert_hart(t, 0, 1, 0, 0, 0);
	assert_hart(t, 1, TEST_NO_DEV, 0, TEST_NO_DEV, 0);
	free(t);
	free(fdt);
}

static void test_plicsw_plmt__four_harts_context_is_tuple(void **state)
{
	void *fdt;
	struct test_timers *t;

	(void)state;
	rzfive_harts = 4;
	fdt = tree(build_rzfive);
	rzfive_harts = 1;
	t = scan_timers(fdt, MAX_DEVS, MAX_HARTS);
	assert_int_equal(t->sum.n_devs, 2);
	for (unsigned int h = 0; h < 4; h++)
		assert_hart(t, h, 1, h, 0, h);
	free(t);
	free(fdt);
}

/*
 * A PLICSW context is a 4 KiB page from +0x200000, a PLMT's mtimecmp
 * 8 bytes from +8: a reg that holds fewer than the harts named, or
 * none, refuses the node with its reason and stores nothing of it.
 */
static void test_plicsw_plmt__reg_must_hold_every_context(void **state)
{
	static const struct {
		uint64_t plicsw, plmt;
		const char *role, *problem;
	} cases[] = {
		{0x200000, 0x100000, "plicsw", "reg too small for a PLICSW"},
		{0x202000, 0x100000, "plicsw",
		 "interrupts-extended: more contexts than reg holds"},
		{0x400000, 0x8, "plmt", "reg too small for a PLMT"},
		{0x400000, 0x20, "plmt",
		 "interrupts-extended: more contexts than reg holds"},
	};

	(void)state;
	for (unsigned int i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		void *fdt;
		struct test_timers *t;

		rzfive_harts = 4;
		rzfive_plicsw_size = cases[i].plicsw;
		rzfive_plmt_size = cases[i].plmt;
		fdt = tree(build_rzfive);
		t = scan_timers(fdt, MAX_DEVS, MAX_HARTS);
		assert_int_equal(t->sum.refused, 1);
		assert_int_equal(t->sum.n_devs, 1);
		assert_string_equal(t->sum.first_refused.role, cases[i].role);
		assert_string_equal(t->sum.first_refused.problem,
				    cases[i].problem);
		free(t);
		free(fdt);
	}
	rzfive_harts = 1;
	rzfive_plicsw_size = 0x400000;
	rzfive_plmt_size = 0x100000;
}

static void test_clint__sifive_u_serves_e51_and_u54(void **state)
{
	void *fdt = load("qemu-sifive_u-7.2-smp2.dtb");
	struct test_timers *t = scan_timers(fdt, MAX_DEVS, MAX_HARTS);

	(void)state;
	assert_int_equal(t->sum.n_devs, 1);
	assert_clint(&t->devs[0], 0x2000000, 2);
	assert_hart(t, 0, 0, 0, 0, 0);
	assert_hart(t, 1, 0, 1, 0, 1);
	free(t);
	free(fdt);
}

static void test_clint__spike_one_hart(void **state)
{
	void *fdt = load("qemu-spike-7.2.dtb");
	struct test_timers *t = scan_timers(fdt, MAX_DEVS, MAX_HARTS);

	(void)state;
	assert_int_equal(t->sum.n_devs, 1);
	assert_clint(&t->devs[0], 0x2000000, 1);
	assert_hart(t, 0, 0, 0, 0, 0);
	assert_hart(t, 1, TEST_NO_DEV, 0, TEST_NO_DEV, 0);
	free(t);
	free(fdt);
}

/*
 * QEMU virt's shape at -smp 512 over four sockets, written with the
 * sequential-write API: 512 cpus (intc phandle h + 1), then one CLINT
 * per socket of 128 harts, each tuple pair <&intc 3 &intc 7>.
 */
static void *build_512(void)
{
	void *fdt = malloc(BIG_MAX);
	static uint32_t irqs[128 * 4];

	assert_non_null(fdt);
	assert_int_equal(fdt_create(fdt, BIG_MAX), 0);
	assert_int_equal(fdt_finish_reservemap(fdt), 0);
	assert_int_equal(fdt_begin_node(fdt, ""), 0);
	assert_int_equal(fdt_property_u32(fdt, "#address-cells", 2), 0);
	assert_int_equal(fdt_property_u32(fdt, "#size-cells", 2), 0);
	assert_int_equal(fdt_begin_node(fdt, "cpus"), 0);
	assert_int_equal(fdt_property_u32(fdt, "#address-cells", 1), 0);
	assert_int_equal(fdt_property_u32(fdt, "#size-cells", 0), 0);
	for (uint32_t h = 0; h < 512; h++) {
		char name[32];

		snprintf(name, sizeof(name), "cpu@%u", h);
		assert_int_equal(fdt_begin_node(fdt, name), 0);
		assert_int_equal(fdt_property_string(fdt, "device_type", "cpu"),
				 0);
		assert_int_equal(fdt_property_u32(fdt, "reg", h), 0);
		assert_int_equal(fdt_begin_node(fdt, "interrupt-controller"),
				 0);
		assert_int_equal(fdt_property_string(fdt, "compatible",
						     "riscv,cpu-intc"),
				 0);
		assert_int_equal(fdt_property_u32(fdt, "#interrupt-cells", 1),
				 0);
		assert_int_equal(fdt_property_u32(fdt, "phandle", h + 1), 0);
		assert_int_equal(fdt_end_node(fdt), 0);
		assert_int_equal(fdt_end_node(fdt), 0);
	}
	assert_int_equal(fdt_end_node(fdt), 0);
	for (uint32_t s = 0; s < 4; s++) {
		uint64_t base = 0x2000000 + s * 0x10000;
		fdt32_t reg[4] = {0, cpu_to_fdt32((uint32_t)base), 0,
				  cpu_to_fdt32(0x10000)};
		char name[32];

		for (uint32_t i = 0; i < 128; i++) {
			irqs[4 * i] = cpu_to_fdt32(s * 128 + i + 1);
			irqs[4 * i + 1] = cpu_to_fdt32(3);
			irqs[4 * i + 2] = cpu_to_fdt32(s * 128 + i + 1);
			irqs[4 * i + 3] = cpu_to_fdt32(7);
		}
		snprintf(name, sizeof(name), "clint@%llx",
			 (unsigned long long)base);
		assert_int_equal(fdt_begin_node(fdt, name), 0);
		assert_int_equal(fdt_property(fdt, "compatible",
					      "sifive,clint0\0riscv,clint0",
					      27),
				 0);
		assert_int_equal(fdt_property(fdt, "reg", reg, sizeof(reg)), 0);
		assert_int_equal(fdt_property(fdt, "interrupts-extended", irqs,
					      sizeof(irqs)),
				 0);
		assert_int_equal(fdt_end_node(fdt), 0);
	}
	assert_int_equal(fdt_end_node(fdt), 0);
	assert_int_equal(fdt_finish(fdt), 0);
	return fdt;
}

static void test_clint__512_harts_over_four_sockets(void **state)
{
	void *fdt = build_512();
	struct platform_fdt_verdict v;
	struct test_timers *t;

	(void)state;
	assert_int_equal(platform_fdt_check(fdt, BIG_MAX, &v), 0);
	t = scan_timers(fdt, MAX_DEVS, MAX_HARTS);
	assert_int_equal(t->sum.n_devs, 4);
	for (unsigned int d = 0; d < 4; d++)
		assert_clint(&t->devs[d], 0x2000000 + d * 0x10000, 128);
	for (unsigned int h = 0; h < 512; h++)
		assert_hart(t, h, h / 128, h % 128, h / 128, h % 128);
	assert_int_equal(t->harts_over + t->duplicates, 0);
	free(t);
	/* a table of 200 harts: the rest counted, two contexts each */
	t = scan_timers(fdt, 3, 200);
	assert_int_equal(t->sum.n_devs, 4); /* the walk has no limit */
	assert_int_equal(t->n_devs, 3);
	assert_int_equal(t->devs_over, 1);
	assert_int_equal(t->harts_over, 2 * (384 - 200));
	assert_hart(t, 199, 1, 71, 1, 71);
	free(t);
	free(fdt);
}

/* What one CLINT / ACLINT node's properties make of it. */
struct timer_case {
	const char *compat;
	uint32_t irq_cells; /* of every intc */
	const uint32_t *irqs;
	int n_irqs; /* cells, -1: an odd byte more */
	uint64_t reg_size;
	const char *problem; /* NULL: accepted */
};

static const struct timer_case *timer_case;

static void build_timer_case(void *fdt)
{
	const struct timer_case *k = timer_case;
	int soc, dev, other;

	add_cpus(fdt, 4, k->irq_cells);
	soc = add_soc(fdt);
	other = node(fdt, soc, "other");
	u32(fdt, other, "phandle", 0x50);
	str(fdt, other, "compatible", "acme,thing");
	u32(fdt, other, "#interrupt-cells", 1);
	dev = node(fdt, soc, "timer@2000000");
	str(fdt, dev, "compatible", k->compat);
	reg64(fdt, dev, 0x2000000, k->reg_size);
	if (k->n_irqs >= 0) {
		cells(fdt, dev, "interrupts-extended", k->irqs, k->n_irqs);
	} else {
		uint8_t odd[9] = {0, 0, 0, 1, 0, 0, 0, 3, 0};

		assert_int_equal(fdt_setprop(fdt, dev, "interrupts-extended",
					     odd, sizeof(odd)),
				 0);
	}
}

static void run_timer_case(const struct timer_case *k)
{
	struct test_timers *t;
	void *fdt;

	timer_case = k;
	fdt = tree(build_timer_case);
	t = scan_timers(fdt, MAX_DEVS, MAX_HARTS);
	if (k->problem) {
		assert_int_equal(t->sum.n_devs, 0);
		assert_int_equal(t->sum.refused, 1);
		assert_string_equal(t->sum.first_refused.problem, k->problem);
		assert_int_equal(t->sum.first_refused.node,
				 fdt_path_offset(fdt, "/soc/timer@2000000"));
		/* refused whole: no hart got anything */
		for (unsigned int h = 0; h < 4; h++)
			assert_hart(t, h, TEST_NO_DEV, 0, TEST_NO_DEV, 0);
	} else {
		assert_int_equal(t->sum.n_devs, 1);
		assert_int_equal(t->sum.refused, 0);
	}
	free(t);
	free(fdt);
}

static void test_timers__hostile_interrupt_cells_rejected(void **state)
{
	static const uint32_t pairs[] = {1, 3, 1, 7, 2, 3, 2, 7};
	static const uint32_t cut[] = {1, 3, 1, 7, 2};
	static const uint32_t to_other[] = {1, 3, 0x50, 3};
	static const uint32_t to_nothing[] = {1, 3, 0x99, 3};
	static const uint32_t to_zero[] = {0, 3};
	static const uint32_t s_only[] = {1, 1, 1, 5};
	static const uint32_t three[] = {1, 3, 2, 3, 3, 3};
	static const struct timer_case cases[] = {
		{"riscv,clint0", 1, pairs, 8, 0x10000, NULL},
		{"riscv,clint0", 0, pairs, 8, 0x10000,
		 "interrupts-extended: #interrupt-cells not 1 to 4"},
		{"riscv,clint0", 0xffffffff, pairs, 8, 0x10000,
		 "interrupts-extended: #interrupt-cells not 1 to 4"},
		{"riscv,clint0", 5, pairs, 8, 0x10000,
		 "interrupts-extended: #interrupt-cells not 1 to 4"},
		{"riscv,clint0", 1, cut, 5, 0x10000,
		 "interrupts-extended: last tuple cut short"},
		{"riscv,clint0", 1, pairs, -1, 0x10000,
		 "interrupts-extended: not whole cells"},
		{"riscv,clint0", 1, pairs, 0, 0x10000,
		 "interrupts-extended: no machine-level contexts"},
		{"riscv,clint0", 1, to_other, 4, 0x10000,
		 "interrupts-extended: phandle names no cpu's child"},
		{"riscv,clint0", 1, to_nothing, 4, 0x10000,
		 "interrupts-extended: phandle names no cpu's child"},
		{"riscv,clint0", 1, to_zero, 2, 0x10000,
		 "interrupts-extended: not a phandle"},
		{"riscv,clint0", 1, s_only, 4, 0x10000,
		 "interrupts-extended: no machine-level contexts"},
		{"sifive,clint0", 1, pairs, 8, 0xbfff,
		 "reg too small for a CLINT"},
		{"riscv,aclint-mswi", 1, three, 6, 12, NULL},
		{"riscv,aclint-mswi", 1, three, 6, 8,
		 "interrupts-extended: more contexts than reg holds"},
		{"riscv,aclint-mtimer", 1, pairs, 8, 0x7fff,
		 "reg too small for an MTIMER"},
	};

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		run_timer_case(&cases[i]);
}

/* Two cells per intc: the first is the interrupt, the second skipped. */
static const uint32_t wide_irqs[] = {1, 3, 0xdead, 1, 7, 0xbeef};

static void build_wide_cells(void *fdt)
{
	static const struct timer_case k = {"riscv,clint0", 2,	 wide_irqs, 6,
					    0x10000,	    NULL};

	timer_case = &k;
	build_timer_case(fdt);
}

static void test_timers__two_interrupt_cells_first_is_irq(void **state)
{
	void *fdt = tree(build_wide_cells);
	struct test_timers *t = scan_timers(fdt, MAX_DEVS, MAX_HARTS);

	(void)state;
	assert_int_equal(t->sum.n_devs, 1);
	assert_hart(t, 0, 0, 0, 0, 0);
	free(t);
	free(fdt);
}

/*
 * A CLINT listing S-level interrupts too (1 and 5 between M's), then
 * an MSWI and a single-reg MTIMER for the same harts, after it in tree
 * order: the CLINT keeps them, the later ones count as duplicates.
 */
static void build_mixed(void *fdt)
{
	static const uint32_t clint[] = {1, 1, 1, 3, 1, 5, 1, 7,
					 2, 1, 2, 3, 2, 5, 2, 7};
	static const uint32_t mswi[] = {3, 3, 1, 3};
	static const uint32_t mtimer[] = {4, 7, 2, 7};
	int soc, dev;

	add_cpus(fdt, 4, 1);
	soc = add_soc(fdt);
	dev = node(fdt, soc, "mtimer@4000000");
	str(fdt, dev, "compatible", "riscv,aclint-mtimer");
	reg64(fdt, dev, 0x4000000, 0x8000);
	cells(fdt, dev, "interrupts-extended", mtimer, 4);
	dev = node(fdt, soc, "mswi@3000000");
	str(fdt, dev, "compatible", "riscv,aclint-mswi");
	reg64(fdt, dev, 0x3000000, 0x4000);
	cells(fdt, dev, "interrupts-extended", mswi, 4);
	dev = node(fdt, soc, "clint@2100000"); /* disabled: skipped */
	str(fdt, dev, "compatible", "riscv,clint0");
	str(fdt, dev, "status", "disabled");
	dev = node(fdt, soc, "clint@2000000");
	str(fdt, dev, "compatible", "riscv,clint0");
	reg64(fdt, dev, 0x2000000, 0x10000);
	cells(fdt, dev, "interrupts-extended", clint, 16);
}

static void test_timers__s_level_skipped_first_device_kept(void **state)
{
	void *fdt = tree(build_mixed);
	struct test_timers *t = scan_timers(fdt, MAX_DEVS, MAX_HARTS);

	(void)state;
	assert_int_equal(t->sum.n_devs, 3);
	assert_int_equal(t->sum.refused, 0);
	assert_clint(&t->devs[0], 0x2000000, 2);
	assert_int_equal(t->devs[1].n_ipi, 2);
	/* one reg: the ACLINT default layout */
	assert_int_equal(t->devs[2].mtimecmp, 0x4000000);
	assert_int_equal(t->devs[2].mtime, 0x4007ff8);
	assert_hart(t, 0, 0, 0, 0, 0);
	assert_hart(t, 1, 0, 1, 0, 1);
	assert_hart(t, 2, 1, 0, TEST_NO_DEV, 0);
	assert_hart(t, 3, TEST_NO_DEV, 0, 2, 0);
	assert_int_equal(t->duplicates, 2); /* hart 0's MSIP, mtimecmp */
	free(t);
	free(fdt);
}

static void build_timebase_in_cpu(void *fdt)
{
	int cpus = node(fdt, 0, "cpus"), cpu;

	cpu = node(fdt, cpus, "cpu@0");
	str(fdt, cpu, "device_type", "cpu");
	cpu = node(fdt, cpus, "cpu@1");
	str(fdt, cpu, "device_type", "cpu");
	u32(fdt, cpu, "timebase-frequency", 32768);
}

static void build_no_timebase(void *fdt)
{
	int cpus = node(fdt, 0, "cpus");

	u32(fdt, cpus, "timebase-frequency", 0);
}

/* 8 bytes: 1 MHz taken; 2^32 Hz is more than one cell hands on. */
static uint32_t timebase_hi;

static void build_wide_timebase(void *fdt)
{
	uint32_t v[2] = {timebase_hi, 1000000};

	cells(fdt, node(fdt, 0, "cpus"), "timebase-frequency", v, 2);
}

static void test_timebase__cpus_then_cpu_node(void **state)
{
	void *fdt = load("qemu-virt-7.2.dtb");
	uint64_t hz = 0;

	(void)state;
	assert_null(dev_fdt_timebase(fdt, &hz));
	assert_int_equal(hz, 10000000);
	free(fdt);
	fdt = load("qemu-sifive_u-7.2-smp2.dtb");
	assert_null(dev_fdt_timebase(fdt, &hz));
	assert_int_equal(hz, 1000000);
	free(fdt);
	fdt = tree(build_timebase_in_cpu);
	assert_null(dev_fdt_timebase(fdt, &hz));
	assert_int_equal(hz, 32768);
	free(fdt);
	fdt = tree(build_no_timebase);
	assert_string_equal(dev_fdt_timebase(fdt, &hz),
			    "timebase: no usable timebase-frequency");
	free(fdt);
	timebase_hi = 0;
	fdt = tree(build_wide_timebase);
	assert_null(dev_fdt_timebase(fdt, &hz));
	assert_int_equal(hz, 1000000);
	free(fdt);
	timebase_hi = 1;
	fdt = tree(build_wide_timebase);
	assert_string_equal(dev_fdt_timebase(fdt, &hz),
			    "timebase: no usable timebase-frequency");
	free(fdt);
}

/* ---- reset and power-off ---- */

static void assert_write(const struct dev_fdt_reset *r, uint32_t srst,
			 uint64_t addr, uint32_t value, uint32_t mask)
{
	assert_int_equal(r->action, DEV_FDT_RESET_WRITE32);
	assert_int_equal(r->srst, srst);
	assert_int_equal(r->addr, addr);
	assert_int_equal(r->value, value);
	assert_int_equal(r->mask, mask);
}

static void test_reset__qemu_virt_syscon_and_test_finisher(void **state)
{
	void *fdt = load("qemu-virt-7.2.dtb");
	struct dev_fdt_resets out;

	(void)state;
	dev_fdt_resets(fdt, &test_reset_drivers, &out);
	assert_int_equal(out.refused, 0);
	assert_int_equal(out.n, 4);
	/* tree order: /poweroff, /reboot, then /soc/test@100000 */
	assert_write(&out.r[0], DEV_FDT_SRST_SHUTDOWN, 0x100000, 0x5555,
		     0xffffffff);
	assert_write(&out.r[1], DEV_FDT_SRST_REBOOT, 0x100000, 0x7777,
		     0xffffffff);
	assert_write(&out.r[2], DEV_FDT_SRST_SHUTDOWN, 0x100000,
		     DEV_FDT_TEST_PASS, 0xffffffff);
	assert_write(&out.r[3], DEV_FDT_SRST_REBOOT, 0x100000,
		     DEV_FDT_TEST_RESET, 0xffffffff);
	assert_int_equal(DEV_FDT_TEST_FAIL_CODE(0x12345), 0x23453333);
	free(fdt);
}

static void test_reset__gpio_restart_on_sifive_u(void **state)
{
	void *fdt = load("qemu-sifive_u-7.2-smp2.dtb");
	struct dev_fdt_resets out;
	const struct dev_fdt_reset *r = &out.r[0];

	(void)state;
	dev_fdt_resets(fdt, &test_reset_drivers, &out);
	assert_int_equal(out.refused, 0);
	assert_int_equal(out.n, 1);
	assert_int_equal(r->action, DEV_FDT_RESET_GPIO);
	assert_int_equal(r->srst, DEV_FDT_SRST_COLD | DEV_FDT_SRST_WARM);
	assert_int_equal(r->gpio_base, 0x10060000);
	assert_int_equal(r->pin, 10);
	assert_true(r->active_low);
	assert_false(r->open_source);
	assert_int_equal(r->active_delay_ms, 100);
	assert_int_equal(r->inactive_delay_ms, 100);
	assert_int_equal(r->wait_delay_ms, 3000);
	assert_int_equal(r->node, fdt_path_offset(fdt, "/gpio-restart"));
	free(fdt);
}

/* Spike's one way off is HTIF's: tohost 8 bytes above fromhost. */
static void test_reset__spike_htif_shutdown_only(void **state)
{
	void *fdt = load("qemu-spike-7.2.dtb");
	struct dev_fdt_resets out;

	(void)state;
	dev_fdt_resets(fdt, &test_reset_drivers, &out);
	assert_int_equal(out.refused + out.over, 0);
	assert_int_equal(out.first_refused.node, -1);
	assert_int_equal(out.n, 1);
	assert_int_equal(out.r[0].action, DEV_FDT_RESET_HTIF);
	assert_int_equal(out.r[0].srst, DEV_FDT_SRST_SHUTDOWN);
	assert_int_equal(out.r[0].addr, 0x1000008);
	assert_ptr_equal(out.r[0].driver, &test_reset_driver_list[8]);
	free(fdt);
}

/*
 * syscon variants: the old binding (mask only), value and mask, the
 * parent as syscon (no regmap), then refusals.
 */
static void build_syscons(void *fdt)
{
	int soc = add_soc(fdt), sys, n;

	sys = node(fdt, soc, "syscon@100000");
	assert_int_equal(
		fdt_setprop(fdt, sys, "compatible", "acme,ctl\0syscon", 16), 0);
	reg64(fdt, sys, 0x100000, 0x1000);
	u32(fdt, sys, "phandle", 0x20);
	n = node(fdt, sys, "child"); /* no regmap: the parent */
	str(fdt, n, "compatible", "syscon-reboot");
	u32(fdt, n, "offset", 0xffc);
	u32(fdt, n, "value", 0x1);
	n = node(fdt, 0, "no-value");
	str(fdt, n, "compatible", "syscon-poweroff");
	u32(fdt, n, "regmap", 0x20);
	u32(fdt, n, "offset", 0);
	n = node(fdt, 0, "not-syscon"); /* the parent is /, no syscon */
	str(fdt, n, "compatible", "syscon-poweroff");
	u32(fdt, n, "offset", 0);
	u32(fdt, n, "value", 0x1);
	n = node(fdt, 0, "outside");
	str(fdt, n, "compatible", "syscon-reboot");
	u32(fdt, n, "regmap", 0x20);
	u32(fdt, n, "offset", 0x1000);
	u32(fdt, n, "value", 0x1);
	n = node(fdt, 0, "masked");
	str(fdt, n, "compatible", "syscon-poweroff");
	u32(fdt, n, "regmap", 0x20);
	u32(fdt, n, "offset", 0x20);
	u32(fdt, n, "value", 0xf0);
	u32(fdt, n, "mask", 0xff);
	n = node(fdt, 0, "old");
	str(fdt, n, "compatible", "syscon-reboot");
	u32(fdt, n, "regmap", 0x20);
	u32(fdt, n, "offset", 0x10);
	u32(fdt, n, "mask", 0x1);
}

static void test_reset__syscon_value_mask_and_refusals(void **state)
{
	void *fdt = tree(build_syscons);
	struct dev_fdt_resets out;

	(void)state;
	dev_fdt_resets(fdt, &test_reset_drivers, &out);
	/* tree order: old, masked, outside, not-syscon, no-value, soc */
	assert_int_equal(out.n, 3);
	assert_write(&out.r[0], DEV_FDT_SRST_REBOOT, 0x100010, 0x1, 0xffffffff);
	assert_write(&out.r[1], DEV_FDT_SRST_SHUTDOWN, 0x100020, 0xf0, 0xff);
	assert_write(&out.r[2], DEV_FDT_SRST_REBOOT, 0x100ffc, 0x1, 0xffffffff);
	assert_int_equal(out.refused, 3);
	assert_string_equal(out.first_refused.role, "syscon-reboot");
	assert_string_equal(out.first_refused.problem,
			    "offset outside the syscon's reg");
	assert_int_equal(out.first_refused.node,
			 fdt_path_offset(fdt, "/outside"));
	free(fdt);
}

static const uint32_t *gpio_spec;

/* A sifive,gpio0 (phandle 7) and a gpio-restart with @gpio_spec. */
static void build_gpio(void *fdt)
{
	int soc = add_soc(fdt), g, n;

	g = node(fdt, soc, "gpio@10060000");
	str(fdt, g, "compatible", "sifive,gpio0");
	reg64(fdt, g, 0x10060000, 0x1000);
	u32(fdt, g, "#gpio-cells", gpio_spec[3]);
	u32(fdt, g, "phandle", 7);
	n = node(fdt, 0, "gpio-poweroff");
	str(fdt, n, "compatible", "gpio-poweroff");
	cells(fdt, n, "gpios", gpio_spec, 3);
	u32(fdt, n, "timeout-ms", 500);
	assert_int_equal(fdt_setprop_empty(fdt, n, "input"), 0);
}

static void test_reset__gpio_poweroff_and_hostile_specifiers(void **state)
{
	static const uint32_t good[] = {7, 31, 0, 2};
	static const uint32_t pin32[] = {7, 32, 0, 2};
	static const uint32_t cells3[] = {7, 1, 0, 3};
	static const uint32_t no_ctrl[] = {9, 1, 0, 2};
	struct dev_fdt_resets out;
	void *fdt;

	(void)state;
	gpio_spec = good;
	fdt = tree(build_gpio);
	dev_fdt_resets(fdt, &test_reset_drivers, &out);
	assert_int_equal(out.n, 1);
	assert_int_equal(out.r[0].srst, DEV_FDT_SRST_SHUTDOWN);
	assert_int_equal(out.r[0].pin, 31);
	assert_false(out.r[0].active_low);
	assert_true(out.r[0].open_source);
	assert_int_equal(out.r[0].wait_delay_ms, 500);
	free(fdt);
	gpio_spec = pin32;
	fdt = tree(build_gpio);
	dev_fdt_resets(fdt, &test_reset_drivers, &out);
	assert_int_equal(out.n, 0);
	assert_string_equal(out.first_refused.problem,
			    "gpio pin beyond the controller's");
	free(fdt);
	gpio_spec = cells3;
	fdt = tree(build_gpio);
	dev_fdt_resets(fdt, &test_reset_drivers, &out);
	assert_string_equal(out.first_refused.problem,
			    "gpio controller #gpio-cells not 2");
	free(fdt);
	gpio_spec = no_ctrl;
	fdt = tree(build_gpio);
	dev_fdt_resets(fdt, &test_reset_drivers, &out);
	assert_string_equal(out.first_refused.problem, "gpios names no node");
	free(fdt);
}

/*
 * JH7110's gpio-restart (pin 35 of the system pinctrl, as the
 * VisionFive 2's tree has it) with @gpio_spec, the pinctrl's reg
 * @jh7110_gpio_size long; and a pinctrl the firmware does not drive.
 */
static uint64_t jh7110_gpio_size = 0x10000;

static void build_jh7110_gpio(void *fdt)
{
	int soc = add_soc(fdt), g, n;

	g = node(fdt, soc, "pinctrl@13040000");
	str(fdt, g, "compatible", "starfive,jh7110-sys-pinctrl");
	reg64(fdt, g, 0x13040000, jh7110_gpio_size);
	assert_int_equal(fdt_setprop_empty(fdt, g, "gpio-controller"), 0);
	u32(fdt, g, "#gpio-cells", gpio_spec[3]);
	u32(fdt, g, "phandle", 7);
	g = node(fdt, soc, "pinctrl@11910000");
	str(fdt, g, "compatible", "starfive,jh7100-pinctrl");
	reg64(fdt, g, 0x11910000, 0x10000);
	u32(fdt, g, "#gpio-cells", 2);
	u32(fdt, g, "phandle", 8);
	n = node(fdt, 0, "gpio-restart");
	str(fdt, n, "compatible", "gpio-restart");
	cells(fdt, n, "gpios", gpio_spec, 3);
}

static void test_reset__gpio_restart_on_jh7110_pinctrl(void **state)
{
	static const uint32_t pin35[] = {7, 35, 0, 2};
	static const uint32_t pin63_low[] = {7, 63, 1, 2};
	static const uint32_t pin64[] = {7, 64, 0, 2};
	static const uint32_t jh7100[] = {8, 35, 0, 2};
	struct dev_fdt_resets out;
	void *fdt;

	(void)state;
	gpio_spec = pin35;
	fdt = tree(build_jh7110_gpio);
	dev_fdt_resets(fdt, &test_reset_drivers, &out);
	assert_int_equal(out.n, 1);
	assert_int_equal(out.r[0].srst, DEV_FDT_SRST_REBOOT);
	assert_ptr_equal(out.r[0].gpio, &test_gpio_driver_list[1]);
	assert_int_equal(out.r[0].gpio_base, 0x13040000);
	assert_int_equal(out.r[0].pin, 35);
	assert_false(out.r[0].active_low);
	free(fdt);
	/* 64 pins: the last one's bytes end the register arrays */
	gpio_spec = pin63_low;
	jh7110_gpio_size = DEV_FDT_STARFIVE_GPIO_DOUT + 64;
	fdt = tree(build_jh7110_gpio);
	dev_fdt_resets(fdt, &test_reset_drivers, &out);
	assert_int_equal(out.n, 1);
	assert_int_equal(out.r[0].pin, 63);
	assert_true(out.r[0].active_low);
	free(fdt);
	jh7110_gpio_size = DEV_FDT_STARFIVE_GPIO_DOUT + 60;
	fdt = tree(build_jh7110_gpio);
	dev_fdt_resets(fdt, &test_reset_drivers, &out);
	assert_int_equal(out.n, 0);
	assert_string_equal(out.first_refused.problem,
			    "gpio controller reg too small");
	free(fdt);
	jh7110_gpio_size = 0x10000;
	gpio_spec = pin64;
	fdt = tree(build_jh7110_gpio);
	dev_fdt_resets(fdt, &test_reset_drivers, &out);
	assert_int_equal(out.n, 0);
	assert_string_equal(out.first_refused.problem,
			    "gpio pin beyond the controller's");
	free(fdt);
	gpio_spec = jh7100;
	fdt = tree(build_jh7110_gpio);
	dev_fdt_resets(fdt, &test_reset_drivers, &out);
	assert_int_equal(out.n, 0);
	assert_string_equal(out.first_refused.problem,
			    "gpio controller not an enabled one we drive");
	free(fdt);
}

/*
 * The three I2C resets as the boards' trees have them: JH7110's
 * AXP15060 at 0x36 and SG2042's MCU at 0x17 on DesignWare controllers,
 * FU740's DA9063 at 0x58 on an OpenCores one (reg-shift 2, 8-bit
 * registers); @pmic_case says what to spoil.
 */
enum pmic_case {
	PMIC_GOOD,
	PMIC_ADDR_8BIT,
	PMIC_BUS_OFF,
	PMIC_BUS_WIDTH,
	PMIC_CLOCK_BEYOND
};
static enum pmic_case pmic_case;

static int add_i2c(void *fdt, int soc, const char *name, const char *compat,
		   uint64_t base)
{
	int bus = node(fdt, soc, name);

	str(fdt, bus, "compatible", compat);
	reg64(fdt, bus, base, 0x1000);
	u32(fdt, bus, "#address-cells", 1);
	u32(fdt, bus, "#size-cells", 0);
	return bus;
}

static void add_pmic(void *fdt, int bus, const char *name, const char *compat,
		     uint32_t addr)
{
	int n = node(fdt, bus, name);

	str(fdt, n, "compatible", compat);
	u32(fdt, n, "reg", addr);
}

static void build_pmics(void *fdt)
{
	int soc = add_soc(fdt), bus;

	bus = add_i2c(fdt, soc, "i2c@7030006000", "snps,designware-i2c",
		      0x7030006000);
	add_pmic(fdt, bus, "syscon@17", "sophgo,sg2042-hwmon-mcu", 0x17);
	bus = add_i2c(fdt, soc, "i2c@10030000", "sifive,i2c0", 0x10030000);
	u32(fdt, bus, "reg-shift", 2);
	u32(fdt, bus, "reg-io-width", pmic_case == PMIC_BUS_WIDTH ? 2 : 1);
	add_pmic(fdt, bus, "pmic@58", "dlg,da9063", 0x58);
	bus = add_i2c(fdt, soc, "i2c@12050000", "snps,designware-i2c",
		      0x12050000);
	if (pmic_case == PMIC_BUS_OFF)
		str(fdt, bus, "status", "disabled");
	/* JH7110's bus clock: syscrg (phandle 9) clock 143, I2C5's APB */
	cells(fdt, bus, "clocks", (const uint32_t[]){9, 143}, 2);
	add_pmic(fdt, bus, "pmic@36", "x-powers,axp15060",
		 pmic_case == PMIC_ADDR_8BIT ? 0x80 : 0x36);
	bus = node(fdt, soc, "clock-controller@13020000");
	str(fdt, bus, "compatible", "starfive,jh7110-syscrg");
	reg64(fdt, bus, 0x13020000,
	      pmic_case == PMIC_CLOCK_BEYOND ? 0x23c : 0x10000);
	u32(fdt, bus, "#clock-cells", 1);
	u32(fdt, bus, "phandle", 9);
}

static void assert_i2c(const struct dev_fdt_reset *r, uint32_t srst,
		       const struct dev_fdt_i2c_driver *bus, uint64_t base,
		       uint32_t addr)
{
	assert_int_equal(r->action, DEV_FDT_RESET_I2C);
	assert_int_equal(r->srst, srst);
	assert_ptr_equal(r->i2c, bus);
	assert_int_equal(r->i2c_base, base);
	assert_int_equal(r->i2c_addr, addr);
	assert_non_null(r->ops);
}

static void test_reset__i2c_pmics_on_their_buses(void **state)
{
	struct dev_fdt_resets out;
	void *fdt;

	(void)state;
	pmic_case = PMIC_GOOD;
	fdt = tree(build_pmics);
	dev_fdt_resets(fdt, &test_reset_drivers, &out);
	assert_int_equal(out.refused, 0);
	assert_int_equal(out.n, 6);
	/* tree order: the AXP15060's bus was added last, so comes first */
	assert_i2c(&out.r[0], DEV_FDT_SRST_SHUTDOWN, &test_i2c_driver_list[0],
		   0x12050000, 0x36);
	assert_i2c(&out.r[1], DEV_FDT_SRST_REBOOT, &test_i2c_driver_list[0],
		   0x12050000, 0x36);
	/* its bus clock turned on first; the others name none */
	assert_int_equal(out.r[0].i2c_clock, 0x13020000 + 4 * 143);
	assert_int_equal(out.r[2].i2c_clock, 0);
	/* AXP15060: register 0x32, bit 7 off, bit 6 restart, read first */
	assert_int_equal(out.r[0].n_ops, 1);
	assert_int_equal(out.r[0].ops[0].kind, DEV_FDT_I2C_UPDATE);
	assert_int_equal(out.r[0].ops[0].reg, 0x32);
	assert_int_equal(out.r[0].ops[0].value, 0x80);
	assert_int_equal(out.r[1].ops[0].value, 0x40);
	assert_i2c(&out.r[2], DEV_FDT_SRST_SHUTDOWN, &test_i2c_driver_list[1],
		   0x10030000, 0x58);
	assert_int_equal(out.r[2].i2c_reg_shift, 2);
	assert_int_equal(out.r[2].i2c_reg_io_width, 1);
	/* DA9063: the chip's id checked before anything is written */
	assert_int_equal(out.r[2].ops[1].kind, DEV_FDT_I2C_EXPECT);
	assert_int_equal(out.r[2].ops[2].kind, DEV_FDT_I2C_EXPECT);
	assert_int_equal(out.r[2].ops[2].reg, 0x81);
	assert_int_equal(out.r[2].ops[2].value, 0x61);
	assert_int_equal(out.r[2].ops[out.r[2].n_ops - 1].reg, 0x13);
	assert_int_equal(out.r[2].ops[out.r[2].n_ops - 1].value, 0x02);
	assert_int_equal(out.r[3].ops[out.r[3].n_ops - 1].reg, 0x0E);
	assert_i2c(&out.r[4], DEV_FDT_SRST_SHUTDOWN, &test_i2c_driver_list[0],
		   0x7030006000, 0x17);
	assert_int_equal(out.r[4].ops[0].reg, 0x03);
	assert_int_equal(out.r[4].ops[0].value, 0x02);
	assert_int_equal(out.r[5].ops[0].value, 0x07);
	free(fdt);
}

static void test_reset__i2c_refusals_name_their_reason(void **state)
{
	static const struct {
		enum pmic_case k;
		const char *role, *problem;
	} cases[] = {
		{PMIC_ADDR_8BIT, "x-powers,axp15060",
		 "reg not a 7-bit i2c address"},
		{PMIC_BUS_OFF, "x-powers,axp15060",
		 "i2c bus not an enabled controller we drive"},
		{PMIC_BUS_WIDTH, "dlg,da9063",
		 "i2c bus reg-io-width neither 1 nor 4"},
		{PMIC_CLOCK_BEYOND, "x-powers,axp15060",
		 "i2c bus clock beyond its controller's reg"},
	};
	struct dev_fdt_resets out;

	(void)state;
	for (unsigned int i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		void *fdt;

		pmic_case = cases[i].k;
		fdt = tree(build_pmics);
		dev_fdt_resets(fdt, &test_reset_drivers, &out);
		assert_int_equal(out.refused, 1);
		assert_int_equal(out.n, 4);
		assert_string_equal(out.first_refused.role, cases[i].role);
		assert_string_equal(out.first_refused.problem,
				    cases[i].problem);
		free(fdt);
	}
	pmic_case = PMIC_GOOD;
}

/* Five finishers: two actions each, eight fit, the fifth's two over. */
static void build_five_tests(void *fdt)
{
	int soc = add_soc(fdt);

	for (int i = 4; i >= 0; i--) {
		char name[32];
		int n;

		snprintf(name, sizeof(name), "test@%d", i);
		n = node(fdt, soc, name);
		str(fdt, n, "compatible", "sifive,test0");
		reg64(fdt, n, 0x100000u + 0x1000u * (uint32_t)i, 0x1000);
	}
}

static void test_reset__capacity_counted_whole_nodes(void **state)
{
	void *fdt = tree(build_five_tests);
	struct dev_fdt_resets out;

	(void)state;
	dev_fdt_resets(fdt, &test_reset_drivers, &out);
	assert_int_equal(out.n, DEV_FDT_MAX_RESETS);
	assert_int_equal(out.over, 2);
	assert_int_equal(out.r[7].addr, 0x103000);
	free(fdt);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_console__qemu_virt__ns16550a_with_clock),
		cmocka_unit_test(test_console__sifive_u__sifive_uart0),
		cmocka_unit_test(test_console__htif_on_spike),
		cmocka_unit_test(test_console__rzfive_scif_from_stdout_path),
		cmocka_unit_test(test_console__driver_table_decides),
		cmocka_unit_test(test_console__follows_stdout_path_alias),
		cmocka_unit_test(test_console__refusals_name_their_reason),
		cmocka_unit_test(
			test_console__stdout_path_to_no_node_falls_back_to_serial0),
		cmocka_unit_test(test_console__no_stdout_path_takes_serial0),
		cmocka_unit_test(
			test_console__bad_serial0_takes_first_known_enabled_node),
		cmocka_unit_test(
			test_console__none_when_no_node_a_driver_knows),
		cmocka_unit_test(test_console__serial0_to_no_node_said),
		cmocka_unit_test(
			test_console__disabled_node_refused_with_its_offset),
		cmocka_unit_test(test_console__reg_translated_through_ranges),
		cmocka_unit_test(test_clint__qemu_virt_smp4__context_is_hart),
		cmocka_unit_test(
			test_clint__contexts_from_interrupts_extended_two_sockets),
		cmocka_unit_test(test_aclint__mswi_and_mtimer_two_sockets),
		cmocka_unit_test(test_clint__thead_c900__no_mtime),
		cmocka_unit_test(
			test_aclint__thead_c900_mtimer_is_mtimecmp_only),
		cmocka_unit_test(test_plicsw_plmt__rzfive_boot_loader_tree),
		cmocka_unit_test(test_plicsw_plmt__four_harts_context_is_tuple),
		cmocka_unit_test(test_plicsw_plmt__reg_must_hold_every_context),
		cmocka_unit_test(test_clint__sifive_u_serves_e51_and_u54),
		cmocka_unit_test(test_clint__spike_one_hart),
		cmocka_unit_test(test_clint__512_harts_over_four_sockets),
		cmocka_unit_test(
			test_timers__each_context_reported_with_hart_role_register),
		cmocka_unit_test(
			test_timers__node_matched_by_its_own_string_order),
		cmocka_unit_test(test_timers__hostile_interrupt_cells_rejected),
		cmocka_unit_test(test_timers__two_interrupt_cells_first_is_irq),
		cmocka_unit_test(
			test_timers__s_level_skipped_first_device_kept),
		cmocka_unit_test(test_timebase__cpus_then_cpu_node),
		cmocka_unit_test(
			test_reset__qemu_virt_syscon_and_test_finisher),
		cmocka_unit_test(test_reset__gpio_restart_on_sifive_u),
		cmocka_unit_test(test_reset__spike_htif_shutdown_only),
		cmocka_unit_test(test_reset__syscon_value_mask_and_refusals),
		cmocka_unit_test(
			test_reset__gpio_poweroff_and_hostile_specifiers),
		cmocka_unit_test(test_reset__gpio_restart_on_jh7110_pinctrl),
		cmocka_unit_test(test_reset__i2c_pmics_on_their_buses),
		cmocka_unit_test(test_reset__i2c_refusals_name_their_reason),
		cmocka_unit_test(test_reset__capacity_counted_whole_nodes),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
