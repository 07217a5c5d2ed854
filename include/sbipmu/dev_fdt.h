/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The probe half of the firmware's device drivers: which console, which
 * timer and doorbell registers (CLINT, ACLINT MSWI / MTIMER, PLICSW,
 * PLMT, IMSIC) for each hart,
 * and which reset and power-off registers a device tree describes, as
 * plain structs. Decoding only, like OpenSBI's generic platform matches
 * a node by its compatible list and reads its properties: no MMIO here,
 * the ops that touch the registers live with the firmware. The tree
 * comes from outside, so it must already have passed
 * platform_fdt_check() (platform_fdt.h); beyond that nothing in it is
 * trusted: every length, count, cell size and phandle is checked, a node
 * that fails is refused as a whole with a static reason, and no input
 * makes a lookup loop or read outside the blob. Storage is the caller's
 * (no allocation; the timers are reported, not stored), up to 4095 harts
 * per device. Pure libfdt:
 * the host tests (tests/unit/test_dev_fdt.c), the device-tree fuzzer and
 * the firmware run the same code.
 */
#ifndef SBIPMU_DEV_FDT_H
#define SBIPMU_DEV_FDT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sbipmu/sbi_ext_decode.h"

/*
 * Why a node was refused: @role names the driver that looked at it
 * ("console", "clint", "syscon-reboot", ...), @problem the category
 * ("disabled", "reg: shorter than one entry", ...), both static text;
 * @node is the node's offset (fdt_get_path() names it), -1 if there was
 * no node to name (a missing stdout-path).
 */
struct dev_fdt_reject {
	const char *role;
	const char *problem;
	int node;
};

/* ---- the console: stdout-path, /aliases/serial0, or the first ---- */

/*
 * How a console node describes its registers: the decode a driver asks
 * for. The drivers themselves, with their compatible strings, are the
 * caller's (the firmware's dev/ files, one each; the host tests' own).
 */
enum dev_fdt_console_type {
	DEV_FDT_CONSOLE_NONE,	  /* no console */
	DEV_FDT_CONSOLE_MMIO,	  /* one register block: reg */
	DEV_FDT_CONSOLE_UART8250, /* reg, reg-shift, reg-io-width, ... */
	DEV_FDT_CONSOLE_HTIF,	  /* fromhost, tohost */
};

/* One console driver as the decoder sees it. */
struct dev_fdt_console_driver {
	const char *const *compatible; /* NULL-terminated */
	enum dev_fdt_console_type type;
};

/*
 * The drivers to match, in order: the first that a node is wins. @n of
 * them, each @stride bytes after the one before (the caller's own
 * driver structs, which embed this one at the same offset, or a plain
 * array of them).
 */
struct dev_fdt_console_drivers {
	const struct dev_fdt_console_driver *first;
	size_t stride;
	unsigned int n;
};

/* Where the console came from, in the order they are tried. */
enum dev_fdt_console_from {
	DEV_FDT_CONSOLE_FROM_NONE,
	DEV_FDT_CONSOLE_FROM_STDOUT_PATH, /* /chosen/stdout-path */
	DEV_FDT_CONSOLE_FROM_ALIAS,	  /* /aliases/serial0 */
	DEV_FDT_CONSOLE_FROM_SCAN,	  /* the first one in tree order */
};

/* The alias tried when stdout-path gives no console. */
#define DEV_FDT_CONSOLE_ALIAS "serial0"

/*
 * HTIF as QEMU (hw/char/riscv_htif.c, a base from the device tree rather
 * than ELF symbols) and OpenSBI (fdt_serial_htif) lay it out: fromhost
 * at the first reg address, tohost 8 bytes above it, unless a second
 * reg entry gives tohost. Both are 64-bit registers.
 */
#define DEV_FDT_HTIF_TOHOST_AFTER_FROMHOST 8

/* 8250: reg-shift and reg-io-width accepted (registers up to 16 apart). */
#define DEV_FDT_UART8250_MAX_SHIFT 4

