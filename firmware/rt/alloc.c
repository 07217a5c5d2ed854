/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The boot-time bump allocator (see alloc.h). The heap is not .bss: it
 * begins at _fw_end and grows towards a limit set at boot, so memory
 * for 1 or 512 harts costs what those harts need, not a static array
 * sized for the most. It is zeroed as it is handed out.
 */
#include <string.h>

#include "rt/alloc.h"

#define ALLOC_ALIGN 16

extern char _fw_end[];

static uintptr_t alloc_top;
static uintptr_t alloc_end;
static size_t alloc_reserved;

void fw_alloc_init(uintptr_t limit, size_t capacity)
{
	uintptr_t base = fw_alloc_base(), end;

	alloc_top = base;
	if (__builtin_add_overflow(base, capacity, &end) || end > limit)
		end = limit > base ? limit : base;
	alloc_end = end;
	alloc_reserved = 0;
}

void *fw_alloc_aligned(size_t size, size_t align)
{
	uintptr_t p = (alloc_top + align - 1) & ~(uintptr_t)(align - 1);
	size_t rounded = (size + ALLOC_ALIGN - 1) & ~(size_t)(ALLOC_ALIGN - 1);
	uintptr_t end;

	if (!alloc_top || rounded < size || p < alloc_top ||
	    __builtin_add_overflow(p, rounded, &end) ||
	    end + alloc_reserved > alloc_end || end + alloc_reserved < end)
		return NULL;
	alloc_top = end;
	memset((void *)p, 0, rounded);
	return (void *)p;
}

void *fw_alloc(size_t size)
{
	return fw_alloc_aligned(size, ALLOC_ALIGN);
}

void fw_alloc_reserve(size_t size)
{
	alloc_reserved = size;
}

size_t fw_alloc_free(void)
{
	size_t left = alloc_end - alloc_top;

	return alloc_reserved < left ? left - alloc_reserved : 0;
}

size_t fw_alloc_used(void)
{
	return alloc_top ? alloc_top - fw_alloc_base() : 0;
}

size_t fw_alloc_capacity(void)
{
	return alloc_end ? alloc_end - fw_alloc_base() : 0;
}

uintptr_t fw_alloc_base(void)
{
	return (uintptr_t)_fw_end;
}

uintptr_t fw_alloc_top(void)
{
	return alloc_top ? alloc_top : fw_alloc_base();
}
