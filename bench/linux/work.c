/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The end-to-end benchmark's workload (bench/METHODOLOGY.md, "End to
 * end"), a static Linux program with two roles:
 *
 *   bench-work peer                 echo server on two FIFOs, started by
 *                                   bench-init before perf, so that it is
 *                                   never a profiled task
 *   bench-work run ROUNDS SPIN LABEL  the measured workload
 *
 * Each round of `run` computes for SPIN iterations, then sends one byte to
 * the peer and waits for it to come back: two context switches between a
 * profiled task and an unprofiled one, which is where Linux makes its PMU
 * calls (sched-out of every event, sched-in again). The elapsed
 * CLOCK_MONOTONIC time around the rounds is printed in nanoseconds: under
 * QEMU -icount shift=0 one nanosecond of virtual time is one guest
 * instruction, so this is the round loop's instruction count, firmware
 * included, resolved to the 10 MHz timebase (100 instructions).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define WORK_REQ "/tmp/bench-req"
#define WORK_RSP "/tmp/bench-rsp"

static volatile uint64_t work_sink;

static int64_t work_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* A fixed amount of integer work that the compiler cannot drop. */
static void work_spin(unsigned long n)
{
	uint64_t x = work_sink | 1;

	for (unsigned long i = 0; i < n; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
	}
	work_sink = x;
}

static int work_open(const char *path, int flags)
{
	int fd = open(path, flags);

	if (fd < 0)
		fprintf(stderr, "bench-work: open %s: %s\n", path,
			strerror(errno));
	return fd;
}

/* Serve one client (one `run`) until it closes the request FIFO. */
static void work_peer_session(void)
{
	int req = work_open(WORK_REQ, O_RDONLY);
	int rsp = work_open(WORK_RSP, O_WRONLY);
	char c;

	if (req < 0 || rsp < 0)
		exit(1);
	while (read(req, &c, 1) == 1)
		if (write(rsp, &c, 1) != 1)
			break;
	close(req);
	close(rsp);
}

static __attribute__((noreturn)) void work_peer(void)
{
	for (;;)
		work_peer_session();
}

static int work_run(unsigned long rounds, unsigned long spin, const char *label)
{
	/* The peer opens the request FIFO first: same order here. */
	int req = work_open(WORK_REQ, O_WRONLY);
	int rsp = work_open(WORK_RSP, O_RDONLY);
	int64_t t0, t1;
	char c = 'x';

	if (req < 0 || rsp < 0)
		return 1;
	t0 = work_now_ns();
	for (unsigned long r = 0; r < rounds; r++) {
		work_spin(spin);
		if (write(req, &c, 1) != 1 || read(rsp, &c, 1) != 1) {
			fprintf(stderr, "bench-work: ping-pong failed\n");
			return 1;
		}
	}
	t1 = work_now_ns();
	close(req);
	close(rsp);
	printf("BENCH-E2E-RESULT label=%s rounds=%lu spin=%lu ns=%lld\n", label,
	       rounds, spin, (long long)(t1 - t0));
	fflush(stdout);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 2 && !strcmp(argv[1], "peer"))
		work_peer();
	if (argc == 5 && !strcmp(argv[1], "run"))
		return work_run(strtoul(argv[2], NULL, 0),
				strtoul(argv[3], NULL, 0), argv[4]);
	fprintf(stderr, "usage: bench-work peer | run ROUNDS SPIN LABEL\n");
	return 2;
}
