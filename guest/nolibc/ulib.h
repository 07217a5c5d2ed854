/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * ulib: the small libc supplement that lets the sbipmu guest programs,
 * written for glibc, build unchanged for RV32 Linux on the kernel's own
 * nolibc (Linux 6.12, tools/include/nolibc). Debian has no RV32 libc, so
 * the RV32 guest is built with nolibc, which lacks much of what the
 * programs use (snprintf, sigaction, pthreads, fopen, ...) and whose
 * time-related calls fail on RV32, where only the *_time64 system calls
 * exist (no wait4, ppoll, pselect6, gettimeofday, nanosleep).
 *
 * Every function here is defined in ulib.c as ulib_NAME, and this header
 * maps the libc name NAME to it with a function-like macro. A macro is
 * needed where nolibc already defines NAME as a static function (printf,
 * poll, waitpid, ...); using one for every name keeps a single rule, and
 * a function-like macro leaves other uses of the word alone (a variable
 * named "time", or format(printf, ...) attributes). The one object-like
 * macro is "sigaction", which must rename the struct tag too (see the
 * signals section).
 *
 * The standard headers in include/ each include this file only, so a
 * program includes them as on glibc. This file includes nolibc.h first
 * (the build also force-includes it), then overrides what it must.
 *
 * Not provided, on purpose: buffered stdio (output is written per call,
 * as nolibc does), setjmp, locales, pthread attributes, thread-local
 * errno (see the pthreads section).
 */
#ifndef SBIPMU_ULIB_H
#define SBIPMU_ULIB_H

#include "nolibc.h"

#include <asm/sigcontext.h>
#include <asm/siginfo.h>
#include <asm/ucontext.h>

/* --- stdio ----------------------------------------------------------- */

/*
 * printf family: nolibc's printf knows no width, precision or flags.
 * Supported: flags "-+ 0#", width and precision (numbers or *), lengths
 * hh h l ll z t j, conversions d i u x X o c s p f %. %f handles values
 * below 2^64 with up to 9 decimals, enough for perf-style output.
 */
int ulib_vsnprintf(char *buf, size_t size, const char *fmt, va_list ap)
	__attribute__((format(__printf__, 3, 0)));
int ulib_snprintf(char *buf, size_t size, const char *fmt, ...)
	__attribute__((format(__printf__, 3, 4)));
int ulib_vdprintf(int fd, const char *fmt, va_list ap)
	__attribute__((format(__printf__, 2, 0)));
int ulib_dprintf(int fd, const char *fmt, ...)
	__attribute__((format(__printf__, 2, 3)));
int ulib_vfprintf(FILE *stream, const char *fmt, va_list ap)
	__attribute__((format(__printf__, 2, 0)));
int ulib_fprintf(FILE *stream, const char *fmt, ...)
	__attribute__((format(__printf__, 2, 3)));
int ulib_vprintf(const char *fmt, va_list ap)
	__attribute__((format(__printf__, 1, 0)));
int ulib_printf(const char *fmt, ...) __attribute__((format(__printf__, 1, 2)));
void ulib_perror(const char *msg);

#define vsnprintf(...) ulib_vsnprintf(__VA_ARGS__)
#define snprintf(...)  ulib_snprintf(__VA_ARGS__)
#define vdprintf(...)  ulib_vdprintf(__VA_ARGS__)
#define dprintf(...)   ulib_dprintf(__VA_ARGS__)
#define vfprintf(...)  ulib_vfprintf(__VA_ARGS__)
#define fprintf(...)   ulib_fprintf(__VA_ARGS__)
#define vprintf(...)   ulib_vprintf(__VA_ARGS__)
#define printf(...)    ulib_printf(__VA_ARGS__)
#define perror(...)    ulib_perror(__VA_ARGS__)

/*
 * Files: nolibc's FILE * is ~fd, unbuffered, and its fgets, fgetc,
 * fputs, fclose and fdopen work on it; ulib adds the opening calls.
 */
FILE *ulib_fopen(const char *path, const char *mode);
FILE *ulib_freopen(const char *path, const char *mode, FILE *stream);

