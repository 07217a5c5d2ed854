/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The remote-fence protocol between harts (SBI v3.0 chapter "RFENCE
 * Extension"), without the fences themselves. The caller writes one
 * request into its own struct fw_hart (fw_fence_post()), marks itself
 * in each other target's fence_from set and counts them in `waiting`;
 * the caller then rings those targets and may return once waiting is 0
 * (fw_fence_pending()). Each target takes the requests it owes
 * (fw_fence_take()), performs each, and acknowledges it
 * (fw_fence_ack()). Which range a request covers, and when one whole
 * flush replaces a loop of single pages, is here too (fw_fence_full(),
 * fw_fence_pages()). Pure: the fence instructions, the doorbell and
 * the PMU counts are ext/sbi_rfence.c's, so the host unit tests build
 * this as the firmware does (tests/unit/test_fw_fence.c).
 */
#ifndef FW_FENCE_H
#define FW_FENCE_H

#include <stdbool.h>

#include "rt/hart.h"
#include "rt/hart_list.h"

#define FW_FENCE_PAGE 4096UL
/* From this many pages on, one full flush is cheaper than a loop. */
#define FW_FENCE_MAX_PAGES 64UL

/* Who a posted request goes to. */
struct fw_fence_targets {
	bool self;	      /* the caller is in the list: fence locally */
	unsigned long others; /* harts to ring, each marked and counted */
};

/*
 * Post @req (kind, range, ids; its waiting is ignored) from hart @h to
 * every hart of @list: @h's request becomes @req, and every other hart
 * of the list owes it (fence_from) and is counted in waiting, which is
 * set before any hart is marked, so no target can finish before it is
 * counted. The caller then rings each hart of @list but itself.
 */
struct fw_fence_targets fw_fence_post(struct fw_hart *h,
				      const struct fw_fence *req,
				      const struct fw_hartlist *list);

/* Has a target of @h's request not acknowledged it yet? */
bool fw_fence_pending(struct fw_hart *h);

/* Where a target is in the requests it owes (start zeroed). */
struct fw_fence_cursor {
	unsigned int word;  /* next word of fence_from to take */
	unsigned long bits; /* taken, not yet returned, of word - 1 */
};

/*
 * The next hart whose request @self owes, or NULL when none is left.
 * A word of @self's fence_from is taken (cleared) whole when reached:
 * a request posted into it later rings @self again.
 */
struct fw_hart *fw_fence_take(struct fw_hart *self,
			      struct fw_fence_cursor *cursor);

/* A target performed @from's request: count it off. */
void fw_fence_ack(struct fw_hart *from);

/*
 * Does @f cover the whole address space: SBI v3.0 "start_addr and size
 * are both 0, or size is 2^XLEN-1"? Also any range that wraps, or of
 * FW_FENCE_MAX_PAGES pages or more, which one full flush serves.
 */
bool fw_fence_full(const struct fw_fence *f);

/*
 * The pages of a range fw_fence_full() lets through, from
 * fw_fence_first_page(), counted (0 for size 0).
 */
unsigned long fw_fence_pages(const struct fw_fence *f);
unsigned long fw_fence_first_page(const struct fw_fence *f);

#endif
