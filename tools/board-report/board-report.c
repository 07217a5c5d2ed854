/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * board-report: what the firmware makes of a board's device tree, one
 * line per .dtb, for `make boards-check` (scripts/boards-check.py turns
 * the lines into docs/boards.md). Our side is the firmware's own code:
 * platform_fdt_check() and platform_fdt_scan(), the console decoder fed
 * the firmware's console drivers themselves (the driver files of firmware/dev/
 * compiled for the host, their .fw_console_drivers section gathered by
 * board-report.ld as firmware/linker.ld does) and each driver's probe,
 * the timer and doorbell walk with the firmware's timer drivers and the
 * reset decoders with its reset, GPIO and I2C drivers (their sections
 * gathered the same way), the AIA and riscv,pmu decoders, with the
 * firmware's hart limit (FW_MAX_HARTS).
 * The other side
 * is what OpenSBI's generic platform would match, from a table of its
 * drivers' compatible strings (--opensbi FILE): an enabled node with one
 * of a role's strings, the stdout-path node first for the console; a
 * gpio-restart / gpio-poweroff whose GPIO controller it drives; a PMIC
 * or MCU on an I2C controller it drives. That side is a model of
 * OpenSBI's matching, not a decoder: it says which driver would probe.
 *
 * Output: per tree, tab-separated key=value fields (values may hold
 * spaces, never a tab): tree, check, model, harts, smode, console, ipi,
 * timer, timebase, reset, refused, aplic, pmu, then osbi_console,
 * osbi_ipi, osbi_timer, osbi_reset ("-": none). Exit status 0, or 2 on
 * bad usage or an unreadable file.
 */
#define _POSIX_C_SOURCE 200809L

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libfdt.h>

#include "sbipmu/dev_fdt.h"
#include "sbipmu/dev_fdt_aia.h"
#include "sbipmu/platform_fdt.h"
#include "sbipmu/pmu_fdt.h"
#include "sbipmu/pmu_map.h"

#include "cpu/fw_defs.h" /* FW_MAX_HARTS */
#include "dev/dev.h"	 /* struct fw_console_driver, fw_timer_driver */

#define BOARD_MAX_FILE (4u << 20)
#define BOARD_MAX_OSBI 128
/* Every counter a hart may have but time (1): a board's real set is
 * unknown here, so the map is judged against the widest. */
#define BOARD_PMU_COUNTERS 0xFFFFFFFDu

/* ---- OpenSBI's drivers, as the table names them ---- */

struct board_osbi_entry {
	char role[16];
	char compat[64];
};

struct board_osbi {
	unsigned int n;
	struct board_osbi_entry e[BOARD_MAX_OSBI];
};

/* "role compatible source" lines; '#' starts a comment. */
static bool board_osbi_load(const char *path, struct board_osbi *t)
{
	char line[512];
	FILE *f = fopen(path, "r");

	if (!f)
		return false;
	t->n = 0;
	while (fgets(line, sizeof(line), f)) {
		struct board_osbi_entry *e = &t->e[t->n];

		if (line[0] == '#' || line[0] == '\n')
			continue;
		if (t->n == BOARD_MAX_OSBI ||
		    sscanf(line, "%15s %63s", e->role, e->compat) != 2) {
			fclose(f);
			return false;
		}
		t->n++;
	}
	fclose(f);
	return true;
}

static bool board_enabled(const void *fdt, int node)
{
	int len;
	const char *s = fdt_getprop(fdt, node, "status", &len);

	return !s || !strcmp(s, "okay") || !strcmp(s, "ok");
}

/* The table's string of @role that @node is compatible with, or NULL. */
static const char *board_osbi_match(const struct board_osbi *t,
				    const char *role, const void *fdt, int node)
{
	for (unsigned int i = 0; i < t->n; i++)
		if (!strcmp(t->e[i].role, role) &&
		    fdt_node_check_compatible(fdt, node, t->e[i].compat) == 0)
			return t->e[i].compat;
	return NULL;
}

