/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A bump allocator for memory whose size is known only at boot: the
 * hart table and every hart's stack, the per-hart PMU and SSE state, the
 * riscv,pmu rows, trace rings. The heap starts right after the image
 * (_fw_end) and is part of the firmware region: once the boot hart has
 * allocated everything it seals the heap, and the region (PMP entry,
 * /reserved-memory node) becomes the smallest naturally aligned power of
 * two holding the image and what was allocated (platform.h). Used by the
 * boot hart during boot only; nothing is ever freed.
 */
#ifndef FW_ALLOC_H
#define FW_ALLOC_H

#include <stddef.h>
#include <stdint.h>

/*
 * Open the heap: at most @capacity bytes, none of them at or above
 * @limit (the end the firmware region may grow to: the next stage, the
 * device tree). Capacity beyond the limit is cut to it.
 */
void fw_alloc_init(uintptr_t limit, size_t capacity);

/* @size bytes, 16-byte aligned, zeroed; NULL when the heap is exhausted. */
void *fw_alloc(size_t size);

/* The same, aligned to @align (a power of two, at least 16). */
void *fw_alloc_aligned(size_t size, size_t align);

/*
 * Keep @size bytes out of reach of fw_alloc() until the next call (0:
 * none), for allocations whose size is known only later: the per-hart
 * PMU state, before the event map that sizes it is read.
 */
void fw_alloc_reserve(size_t size);
/* Bytes fw_alloc() can still hand out (a reservation excluded). */
size_t fw_alloc_free(void);

size_t fw_alloc_used(void);
size_t fw_alloc_capacity(void);

/* Where the heap starts (the image's end) and its current end. */
uintptr_t fw_alloc_base(void);
uintptr_t fw_alloc_top(void);

#endif
