/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * bench-init: the end-to-end benchmark's first process, started instead
 * of the guest's /init with rdinit=/bin/bench-init. It comes in a second
 * initramfs (QEMU -initrd) laid over the kernel's built-in one, so the
 * guest image (mk/linux.mk) is used unchanged: /bin/perf is the guest's.
 *
 * It mounts what perf needs, makes the two FIFOs and starts the echo peer
 * (bench-work peer: not a child of perf, so never profiled), then runs
 * the workload REPS times alone and REPS times under
 *   perf stat -x, -e <8 hardware events> bench-work run ...
 * and powers off. With more events than counters perf multiplexes
 * (bench/run.py gives QEMU fewer programmable counters for that).
 *
 * Kernel command line (read from /proc/cmdline):
 *   bench.rounds=N  ping-pong rounds per run (default 2000)
 *   bench.spin=N    compute iterations per round (default 4000)
 *   bench.reps=N    runs per mode (default 2)
 * Lines for the host: "BENCH-E2E-RESULT ..." (from bench-work), the perf
 * stat CSV between "BENCH-E2E-PERF-BEGIN"/"-END", and "BENCH-E2E-DONE".
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "guest.h"

#define INIT_WORK "/bin/bench-work"
#define INIT_PERF "/bin/perf"
/* Five events QEMU maps plus three filtered copies: 8 > 6 counters. */
#define INIT_EVENTS                                                            \
	"cycles,instructions,dTLB-load-misses,dTLB-store-misses,"              \
	"iTLB-load-misses,cycles:u,instructions:u,cycles:k"
#define INIT_CHILD_TIMEOUT 300 /* seconds of guest time per command */

struct init_opts {
	char rounds[24];
	char spin[24];
	unsigned long reps;
};

static void init_options(struct init_opts *o)
{
	snprintf(o->rounds, sizeof(o->rounds), "2000");
	snprintf(o->spin, sizeof(o->spin), "4000");
	guest_cmdline_arg("bench.rounds", o->rounds, sizeof(o->rounds));
	guest_cmdline_arg("bench.spin", o->spin, sizeof(o->spin));
	o->reps = guest_cmdline_ulong("bench.reps", 2);
}

static pid_t init_spawn(char *const argv[])
{
	pid_t pid = fork();

	if (pid == 0) {
		alarm(INIT_CHILD_TIMEOUT);
		execv(argv[0], argv);
		fprintf(stderr, "bench-init: exec %s: %s\n", argv[0],
			strerror(errno));
		_exit(127);
	}
	return pid;
}

static int init_run(char *const argv[])
{
	int status = 0;
	pid_t pid = init_spawn(argv);

	if (pid < 0 || waitpid(pid, &status, 0) != pid)
		return -1;
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

static void init_plain(const struct init_opts *o)
{
	char *argv[] = {INIT_WORK,	 "run",	  (char *)o->rounds,
			(char *)o->spin, "plain", NULL};

	if (init_run(argv))
		printf("BENCH-E2E-ERROR plain run failed\n");
}

static void init_perf(const struct init_opts *o)
{
	char *argv[] = {INIT_PERF,
			"stat",
			"-x,",
			"-o",
			"/tmp/stat.csv",
			"-e",
			INIT_EVENTS,
			INIT_WORK,
			"run",
			(char *)o->rounds,
			(char *)o->spin,
			"perf",
			NULL};
	char line[512];
	FILE *f;

	if (init_run(argv))
		printf("BENCH-E2E-ERROR perf stat failed\n");
	f = fopen("/tmp/stat.csv", "r");
	if (!f)
		return;
	printf("BENCH-E2E-PERF-BEGIN\n");
	while (fgets(line, sizeof(line), f))
		if (line[0] != '#' && line[0] != '\n')
			fputs(line, stdout);
	printf("BENCH-E2E-PERF-END\n");
	fclose(f);
}

int main(void)
{
	char *peer_argv[] = {INIT_WORK, "peer", NULL};
	struct init_opts o;
	pid_t peer;

	guest_mount("bench-init", "proc", "/proc", MS_NOSUID | MS_NODEV, NULL);
	guest_mount("bench-init", "sysfs", "/sys", MS_NOSUID | MS_NODEV, NULL);
	guest_mount("bench-init", "tmpfs", "/tmp", MS_NOSUID | MS_NODEV,
		    "mode=1777");
	setenv("HOME", "/tmp", 1);
	init_options(&o);
	setvbuf(stdout, NULL, _IOLBF, 0);
	printf("BENCH-E2E-START rounds=%s spin=%s reps=%lu\n", o.rounds, o.spin,
	       o.reps);
	if (mkfifo("/tmp/bench-req", 0600) || mkfifo("/tmp/bench-rsp", 0600))
		printf("BENCH-E2E-ERROR mkfifo: %s\n", strerror(errno));
	peer = fork();
	if (peer == 0) {
		execv(peer_argv[0], peer_argv);
		_exit(127);
	}
	for (unsigned long i = 0; i < o.reps; i++)
		init_plain(&o);
	for (unsigned long i = 0; i < o.reps; i++)
		init_perf(&o);
	kill(peer, SIGKILL);
	printf("BENCH-E2E-DONE\n");
	fflush(stdout);
	sync();
	reboot(RB_POWER_OFF);
	return 0;
}