/* The first enabled node in tree order that @role matches, or -1. */
static int board_osbi_find(const struct board_osbi *t, const char *role,
			   const void *fdt, const char **compat)
{
	for (int node = fdt_next_node(fdt, -1, NULL); node >= 0;
	     node = fdt_next_node(fdt, node, NULL)) {
		*compat = board_osbi_match(t, role, fdt, node);
		if (*compat && board_enabled(fdt, node))
			return node;
	}
	return -1;
}

/* /chosen/stdout-path's node (a path or an alias, ":options" cut). */
static int board_stdout_node(const void *fdt)
{
	char path[256];
	int chosen = fdt_path_offset(fdt, "/chosen"), len;
	const char *s, *colon;

	if (chosen < 0)
		return -1;
	s = fdt_getprop(fdt, chosen, "stdout-path", &len);
	if (!s || len < 2 || s[len - 1] != '\0')
		return -1;
	colon = strchr(s, ':');
	snprintf(path, sizeof(path), "%.*s",
		 (int)(colon ? (size_t)(colon - s) : strlen(s)), s);
	if (path[0] != '/') {
		const char *alias = fdt_get_alias(fdt, path);

		if (!alias)
			return -1;
		snprintf(path, sizeof(path), "%s", alias);
	}
	return fdt_path_offset(fdt, path);
}

static void board_osbi_console(const struct board_osbi *t, const void *fdt)
{
	int node = board_stdout_node(fdt);
	const char *compat = NULL;

	if (node >= 0)
		compat = board_osbi_match(t, "console", fdt, node);
	if (!compat && board_osbi_find(t, "console", fdt, &compat) < 0)
		compat = NULL;
	printf("\tosbi_console=%s", compat ? compat : "-");
}

static void board_osbi_simple(const struct board_osbi *t, const void *fdt,
			      const char *role)
{
	const char *compat = NULL;

	if (board_osbi_find(t, role, fdt, &compat) < 0)
		compat = NULL;
	printf("\tosbi_%s=%s", role, compat ? compat : "-");
}

/* The node the first phandle of @prop of @node names, or -1. */
static int board_phandle_target(const void *fdt, int node, const char *prop)
{
	int len;
	const fdt32_t *p = fdt_getprop(fdt, node, prop, &len);

	if (!p || len < 4)
		return -1;
	return fdt_node_offset_by_phandle(fdt, fdt32_to_cpu(p[0]));
}

/* @node's full path, after @sep. */
static void board_path(const void *fdt, int node, const char *sep)
{
	char path[256];

	if (fdt_get_path(fdt, node, path, sizeof(path)) != 0)
		snprintf(path, sizeof(path), "?");
	printf("%s%s", sep, path);
}

/* The @role string of @node if it is an enabled controller, or NULL. */
static const char *board_osbi_controller(const struct board_osbi *t,
					 const char *role, const void *fdt,
					 int node)
{
	if (node < 0 || !board_enabled(fdt, node))
		return NULL;
	return board_osbi_match(t, role, fdt, node);
}

/*
 * @node as a reset device OpenSBI would take: one that needs nothing
 * else, a GPIO pin on a controller it drives (the gpios phandle), or a
 * device on an I2C bus it drives (the parent node). Printed as
 * "compatible path[ via controller]" after @sep; returns the next
 * separator.
 */
static const char *board_osbi_reset_node(const struct board_osbi *t,
					 const void *fdt, int node,
					 const char *sep)
{
	const char *dev, *ctrl = NULL;

	if (!board_enabled(fdt, node))
		return sep;
	if ((dev = board_osbi_match(t, "reset", fdt, node))) {
		ctrl = NULL;
	} else if ((dev = board_osbi_match(t, "reset-gpio", fdt, node))) {
		ctrl = board_osbi_controller(
			t, "gpio", fdt,
			board_phandle_target(fdt, node, "gpios"));
		if (!ctrl)
			return sep;
	} else if ((dev = board_osbi_match(t, "reset-i2c", fdt, node))) {
		ctrl = board_osbi_controller(t, "i2c", fdt,
					     fdt_parent_offset(fdt, node));
		if (!ctrl)
			return sep;
	} else {
		return sep;
	}
	printf("%s%s", sep, dev);
	board_path(fdt, node, " ");
	if (ctrl)
		printf(" via %s", ctrl);
	return "; ";
}

