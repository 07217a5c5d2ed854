/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The conformance suite's driver: discover the firmware and machine, run
 * the groups of checks in order, end with the summary line. The boot
 * argument "skip=N" (QEMU -append, read from /chosen/bootargs) skips the
 * first N groups: scripts/conformance.sh uses it to resume after a group
 * that crashed or hung the firmware, so one fatal bug does not hide the
 * verdicts of every check after it.
 */
#include <stddef.h>

#include "check.h"
#include "console.h"
#include "env.h"
#include "groups.h"
#include "pmu.h"
#include "printf.h"
#include "runtime.h"
#include "trap.h"

/*
 * A group runs either run() or run_fid(fid). A group that holds a single
 * check bears that check's name, so that the runner script can name the
 * check when the firmware dies during it.
 */
struct group {
	const char *name;
	void (*run)(void);
	void (*run_fid)(unsigned long fid);
	unsigned long fid;
};

#define GROUP(n, fn)                                                           \
	{                                                                      \
		.name = (n), .run = (fn)                                       \
	}
#define HOSTILE(n)                                                             \
	{                                                                      \
		.name = "robustness.fid_" #n ".hostile_args",                  \
		.run_fid = hostile_fid_run, .fid = (n)                         \
	}

static const struct group groups[] = {
	GROUP("base", base_run),
	GROUP("handoff", handoff_run),
	GROUP("counter_get_info", get_info_run),
	GROUP("cfg_match", cfg_match_run),
	GROUP("start_stop", start_stop_run),
	GROUP("fw_counter", fw_counter_run),
	GROUP("counter_carry", carry_run),
	GROUP("snapshot", snapshot_run),
	GROUP("event_info", event_info_run),
	GROUP("overflow", overflow_run),
	GROUP("counter_delegation", cdeleg_run),
	GROUP("smp", smp_run),
	GROUP("hfence", hfence_run),
	GROUP("hfence_smp", hfence_smp_run),
	GROUP("fw_traps", fw_traps_run),
	GROUP("sets", cfg_match_sets_run),
	GROUP("sse", sse_run),
	GROUP("sse_smp", sse_smp_run),
	GROUP("sse_pmu_overflow", sse_pmu_run),
	GROUP("legacy", legacy_run),
	GROUP("legacy_fw_events", legacy_fw_events_run),
	GROUP("abi", abi_run),
	HOSTILE(0),
	HOSTILE(1),
	HOSTILE(2),
	HOSTILE(3),
	HOSTILE(4),
	HOSTILE(5),
	HOSTILE(6),
	HOSTILE(7),
	HOSTILE(8),
	HOSTILE(9),
	GROUP("robustness.concurrent_writer", hostile_shmem_run),
	GROUP("robustness.legacy_hart_mask", legacy_hart_mask_run),
	GROUP("cfg_match.skip_match.fw_event_on_hw_counter",
	      skip_match_fw_on_hw_run),
	GROUP("cfg_match.skip_match.hw_event_on_fw_counter",
	      skip_match_hw_on_fw_run),
	GROUP("hsm.hart_suspend.suspend_type_bits_above_31_ignored",
	      u32_args_run),
};

#define GROUP_COUNT (sizeof(groups) / sizeof(groups[0]))

/* The N of "skip=N" in the boot arguments, 0 if absent. */
static unsigned int main_skip(void)
{
	const char *p = env.bootargs;
	unsigned int n = 0;

	for (; *p; p++) {
		if (p[0] == 's' && p[1] == 'k' && p[2] == 'i' && p[3] == 'p' &&
		    p[4] == '=')
			break;
	}
	if (!*p)
		return 0;
	for (p += 5; *p >= '0' && *p <= '9'; p++)
		n = n * 10 + (unsigned int)(*p - '0');
	return n;
}

static void main_payload_health(void)
{
	struct trap_counts t = trap_counts();

	check_true("payload.no_unexpected_traps",
		   "the suite itself must run cleanly for its verdicts to mean "
		   "anything; an unexpected trap is an SBI call or CSR access "
		   "that faulted",
		   t.unexpected == 0, "0", "%lu (last scause %lu sepc 0x%lx)",
		   t.unexpected, t.last_cause, t.last_epc);
}

int payload_main(unsigned long hartid, const void *dtb)
{
	unsigned int i, skip;

	handoff_observe(); /* before any other SBI call */
	env_discover(hartid, dtb);
	printf("# sbipmu conformance suite (RV%d), console: %s\n", XLEN,
	       console_kind_name());
	env_print();
	skip = main_skip();
	printf("# groups: %u, skipping the first %u\n",
	       (unsigned int)GROUP_COUNT, skip);
	for (i = skip; i < GROUP_COUNT; i++) {
		printf("# group %u %s\n", i, groups[i].name);
		if (groups[i].run)
			groups[i].run();
		else
			groups[i].run_fid(groups[i].fid);
		if (i == 0 && (!env.pmu || !env.num)) {
			/* nothing to judge without the extension */
			printf("# no PMU counters: the other groups do not "
			       "apply\n");
			break;
		}
		pmu_release_all();
	}
	main_payload_health();
	return (int)check_summary();
}
