/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The measurement itself. Both named points are `csrr instret` inside the
 * same asm statement as the ecall, so the compiler cannot put anything
 * between them: P0 is read after every argument register is loaded, P1
 * right after the firmware's mret lands. The calibration (P0 and P1
 * back to back) is subtracted, so a figure is exactly what the ecall
 * and the firmware retire, as QEMU counts them (METHODOLOGY.md). S-mode
 * work with no ecall (delegated counters) is timed the same way between
 * two bench_measure_point()s, with the same calibration.
 */
#include "bench.h"

#include "sbi.h"

static unsigned long bench_calibration;

static unsigned long bench_measure_empty(void)
{
	unsigned long p0, p1;

	__asm__ volatile("csrr %0, instret\n\t"
			 "csrr %1, instret"
			 : "=&r"(p0), "=r"(p1)
			 :
			 : "memory");
	return p1 - p0;
}

unsigned long bench_measure_calibrate(void)
{
	unsigned long min = ~0UL;

	for (unsigned int i = 0; i < 16; i++) {
		unsigned long d = bench_measure_empty();

		if (d < min)
			min = d;
	}
	bench_calibration = min;
	return min;
}

unsigned long bench_measure_span(unsigned long p0, unsigned long p1)
{
	return p1 - p0 - bench_calibration;
}

unsigned long bench_measure_ecall(unsigned long ext, unsigned long fid,
				  const unsigned long a[6], struct sbiret *ret)
{
	register unsigned long r_a0 __asm__("a0") = a[0];
	register unsigned long r_a1 __asm__("a1") = a[1];
	register unsigned long r_a2 __asm__("a2") = a[2];
	register unsigned long r_a3 __asm__("a3") = a[3];
	register unsigned long r_a4 __asm__("a4") = a[4];
	register unsigned long r_a5 __asm__("a5") = a[5];
	register unsigned long r_a6 __asm__("a6") = fid;
	register unsigned long r_a7 __asm__("a7") = ext;
	unsigned long p0, p1;

	/* The SBI preserves every register but a0/a1: p0 survives. */
	__asm__ volatile("csrr %[p0], instret\n\t"
			 "ecall\n\t"
			 "csrr %[p1], instret"
			 : "+r"(r_a0),
			   "+r"(r_a1), [p0] "=&r"(p0), [p1] "=&r"(p1)
			 : "r"(r_a2), "r"(r_a3), "r"(r_a4), "r"(r_a5),
			   "r"(r_a6), "r"(r_a7)
			 : "memory");
	ret->error = (long)r_a0;
	ret->value = r_a1;
	return p1 - p0 - bench_calibration;
}

unsigned long bench_measure_pmu(unsigned long fid, unsigned long a0,
				unsigned long a1, unsigned long a2,
				unsigned long a3, unsigned long a4,
				struct sbiret *ret)
{
	const unsigned long a[6] = {a0, a1, a2, a3, a4, 0};

	return bench_measure_ecall(SBI_EXT_PMU, fid, a, ret);
}
