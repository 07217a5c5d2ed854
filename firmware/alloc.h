/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A bump allocator over a static heap inside the firmware region, for
 * memory whose size is known only at boot (per-hart PMU state, the
 * riscv,pmu rows). Used by the boot hart during boot only; nothing is
 * ever freed.
 */
#ifndef FW_ALLOC_H
#define FW_ALLOC_H

#include <stddef.h>

/* @size bytes, 16-byte aligned, zeroed; NULL when the heap is exhausted. */
void *fw_alloc(size_t size);

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

#endif
