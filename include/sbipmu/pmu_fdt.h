/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The `riscv,pmu` device-tree binding (docs/binding.md), read with libfdt:
 * turns the node's three properties into rows for pmu_map_build(). It
 * checks only the shape of each property (whole rows, trailing padding);
 * what the rows mean is checked by the map builder. Diagnostics go
 * through the same callback as the map builder's.
 */
#ifndef SBIPMU_PMU_FDT_H
#define SBIPMU_PMU_FDT_H

#include <stddef.h>

#include "pmu_map.h"

struct pmu_core;

/* Offset of the first node compatible with "riscv,pmu", or < 0. */
int pmu_fdt_find_node(const void *fdt);

/* Bytes of row storage pmu_fdt_parse() needs for node @node. */
size_t pmu_fdt_rows_size(const void *fdt, int node);

/*
 * Fill @out with the rows of node @node, using @storage (@size bytes,
 * 8-byte aligned, at least pmu_fdt_rows_size()). Returns 0, or a
 * negative libfdt error: the tree is unreadable, -FDT_ERR_NOSPACE /
 * -FDT_ERR_ALIGNMENT for bad storage. The caller guarantees the blob's
 * totalsize bytes are readable (fdt_check_header() first). @out->raw
 * points into @storage, which must live as long as the map built from it.
 */
int pmu_fdt_parse(const void *fdt, int node, void *storage, size_t size,
		  struct pmu_map_input *out, pmu_map_report_fn report,
		  void *report_ctx);

/* Storage for the rows: @size bytes, 8-byte aligned, or NULL if none. */
typedef void *(*pmu_fdt_alloc_fn)(void *ctx, size_t size);

/* How pmu_fdt_load() went, for the banner and the caller's report. */
struct pmu_fdt_load {
	bool node;    /* a riscv,pmu node exists */
	int error;    /* libfdt error reading it, 0 if none */
	size_t need;  /* bytes of row storage its rows take */
	bool no_room; /* the allocator refused @need bytes */
	bool map_set; /* the core's map was built from the rows */
	struct pmu_map_input in;
};

/*
 * The firmware's whole riscv,pmu path: find the node, size its rows,
 * take storage from @alloc, parse, and build @core's map from the rows
 * (pmu_core_set_map()). Without a node, on a libfdt error or when
 * @alloc refuses, the core keeps the map it had (cycles and instructions
 * on their fixed counters). Diagnostics go to @report. @fdt must have
 * passed platform_fdt_check().
 */
void pmu_fdt_load(const void *fdt, struct pmu_core *core,
		  pmu_fdt_alloc_fn alloc, void *alloc_ctx,
		  pmu_map_report_fn report, void *report_ctx,
		  struct pmu_fdt_load *out);

#endif
