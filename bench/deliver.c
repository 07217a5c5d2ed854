/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Overflow delivery (METHODOLOGY.md "Overflow delivery"): how many
 * instructions lie between the overflow interrupt (the last instruction
 * the interrupted code retired) and the first instruction of the
 * supervisor's handler, and between the handler's way out (sret, or SSE
 * COMPLETE) and the interrupted code, on two paths:
 *   lcofi  the ordinary local counter-overflow interrupt, delegated to
 *          S-mode (the firmware is not on this path at all);
 *   sse    the SSE local PMU overflow event: the interrupt traps to
 *          M-mode and the firmware enters the registered handler.
 * Per iteration: counter 3 is matched to cycles, started DELIVER_DELTA
 * counts below its overflow, and deliver_entry.S spins reading it until
 * the handler has run. The figures are differences of counter reads, with
 * the loop's and the handler's own instructions subtracted exactly.
 */
#include "bench.h"

#include "csr.h"
#include "deliver.h"
#include "printf.h"
#include "sbi.h"

#include <sbipmu/sse_spec.h>

/* The counter deliver_entry.S reads (hpmcounter3: its CSR is an immediate). */
#define DELIVER_CTR 3
/* Counts from START to the overflow: far more than START's return and
 * the few instructions before the loop, on any firmware. */
#define DELIVER_DELTA 3000ULL
/* Loop iterations before giving up (the overflow comes in ~600). */
#define DELIVER_BUDGET 100000UL
/* A loop read is within this of the wrap, or something else happened. */
#define DELIVER_NEAR 4096L

/* What a row reports from one delivery. */
enum deliver_figure {
	DELIVER_FIG_IN,	 /* interrupted code -> handler's first instruction */
	DELIVER_FIG_OUT, /* sret/COMPLETE -> interrupted code */
};

/*
 * Per path (0 LCOFI, 1 SSE): the interrupted code's instructions after
 * the counter read 0 and before the trap; negative when the interrupt
 * came before the counter wrapped (METHODOLOGY.md). Printed, not judged.
 */
static long deliver_wrap[2];
static bool deliver_wrap_seen[2];

struct bench_deliver bench_deliver_state;

/* Instructions the loop retired after its last read, before the trap,
 * by the interrupted pc's position in the loop (deliver_entry.S). */
static const unsigned int deliver_after[DELIVER_LOOP_INSNS] = {4, 0, 1, 2, 3};
/* Instructions the loop retires from the resumed pc to its exit read:
 * resumed after the flag's load (position 2), it goes round once more. */
static const unsigned int deliver_before[DELIVER_LOOP_INSNS] = {3, 2, 6, 5, 4};

/* Set up by bench_deliver_run for the sse rows: 0 once registered. */
static long deliver_sse_err;

static unsigned long deliver_calibrate(void)
{
	unsigned long a, b;

	__asm__ volatile("csrr %0, hpmcounter3\n\t"
			 "csrr %1, hpmcounter3"
			 : "=&r"(a), "=r"(b)
			 :
			 : "memory");
	return b - a;
}

/* Counter 3 for cycles, started DELIVER_DELTA below its overflow. */
static long deliver_match(void)
{
	struct sbiret r = bench_pmu(SBI_EXT_PMU_COUNTER_CFG_MATCH, DELIVER_CTR,
				    1, 0, BENCH_EV_CYCLES, 0);

	if (r.error)
		return r.error;
	if (r.value != DELIVER_CTR) {
		bench_pmu(SBI_EXT_PMU_COUNTER_STOP, r.value, 1,
			  SBI_PMU_STOP_FLAG_RESET, 0, 0);
		return SBI_ERR_FAILED;
	}
	return SBI_SUCCESS;
}

/*
 * Start counter 3 and spin until the handler ran. QEMU 7.2 may swallow
 * the first overflow of a counter that was earlier started far from its
 * overflow (METHODOLOGY.md, "Overflow delivery"): then once more.
 */
static long deliver_spin(bool sse, unsigned long *cal)
{
	long err = SBI_SUCCESS;

	for (unsigned int try = 0; try < 2 && !err; try++) {
		if (try)
			bench_pmu(SBI_EXT_PMU_COUNTER_STOP, DELIVER_CTR, 1, 0,
				  0, 0);
		err = bench_start_value(DELIVER_CTR, -DELIVER_DELTA).error;
		*cal = deliver_calibrate(); /* counting now */
		if (!err && !sse) {
			csr_write(CSR_SIE, 1UL << IRQ_LCOF);
			csr_write(CSR_STVEC,
				  (unsigned long)bench_deliver_vector);
		}
		if (!err)
			bench_deliver_spin(&bench_deliver_state, !sse,
					   DELIVER_BUDGET);
		if (bench_deliver_state.slot[DELIVER_FLAG])
			break;
	}
	return err;
}

/* One overflow, caught by the LCOFI vector (@sse false) or SSE entry. */
static long deliver_once(bool sse, unsigned long *cal)
{
	unsigned long stvec = csr_read(CSR_STVEC), sie = csr_read(CSR_SIE);
	long err;

	bench_deliver_state = (struct bench_deliver){{0}};
	csr_clear(CSR_SIP, 1UL << IRQ_LCOF);
	err = deliver_match();
	if (err)
		return err;
	err = deliver_spin(sse, cal);
	csr_write(CSR_STVEC, stvec);
	csr_write(CSR_SIE, sie);
	bench_pmu(SBI_EXT_PMU_COUNTER_STOP, DELIVER_CTR, 1,
		  SBI_PMU_STOP_FLAG_RESET, 0, 0);
	csr_clear(CSR_SIP, 1UL << IRQ_LCOF);
	return err;
}

