/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Shared parts of /bin/pmu-user (guest/pmu-user*.c): opening a perf event
 * on the calling task, reading it through its mmap page with a direct
 * `csrr` (Linux's user-space counter access), a guarded CSR read that turns
 * SIGILL into a result, the kernel.perf_user_access sysctl, and the one
 * output format the host checker parses:
 *
 *   pmu-user: <test> <ok|FAIL|unavailable> key=value ...
 */
#ifndef PMU_USER_H
#define PMU_USER_H

#include <linux/perf_event.h>
#include <stdint.h>

/* One perf event of this task, with its user page mapped (or NULL). */
struct uevent {
	int fd;
	struct perf_event_mmap_page *page;
};

/* Outcome of one direct read through the user page. */
enum uread {
	UREAD_OK,
	UREAD_NO_RDPMC, /* cap_user_rdpmc clear: the kernel denies it */
	UREAD_NO_INDEX, /* index 0: the event is not on a counter now */
	UREAD_BAD_WIDTH,
};

/* Attributes of a disabled counting event of this task, kernel included. */
void uattr_init(struct perf_event_attr *attr, uint32_t type, uint64_t config);
/* PERF_TYPE_HW_CACHE config of dTLB-load-misses (backed by QEMU). */
uint64_t uattr_dtlb_read_miss(void);

/* Opens on the calling thread, any CPU; maps the user page if map. */
int uevent_open(struct uevent *ev, struct perf_event_attr *attr, int map);
void uevent_close(struct uevent *ev);
int uevent_enable(const struct uevent *ev);
int uevent_disable(const struct uevent *ev);
/* read(): 1 and *val on success, 0 on EOF (error state), -1 on error. */
int uevent_read(const struct uevent *ev, uint64_t *val);
/* A counter reader: ucsr_read(), ucsr_read_naive() or a test's own. */
typedef uint64_t (*ucsr_reader)(unsigned int n);
/* The page's seqlock protocol around ucsr_read() of counter index-1. */
enum uread uevent_read_direct(const struct uevent *ev, uint64_t *val);
/* The same with another counter reader (the carry test's). */
enum uread uevent_read_direct_by(const struct uevent *ev, ucsr_reader rd,
				 uint64_t *val);
/* The counter's index as the page shows it now (counter + 1, or 0). */
uint32_t uevent_index(const struct uevent *ev);

/*
 * User counter n < 32 (CSR 0xC00 + n), all 64 bits: one csrr on RV64,
 * high-low-high with retry on RV32. SIGILL if scounteren denies it.
 */
uint64_t ucsr_read(unsigned int n);
/* The same, guarded: 1 and *val if it read, 0 if it raised SIGILL. */
int ucsr_try_read(unsigned int n, uint64_t *val);
/*
 * The same counter read the careless way, for the carry test: bits 31:0,
 * then bits 63:32 (a second csrr of the counter on RV64), no retry. Torn,
 * by about 2^32, when the low half wraps between the two reads.
 */
uint64_t ucsr_read_naive(unsigned int n);
/* "cycle", "instret", "hpmcounterN". */
const char *ucsr_name(unsigned int n);

/* kernel.perf_user_access: 0 on success, -1 (errno) on failure. */
int user_access_set(int mode);
int user_access_get(void);

/* Busy work that also walks pages (dTLB misses); returns a checksum. */
uint64_t uwork(unsigned int pages);

/* One result line; fmt adds the key=value part (may be NULL). */
void ureport(const char *test, const char *result, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* The two subcommands. */
int user_access_main(int argc, char **argv);
int selfmon_main(int argc, char **argv);

#endif /* PMU_USER_H */
