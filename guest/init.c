/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * /init of the sbipmu Linux guest. There is no shell in the initramfs: this
 * program mounts the pseudo file systems, then runs a fixed table of steps
 * (perf commands on /bin/workload, and dumps of /proc files), and powers the
 * machine off. Each step is framed by marker lines that the host scripts
 * parse:
 *
 *   === sbipmu: <name> ===
 *   ...output of the step (stdout and stderr merged, maybe truncated)...
 *   === sbipmu: exit <code> ===        (or "exit timeout")
 *
 * and the run ends with "=== sbipmu: done ===". Every step runs in its own
 * process group under a deadline, because perf can hang when the PMU lacks
 * a feature (no Sscofpmf): a hung step is killed and the run goes on.
 *
 * Kernel command line knobs (read from /proc/cmdline, since the kernel does
 * not pass dotted parameters to init):
 *   sbipmu.mode=demo|check   demo (default): human-readable perf output;
 *                            check: perf stat in CSV (-x,) for the checker
 *   sbipmu.timeout=SECONDS   per-step deadline (default 60)
 *   sbipmu.rounds=N          workload size (default 50)
 *   sbipmu.only=A,B,...      run only the named steps; "kvm-*" names
 *                            every step whose name starts with "kvm-"
 *   sbipmu.runs=N            runs of a repeated step (default 10)
 *   sbipmu.poweroff=reboot   end with a reboot, not a power-off: on a
 *                            machine without a power-off device
 *                            (sifive_u), where QEMU runs with -no-reboot
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/klog.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/wait.h>
#ifndef GUEST_NOLIBC
#include <sys/ioctl.h>
#endif
#include <time.h>
#include <unistd.h>

#define MAX_ARGS   64
#define PERF	   "/bin/perf"
#define WORKLOAD   "/bin/workload"
#define PMU_USER   "/bin/pmu-user"
#define UPERF	   "/bin/uperf"
#define ROUNDS_ARG "@ROUNDS@" /* replaced by sbipmu.rounds */
#define SOAK_ARG   "@SOAK@"   /* replaced by sbipmu.soak (seconds) */
#define RUNS_ARG   "@RUNS@"   /* replaced by sbipmu.runs (repeat count) */
#define KVM_DIR	   "/kvm/"    /* Linux's KVM selftests (mk/linux.mk) */

enum step_flags {
	STEP_STAT = 1 << 0, /* perf stat: add "-x," in check mode */
	STEP_CAT = 1 << 1,  /* argv[0] is a file to print, not a program */
	STEP_DEMO_ONLY = 1 << 2,
	STEP_CHECK_ONLY = 1 << 6,
	STEP_SAMPLING = 1 << 3, /* perf record: see sampling_event() */
	/* Only when sbipmu.only names it; its timeout grows by sbipmu.soak. */
	STEP_ON_REQUEST = 1 << 4,
	STEP_BRIEF = 1 << 5, /* demo mode: "--brief" after argv[0] */
};

struct step {
	const char *name;
	unsigned int flags;
	int max_lines; /* output lines shown, 0 = all (a built-in "| head") */
	const char *argv[MAX_ARGS];
};

/* SBI firmware events (SBI spec, PMU chapter): perf raw config 0b10 << 62. */
#define FW(code, label) "cpu/config=0x80000000000000" code ",name=" label "/"
/* The stat-fw step's events: the traps, IPIs and fences the workload makes. */
#define FW_STAT_EVENTS                                                         \
	"-e", FW("00", "fw_misaligned_load"), "-e",                            \
		FW("01", "fw_misaligned_store"), "-e",                         \
		FW("04", "fw_illegal_insn"), "-e", FW("06", "fw_ipi_sent"),    \
		"-e", FW("07", "fw_ipi_received"), "-e",                       \
		FW("08", "fw_fence_i_sent"), "-e",                             \
		FW("09", "fw_fence_i_received"), "-e",                         \
		FW("0a", "fw_sfence_vma_sent"), "-e",                          \
		FW("0b", "fw_sfence_vma_received"), "-e",                      \
		FW("0c", "fw_sfence_vma_asid_sent"), "-e",                     \
		FW("0d", "fw_sfence_vma_asid_received")