struct dev_fdt_console {
	enum dev_fdt_console_type type;
	int driver; /* index in the drivers given, -1 if none */
	enum dev_fdt_console_from from; /* FROM_NONE: type NONE */
	/* Why stdout-path gave none, and then why /aliases/serial0 gave
	 * none: problem NULL when that way was not refused (it gave the
	 * console, or was not tried). */
	struct dev_fdt_reject why;
	struct dev_fdt_reject why_alias;
	int node;      /* the console's node, -1 if none */
	uint64_t base; /* first reg entry, in CPU addresses */
	uint64_t size;
	/* UART8250: register i at base + (i << reg_shift), reg_io_width
	 * bytes wide (1 or 4); clock_hz / baud 0 when absent. */
	uint32_t reg_shift;
	uint32_t reg_io_width;
	uint32_t clock_hz; /* clock-frequency */
	uint32_t baud;	   /* current-speed */
	/* HTIF: the two registers */
	uint64_t fromhost;
	uint64_t tohost;
};

/*
 * The console, the first of these that gives one (@c->from says which):
 *  1. the node /chosen/stdout-path (or the older linux,stdout-path)
 *     names: a path, or an alias of /aliases, with any ":options"
 *     suffix ("serial0:115200n8") ignored;
 *  2. the node /aliases/serial0 names;
 *  3. the first node in tree order that is one.
 * A node is a console if it is enabled, has a compatible above and a
 * usable first reg entry (and, for an 8250, usable reg-shift and
 * reg-io-width). @c->why and @c->why_alias say why the first two gave
 * none; type NONE if no way gave one. A node is one of @drv's when it
 * is compatible with one of a driver's strings; @c->driver is that
 * driver's index (-1: none).
 */
void dev_fdt_console(const void *fdt, const struct dev_fdt_console_drivers *drv,
		     struct dev_fdt_console *c);

/* ---- timers and doorbells: CLINT, ACLINT, PLICSW, PLMT, IMSIC ---- */

/*
 * Register layouts, by the CLINT and ACLINT specs: MSIP words 4 bytes
 * apart, mtimecmp registers 8 bytes apart.
 */
#define DEV_FDT_MSIP_STRIDE	4
#define DEV_FDT_MTIMECMP_STRIDE 8
/* CLINT layout: MSIP at +0, mtimecmp at +0x4000, mtime at +0xBFF8. */
#define DEV_FDT_CLINT_MTIMECMP 0x4000u
#define DEV_FDT_CLINT_MTIME    0xBFF8u
/* ACLINT MTIMER with one reg entry: mtimecmp at +0, mtime at +0x7FF8. */
#define DEV_FDT_MTIMER_MTIME 0x7FF8u
/*
 * Andes' PLMT (andestech,plmt0): mtime at +0, the mtimecmp array right
 * after it at +8 (OpenSBI's fdt_timer_plmt.c; the RV32 cores of the
 * same family reach it with 32-bit accesses, the only ones we make).
 */
#define DEV_FDT_PLMT_MTIMECMP 0x8u
/*
 * Andes' PLICSW (andestech,plicsw): a PLIC whose sources are software
 * interrupts wired to the harts' MSIP. Context k (the k-th hart of
 * interrupts-extended) owns source k + 1 (source 0 does not exist):
 * its priority word at 4 * (k + 1), its pending bit in the array at
 * +0x1000 (a 1 written sets it), its enable words at +0x2000 + 0x80 * k,
 * its threshold and claim/complete at +0x200000 + 0x1000 * k (+0, +4).
 * A claim clears the pending bit, hence MSIP.
 */
#define DEV_FDT_PLICSW_PENDING	      0x1000u
#define DEV_FDT_PLICSW_ENABLE	      0x2000u
#define DEV_FDT_PLICSW_ENABLE_STRIDE  0x80u
#define DEV_FDT_PLICSW_CONTEXT	      0x200000u
#define DEV_FDT_PLICSW_CONTEXT_STRIDE 0x1000u
#define DEV_FDT_PLICSW_CLAIM	      0x4u
/* A PLIC has sources 1 to 1023: one per context. */
#define DEV_FDT_PLICSW_MAX_CONTEXTS 1023u
/* Contexts per device: the ACLINT spec's limit, and what CLINT fits. */
#define DEV_FDT_MAX_CONTEXTS 4095u

