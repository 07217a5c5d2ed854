/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the device probes of dev_fdt.h share (binding/dev_fdt.c): reading
 * one reg entry and translating it to a CPU address, the enabled and
 * single-cell property tests, phandles, the hart behind a cpu interrupt
 * controller, and the walk over every node. Each returns a static reason
 * (NULL: fine) so that a probe can refuse a node in one line, and each
 * bounds what it reads by the property's own length.
 */
#ifndef SBIPMU_DEV_FDT_UTIL_H
#define SBIPMU_DEV_FDT_UTIL_H

#include <stdbool.h>
#include <stdint.h>

/* One reg entry: CPU address and size. */
struct dev_fdt_range {
	uint64_t base;
	uint64_t size;
};

bool dev_fdt_enabled(const void *fdt, int node);

/* Is @name exactly one u32 cell? Then its value in @v. */
bool dev_fdt_u32(const void *fdt, int node, const char *name, uint32_t *v);

/* reg entry @index of @node, translated through every bus's ranges. */
const char *dev_fdt_reg(const void *fdt, int node, unsigned int index,
			struct dev_fdt_range *r);

/* How many whole reg entries @node has (0 if unreadable). */
unsigned int dev_fdt_reg_count(const void *fdt, int node);

/* Is [r.base + offset, + bytes) inside @r? */
bool dev_fdt_range_holds(const struct dev_fdt_range *r, uint64_t offset,
			 uint64_t bytes);

/* The node of @phandle, or a negative libfdt error. */
int dev_fdt_phandle_node(const void *fdt, uint32_t phandle);

/*
 * A search for the cpu interrupt controllers interrupts-extended names:
 * the riscv,cpu-intc children of /cpus's cpu nodes, looked for from the
 * cpu after the one last found, around to it. A CLINT names its harts
 * in the order of the cpu nodes, so each search takes a step or two
 * where fdt_node_offset_by_phandle() and fdt_parent_offset() would each
 * walk the tree from the start. On QEMU virt's 512-hart tree (callgrind)
 * dev_fdt_timers() takes 32 M instructions this way, most of them in
 * walks over the whole tree, against 600 ms of host time with libfdt's
 * lookups.
 */
struct dev_fdt_intc_search {
	int cpus; /* /cpus */
	int ac;	  /* its #address-cells */
	int cpu;  /* the cpu last found, -1 for none */
};

const char *dev_fdt_intc_start(const void *fdt, struct dev_fdt_intc_search *s);

/* The intc with @phandle and the hart id (its cpu's reg). */
const char *dev_fdt_intc_find(const void *fdt, struct dev_fdt_intc_search *s,
			      uint32_t phandle, int *intc, uint64_t *hart);

/*
 * The node after @node in tree order (-1: the first), or negative at the
 * end. fdt_next_node() moves forward by at least one tag, and the tree
 * was walked whole by platform_fdt_check(), so a loop on it ends.
 */
int dev_fdt_next(const void *fdt, int node);

/* The index in @compats (@n strings) of the first one @node is, or -1. */
int dev_fdt_match(const void *fdt, int node, const char *const *compats, int n);

/*
 * The driver of @l for @node: @l's entries each begin with their
 * NULL-terminated compatible list; the node's own strings, in order
 * (most specific first, Devicetree spec 2.3.1), pick the first entry
 * that lists one, so the order of @l does not matter. Its index, and
 * the entry's copy of the string in *@matched (static); -1 if none.
 */
struct dev_fdt_list;
int dev_fdt_list_match(const void *fdt, int node, const struct dev_fdt_list *l,
		       const char **matched);

/*
 * HTIF's two registers as ucb,htif0's node gives them: fromhost at the
 * first reg address, tohost at the second reg entry if there is one,
 * else 8 bytes above (dev_fdt.h); NULL, or why not.
 */
const char *dev_fdt_htif_regs(const void *fdt, int node, uint64_t *fromhost,
			      uint64_t *tohost);

#endif
