/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The firmware's riscv,pmu path in one call (pmu_fdt_load(), see
 * pmu_fdt.h): node, row storage from the caller's allocator, parse,
 * map. Apart from pmu_fdt.c so that tools needing only the parser and
 * the map builder (tools/pmu-dt) do not pull in the whole core.
 */
#include "sbipmu/pmu.h"
#include "sbipmu/pmu_fdt.h"

void pmu_fdt_load(const void *fdt, struct pmu_core *core,
		  pmu_fdt_alloc_fn alloc, void *alloc_ctx,
		  pmu_map_report_fn report, void *report_ctx,
		  struct pmu_fdt_load *out)
{
	int node = pmu_fdt_find_node(fdt);
	void *rows = NULL;

	*out = (struct pmu_fdt_load){0};
	out->node = node >= 0;
	if (node < 0)
		return;
	out->need = pmu_fdt_rows_size(fdt, node);
	if (out->need) {
		rows = alloc(alloc_ctx, out->need);
		out->no_room = rows == NULL;
		if (out->no_room)
			return;
	}
	out->error = pmu_fdt_parse(fdt, node, rows, out->need, &out->in, report,
				   report_ctx);
	if (out->error)
		return;
	pmu_core_set_map(core, &out->in, report, report_ctx);
	out->map_set = true;
}