static void board_osbi_reset(const struct board_osbi *t, const void *fdt)
{
	const char *sep = "";

	printf("\tosbi_reset=");
	for (int node = fdt_next_node(fdt, -1, NULL); node >= 0;
	     node = fdt_next_node(fdt, node, NULL))
		sep = board_osbi_reset_node(t, fdt, node, sep);
	if (!*sep)
		printf("-");
}

/* ---- ours: the firmware's decoders ---- */

/* First compatible string of @node, for naming it. */
static const char *board_compat(const void *fdt, int node)
{
	const char *s =
		node >= 0 ? fdt_getprop(fdt, node, "compatible", NULL) : NULL;

	return s ? s : "no compatible";
}

static const char *board_node_name(const void *fdt, int node)
{
	const char *s = node >= 0 ? fdt_get_name(fdt, node, NULL) : NULL;

	return s ? s : "?";
}

static const char *const board_console_from[] = {
	[DEV_FDT_CONSOLE_FROM_NONE] = "none",
	[DEV_FDT_CONSOLE_FROM_STDOUT_PATH] = "stdout-path",
	[DEV_FDT_CONSOLE_FROM_ALIAS] = "serial0",
	[DEV_FDT_CONSOLE_FROM_SCAN] = "first in the tree",
};

/* Why one way to the console gave none, if it was refused. */
static void board_console_why(const void *fdt, const char *way,
			      const struct dev_fdt_reject *r)
{
	if (!r->problem)
		return;
	printf("; %s", way);
	if (r->node >= 0)
		printf(" %s (%s)", board_node_name(fdt, r->node),
		       board_compat(fdt, r->node));
	printf(": %s", r->problem);
}

/* The string of @drv's list that @node is compatible with. */
static const char *board_driver_string(const void *fdt, int node,
				       const struct dev_fdt_console_driver *drv)
{
	for (const char *const *c = drv->compatible; *c; c++)
		if (fdt_node_check_compatible(fdt, node, *c) == 0)
			return *c;
	return drv->compatible[0];
}

/* As dev.c's dev_probe_console(): the decoder, then the driver's probe. */
static void board_console(const void *fdt)
{
	const struct dev_fdt_console_drivers drivers = {
		&_fw_console_drivers_start->fdt,
		sizeof(struct fw_console_driver),
		(unsigned int)(_fw_console_drivers_end -
			       _fw_console_drivers_start)};
	struct dev_fdt_console c;

	dev_fdt_console(fdt, &drivers, &c);
	if (c.driver >= 0 && _fw_console_drivers_start[c.driver].probe(&c)) {
		printf("\tconsole=%s %s (%s)", board_node_name(fdt, c.node),
		       board_driver_string(
			       fdt, c.node,
			       &_fw_console_drivers_start[c.driver].fdt),
		       board_console_from[c.from]);
		return;
	}
	printf("\tconsole=none");
	board_console_why(fdt, "stdout-path", &c.why);
	board_console_why(fdt, "serial0", &c.why_alias);
}

/* ---- timers and doorbells: the firmware's own drivers ---- */

/* One kind of device in one role, and how many devices of it serve. */
struct board_kind {
	const char *name;
	unsigned int n;
};

/*
 * As dev.c keeps it: for each hart of the table (by its index in the
 * facts) the first doorbell and timer context given to it; the kinds
 * of the devices some hart took a context of, by role, in tree order.
 */
struct board_timers {
	const struct platform_fdt_facts *f;
	bool took[2][FW_MAX_HARTS];
	struct board_kind *kinds[2]; /* room for every registered driver */
	unsigned int n_kinds[2];
	int last_node[2]; /* the device last counted in each role */
	bool mtime;
};

