/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * uperf's contact with the operating system beyond plain POSIX calls:
 * perf_event_open (a bare system call with every libc), the children's
 * CPU times (perf stat's "seconds user/sys"), the online CPUs, the
 * names of signals, and the measured command held between fork and
 * exec. The only difference between the libcs is getrusage, which
 * neither nolibc nor ulib has: the system call is made directly there.
 */
#include "uperf.h"
#ifndef GUEST_NOLIBC
#include <sys/resource.h>
#endif

int uperf_perf_open(struct perf_event_attr *attr, pid_t pid, int cpu)
{
	/* CLOEXEC: the measured command must not inherit the events. */
	return (int)syscall(SYS_perf_event_open, attr, pid, cpu, -1,
			    PERF_FLAG_FD_CLOEXEC);
}

uint64_t uperf_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

void uperf_children_times(uint64_t *user_us, uint64_t *sys_us)
{
	/* glibc's struct rusage, or the kernel's (nolibc): the same. */
	struct rusage ru;

	memset(&ru, 0, sizeof(ru));
#ifdef GUEST_NOLIBC
	syscall(__NR_getrusage, RUSAGE_CHILDREN, &ru);
#else
	getrusage(RUSAGE_CHILDREN, &ru);
#endif
	*user_us = (uint64_t)ru.ru_utime.tv_sec * 1000000u +
		   (uint64_t)ru.ru_utime.tv_usec;
	*sys_us = (uint64_t)ru.ru_stime.tv_sec * 1000000u +
		  (uint64_t)ru.ru_stime.tv_usec;
}

/* psignal()'s texts for the signals that end a measured command. */
const char *uperf_strsignal(int sig)
{
	static const struct {
		int sig;
		const char *text;
	} names[] = {
		{SIGHUP, "Hangup"},
		{SIGINT, "Interrupt"},
		{SIGQUIT, "Quit"},
		{SIGILL, "Illegal instruction"},
		{SIGTRAP, "Trace/breakpoint trap"},
		{SIGABRT, "Aborted"},
		{SIGBUS, "Bus error"},
		{SIGFPE, "Floating point exception"},
		{SIGKILL, "Killed"},
		{SIGSEGV, "Segmentation fault"},
		{SIGPIPE, "Broken pipe"},
		{SIGALRM, "Alarm clock"},
		{SIGTERM, "Terminated"},
	};

	for (size_t i = 0; i < UPERF_ARRAY_SIZE(names); i++)
		if (names[i].sig == sig)
			return names[i].text;
	return "Unknown signal";
}

/* Adds first..last to cpus[*n]; 0, or -1 when the list is full. */
static int cpus_add_range(int *cpus, int max, int *n, long first, long last)
{
	for (long c = first; c <= last; c++) {
		if (*n == max)
			return -1;
		cpus[(*n)++] = (int)c;
	}
	return 0;
}

int uperf_online_cpus(int *cpus, int max)
{
	char list[256];
	const char *p = list;
	int n = 0;

	/* "0-3", "0,2-5", ...: sysfs's CPU list format. */
	if (uperf_read_line("/sys/devices/system/cpu/online", list,
			    sizeof(list)))
		return -1;
	while (*p) {
		char *end;
		long first = strtol(p, &end, 10), last = first;

		if (end == p)
			return -1;
		if (*end == '-') {
			p = end + 1;
			last = strtol(p, &end, 10);
		}
		if (cpus_add_range(cpus, max, &n, first, last))
			return -1;
		p = *end == ',' ? end + 1 : end;
		if (*end && *end != ',')
			break;
	}
	return n;
}

/* The child side: wait for the go byte, then exec or report why not. */
static void child_run(int go, int err_fd, char *const argv[])
{
	char c;
	int err;

	if (read(go, &c, 1) != 1)
		_exit(UPERF_EXIT_FAIL); /* cancelled: uperf closed the pipe */
	execvp(argv[0], argv);
	err = errno;
	if (write(err_fd, &err, sizeof(err)) != sizeof(err))
		_exit(UPERF_EXIT_FAIL);
	_exit(127);
}

int uperf_child_fork(struct uperf_child *c, char *const argv[])
{
	int go[2], err[2];

	if (pipe(go))
		return -1;
	/* CLOEXEC: a successful exec closes it, so the parent reads EOF. */
	if (pipe2(err, O_CLOEXEC)) {
		close(go[0]);
		close(go[1]);
		return -1;
	}
	c->pid = fork();
	if (c->pid == 0) {
		close(go[1]);
		close(err[0]);
		child_run(go[0], err[1], argv);
	}
	close(go[0]);
	close(err[1]);
	c->go_fd = go[1];
	c->err_fd = err[0];
	if (c->pid < 0) {
		close(go[1]);
		close(err[0]);
		return -1;
	}
	return 0;
}

int uperf_child_start(struct uperf_child *c)
{
	int err = 0;

	if (write(c->go_fd, "g", 1) != 1)
		err = errno;
	close(c->go_fd);
	c->go_fd = -1;
	/* Blocks until the exec: EOF if it succeeded. */
	if (!err && read(c->err_fd, &err, sizeof(err)) != sizeof(err))
		err = 0;
	close(c->err_fd);
	c->err_fd = -1;
	return err;
}

void uperf_child_cancel(struct uperf_child *c)
{
	int status;

	/* Closing the go pipe makes the child's read return 0: it exits. */
	close(c->go_fd);
	close(c->err_fd);
	waitpid(c->pid, &status, 0);
}
