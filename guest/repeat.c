/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * /bin/repeat: runs a program N times and says how each run ended, for
 * tests that fail now and then (KVM's arch_timer selftest under TCG:
 * kvm-check measures its failure rate, scripts/kvm-check.sh).
 *
 *   repeat N SECONDS PROGRAM [ARGS...]
 *
 * Each run gets SECONDS before it is killed. One line per run, then a
 * summary the host script parses:
 *
 *   repeat: run 3: fail (exit 254)
 *   repeat: arch_timer: 10 runs, 7 passed, 3 failed, 0 skipped, 0 timed out
 *
 * Exit code 4 is the kselftest "skip". The program's own output goes to
 * /dev/null except for the last failed run's, which is shown so that the
 * reason of a failure is in the log.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define KSFT_SKIP 4

enum outcome { RUN_PASS, RUN_FAIL, RUN_SKIP, RUN_TIMEOUT, RUN_OUTCOMES };

static const char *const outcome_name[RUN_OUTCOMES] = {"pass", "fail", "skip",
						       "timeout"};

static const char *const failed_log = "/tmp/repeat-failed.log";

/* Child: output into the log of this run (kept only if it fails). */
static void child_exec(char **argv, const char *log)
{
	int fd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0644);

	if (fd >= 0) {
		dup2(fd, STDOUT_FILENO);
		dup2(fd, STDERR_FILENO);
		close(fd);
	}
	setpgid(0, 0);
	execv(argv[0], argv);
	perror(argv[0]);
	_exit(127);
}

/* Waits up to deadline_s for pid; kills its process group after that. */
static enum outcome wait_run(pid_t pid, int deadline_s, int *code)
{
	struct timespec nap = {0, 20 * 1000 * 1000};
	long waited_ms = 0;
	int status;

	for (;;) {
		pid_t r = waitpid(pid, &status, WNOHANG);

		if (r == pid)
			break;
		if (r < 0 && errno != EINTR)
			return RUN_FAIL;
		if (waited_ms >= (long)deadline_s * 1000) {
			kill(-pid, SIGKILL);
			waitpid(pid, &status, 0);
			*code = -1;
			return RUN_TIMEOUT;
		}
		nanosleep(&nap, NULL);
		waited_ms += 20;
	}
	*code = WIFEXITED(status) ? WEXITSTATUS(status)
				  : 128 + WTERMSIG(status);
	if (*code == 0)
		return RUN_PASS;
	return *code == KSFT_SKIP ? RUN_SKIP : RUN_FAIL;
}

static const char *base_name(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

static void show_file(const char *path)
{
	char buf[1024];
	FILE *f = fopen(path, "r");

	if (!f)
		return;
	while (fgets(buf, sizeof(buf), f))
		fputs(buf, stdout);
	fclose(f);
}

int main(int argc, char **argv)
{
	static const char run_log[] = "/tmp/repeat-run.log";
	int count[RUN_OUTCOMES] = {0};
	int runs, deadline_s, any_failed = 0;

	if (argc < 4 || (runs = atoi(argv[1])) <= 0 ||
	    (deadline_s = atoi(argv[2])) <= 0) {
		fprintf(stderr, "usage: repeat N SECONDS PROGRAM [ARGS...]\n");
		return 2;
	}
	for (int i = 1; i <= runs; i++) {
		pid_t pid = fork();
		enum outcome o;
		int code = 0;

		if (pid == 0)
			child_exec(argv + 3, run_log);
		if (pid < 0) {
			perror("fork");
			return 1;
		}
		o = wait_run(pid, deadline_s, &code);
		count[o]++;
		printf("repeat: run %d: %s (exit %d)\n", i, outcome_name[o],
		       code);
		fflush(stdout);
		if (o == RUN_FAIL || o == RUN_TIMEOUT) {
			rename(run_log, failed_log);
			any_failed = 1;
		}
	}
	if (any_failed) {
		printf("repeat: output of the last failed run:\n");
		show_file(failed_log);
	}
	printf("repeat: %s: %d runs, %d passed, %d failed, %d skipped, %d "
	       "timed out\n",
	       base_name(argv[3]), runs, count[RUN_PASS], count[RUN_FAIL],
	       count[RUN_SKIP], count[RUN_TIMEOUT]);
	return 0;
}