/* What a device's context is to its hart. */
enum dev_fdt_hart_role {
	DEV_FDT_ROLE_IPI,   /* its doorbell: MSIP, PLICSW source, IMSIC file */
	DEV_FDT_ROLE_TIMER, /* its mtimecmp */
};

struct dev_fdt_timer_driver;

/*
 * One device node as its driver's decode read it. A register block it
 * lacks has address 0; a count of 0 means it has no context of that
 * role (an MSWI has no timer, an MTIMER no doorbell).
 */
struct dev_fdt_timer_dev {
	const struct dev_fdt_timer_driver *driver; /* whose decode */
	int node;
	uint64_t msip; /* MSIP of context k at msip + 4k; PLICSW: its base */
	uint64_t mtimecmp; /* mtimecmp of context k at mtimecmp + 8k */
	uint64_t mtime;	   /* the 64-bit mtime register */
	uint16_t n_ipi;	   /* doorbell contexts the node names */
	uint16_t n_timer;  /* mtimecmp contexts the node names */
};

/* One hart's context of a device, as the walk reports it. */
struct dev_fdt_hart_ctx {
	uint64_t hart; /* the hart id (its cpu node's reg) */
	enum dev_fdt_hart_role role;
	unsigned int k; /* among the device's contexts of that role */
	/*
	 * Its register: the MSIP word, the mtimecmp, the IMSIC file; for a
	 * PLICSW the context's threshold register (claim 4 bytes above).
	 */
	uint64_t addr;
};

/*
 * Where the walk reports: @dev (optional) once for each node accepted,
 * then @hart for each of that node's contexts, in interrupts-extended
 * order. What a hart named twice keeps is the caller's choice (the
 * firmware keeps the first of each role).
 */
struct dev_fdt_timer_sink {
	void (*dev)(void *ctx, const struct dev_fdt_timer_dev *d);
	void (*hart)(void *ctx, const struct dev_fdt_timer_dev *d,
		     const struct dev_fdt_hart_ctx *c);
	void *ctx;
};

/*
 * A driver's decode of one enabled node that lists one of its strings
 * (@d->driver and @d->node set). With @sink NULL: read the node's
 * registers into @d and check every context against them (interrupts-
 * extended resolved, reg holding each one); returns NULL, or why the
 * node is refused (static text). A node accepted with no context at
 * all is not the driver's after all (an S-level IMSIC) and is passed
 * over. With @sink, on a node it accepted: report each context to
 * @sink->hart; this cannot fail.
 */
typedef const char *(*dev_fdt_timer_decode_fn)(
	const void *fdt, struct dev_fdt_timer_dev *d,
	const struct dev_fdt_timer_sink *sink);

/* A decode's options (dev_fdt_timer_driver.flags). */
/* T-Head (C906/C910/C920): no mtime register, time from the time CSR;
 * an MTIMER's one reg entry is its mtimecmp array alone. */
#define DEV_FDT_TIMER_NO_MTIME 1u

/*
 * One timer or doorbell driver as the decoder sees it. The drivers, with
 * their strings, are the caller's (the firmware's dev/ files register
 * theirs; the host tests mirror them); the decodes are below.
 */
struct dev_fdt_timer_driver {
	const char *const *compatible; /* NULL-terminated */
	const char *name; /* names its refusals and reports: "clint", ... */
	dev_fdt_timer_decode_fn decode;
	unsigned int flags; /* DEV_FDT_TIMER_* */
	/*
	 * A doorbell for the harts no other driver's reaches (the IMSIC):
	 * its nodes are walked after every other driver's.
	 */
	bool fallback;
};

