/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Per-row statistics and the row runner. Under -icount every iteration
 * of a row should cost the same; min and max are printed so that a row
 * whose cost varies (a firmware with state-dependent paths) shows it.
 */
#include "bench.h"

#include "printf.h"
#include "sbi.h"
#include "string.h"

void bench_stats_init(struct bench_stats *s, const char *key)
{
	*s = (struct bench_stats){.key = key, .min = ~0UL};
}

void bench_stats_add(struct bench_stats *s, unsigned long cost)
{
	s->n++;
	s->sum += cost;
	if (cost < s->min)
		s->min = cost;
	if (cost > s->max)
		s->max = cost;
}

void bench_stats_print(const struct bench_stats *s)
{
	uint64_t mean100 = s->n ? s->sum * 100 / s->n : 0;

	printf("BENCH key=%s n=%lu min=%lu max=%lu sum=%llu mean=%llu.%02llu "
	       "err=%ld",
	       s->key, s->n, s->n ? s->min : 0, s->max,
	       (unsigned long long)s->sum, (unsigned long long)(mean100 / 100),
	       (unsigned long long)(mean100 % 100), s->err);
	if (s->calls)
		printf(" calls=%u", s->calls);
	printf("\n");
}

void bench_row_run(const struct bench_row *row)
{
	struct bench_stats s;
	unsigned long cost;
	long err;

	if (bench_env.only[0] && strcmp(bench_env.only, row->key))
		return;
	bench_stats_init(&s, row->key);
	s.calls = row->calls;
	err = row->iter(row, &cost); /* warm-up, not recorded */
	for (unsigned long i = 0; !err && i < bench_env.iters; i++) {
		err = row->iter(row, &cost);
		if (!err)
			bench_stats_add(&s, cost);
	}
	s.err = err;
	bench_stats_print(&s);
}

struct sbiret bench_pmu(unsigned long fid, unsigned long a0, unsigned long a1,
			unsigned long a2, unsigned long a3, unsigned long a4)
{
	return sbi_ecall(SBI_EXT_PMU, fid, a0, a1, a2, a3, a4, 0);
}

struct sbiret bench_start_value(unsigned long idx, uint64_t value)
{
	return bench_pmu(SBI_EXT_PMU_COUNTER_START, idx, 1,
			 SBI_PMU_START_FLAG_SET_INIT_VALUE, BENCH_ARG_LO(value),
			 BENCH_ARG_HI(value));
}