/* The first 16 firmware events, as perf stat arguments. */
#define FW_EVENTS_00_15                                                        \
	"-e", FW("00", "fw00"), "-e", FW("01", "fw01"), "-e",                  \
		FW("02", "fw02"), "-e", FW("03", "fw03"), "-e",                \
		FW("04", "fw04"), "-e", FW("05", "fw05"), "-e",                \
		FW("06", "fw06"), "-e", FW("07", "fw07"), "-e",                \
		FW("08", "fw08"), "-e", FW("09", "fw09"), "-e",                \
		FW("0a", "fw10"), "-e", FW("0b", "fw11"), "-e",                \
		FW("0c", "fw12"), "-e", FW("0d", "fw13"), "-e",                \
		FW("0e", "fw14"), "-e", FW("0f", "fw15")

/* Our VMM's built-in guest program (guest/kvm-vmm.c), for host perf. */
#define KVM_VMM_WORKLOAD "/bin/kvm-vmm", "--workload", "1000000", "8", "lr"
/* A KVM selftest as a step named "kvm-<test>". */
#define KVM_TEST(test)                                                         \
	{                                                                      \
		"kvm-" test, STEP_ON_REQUEST, 0,                               \
		{                                                              \
			KVM_DIR test                                           \
		}                                                              \
	}
/* One part of sbi_pmu_test: the other three disabled. */
#define KVM_PMU_PART(part, off1, off2, off3)                                   \
	{                                                                      \
		"kvm-sbi_pmu_test-" part, STEP_ON_REQUEST, 0,                  \
		{                                                              \
			KVM_DIR "sbi_pmu_test", "-d", off1, "-d", off2, "-d",  \
				off3                                           \
		}                                                              \
	}