/*
 * The decodes, one per register layout; the hart of a context comes from
 * interrupts-extended: tuples of a riscv,cpu-intc phandle (a child of a
 * /cpus cpu node) and #interrupt-cells cells (1 to 4; the first is the
 * interrupt), the hart id being the reg of the intc's parent cpu node,
 * enabled or not (a monitor hart left "disabled" for the OS still runs
 * the firmware). Only machine-level interrupts count: the k-th tuple
 * with interrupt 3 (MSIP) is doorbell context k, the k-th with 7 (MTIP)
 * timer context k; others (1, 5: supervisor level) are skipped.
 *  - CLINT (SiFive's): MSIP words at +0, mtimecmp at +0x4000, mtime at
 *    +0xBFF8 (none with DEV_FDT_TIMER_NO_MTIME); interrupts 3 and 7;
 *  - ACLINT MSWI: MSIP words at +0; interrupt 3;
 *  - ACLINT MTIMER: two reg entries, mtime then the mtimecmp array
 *    (riscv,aclint-mtimer.yaml, QEMU's virt,aclint=on), or one, the
 *    spec's default layout (mtimecmp at +0, mtime at +0x7FF8), or with
 *    DEV_FDT_TIMER_NO_MTIME the mtimecmp array alone; interrupt 7;
 *  - PLICSW, PLMT: the layouts above; interrupt 3, interrupt 7;
 *  - IMSIC (binding/dev_fdt_imsic.c): a hart's machine-level interrupt
 *    file as its doorbell. A "riscv,imsics" node whose interrupts-
 *    extended names the harts' machine external interrupt (11) (one that
 *    names another, an S-level IMSIC, gives no context and is passed
 *    over): the k-th tuple's hart has the file k strides into the reg
 *    entries taken in order, a stride being 4 KiB <<
 *    riscv,guest-index-bits and each entry holding its size in strides
 *    rounded up, as the riscv,imsics binding and Linux read it. Every
 *    tuple must name interrupt 11 and every file be a whole 4 KiB page
 *    inside its entry.
 */
const char *dev_fdt_timer_clint(const void *fdt, struct dev_fdt_timer_dev *d,
				const struct dev_fdt_timer_sink *sink);
const char *dev_fdt_timer_mswi(const void *fdt, struct dev_fdt_timer_dev *d,
			       const struct dev_fdt_timer_sink *sink);
const char *dev_fdt_timer_mtimer(const void *fdt, struct dev_fdt_timer_dev *d,
				 const struct dev_fdt_timer_sink *sink);
const char *dev_fdt_timer_plicsw(const void *fdt, struct dev_fdt_timer_dev *d,
				 const struct dev_fdt_timer_sink *sink);
const char *dev_fdt_timer_plmt(const void *fdt, struct dev_fdt_timer_dev *d,
			       const struct dev_fdt_timer_sink *sink);
const char *dev_fdt_timer_imsic(const void *fdt, struct dev_fdt_timer_dev *d,
				const struct dev_fdt_timer_sink *sink);

/*
 * The drivers to match: @n of them, each one's struct @stride bytes
 * after the previous one's (the caller's own driver structs, which
 * embed this one at the same offset, or a plain array of them).
 */
struct dev_fdt_timer_drivers {
	const struct dev_fdt_timer_driver *first;
	size_t stride;
	unsigned int n;
};

/* What dev_fdt_timers() found beside what it reported. */
struct dev_fdt_timer_summary {
	unsigned int n_devs;  /* nodes accepted */
	unsigned int n_ctx;   /* contexts reported */
	unsigned int refused; /* nodes refused; the first: first_refused */
	struct dev_fdt_reject first_refused;
};

/*
 * Every enabled node one of @drv's drivers lists, in tree order (the
 * node's compatible strings in their order, most specific first: the
 * first that a driver lists names its driver, whatever order @drv has),
 * the fallback drivers' nodes after all the others': each decoded whole
 * (a refused node leaves no trace but the summary's count), then
 * reported to @sink. No storage, no limit: what is kept is the
 * caller's. Each tuple's phandle is looked for among the cpus from the
 * one last found on, so QEMU virt's 512 harts take steps, not scans.
 */
void dev_fdt_timers(const void *fdt, const struct dev_fdt_timer_drivers *drv,
		    const struct dev_fdt_timer_sink *sink,
		    struct dev_fdt_timer_summary *sum);

/*
 * timebase-frequency of /cpus, else of the first cpu node that has one
 * (4 or 8 bytes, nonzero, below 2^32). Returns NULL and sets @hz, or a
 * static reason.
 */
const char *dev_fdt_timebase(const void *fdt, uint64_t *hz);