#define fopen(...)   ulib_fopen(__VA_ARGS__)
#define freopen(...) ulib_freopen(__VA_ARGS__)

/* <inttypes.h>: nolibc's int64_t is long long on RV32 and RV64 alike. */
#define PRId64 "lld"
#define PRIi64 "lli"
#define PRIu64 "llu"
#define PRIx64 "llx"
#define PRIX64 "llX"

/* --- strings --------------------------------------------------------- */

char *ulib_strstr(const char *haystack, const char *needle);
size_t ulib_strspn(const char *s, const char *accept);
size_t ulib_strcspn(const char *s, const char *reject);
char *ulib_strtok_r(char *s, const char *delim, char **save);
char *ulib_strtok(char *s, const char *delim);
/* glibc's messages for the common errors, else "Unknown error N". */
const char *ulib_strerror(int err);

#define strstr(...)   ulib_strstr(__VA_ARGS__)
#define strspn(...)   ulib_strspn(__VA_ARGS__)
#define strcspn(...)  ulib_strcspn(__VA_ARGS__)
#define strtok_r(...) ulib_strtok_r(__VA_ARGS__)
#define strtok(...)   ulib_strtok(__VA_ARGS__)
#define strerror(...) ulib_strerror(__VA_ARGS__)

/* --- processes ------------------------------------------------------- */

/*
 * exit ends the whole process (exit_group): nolibc's exit() ends only
 * the calling thread. Returning from main() still goes through nolibc's
 * own exit, so a program with threads left must call exit() instead.
 */
void ulib_exit(int status) __attribute__((noreturn));
int ulib_setenv(const char *name, const char *value, int overwrite);
int ulib_execv(const char *path, char *const argv[]);
int ulib_execvp(const char *file, char *const argv[]);
int ulib_execl(const char *path, const char *arg, ...)
	__attribute__((sentinel));
unsigned int ulib_alarm(unsigned int seconds);
int ulib_pause(void);
void ulib_sync(void);
/* Via waitid, the one wait call on RV32; glibc's status word. */
pid_t ulib_waitpid(pid_t pid, int *status, int options);
pid_t ulib_wait(int *status);

#define exit(...)    ulib_exit(__VA_ARGS__)
#define _exit(...)   ulib_exit(__VA_ARGS__)
#define setenv(...)  ulib_setenv(__VA_ARGS__)
#define execv(...)   ulib_execv(__VA_ARGS__)
#define execvp(...)  ulib_execvp(__VA_ARGS__)
#define execl(...)   ulib_execl(__VA_ARGS__)
#define alarm(...)   ulib_alarm(__VA_ARGS__)
#define pause(...)   ulib_pause(__VA_ARGS__)
#define sync(...)    ulib_sync(__VA_ARGS__)
#define waitpid(...) ulib_waitpid(__VA_ARGS__)
#define wait(...)    ulib_wait(__VA_ARGS__)

/* nolibc 6.12's WIFSIGNALED(0) is true: glibc's meaning of every macro. */
#undef WEXITSTATUS
#undef WIFEXITED
#undef WTERMSIG
#undef WIFSIGNALED
#define WEXITSTATUS(s) (((s) >> 8) & 0xff)
#define WTERMSIG(s)    ((s)&0x7f)
#define WSTOPSIG(s)    WEXITSTATUS(s)
#define WCOREDUMP(s)   ((s)&0x80)
#define WIFEXITED(s)   (WTERMSIG(s) == 0)
#define WIFSTOPPED(s)  (((s)&0xff) == 0x7f)
#define WIFSIGNALED(s) (WTERMSIG(s) != 0 && WTERMSIG(s) != 0x7f)

/* --- time ------------------------------------------------------------ */

/*
 * The types are nolibc's: time_t and struct timespec have 32-bit seconds
 * on RV32 (fine until 2038, and for CLOCK_MONOTONIC). The calls use the
 * kernel's 64-bit struct __kernel_timespec (clock_gettime64,
 * clock_nanosleep_time64) and convert.
 */
typedef __kernel_clockid_t clockid_t;

