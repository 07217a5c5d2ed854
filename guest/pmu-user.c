/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * /bin/pmu-user of the sbipmu Linux guest: user-space reads of the RISC-V
 * counters through Linux's perf interface, and self-monitoring with a
 * signal on each counter overflow (the RISC-V counterpart of Power's
 * event-based branches, docs/self-monitoring.md).
 *
 *   pmu-user [--brief] access [MODE...]   kernel.perf_user_access modes
 *                                         (default 1 2 0;
 *                                         guest/pmu-user-access.c)
 *   pmu-user [--brief] selfmon [RUN...]   pinned, exclusive, sampling
 *                                         events on this task with
 *                                         overflow signals
 *                                         (guest/pmu-user-selfmon.c)
 *
 * --brief (the demo) keeps the first four key=values of each line.
 *
 * This file holds what both share: opening and mapping an event, the
 * direct read of the user page (the seqlock protocol of
 * include/uapi/linux/perf_event.h, "perf_event_mmap_page"), the counter
 * CSR reads (one csrr on RV64, two halves on RV32), a guarded read that
 * reports SIGILL instead of dying, and the output format. It builds with
 * glibc (RV64) and with nolibc plus guest/nolibc/ (RV32) alike.
 * Every line of result is "pmu-user: <test> <ok|FAIL|unavailable>
 * key=value ...", parsed by scripts/linux-check.sh; the program itself
 * exits 0 only if no line said FAIL.
 */
#define _GNU_SOURCE
#include "pmu-user.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#define USER_ACCESS_SYSCTL "/proc/sys/kernel/perf_user_access"
#define WORK_PAGES	   2048UL /* 8 MiB: beyond QEMU's TLB reach */
#define PAGE_BYTES	   4096UL

static int any_failed;
/* --brief (the demo): result lines keep only their first key=values. */
static int brief;

#define BRIEF_FIELDS 4

void uattr_init(struct perf_event_attr *attr, uint32_t type, uint64_t config)
{
	memset(attr, 0, sizeof(*attr));
	attr->size = sizeof(*attr);
	attr->type = type;
	attr->config = config;
	attr->disabled = 1;
	attr->read_format = 0;
}

uint64_t uattr_dtlb_read_miss(void)
{
	return PERF_COUNT_HW_CACHE_DTLB | (PERF_COUNT_HW_CACHE_OP_READ << 8) |
	       ((uint64_t)PERF_COUNT_HW_CACHE_RESULT_MISS << 16);
}

int uevent_open(struct uevent *ev, struct perf_event_attr *attr, int map)
{
	long fd = syscall(__NR_perf_event_open, attr, 0, -1, -1,
			  PERF_FLAG_FD_CLOEXEC);

	ev->fd = -1;
	ev->page = NULL;
	if (fd < 0)
		return -1;
	ev->fd = (int)fd;
	if (!map)
		return 0;
	/* One page: the user page alone, no ring buffer (no samples). */
	ev->page = mmap(NULL, PAGE_BYTES, PROT_READ, MAP_SHARED, ev->fd, 0);
	if (ev->page == MAP_FAILED) {
		int err = errno;

		ev->page = NULL;
		close(ev->fd);
		ev->fd = -1;
		errno = err;
		return -1;
	}
	return 0;
}

void uevent_close(struct uevent *ev)
{
	if (ev->page)
		munmap(ev->page, PAGE_BYTES);
	if (ev->fd >= 0)
		close(ev->fd);
	ev->page = NULL;
	ev->fd = -1;
}

int uevent_enable(const struct uevent *ev)
{
	return ioctl(ev->fd, PERF_EVENT_IOC_ENABLE, 0);
}

int uevent_disable(const struct uevent *ev)
{
	return ioctl(ev->fd, PERF_EVENT_IOC_DISABLE, 0);
}

int uevent_read(const struct uevent *ev, uint64_t *val)
{
	ssize_t n = read(ev->fd, val, sizeof(*val));

	if (n == (ssize_t)sizeof(*val))
		return 1;
	return n == 0 ? 0 : -1;
}

/* The kernel updates the page on this CPU; a compiler barrier suffices. */
#define barrier() __asm__ volatile("" ::: "memory")

uint32_t uevent_index(const struct uevent *ev)
{
	return *(volatile const uint32_t *)&ev->page->index;
}

/* Counter value sign-extended from its implemented width (pmc_width). */
static int64_t sign_extend(uint64_t raw, unsigned int width)
{
	if (width >= 64)
		return (int64_t)raw;
	return (int64_t)(raw << (64 - width)) >> (64 - width);
}

/*
 * The user page's protocol: take the lock (a sequence count), read
 * index, offset and width, read the counter, and retry if the kernel
 * changed the page meanwhile (a context switch, an overflow, a
 * migration). All in 64 bits on RV32 too: the counter's two halves come
 * from ucsr_read(), offset is a 64-bit field the lock also covers.
 * Async-signal-safe: it is also used in signal handlers.
 */