static const struct step steps[] = {
	{"cpuinfo", STEP_CAT | STEP_DEMO_ONLY, 24, {"/proc/cpuinfo"}},
	{"stat-hw",
	 STEP_STAT,
	 0,
	 {PERF, "stat", "-e",
	  "cycles,instructions,dTLB-load-misses,dTLB-store-misses,iTLB-load-"
	  "misses",
	  WORKLOAD, ROUNDS_ARG}},
	{"stat-fw",
	 STEP_STAT,
	 0,
	 {PERF, "stat", FW_STAT_EVENTS, WORKLOAD, ROUNDS_ARG}},
	/*
	 * The same with /bin/uperf, the RV32 guest's perf (guest/uperf*.c):
	 * on RV64, linux-check holds its counts to the same expectations
	 * as perf's (on RV32 it is /bin/perf itself).
	 */
	{"uperf-stat-fw",
	 STEP_STAT | STEP_CHECK_ONLY,
	 0,
	 {UPERF, "stat", FW_STAT_EVENTS, WORKLOAD, ROUNDS_ARG}},
	{"stat-raw",
	 STEP_STAT,
	 0,
	 {PERF, "stat", "-e", "r8000000000000004,r8000000000000006", WORKLOAD,
	  ROUNDS_ARG}},
	{"stat-modes",
	 STEP_STAT,
	 0,
	 {PERF, "stat", "-e", "cycles:u,cycles:k,instructions:u,instructions:k",
	  WORKLOAD, ROUNDS_ARG}},
	/* 2 HW + all 22 firmware events: more than the firmware has counters.
	 */
	{"stat-multiplex",
	 STEP_STAT,
	 0,
	 {PERF, "stat", "-e", "cycles,instructions", FW_EVENTS_00_15, "-e",
	  FW("10", "fw16"), "-e", FW("11", "fw17"), "-e", FW("12", "fw18"),
	  "-e", FW("13", "fw19"), "-e", FW("14", "fw20"), "-e",
	  FW("15", "fw21"), WORKLOAD, ROUNDS_ARG}},
	/* Direct counter reads in the three perf_user_access modes. */
	{"user-access", STEP_BRIEF, 0, {PMU_USER, "access"}},
	/* Overflow signals to the task itself (EBB's counterpart). */
	{"selfmon", STEP_BRIEF, 0, {PMU_USER, "selfmon"}},
	{"record",
	 STEP_SAMPLING,
	 0,
	 {PERF, "record", "-e", "cycles", "-c", "100000", "-o",
	  "/tmp/perf.data", WORKLOAD, ROUNDS_ARG}},
	{"report",
	 0,
	 30,
	 {PERF, "report", "-i", "/tmp/perf.data", "--stdio", "--percent-limit",
	  "1"}},
	{"interrupts", STEP_CAT, 0, {"/proc/interrupts"}},
	/* linux-check.sh --soak: load, then every counter must be free. */
	{"soak", STEP_ON_REQUEST, 0, {"/bin/soak", SOAK_ARG}},
	{"stat-release",
	 STEP_STAT | STEP_ON_REQUEST,
	 0,
	 {PERF, "stat", "-e", "cycles,instructions", FW_EVENTS_00_15, WORKLOAD,
	  ROUNDS_ARG}},
	/* The same per CPU (-a -A): names the hart whose counters are not
	 * all free. */
	{"stat-percpu",
	 STEP_STAT | STEP_ON_REQUEST,
	 0,
	 {PERF, "stat", "-a", "-A", "-e", "cycles,instructions",
	  FW_EVENTS_00_15, WORKLOAD, ROUNDS_ARG}},
	/*
	 * linux-check's mode sums: each mode's share of the total, counted
	 * together in one run (runs differ by the kernel's own share, which
	 * grows with the events it switches), then :u + :k against 1.
	 */
	{"stat-share-u",
	 STEP_STAT | STEP_ON_REQUEST,
	 0,
	 {PERF, "stat", "-e", "cycles,cycles:u,instructions,instructions:u",
	  WORKLOAD, ROUNDS_ARG}},
	{"stat-share-k",
	 STEP_STAT | STEP_ON_REQUEST,
	 0,
	 {PERF, "stat", "-e", "cycles,cycles:k,instructions,instructions:k",
	  WORKLOAD, ROUNDS_ARG}},
	/*
	 * KVM in this guest (scripts/kvm-check.sh): Linux's own selftests,
	 * whose VMs' SBI PMU calls KVM serves with host perf events, which
	 * reach the firmware under test. sbi_pmu_test's four parts run one
	 * per step (-d disables the others), so each has its own exit code.
	 */
	KVM_PMU_PART("basic", "events", "snapshot", "overflow"),
	KVM_PMU_PART("events", "basic", "snapshot", "overflow"),
	KVM_PMU_PART("snapshot", "basic", "events", "overflow"),
	KVM_PMU_PART("overflow", "basic", "events", "snapshot"),
	KVM_TEST("ebreak_test"),
	KVM_TEST("coalesced_io_test"),
	KVM_TEST("demand_paging_test"),
	KVM_TEST("get-reg-list"),
	KVM_TEST("guest_print_test"),
	KVM_TEST("kvm_binary_stats_test"),
	KVM_TEST("kvm_create_max_vcpus"),
	KVM_TEST("kvm_page_table_test"),
	KVM_TEST("set_memory_region_test"),
	KVM_TEST("steal_time"),
	KVM_TEST("dirty_log_test"), /* about 2 minutes: full run only */
	/* Fails now and then under TCG: its failure rate over sbipmu.runs. */
	{"kvm-arch_timer",
	 STEP_ON_REQUEST,
	 0,
	 {"/bin/repeat", RUNS_ARG, "30", KVM_DIR "arch_timer"}},
	/* Our conformance suite in a VM of our own VMM: KVM's SBI judged. */
	/*
	 * Host perf around a KVM guest of known work (kvm-vmm --workload:
	 * a loop of exactly 2,000,000 guest instructions, then 8 misaligned
	 * LR.W the firmware sends on to the guest): guest-only and
	 * host-only counts (:G/:H become the VSINH/VUINH and SINH/UINH
	 * flags of CFG_MATCH), and the firmware's misaligned-load event
	 * (raw 0x8000000000000000) per side; then both sides at once (:GH;
	 * perf's default excludes the guest). Separate steps: QEMU counts an
	 * event on one programmable counter only, so more events of one
	 * kind at once would be multiplexed.
	 */
	{"kvm-host-insn-gh",
	 STEP_STAT | STEP_ON_REQUEST,
	 0,
	 {PERF, "stat", "-e", "instructions:G,instructions:H",
	  KVM_VMM_WORKLOAD}},
	{"kvm-host-insn",
	 STEP_STAT | STEP_ON_REQUEST,
	 0,
	 {PERF, "stat", "-e", "instructions:GH", KVM_VMM_WORKLOAD}},
	{"kvm-host-fw-gh",
	 STEP_STAT | STEP_ON_REQUEST,
	 0,
	 {PERF, "stat", "-e", "r8000000000000000:G,r8000000000000000:H",
	  KVM_VMM_WORKLOAD}},
	{"kvm-conformance",
	 STEP_ON_REQUEST,
	 0,
	 {"/bin/kvm-vmm", "-n", "4", "-v", KVM_DIR "conformance.bin"}},
};