int ulib_clock_gettime(clockid_t clock, struct timespec *ts);
int ulib_gettimeofday(struct timeval *tv, void *tz);
time_t ulib_time(time_t *t);
int ulib_nanosleep(const struct timespec *req, struct timespec *rem);
unsigned int ulib_sleep(unsigned int seconds);
int ulib_usleep(unsigned int usecs);

#define clock_gettime(...) ulib_clock_gettime(__VA_ARGS__)
#define gettimeofday(...)  ulib_gettimeofday(__VA_ARGS__)
#define time(...)	   ulib_time(__VA_ARGS__)
#define nanosleep(...)	   ulib_nanosleep(__VA_ARGS__)
#define sleep(...)	   ulib_sleep(__VA_ARGS__)
#define usleep(...)	   ulib_usleep(__VA_ARGS__)

/* --- poll ------------------------------------------------------------ */

typedef unsigned long nfds_t;

/* ppoll (ppoll_time64 on RV32) with a millisecond timeout, -1 = none. */
int ulib_poll(struct pollfd *fds, nfds_t nfds, int timeout_ms);

#define poll(...) ulib_poll(__VA_ARGS__)

/* --- signals --------------------------------------------------------- */

/*
 * nolibc gets sigset_t (64 signals), stack_t and a struct sigaction from
 * the kernel's <asm/signal.h>; that struct names its handler sa_handler
 * only. ulib's struct has the same layout (asserted below), which is what
 * rt_sigaction takes on RISC-V (no sa_restorer: the kernel returns from a
 * handler through the vDSO), plus glibc's sa_sigaction. The macro renames
 * both the struct tag and the function, so "struct sigaction sa;
 * sigaction(sig, &sa, NULL)" means ulib's in a program.
 */
typedef int sig_atomic_t;
typedef __sighandler_t sighandler_t;

struct ulib_sigaction {
	union {
		void (*sa_handler)(int);
		void (*sa_sigaction)(int, siginfo_t *, void *);
	};
	unsigned long sa_flags;
	sigset_t sa_mask;
};

_Static_assert(sizeof(struct ulib_sigaction) == sizeof(struct sigaction),
	       "struct sigaction: the kernel's layout");
_Static_assert(__builtin_offsetof(struct ulib_sigaction, sa_flags) ==
			       __builtin_offsetof(struct sigaction, sa_flags) &&
		       __builtin_offsetof(struct ulib_sigaction, sa_mask) ==
			       __builtin_offsetof(struct sigaction, sa_mask),
	       "struct sigaction: the kernel's layout");

int ulib_sigaction(int sig, const struct ulib_sigaction *act,
		   struct ulib_sigaction *old);
sighandler_t ulib_signal(int sig, sighandler_t handler);
int ulib_sigprocmask(int how, const sigset_t *set, sigset_t *old);
int ulib_sigemptyset(sigset_t *set);
int ulib_sigfillset(sigset_t *set);
int ulib_sigaddset(sigset_t *set, int sig);
int ulib_sigdelset(sigset_t *set, int sig);
int ulib_sigismember(const sigset_t *set, int sig);

#define sigaction	 ulib_sigaction
#define signal(...)	 ulib_signal(__VA_ARGS__)
#define sigprocmask(...) ulib_sigprocmask(__VA_ARGS__)
#define sigemptyset(...) ulib_sigemptyset(__VA_ARGS__)
#define sigfillset(...)	 ulib_sigfillset(__VA_ARGS__)
#define sigaddset(...)	 ulib_sigaddset(__VA_ARGS__)
#define sigdelset(...)	 ulib_sigdelset(__VA_ARGS__)
#define sigismember(...) ulib_sigismember(__VA_ARGS__)

/*
 * A handler's third argument: the kernel's struct ucontext, with glibc's
 * names for the saved registers (uc_mcontext.__gregs[REG_PC] is the pc,
 * then x1..x31, as in the kernel's struct user_regs_struct).
 */
typedef union {
	unsigned long __gregs[32];
	struct sigcontext __kernel; /* the kernel's size and alignment */
} mcontext_t;