enum uread uevent_read_direct_by(const struct uevent *ev, ucsr_reader rd,
				 uint64_t *val)
{
	volatile const struct perf_event_mmap_page *pc = ev->page;
	uint32_t seq, idx;
	uint64_t count;

	do {
		seq = pc->lock;
		barrier();
		if (!pc->cap_user_rdpmc)
			return UREAD_NO_RDPMC;
		idx = pc->index;
		if (idx == 0 || idx > 32)
			return UREAD_NO_INDEX;
		if (pc->pmc_width == 0)
			return UREAD_BAD_WIDTH;
		count = (uint64_t)pc->offset +
			(uint64_t)sign_extend(rd(idx - 1), pc->pmc_width);
		barrier();
	} while (pc->lock != seq);
	*val = count;
	return UREAD_OK;
}

enum uread uevent_read_direct(const struct uevent *ev, uint64_t *val)
{
	return uevent_read_direct_by(ev, ucsr_read, val);
}

/*
 * csrr needs the CSR number as an immediate: one case per counter. v
 * enters as 0 and is an in-out operand, so a csrr that ucsr_on_sigill()
 * skips leaves 0 behind rather than whatever the register held (on RV32
 * two different leftovers would keep ucsr_read()'s retry loop going).
 */
#define UCSR_CASE(base, n, v)                                                  \
	case n:                                                                \
		__asm__ volatile("csrr %0, %1" : "+r"(v) : "i"((base) + (n))); \
		break
#define UCSR_CASE4(base, n, v)                                                 \
	UCSR_CASE(base, n, v);                                                 \
	UCSR_CASE(base, n + 1, v);                                             \
	UCSR_CASE(base, n + 2, v);                                             \
	UCSR_CASE(base, n + 3, v)
#define UCSR_SWITCH(base, n, v)                                                \
	switch (n) {                                                           \
		UCSR_CASE4(base, 0, v);                                        \
		UCSR_CASE4(base, 4, v);                                        \
		UCSR_CASE4(base, 8, v);                                        \
		UCSR_CASE4(base, 12, v);                                       \
		UCSR_CASE4(base, 16, v);                                       \
		UCSR_CASE4(base, 20, v);                                       \
		UCSR_CASE4(base, 24, v);                                       \
		UCSR_CASE4(base, 28, v);                                       \
	default:                                                               \
		break;                                                         \
	}

#define CSR_CYCLE  0xc00 /* cycle, time, instret, hpmcounter3..31 */
#define CSR_CYCLEH 0xc80 /* their bits 63:32, RV32 only */

/* Counter CSR 0xC00 + n: the whole counter on RV64, bits 31:0 on RV32. */
static unsigned long ucsr_low(unsigned int n)
{
	unsigned long v = 0;

	UCSR_SWITCH(CSR_CYCLE, n, v);
	return v;
}

/*
 * Bits 63:32 of counter n: the CSR 0xC80 + n of its own on RV32 (which
 * RV64 does not have), a second read of the whole counter on RV64.
 */
#if __riscv_xlen == 32
static uint32_t ucsr_high(unsigned int n)
{
	unsigned long v = 0;

	UCSR_SWITCH(CSR_CYCLEH, n, v);
	return v;
}
#else
static uint32_t ucsr_high(unsigned int n)
{
	return (uint32_t)(ucsr_low(n) >> 32);
}
#endif

/*
 * RV64 reads a counter in one csrr. RV32 reads it in two, and the low
 * half may wrap between them: read high, low, high again, and retry if
 * the high half moved (the sequence the unprivileged ISA manual gives
 * for RV32 in its Zicntr chapter). The low half read then belongs to the
 * high half read on either side of it.
 */
uint64_t ucsr_read(unsigned int n)
{
	uint32_t hi, lo;

	if (sizeof(unsigned long) == sizeof(uint64_t))
		return ucsr_low(n);
	do {
		hi = ucsr_high(n);
		lo = (uint32_t)ucsr_low(n);
	} while (ucsr_high(n) != hi);
	return (uint64_t)hi << 32 | lo;
}

uint64_t ucsr_read_naive(unsigned int n)
{
	uint32_t lo = (uint32_t)ucsr_low(n);

	return (uint64_t)ucsr_high(n) << 32 | lo;
}

/* csrr faults ucsr_on_sigill() skipped since ucsr_try_read() armed it. */
static volatile sig_atomic_t ucsr_faults;

/*
 * csrr rd, CSR (CSRRS rd, CSR, x0) of a user counter, 0xC00-0xC1F or
 * 0xC80-0xC9F (only bits 7 and 4:0 differ from 0xC00): the only
 * instruction the SIGILL handler may step over.
 */
