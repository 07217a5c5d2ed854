/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Just enough flattened-device-tree reading for a payload: count the
 * properties of a name whose value contains a string (the ISA string of
 * each hart), find the first memory range and the firmware's reserved
 * region, and read /chosen/bootargs.
 * Nothing here trusts the blob beyond its header's sizes.
 */
#ifndef PAYLOAD_FDT_H
#define PAYLOAD_FDT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

bool fdt_valid(const void *dtb);

/*
 * Number of properties named @prop anywhere in the tree; *@matches gets
 * how many of them contain @needle (NUL-separated string lists count as
 * one value).
 */
unsigned int fdt_prop_count(const void *dtb, const char *prop,
			    const char *needle, unsigned int *matches);

/* The first property named @prop anywhere, read as one 32-bit cell. */
bool fdt_first_u32(const void *dtb, const char *prop, uint32_t *val);

/* First "memory" node's first (base, size) pair. */
bool fdt_memory(const void *dtb, uint64_t *base, uint64_t *size);

/*
 * The M-mode firmware's region from /reserved-memory (the lowest
 * mmode_resv* child): where the firmware runs, which need not be the
 * start of RAM.
 */
bool fdt_firmware_region(const void *dtb, uint64_t *base, uint64_t *size);

/* /chosen/bootargs into @buf (always terminated); false if absent. */
bool fdt_bootargs(const void *dtb, char *buf, size_t size);

#endif