/* ---- reset and power-off ---- */

/* SBI SRST reset types an action serves, as bits (sbi_ext_decode.h). */
#define DEV_FDT_SRST(type)    (1u << (type))
#define DEV_FDT_SRST_SHUTDOWN DEV_FDT_SRST(SBI_SRST_TYPE_SHUTDOWN)
#define DEV_FDT_SRST_COLD     DEV_FDT_SRST(SBI_SRST_TYPE_COLD_REBOOT)
#define DEV_FDT_SRST_WARM     DEV_FDT_SRST(SBI_SRST_TYPE_WARM_REBOOT)
#define DEV_FDT_SRST_REBOOT   (DEV_FDT_SRST_COLD | DEV_FDT_SRST_WARM)

/* sifive,test0/1 ("finisher") values, QEMU hw/misc/sifive_test.c. */
#define DEV_FDT_TEST_FAIL  0x3333u
#define DEV_FDT_TEST_PASS  0x5555u /* power off */
#define DEV_FDT_TEST_RESET 0x7777u
/* Power off reporting failure @code (16 bits) as the exit status. */
#define DEV_FDT_TEST_FAIL_CODE(code)                                           \
	(DEV_FDT_TEST_FAIL | ((uint32_t)((code)&0xFFFFu) << 16))

enum dev_fdt_reset_action {
	/* One 32-bit register: new = (old & ~mask) | (value & mask); a
	 * mask of all ones is a plain write. */
	DEV_FDT_RESET_WRITE32,
	/* Drive a GPIO pin active (gpio-restart / gpio-poweroff). */
	DEV_FDT_RESET_GPIO,
	/* Register operations on a PMIC or MCU over an I2C bus. */
	DEV_FDT_RESET_I2C,
	/* HTIF's tohost at addr: the simulation's end (spike). */
	DEV_FDT_RESET_HTIF,
};

/*
 * One register operation on an I2C device (8-bit register numbers and
 * values): write @value; read, then write (old & ~@mask) | @value; or
 * read and fail unless it is @value (a check that the chip is the one
 * named before anything is written).
 */
enum dev_fdt_i2c_op_kind {
	DEV_FDT_I2C_WRITE,
	DEV_FDT_I2C_UPDATE,
	DEV_FDT_I2C_EXPECT,
};

struct dev_fdt_i2c_op {
	enum dev_fdt_i2c_op_kind kind;
	uint8_t reg;
	uint8_t value;
	uint8_t mask; /* UPDATE only */
};

/*
 * A GPIO controller a GPIO action drives a pin of, as the decoder sees
 * it: its strings, its pins (ngpios may say fewer) and the bytes of
 * registers its driver touches from the first reg address. The drivers
 * are the caller's (the firmware's dev/ files register theirs).
 */
struct dev_fdt_gpio_driver {
	const char *const *compatible; /* NULL-terminated */
	uint32_t pins;
	uint64_t span;
};

/* How an I2C controller's registers are laid out in its node. */
enum dev_fdt_i2c_layout {
	/* 32-bit registers at fixed offsets, @span bytes of them
	 * (DesignWare's) */
	DEV_FDT_I2C_FIXED,
	/* five registers 1 << reg-shift bytes apart, reg-io-width (1 or
	 * 4) bytes wide; 0 and 1 when absent (OpenCores') */
	DEV_FDT_I2C_SHIFTED,
};

/* An I2C controller a PMIC's operations go through, as decoded. */
struct dev_fdt_i2c_driver {
	const char *const *compatible; /* NULL-terminated */
	enum dev_fdt_i2c_layout layout;
	uint64_t span; /* FIXED only */
};

/* sifive,gpio0 registers the GPIO action uses (FU540 manual, ch. 12). */
#define DEV_FDT_SIFIVE_GPIO_OUTPUT_EN  0x08u
#define DEV_FDT_SIFIVE_GPIO_OUTPUT_VAL 0x0Cu
#define DEV_FDT_SIFIVE_GPIO_PINS       32u
/*
 * JH7110's system pinctrl (starfive,jh7110-sys-pinctrl) as GPIO, as
 * Linux's pinctrl-starfive-jh7110.c and OpenSBI's fdt_gpio_starfive.c
 * drive it: one byte per pin, four pins a 32-bit word, pin p in byte
 * lane p % 4 of the word at (p & ~3). The output-enable bytes from +0
 * (the signal driven into a pin's output enable: 0 is enabled), the
 * output-value bytes from +0x40 (0 low, 1 high). 64 GPIOs.
 */
