/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * SBI calls and console output for the S-mode smoke payload. Output goes
 * through the SBI debug console, so the console itself is under test.
 */
#ifndef SMOKE_H
#define SMOKE_H

#include <stdbool.h>
#include <stdint.h>

struct smoke_ret {
	long error;
	unsigned long value;
};

static inline struct smoke_ret smoke_ecall(unsigned long eid, unsigned long fid,
					   unsigned long a0, unsigned long a1,
					   unsigned long a2, unsigned long a3,
					   unsigned long a4, unsigned long a5)
{
	register unsigned long r0 __asm__("a0") = a0;
	register unsigned long r1 __asm__("a1") = a1;
	register unsigned long r2 __asm__("a2") = a2;
	register unsigned long r3 __asm__("a3") = a3;
	register unsigned long r4 __asm__("a4") = a4;
	register unsigned long r5 __asm__("a5") = a5;
	register unsigned long r6 __asm__("a6") = fid;
	register unsigned long r7 __asm__("a7") = eid;
	struct smoke_ret r;

	__asm__ volatile("ecall"
			 : "+r"(r0), "+r"(r1)
			 : "r"(r2), "r"(r3), "r"(r4), "r"(r5), "r"(r6), "r"(r7)
			 : "memory");
	r.error = (long)r0;
	r.value = r1;
	return r;
}

#define SMOKE_CALL0(e, f)	   smoke_ecall(e, f, 0, 0, 0, 0, 0, 0)
#define SMOKE_CALL1(e, f, a)	   smoke_ecall(e, f, a, 0, 0, 0, 0, 0)
#define SMOKE_CALL2(e, f, a, b)	   smoke_ecall(e, f, a, b, 0, 0, 0, 0)
#define SMOKE_CALL3(e, f, a, b, c) smoke_ecall(e, f, a, b, c, 0, 0, 0)

void smoke_puts(const char *s);
/* The ecall benchmark (smoke_bench.c). */
void smoke_bench(void);
void smoke_putu(unsigned long long v);
void smoke_putx(unsigned long long v);

#endif
