/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * /bin/kvm-vmm: a minimal VMM on /dev/kvm that boots an S-mode payload
 * (payload/: the conformance suite) as a KVM guest of the sbipmu Linux
 * guest, so that KVM (its vcpu_pmu over our firmware) is the SBI
 * implementation the payload judges. The VM looks like the part of QEMU
 * virt a payload uses: RAM at 0x80000000, the payload at 0x80200000
 * (where -kernel puts it), a device tree built here with libfdt (harts
 * with the ISA KVM reports, memory, timebase, a 16550 console), a0 = hart
 * id, a1 = tree. Harts other than 0 start stopped; the guest starts them
 * through SBI HSM, which KVM implements. KVM forwards the console calls
 * (DBCN, legacy putchar) and the UART's MMIO here; the console goes to
 * stdout unchanged. A shutdown or reset through SRST ends the run.
 * -c picks the consoles KVM offers, so that each of the payload's
 * channels can be tried: dbcn (default: DBCN and legacy putchar), legacy
 * (no DBCN), uart (neither SBI console: the payload uses the tree's UART).
 *
 *   kvm-vmm [-n HARTS] [-m MIB] [-t SECONDS] [-a BOOTARGS]
 *           [-c dbcn|legacy|uart] [-v] PAYLOAD.bin
 *   kvm-vmm [-t SECONDS] --workload N K [lw|lr]
 *
 * --workload runs a built-in guest program instead (for host perf stat
 * around the VMM): a loop of N iterations of two instructions, K
 * misaligned loads (lw by default; lr: LR.W, which traps when misaligned
 * and which no firmware can emulate), then SRST; it prints the
 * loop's exact instruction count and where the misaligned loads went (to
 * the guest's trap handler, to the firmware's emulation, or nowhere:
 * done by the hart).
 *
 * Exit status: 0 after the guest's shutdown or reset; 1 on an exit
 * the VMM does not expect (reported with the hart's pc) or a setup
 * failure; 2 on bad usage; 124 when the time limit ends the run.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <inttypes.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <linux/kvm.h>
#include <linux/perf_event.h>

#include <libfdt.h>

#include <sbipmu/sbi_spec.h>

#define RAM_BASE       0x80000000ULL
#define PAYLOAD_OFFSET 0x200000ULL /* QEMU's -kernel address on RV64 */
/* The tree, 2 MiB-aligned below the end of RAM, as QEMU places it. */
#define DTB_ALIGN    0x200000ULL
#define DTB_SIZE_MAX 0x10000U
#define UART_BASE    0x10000000ULL
#define UART_SIZE    0x100ULL
#define UART_CLOCK   3686400U
#define MAX_HARTS    512 /* what the payload's tree reading supports */

#define EXIT_GUEST_FAIL 1
#define EXIT_USAGE	2
#define EXIT_TIMEOUT	124

/* 16550 registers (reg-shift 0, byte wide). */
#define UART_THR      0
#define UART_LCR      3
#define UART_LSR      5
#define UART_LCR_DLAB 0x80
#define UART_LSR_IDLE 0x60 /* THRE | TEMT: the transmitter is empty */

/* A 64-bit ONE_REG id; the register types come from asm/kvm.h. */
#define REG_ID(type, idx) (KVM_REG_RISCV | KVM_REG_SIZE_U64 | (type) | (idx))
#define REG_CORE(name)	  REG_ID(KVM_REG_RISCV_CORE, KVM_REG_RISCV_CORE_REG(name))
#define REG_CONFIG(name)                                                       \
	REG_ID(KVM_REG_RISCV_CONFIG, KVM_REG_RISCV_CONFIG_REG(name))
#define REG_TIMER(name)                                                        \
	REG_ID(KVM_REG_RISCV_TIMER, KVM_REG_RISCV_TIMER_REG(name))
#define REG_ISA_EXT(ext)                                                       \
	REG_ID(KVM_REG_RISCV_ISA_EXT | KVM_REG_RISCV_ISA_SINGLE, (ext))
#define REG_SBI_EXT(ext)                                                       \
	REG_ID(KVM_REG_RISCV_SBI_EXT | KVM_REG_RISCV_SBI_SINGLE, (ext))

_Static_assert(sizeof(unsigned long) == 8, "kvm-vmm is for RV64 hosts");

struct vmm;

enum vmm_console {
	VMM_CONSOLE_DBCN,
	VMM_CONSOLE_LEGACY,
	VMM_CONSOLE_UART,
};

struct vmm_vcpu {
	struct vmm *vm;
	unsigned int id; /* vcpu id = the guest's hart id in KVM */
	int fd;
	struct kvm_run *run;
	pthread_t thread;
	/* --workload: the firmware's misaligned-load count, -1 if none. */
	int64_t fw_misaligned;
};

struct vmm {
	int kvm_fd;
	int vm_fd;
	uint8_t *ram;
	uint64_t ram_size;
	size_t run_size;
	unsigned int nharts;
	enum vmm_console console;
	struct vmm_vcpu *vcpus;
	bool count_fw_misaligned; /* --workload */
	uint8_t uart_lcr;
	pthread_mutex_t lock; /* done, exit_code and uart_lcr */
	pthread_cond_t done_cv;
	bool done;
	int exit_code;
};

struct vmm_options {
	unsigned int harts;
	unsigned int mem_mib;
	unsigned int seconds;
	const char *bootargs;
	const char *payload;
	enum vmm_console console;
	bool verbose; /* -v: say what the tree tells the guest */
	bool workload;
	uint64_t loops;
	uint64_t misaligned;
	bool lr; /* the misaligned loads are LR.W, not lw */
};

/* ---- console: the guest's bytes to stdout, a line at a time ---- */

static struct {
	pthread_mutex_t lock;
	char buf[4096];
	size_t len;
	bool mid_line; /* the last byte written was not a newline */
} console = {.lock = PTHREAD_MUTEX_INITIALIZER};

static void console_put(const char *s, size_t len)
{
	size_t off = 0;

	while (off < len) {
		ssize_t n = write(STDOUT_FILENO, s + off, len - off);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return; /* stdout gone: the guest runs on regardless */
		off += (size_t)n;
	}
}

static void console_drain(void)
{
	if (!console.len)
		return;
	console_put(console.buf, console.len);
	console.mid_line = console.buf[console.len - 1] != '\n';
	console.len = 0;
}

static void console_write(const uint8_t *s, size_t n)
{
	pthread_mutex_lock(&console.lock);
	for (size_t i = 0; i < n; i++) {
		console.buf[console.len++] = (char)s[i];
		if (s[i] == '\n' || console.len == sizeof(console.buf))
			console_drain();
	}
	pthread_mutex_unlock(&console.lock);
}

/* The guest's pending output, ended by a newline if it ends mid-line. */
static void console_break(void)
{
	pthread_mutex_lock(&console.lock);
	console_drain();
	if (console.mid_line)
		console_put("\n", 1);
	console.mid_line = false;
	pthread_mutex_unlock(&console.lock);
}

/* The VMM's own messages: on a line of their own, after the guest's. */
static void vmm_say(const char *fmt, ...)
{
	va_list ap;

	console_break();
	va_start(ap, fmt);
	fputs("kvm-vmm: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
}

/* ---- the run's end: the first vcpu (or the timer) to end it wins ---- */

static void vm_finish(struct vmm *vm, int code)
{
	pthread_mutex_lock(&vm->lock);
	if (!vm->done) {
		vm->done = true;
		vm->exit_code = code;
		pthread_cond_signal(&vm->done_cv);
	}
	pthread_mutex_unlock(&vm->lock);
}

static int vm_wait(struct vmm *vm, unsigned int seconds)
{
	struct timespec deadline;
	int code;

	clock_gettime(CLOCK_MONOTONIC, &deadline);
	deadline.tv_sec += seconds;
	pthread_mutex_lock(&vm->lock);
	while (!vm->done) {
		if (pthread_cond_timedwait(&vm->done_cv, &vm->lock,
					   &deadline) == ETIMEDOUT) {
			vm->done = true;
			vm->exit_code = EXIT_TIMEOUT;
			vmm_say("time limit of %u s reached", seconds);
		}
	}
	code = vm->exit_code;
	pthread_mutex_unlock(&vm->lock);
	return code;
}

/* ---- KVM access ---- */

static int vcpu_get(int fd, uint64_t id, uint64_t *val)
{
	struct kvm_one_reg reg = {.id = id, .addr = (uintptr_t)val};

	return ioctl(fd, KVM_GET_ONE_REG, &reg);
}

static int vcpu_set(int fd, uint64_t id, uint64_t val)
{
	struct kvm_one_reg reg = {.id = id, .addr = (uintptr_t)&val};

	return ioctl(fd, KVM_SET_ONE_REG, &reg);
}

/* Guest physical [gpa, gpa + len) as a host pointer, NULL if not RAM. */
static void *vm_ram(const struct vmm *vm, uint64_t gpa, uint64_t len)
{
	uint64_t end;

	if (gpa < RAM_BASE || __builtin_add_overflow(gpa, len, &end) ||
	    end > RAM_BASE + vm->ram_size)
		return NULL;
	return vm->ram + (gpa - RAM_BASE);
}

static int vm_create(struct vmm *vm, unsigned int mem_mib)
{
	struct kvm_userspace_memory_region region = {0};
	int size;

	vm->kvm_fd = open("/dev/kvm", O_RDWR | O_CLOEXEC);
	if (vm->kvm_fd < 0) {
		vmm_say("/dev/kvm: %s", strerror(errno));
		return -1;
	}
	vm->vm_fd = ioctl(vm->kvm_fd, KVM_CREATE_VM, 0);
	size = ioctl(vm->kvm_fd, KVM_GET_VCPU_MMAP_SIZE, 0);
	if (vm->vm_fd < 0 || size <= 0) {
		vmm_say("KVM_CREATE_VM: %s", strerror(errno));
		return -1;
	}
	vm->run_size = (size_t)size;
	vm->ram_size = (uint64_t)mem_mib << 20;
	vm->ram = mmap(NULL, vm->ram_size, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (vm->ram == MAP_FAILED) {
		vmm_say("guest RAM of %u MiB: %s", mem_mib, strerror(errno));
		return -1;
	}
	region.guest_phys_addr = RAM_BASE;
	region.memory_size = vm->ram_size;
	region.userspace_addr = (uintptr_t)vm->ram;
	if (ioctl(vm->vm_fd, KVM_SET_USER_MEMORY_REGION, &region) < 0) {
		vmm_say("KVM_SET_USER_MEMORY_REGION: %s", strerror(errno));
		return -1;
	}
	return 0;
}

/*
 * The SBI consoles of -c. DBCN is off by default in KVM (its calls exit
 * to user space): turned on where this KVM has it, else the payload
 * falls back to legacy putchar, which KVM offers unless turned off.
 */
static int vcpu_consoles(const struct vmm_vcpu *v, enum vmm_console which)
{
	(void)vcpu_set(v->fd, REG_SBI_EXT(KVM_RISCV_SBI_EXT_DBCN),
		       which == VMM_CONSOLE_DBCN);
	if (which == VMM_CONSOLE_UART &&
	    vcpu_set(v->fd, REG_SBI_EXT(KVM_RISCV_SBI_EXT_V01), 0) < 0) {
		vmm_say("turning SBI v0.1 off: %s", strerror(errno));
		return -1;
	}
	return 0;
}

static int vcpu_create(struct vmm *vm, struct vmm_vcpu *v, unsigned int id)
{
	v->vm = vm;
	v->id = id;
	v->fw_misaligned = -1;
	v->fd = ioctl(vm->vm_fd, KVM_CREATE_VCPU, (unsigned long)id);
	if (v->fd < 0) {
		vmm_say("KVM_CREATE_VCPU %u: %s", id, strerror(errno));
		return -1;
	}
	v->run = mmap(NULL, vm->run_size, PROT_READ | PROT_WRITE, MAP_SHARED,
		      v->fd, 0);
	if (v->run == MAP_FAILED) {
		vmm_say("kvm_run of vcpu %u: %s", id, strerror(errno));
		return -1;
	}
	return vcpu_consoles(v, vm->console);
}

static int vm_create_vcpus(struct vmm *vm, unsigned int harts)
{
	int max = ioctl(vm->kvm_fd, KVM_CHECK_EXTENSION, KVM_CAP_MAX_VCPUS);

	if (max > 0 && harts > (unsigned int)max) {
		vmm_say("%u harts asked, KVM allows %d", harts, max);
		return -1;
	}
	vm->vcpus = calloc(harts, sizeof(*vm->vcpus));
	if (!vm->vcpus)
		return -1;
	vm->nharts = harts;
	for (unsigned int i = 0; i < harts; i++)
		if (vcpu_create(vm, &vm->vcpus[i], i) < 0)
			return -1;
	return 0;
}

/* ---- the ISA KVM gives a vcpu, as device-tree strings ---- */

/* Names of KVM's ISA extension ids (asm/kvm.h), lower case. */
static const char *const isa_names[KVM_RISCV_ISA_EXT_MAX] = {
	[KVM_RISCV_ISA_EXT_A] = "a",
	[KVM_RISCV_ISA_EXT_C] = "c",
	[KVM_RISCV_ISA_EXT_D] = "d",
	[KVM_RISCV_ISA_EXT_F] = "f",
	[KVM_RISCV_ISA_EXT_H] = "h",
	[KVM_RISCV_ISA_EXT_I] = "i",
	[KVM_RISCV_ISA_EXT_M] = "m",
	[KVM_RISCV_ISA_EXT_SVPBMT] = "svpbmt",
	[KVM_RISCV_ISA_EXT_SSTC] = "sstc",
	[KVM_RISCV_ISA_EXT_SVINVAL] = "svinval",
	[KVM_RISCV_ISA_EXT_ZIHINTPAUSE] = "zihintpause",
	[KVM_RISCV_ISA_EXT_ZICBOM] = "zicbom",
	[KVM_RISCV_ISA_EXT_ZICBOZ] = "zicboz",
	[KVM_RISCV_ISA_EXT_ZBB] = "zbb",
	[KVM_RISCV_ISA_EXT_SSAIA] = "ssaia",
	[KVM_RISCV_ISA_EXT_V] = "v",
	[KVM_RISCV_ISA_EXT_SVNAPOT] = "svnapot",
	[KVM_RISCV_ISA_EXT_ZBA] = "zba",
	[KVM_RISCV_ISA_EXT_ZBS] = "zbs",
	[KVM_RISCV_ISA_EXT_ZICNTR] = "zicntr",
	[KVM_RISCV_ISA_EXT_ZICSR] = "zicsr",
	[KVM_RISCV_ISA_EXT_ZIFENCEI] = "zifencei",
	[KVM_RISCV_ISA_EXT_ZIHPM] = "zihpm",
	[KVM_RISCV_ISA_EXT_SMSTATEEN] = "smstateen",
	[KVM_RISCV_ISA_EXT_ZICOND] = "zicond",
	[KVM_RISCV_ISA_EXT_ZBC] = "zbc",
	[KVM_RISCV_ISA_EXT_ZBKB] = "zbkb",
	[KVM_RISCV_ISA_EXT_ZBKC] = "zbkc",
	[KVM_RISCV_ISA_EXT_ZBKX] = "zbkx",
	[KVM_RISCV_ISA_EXT_ZKND] = "zknd",
	[KVM_RISCV_ISA_EXT_ZKNE] = "zkne",
	[KVM_RISCV_ISA_EXT_ZKNH] = "zknh",
	[KVM_RISCV_ISA_EXT_ZKR] = "zkr",
	[KVM_RISCV_ISA_EXT_ZKSED] = "zksed",
	[KVM_RISCV_ISA_EXT_ZKSH] = "zksh",
	[KVM_RISCV_ISA_EXT_ZKT] = "zkt",
	[KVM_RISCV_ISA_EXT_ZVBB] = "zvbb",
	[KVM_RISCV_ISA_EXT_ZVBC] = "zvbc",
	[KVM_RISCV_ISA_EXT_ZVKB] = "zvkb",
	[KVM_RISCV_ISA_EXT_ZVKG] = "zvkg",
	[KVM_RISCV_ISA_EXT_ZVKNED] = "zvkned",
	[KVM_RISCV_ISA_EXT_ZVKNHA] = "zvknha",
	[KVM_RISCV_ISA_EXT_ZVKNHB] = "zvknhb",
	[KVM_RISCV_ISA_EXT_ZVKSED] = "zvksed",
	[KVM_RISCV_ISA_EXT_ZVKSH] = "zvksh",
	[KVM_RISCV_ISA_EXT_ZVKT] = "zvkt",
	[KVM_RISCV_ISA_EXT_ZFH] = "zfh",
	[KVM_RISCV_ISA_EXT_ZFHMIN] = "zfhmin",
	[KVM_RISCV_ISA_EXT_ZIHINTNTL] = "zihintntl",
	[KVM_RISCV_ISA_EXT_ZVFH] = "zvfh",
	[KVM_RISCV_ISA_EXT_ZVFHMIN] = "zvfhmin",
	[KVM_RISCV_ISA_EXT_ZFA] = "zfa",
	[KVM_RISCV_ISA_EXT_ZTSO] = "ztso",
	[KVM_RISCV_ISA_EXT_ZACAS] = "zacas",
	[KVM_RISCV_ISA_EXT_SSCOFPMF] = "sscofpmf",
	[KVM_RISCV_ISA_EXT_ZIMOP] = "zimop",
	[KVM_RISCV_ISA_EXT_ZCA] = "zca",
	[KVM_RISCV_ISA_EXT_ZCB] = "zcb",
	[KVM_RISCV_ISA_EXT_ZCD] = "zcd",
	[KVM_RISCV_ISA_EXT_ZCF] = "zcf",
	[KVM_RISCV_ISA_EXT_ZCMOP] = "zcmop",
	[KVM_RISCV_ISA_EXT_ZAWRS] = "zawrs",
};

struct vmm_isa {
	char isa[1024];	 /* riscv,isa: rv64imafdc_zicsr_... */
	char list[1024]; /* riscv,isa-extensions: NUL-separated */
	size_t list_len;
	const char *mmu; /* mmu-type, from the satp mode KVM allows */
	uint64_t cbom_block, cboz_block; /* 0: no Zicbom / Zicboz */
	uint64_t timebase;
};

/*
 * ISA string order (unprivileged spec, "ISA Extension Naming"): single
 * letters in canonical order, then Z extensions by the category their
 * second letter names, then S extensions, each group alphabetical.
 */
static int isa_rank(const char *name)
{
	static const char order[] = "imafdqlcbkjtpvh";
	const char *pos;

	if (!name[1]) {
		pos = strchr(order, name[0]);
		return pos ? (int)(pos - order) : 20;
	}
	if (name[0] == 'z') {
		pos = strchr(order, name[1]);
		return 100 + (pos ? (int)(pos - order) : 20);
	}
	return name[0] == 's' ? 200 : 300;
}

static int isa_compare(const void *a, const void *b)
{
	const char *x = *(const char *const *)a, *y = *(const char *const *)b;
	int d = isa_rank(x) - isa_rank(y);

	return d ? d : strcmp(x, y);
}

/* The extensions enabled on @fd, sorted; returns how many. */
static size_t isa_enabled(int fd, const char **names)
{
	size_t n = 0;

	for (unsigned int id = 0; id < KVM_RISCV_ISA_EXT_MAX; id++) {
		uint64_t on;

		if (isa_names[id] && vcpu_get(fd, REG_ISA_EXT(id), &on) == 0 &&
		    on == 1)
			names[n++] = isa_names[id];
	}
	qsort(names, n, sizeof(*names), isa_compare);
	return n;
}

static void isa_strings(struct vmm_isa *isa, const char **names, size_t n)
{
	size_t len;

	snprintf(isa->isa, sizeof(isa->isa), "rv64");
	isa->list_len = 0;
	for (size_t i = 0; i < n; i++) {
		size_t need = strlen(names[i]) + 1;

		len = strlen(isa->isa);
		snprintf(isa->isa + len, sizeof(isa->isa) - len, "%s%s",
			 names[i][1] ? "_" : "", names[i]);
		if (isa->list_len + need <= sizeof(isa->list)) {
			memcpy(isa->list + isa->list_len, names[i], need);
			isa->list_len += need;
		}
	}
}

static const char *isa_mmu_type(uint64_t satp_mode)
{
	switch (satp_mode) {
	case 8:
		return "riscv,sv39";
	case 9:
		return "riscv,sv48";
	case 10:
		return "riscv,sv57";
	default:
		return "riscv,none";
	}
}

static int isa_discover(const struct vmm_vcpu *v, struct vmm_isa *isa)
{
	const char *names[KVM_RISCV_ISA_EXT_MAX];
	uint64_t satp = 0;

	isa_strings(isa, names, isa_enabled(v->fd, names));
	(void)vcpu_get(v->fd, REG_CONFIG(satp_mode), &satp);
	isa->mmu = isa_mmu_type(satp);
	/* Readable only when the vcpu has the extension. */
	if (vcpu_get(v->fd, REG_CONFIG(zicbom_block_size), &isa->cbom_block))
		isa->cbom_block = 0;
	if (vcpu_get(v->fd, REG_CONFIG(zicboz_block_size), &isa->cboz_block))
		isa->cboz_block = 0;
	if (vcpu_get(v->fd, REG_TIMER(frequency), &isa->timebase) < 0 ||
	    isa->timebase == 0 || isa->timebase > UINT32_MAX) {
		vmm_say("KVM's timer frequency: %s", strerror(errno));
		return -1;
	}
	return 0;
}

/* ---- the device tree (libfdt's sequential writer) ---- */

/* A tree being written; after the first libfdt error, calls do nothing. */
struct dt_writer {
	void *fdt;
	int err;
};

static void dt_begin(struct dt_writer *w, const char *name)
{
	if (!w->err)
		w->err = fdt_begin_node(w->fdt, name);
}

static void dt_end(struct dt_writer *w)
{
	if (!w->err)
		w->err = fdt_end_node(w->fdt);
}

static void dt_prop(struct dt_writer *w, const char *name, const void *val,
		    size_t len)
{
	if (!w->err)
		w->err = fdt_property(w->fdt, name, val, (int)len);
}

static void dt_str(struct dt_writer *w, const char *name, const char *val)
{
	dt_prop(w, name, val, strlen(val) + 1);
}

static void dt_u32(struct dt_writer *w, const char *name, uint32_t val)
{
	fdt32_t cell = cpu_to_fdt32(val);

	dt_prop(w, name, &cell, sizeof(cell));
}

/* reg = <base size> in two cells each (the root's and /soc's cells). */
static void dt_reg64(struct dt_writer *w, uint64_t base, uint64_t size)
{
	fdt64_t reg[2] = {cpu_to_fdt64(base), cpu_to_fdt64(size)};

	dt_prop(w, "reg", reg, sizeof(reg));
}

static void dt_cpu(struct dt_writer *w, unsigned int hart,
		   const struct vmm_isa *isa)
{
	char name[32];

	snprintf(name, sizeof(name), "cpu@%x", hart);
	dt_begin(w, name);
	dt_str(w, "device_type", "cpu");
	dt_u32(w, "reg", hart);
	dt_str(w, "status", "okay");
	dt_str(w, "compatible", "riscv");
	dt_str(w, "riscv,isa", isa->isa);
	dt_str(w, "riscv,isa-base", "rv64i");
	dt_prop(w, "riscv,isa-extensions", isa->list, isa->list_len);
	dt_str(w, "mmu-type", isa->mmu);
	if (isa->cbom_block)
		dt_u32(w, "riscv,cbom-block-size", (uint32_t)isa->cbom_block);
	if (isa->cboz_block)
		dt_u32(w, "riscv,cboz-block-size", (uint32_t)isa->cboz_block);
	dt_begin(w, "interrupt-controller");
	dt_u32(w, "#interrupt-cells", 1);
	dt_prop(w, "interrupt-controller", NULL, 0);
	dt_str(w, "compatible", "riscv,cpu-intc");
	dt_u32(w, "phandle", hart + 1);
	dt_end(w);
	dt_end(w);
}

static void dt_cpus(struct dt_writer *w, unsigned int harts,
		    const struct vmm_isa *isa)
{
	dt_begin(w, "cpus");
	dt_u32(w, "#address-cells", 1);
	dt_u32(w, "#size-cells", 0);
	dt_u32(w, "timebase-frequency", (uint32_t)isa->timebase);
	for (unsigned int i = 0; i < harts; i++)
		dt_cpu(w, i, isa);
	dt_end(w);
}

static void dt_soc(struct dt_writer *w)
{
	dt_begin(w, "soc");
	dt_u32(w, "#address-cells", 2);
	dt_u32(w, "#size-cells", 2);
	dt_str(w, "compatible", "simple-bus");
	dt_prop(w, "ranges", NULL, 0);
	dt_begin(w, "serial@10000000");
	dt_str(w, "compatible", "ns16550a");
	dt_reg64(w, UART_BASE, UART_SIZE);
	dt_u32(w, "clock-frequency", UART_CLOCK);
	dt_end(w);
	dt_end(w);
}

/* The whole tree into @buf; a libfdt error code, 0 on success. */
static int dt_build(void *buf, const struct vmm *vm, const struct vmm_isa *isa,
		    const char *bootargs)
{
	struct dt_writer w = {.fdt = buf};

	w.err = fdt_create(buf, DTB_SIZE_MAX);
	if (!w.err)
		w.err = fdt_finish_reservemap(buf);
	dt_begin(&w, "");
	dt_u32(&w, "#address-cells", 2);
	dt_u32(&w, "#size-cells", 2);
	dt_str(&w, "compatible", "sbipmu,kvm-vmm");
	dt_str(&w, "model", "sbipmu kvm-vmm");
	dt_begin(&w, "chosen");
	dt_str(&w, "stdout-path", "/soc/serial@10000000");
	if (bootargs)
		dt_str(&w, "bootargs", bootargs);
	dt_end(&w);
	dt_begin(&w, "memory@80000000");
	dt_str(&w, "device_type", "memory");
	dt_reg64(&w, RAM_BASE, vm->ram_size);
	dt_end(&w);
	dt_cpus(&w, vm->nharts, isa);
	dt_soc(&w);
	dt_end(&w);
	if (!w.err)
		w.err = fdt_finish(buf);
	return w.err;
}

/* ---- exits ---- */

enum vcpu_next {
	VCPU_RUN,
	VCPU_SHUTDOWN, /* SRST shutdown or reset: the run ends, status 0 */
	VCPU_FAILED,   /* reported: the run ends, status 1 */
};

/* Says what went wrong on @v, with the hart's pc when KVM gives it. */
static enum vcpu_next vcpu_fail(const struct vmm_vcpu *v, const char *fmt, ...)
{
	char what[256];
	uint64_t pc;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	if (vcpu_get(v->fd, REG_CORE(regs.pc), &pc) == 0)
		vmm_say("hart %u: %s (exit reason %u) at pc 0x%" PRIx64, v->id,
			what, v->run->exit_reason, pc);
	else
		vmm_say("hart %u: %s (exit reason %u), pc unreadable: %s",
			v->id, what, v->run->exit_reason, strerror(errno));
	return VCPU_FAILED;
}

/*
 * DBCN (SBI spec, chapter "Debug Console Extension"): write and read
 * take num_bytes (a0) at base_addr_lo/hi (a1, a2), INVALID_PARAM when
 * that memory is not accessible; there is no input, so read gets 0 bytes.
 */
static void sbi_dbcn(struct vmm_vcpu *v)
{
	unsigned long *args = v->run->riscv_sbi.args;
	unsigned long *ret = v->run->riscv_sbi.ret;
	const uint8_t *buf;
	uint8_t byte;

	switch (v->run->riscv_sbi.function_id) {
	case SBI_EXT_DBCN_CONSOLE_WRITE_BYTE:
		byte = (uint8_t)args[0];
		console_write(&byte, 1);
		ret[0] = SBI_SUCCESS;
		ret[1] = 0;
		return;
	case SBI_EXT_DBCN_CONSOLE_WRITE:
	case SBI_EXT_DBCN_CONSOLE_READ:
		buf = args[2] ? NULL : vm_ram(v->vm, args[1], args[0]);
		if (!buf) {
			ret[0] = (unsigned long)SBI_ERR_INVALID_PARAM;
			return;
		}
		if (v->run->riscv_sbi.function_id == SBI_EXT_DBCN_CONSOLE_READ)
			args[0] = 0;
		console_write(buf, args[0]);
		ret[0] = SBI_SUCCESS;
		ret[1] = args[0];
		return;
	default:
		ret[0] = (unsigned long)SBI_ERR_NOT_SUPPORTED;
	}
}

/*
 * KVM forwards DBCN, the legacy console (SBI v0.1: a0 is the byte, the
 * return value a0) and the experimental and vendor ranges; every other
 * call it answers itself. Calls we do not implement get NOT_SUPPORTED,
 * as KVM preset in ret[0].
 */
static enum vcpu_next vcpu_sbi(struct vmm_vcpu *v)
{
	struct kvm_run *run = v->run;
	uint8_t byte;

	switch (run->riscv_sbi.extension_id) {
	case SBI_EXT_DBCN:
		sbi_dbcn(v);
		break;
	case SBI_EXT_LEGACY_CONSOLE_PUTCHAR:
		byte = (uint8_t)run->riscv_sbi.args[0];
		console_write(&byte, 1);
		run->riscv_sbi.ret[0] = 0;
		break;
	case SBI_EXT_LEGACY_CONSOLE_GETCHAR:
		run->riscv_sbi.ret[0] = (unsigned long)-1L; /* no input */
		break;
	default:
		break;
	}
	return VCPU_RUN;
}

/* The 16550: THR output, LCR kept (for DLAB), LSR "transmitter empty". */
static void uart_access(struct vmm *vm, uint64_t reg, uint8_t *data,
			uint32_t len, bool is_write)
{
	bool out = false;

	pthread_mutex_lock(&vm->lock);
	if (is_write && reg == UART_LCR)
		vm->uart_lcr = data[0];
	else if (is_write)
		out = reg == UART_THR && !(vm->uart_lcr & UART_LCR_DLAB);
	else
		memset(data, 0, len);
	if (!is_write && reg == UART_LSR)
		data[0] = UART_LSR_IDLE;
	if (!is_write && reg == UART_LCR)
		data[0] = vm->uart_lcr;
	pthread_mutex_unlock(&vm->lock);
	if (out)
		console_write(data, 1);
}

static enum vcpu_next vcpu_mmio(struct vmm_vcpu *v)
{
	uint64_t addr = v->run->mmio.phys_addr;
	uint32_t len = v->run->mmio.len;

	if (addr < UART_BASE || addr - UART_BASE >= UART_SIZE || len == 0 ||
	    len > sizeof(v->run->mmio.data))
		return vcpu_fail(v,
				 "%u-byte MMIO %s at 0x%" PRIx64
				 ", where this machine has no device",
				 len, v->run->mmio.is_write ? "write" : "read",
				 addr);
	uart_access(v->vm, addr - UART_BASE, v->run->mmio.data, len,
		    v->run->mmio.is_write);
	return VCPU_RUN;
}

static enum vcpu_next vcpu_exit(struct vmm_vcpu *v)
{
	struct kvm_run *run = v->run;

	switch (run->exit_reason) {
	case KVM_EXIT_RISCV_SBI:
		return vcpu_sbi(v);
	case KVM_EXIT_MMIO:
		return vcpu_mmio(v);
	case KVM_EXIT_INTR:
		return VCPU_RUN;
	case KVM_EXIT_SYSTEM_EVENT:
		if (run->system_event.type == KVM_SYSTEM_EVENT_SHUTDOWN ||
		    run->system_event.type == KVM_SYSTEM_EVENT_RESET) {
			vmm_say("hart %u: system %s through SBI SRST", v->id,
				run->system_event.type ==
						KVM_SYSTEM_EVENT_SHUTDOWN
					? "shutdown"
					: "reset");
			return VCPU_SHUTDOWN;
		}
		return vcpu_fail(v, "system event %u", run->system_event.type);
	case KVM_EXIT_RISCV_CSR:
		return vcpu_fail(v, "CSR 0x%lx access left to user space",
				 run->riscv_csr.csr_num);
	case KVM_EXIT_FAIL_ENTRY:
		return vcpu_fail(v, "entry failed, reason 0x%llx",
				 (unsigned long long)run->fail_entry
					 .hardware_entry_failure_reason);
	default:
		return vcpu_fail(v, "unexpected exit");
	}
}

/* ---- vcpu threads ---- */

/*
 * --workload: the SBI PMU firmware event MISALIGNED_LOAD (perf raw
 * config bits 63:62 = 0b10, code 0, as Linux's riscv_pmu_sbi reads
 * them) on this thread, i.e. loads the firmware emulated for its vcpu.
 */
static int fw_misaligned_open(void)
{
	struct perf_event_attr attr = {
		.type = PERF_TYPE_RAW,
		.size = sizeof(attr),
		.config = 2ULL << 62,
	};

	return (int)syscall(SYS_perf_event_open, &attr, 0, -1, -1, 0);
}

static void *vcpu_thread(void *arg)
{
	struct vmm_vcpu *v = arg;
	int counter = v->vm->count_fw_misaligned ? fw_misaligned_open() : -1;
	enum vcpu_next next = VCPU_RUN;
	uint64_t count;

	while (next == VCPU_RUN) {
		if (ioctl(v->fd, KVM_RUN, 0) == 0)
			next = vcpu_exit(v);
		else if (errno != EINTR && errno != EAGAIN)
			next = vcpu_fail(v, "KVM_RUN: %s", strerror(errno));
	}
	if (counter >= 0 &&
	    read(counter, &count, sizeof(count)) == (ssize_t)sizeof(count))
		v->fw_misaligned = (int64_t)count;
	vm_finish(v->vm, next == VCPU_SHUTDOWN ? 0 : EXIT_GUEST_FAIL);
	return NULL;
}

static int vm_start(struct vmm *vm)
{
	for (unsigned int i = 0; i < vm->nharts; i++) {
		int err = pthread_create(&vm->vcpus[i].thread, NULL,
					 vcpu_thread, &vm->vcpus[i]);

		if (err) {
			vmm_say("thread for hart %u: %s", i, strerror(err));
			return -1;
		}
	}
	return 0;
}

/* ---- payload mode ---- */

static int payload_load(struct vmm *vm, const char *path, uint64_t limit)
{
	uint8_t *dst = vm_ram(vm, RAM_BASE + PAYLOAD_OFFSET, limit);
	size_t done = 0;
	struct stat st;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0 || fstat(fd, &st) < 0) {
		vmm_say("%s: %s", path, strerror(errno));
		return -1;
	}
	if (!dst || (uint64_t)st.st_size > limit) {
		vmm_say("%s: %lld bytes do not fit below the device tree", path,
			(long long)st.st_size);
		close(fd);
		return -1;
	}
	while (done < (size_t)st.st_size) {
		ssize_t n = read(fd, dst + done, (size_t)st.st_size - done);

		if (n <= 0) {
			vmm_say("%s: read failed", path);
			close(fd);
			return -1;
		}
		done += (size_t)n;
	}
	close(fd);
	return 0;
}

/* Hart 0 boots (a0 = 0, a1 = tree); the others wait for HSM HART_START. */
static int payload_harts(struct vmm *vm, uint64_t dtb)
{
	struct kvm_mp_state stopped = {.mp_state = KVM_MP_STATE_STOPPED};
	int fd = vm->vcpus[0].fd;

	if (vcpu_set(fd, REG_CORE(regs.pc), RAM_BASE + PAYLOAD_OFFSET) < 0 ||
	    vcpu_set(fd, REG_CORE(regs.a0), 0) < 0 ||
	    vcpu_set(fd, REG_CORE(regs.a1), dtb) < 0) {
		vmm_say("boot hart's registers: %s", strerror(errno));
		return -1;
	}
	for (unsigned int i = 1; i < vm->nharts; i++) {
		if (ioctl(vm->vcpus[i].fd, KVM_SET_MP_STATE, &stopped) < 0) {
			vmm_say("KVM_SET_MP_STATE of hart %u: %s", i,
				strerror(errno));
			return -1;
		}
	}
	return 0;
}

static int payload_setup(struct vmm *vm, const struct vmm_options *o)
{
	uint64_t dtb =
		(RAM_BASE + vm->ram_size - DTB_SIZE_MAX) & ~(DTB_ALIGN - 1);
	struct vmm_isa isa;
	int err;

	if (dtb < RAM_BASE + PAYLOAD_OFFSET + DTB_ALIGN) {
		vmm_say("%u MiB of RAM is too small", o->mem_mib);
		return -1;
	}
	if (payload_load(vm, o->payload, dtb - RAM_BASE - PAYLOAD_OFFSET) < 0 ||
	    isa_discover(&vm->vcpus[0], &isa) < 0)
		return -1;
	err = dt_build(vm_ram(vm, dtb, DTB_SIZE_MAX), vm, &isa, o->bootargs);
	if (err) {
		vmm_say("device tree: %s", fdt_strerror(err));
		return -1;
	}
	if (o->verbose)
		vmm_say("%u hart(s) %s, %s, timebase %" PRIu64 " Hz, tree at "
			"0x%" PRIx64 " (%d bytes)",
			vm->nharts, isa.isa, isa.mmu, isa.timebase, dtb,
			fdt_totalsize(vm_ram(vm, dtb, DTB_SIZE_MAX)));
	return payload_harts(vm, dtb);
}

/* ---- workload mode: a guest program emitted here ---- */

enum rv_reg {
	X0 = 0,
	T0 = 5,
	T2 = 7,
	S1 = 9,
	A0 = 10,
	A1 = 11,
	A2 = 12,
	A3 = 13,
	A4 = 14,
	A6 = 16,
	A7 = 17,
	S2 = 18,
	T3 = 28,
};

#define RV_OP_LOAD   0x03
#define RV_OP_IMM    0x13
#define RV_OP_AUIPC  0x17
#define RV_OP_IMM_32 0x1b
#define RV_OP_AMO    0x2f
#define RV_OP_LUI    0x37
#define RV_OP_BRANCH 0x63
#define RV_OP_SYSTEM 0x73
#define RV_F3_BEQ    0
#define RV_F3_BNE    1
#define RV_F3_LW     2
#define RV_AMO_LR    (0x02U << 27) /* funct5 LR, aq = rl = 0, rs2 = 0 */
#define RV_F3_CSRRW  1
#define RV_F3_CSRRS  2
#define RV_ECALL     0x00000073U
#define RV_SRET	     0x10200073U
#define RV_JAL_SELF  0x0000006fU /* jal x0, 0 */
#define CSR_STVEC    0x105
#define CSR_SEPC     0x141
#define CSR_SCAUSE   0x142

/* I-type; also CSR instructions, whose csr number takes the imm field. */
static uint32_t rv_i(uint32_t op, uint32_t f3, uint32_t rd, uint32_t rs1,
		     int32_t imm)
{
	return ((uint32_t)imm & 0xfff) << 20 | rs1 << 15 | f3 << 12 | rd << 7 |
	       op;
}

static uint32_t rv_u(uint32_t op, uint32_t rd, uint32_t imm20)
{
	return (imm20 & 0xfffff) << 12 | rd << 7 | op;
}

/* A branch at index @from to index @to (4-byte instructions). */
static uint32_t rv_b(uint32_t f3, uint32_t rs1, int from, int to)
{
	uint32_t off = (uint32_t)((to - from) * 4);

	return ((off >> 12) & 1) << 31 | ((off >> 5) & 0x3f) << 25 | X0 << 20 |
	       rs1 << 15 | f3 << 12 | ((off >> 1) & 0xf) << 8 |
	       ((off >> 11) & 1) << 7 | RV_OP_BRANCH;
}

/*
 * The program, by instruction index. Registers in: a2 = N, a3 = K,
 * a4 = the misaligned address. Out: s1 = traps the guest took, s2 = the
 * last one's scause, t2 = the value the last load read.
 */
enum wl_index {
	WL_LOOP = 6,	 /* addi a2, a2, -1; bnez a2, WL_LOOP */
	WL_MIS = 8,	 /* beqz a3, WL_DONE */
	WL_MLOOP = 9,	 /* lw/lr.w t2, (a4); addi a3, a3, -1; bnez a3 */
	WL_DONE = 12,	 /* SRST: 5 instructions, then ecall */
	WL_ECALL = 17,	 /* does not retire: it traps */
	WL_HANDLER = 19, /* 6 instructions per trap */
	WL_LEN = 25,
};
/* Retired outside the two loops: 0..5, WL_MIS, WL_DONE..WL_ECALL-1. */
#define WL_FIXED (WL_LOOP + 1 + (WL_ECALL - WL_DONE))

static void workload_code(uint32_t *c, bool lr)
{
	uint32_t srst_hi = (uint32_t)((SBI_EXT_SRST + 0x800) >> 12);
	int32_t srst_lo = (int32_t)(SBI_EXT_SRST & 0xfff);

	c[0] = rv_u(RV_OP_AUIPC, T0, 0);
	c[1] = rv_i(RV_OP_IMM, 0, T0, T0, WL_HANDLER * 4);
	c[2] = rv_i(RV_OP_SYSTEM, RV_F3_CSRRW, X0, T0, CSR_STVEC);
	c[3] = rv_i(RV_OP_IMM, 0, S1, X0, 0);
	c[4] = rv_i(RV_OP_IMM, 0, S2, X0, 0);
	c[5] = rv_b(RV_F3_BEQ, A2, 5, WL_MIS);
	c[WL_LOOP] = rv_i(RV_OP_IMM, 0, A2, A2, -1);
	c[WL_LOOP + 1] = rv_b(RV_F3_BNE, A2, WL_LOOP + 1, WL_LOOP);
	c[WL_MIS] = rv_b(RV_F3_BEQ, A3, WL_MIS, WL_DONE);
	c[WL_MLOOP] = lr ? RV_AMO_LR | rv_i(RV_OP_AMO, RV_F3_LW, T2, A4, 0)
			 : rv_i(RV_OP_LOAD, RV_F3_LW, T2, A4, 0);
	c[WL_MLOOP + 1] = rv_i(RV_OP_IMM, 0, A3, A3, -1);
	c[WL_MLOOP + 2] = rv_b(RV_F3_BNE, A3, WL_MLOOP + 2, WL_MLOOP);
	c[WL_DONE] = rv_u(RV_OP_LUI, A7, srst_hi);
	c[WL_DONE + 1] = rv_i(RV_OP_IMM_32, 0, A7, A7,
			      srst_lo >= 0x800 ? srst_lo - 0x1000 : srst_lo);
	c[WL_DONE + 2] = rv_i(RV_OP_IMM, 0, A6, X0, SBI_EXT_SRST_SYSTEM_RESET);
	c[WL_DONE + 3] =
		rv_i(RV_OP_IMM, 0, A0, X0, SBI_SRST_RESET_TYPE_SHUTDOWN);
	c[WL_DONE + 4] = rv_i(RV_OP_IMM, 0, A1, X0, SBI_SRST_RESET_REASON_NONE);
	c[WL_ECALL] = RV_ECALL;
	c[WL_ECALL + 1] = RV_JAL_SELF;
	c[WL_HANDLER] = rv_i(RV_OP_IMM, 0, S1, S1, 1);
	c[WL_HANDLER + 1] = rv_i(RV_OP_SYSTEM, RV_F3_CSRRS, S2, X0, CSR_SCAUSE);
	c[WL_HANDLER + 2] = rv_i(RV_OP_SYSTEM, RV_F3_CSRRS, T3, X0, CSR_SEPC);
	c[WL_HANDLER + 3] = rv_i(RV_OP_IMM, 0, T3, T3, 4); /* past the load */
	c[WL_HANDLER + 4] = rv_i(RV_OP_SYSTEM, RV_F3_CSRRW, X0, T3, CSR_SEPC);
	c[WL_HANDLER + 5] = RV_SRET;
}

#define WL_DATA (RAM_BASE + 0x300000ULL)
/* A load of 4 bytes at WL_DATA + 1 of the bytes 11 22 .. 88. */
#define WL_EXPECTED 0x55443322U

static int workload_setup(struct vmm *vm, const struct vmm_options *o)
{
	static const uint8_t data[8] = {0x11, 0x22, 0x33, 0x44,
					0x55, 0x66, 0x77, 0x88};
	int fd = vm->vcpus[0].fd;

	workload_code(vm_ram(vm, RAM_BASE + PAYLOAD_OFFSET, WL_LEN * 4), o->lr);
	memcpy(vm_ram(vm, WL_DATA, sizeof(data)), data, sizeof(data));
	vm->count_fw_misaligned = true;
	if (vcpu_set(fd, REG_CORE(regs.pc), RAM_BASE + PAYLOAD_OFFSET) < 0 ||
	    vcpu_set(fd, REG_CORE(regs.a0), 0) < 0 ||
	    vcpu_set(fd, REG_CORE(regs.a1), 0) < 0 ||
	    vcpu_set(fd, REG_CORE(regs.a2), o->loops) < 0 ||
	    vcpu_set(fd, REG_CORE(regs.a3), o->misaligned) < 0 ||
	    vcpu_set(fd, REG_CORE(regs.a4), WL_DATA + 1) < 0 ||
	    vcpu_set(fd, REG_CORE(regs.t2), 0) < 0) {
		vmm_say("workload registers: %s", strerror(errno));
		return -1;
	}
	return 0;
}

/* A vcpu statistic of KVM's binary stats (KVM_GET_STATS_FD) by name. */
static int stats_find(int fd, const char *name, uint64_t *val)
{
	struct kvm_stats_header h;
	struct kvm_stats_desc *d;
	size_t size;
	int ret = -1;

	if (pread(fd, &h, sizeof(h), 0) != (ssize_t)sizeof(h))
		return -1;
	size = sizeof(*d) + h.name_size;
	d = malloc(size);
	for (uint32_t i = 0; d && ret < 0 && i < h.num_desc; i++) {
		if (pread(fd, d, size, h.desc_offset + (off_t)i * size) !=
		    (ssize_t)size)
			break;
		d->name[h.name_size - 1] = '\0';
		if (strcmp(d->name, name) == 0 &&
		    pread(fd, val, sizeof(*val), h.data_offset + d->offset) ==
			    (ssize_t)sizeof(*val))
			ret = 0;
	}
	free(d);
	return ret;
}

static int vcpu_stat(const struct vmm_vcpu *v, const char *name, uint64_t *val)
{
	int fd = ioctl(v->fd, KVM_GET_STATS_FD, NULL);
	int ret;

	if (fd < 0)
		return -1;
	ret = stats_find(fd, name, val);
	close(fd);
	return ret;
}

/*
 * Where the K loads went: a trap to the guest counts in s1 (KVM has no
 * handler of its own: it redirects to VS-mode what reaches it), the
 * firmware's emulation in its counter; neither means the hart did them.
 */
static void workload_report(const struct vmm *vm, const struct vmm_options *o)
{
	const struct vmm_vcpu *v = &vm->vcpus[0];
	uint64_t traps = 0, cause = 0, value = 0, exits = 0;
	char fw[64] = "not countable here";

	(void)vcpu_get(v->fd, REG_CORE(regs.s1), &traps);
	(void)vcpu_get(v->fd, REG_CORE(regs.s2), &cause);
	(void)vcpu_get(v->fd, REG_CORE(regs.t2), &value);
	if (vcpu_stat(v, "exits", &exits) < 0)
		exits = 0;
	if (v->fw_misaligned >= 0)
		snprintf(fw, sizeof(fw), "%" PRId64, v->fw_misaligned);
	printf("kvm-vmm: workload: loop of %" PRIu64 " iterations x 2 "
	       "instructions = %" PRIu64 " guest instructions (the whole "
	       "program retires %" PRIu64 " more, plus 6 per trap taken, "
	       "minus each load that traps)\n",
	       o->loops, 2 * o->loops, (uint64_t)WL_FIXED + 3 * o->misaligned);
	printf("kvm-vmm: workload: %" PRIu64 " misaligned %s at 0x%llx: last "
	       "value 0x%" PRIx64 " (want 0x%x), traps taken by the guest "
	       "%" PRIu64 " (last scause %" PRIu64 "), firmware emulations "
	       "(SBI PMU firmware event MISALIGNED_LOAD) %s, KVM exits of the "
	       "vcpu %" PRIu64 "\n",
	       o->misaligned, o->lr ? "lr.w" : "lw", WL_DATA + 1, value,
	       WL_EXPECTED, traps, cause, fw, exits);
}

/* ---- options and main ---- */

static void usage(void)
{
	fprintf(stderr,
		"usage: kvm-vmm [-n HARTS] [-m MIB] [-t SECONDS] [-a BOOTARGS] "
		"[-c dbcn|legacy|uart] [-v] PAYLOAD.bin\n"
		"       kvm-vmm [-t SECONDS] --workload N K [lw|lr]\n"
		"  -n  harts (default 1)   -m  guest RAM in MiB (default 64)\n"
		"  -t  time limit (default 600 s)   -a  /chosen/bootargs\n"
		"  -c  the consoles KVM offers (default dbcn: DBCN and "
		"legacy)\n"
		"  -v  say the ISA string, timebase and tree address given\n");
}

static bool parse_number(const char *s, uint64_t min, uint64_t max,
			 uint64_t *out)
{
	unsigned long long v;
	char *end;

	errno = 0;
	v = strtoull(s, &end, 0);
	if (!*s || *s == '-' || *end || errno || v < min || v > max)
		return false;
	*out = v;
	return true;
}

/* A number option into *@out (an unsigned int), within [@min, @max]. */
static bool parse_uint(const char *arg, uint64_t min, uint64_t max,
		       unsigned int *out)
{
	uint64_t v;

	if (!parse_number(arg, min, max, &v))
		return false;
	*out = (unsigned int)v;
	return true;
}

static bool parse_console(const char *arg, enum vmm_console *out)
{
	static const char *const names[] = {
		[VMM_CONSOLE_DBCN] = "dbcn",
		[VMM_CONSOLE_LEGACY] = "legacy",
		[VMM_CONSOLE_UART] = "uart",
	};

	for (unsigned int i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		if (strcmp(arg, names[i]) == 0) {
			*out = (enum vmm_console)i;
			return true;
		}
	}
	return false;
}

static bool parse_flag(int opt, const char *arg, struct vmm_options *o)
{
	switch (opt) {
	case 'c':
		return parse_console(arg, &o->console);
	case 'n':
		return parse_uint(arg, 1, MAX_HARTS, &o->harts);
	case 'm':
		return parse_uint(arg, 8, 4096, &o->mem_mib);
	case 't':
		return parse_uint(arg, 1, 86400, &o->seconds);
	case 'a':
		o->bootargs = arg;
		return true;
	case 'v':
		o->verbose = true;
		return true;
	case 'w':
		o->workload = true;
		return true;
	default:
		return false;
	}
}

static int parse_options(int argc, char **argv, struct vmm_options *o)
{
	static const struct option longs[] = {
		{"workload", no_argument, NULL, 'w'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	int opt;

	*o = (struct vmm_options){.harts = 1, .mem_mib = 64, .seconds = 600};
	while ((opt = getopt_long(argc, argv, "n:m:t:a:c:vh", longs, NULL)) !=
	       -1)
		if (!parse_flag(opt, optarg, o))
			return -1;
	if (!o->workload) {
		if (argc - optind != 1)
			return -1;
		o->payload = argv[optind];
		return 0;
	}
	if (argc - optind < 2 || argc - optind > 3 ||
	    !parse_number(argv[optind], 0, 1ULL << 62, &o->loops) ||
	    !parse_number(argv[optind + 1], 0, 1ULL << 32, &o->misaligned))
		return -1;
	if (argc - optind == 3) {
		o->lr = strcmp(argv[optind + 2], "lr") == 0;
		if (!o->lr && strcmp(argv[optind + 2], "lw") != 0)
			return -1;
	}
	return 0;
}

static int vm_init_sync(struct vmm *vm)
{
	pthread_condattr_t attr;

	if (pthread_mutex_init(&vm->lock, NULL) ||
	    pthread_condattr_init(&attr) ||
	    pthread_condattr_setclock(&attr, CLOCK_MONOTONIC) ||
	    pthread_cond_init(&vm->done_cv, &attr))
		return -1;
	pthread_condattr_destroy(&attr);
	return 0;
}

int main(int argc, char **argv)
{
	static struct vmm vm;
	struct vmm_options o;
	int code;

	if (parse_options(argc, argv, &o) < 0) {
		usage();
		return EXIT_USAGE;
	}
	signal(SIGPIPE, SIG_IGN);
	vm.console = o.console;
	if (vm_init_sync(&vm) < 0 || vm_create(&vm, o.mem_mib) < 0 ||
	    vm_create_vcpus(&vm, o.workload ? 1 : o.harts) < 0)
		return EXIT_GUEST_FAIL;
	if ((o.workload ? workload_setup(&vm, &o) : payload_setup(&vm, &o)) <
		    0 ||
	    vm_start(&vm) < 0)
		return EXIT_GUEST_FAIL;
	code = vm_wait(&vm, o.seconds);
	console_break();
	if (o.workload && code == 0)
		workload_report(&vm, &o);
	fflush(stdout);
	/* The other vcpu threads may still sit in KVM_RUN: end them all. */
	_exit(code);
}