struct config {
	int check_mode;
	int timeout_s;
	char rounds[16];
	char only[1024]; /* comma-separated step names, empty = all */
	char soak[16];	 /* sbipmu.soak: seconds of the soak step */
	char runs[16];	 /* sbipmu.runs: runs of a repeated step */
	int sscofpmf;	 /* the harts have Sscofpmf: sampling works */
};

static void say(const char *fmt, const char *arg)
{
	printf(fmt, arg);
	fflush(stdout);
}

static void mount_one(const char *type, const char *dir, unsigned long flags,
		      const char *data)
{
	mkdir(dir, 0755);
	/* EBUSY: the kernel (or a previous init) mounted it already. */
	if (mount(type, dir, type, flags, data) != 0 && errno != EBUSY)
		fprintf(stderr, "init: mount %s on %s: %s\n", type, dir,
			strerror(errno));
}

static void mount_all(void)
{
	mount_one("proc", "/proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL);
	mount_one("sysfs", "/sys", MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL);
	mount_one("devtmpfs", "/dev", MS_NOSUID, NULL);
	/* perf record needs somewhere writable for perf.data. */
	mount_one("tmpfs", "/tmp", MS_NOSUID | MS_NODEV, "mode=1777");
}

/* Finds "key=value" on the kernel command line; copies value into out. */
static int cmdline_get(const char *key, char *out, size_t size)
{
	char buf[2048];
	ssize_t n;
	int fd = open("/proc/cmdline", O_RDONLY);

	if (fd < 0)
		return 0;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return 0;
	buf[n] = '\0';
	for (char *tok = strtok(buf, " \n"); tok; tok = strtok(NULL, " \n")) {
		size_t klen = strlen(key);

		if (strncmp(tok, key, klen) == 0 && tok[klen] == '=') {
			snprintf(out, size, "%s", tok + klen + 1);
			return 1;
		}
	}
	return 0;
}

/* Whether /proc/cpuinfo lists Sscofpmf (what Linux keys sampling on). */
static int have_sscofpmf(void)
{
	char line[1024];
	int found = 0;
	FILE *f = fopen("/proc/cpuinfo", "r");

	if (!f)
		return 0;
	while (!found && fgets(line, sizeof(line), f))
		found = strncmp(line, "isa", 3) == 0 &&
			strstr(line, "_sscofpmf") != NULL;
	fclose(f);
	return found;
}

/*
 * The event for perf record. Without Sscofpmf the kernel refuses sampling
 * with EOPNOTSUPP; perf 6.12 then retries with exclude_guest, gets EINVAL
 * (the PMU can't exclude), drops exclude_guest again and loops forever.
 * Asking for "cycles:H" up front disables that fallback, so perf fails
 * cleanly; with Sscofpmf plain "cycles" is used, as in the demo.
 */
static const char *sampling_event(const struct config *cfg)
{
	return cfg->sscofpmf ? "cycles" : "cycles:H";
}

static void read_config(struct config *cfg)
{
	char val[32];

	cfg->check_mode = cmdline_get("sbipmu.mode", val, sizeof(val)) &&
			  strcmp(val, "check") == 0;
	cfg->timeout_s = 60;
	if (cmdline_get("sbipmu.timeout", val, sizeof(val)) && atoi(val) > 0)
		cfg->timeout_s = atoi(val);
	snprintf(cfg->rounds, sizeof(cfg->rounds), "50");
	if (cmdline_get("sbipmu.rounds", val, sizeof(val)) && atoi(val) > 0)
		snprintf(cfg->rounds, sizeof(cfg->rounds), "%d", atoi(val));
	snprintf(cfg->soak, sizeof(cfg->soak), "60");
	if (cmdline_get("sbipmu.soak", val, sizeof(val)) && atoi(val) > 0)
		snprintf(cfg->soak, sizeof(cfg->soak), "%d", atoi(val));
	snprintf(cfg->runs, sizeof(cfg->runs), "10");
	if (cmdline_get("sbipmu.runs", val, sizeof(val)) && atoi(val) > 0)
		snprintf(cfg->runs, sizeof(cfg->runs), "%d", atoi(val));
	if (!cmdline_get("sbipmu.only", cfg->only, sizeof(cfg->only)))
		cfg->only[0] = '\0';
	cfg->sscofpmf = have_sscofpmf();
}

/* Whether a step is selected by the mode and by sbipmu.only. */
static int step_wanted(const struct step *st, const struct config *cfg)
{
	size_t len = strlen(st->name);

	if ((st->flags & STEP_CHECK_ONLY) && !cfg->check_mode)
		return 0;
	if ((st->flags & STEP_DEMO_ONLY) && cfg->check_mode)
		return 0;
	if (!cfg->only[0])
		return !(st->flags & STEP_ON_REQUEST);
	for (const char *p = cfg->only; *p;) {
		size_t n = strcspn(p, ",");

		if (n == len && strncmp(p, st->name, len) == 0)
			return 1;
		/* "prefix*": every step whose name starts with prefix. */
		if (n > 0 && p[n - 1] == '*' && n - 1 <= len &&
		    strncmp(p, st->name, n - 1) == 0)
			return 1;
		p += n + (p[n] == ',');
	}
	return 0;
}

/* Builds the argv actually run: CSV for perf stat in check mode, rounds. */
static void build_argv(const struct step *st, const struct config *cfg,
		       const char **argv)
{
	int n = 0;

	for (int i = 0; st->argv[i] && n < MAX_ARGS - 3; i++) {
		const char *arg = st->argv[i];

		if (strcmp(arg, ROUNDS_ARG) == 0)
			arg = cfg->rounds;
		else if (strcmp(arg, SOAK_ARG) == 0)
			arg = cfg->soak;
		else if (strcmp(arg, RUNS_ARG) == 0)
			arg = cfg->runs;
		else if ((st->flags & STEP_SAMPLING) &&
			 strcmp(arg, "cycles") == 0)
			arg = sampling_event(cfg);
		argv[n++] = arg;
		if (i == 0 && (st->flags & STEP_BRIEF) && !cfg->check_mode)
			argv[n++] = "--brief";
		if (i == 1 && (st->flags & STEP_STAT) && cfg->check_mode) {
			argv[n++] = "-x";
			argv[n++] = ",";
		}
	}
	argv[n] = NULL;
}

/* A step that prints a file: done in the child, like any other step. */
static int cat_file(const char *path)
{
	char buf[4096];
	ssize_t n;
	int fd = open(path, O_RDONLY);

	if (fd < 0) {
		fprintf(stderr, "init: %s: %s\n", path, strerror(errno));
		return 1;
	}
	while ((n = read(fd, buf, sizeof(buf))) > 0)
		if (write(STDOUT_FILENO, buf, (size_t)n) != n)
			break;
	close(fd);
	return 0;
}

static void child_run(const struct step *st, const struct config *cfg, int out)
{
	const char *argv[MAX_ARGS];

	/* Own process group: a timeout kills perf and the workload together. */
	setpgid(0, 0);
	dup2(out, STDOUT_FILENO);
	dup2(out, STDERR_FILENO);
	close(out);
	if (st->flags & STEP_CAT)
		_exit(cat_file(st->argv[0]));
	build_argv(st, cfg, argv);
	execv(argv[0], (char *const *)argv);
	fprintf(stderr, "init: exec %s: %s\n", argv[0], strerror(errno));
	_exit(127);
}

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Line-limited copy of a step's output to the console (the "| head"). */
struct relay {
	int max_lines;
	int lines;	   /* complete lines seen */
	int at_line_start; /* next byte starts a new line */
	int showing;	   /* the current line is being printed */
};

static void relay_chunk(struct relay *r, const char *buf, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		/* Decide once per line, so a line is shown whole or not at all.
		 */
		if (r->at_line_start)
			r->showing = !r->max_lines || r->lines < r->max_lines;
		if (r->showing)
			putchar(buf[i]);
		r->at_line_start = buf[i] == '\n';
		if (r->at_line_start)
			r->lines++;
	}
	fflush(stdout);
}

