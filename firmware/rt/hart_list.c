/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Hart lists (see hart_list.h). In rt/, beside the hart table, because
 * a hart id from S-mode becomes a table entry only through the table's
 * lookups, and because the IPI, RFENCE and legacy calls of ext/ all
 * share it. The decode checks every named hart before the caller acts
 * on any (a send_ipi naming one bad hart signals none); the walk then
 * needs no check.
 */
#include <sbipmu/sbi_spec.h>

#include "rt/hart_list.h"

/* A hart_mask is one register wide: XLEN bits. */
#define HARTLIST_MASK_BITS (8 * sizeof(unsigned long))

long fw_hartlist_decode(unsigned long mask, unsigned long base,
			struct fw_hartlist *list)
{
	unsigned int i;

	list->mask = mask;
	list->base = base;
	list->all = base == FW_HARTLIST_ALL;
	if (list->all)
		return SBI_SUCCESS;
	for (i = 0; i < HARTLIST_MASK_BITS; i++) {
		unsigned long id;

		if (!(mask & (1UL << i)))
			continue;
		if (__builtin_add_overflow(base, i, &id) || !fw_hart_get(id))
			return SBI_ERR_INVALID_PARAM;
	}
	return SBI_SUCCESS;
}

/* Every hart S-mode can reach, by table index (sorted by hart id). */
static struct fw_hart *hartlist_next_all(unsigned int *cursor)
{
	unsigned int i;

	for (i = *cursor; i < fw_hart_count(); i++)
		if (fw_hart_serves(fw_hart_at(i))) {
			*cursor = i + 1;
			return fw_hart_at(i);
		}
	*cursor = i;
	return NULL;
}

struct fw_hart *fw_hartlist_next(const struct fw_hartlist *list,
				 unsigned int *cursor)
{
	unsigned int i;

	if (list->all)
		return hartlist_next_all(cursor);
	for (i = *cursor; i < HARTLIST_MASK_BITS; i++)
		if (list->mask & (1UL << i)) {
			*cursor = i + 1;
			return fw_hart_find(list->base + i);
		}
	*cursor = i;
	return NULL;
}
