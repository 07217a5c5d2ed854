/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * /bin/perf of a guest without a libc to build the real one on (RV32):
 * dispatches "perf stat", "perf record" and "perf report" to uperf's
 * implementations (uperf.h lists the files). Anything else is refused
 * with perf's own wording, so a caller sees which perf it runs.
 */
#include "uperf.h"

static const struct {
	const char *name;
	int (*main)(int argc, char **argv);
} uperf_commands[] = {
	{"stat", uperf_stat_main},
	{"record", uperf_record_main},
	{"report", uperf_report_main},
};

static int uperf_usage(void)
{
	uperf_say(2, "\n usage: perf [--version] COMMAND [ARGS]\n\n"
		     " uperf, the subset of perf that the sbipmu guest runs:\n"
		     "   stat     Run a command and gather performance counter "
		     "statistics\n"
		     "   record   Run a command and record its profile into "
		     "perf.data\n"
		     "   report   Read perf.data (created by perf record) and "
		     "display the profile\n\n");
	return 1;
}

int main(int argc, char **argv)
{
	const char *cmd = argc > 1 ? argv[1] : NULL;

	if (!cmd || !strcmp(cmd, "--help") || !strcmp(cmd, "help"))
		return uperf_usage();
	if (!strcmp(cmd, "--version") || !strcmp(cmd, "version")) {
		uperf_say(1, "perf version 6.12 (uperf subset)\n");
		return 0;
	}
	for (size_t i = 0; i < UPERF_ARRAY_SIZE(uperf_commands); i++)
		if (!strcmp(cmd, uperf_commands[i].name))
			return uperf_commands[i].main(argc - 1, argv + 1);
	uperf_say(2,
		  "perf: '%s' is not a perf-command (uperf knows stat, record, "
		  "report). See 'perf --help'.\n",
		  cmd);
	return 1;
}
