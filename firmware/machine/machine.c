/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Choosing the machine file (see machine.h): the first one whose
 * compatible strings the root node lists, in link order; none: generic.
 */
#include <stddef.h>

#include <libfdt.h>

#include "machine/machine.h"

extern const struct fw_machine _fw_machines_start[], _fw_machines_end[];

static const struct fw_machine machine_generic = {
	.name = "generic",
};

const struct fw_machine *fw_machine = &machine_generic;

static bool machine_matches(const void *fdt, const struct fw_machine *m)
{
	const char *const *c;

	for (c = m->compatible; c && *c; c++)
		if (fdt_node_check_compatible(fdt, 0, *c) == 0)
			return true;
	return false;
}

const struct fw_machine *fw_machine_find(const void *fdt)
{
	const struct fw_machine *m;

	for (m = _fw_machines_start; m < _fw_machines_end; m++)
		if (machine_matches(fdt, m))
			return m;
	return &machine_generic;
}
