/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Host benchmark of the core's hot paths against the size of the event
 * map: builds the map from N riscv,event-to-mhpmcounters rows (N given on
 * the command line), then runs CFG_MATCH + START + STOP(RESET) of the last
 * row's event ROUNDS times inside bench_loop(). Run under
 * `valgrind --tool=callgrind --toggle-collect=bench_loop` (make
 * bench-host), the instructions per round must not depend on N: matching
 * reads a table precomputed at init.
 */
#include <stdio.h>
#include <stdlib.h>

#include "sim/sim_env.h"

#define ROUNDS	 1000
#define MAX_ROWS 255

static struct pmu_map_counters_row rows[MAX_ROWS];

/*
 * N valid, non-overlapping rows: one per standard cache event (42 of
 * them), the rest for cache codes that never match (op 3), as a large
 * vendor table would look.
 */
static uint32_t map_scaling_fill(unsigned int n)
{
	unsigned int i, code = 0, last = 0;

	for (i = 0; i < n; i++, code++) {
		uint32_t event = 0x10000 | code;

		rows[i] = (struct pmu_map_counters_row){event, event, 0x7fff8};
		if (((code >> 1) & 3) != 3 && (code >> 3) < 7)
			last = event;
	}
	return last;
}

/* One call straight into the decoder (no simulator checks in the loop). */
static struct sbiret map_scaling_call(struct pmu_hart *h, unsigned long fid,
				      unsigned long a0, unsigned long a1,
				      unsigned long a2, unsigned long a3)
{
	const unsigned long a[6] = {a0, a1, a2, a3, 0, 0};

	return sbi_pmu_ecall(h, fid, a);
}

/* noinline: callgrind counts inside this function only. */
__attribute__((noinline)) static unsigned long bench_loop(struct pmu_hart *h,
							  uint32_t event)
{
	unsigned long i, errors = 0;

	for (i = 0; i < ROUNDS; i++) {
		struct sbiret r = map_scaling_call(
			h, SBI_EXT_PMU_COUNTER_CFG_MATCH, 0, 0x7fffd, 0, event);
		unsigned long idx = r.value;

		errors += r.error != 0;
		r = map_scaling_call(h, SBI_EXT_PMU_COUNTER_START, idx, 1,
				     SBI_PMU_START_FLAG_SET_INIT_VALUE, 0);
		errors += r.error != 0;
		r = map_scaling_call(h, SBI_EXT_PMU_COUNTER_STOP, idx, 1,
				     SBI_PMU_STOP_FLAG_RESET, 0);
		errors += r.error != 0;
	}
	return errors;
}

int main(int argc, char **argv)
{
	unsigned int n = argc > 1 ? (unsigned int)atoi(argv[1]) : 5;
	struct sim_env_cfg cfg = sim_env_default_cfg();
	struct pmu_map_input in = {0};
	static struct sim_env env;
	uint32_t event;

	if (n < 1 || n > MAX_ROWS) {
		fprintf(stderr, "usage: %s ROWS (1..%d)\n", argv[0], MAX_ROWS);
		return 2;
	}
	event = map_scaling_fill(n);
	in.present[PMU_PROP_EVENT_TO_MHPMCOUNTERS] = true;
	in.ctr = rows;
	in.n_ctr = n;
	cfg.rows = &in;
	if (sim_env_init(&env, &cfg))
		return 1;
	if (bench_loop(env.pmu[0], event)) {
		fprintf(stderr, "map_scaling: calls failed\n");
		return 1;
	}
	printf("rows %u event 0x%x rounds %d\n", n, event, ROUNDS);
	sim_env_free(&env);
	return 0;
}