/* Reads the child's output until EOF or the deadline; 1 if it timed out. */
static int relay_until(int fd, struct relay *r, double deadline)
{
	char buf[1024];

	for (;;) {
		struct pollfd pfd = {.fd = fd, .events = POLLIN};
		double left = deadline - now_s();
		ssize_t n;

		if (left <= 0)
			return 1;
		if (poll(&pfd, 1, left > 1 ? 1000 : (int)(left * 1000) + 1) <=
		    0)
			continue;
		n = read(fd, buf, sizeof(buf));
		if (n <= 0)
			return 0;
		relay_chunk(r, buf, (size_t)n);
	}
}

/* init is pid 1: collect the orphans (e.g. killed workload threads). */
static void reap_orphans(void)
{
	while (waitpid(-1, NULL, WNOHANG) > 0)
		;
}

static void run_step(const struct step *st, const struct config *cfg)
{
	struct relay r = {.max_lines = st->max_lines, .at_line_start = 1};
	int pipefd[2], status = 0, timed_out, timeout_s;
	char code[32];
	double started;
	pid_t pid;

	say("=== sbipmu: %s ===\n", st->name);
	if (pipe(pipefd) != 0) {
		perror("init: pipe");
		return;
	}
	pid = fork();
	if (pid < 0) {
		perror("init: fork");
		close(pipefd[0]);
		close(pipefd[1]);
		return;
	}
	if (pid == 0) {
		close(pipefd[0]);
		child_run(st, cfg, pipefd[1]);
	}
	close(pipefd[1]);
	timeout_s = cfg->timeout_s;
	started = now_s();
	if (st->flags & STEP_ON_REQUEST)
		timeout_s += atoi(cfg->soak);
	timed_out = relay_until(pipefd[0], &r, now_s() + timeout_s);
	/* On timeout, and to catch stray grandchildren holding the pipe. */
	kill(-pid, SIGKILL);
	close(pipefd[0]);
	waitpid(pid, &status, 0);
	reap_orphans();
	if (!r.at_line_start && r.showing)
		putchar('\n');
	if (r.max_lines && r.lines > r.max_lines)
		printf("[... %d more lines not shown]\n",
		       r.lines - r.max_lines);
	if (timed_out)
		snprintf(code, sizeof(code), "timeout");
	else if (WIFSIGNALED(status))
		snprintf(code, sizeof(code), "%d", 128 + WTERMSIG(status));
	else
		snprintf(code, sizeof(code), "%d", WEXITSTATUS(status));
	/* "exit CODE after N s": parsers take the word after "exit". */
	printf("=== sbipmu: exit %s after %ld s ===\n", code,
	       (long)(now_s() - started));
	fflush(stdout);
}

