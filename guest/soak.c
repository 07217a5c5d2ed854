/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * /bin/soak of the sbipmu Linux guest: Linux under load for a fixed time,
 * the situations a firmware meets in production all at once (issue 12):
 *
 *  - `perf record -a` sampling cycles on every hart, for the whole time;
 *  - `perf stat` of more hardware and firmware events than there are
 *    counters (multiplexed), over and over;
 *  - /bin/workload in a loop: scheduler-heavy, remote fences, IPIs, traps;
 *  - CPU offline/online cycles of every secondary hart (Linux's cpu
 *    hotplug: SBI HSM hart_stop on the way down, hart_start on the way up).
 *
 * Each activity is a child process with the same deadline. At the end one
 * `SOAK key=value ...` line per activity says what it did and how often it
 * failed; scripts/linux-check.sh --soak judges them, then the init steps
 * that follow (firmware-event counts, every counter free again).
 *
 * usage: soak SECONDS
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define PERF	 "/bin/perf"
#define WORKLOAD "/bin/workload"
#define MAX_CPUS 64

#define CTL_FIFO   "/tmp/soak.ctl"
#define ACK_FIFO   "/tmp/soak.ack"
#define READY_FILE "/tmp/soak.ready" /* perf record -a is sampling */

/* Firmware events (SBI v3.0 "Firmware Events"), as perf raw configs. */
#define FW(code) "cpu/config=0x80000000000000" code "/"

struct tally {
	unsigned long runs;
	unsigned long failures;
	unsigned long extra; /* samples, for the recorder */
	int status;	     /* its wait status, for the recorder */
};

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Runs argv with stdout and stderr to /dev/null; its exit status. */
static int run_quiet(char *const argv[])
{
	int status;
	pid_t pid = fork();

	if (pid < 0)
		return -1;
	if (pid == 0) {
		int null = open("/dev/null", O_WRONLY);

		if (null >= 0) {
			dup2(null, STDOUT_FILENO);
			dup2(null, STDERR_FILENO);
		}
		execv(argv[0], argv);
		_exit(127);
	}
	if (waitpid(pid, &status, 0) < 0)
		return -1;
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

/* Runs argv until the deadline; every non-zero exit is a failure. */
static void loop_until(double deadline, char *const argv[], struct tally *t)
{
	while (now_s() < deadline) {
		t->runs++;
		if (run_quiet(argv) != 0)
			t->failures++;
	}
}

static int cpu_set_online(int cpu, int online)
{
	char path[64];
	int fd, ok;

	snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/online",
		 cpu);
	fd = open(path, O_WRONLY);
	if (fd < 0)
		return -1;
	ok = write(fd, online ? "1" : "0", 1) == 1;
	close(fd);
	return ok ? 0 : -1;
}

/*
 * Takes each secondary hart down and up again in turn. A failed offline
 * is only a failure if the kernel says something other than EBUSY (it
 * may refuse while it migrates); a failed online always is, and is
 * retried so that the machine ends with every hart online.
 */
static void hotplug_until(double deadline, int ncpu, struct tally *t)
{
	/*
	 * perf record -a opens an event on every online hart at start and
	 * fails on one that goes down meanwhile: wait until it samples (at
	 * most a third of the time, so the hotplug happens anyway).
	 */
	double wait_until = now_s() + (deadline - now_s()) / 3;

	while (access(READY_FILE, F_OK) != 0 && now_s() < wait_until)
		usleep(50000);
	for (int cpu = 1; ncpu > 1 && now_s() < deadline;
	     cpu = cpu % (ncpu - 1) + 1) {
		t->runs++;
		if (cpu_set_online(cpu, 0) != 0) {
			if (errno != EBUSY)
				t->failures++;
			continue;
		}
		usleep(20000);
		for (int tries = 0; cpu_set_online(cpu, 1) != 0; tries++) {
			t->failures++;
			if (tries == 10)
				break;
			usleep(100000);
		}
		usleep(20000);
	}
}

/*
 * Starts perf record -a with its events disabled (-D -1) and a control
 * fifo, its stderr on *@err; its pid.
 */