typedef struct ulib_ucontext {
	unsigned long uc_flags;
	struct ulib_ucontext *uc_link;
	stack_t uc_stack;
	sigset_t uc_sigmask;
	unsigned char __uc_pad[1024 / 8 - sizeof(sigset_t)];
	mcontext_t uc_mcontext;
} ucontext_t;

_Static_assert(__builtin_offsetof(ucontext_t, uc_mcontext) ==
		       __builtin_offsetof(struct ucontext, uc_mcontext),
	       "ucontext_t: the kernel's layout");

#define REG_PC 0
#define REG_RA 1
#define REG_SP 2
#define REG_A0 10

/* --- files, memory, system calls -------------------------------------- */

/* The kernel's UAPI spells it FASYNC only. */
#ifndef O_ASYNC
#define O_ASYNC FASYNC
#endif

/* Variadic like glibc's: the argument may be an integer or a pointer. */
int ulib_ioctl(int fd, unsigned long request, ...);
int ulib_fcntl(int fd, int cmd, ...);
int ulib_mprotect(void *addr, size_t len, int prot);
int ulib_klogctl(int type, char *buf, int len);

#define ioctl(...)    ulib_ioctl(__VA_ARGS__)
#define fcntl(...)    ulib_fcntl(__VA_ARGS__)
#define mprotect(...) ulib_mprotect(__VA_ARGS__)
#define klogctl(...)  ulib_klogctl(__VA_ARGS__)

/*
 * syscall() is nolibc's macro (up to 6 long-sized arguments); glibc's
 * SYS_ names for the calls the guest programs make.
 */
#define SYS_getcpu	       __NR_getcpu
#define SYS_gettid	       __NR_gettid
#define SYS_perf_event_open    __NR_perf_event_open
#define SYS_riscv_flush_icache __NR_riscv_flush_icache
#define SYS_sched_getaffinity  __NR_sched_getaffinity
#define SYS_sched_setaffinity  __NR_sched_setaffinity
#define SYS_tgkill	       __NR_tgkill

/* --- CPUs and scheduling --------------------------------------------- */

/* glibc's cpu_set_t: 1024 CPUs. */
#define CPU_SETSIZE   1024
#define ULIB_CPU_BITS (8 * sizeof(unsigned long))

typedef struct {
	unsigned long __bits[CPU_SETSIZE / ULIB_CPU_BITS];
} cpu_set_t;

/* Out-of-range CPUs are ignored, as glibc does. */
static inline void ulib_cpu_set(int cpu, cpu_set_t *set, int on)
{
	unsigned long bit;

	if (cpu < 0 || cpu >= CPU_SETSIZE)
		return;
	bit = 1UL << (cpu % ULIB_CPU_BITS);
	if (on)
		set->__bits[cpu / ULIB_CPU_BITS] |= bit;
	else
		set->__bits[cpu / ULIB_CPU_BITS] &= ~bit;
}

static inline int ulib_cpu_isset(int cpu, const cpu_set_t *set)
{
	if (cpu < 0 || cpu >= CPU_SETSIZE)
		return 0;
	return (set->__bits[cpu / ULIB_CPU_BITS] >> (cpu % ULIB_CPU_BITS)) & 1;
}

int ulib_cpu_count(const cpu_set_t *set);

#define CPU_ZERO(set)	    memset((set), 0, sizeof(cpu_set_t))
#define CPU_SET(cpu, set)   ulib_cpu_set((cpu), (set), 1)
#define CPU_CLR(cpu, set)   ulib_cpu_set((cpu), (set), 0)
#define CPU_ISSET(cpu, set) ulib_cpu_isset((cpu), (set))
#define CPU_COUNT(set)	    ulib_cpu_count(set)

int ulib_sched_setaffinity(pid_t pid, size_t size, const cpu_set_t *set);
int ulib_sched_getaffinity(pid_t pid, size_t size, cpu_set_t *set);
int ulib_sched_getcpu(void);

