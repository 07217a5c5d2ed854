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

size_t fw_alloc_used(void);
size_t fw_alloc_capacity(void);

#endif
