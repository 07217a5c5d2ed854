/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The console probe (dev_fdt.h), in the order a user expects: the node
 * /chosen/stdout-path names; failing that, the node /aliases/serial0
 * names (the serial port a board calls its first); failing that, the
 * first enabled node in tree order that a console driver knows and can
 * use. OpenSBI goes on to a UART it finds when stdout-path leads
 * nowhere, and a tree edited by hand (a stale stdout-path, or none)
 * usually still has its UART: staying silent there hid every message
 * and took DBCN from the next stage.
 *
 * A path, up to its ":options", goes to fdt_path_offset_namelen(),
 * which also resolves an alias name through /aliases. That lookup
 * follows an alias by calling itself on the alias's value, and is safe
 * on a hostile tree only because the libfdt we build (Linux 6.12's,
 * mk/libfdt.mk) accepts no value but a NUL-terminated absolute path: an
 * older one would recurse without end on "serial0 = serial0" or read
 * past a value without its NUL. tests/unit/test_dev_fdt.c keeps both
 * cases, so a libfdt that lost the check would fail there, not at boot.
 */
#include <libfdt.h>

#include "dev_fdt_util.h"
#include "sbipmu/dev_fdt.h"

static const char dev_fdt_console_role[] = "console";

/* stdout-path (or linux,stdout-path) up to its first ':' or NUL. */
static const char *dev_fdt_console_path(const void *fdt, const char **path,
					int *len)
{
	int chosen = fdt_path_offset(fdt, "/chosen"), n;
	const char *s = NULL;

	if (chosen >= 0)
		s = fdt_getprop(fdt, chosen, "stdout-path", &n);
	if (chosen >= 0 && !s)
		s = fdt_getprop(fdt, chosen, "linux,stdout-path", &n);
	if (!s)
		return "no /chosen/stdout-path";
	for (*len = 0; *len < n && s[*len] != ':' && s[*len] != '\0'; ++*len)
		continue;
	if (*len == 0)
		return "stdout-path empty";
	*path = s;
	return NULL;
}

static const struct dev_fdt_console_driver *
dev_fdt_console_driver_at(const struct dev_fdt_console_drivers *drv,
			  unsigned int i)
{
	return (const void *)((const char *)drv->first +
			      (size_t)i * drv->stride);
}

/* The index of the first driver of @drv that @node is one of, or -1. */
static int dev_fdt_console_match(const void *fdt, int node,
				 const struct dev_fdt_console_drivers *drv)
{
	unsigned int i;
	const char *const *compat;

	for (i = 0; i < drv->n; i++)
		for (compat = dev_fdt_console_driver_at(drv, i)->compatible;
		     compat && *compat; compat++)
			if (fdt_node_check_compatible(fdt, node, *compat) == 0)
				return (int)i;
	return -1;
}

/* reg-shift / reg-io-width (8250 binding; defaults 0 and 1). */
static const char *dev_fdt_console_8250(const void *fdt, int node,
					struct dev_fdt_console *c)
{
	uint32_t last;

	if (fdt_getprop(fdt, node, "reg-shift", NULL) &&
	    !dev_fdt_u32(fdt, node, "reg-shift", &c->reg_shift))
		return "reg-shift not one cell";
	if (fdt_getprop(fdt, node, "reg-io-width", NULL) &&
	    !dev_fdt_u32(fdt, node, "reg-io-width", &c->reg_io_width))
		return "reg-io-width not one cell";
	if (c->reg_shift > DEV_FDT_UART8250_MAX_SHIFT)
		return "reg-shift too large";
	if (c->reg_io_width != 1 && c->reg_io_width != 4)
		return "reg-io-width neither 1 nor 4";
	/* the 8 registers, the last one whole, inside reg */
	last = 7u << c->reg_shift;
	if (c->size < (uint64_t)last + c->reg_io_width)
		return "reg too small for 8 registers";
	/* information only: a malformed value is left at 0 */
	(void)dev_fdt_u32(fdt, node, "clock-frequency", &c->clock_hz);
	(void)dev_fdt_u32(fdt, node, "current-speed", &c->baud);
	return NULL;
}

/*
 * fromhost at reg 0; tohost at reg 1 if there is one, else
 * DEV_FDT_HTIF_TOHOST_AFTER_FROMHOST above it.
 */
const char *dev_fdt_htif_regs(const void *fdt, int node, uint64_t *fromhost,
			      uint64_t *tohost)
{
	const uint64_t word = 8; /* each register's size */
	const uint64_t gap = DEV_FDT_HTIF_TOHOST_AFTER_FROMHOST;
	struct dev_fdt_range from, to = {0, 0};
	const char *why = dev_fdt_reg(fdt, node, 0, &from);

	if (why)
		return why;
	if (from.size < word)
		return "reg too small for fromhost";
	/* inside reg, which does not wrap: no overflow */
	if (from.size >= gap)
		to = (struct dev_fdt_range){from.base + gap, from.size - gap};
	if (dev_fdt_reg_count(fdt, node) > 1) {
		why = dev_fdt_reg(fdt, node, 1, &to);
		if (why)
			return why;
	}
	if (to.size < word)
		return "reg too small for tohost";
	*fromhost = from.base;
	*tohost = to.base;
	return NULL;
}