static int ucsr_is_counter_read(uint32_t insn)
{
	uint32_t csr = insn >> 20;

	return (insn & 0xff07f) == 0x2073 && (csr & ~0x9fu) == CSR_CYCLE;
}

/*
 * A counter CSR scounteren does not grant raises SIGILL. Step over the
 * 4-byte csrr and count the fault, so that ucsr_try_read() can say
 * "sigill" (nolibc has no setjmp to unwind with). Any other illegal
 * instruction is a bug: back to the default action, which then kills
 * the process when the instruction runs again.
 */
static void ucsr_on_sigill(int sig, siginfo_t *si, void *ctx)
{
	ucontext_t *uc = ctx;
	unsigned long *pc = &uc->uc_mcontext.__gregs[REG_PC];
	struct sigaction dfl;
	uint32_t insn;

	(void)sig;
	(void)si;
	/* pc may be only 2-byte aligned (compressed instructions). */
	memcpy(&insn, (const void *)*pc, sizeof(insn));
	if (ucsr_is_counter_read(insn)) {
		ucsr_faults++;
		*pc += sizeof(insn);
		return;
	}
	memset(&dfl, 0, sizeof(dfl));
	dfl.sa_handler = SIG_DFL;
	sigaction(SIGILL, &dfl, NULL);
}

int ucsr_try_read(unsigned int n, uint64_t *val)
{
	struct sigaction sa, old;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = ucsr_on_sigill;
	sa.sa_flags = SA_SIGINFO;
	sigemptyset(&sa.sa_mask);
	ucsr_faults = 0;
	sigaction(SIGILL, &sa, &old);
	*val = ucsr_read(n);
	sigaction(SIGILL, &old, NULL);
	return ucsr_faults == 0;
}

const char *ucsr_name(unsigned int n)
{
	static char buf[24]; /* one name per result line: not reentrant */

	if (n == 0)
		return "cycle";
	if (n == 1)
		return "time";
	if (n == 2)
		return "instret";
	snprintf(buf, sizeof(buf), "hpmcounter%u", n & 31);
	return buf;
}

int user_access_set(int mode)
{
	char buf[4];
	int fd = open(USER_ACCESS_SYSCTL, O_WRONLY);
	int len = snprintf(buf, sizeof(buf), "%d\n", mode);
	int ok;

	if (fd < 0)
		return -1;
	ok = write(fd, buf, (size_t)len) == len;
	close(fd);
	return ok ? 0 : -1;
}

int user_access_get(void)
{
	char buf[8] = {0};
	int fd = open(USER_ACCESS_SYSCTL, O_RDONLY);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	return n > 0 ? atoi(buf) : -1;
}

uint64_t uwork(unsigned int pages)
{
	static uint8_t *buf;
	static unsigned long next;
	uint64_t sum = 0;

	if (!buf) {
		buf = mmap(NULL, WORK_PAGES * PAGE_BYTES,
			   PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
			   -1, 0);
		if (buf == MAP_FAILED) {
			perror("pmu-user: mmap");
			exit(2);
		}
	}
	/* 1031 is odd: consecutive calls keep visiting new pages. */
	for (unsigned int i = 0; i < pages; i++, next++) {
		volatile uint8_t *p =
			buf + ((next * 1031) % WORK_PAGES) * PAGE_BYTES;

		sum = sum * 6364136223846793005ULL + *p + next;
		*p = (uint8_t)sum;
	}
	return sum;
}

/* Cuts @s after its @n-th space-separated field. */
static void keep_fields(char *s, int n)
{
	for (char *p = s; *p; p++) {
		if (*p == ' ' && --n == 0) {
			*p = '\0';
			return;
		}
	}
}

void ureport(const char *test, const char *result, const char *fmt, ...)
{
	char kv[512] = "";
	va_list ap;

	if (strcmp(result, "FAIL") == 0)
		any_failed = 1;
	if (fmt) {
		va_start(ap, fmt);
		vsnprintf(kv, sizeof(kv), fmt, ap);
		va_end(ap);
	}
	if (brief)
		keep_fields(kv, BRIEF_FIELDS);
	printf("pmu-user: %s %s%s%s\n", test, result, kv[0] ? " " : "", kv);
	fflush(stdout);
}

static int usage(void)
{
	fprintf(stderr, "usage: pmu-user [--brief] access [MODE...] | "
			"selfmon [RUN...]\n");
	return 2;
}

int main(int argc, char **argv)
{
	int rc;

	if (argc > 1 && strcmp(argv[1], "--brief") == 0) {
		brief = 1;
		argc--;
		argv++;
	}
	if (argc < 2)
		return usage();
	if (strcmp(argv[1], "access") == 0)
		rc = user_access_main(argc - 1, argv + 1);
	else if (strcmp(argv[1], "selfmon") == 0)
		rc = selfmon_main(argc - 1, argv + 1);
	else
		return usage();
	return rc ? rc : any_failed;
}
