// SPDX-License-Identifier: BSD-2-Clause
/*
 * The ecall benchmark of the smoke payload: cost of one SBI round trip
 * (ecall in S-mode to the instruction after it), for a null call and for
 * the PMU calls Linux makes on every context switch. Measured between two
 * reads of instret (counter 2, started through the PMU extension itself),
 * so under QEMU -icount shift=0 the figures are exact instruction counts,
 * M-mode included; host time (rdtime, 10 MHz) is printed beside them.
 * The loop's own cost, measured with an empty case, is subtracted. Runs
 * on any SBI firmware with a PMU extension (docs/firmware.md).
 */
#include "smoke.h"

#define BENCH_N		   1000UL
#define EXT_BASE	   0x10UL
#define EXT_PMU		   0x504D55UL
#define FW_SET_TIMER_EVENT 0xF0005UL

static unsigned long bench_fw_idx;

static unsigned long bench_instret(void)
{
	unsigned long v;

	__asm__ volatile("rdinstret %0" : "=r"(v));
	return v;
}

static unsigned long bench_time(void)
{
	unsigned long v;

	__asm__ volatile("rdtime %0" : "=r"(v));
	return v;
}

static void __attribute__((noinline)) bench_empty(void)
{
	__asm__ volatile("" ::: "memory");
}

static void __attribute__((noinline)) bench_null(void)
{
	SMOKE_CALL0(EXT_BASE, 0); /* get_spec_version */
}

static void __attribute__((noinline)) bench_fw_read(void)
{
	SMOKE_CALL1(EXT_PMU, 5, bench_fw_idx);
}

static void __attribute__((noinline)) bench_num_counters(void)
{
	SMOKE_CALL0(EXT_PMU, 0);
}

/* Linux's sched-in/out of one event: match, start, stop, stop(reset). */
static void __attribute__((noinline)) bench_sched_cycle(void)
{
	struct smoke_ret r = smoke_ecall(EXT_PMU, 2, bench_fw_idx, 1, 0,
					 FW_SET_TIMER_EVENT, 0, 0);

	SMOKE_CALL3(EXT_PMU, 3, r.value, 1, 1);
	SMOKE_CALL3(EXT_PMU, 4, r.value, 1, 0);
	SMOKE_CALL3(EXT_PMU, 4, r.value, 1, 1);
}

struct bench_case {
	const char *name;
	void (*fn)(void);
	unsigned long calls; /* SBI calls per fn() */
};

static void bench_run(const struct bench_case *c, unsigned long *insn,
		      unsigned long *ticks)
{
	unsigned long i0, t0, i;

	t0 = bench_time();
	i0 = bench_instret();
	for (i = 0; i < BENCH_N; i++)
		c->fn();
	*insn = bench_instret() - i0;
	*ticks = bench_time() - t0;
}

static void bench_print(const struct bench_case *c, unsigned long insn,
			unsigned long ticks)
{
	unsigned long n = BENCH_N * c->calls;

	smoke_puts("bench: ");
	smoke_puts(c->name);
	smoke_puts(": ");
	smoke_putu(insn / n);
	smoke_puts(" instructions/call, ");
	smoke_putu(ticks * 100 / n);
	smoke_puts(" ns/call\n");
}

/* Counters COUNTER_GET_INFO accepts, as Linux builds its mask. */
static unsigned long bench_valid_mask(void)
{
	unsigned long n = SMOKE_CALL0(EXT_PMU, 0).value, mask = 0, i;

	for (i = 0; i < n && i < __riscv_xlen; i++)
		if (!SMOKE_CALL1(EXT_PMU, 1, i).error)
			mask |= 1UL << i;
	return mask;
}

/* Start instret through the PMU (it is inhibited until someone does). */
static bool bench_setup(void)
{
	struct smoke_ret r =
		smoke_ecall(EXT_PMU, 2, 2, 1, 0, 2 /* instructions */, 0, 0);

	/* Some firmwares leave instret running and refuse to match it. */
	if ((r.error || SMOKE_CALL3(EXT_PMU, 3, 2, 1, 0).error) &&
	    bench_instret() == bench_instret()) {
		smoke_puts("bench: cannot start instret\n");
		return false;
	}
	r = smoke_ecall(EXT_PMU, 2, 0, bench_valid_mask(), 0,
			FW_SET_TIMER_EVENT, 0, 0);
	bench_fw_idx = r.value;
	return r.error == 0;
}

void smoke_bench(void)
{
	static const struct bench_case cases[] = {
		{"base get_spec_version (null call)", bench_null, 1},
		{"pmu num_counters", bench_num_counters, 1},
		{"pmu counter_fw_read", bench_fw_read, 1},
		{"pmu match+start+stop+stop(reset)", bench_sched_cycle, 4},
	};
	const struct bench_case empty = {"loop", bench_empty, 1};
	unsigned long base_i, base_t, insn, ticks, i;

	if (!bench_setup()) {
		smoke_puts(
			"bench: instret or a firmware counter unavailable\n");
		return;
	}
	bench_run(&empty, &base_i, &base_t);
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		bench_run(&cases[i], &insn, &ticks);
		bench_print(&cases[i], insn - base_i, ticks - base_t);
	}
}