static pid_t record_start(int *err)
{
	int p[2];
	pid_t pid;

	unlink(CTL_FIFO);
	unlink(ACK_FIFO);
	if (mkfifo(CTL_FIFO, 0600) != 0 || mkfifo(ACK_FIFO, 0600) != 0 ||
	    pipe(p) != 0)
		return -1;
	pid = fork();
	if (pid == 0) {
		dup2(p[1], STDERR_FILENO);
		close(p[0]);
		execl(PERF, PERF, "record", "-a", "-e", "cycles", "-c",
		      "200000", "-D", "-1", "--control",
		      "fifo:" CTL_FIFO "," ACK_FIFO, "-o", "/tmp/soak.data",
		      (char *)NULL);
		_exit(127);
	}
	close(p[1]);
	*err = p[0];
	return pid;
}

/*
 * Enables perf's events through its control fifo and waits for the ack:
 * then every event is open and counting, and the hotplug activity may
 * start (READY_FILE). 0 on success, -1 if perf died or stayed silent.
 */
static int record_enable(pid_t pid, double deadline)
{
	char ack[8] = {0};
	int ctl = -1, fd;

	while (ctl < 0 && now_s() < deadline) {
		ctl = open(CTL_FIFO, O_WRONLY | O_NONBLOCK);
		if (ctl < 0 && waitpid(pid, NULL, WNOHANG) != 0)
			return -1;
		if (ctl < 0)
			usleep(50000);
	}
	if (ctl < 0)
		return -1;
	if (write(ctl, "enable\n", 7) != 7) {
		close(ctl);
		return -1;
	}
	close(ctl);
	fd = open(ACK_FIFO, O_RDONLY);
	if (fd < 0 || read(fd, ack, sizeof(ack) - 1) <= 0 ||
	    strncmp(ack, "ack", 3) != 0) {
		if (fd >= 0)
			close(fd);
		return -1;
	}
	close(fd);
	close(open(READY_FILE, O_WRONLY | O_CREAT, 0600));
	return 0;
}

/*
 * Lets perf record run until @deadline, then stops it with SIGINT, as on
 * a terminal (there is no sleep(1) in the guest). Returns its wait status
 * and sets *@early if it ended on its own before.
 */
static int record_wait(pid_t pid, double deadline, int *early)
{
	int status = 0;

	*early = 0;
	while (now_s() < deadline) {
		pid_t r = waitpid(pid, &status, WNOHANG);

		if (r == pid || r < 0) {
			*early = 1;
			return r < 0 ? -1 : status;
		}
		usleep(100000);
	}
	kill(pid, SIGINT);
	return waitpid(pid, &status, 0) < 0 ? -1 : status;
}

/* Samples from perf's "(N samples)" line; the rest goes to the log. */
static unsigned long record_samples(int err)
{
	unsigned long samples = 0;
	char line[256];
	FILE *f = fdopen(err, "r");

	while (f && fgets(line, sizeof(line), f)) {
		char *s = strstr(line, " samples) ]");

		while (s && s > line && s[-1] >= '0' && s[-1] <= '9')
			s--;
		if (s)
			samples = strtoul(s, NULL, 10);
		else
			printf("soak: perf record: %s", line);
	}
	if (f)
		fclose(f);
	else
		close(err);
	return samples;
}

/*
 * perf record -a until @deadline. perf opens an event on every online
 * hart at start; a hart the hotplug activity takes down meanwhile makes
 * that fail (ENODEV), so an early exit is retried while time is left.
 * Once running, perf survives harts going down and up. Success is the
 * last attempt's: it wrote samples and died of SIGINT after writing them
 * (perf re-raises it) or exited 0.
 */
static void record_all(double deadline, struct tally *t)
{
	int status = -1, early = 1;

	while (early && deadline - now_s() > 2) {
		int err;
		pid_t pid = record_start(&err);

		if (pid < 0)
			break;
		t->runs++;
		if (record_enable(pid, deadline) != 0)
			kill(pid, SIGKILL);
		status = record_wait(pid, deadline, &early);
		t->extra = record_samples(err);
	}
	t->status = status;
	if (status == -1 || early || !t->extra)
		t->failures = 1;
	else if (WIFSIGNALED(status) ? WTERMSIG(status) != SIGINT
				     : WEXITSTATUS(status) != 0)
		t->failures = 1;
	unlink("/tmp/soak.data");
}

