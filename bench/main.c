/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The benchmark payload's driver. Boot arguments (QEMU -append, read from
 * /chosen/bootargs):
 *   bench.event=0xNNNNN  scaling mode: only the rows whose cost could
 *                        depend on the riscv,pmu map's size, with that
 *                        event as the one of the map's last standard row
 *   bench.only=KEY       run only row KEY (bench/profile.py)
 *   bench.iters=N        timed iterations per row (default BENCH_ITERS)
 *   bench.suite=sched    only Linux's sched-in + sched-out rows, through
 *                        SBI calls and through delegated counters (the
 *                        delegation boot, bench/run.py)
 * Without them, the full suite. Output ends with "BENCH-END"; a firmware
 * that cannot be measured gets a "BENCH-ABORT: why" line instead.
 */
#include <stddef.h>

#include "bench.h"
#include "console.h"
#include "fdt.h"
#include "printf.h"
#include "runtime.h"
#include "string.h"

#define BENCH_ARGS_MAX 256

/* A number: hexadecimal with a 0x prefix, else decimal; ends at ' '. */
static bool bench_main_number(const char *s, unsigned long *v)
{
	unsigned int base = 10, digits = 0;
	unsigned long x = 0;

	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		base = 16;
		s += 2;
	}
	for (; *s && *s != ' '; s++, digits++) {
		char c = *s;
		unsigned int d;

		if (c >= '0' && c <= '9')
			d = (unsigned int)(c - '0');
		else if (c >= 'a' && c <= 'f')
			d = (unsigned int)(c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			d = (unsigned int)(c - 'A' + 10);
		else
			return false;
		if (d >= base)
			return false;
		x = x * base + d;
	}
	*v = x;
	return digits > 0 && digits <= 8;
}

/* The value of boot argument @key ("name="), or NULL. */
static const char *bench_main_arg(const char *args, const char *key)
{
	size_t len = strlen(key);

	for (const char *p = args; *p; p++)
		if ((p == args || p[-1] == ' ') && !strncmp(p, key, len))
			return p + len;
	return NULL;
}

static void bench_main_args(const void *dtb)
{
	char args[BENCH_ARGS_MAX];
	const char *v;
	unsigned long n;
	size_t i;

	bench_env.iters = BENCH_ITERS;
	if (!fdt_bootargs(dtb, args, sizeof(args)))
		return;
	v = bench_main_arg(args, "bench.event=");
	if (v && !bench_main_number(v, &bench_env.scaling_event))
		bench_env.scaling_event = 0;
	v = bench_main_arg(args, "bench.iters=");
	if (v && bench_main_number(v, &n) && n)
		bench_env.iters = n;
	v = bench_main_arg(args, "bench.only=");
	for (i = 0; v && v[i] && v[i] != ' ' && i + 1 < BENCH_ONLY_MAX; i++)
		bench_env.only[i] = v[i];
	bench_env.only[i] = '\0';
	v = bench_main_arg(args, "bench.suite=");
	bench_env.sched_only =
		v && !strncmp(v, "sched", 5) && (v[5] == '\0' || v[5] == ' ');
}

static const char *bench_main_mode(void)
{
	if (bench_env.scaling_event)
		return "scaling";
	return bench_env.sched_only ? "sched" : "full";
}

int payload_main(unsigned long hartid, const void *dtb)
{
	bench_main_args(dtb);
	printf("BENCHINFO payload=sbipmu-bench hart=%lu console=\"%s\" "
	       "mode=%s event=0x%lx iters=%lu only=%s\n",
	       hartid, console_kind_name(), bench_main_mode(),
	       bench_env.scaling_event, bench_env.iters,
	       bench_env.only[0] ? bench_env.only : "-");
	if (!bench_env_setup()) {
		printf("BENCH-END\n");
		return 1;
	}
	bench_env_cdeleg(dtb);
	if (bench_env.scaling_event) {
		bench_rows_scaling_run(bench_env.scaling_event);
		bench_sched_one_run("sched_1", BENCH_EV_CYCLES);
	} else if (bench_env.sched_only) {
		bench_sched_run(false);
		bench_sched_deleg_run();
	} else {
		bench_rows_run();
		bench_sched_run(false);
		bench_sched_deleg_run();
		bench_ovf_run(false);
		bench_deliver_run();
		/* Snapshot last: the area stays registered once set. */
		bench_env_snapshot();
		bench_rows_snapshot_run();
		bench_sched_run(true);
		bench_ovf_run(true);
	}
	printf("BENCH-END\n");
	return 0;
}
