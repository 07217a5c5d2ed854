/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * /bin/workload of the sbipmu Linux guest: the program that `perf stat` and
 * `perf record` measure. It does deterministic work and deliberately makes
 * the events an SBI PMU firmware counts, so that the counts can be checked:
 *
 *  - a page-strided walk over a large buffer (cycles, instructions and the
 *    TLB-miss events QEMU implements);
 *  - misaligned accesses: plain ld/sd (lw/sw on RV32; QEMU 7.2 performs
 *    those itself, no trap), then LR.W and AMOSWAP.W on a misaligned
 *    address, which always trap to M-mode (MISALIGNED_LOAD resp.
 *    MISALIGNED_STORE), are redirected to the kernel, which cannot
 *    emulate atomics and sends SIGBUS; the handler skips the instruction;
 *  - illegal instructions (a custom-0 opcode word, which no firmware
 *    emulates): trap to M-mode (ILLEGAL_INSN), redirected, SIGILL, skipped;
 *  - one thread pinned per online hart, spinning while the main thread
 *    changes page protections (remote SFENCE.VMA) and flushes the
 *    instruction cache with riscv_flush_icache (remote FENCE.I), then a
 *    sleep/wake ping-pong between harts (IPIs).
 *
 * At the end it prints one summary line with how many of each trap it made,
 * which scripts/linux-check.sh compares with the firmware counters.
 *
 * usage: workload [ROUNDS]    (default 50 rounds of each part)
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <ucontext.h>
#include <unistd.h>

#define PAGE_SIZE	      4096UL
#define WALK_PAGES	      2048UL /* 8 MiB: well beyond QEMU's TLB reach */
#define MAX_THREADS	      16
#define NR_RISCV_FLUSH_ICACHE 259 /* __NR_riscv_flush_icache, riscv only */

/* Counted by the signal handlers; the summary reports them. */
static volatile sig_atomic_t sigill_count;
static volatile sig_atomic_t sigbus_count;

/*
 * Skips the instruction that raised the signal. Its length comes from the
 * low two bits of its first halfword (11 = 32-bit, else compressed).
 */
static void skip_insn(void *ctx)
{
	ucontext_t *uc = ctx;
	unsigned long pc = uc->uc_mcontext.__gregs[REG_PC];
	uint16_t low = *(const uint16_t *)pc;

	uc->uc_mcontext.__gregs[REG_PC] = pc + ((low & 3) == 3 ? 4 : 2);
}

static void on_sigill(int sig, siginfo_t *si, void *ctx)
{
	(void)sig;
	(void)si;
	sigill_count++;
	skip_insn(ctx);
}

static void on_sigbus(int sig, siginfo_t *si, void *ctx)
{
	(void)sig;
	(void)si;
	sigbus_count++;
	skip_insn(ctx);
}

static void install_handler(int sig, void (*fn)(int, siginfo_t *, void *))
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = fn;
	sa.sa_flags = SA_SIGINFO;
	sigemptyset(&sa.sa_mask);
	if (sigaction(sig, &sa, NULL) != 0) {
		perror("workload: sigaction");
		exit(1);
	}
}

/*
 * Deterministic memory walk: one load and one store per page, in an order
 * that defeats the TLB, mixed into a checksum so nothing is optimised out.
 */
