/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * libfdt's environment for the firmware, replacing the libfdt_env.h that
 * ships with libfdt (which includes the hosted <stdlib.h> and <string.h>).
 * libfdt expects from it: the fixed-width and bool types, INT_MAX, the
 * big-endian cell types fdt16/32/64_t with their conversions, and the
 * string functions, which lib/string.c provides. mk/libfdt.mk arranges
 * that libfdt finds this file instead of its own.
 */
#ifndef LIBFDT_ENV_H
#define LIBFDT_ENV_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "string.h"

/* Device-tree cells are big-endian; these types hold them as stored. */
typedef uint16_t fdt16_t;
typedef uint32_t fdt32_t;
typedef uint64_t fdt64_t;

/*
 * Read the bytes of @x in memory order as a big-endian number. Written
 * without knowing the CPU's byte order, so it is right on either; it is
 * its own inverse, hence serves both directions below.
 */
static inline uint16_t libfdt_env_be16(uint16_t x)
{
	const uint8_t *b = (const uint8_t *)&x;

	return (uint16_t)((unsigned int)b[0] << 8 | b[1]);
}

static inline uint32_t libfdt_env_be32(uint32_t x)
{
	const uint8_t *b = (const uint8_t *)&x;

	return (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 |
	       (uint32_t)b[2] << 8 | b[3];
}

static inline uint64_t libfdt_env_be64(uint64_t x)
{
	const uint8_t *b = (const uint8_t *)&x;
	uint64_t v = 0;

	for (size_t i = 0; i < sizeof(x); i++)
		v = v << 8 | b[i];
	return v;
}

static inline uint16_t fdt16_to_cpu(fdt16_t x)
{
	return libfdt_env_be16(x);
}

static inline fdt16_t cpu_to_fdt16(uint16_t x)
{
	return libfdt_env_be16(x);
}

static inline uint32_t fdt32_to_cpu(fdt32_t x)
{
	return libfdt_env_be32(x);
}

static inline fdt32_t cpu_to_fdt32(uint32_t x)
{
	return libfdt_env_be32(x);
}

static inline uint64_t fdt64_to_cpu(fdt64_t x)
{
	return libfdt_env_be64(x);
}

static inline fdt64_t cpu_to_fdt64(uint64_t x)
{
	return libfdt_env_be64(x);
}

#endif
