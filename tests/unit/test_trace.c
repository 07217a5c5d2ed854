/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The PMU call trace (sbi/sbi_pmu_trace.c): a traced call answers exactly
 * what the untraced decoder answers; each entry holds the call's FID,
 * registers, result and the counters it started, stopped, configured or
 * released; the ring keeps the last N calls, oldest first in the dump;
 * a ring of size 0 records nothing. Also the Linux 6.12 snapshot restart
 * (docs/facts.md F1.12) as the trace shows it: COUNTER_START with base 4096
 * rejected.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <sbipmu/sbi_pmu_trace.h>

#include "test_util.h"

#define RING 4

static char dump_buf[8192];
static size_t dump_len;

static void dump_print(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	dump_len += (size_t)vsnprintf(dump_buf + dump_len,
				      sizeof(dump_buf) - dump_len, fmt, ap);
	va_end(ap);
}

static struct sbiret traced(struct sim_env *env, struct sbi_pmu_trace *t,
			    unsigned long fid, unsigned long a0,
			    unsigned long a1, unsigned long a2,
			    unsigned long a3)
{
	const unsigned long a[6] = {a0, a1, a2, a3, 0, 0};

	return sbi_pmu_ecall_traced(env->pmu[0], t, fid, a);
}

static void test_trace__records_call_result_and_state_change(void **state)
{
	struct sim_env *env = *state;
	struct sbi_pmu_trace_entry ring[RING];
	struct sbi_pmu_trace t;
	struct sbiret r;

	sbi_pmu_trace_init(&t, ring, RING, NULL);
	r = traced(env, &t, SBI_EXT_PMU_COUNTER_CFG_MATCH, 3, 1, 0,
		   EV_INSTRUCTIONS);
	assert_ok(r);
	assert_int_equal(r.value, 3);
	assert_int_equal(ring[0].fid, SBI_EXT_PMU_COUNTER_CFG_MATCH);
	assert_int_equal(ring[0].a[3], EV_INSTRUCTIONS);
	assert_int_equal(ring[0].value, 3);
	assert_int_equal(ring[0].mapped[0], 0);
	assert_int_equal(ring[0].mapped[1], 1u << 3);
	assert_ok(traced(env, &t, SBI_EXT_PMU_COUNTER_START, 3, 1, 0, 0));
	assert_int_equal(ring[1].started[0], TU_FIXED);
	assert_int_equal(ring[1].started[1], TU_FIXED | 1u << 3);
	assert_int_equal(t.calls, 2);
}

/* docs/facts.md F1.12: Linux 6.12's restart with snapshot, and what the trace
 * says. */
static void test_trace__linux_snapshot_restart_base_4096_rejected(void **state)
{
	struct sim_env *env = *state;
	struct sbi_pmu_trace_entry ring[RING];
	struct sbi_pmu_trace t;

	sbi_pmu_trace_init(&t, ring, RING, NULL);
	assert_ok(set_shmem(env, SIM_S_RAM_BASE, 0));
	assert_ok(traced(env, &t, SBI_EXT_PMU_COUNTER_CFG_MATCH, 3, 1, 0,
			 EV_INSTRUCTIONS));
	assert_err(traced(env, &t, SBI_EXT_PMU_COUNTER_START, 64 * 64, 1u << 3,
			  SBI_PMU_START_FLAG_INIT_SNAPSHOT, 0),
		   SBI_ERR_INVALID_PARAM);
	assert_int_equal(ring[1].error, SBI_ERR_INVALID_PARAM);
	assert_int_equal(ring[1].a[0], 4096);
	/* nothing started (cycle and instret run since hart init) */
	assert_int_equal(ring[1].started[1], TU_FIXED);
}

static void test_trace__ring_keeps_last_n_oldest_first(void **state)
{
	struct sim_env *env = *state;
	struct sbi_pmu_trace_entry ring[RING];
	struct sbi_pmu_trace t;
	unsigned int i;

	sbi_pmu_trace_init(&t, ring, RING, NULL);
	for (i = 0; i < RING + 2; i++)
		traced(env, &t, SBI_EXT_PMU_COUNTER_GET_INFO, i, 0, 0, 0);
	dump_len = 0;
	sbi_pmu_trace_dump(&t, 0, dump_print);
	assert_non_null(strstr(dump_buf, "calls=6 shown=4"));
	assert_null(strstr(dump_buf, "seq=1 "));
	assert_true(strstr(dump_buf, "seq=2 ") < strstr(dump_buf, "seq=5 "));
	assert_non_null(strstr(dump_buf, "PMU-TRACE-END hart=0"));
}

static void test_trace__size_zero_records_nothing_same_answer(void **state)
{
	struct sim_env *env = *state;
	struct sbi_pmu_trace t;
	const unsigned long a[6] = {7, 0, 0, 0, 0, 0};
	struct sbiret plain, r;

	sbi_pmu_trace_init(&t, NULL, 16, NULL);
	plain = sbi_pmu_ecall(env->pmu[0], SBI_EXT_PMU_COUNTER_GET_INFO, a);
	r = sbi_pmu_ecall_traced(env->pmu[0], &t, SBI_EXT_PMU_COUNTER_GET_INFO,
				 a);
	assert_int_equal(r.error, plain.error);
	assert_int_equal(r.value, plain.value);
	assert_int_equal(t.calls, 0);
	dump_len = 0;
	dump_buf[0] = '\0';
	sbi_pmu_trace_dump(&t, 0, dump_print);
	assert_int_equal(dump_len, 0);
}

static uint64_t fake_now;

static uint64_t fake_clock(void)
{
	return fake_now;
}

/* With a clock, each entry holds the time the call came, and the dump. */
static void test_trace__clock_stamps_each_call(void **state)
{
	struct sim_env *env = *state;
	struct sbi_pmu_trace_entry ring[RING];
	struct sbi_pmu_trace t;

	sbi_pmu_trace_init(&t, ring, RING, fake_clock);
	fake_now = 1000;
	traced(env, &t, SBI_EXT_PMU_NUM_COUNTERS, 0, 0, 0, 0);
	fake_now = 1250;
	traced(env, &t, SBI_EXT_PMU_NUM_COUNTERS, 0, 0, 0, 0);
	assert_int_equal(ring[0].time, 1000);
	assert_int_equal(ring[1].time, 1250);
	dump_len = 0;
	dump_buf[0] = '\0';
	sbi_pmu_trace_dump(&t, 0, dump_print);
	assert_non_null(strstr(dump_buf, " time=1250\n"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(
			test_trace__records_call_result_and_state_change,
			tu_setup_qemu, tu_teardown),
		cmocka_unit_test_setup_teardown(
			test_trace__linux_snapshot_restart_base_4096_rejected,
			tu_setup_qemu, tu_teardown),
		cmocka_unit_test_setup_teardown(
			test_trace__ring_keeps_last_n_oldest_first,
			tu_setup_qemu, tu_teardown),
		cmocka_unit_test_setup_teardown(
			test_trace__size_zero_records_nothing_same_answer,
			tu_setup_qemu, tu_teardown),
		cmocka_unit_test_setup_teardown(
			test_trace__clock_stamps_each_call, tu_setup_qemu,
			tu_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