static const char *
dev_fdt_console_decode(const void *fdt, int node,
		       const struct dev_fdt_console_drivers *drv,
		       struct dev_fdt_console *c)
{
	int kind = dev_fdt_console_match(fdt, node, drv);
	struct dev_fdt_range r;
	const char *why;

	if (!dev_fdt_enabled(fdt, node))
		return "disabled";
	if (kind < 0)
		return "no driver for its compatible";
	why = dev_fdt_reg(fdt, node, 0, &r);
	if (why)
		return why;
	c->driver = kind;
	c->type = dev_fdt_console_driver_at(drv, (unsigned int)kind)->type;
	c->base = r.base;
	c->size = r.size;
	if (c->type == DEV_FDT_CONSOLE_UART8250)
		return dev_fdt_console_8250(fdt, node, c);
	if (c->type == DEV_FDT_CONSOLE_HTIF)
		return dev_fdt_htif_regs(fdt, node, &c->fromhost, &c->tohost);
	return NULL;
}

/* The node stdout-path names, or why there is none. */
static const char *dev_fdt_console_chosen(const void *fdt, int *node)
{
	const char *path = NULL, *why;
	int len = 0;

	why = dev_fdt_console_path(fdt, &path, &len);
	if (why)
		return why;
	*node = fdt_path_offset_namelen(fdt, path, len);
	return *node < 0 ? "stdout-path names no node" : NULL;
}

/*
 * Decode @node into @c, or say why not: @c is written only when the
 * node is a usable console, so a refusal leaves the caller's copy.
 */
static const char *
dev_fdt_console_try(const void *fdt, int node,
		    const struct dev_fdt_console_drivers *drv,
		    struct dev_fdt_console *c)
{
	struct dev_fdt_console d = {.node = node, .reg_io_width = 1};
	const char *why = dev_fdt_console_decode(fdt, node, drv, &d);

	if (!why)
		*c = d;
	return why;
}

/* The first enabled node in tree order a console driver decodes. */
static bool dev_fdt_console_scan(const void *fdt,
				 const struct dev_fdt_console_drivers *drv,
				 struct dev_fdt_console *c)
{
	int node;

	for (node = dev_fdt_next(fdt, -1); node >= 0;
	     node = dev_fdt_next(fdt, node))
		if (!dev_fdt_console_try(fdt, node, drv, c))
			return true;
	return false;
}

/* The node /aliases/serial0 names, or why there is none. */
static const char *dev_fdt_console_alias(const void *fdt, int *node)
{
	*node = -1;
	if (!fdt_get_alias(fdt, DEV_FDT_CONSOLE_ALIAS))
		return "no /aliases/serial0";
	*node = fdt_path_offset(fdt, DEV_FDT_CONSOLE_ALIAS);
	return *node < 0 ? "/aliases/serial0 names no node" : NULL;
}

static struct dev_fdt_reject dev_fdt_console_refusal(const char *problem,
						     int node)
{
	return (struct dev_fdt_reject){dev_fdt_console_role, problem,
				       node < 0 ? -1 : node};
}

/*
 * stdout-path, then /aliases/serial0, then the scan. The refusals of
 * the first two stay in @c for the banner; the device is the one used.
 */
void dev_fdt_console(const void *fdt, const struct dev_fdt_console_drivers *drv,
		     struct dev_fdt_console *c)
{
	struct dev_fdt_console d = {
		.node = -1, .reg_io_width = 1, .driver = -1};
	const char *path, *alias;
	int path_node = -1, alias_node;

	path = dev_fdt_console_chosen(fdt, &path_node);
	if (!path)
		path = dev_fdt_console_try(fdt, path_node, drv, &d);
	if (!path) {
		d.from = DEV_FDT_CONSOLE_FROM_STDOUT_PATH;
		*c = d;
		return;
	}
	alias = dev_fdt_console_alias(fdt, &alias_node);
	if (!alias)
		alias = dev_fdt_console_try(fdt, alias_node, drv, &d);
	if (!alias)
		d.from = DEV_FDT_CONSOLE_FROM_ALIAS;
	else if (dev_fdt_console_scan(fdt, drv, &d))
		d.from = DEV_FDT_CONSOLE_FROM_SCAN;
	d.why = dev_fdt_console_refusal(path, path_node);
	if (alias)
		d.why_alias = dev_fdt_console_refusal(alias, alias_node);
	*c = d;
}
