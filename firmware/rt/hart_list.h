/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Hart lists: the (hart_mask, hart_mask_base) pair of the SBI IPI and
 * RFENCE calls (SBI v3.0 "Hart list parameter"), checked against the
 * hart table and walked as table entries. Pure (no CSR, no device), so
 * the host unit tests build it as the firmware does
 * (tests/unit/test_fw_hart_list.c).
 */
#ifndef FW_HART_LIST_H
#define FW_HART_LIST_H

#include <stdbool.h>

#include "rt/hart.h"

/* The hart_mask_base that means "every hart": -1. */
#define FW_HARTLIST_ALL (~0UL)

/* A checked hart list; walk it with fw_hartlist_next(). */
struct fw_hartlist {
	unsigned long mask;
	unsigned long base;
	bool all; /* base -1: the mask is ignored */
};

/*
 * Check (@mask, @base) whole, with no side effect, into @list:
 * SBI_ERR_INVALID_PARAM if any bit names a hart id that is not "enabled
 * by the platform" (not in the table, or base + bit wraps) or "not
 * available to the supervisor" (not checked in, or without S-mode).
 * Base -1 ignores the mask and names every hart S-mode can reach.
 * SBI_SUCCESS otherwise; a mask of 0 names no hart.
 */
long fw_hartlist_decode(unsigned long mask, unsigned long base,
			struct fw_hartlist *list);

/*
 * The next hart of @list from *@cursor on (start at 0), or NULL at its
 * end; each hart once, in ascending hart id order.
 */
struct fw_hart *fw_hartlist_next(const struct fw_hartlist *list,
				 unsigned int *cursor);

#endif
