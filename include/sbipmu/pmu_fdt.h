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

#endif
