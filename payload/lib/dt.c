/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The device-tree queries of dt.h, on libfdt (built for the payload by
 * mk/payload.mk). Addresses are read from a node's first reg entry in
 * its parent's #address-cells and are not translated through "ranges":
 * the machines we run on (QEMU virt) map their buses one to one, and a
 * payload that writes to a wrong address would show it at once.
 */
#include "dt.h"

#include <stddef.h>

#include <libfdt.h>

static bool dt_valid(const void *dtb)
{
	return dtb && fdt_check_header(dtb) == 0;
}

/* A property's value as one cell, or @def when absent or not one cell. */
static uint32_t dt_u32(const void *dtb, int node, const char *name,
		       uint32_t def)
{
	int len;
	const fdt32_t *v = fdt_getprop(dtb, node, name, &len);

	return v && len == sizeof(*v) ? fdt32_to_cpu(*v) : def;
}

static bool dt_prop_has(const void *dtb, int node, const char *name,
			const char *str)
{
	int len;
	const char *v = fdt_getprop(dtb, node, name, &len);

	return v && fdt_stringlist_contains(v, len, str);
}

/* Devicetree spec 2.3.4: no status, "okay" or "ok" means usable. */
static bool dt_enabled(const void *dtb, int node)
{
	return !fdt_getprop(dtb, node, "status", NULL) ||
	       dt_prop_has(dtb, node, "status", "okay") ||
	       dt_prop_has(dtb, node, "status", "ok");
}

/* The first address of @node's reg, @cells (1 or 2) cells wide. */
static bool dt_reg_address(const void *dtb, int node, int cells, uint64_t *addr)
{
	int len;
	const fdt32_t *reg = fdt_getprop(dtb, node, "reg", &len);

	if (!reg || cells < 1 || cells > 2 || len < cells * 4)
		return false;
	*addr = fdt32_to_cpu(reg[0]);
	if (cells == 2)
		*addr = *addr << 32 | fdt32_to_cpu(reg[1]);
	return true;
}

/* The address of @node's reg in its parent's address cells. */
static bool dt_node_base(const void *dtb, int node, uint64_t *base)
{
	int parent = fdt_parent_offset(dtb, node);

	return parent >= 0 &&
	       dt_reg_address(dtb, node, fdt_address_cells(dtb, parent), base);
}

/* A usable hart: an enabled "cpu" node whose id fits a register. */
static bool dt_hart_id(const void *dtb, int node, int cells, unsigned long *id)
{
	uint64_t reg;

	if (!dt_prop_has(dtb, node, "device_type", "cpu") ||
	    !dt_enabled(dtb, node) || !dt_reg_address(dtb, node, cells, &reg))
		return false;
	*id = (unsigned long)reg;
	return *id == reg;
}

unsigned int dt_harts(const void *dtb, unsigned long *ids, unsigned int max)
{
	unsigned int n = 0;
	int cpus, node, cells;

	if (!dt_valid(dtb))
		return 0;
	cpus = fdt_path_offset(dtb, "/cpus");
	if (cpus < 0)
		return 0;
	cells = fdt_address_cells(dtb, cpus);
	fdt_for_each_subnode(node, dtb, cpus)
	{
		unsigned long id;

		if (!dt_hart_id(dtb, node, cells, &id))
			continue;
		if (n < max)
			ids[n] = id;
		n++;
	}
	return n;
}

bool dt_disabled_hart(const void *dtb, unsigned long *id)
{
	int cpus, node, cells;
	uint64_t reg;

	if (!dt_valid(dtb))
		return false;
	cpus = fdt_path_offset(dtb, "/cpus");
	if (cpus < 0)
		return false;
	cells = fdt_address_cells(dtb, cpus);
	fdt_for_each_subnode(node, dtb, cpus)
	{
		if (!dt_prop_has(dtb, node, "device_type", "cpu") ||
		    dt_enabled(dtb, node) ||
		    !dt_reg_address(dtb, node, cells, &reg))
			continue;
		*id = (unsigned long)reg;
		if (*id == reg)
			return true;
	}
	return false;
}

/* The node /chosen/stdout-path names (a path or an alias, ":options"). */
static int dt_stdout_node(const void *dtb)
{
	int chosen = fdt_path_offset(dtb, "/chosen");
	const char *path, *colon;
	int len;

	if (chosen < 0)
		return chosen;
	path = fdt_getprop(dtb, chosen, "stdout-path", &len);
	if (!path)
		path = fdt_getprop(dtb, chosen, "linux,stdout-path", &len);
	if (!path)
		return -FDT_ERR_NOTFOUND;
	colon = memchr(path, ':', (size_t)len);
	if (colon)
		len = (int)(colon - path);
	return fdt_path_offset_namelen(dtb, path,
				       (int)strnlen(path, (size_t)len));
}

bool dt_stdout_uart(const void *dtb, struct dt_uart *uart)
{
	int node;

	if (!dt_valid(dtb))
		return false;
	node = dt_stdout_node(dtb);
	if (node < 0 || !dt_enabled(dtb, node))
		return false;
	if (fdt_node_check_compatible(dtb, node, "ns16550a") != 0 &&
	    fdt_node_check_compatible(dtb, node, "ns16550") != 0)
		return false;
	if (!dt_node_base(dtb, node, &uart->base))
		return false;
	uart->reg_shift = dt_u32(dtb, node, "reg-shift", 0);
	uart->io_width = dt_u32(dtb, node, "reg-io-width", 1);
	return uart->io_width == 1 || uart->io_width == 4;
}

bool dt_compatible_base(const void *dtb, const char *compat, uint64_t *base)
{
	int node;

	if (!dt_valid(dtb))
		return false;
	node = fdt_node_offset_by_compatible(dtb, -1, compat);
	return node >= 0 && dt_enabled(dtb, node) &&
	       dt_node_base(dtb, node, base);
}

uint32_t dt_timebase(const void *dtb, int *len)
{
	int cpus = dt_valid(dtb) ? fdt_path_offset(dtb, "/cpus") : -1;

	*len = -1;
	if (cpus < 0 || !fdt_getprop(dtb, cpus, "timebase-frequency", len))
		return 0;
	return dt_u32(dtb, cpus, "timebase-frequency", 0);
}

bool dt_isa_names(const void *dtb, const char *ext)
{
	int cpus = dt_valid(dtb) ? fdt_path_offset(dtb, "/cpus") : -1;
	int node, len;

	if (cpus < 0)
		return false;
	fdt_for_each_subnode(node, dtb, cpus)
	{
		const char *l =
			fdt_getprop(dtb, node, "riscv,isa-extensions", &len);

		if (l && len > 0 && fdt_stringlist_contains(l, len, ext))
			return true;
	}
	return false;
}