#define DEV_FDT_STARFIVE_GPIO_DOEN 0x00u
#define DEV_FDT_STARFIVE_GPIO_DOUT 0x40u
#define DEV_FDT_STARFIVE_GPIO_PINS 64u

struct dev_fdt_reset_driver;

/* One way to do the SRST types in @srst. */
struct dev_fdt_reset {
	const struct dev_fdt_reset_driver *driver; /* whose decode */
	enum dev_fdt_reset_action action;
	uint32_t srst; /* DEV_FDT_SRST_* bits, never 0 */
	int node;
	/* WRITE32; HTIF: tohost */
	uint64_t addr;
	uint32_t value;
	uint32_t mask;
	/* GPIO: controller and its base, pin, polarity (flag bit 0);
	 * open_source (gpio-restart's open-source, gpio-poweroff's
	 * input): the pin is left undriven until used; the timing in ms,
	 * Linux's defaults (100, 100, 3000) when absent */
	const struct dev_fdt_gpio_driver *gpio;
	uint64_t gpio_base;
	uint32_t pin; /* below its controller's pins */
	bool active_low;
	bool open_source;
	uint32_t active_delay_ms;
	uint32_t inactive_delay_ms;
	uint32_t wait_delay_ms;
	/* I2C: the bus controller (base, and for a SHIFTED one its
	 * reg-shift and reg-io-width, 1 or 4), the device's 7-bit address,
	 * and the operations to run in order, a static list of the
	 * binding's */
	const struct dev_fdt_i2c_driver *i2c;
	uint64_t i2c_base;
	uint32_t i2c_reg_shift;
	uint32_t i2c_reg_io_width;
	uint32_t i2c_addr;
	const struct dev_fdt_i2c_op *ops;
	unsigned int n_ops;
	/* The bus's clock register to turn on first (bit 31), 0: none */
	uint64_t i2c_clock;
};

/*
 * JH7110's system clock controller (starfive,jh7110-syscrg): clock n's
 * register at 4 * n, bit 31 its gate (Linux's clk-starfive-jh71x0.c).
 * Linux may gate an idle I2C controller's bus clock; OpenSBI's JH7110
 * code turns it back on before it talks to the PMIC, and so do we.
 */
#define DEV_FDT_JH7110_CLK_ENABLE (1u << 31)

/* OpenCores' I2C: reg-shift accepted (registers up to 16 bytes apart). */
#define DEV_FDT_I2C_OCORES_MAX_SHIFT 4
/* DesignWare's registers the driver uses end below this offset. */
#define DEV_FDT_I2C_DW_SPAN 0xA0u

/*
 * The drivers to match: @n structs, each @stride bytes after the one
 * before (the caller's own, which embed the decoder's at the same
 * offset, or a plain array).
 */
struct dev_fdt_list {
	const void *first;
	size_t stride;
	unsigned int n;
};

/* The reset devices, and the controllers their actions go through. */
struct dev_fdt_reset_drivers {
	struct dev_fdt_list resets; /* of struct dev_fdt_reset_driver */
	struct dev_fdt_list gpios;  /* of struct dev_fdt_gpio_driver */
	struct dev_fdt_list i2cs;   /* of struct dev_fdt_i2c_driver */
};

/* A node's actions, decoded whole before any is kept. */
#define DEV_FDT_RESETS_PER_NODE 2
struct dev_fdt_reset_node {
	struct dev_fdt_reset a[DEV_FDT_RESETS_PER_NODE];
	unsigned int n;
};

/*
 * A reset driver's decode of one enabled node that lists one of its
 * strings: its actions into @out (each with @out->a[i].node set by the
 * caller's walk), or why the node is refused (static text). @drv gives
 * the controllers a GPIO or I2C action may go through.
 */