/* The facts' index of hart @id, or -1 if the table does not list it. */
static int board_hart_index(const struct platform_fdt_facts *f, uint64_t id)
{
	for (unsigned int i = 0; i < f->n_harts; i++)
		if (f->harts[i].id == id)
			return (int)i;
	return -1;
}

static void board_timer_dev(void *ctx, const struct dev_fdt_timer_dev *d)
{
	struct board_timers *t = ctx;

	t->mtime |= d->mtime != 0;
}

/* @name counted once more in @role's kinds. */
static void board_kind_count(struct board_timers *t, unsigned int role,
			     const char *name)
{
	unsigned int i;

	for (i = 0; i < t->n_kinds[role]; i++)
		if (!strcmp(t->kinds[role][i].name, name))
			break;
	if (i == t->n_kinds[role])
		t->kinds[role][t->n_kinds[role]++] =
			(struct board_kind){name, 0};
	t->kinds[role][i].n++;
}

/* The first context of each role a hart is given is the one it keeps. */
static void board_timer_hart(void *ctx, const struct dev_fdt_timer_dev *d,
			     const struct dev_fdt_hart_ctx *c)
{
	struct board_timers *t = ctx;
	int i = board_hart_index(t->f, c->hart);

	if (i < 0 || t->took[c->role][i])
		return;
	t->took[c->role][i] = true;
	if (t->last_node[c->role] != d->node) {
		t->last_node[c->role] = d->node;
		board_kind_count(t, c->role, d->driver->name);
	}
}

/* "aclint-mswi x1, aclint-mtimer x16": the devices by kind. */
static void board_timer_kinds(const struct board_timers *t, unsigned int role)
{
	for (unsigned int i = 0; i < t->n_kinds[role]; i++)
		printf("%s%s x%u", i ? ", " : " ", t->kinds[role][i].name,
		       t->kinds[role][i].n);
}

/*
 * As dev.c's fw_dev_probe_harts(): the walk with the firmware's timer
 * drivers (their files compiled for the host), each listed hart keeping
 * the first doorbell and mtimecmp it is given.
 */
static void board_timers(const void *fdt, const struct platform_fdt_facts *f)
{
	static struct board_timers t;
	const struct dev_fdt_timer_drivers drv = {
		&_fw_timer_drivers_start->fdt, sizeof(struct fw_timer_driver),
		(unsigned int)(_fw_timer_drivers_end -
			       _fw_timer_drivers_start)};
	const struct dev_fdt_timer_sink sink = {board_timer_dev,
						board_timer_hart, &t};
	struct dev_fdt_timer_summary sum;
	unsigned int ipi = 0, timer = 0, i;

	free(t.kinds[0]);
	free(t.kinds[1]);
	t = (struct board_timers){.f = f, .last_node = {-1, -1}};
	t.kinds[0] = calloc(drv.n + 1, sizeof(struct board_kind));
	t.kinds[1] = calloc(drv.n + 1, sizeof(struct board_kind));
	if (!t.kinds[0] || !t.kinds[1]) {
		printf("\tipi=?\ttimer=?\trefused=?");
		return;
	}
	dev_fdt_timers(fdt, &drv, &sink, &sum);
	for (i = 0; i < f->n_harts; i++) {
		ipi += t.took[DEV_FDT_ROLE_IPI][i];
		timer += t.took[DEV_FDT_ROLE_TIMER][i];
	}
	printf("\tipi=%u/%u", ipi, f->n_harts);
	board_timer_kinds(&t, DEV_FDT_ROLE_IPI);
	printf("\ttimer=%u/%u", timer, f->n_harts);
	board_timer_kinds(&t, DEV_FDT_ROLE_TIMER);
	if (timer)
		printf(t.mtime ? "; mtime register" : "; time CSR");
	printf("\trefused=%u", sum.refused);
	if (sum.refused)
		printf(" (%s: %s)", sum.first_refused.role,
		       sum.first_refused.problem);
}