/*
 * Kernel messages below warning level stay in the log buffer instead of
 * the console: the console carries the steps' output too, and an info
 * line (e.g. "perf: interrupt took too long") printed in the middle of a
 * result line broke the checker's parsing. Warnings, errors, BUG and
 * Oops still reach the console, where linux-check.sh looks for them.
 */
static void quiet_console(void)
{
	/* 8 = SYSLOG_ACTION_CONSOLE_LEVEL; 5 shows KERN_WARNING and above. */
	if (klogctl(8, NULL, 5) != 0)
		fprintf(stderr, "init: console loglevel: %s\n",
			strerror(errno));
}

/*
 * Wait, at most @ms milliseconds, for the console's tty to have sent
 * everything written to it (its output queue empty). False if it did
 * not, or cannot say.
 */
static bool console_sent(unsigned int ms)
{
	const struct timespec nap = {0, 10 * 1000 * 1000};
	unsigned int waited;
	int queued = 0;

	for (waited = 0;; waited += 10) {
		if (ioctl(STDOUT_FILENO, TIOCOUTQ, &queued) < 0)
			return false;
		if (queued == 0)
			return true;
		if (waited >= ms)
			return false;
		nanosleep(&nap, NULL);
	}
}

/*
 * Let the console's last lines out before the power goes. Seen with an
 * AIA interrupt controller delivering the UART's interrupt as an MSI
 * (QEMU 7.2 often, QEMU 10 once), on every firmware: the UART's
 * transmit interrupt is lost now and then, the tty's output waits in
 * its buffer until a kernel message kicks the UART again, and the
 * power-off came first, so the log ended before perf's last lines and
 * the end marker. A kernel message restarts transmission (the console
 * driver's own write), but only when the queue does not empty by itself
 * within 3 s: a kernel message is written to the UART at once, so one
 * sent while the tty still sends our last line lands inside it (seen on
 * a busy host: "=== sbipmu: done" + the kick + " ===", and the end
 * marker was lost).
 */