enum activity { RECORD, STAT, WORK, HOTPLUG, NACTIVITY };

static const char *const activity_name[NACTIVITY] = {
	"record-a", "stat-multiplex", "workload", "hotplug"};

static void activity_run(enum activity a, int secs, int ncpu, struct tally *t)
{
	static char *const stat_argv[] = {
		PERF,	  "stat",   "-x,",    "-e",	"cycles,instructions",
		"-e",	  FW("00"), "-e",     FW("01"), "-e",
		FW("04"), "-e",	    FW("06"), "-e",	FW("07"),
		"-e",	  FW("08"), "-e",     FW("09"), "-e",
		FW("0a"), "-e",	    FW("0b"), "-e",	FW("0c"),
		"-e",	  FW("0d"), "-e",     FW("0e"), "-e",
		FW("0f"), "-e",	    FW("10"), "-e",	FW("11"),
		"-e",	  FW("12"), "-e",     FW("13"), "-e",
		FW("14"), "-e",	    FW("15"), WORKLOAD, "3",
		NULL};
	static char *const work_argv[] = {WORKLOAD, "10", NULL};
	double deadline = now_s() + secs;

	switch (a) {
	case RECORD:
		record_all(deadline, t);
		break;
	case STAT:
		loop_until(deadline, stat_argv, t);
		break;
	case WORK:
		loop_until(deadline, work_argv, t);
		break;
	case HOTPLUG:
		hotplug_until(deadline, ncpu, t);
		break;
	default:
		break;
	}
}

/*
 * Each activity runs in its own process and reports through a pipe, so a
 * crash of one shows as a missing report, not as a hung soak.
 */
static pid_t activity_start(enum activity a, int secs, int ncpu, int *rfd)
{
	int p[2];
	pid_t pid;

	if (pipe(p) != 0)
		return -1;
	pid = fork();
	if (pid == 0) {
		struct tally t = {0, 0, 0, 0};

		close(p[0]);
		activity_run(a, secs, ncpu, &t);
		if (write(p[1], &t, sizeof(t)) != sizeof(t))
			_exit(1);
		_exit(0);
	}
	close(p[1]);
	*rfd = p[0];
	return pid;
}

static void activity_report(enum activity a, pid_t pid, int rfd)
{
	struct tally t;
	int status = 0;
	int ok = read(rfd, &t, sizeof(t)) == sizeof(t);

	close(rfd);
	waitpid(pid, &status, 0);
	if (!ok) {
		printf("SOAK activity=%s report=missing\n", activity_name[a]);
		return;
	}
	printf("SOAK activity=%s runs=%lu failures=%lu", activity_name[a],
	       t.runs, t.failures);
	if (a == RECORD)
		printf(" samples=%lu wait-status=%#x", t.extra,
		       (unsigned int)t.status);
	printf("\n");
}

int main(int argc, char **argv)
{
	int secs = argc > 1 ? atoi(argv[1]) : 0;
	int ncpu = (int)sysconf(_SC_NPROCESSORS_ONLN);
	pid_t pid[NACTIVITY];
	int rfd[NACTIVITY];
	double start = now_s();

	if (secs <= 0 || ncpu < 1 || ncpu > MAX_CPUS) {
		fprintf(stderr, "usage: soak SECONDS (online cpus %d)\n", ncpu);
		return 2;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	unlink(READY_FILE);
	printf("SOAK start seconds=%d cpus=%d\n", secs, ncpu);
	for (int a = 0; a < NACTIVITY; a++)
		pid[a] = activity_start((enum activity)a, secs, ncpu, &rfd[a]);
	for (int a = 0; a < NACTIVITY; a++) {
		if (pid[a] < 0)
			printf("SOAK activity=%s report=not-started\n",
			       activity_name[a]);
		else
			activity_report((enum activity)a, pid[a], rfd[a]);
	}
	printf("SOAK end elapsed=%.0f online=%ld\n", now_s() - start,
	       sysconf(_SC_NPROCESSORS_ONLN));
	return 0;
}