static void board_timebase(const void *fdt)
{
	uint64_t hz;
	const char *why = dev_fdt_timebase(fdt, &hz);

	if (why)
		printf("\ttimebase=none (%s)", why);
	else
		printf("\ttimebase=%" PRIu64, hz);
}

/* As dev.c's dev_probe_resets(): the registered reset drivers. */
static void board_resets(const void *fdt)
{
	static struct dev_fdt_resets r;
	const struct dev_fdt_reset_drivers drv = {
		{_fw_reset_drivers_start, sizeof(struct fw_reset_driver),
		 (unsigned int)(_fw_reset_drivers_end -
				_fw_reset_drivers_start)},
		{_fw_gpio_drivers_start, sizeof(struct fw_gpio_driver),
		 (unsigned int)(_fw_gpio_drivers_end - _fw_gpio_drivers_start)},
		{_fw_i2c_drivers_start, sizeof(struct fw_i2c_driver),
		 (unsigned int)(_fw_i2c_drivers_end - _fw_i2c_drivers_start)},
	};
	uint32_t types = 0;
	unsigned int writes = 0, gpio = 0, i2c = 0;

	dev_fdt_resets(fdt, &drv, &r);
	for (unsigned int i = 0; i < r.n; i++) {
		types |= r.r[i].srst;
		writes += r.r[i].action == DEV_FDT_RESET_WRITE32;
		gpio += r.r[i].action == DEV_FDT_RESET_GPIO;
		i2c += r.r[i].action == DEV_FDT_RESET_I2C;
	}
	printf("\treset=");
	if (!types)
		printf("none");
	if (types & DEV_FDT_SRST_SHUTDOWN)
		printf("shutdown%s", types & DEV_FDT_SRST_REBOOT ? "+" : "");
	if (types & DEV_FDT_SRST_REBOOT)
		printf("reboot");
	if (r.n)
		printf(" (%u register write%s, %u gpio%s", writes,
		       writes == 1 ? "" : "s", gpio, i2c ? ", " : ")");
	if (i2c)
		printf("%u i2c)", i2c);
	if (r.refused)
		printf("; refused %s (%s): %s", r.first_refused.role,
		       board_node_name(fdt, r.first_refused.node),
		       r.first_refused.problem);
	printf("\treset_nodes=");
	for (unsigned int i = 0; i < r.n; i++)
		if (i == 0 || r.r[i].node != r.r[i - 1].node)
			board_path(fdt, r.r[i].node, i ? " " : "");
	if (!r.n)
		printf("-");
}

static void board_aia(const void *fdt)
{
	static struct dev_fdt_aia aia;

	dev_fdt_aia_scan(fdt, &aia);
	printf("\taplic=%u", aia.n);
	if (aia.refused)
		printf(" (%u refused: %s)", aia.refused, aia.why);
}

/* Diagnostics of the parser and map builder, counted by severity. */
static void board_pmu_count(void *ctx, const struct pmu_map_diag *d)
{
	unsigned int *counts = ctx;

	counts[d->severity == PMU_DIAG_ERROR]++;
}

/* As pmu_fdt_load(): the node's rows, then the map built from them. */
static void board_pmu(const void *fdt)
{
	static struct pmu_map map;
	struct pmu_map_input in;
	unsigned int counts[2] = {0, 0}; /* others, errors */
	int node = pmu_fdt_find_node(fdt), err;
	size_t size;
	void *rows;

	if (node < 0) {
		printf("\tpmu=none");
		return;
	}
	size = pmu_fdt_rows_size(fdt, node);
	rows = malloc(size ? size : 1);
	err = rows ? pmu_fdt_parse(fdt, node, rows, size, &in, board_pmu_count,
				   counts)
		   : -FDT_ERR_NOSPACE;
	if (err) {
		printf("\tpmu=unreadable (%s)", fdt_strerror(err));
		free(rows);
		return;
	}
	pmu_map_build(&map, BOARD_PMU_COUNTERS, &in, board_pmu_count, counts);
	printf("\tpmu=%zu/%zu/%zu rows, %u errors, %u other diagnostics",
	       in.n_sel, in.n_ctr, in.n_raw, counts[1], counts[0]);
	free(rows);
}

