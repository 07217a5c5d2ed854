/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Bit helpers for the core's 64-bit counter bitmaps. Written out (no
 * __builtin_ctz) because freestanding RV32/RV64 builds without Zbb would
 * otherwise pull in libgcc helpers. One iterator, tested once.
 */
#ifndef SBIPMU_CORE_PMU_BITMAP_H
#define SBIPMU_CORE_PMU_BITMAP_H

#include <stdint.h>

static inline uint64_t pmu_bit(unsigned int n)
{
	return 1ULL << n;
}

/* Index of the lowest set bit of @x; @x must not be 0. */
static inline unsigned int pmu_bit_lowest(uint64_t x)
{
	unsigned int n = 0;

	if (!(x & 0xFFFFFFFFULL)) {
		n += 32;
		x >>= 32;
	}
	if (!(x & 0xFFFF)) {
		n += 16;
		x >>= 16;
	}
	if (!(x & 0xFF)) {
		n += 8;
		x >>= 8;
	}
	if (!(x & 0xF)) {
		n += 4;
		x >>= 4;
	}
	if (!(x & 0x3)) {
		n += 2;
		x >>= 2;
	}
	return n + (unsigned int)((x & 1) ^ 1);
}

/* Index of the highest set bit of @x; @x must not be 0. */
static inline unsigned int pmu_bit_highest(uint64_t x)
{
	unsigned int n = 0;

	if (x >> 32) {
		n += 32;
		x >>= 32;
	}
	if (x >> 16) {
		n += 16;
		x >>= 16;
	}
	if (x >> 8) {
		n += 8;
		x >>= 8;
	}
	if (x >> 4) {
		n += 4;
		x >>= 4;
	}
	if (x >> 2) {
		n += 2;
		x >>= 2;
	}
	return n + (unsigned int)(x >> 1);
}

static inline unsigned int pmu_bit_count(uint64_t x)
{
	unsigned int n = 0;

	for (; x; x &= x - 1)
		n++;
	return n;
}

/*
 * Visit every set bit of @set, lowest first, with @i the bit index and
 * @rest a scratch copy (the set itself is never modified).
 */
#define pmu_for_each_bit(i, rest, set)                                         \
	for ((rest) = (set); (rest) && (((i) = pmu_bit_lowest(rest)), 1);      \
	     (rest) &= (rest)-1)

#endif
