/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The boot-time bump allocator (see alloc.h). The heap lives in .bss,
 * so it is inside the PMP-protected firmware region and already zero.
 */
#include <stdint.h>

#include "alloc.h"

/* make firmware FW_HEAP_KIB=N (mk/firmware.mk) sets another size. */
#ifndef FW_HEAP_KIB
#define FW_HEAP_KIB 32
#endif
#define ALLOC_HEAP_SIZE (FW_HEAP_KIB * 1024UL)
#define ALLOC_ALIGN	16

static uint8_t alloc_heap[ALLOC_HEAP_SIZE]
	__attribute__((aligned(ALLOC_ALIGN)));
static size_t alloc_top;
static size_t alloc_reserved;

void *fw_alloc(size_t size)
{
	size_t rounded = (size + ALLOC_ALIGN - 1) & ~(size_t)(ALLOC_ALIGN - 1);
	void *p;

	if (rounded < size || rounded > fw_alloc_free())
		return NULL;
	p = &alloc_heap[alloc_top];
	alloc_top += rounded;
	return p;
}

void fw_alloc_reserve(size_t size)
{
	alloc_reserved = size;
}

size_t fw_alloc_free(void)
{
	size_t left = ALLOC_HEAP_SIZE - alloc_top;

	return alloc_reserved < left ? left - alloc_reserved : 0;
}

size_t fw_alloc_used(void)
{
	return alloc_top;
}

size_t fw_alloc_capacity(void)
{
	return ALLOC_HEAP_SIZE;
}