/* The model, with any tab or control byte made a space. */
static void board_model(const struct platform_fdt_facts *f)
{
	printf("\tmodel=");
	for (const char *s = f->model; *s; s++)
		putchar((unsigned char)*s < 0x20 ? ' ' : *s);
}

static void board_harts(const struct platform_fdt_facts *f)
{
	unsigned int smode = 0;

	for (unsigned int i = 0; i < f->n_harts; i++)
		smode += f->harts[i].mmu;
	printf("\tharts=%u", f->n_harts);
	if (f->harts_over)
		printf(" (+%u over the limit)", f->harts_over);
	printf("\tsmode=%u", smode);
}

/* ---- one tree ---- */

static void *board_read(const char *path, size_t *size)
{
	FILE *f = fopen(path, "rb");
	char *buf = malloc(BOARD_MAX_FILE);

	if (!f || !buf) {
		if (f)
			fclose(f);
		free(buf);
		return NULL;
	}
	*size = fread(buf, 1, BOARD_MAX_FILE, f);
	fclose(f);
	if (*size == 0 || *size == BOARD_MAX_FILE) {
		free(buf);
		return NULL;
	}
	return buf;
}

static int board_report(const char *path, const struct board_osbi *t)
{
	static struct platform_fdt_facts facts;
	struct platform_fdt_verdict v;
	size_t size;
	void *fdt = board_read(path, &size);

	if (!fdt) {
		fprintf(stderr, "board-report: %s: cannot read\n", path);
		return 2;
	}
	printf("tree=%s", path);
	if (platform_fdt_check(fdt, size, &v)) {
		printf("\tcheck=refused: %s (%s)\n", v.problem,
		       fdt_strerror(v.error));
		free(fdt);
		return 0;
	}
	platform_fdt_scan(fdt, FW_MAX_HARTS, &facts);
	printf("\tcheck=ok");
	board_model(&facts);
	board_harts(&facts);
	board_console(fdt);
	board_timers(fdt, &facts);
	board_timebase(fdt);
	board_resets(fdt);
	board_aia(fdt);
	board_pmu(fdt);
	board_osbi_console(t, fdt);
	board_osbi_simple(t, fdt, "ipi");
	board_osbi_simple(t, fdt, "timer");
	board_osbi_reset(t, fdt);
	putchar('\n');
	free(fdt);
	return 0;
}

/* The sections must hold whole structs, or the walks above misread them. */
static bool board_drivers_ok(void)
{
	size_t bytes = (size_t)((const char *)_fw_console_drivers_end -
				(const char *)_fw_console_drivers_start);
	size_t timer_bytes = (size_t)((const char *)_fw_timer_drivers_end -
				      (const char *)_fw_timer_drivers_start);

	return bytes && bytes % sizeof(struct fw_console_driver) == 0 &&
	       timer_bytes && timer_bytes % sizeof(struct fw_timer_driver) == 0;
}

int main(int argc, char **argv)
{
	static struct board_osbi table;
	int status = 0;

	if (argc < 4 || strcmp(argv[1], "--opensbi") != 0) {
		fprintf(stderr,
			"usage: board-report --opensbi TABLE FILE.dtb...\n");
		return 2;
	}
	if (!board_osbi_load(argv[2], &table)) {
		fprintf(stderr, "board-report: %s: unreadable table\n",
			argv[2]);
		return 2;
	}
	if (!board_drivers_ok()) {
		fprintf(stderr, "board-report: a driver section is not an "
				"array (link with board-report.ld)\n");
		return 2;
	}
	for (int i = 3; i < argc; i++)
		status |= board_report(argv[i], &table);
	return status;
}