static void drain_console(void)
{
	static const char kick[] = "sbipmu: init: flushing the console\n";
	int k;

	fflush(stdout);
	if (console_sent(3000))
		return;
	k = open("/dev/kmsg", O_WRONLY | O_CLOEXEC);
	if (k >= 0) {
		if (write(k, kick, sizeof(kick) - 1) < 0)
			perror("init: /dev/kmsg");
		close(k);
	}
	(void)console_sent(3000);
}

static void power_off(void)
{
	char how[16];

	drain_console();
	say("=== sbipmu: %s ===\n", "done");
	drain_console();
	sync();
	/* A failed power-off parks the hart in the kernel: choose first. */
	if (cmdline_get("sbipmu.poweroff", how, sizeof(how)) &&
	    !strcmp(how, "reboot"))
		reboot(RB_AUTOBOOT);
	reboot(RB_POWER_OFF);
	/* pid 1 must not exit (that panics the kernel): say why and park. */
	fprintf(stderr, "init: power off failed: %s\n", strerror(errno));
	for (;;)
		pause();
}

int main(int argc, char **argv)
{
	struct config cfg;

	(void)argc;
	(void)argv;
	mount_all();
	quiet_console();
	setenv("PATH", "/bin", 1);
	setenv("HOME", "/tmp", 1); /* perf keeps its build-id cache there */
	setenv("TERM", "dumb", 1);
	read_config(&cfg);
	printf("=== sbipmu: init mode=%s timeout=%ds rounds=%s sscofpmf=%s "
	       "===\n",
	       cfg.check_mode ? "check" : "demo", cfg.timeout_s, cfg.rounds,
	       cfg.sscofpmf ? "yes" : "no");
	for (size_t i = 0; i < sizeof(steps) / sizeof(steps[0]); i++) {
		if (step_wanted(&steps[i], &cfg))
			run_step(&steps[i], &cfg);
	}
	power_off();
	return 0;
}