typedef const char *(*dev_fdt_reset_decode_fn)(
	const void *fdt, int node, const struct dev_fdt_reset_drivers *drv,
	struct dev_fdt_reset_node *out);

/* One reset driver as the decoder sees it. */
struct dev_fdt_reset_driver {
	const char *const *compatible; /* NULL-terminated */
	dev_fdt_reset_decode_fn decode;
};

/*
 * The decodes, one per binding, with Linux's semantics where Linux has
 * the driver (power/reset/syscon-poweroff.c, syscon-reboot.c,
 * gpio-poweroff.c, gpio-restart.c) and OpenSBI's for the PMICs:
 *  - test: sifive,test0/1 (QEMU's finisher): two actions, 0x5555 for
 *    shutdown and 0x7777 for either reboot, at the first reg address;
 *  - syscon_poweroff (shutdown), syscon_reboot (both reboots): regmap
 *    phandle, else the parent node, a "syscon" with 32-bit registers;
 *    offset; value and/or mask: value alone means mask all ones, mask
 *    alone the old binding where mask is the value;
 *  - gpio_poweroff (shutdown), gpio_restart (both reboots): the first
 *    gpios specifier, on a controller of @drv's gpios;
 *  - da9063 (FU740), axp15060 (JH7110), sg2042_mcu (SG2042's
 *    hwmon MCU): the device's address (reg) on its parent, a bus of
 *    @drv's i2cs, with the register operations OpenSBI 1.5.1 makes;
 *  - htif: ucb,htif0's tohost (as the console reads it), the end of the
 *    simulation for shutdown.
 * No device tells a cold reboot from a warm one, so every reboot action
 * serves both.
 */
const char *dev_fdt_reset_test(const void *fdt, int node,
			       const struct dev_fdt_reset_drivers *drv,
			       struct dev_fdt_reset_node *out);
const char *
dev_fdt_reset_syscon_poweroff(const void *fdt, int node,
			      const struct dev_fdt_reset_drivers *drv,
			      struct dev_fdt_reset_node *out);
const char *dev_fdt_reset_syscon_reboot(const void *fdt, int node,
					const struct dev_fdt_reset_drivers *drv,
					struct dev_fdt_reset_node *out);
const char *dev_fdt_reset_gpio_poweroff(const void *fdt, int node,
					const struct dev_fdt_reset_drivers *drv,
					struct dev_fdt_reset_node *out);
const char *dev_fdt_reset_gpio_restart(const void *fdt, int node,
				       const struct dev_fdt_reset_drivers *drv,
				       struct dev_fdt_reset_node *out);
const char *dev_fdt_reset_da9063(const void *fdt, int node,
				 const struct dev_fdt_reset_drivers *drv,
				 struct dev_fdt_reset_node *out);
const char *dev_fdt_reset_axp15060(const void *fdt, int node,
				   const struct dev_fdt_reset_drivers *drv,
				   struct dev_fdt_reset_node *out);
const char *dev_fdt_reset_sg2042_mcu(const void *fdt, int node,
				     const struct dev_fdt_reset_drivers *drv,
				     struct dev_fdt_reset_node *out);
const char *dev_fdt_reset_htif(const void *fdt, int node,
			       const struct dev_fdt_reset_drivers *drv,
			       struct dev_fdt_reset_node *out);

#define DEV_FDT_MAX_RESETS 8

struct dev_fdt_resets {
	unsigned int n;
	struct dev_fdt_reset r[DEV_FDT_MAX_RESETS];
	unsigned int over;    /* actions beyond DEV_FDT_MAX_RESETS */
	unsigned int refused; /* nodes refused; the first: first_refused */
	struct dev_fdt_reject first_refused; /* role: the string matched */
};

/*
 * Every enabled node one of @drv's reset drivers lists, in tree order
 * (the node's own strings in order pick the driver, as for the timers),
 * decoded whole and its actions kept in @out while they fit (up to
 * DEV_FDT_MAX_RESETS: the firmware probes its reset devices before it
 * has a heap, to report a refused boot).
 */
void dev_fdt_resets(const void *fdt, const struct dev_fdt_reset_drivers *drv,
		    struct dev_fdt_resets *out);

#endif
