/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Bit helpers for the core's 64-bit counter bitmaps. Written out (no
 * __builtin_ctz) because freestanding RV32/RV64 builds without Zbb would
 * otherwise pull in libgcc helpers. One iterator, tested once
 * (tests/unit/test_bitmap.c checks every bit position).
 */
#ifndef SBIPMU_CORE_PMU_BITMAP_H
#define SBIPMU_CORE_PMU_BITMAP_H

#include <stdint.h>

static inline uint64_t pmu_bit(unsigned int n)
{
	return 1ULL << n;
}

/*
 * Index of the lowest set bit of @x; @x must not be 0. De Bruijn: the
 * isolated bit times the sequence puts a unique 6-bit pattern on top
 * (one multiply, one lookup; no branches on the hot START/STOP paths).
 */
static inline unsigned int pmu_bit_lowest(uint64_t x)
{
	static const uint8_t pos[64] = {
		0,  1,	2,  53, 3,  7,	54, 27, 4,  38, 41, 8,	34, 55, 48, 28,
		62, 5,	39, 46, 44, 42, 22, 9,	24, 35, 59, 56, 49, 18, 29, 11,
		63, 52, 6,  26, 37, 40, 33, 47, 61, 45, 43, 21, 23, 58, 17, 10,
		51, 25, 36, 32, 60, 20, 57, 16, 50, 31, 19, 15, 30, 14, 13, 12,
	};

	return pos[((x & -x) * 0x022FDD63CC95386DULL) >> 58];
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

/*
 * Visit every set bit of @set, lowest first, with @i the bit index and
 * @rest a scratch copy (the set itself is never modified).
 */
#define pmu_for_each_bit(i, rest, set)                                         \
	for ((rest) = (set); (rest) && (((i) = pmu_bit_lowest(rest)), 1);      \
	     (rest) &= (rest)-1)

#endif