/*
 * The position of the interrupted pc in the loop, or -1 if the handler
 * interrupted something else or never ran.
 */
static long deliver_position(const unsigned long *s)
{
	unsigned long loop = (unsigned long)bench_deliver_loop;
	long last = (long)s[DELIVER_LAST];

	if (!s[DELIVER_FLAG] || s[DELIVER_PC] < loop ||
	    s[DELIVER_PC] >= loop + 4 * DELIVER_LOOP_INSNS ||
	    (s[DELIVER_PC] - loop) % 4 || last < -DELIVER_NEAR ||
	    last > DELIVER_NEAR)
		return -1;
	return (long)(s[DELIVER_PC] - loop) / 4;
}

static long deliver_iter(const struct bench_row *row, unsigned long *cost,
			 bool sse)
{
	const unsigned long *s = bench_deliver_state.slot;
	unsigned long cal, pre;
	long pos, err;

	if (sse && deliver_sse_err)
		return deliver_sse_err;
	err = deliver_once(sse, &cal);
	if (err)
		return err;
	pos = deliver_position(s);
	if (pos < 0) {
		printf("BENCHINFO %s: no delivery inside the loop (flag %lu "
		       "pc 0x%lx last %ld)\n",
		       row->key, s[DELIVER_FLAG], s[DELIVER_PC],
		       (long)s[DELIVER_LAST]);
		return SBI_ERR_FAILED;
	}
	pre = sse ? bench_deliver_pre_complete : bench_deliver_pre_sret;
	if (row->event == DELIVER_FIG_IN)
		*cost = s[DELIVER_ENTRY] - s[DELIVER_LAST] -
			deliver_after[pos] - cal;
	else
		*cost = s[DELIVER_NEXT] - s[DELIVER_DONE] - cal - pre -
			deliver_before[pos];
	deliver_wrap[sse] = (long)s[DELIVER_LAST] + (long)deliver_after[pos];
	deliver_wrap_seen[sse] = true;
	return SBI_SUCCESS;
}

static long deliver_iter_lcofi(const struct bench_row *row, unsigned long *cost)
{
	return deliver_iter(row, cost, false);
}

static long deliver_iter_sse(const struct bench_row *row, unsigned long *cost)
{
	return deliver_iter(row, cost, true);
}

static struct sbiret deliver_sse(unsigned long fid, unsigned long a0,
				 unsigned long a1, unsigned long a2)
{
	return sbi_ecall(SBI_EXT_SSE, fid, a0, a1, a2, 0, 0, 0);
}

/* Register, enable, unmask; an SBI 1.0 firmware has no SSE: n/a. */
static long deliver_sse_setup(void)
{
	long err;

	if (!sbi_probe(SBI_EXT_SSE))
		return SBI_ERR_NOT_SUPPORTED;
	err = deliver_sse(SBI_EXT_SSE_REGISTER,
			  SBI_SSE_EVENT_LOCAL_PMU_OVERFLOW,
			  (unsigned long)bench_deliver_sse_entry,
			  (unsigned long)&bench_deliver_state)
		      .error;
	if (!err)
		err = deliver_sse(SBI_EXT_SSE_ENABLE,
				  SBI_SSE_EVENT_LOCAL_PMU_OVERFLOW, 0, 0)
			      .error;
	if (!err)
		err = deliver_sse(SBI_EXT_SSE_HART_UNMASK, 0, 0, 0).error;
	return err;
}

static void deliver_sse_teardown(void)
{
	deliver_sse(SBI_EXT_SSE_HART_MASK, 0, 0, 0);
	deliver_sse(SBI_EXT_SSE_DISABLE, SBI_SSE_EVENT_LOCAL_PMU_OVERFLOW, 0,
		    0);
	deliver_sse(SBI_EXT_SSE_UNREGISTER, SBI_SSE_EVENT_LOCAL_PMU_OVERFLOW, 0,
		    0);
}

void bench_deliver_run(void)
{
	const struct bench_row lcofi[] = {
		{"deliver_lcofi", deliver_iter_lcofi, DELIVER_FIG_IN, 0},
		{"deliver_lcofi_ret", deliver_iter_lcofi, DELIVER_FIG_OUT, 0},
	};
	const struct bench_row sse[] = {
		{"deliver_sse", deliver_iter_sse, DELIVER_FIG_IN, 0},
		{"deliver_sse_ret", deliver_iter_sse, DELIVER_FIG_OUT, 0},
	};
	unsigned int i;

	for (i = 0; i < sizeof(lcofi) / sizeof(*lcofi); i++)
		bench_row_run(&lcofi[i]);
	deliver_sse_err = deliver_sse_setup();
	for (i = 0; i < sizeof(sse) / sizeof(*sse); i++)
		bench_row_run(&sse[i]);
	if (deliver_sse_err != SBI_ERR_NOT_SUPPORTED)
		deliver_sse_teardown();
	for (i = 0; i < 2; i++)
		if (deliver_wrap_seen[i])
			printf("BENCHINFO deliver_wrap_%s=%ld\n",
			       i ? "sse" : "lcofi", deliver_wrap[i]);
}