#define sched_setaffinity(...) ulib_sched_setaffinity(__VA_ARGS__)
#define sched_getaffinity(...) ulib_sched_getaffinity(__VA_ARGS__)
#define sched_getcpu(...)      ulib_sched_getcpu(__VA_ARGS__)

/* glibc's numbers for the names ulib knows. */
#define _SC_CLK_TCK	     2
#define _SC_PAGESIZE	     30
#define _SC_PAGE_SIZE	     _SC_PAGESIZE
#define _SC_NPROCESSORS_CONF 83
#define _SC_NPROCESSORS_ONLN 84

long ulib_sysconf(int name);

#define sysconf(...) ulib_sysconf(__VA_ARGS__)

/* --- pthreads -------------------------------------------------------- */

/*
 * Enough for threads that start, synchronise on mutexes and condition
 * variables, and are joined: clone() on an mmap'ed stack, futexes.
 * Attributes are not supported (pass NULL). errno stays nolibc's one
 * process-wide variable, not a per-thread one (nolibc sets no thread
 * pointer to hang one on): ulib's thread code never reads errno (it uses
 * the raw system call results), so a race can only garble the errno a
 * failing call reports, not change what ulib does.
 */
typedef struct ulib_thread *pthread_t;
typedef struct {
	int unused;
} pthread_attr_t;
typedef struct {
	int state; /* 0 free, 1 locked, 2 locked and maybe waited for */
} pthread_mutex_t;
typedef struct {
	int unused;
} pthread_mutexattr_t;
typedef struct {
	unsigned int seq; /* bumped by each signal: the futex word */
} pthread_cond_t;
typedef struct {
	int unused;
} pthread_condattr_t;

#define PTHREAD_MUTEX_INITIALIZER                                              \
	{                                                                      \
		0                                                              \
	}
#define PTHREAD_COND_INITIALIZER                                               \
	{                                                                      \
		0                                                              \
	}

int ulib_pthread_create(pthread_t *thread, const pthread_attr_t *attr,
			void *(*fn)(void *), void *arg);
int ulib_pthread_join(pthread_t thread, void **result);
int ulib_pthread_mutex_init(pthread_mutex_t *m,
			    const pthread_mutexattr_t *attr);
int ulib_pthread_mutex_destroy(pthread_mutex_t *m);
int ulib_pthread_mutex_lock(pthread_mutex_t *m);
int ulib_pthread_mutex_trylock(pthread_mutex_t *m);
int ulib_pthread_mutex_unlock(pthread_mutex_t *m);
int ulib_pthread_cond_init(pthread_cond_t *c, const pthread_condattr_t *attr);
int ulib_pthread_cond_destroy(pthread_cond_t *c);
int ulib_pthread_cond_wait(pthread_cond_t *c, pthread_mutex_t *m);
int ulib_pthread_cond_signal(pthread_cond_t *c);
int ulib_pthread_cond_broadcast(pthread_cond_t *c);

#define pthread_create(...)	    ulib_pthread_create(__VA_ARGS__)
#define pthread_join(...)	    ulib_pthread_join(__VA_ARGS__)
#define pthread_mutex_init(...)	    ulib_pthread_mutex_init(__VA_ARGS__)
#define pthread_mutex_destroy(...)  ulib_pthread_mutex_destroy(__VA_ARGS__)
#define pthread_mutex_lock(...)	    ulib_pthread_mutex_lock(__VA_ARGS__)
#define pthread_mutex_trylock(...)  ulib_pthread_mutex_trylock(__VA_ARGS__)
#define pthread_mutex_unlock(...)   ulib_pthread_mutex_unlock(__VA_ARGS__)
#define pthread_cond_init(...)	    ulib_pthread_cond_init(__VA_ARGS__)
#define pthread_cond_destroy(...)   ulib_pthread_cond_destroy(__VA_ARGS__)
#define pthread_cond_wait(...)	    ulib_pthread_cond_wait(__VA_ARGS__)
#define pthread_cond_signal(...)    ulib_pthread_cond_signal(__VA_ARGS__)
#define pthread_cond_broadcast(...) ulib_pthread_cond_broadcast(__VA_ARGS__)

#endif
