/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * uperf: the subset of Linux perf that the guest's /init runs (perf stat,
 * perf record, perf report), written on perf_event_open directly so that
 * it builds without a libc (the RV32 guest, on the kernel's nolibc) as
 * well as with glibc (the RV64 guest, where real perf is the reference).
 * It accepts the command lines guest/init.c passes and prints what perf
 * 6.12 prints for them, so init.c and scripts/linux-check.sh work
 * unchanged with either tool installed as /bin/perf.
 *
 * The files, one concept each:
 *   uperf.c            the command dispatcher
 *   uperf-opt.c        perf's option syntax
 *   uperf-text.c       whole lines out (printf into one write) and in
 *   uperf-mem.c        growable arrays and a stable sort (no qsort)
 *   uperf-sys.c        the OS: perf_event_open, the held child process,
 *                      clocks, CPU list, signal names
 *   uperf-event.c      event names, raw and PMU syntax, modifiers
 *   uperf-stat.c       perf stat: counting and scaling
 *   uperf-stat-print.c perf stat's human and CSV layouts, its metrics
 *   uperf-record.c     perf record: per-CPU ring buffers into a data file
 *   uperf-report.c     perf report --stdio: the histogram by symbol
 *   uperf-ksym.c       /proc/kallsyms: kernel addresses to symbols
 */
#ifndef UPERF_H
#define UPERF_H

/*
 * With glibc, the libc's headers; with nolibc (forced in by -include
 * nolibc.h), guest/nolibc/include's, which bring in ulib, the supplement
 * that maps waitpid, poll and clock_gettime onto RV32's time64 calls.
 */
#define _GNU_SOURCE /* pipe2, getpagesize, environ */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <linux/perf_event.h>

#define UPERF_ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

#define UPERF_NAME_MAX	 128 /* an event's printed name */
#define UPERF_MAX_EVENTS 64
#define UPERF_MAX_CPUS	 64 /* the guest kernels' NR_CPUS (RV64's; RV32: 32) */
/* The largest record perf record keeps (an mmap's file name), and the
 * longest line of uperf's data file it makes (uperf-record.c). */
#define UPERF_RECORD_MAX    8192
#define UPERF_DATA_LINE_MAX (UPERF_RECORD_MAX + 128)

/* perf's exit code for a failed command (its -1 as an exit status). */
#define UPERF_EXIT_FAIL 255
/* perf's exit code for a command line it cannot parse. */
#define UPERF_EXIT_USAGE 129

/* --- text (uperf-text.c) ------------------------------------------------ */

/*
 * printf's format into one write(2) to fd: a line of perf's output, or a
 * message, reaches a pipe that stdout and stderr share (the console) in
 * one piece. (dprintf does not promise that: ulib's writes in 256-byte
 * pieces.)
 */
void uperf_say(int fd, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* Writes all of s (len bytes) to fd; -1 if a write fails. */
int uperf_write(int fd, const char *s, size_t len);

/*
 * The next line of f into buf without its newline; NULL at the end. A
 * line longer than buf is cut to fit and the rest of it skipped.
 */
char *uperf_next_line(FILE *f, char *buf, int size);
/* A small file's first line (sysfs), 0 on success. */
int uperf_read_line(const char *path, char *out, size_t size);
/* A decimal number such as "1" or "0.5" (nolibc has no strtod). */
int uperf_parse_decimal(const char *s, double *out);

/* --- memory (uperf-mem.c) ---------------------------------------------- */

/*
 * Makes room for element n of an array of elements of size bytes
 * (*cap of them now), doubling it; the array, or NULL (the old one is
 * then still valid).
 */
void *uperf_grow(void *array, size_t *cap, size_t n, size_t size);
/*
 * A string arena: NUL-terminated strings appended one after another and
 * named by their offset, which stays valid as the arena grows (kernel
 * symbol names, a report's commands and files).
 */
struct uarena {
	char *s;
	size_t len, cap;
};
/* Appends len bytes of str and a NUL; their offset, or -1 (no memory). */
long uarena_add(struct uarena *a, const char *str, size_t len);
/* Stable merge sort; -1 if out of memory (base unchanged). */
int uperf_sort(void *base, size_t n, size_t size,
	       int (*cmp)(const void *, const void *));

/* --- perf's option syntax (uperf-opt.c) -------------------------------- */

/* An option: "-l", "--name", either with a value if has_value. */
struct uopt {
	char letter; /* 0: long form only */
	const char *name;
	int has_value;
};

/* Walks argv from argv[1] (argv[0] is the subcommand). */
struct uopt_iter {
	int argc;
	char **argv;
	int i;		     /* the next word */
	const char *cluster; /* the rest of "-aA...", or NULL */
};

#define UOPT_END   (-1) /* it->i is the first word after the options */
#define UOPT_ERROR (-2) /* printed */

void uopt_start(struct uopt_iter *it, int argc, char **argv);
/* The index in opts[] of the next option (its value in *value), or
 * UOPT_END, or UOPT_ERROR. */
int uopt_next(struct uopt_iter *it, const struct uopt *opts, size_t n,
	      const char **value);

/* --- the operating system (uperf-sys.c) --------------------------------- */

int uperf_perf_open(struct perf_event_attr *attr, pid_t pid, int cpu);
/* CLOCK_MONOTONIC in nanoseconds. */
uint64_t uperf_now_ns(void);
/* User and system time of the waited-for children, in microseconds. */
void uperf_children_times(uint64_t *user_us, uint64_t *sys_us);
const char *uperf_strsignal(int sig);
/* The online CPUs (sysfs), at most max; their number, or -1. */
int uperf_online_cpus(int *cpus, int max);

/*
 * The measured command, forked but held before its exec until the
 * events are open on it (as perf does), so counting starts at the exec.
 */
struct uperf_child {
	pid_t pid;
	int go_fd;  /* write end: a byte releases the child */
	int err_fd; /* read end: the errno of a failed exec, or EOF */
};

int uperf_child_fork(struct uperf_child *c, char *const argv[]);
/* Lets the child exec; 0, or the errno with which its exec failed. */
int uperf_child_start(struct uperf_child *c);
/* Kills a child that will not be started. */
void uperf_child_cancel(struct uperf_child *c);

/* --- events (uperf-event.c) -------------------------------------------- */

/*
 * What perf's stat-shadow.c recognises an event as, for the metric it
 * prints beside it (insn per cycle, miss ratios, ...).
 */
enum uperf_stat_type {
	USTAT_NONE,
	USTAT_NSECS,
	USTAT_CYCLES,
	USTAT_INSTRUCTIONS,
	USTAT_STALLED_FRONT,
	USTAT_STALLED_BACK,
	USTAT_BRANCHES,
	USTAT_BRANCH_MISS,
	USTAT_CACHE_REFS,
	USTAT_CACHE_MISSES,
	USTAT_L1_DCACHE,
	USTAT_L1_ICACHE,
	USTAT_LL_CACHE,
	USTAT_DTLB_CACHE,
	USTAT_ITLB_CACHE,
	USTAT_L1D_MISS,
	USTAT_L1I_MISS,
	USTAT_LL_MISS,
	USTAT_DTLB_MISS,
	USTAT_ITLB_MISS,
};

struct uperf_event {
	char name[UPERF_NAME_MAX]; /* as perf prints it */
	struct perf_event_attr attr;
	int exclude_gh;	  /* :G or :H given: keep exclude_guest/host */
	const char *unit; /* "" or "msec" */
	double scale;	  /* 1, or 1e-6 for the clocks (ns shown as ms) */
};

/*
 * Appends the comma-separated events of one -e argument to ev[*n].
 * 0 on success; -1 after printing why.
 */
int uperf_event_parse(const char *list, struct uperf_event *ev, int max,
		      int *n);
enum uperf_stat_type uperf_event_stat_type(const struct perf_event_attr *a);
/*
 * perf_event_open of an event with perf's one retry: a PMU that refuses
 * exclude_guest/exclude_host (EINVAL) gets the event without them unless
 * :G/:H asked for them. The fd, or -1 with errno.
 */
int uperf_event_open(struct uperf_event *e, pid_t pid, int cpu);
/* perf's "Error:" report of an event the kernel refused with err. */
void uperf_event_open_error(const struct uperf_event *e, int err,
			    int system_wide);

/* --- the subcommands ---------------------------------------------------- */

int uperf_stat_main(int argc, char **argv);
int uperf_record_main(int argc, char **argv);
int uperf_report_main(int argc, char **argv);

/* --- perf stat's results and layout (uperf-stat.c, uperf-stat-print.c) -- */

/* One aggregate of one event: a CPU (-A), or the total. */
struct ustat_value {
	uint64_t val, ena, run; /* val scaled for multiplexing */
};

struct ustat_counter {
	struct uperf_event ev;
	int supported; /* the kernel took the event (else "<not supported>") */
	int fd[UPERF_MAX_CPUS];
	struct ustat_value v[UPERF_MAX_CPUS]; /* per aggregate */
};

struct ustat_run {
	const char *sep; /* -x: CSV with this separator; NULL: human */
	int system_wide; /* -a */
	int per_cpu;	 /* -A */
	int ncpu;	 /* fds per counter: CPUs, or 1 (the task) */
	int cpus[UPERF_MAX_CPUS];
	int ncounter;
	struct ustat_counter counter[UPERF_MAX_EVENTS];
	char **argv; /* the command */
	uint64_t wall_ns;
	uint64_t user_us, sys_us;
};

void ustat_print(const struct ustat_run *r);

/* --- perf report's input (uperf-ksym.c) -------------------------------- */

struct uksym_table;

/* Loads /proc/kallsyms' text symbols; NULL if unreadable. */
struct uksym_table *uksym_load(void);
/* The symbol at or below addr, or NULL. */
const char *uksym_find(const struct uksym_table *t, uint64_t addr);
void uksym_free(struct uksym_table *t);

#endif /* UPERF_H */
