/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The remote-fence protocol (see fence.h). In rt/, beside the hart
 * table whose entries carry the requests, because it touches no
 * hardware: the host's unit tests run it as it is, and
 * ext/sbi_rfence.c keeps only the fence instructions, the doorbell and
 * the counting. A target reaches the requests it owes by table index
 * (fence_from) and performs each with no lock: a request stays as its
 * caller wrote it until every target acknowledged it, and the caller
 * does not return (so writes no new request) before.
 */
#include "rt/fence.h"

struct fw_fence_targets fw_fence_post(struct fw_hart *h,
				      const struct fw_fence *req,
				      const struct fw_hartlist *list)
{
	struct fw_fence_targets to = {false, 0};
	unsigned int cursor = 0;
	struct fw_hart *t;

	while ((t = fw_hartlist_next(list, &cursor))) {
		if (t == h)
			to.self = true;
		else
			to.others++;
	}
	/* No target reads h->fence now: the last request was acknowledged. */
	h->fence = *req;
	__atomic_store_n(&h->fence.waiting, to.others, __ATOMIC_RELEASE);
	cursor = 0;
	while ((t = fw_hartlist_next(list, &cursor)))
		if (t != h)
			fw_hartset_add_atomic(&t->fence_from, h->index);
	return to;
}

bool fw_fence_pending(struct fw_hart *h)
{
	return __atomic_load_n(&h->fence.waiting, __ATOMIC_ACQUIRE) != 0;
}

/* Word @word of @self's fence_from, taken: cleared, its bits returned. */
static unsigned long fence_take_word(struct fw_hart *self, unsigned int word)
{
	if (!__atomic_load_n(&self->fence_from.w[word], __ATOMIC_RELAXED))
		return 0;
	return __atomic_exchange_n(&self->fence_from.w[word], 0,
				   __ATOMIC_ACQUIRE);
}

struct fw_hart *fw_fence_take(struct fw_hart *self,
			      struct fw_fence_cursor *cursor)
{
	unsigned int words =
		(fw_hart_count() + FW_HARTSET_BITS - 1) / FW_HARTSET_BITS;
	unsigned int bit;

	while (!cursor->bits) {
		if (cursor->word >= words)
			return NULL;
		cursor->bits = fence_take_word(self, cursor->word++);
	}
	bit = (unsigned int)__builtin_ctzl(cursor->bits);
	cursor->bits &= cursor->bits - 1;
	return fw_hart_at((cursor->word - 1) * FW_HARTSET_BITS + bit);
}

void fw_fence_ack(struct fw_hart *from)
{
	__atomic_sub_fetch(&from->fence.waiting, 1, __ATOMIC_RELEASE);
}

bool fw_fence_full(const struct fw_fence *f)
{
	unsigned long end;

	if ((f->start == 0 && f->size == 0) || f->size == ~0UL)
		return true;
	if (__builtin_add_overflow(f->start, f->size, &end))
		return true;
	return f->size / FW_FENCE_PAGE >= FW_FENCE_MAX_PAGES;
}

unsigned long fw_fence_first_page(const struct fw_fence *f)
{
	return f->start & ~(FW_FENCE_PAGE - 1);
}

/*
 * Counted, not walked up to start + size: a walk by address made a
 * range in the address space's last page wrap to 0 and go on for 2^52
 * pages, an M-mode hang.
 */
unsigned long fw_fence_pages(const struct fw_fence *f)
{
	unsigned long last = (f->start + f->size - 1) & ~(FW_FENCE_PAGE - 1);

	return f->size ? (last - fw_fence_first_page(f)) / FW_FENCE_PAGE + 1
		       : 0;
}