static uint64_t walk_pages(unsigned int rounds)
{
	uint8_t *buf =
		mmap(NULL, WALK_PAGES * PAGE_SIZE, PROT_READ | PROT_WRITE,
		     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	uint64_t sum = 0;

	if (buf == MAP_FAILED) {
		perror("workload: mmap");
		exit(1);
	}
	for (unsigned int r = 0; r < rounds; r++) {
		/* 1031 is odd, so this visits every page once per round. */
		for (unsigned long i = 0; i < WALK_PAGES; i++) {
			unsigned long page = (i * 1031 + r) % WALK_PAGES;
			volatile uint8_t *p =
				buf + page * PAGE_SIZE + (r % 64) * 8;

			sum = sum * 6364136223846793005ULL + *p + page;
			*p = (uint8_t)sum;
		}
	}
	munmap(buf, WALK_PAGES * PAGE_SIZE);
	return sum;
}

/* The XLEN-wide load and store: ld/sd on RV64, lw/sw on RV32. */
#if __riscv_xlen == 64
#define LOAD_XLEN  "ld"
#define STORE_XLEN "sd"
#else
#define LOAD_XLEN  "lw"
#define STORE_XLEN "sw"
#endif

/* Plain misaligned ld/sd: the hart, the firmware or the kernel handles them. */
static void misaligned_plain(unsigned int n, uint8_t *buf)
{
	for (unsigned int i = 0; i < n; i++) {
		unsigned long v;

		__asm__ volatile(LOAD_XLEN " %0, 0(%1)"
				 : "=r"(v)
				 : "r"(buf + 1)
				 : "memory");
		v += i;
		__asm__ volatile(STORE_XLEN " %0, 0(%1)"
				 :
				 : "r"(v), "r"(buf + 3)
				 : "memory");
	}
}

/* Misaligned atomics always trap and end in SIGBUS (see file comment). */
static void misaligned_atomic(unsigned int n, uint8_t *buf)
{
	for (unsigned int i = 0; i < n; i++) {
		long v = 0;

		__asm__ volatile("lr.w %0, (%1)"
				 : "+r"(v)
				 : "r"(buf + 2)
				 : "memory");
		__asm__ volatile("amoswap.w %0, %0, (%1)"
				 : "+r"(v)
				 : "r"(buf + 6)
				 : "memory");
	}
}

/* custom-0 major opcode (0001011): reserved for vendors, illegal on QEMU. */
static void illegal_insns(unsigned int n)
{
	for (unsigned int i = 0; i < n; i++)
		__asm__ volatile(".4byte 0x0000000b" ::: "memory");
}

/* --- multi-hart part ----------------------------------------------------- */

struct shared {
	volatile int phase;   /* bumped by main: workers follow it */
	volatile int arrived; /* workers that reached the current phase */
	int nthreads;
	uint8_t *region; /* pages main keeps re-protecting */
	pthread_mutex_t lock;
	pthread_cond_t cond;
	int turn; /* ping-pong token: thread index to run */
	int pongs;
};

#define REGION_PAGES 16
#define PHASE_DONE   (-1)

struct worker {
	struct shared *sh;
	int index; /* 1..nthreads-1; thread 0 is main */
	int cpu;
	pthread_t tid;
};

static void pin_to_cpu(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	/* Best effort: with one hart there is nothing to pin to. */
	if (sched_setaffinity(0, sizeof(set), &set) != 0)
		perror("workload: sched_setaffinity");
}

/*
 * Workers spin (never sleep) on the shared phase counter, touching the
 * region, so that the mm is live on their hart whenever main changes the
 * mapping: that is what makes the kernel fence remote harts.
 */
static void spin_phases(struct worker *w)
{
	struct shared *sh = w->sh;
	int seen = 0;

	for (;;) {
		int phase = sh->phase;

		if (phase == PHASE_DONE)
			break;
		if (phase != seen) {
			seen = phase;
			__atomic_fetch_add(&sh->arrived, 1, __ATOMIC_SEQ_CST);
		}
		/* Reads only: the region may be read-only right now. */
		(void)*(volatile uint8_t *)(sh->region +
					    (seen % REGION_PAGES) * PAGE_SIZE);
	}
}

/* Sleep/wake hand-off around the threads: each wake-up crosses harts. */
static void ping_pong(struct shared *sh, int self, int rounds)
{
	pthread_mutex_lock(&sh->lock);
	while (sh->pongs < rounds) {
		while (sh->turn != self && sh->pongs < rounds)
			pthread_cond_wait(&sh->cond, &sh->lock);
		if (sh->pongs >= rounds)
			break;
		sh->pongs++;
		sh->turn = (self + 1) % sh->nthreads;
		pthread_cond_broadcast(&sh->cond);
	}
	pthread_cond_broadcast(&sh->cond);
	pthread_mutex_unlock(&sh->lock);
}

static int pong_rounds;

static void *worker_main(void *arg)
{
	struct worker *w = arg;

	pin_to_cpu(w->cpu);
	spin_phases(w);
	ping_pong(w->sh, w->index, pong_rounds);
	return NULL;
}

static void wait_arrivals(struct shared *sh, int expected)
{
	while (__atomic_load_n(&sh->arrived, __ATOMIC_SEQ_CST) < expected)
		sched_yield();
}

/*
 * Main's side of each round: toggle the region's protection (TLB
 * shootdown) and flush the icache for all threads (remote fence.i).
 */
static void shootdown_rounds(struct shared *sh, unsigned int rounds,
			     unsigned int *mprotects, unsigned int *flushes)
{
	for (unsigned int r = 1; r <= rounds; r++) {
		sh->phase = (int)r;
		wait_arrivals(sh, (int)r * (sh->nthreads - 1));
		if (mprotect(sh->region, REGION_PAGES * PAGE_SIZE, PROT_READ) ==
			    0 &&
		    mprotect(sh->region, REGION_PAGES * PAGE_SIZE,
			     PROT_READ | PROT_WRITE) == 0)
			*mprotects += 2;
		sh->region[(r % REGION_PAGES) * PAGE_SIZE] = (uint8_t)r;
		/* flags 0: all threads of the mm, not just this hart. */
		if (syscall(NR_RISCV_FLUSH_ICACHE, sh->region,
			    sh->region + REGION_PAGES * PAGE_SIZE, 0UL) == 0)
			(*flushes)++;
	}
	sh->phase = PHASE_DONE;
}

struct multi_result {
	int cpus;
	int threads;
	unsigned int mprotects;
	unsigned int flushes;
	int pongs;
};

/* The hart main stays on (see main()); workers take the others. */
static int home_cpu;

static void multi_hart(unsigned int rounds, struct multi_result *res)
{
	static struct shared sh;
	static struct worker workers[MAX_THREADS];
	long ncpu = sysconf(_SC_NPROCESSORS_ONLN);

	if (ncpu < 1)
		ncpu = 1;
	if (ncpu > MAX_THREADS)
		ncpu = MAX_THREADS;
	memset(&sh, 0, sizeof(sh));
	sh.nthreads = (int)ncpu;
	sh.region = mmap(NULL, REGION_PAGES * PAGE_SIZE, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (sh.region == MAP_FAILED) {
		perror("workload: mmap region");
		exit(1);
	}
	memset(sh.region, 1, REGION_PAGES * PAGE_SIZE);
	pthread_mutex_init(&sh.lock, NULL);
	pthread_cond_init(&sh.cond, NULL);
	pong_rounds = (int)rounds * 2;

	for (int i = 1; i < sh.nthreads; i++) {
		/* Harts 0..n-1 minus home_cpu, one worker each. */
		int cpu = i <= home_cpu ? i - 1 : i;

		workers[i] = (struct worker){.sh = &sh, .index = i, .cpu = cpu};
		if (pthread_create(&workers[i].tid, NULL, worker_main,
				   &workers[i]) != 0) {
			fprintf(stderr, "workload: pthread_create failed\n");
			exit(1);
		}
	}
	shootdown_rounds(&sh, rounds, &res->mprotects, &res->flushes);
	ping_pong(&sh, 0, pong_rounds);
	for (int i = 1; i < sh.nthreads; i++)
		pthread_join(workers[i].tid, NULL);
	munmap(sh.region, REGION_PAGES * PAGE_SIZE);
	res->cpus = (int)ncpu;
	res->threads = sh.nthreads;
	res->pongs = sh.pongs;
}

int main(int argc, char **argv)
{
	unsigned int rounds = 50;
	static uint8_t misaligned_buf[64] __attribute__((aligned(64)));
	struct multi_result multi = {0};
	uint64_t sum;

	if (argc > 1)
		rounds = (unsigned int)strtoul(argv[1], NULL, 0);
	/*
	 * Stay on the hart we were started on. A migration before the
	 * threads exist would put a second hart in the mm's CPU mask, and
	 * every later TLB flush (e.g. the copy-on-write faults of the page
	 * walk) would become a remote SFENCE.VMA, making the counts noisy.
	 */
	home_cpu = sched_getcpu();
	if (home_cpu < 0)
		home_cpu = 0;
	pin_to_cpu(home_cpu);
	install_handler(SIGILL, on_sigill);
	install_handler(SIGBUS, on_sigbus);

	sum = walk_pages(rounds / 10 + 1);
	misaligned_plain(rounds, misaligned_buf);
	misaligned_atomic(rounds, misaligned_buf);
	illegal_insns(rounds);
	multi_hart(rounds, &multi);

	/* One line, key=value: scripts/linux-check.sh parses it. */
	printf("workload: rounds=%u cpus=%d threads=%d "
	       "misaligned_plain_load=%u "
	       "misaligned_plain_store=%u misaligned_atomic_load=%u "
	       "misaligned_atomic_store=%u sigbus=%d "
	       "illegal=%u sigill=%d mprotect=%u flush_icache=%u pongs=%d "
	       "checksum=%016llx\n",
	       rounds, multi.cpus, multi.threads, rounds, rounds, rounds,
	       rounds, (int)sigbus_count, rounds, (int)sigill_count,
	       multi.mprotects, multi.flushes, multi.pongs,
	       (unsigned long long)sum);
	fflush(stdout);
	return (sigill_count == (int)rounds &&
		sigbus_count == (int)(2 * rounds))
		       ? 0
		       : 1;
}
