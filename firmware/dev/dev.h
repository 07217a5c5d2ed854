/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The firmware's devices, chosen from the device tree (dev.c) the way
 * OpenSBI's generic platform does: a driver is one file of this folder
 * that registers its compatible strings, names the decode its nodes need
 * (binding/dev_fdt*.c, pure and host-tested) and holds the ops that touch
 * the registers; dev.c walks what the linker gathered and names no
 * driver. The roles:
 *  - console (ns16550/8250, sifive,uart0, ucb,htif0, Renesas SCIF): the
 *    /chosen/stdout-path node, else the /aliases/serial0 node, else the
 *    first one in the tree; none if the tree has none the firmware
 *    knows, and the firmware is then silent;
 *  - IPI (the doorbell) and timer: each hart's doorbell and mtimecmp,
 *    from the timer drivers (FW_TIMER_DRIVER() below: aclint.c for
 *    CLINT, ACLINT MSWI / MTIMER and T-Head's forms of both, plicsw.c,
 *    plmt.c, imsic.c), the hart taken from interrupts-extended; several
 *    devices may serve (a CLINT per NUMA node on QEMU virt, SG2042's
 *    MSWI and 16 MTIMERs), a hart keeping the first of each role in
 *    tree order. The IMSIC (a write of one identity to the hart's
 *    M-level interrupt file, received as a machine external interrupt
 *    and claimed through mtopei) is a fallback driver: its files are
 *    taken only by harts no other doorbell reaches, and only if the hart
 *    answers the AIA CSRs. So MSIP comes first where both exist (QEMU
 *    virt's CLINT comes with AIA too): one doorbell path for every
 *    machine that has one, and the IMSIC only where nothing else
 *    reaches (OpenSBI 1.5.1 takes the IMSIC whenever there is one);
 *    mtime is the first device's that has one (else the time CSR), and
 *    the timebase /cpus/timebase-frequency;
 *  - interrupts: the machine-level APLIC of an AIA tree, its sources
 *    delegated to the supervisor domain (aplic.c);
 *  - reset: the reset drivers (FW_RESET_DRIVER() below, a file per
 *    family: sifive_test.c, syscon_reset.c, gpio_reset.c over the GPIO
 *    controllers of sifive_gpio.c and starfive_gpio.c, pmic_reset.c for
 *    the DA9063 and AXP15060 PMICs and SG2042's MCU over the I2C
 *    controllers of i2c_dw.c and i2c_ocores.c, htif.c's power-off):
 *    every action of every enabled node, tried in tree order for an
 *    SRST type; a "system failure" shutdown first on a device that can
 *    report it.
 * No address is built in: what the tree lacks is absent, and the SBI
 * extensions that need it (DBCN, SRST) are then not offered. Devices
 * never call into the SBI extensions, SSE or the PMU.
 */
#ifndef FW_DEV_H
#define FW_DEV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <sbipmu/dev_fdt.h>

#include "rt/console.h" /* struct fw_console_ops */

struct fw_hart; /* rt/hart.h */

/* What dev.c found, for the banner and the SBI extensions. */
struct fw_devices {
	const struct fw_console_ops *console; /* NULL: none */
	uintptr_t console_base;
	/* How it was found (DEV_FDT_CONSOLE_FROM_*), and why stdout-path and
	 * then /aliases/serial0 gave none ("" if they were not refused). */
	unsigned int console_from;
	const char *console_why;
	const char *console_why_alias;
	unsigned int timer_devs;	/* timer/IPI devices a hart uses */
	unsigned int harts_without_ipi; /* table harts no doorbell reaches */
	/* timer/IPI nodes refused, and the first one's driver and why */
	unsigned int timer_refused;
	const char *timer_refused_by;
	const char *timer_why;
	uint32_t reset_types;	/* DEV_FDT_SRST_* bits offered */
	const char *reset_name; /* the first reset device, or "" */
	unsigned int refused;	/* device nodes refused (banner) */
	/* AIA: M-level APLIC domains set up (every source delegated to
	 * S), how many of them deliver by MSI, and those refused */
	unsigned int aplic_domains, aplic_msi, aplic_refused;
	const char *aplic_why; /* the last refusal's reason */
};

extern struct fw_devices fw_dev;

/*
 * Boot hart, once the tree is taken: find the console and reset
 * devices and the timebase. Printing works from here on.
 */
void fw_dev_probe(const void *fdt);

/*
 * Boot hart, once the hart table exists: each hart's doorbell and
 * mtimecmp, set up by the timer drivers in its fw_hart (hart.h). Harts
 * no doorbell reaches are counted in fw_dev.harts_without_ipi.
 */
void fw_dev_probe_harts(const void *fdt);

/*
 * Each hart, on itself, once at check-in and before it waits for its
 * doorbell: the doorbell's hart_init (an IMSIC's file is set up); a
 * hart that cannot take it (its AIA CSRs trap) loses that doorbell
 * (counted in fw_dev.harts_without_ipi).
 */
void fw_dev_hart_init(struct fw_hart *h);

/*
 * No usable tree, so nothing is known: try QEMU virt's UART and test
 * device (each probed with traps caught, absent elsewhere) so that the
 * refusal can be said and the machine stopped. Used for nothing else.
 */
void fw_dev_fallback_virt(void);

/* ---- the roles, for the rest of the firmware ---- */

/*
 * A hart's doorbell (its ops and registers in its fw_hart, hart.h):
 * ring it from any hart; clear it on the hart itself. fw_dev_ipi_irq()
 * is the interrupt it raises there (IRQ_M_SOFT, or IRQ_M_EXT for an
 * IMSIC file): what that hart enables in mie and looks for in mip.
 */
void fw_dev_ipi_send(const struct fw_hart *h);
void fw_dev_ipi_clear(const struct fw_hart *h);
unsigned int fw_dev_ipi_irq(const struct fw_hart *h);

static inline unsigned long fw_dev_ipi_mip(const struct fw_hart *h)
{
	return 1UL << fw_dev_ipi_irq(h);
}

/* Each doorbell kind in use, with the harts rung through it (banner). */
struct fw_ipi_ops;
void fw_dev_ipi_each(void (*fn)(void *ctx, const struct fw_ipi_ops *ops,
				unsigned int harts),
		     void *ctx);

/* A hart's mtimecmp, through its timer driver (none: nothing). */
void fw_dev_timecmp_set(const struct fw_hart *h, uint64_t value);

/*
 * The time (clock.c), set once by dev.c's probe: the tree's timebase @hz
 * (0: none given), then the mtime register at @mtime (0: none, the time
 * CSR is read).
 */
void fw_dev_clock_set_timebase(uint32_t hz);
void fw_dev_clock_set_mtime(uintptr_t mtime);
uint64_t fw_dev_time(void);
bool fw_dev_time_is_mmio(void);
/* The tree gave no usable timebase: FW_DEV_TIMEBASE_ASSUMED is used. */
bool fw_dev_timebase_assumed(void);

/*
 * The timebase when the tree gives none: QEMU virt's and spike's. The
 * tree handed on gets it too (fdt_setup.c), so the next stage counts
 * time as the firmware does.
 */
#define FW_DEV_TIMEBASE_ASSUMED 10000000U

/* The timebase in use: the tree's, else FW_DEV_TIMEBASE_ASSUMED. */
uint32_t fw_dev_timebase(void);

/* Busy-wait @us microseconds by the timebase (10 MHz if unknown). */
void fw_dev_udelay(uint32_t us);
/* Timer ticks in @us microseconds. */
uint64_t fw_dev_us_to_ticks(uint32_t us);

/*
 * Ask the reset devices for SRST type @type (enum sbi_srst_type_class),
 * @failure: the reason is "system failure". Returns false at once if no
 * device does that type; true once the request was made (the caller
 * then waits for the machine to go).
 */
bool fw_dev_reset(unsigned int type, bool failure);
bool fw_dev_reset_can(unsigned int type);

/* ---- drivers (one file each) ---- */

struct dev_fdt_reset;

/*
 * A console driver: its compatible strings and the decode its node
 * needs (binding/dev_fdt_console.c does it, pure and host-tested), and
 * its probe, which takes the decoded node and returns its ops (NULL:
 * it cannot drive it, e.g. an address beyond ours). Each driver file
 * registers one with FW_CONSOLE_DRIVER(); the linker gathers them
 * (linker.ld), in link order, which is also the order of preference
 * when a node names several. Adding a UART is adding a file
 * (docs/firmware.md, "Adding a driver").
 */
struct fw_console_driver {
	struct dev_fdt_console_driver fdt;
	const struct fw_console_ops *(*probe)(const struct dev_fdt_console *c);
};

/* Natural alignment only: the section is walked as an array. */
#define FW_CONSOLE_DRIVER(name)                                                \
	static const struct fw_console_driver name                             \
		__attribute__((used, section(".fw_console_drivers")))

/*
 * A timer or doorbell driver, for the devices that give each hart a
 * machine-level context (interrupts-extended): its decode half (its
 * compatible strings, the decode of binding/dev_fdt_timer.c or
 * dev_fdt_imsic.c its nodes need, its flags) and the ops of the roles
 * it plays, a doorbell, a timer or both (a CLINT): NULL for a role it
 * does not play. For each context the walk reports, dev.c gives the
 * hart to the role's hart_setup unless the hart already has one of that
 * role, and on success points the hart's fw_hart at the ops; from then
 * on only the ops touch the device, through the registers hart_setup
 * put in the hart's entry. Each driver file registers its drivers with
 * FW_TIMER_DRIVER(); the linker gathers them (linker.ld), in no order
 * that matters: a node goes to the driver of its most specific string.
 * Adding one is adding a file (docs/firmware.md, "Adding a driver").
 */
struct fw_ipi_ops {
	const char *name;   /* the banner's: "msip", "imsic" */
	const char *detail; /* OPTIONAL: the banner's note, e.g. "no MSWI" */
	unsigned int irq;   /* what it raises on the hart: IRQ_M_* */
	/* Boot hart: hart @h takes context @c of device @d, its registers
	 * into @h's ipi_* fields; false if it cannot (beyond our addresses). */
	bool (*hart_setup)(struct fw_hart *h, const struct dev_fdt_timer_dev *d,
			   const struct dev_fdt_hart_ctx *c);
	/* OPTIONAL: on the hart itself, before its first wait; false: the
	 * hart cannot take this doorbell after all (it is then without). */
	bool (*hart_init)(struct fw_hart *h);
	void (*send)(const struct fw_hart *h);	/* any hart */
	void (*clear)(const struct fw_hart *h); /* on the hart itself */
};

struct fw_timer_ops {
	/* Boot hart, as fw_ipi_ops.hart_setup: into @h's timer_reg. */
	bool (*hart_setup)(struct fw_hart *h, const struct dev_fdt_timer_dev *d,
			   const struct dev_fdt_hart_ctx *c);
	void (*set)(const struct fw_hart *h, uint64_t value);
};

struct fw_timer_driver {
	struct dev_fdt_timer_driver fdt; /* first: dev.c finds ours from it */
	const struct fw_ipi_ops *ipi;
	const struct fw_timer_ops *timer;
};

/* Natural alignment only: the section is walked as an array. */
#define FW_TIMER_DRIVER(name)                                                  \
	static const struct fw_timer_driver name                               \
		__attribute__((used, section(".fw_timer_drivers")))

/*
 * A CLINT/ACLINT-style mtimecmp (aclint.c, plmt.c): two 32-bit writes,
 * the high half parked at all-ones first, so that no intermediate value
 * lies in the past (works on RV32 and RV64, and on devices that take
 * 32-bit accesses only).
 */
static inline void fw_dev_mtimecmp_write(uintptr_t mtimecmp, uint64_t value)
{
	volatile uint32_t *cmp = (volatile uint32_t *)mtimecmp;

	cmp[1] = 0xFFFFFFFFU;
	cmp[0] = (uint32_t)value;
	cmp[1] = (uint32_t)(value >> 32);
}

/* An M-level APLIC root domain: delegate every source, enable it. */
struct dev_fdt_aplic;
void fw_aplic_setup(const struct dev_fdt_aplic *a);

/*
 * A reset driver: its compatible strings and the decode of
 * binding/dev_fdt_reset.c that reads its nodes into actions, and its
 * ops, which make an action dev.c picked for an SRST type. Each family
 * is one file (sifive_test.c, syscon_reset.c, gpio_reset.c,
 * pmic_reset.c, htif.c) registering its drivers with FW_RESET_DRIVER();
 * the linker gathers them (linker.ld). The controllers a GPIO or I2C
 * action goes through register the same way (FW_GPIO_DRIVER(),
 * FW_I2C_DRIVER(): sifive_gpio.c, starfive_gpio.c, i2c_dw.c,
 * i2c_ocores.c), and the decode picks among them by their strings.
 */
struct fw_reset_ops {
	const char *name; /* the banner's: "register write", "gpio", ... */
	/* Its shutdown can report a system failure (a finisher's failure
	 * code, HTIF's status): fw_dev_reset() asks it first for one. */
	bool tells_failure;
	/* Make @r for SRST type @type (@failure: "system failure"); false
	 * if it could not be made (an address beyond ours, an I2C device
	 * that did not answer or is not the one named). */
	bool (*reset)(const struct dev_fdt_reset *r, unsigned int type,
		      bool failure);
};

struct fw_reset_driver {
	struct dev_fdt_reset_driver fdt; /* first: dev.c finds ours from it */
	const struct fw_reset_ops *ops;
};

#define FW_RESET_DRIVER(name)                                                  \
	static const struct fw_reset_driver name                               \
		__attribute__((used, section(".fw_reset_drivers")))

/* A GPIO controller: drive pin @pin of the one at @base. */
struct fw_gpio_driver {
	struct dev_fdt_gpio_driver fdt; /* first */
	void (*drive)(uintptr_t base, uint32_t pin, bool high);
};

_Static_assert(offsetof(struct fw_gpio_driver, fdt) == 0, "fdt first");

#define FW_GPIO_DRIVER(name)                                                   \
	static const struct fw_gpio_driver name                                \
		__attribute__((used, section(".fw_gpio_drivers")))

/* Ours, from the decoder's half (the first member) an action names. */
static inline const struct fw_gpio_driver *
fw_gpio_driver_of(const struct dev_fdt_gpio_driver *d)
{
	return (const struct fw_gpio_driver *)(const void *)d;
}

/*
 * An I2C controller as a reset action uses it (i2c_dw.c, i2c_ocores.c):
 * one 8-bit register of the device at 7-bit @addr written or read,
 * polled, each wait bounded by FW_I2C_TIMEOUT_US; false on a missing
 * ACK, an abort or a timeout, never a hang.
 */
struct fw_i2c_bus {
	uintptr_t base;
	uint32_t shift; /* registers 1 << shift bytes apart (OpenCores) */
	uint32_t width; /* access width, 1 or 4 (OpenCores) */
};

struct fw_i2c_driver {
	struct dev_fdt_i2c_driver fdt; /* first */
	bool (*write)(const struct fw_i2c_bus *b, uint8_t addr, uint8_t reg,
		      uint8_t value);
	bool (*read)(const struct fw_i2c_bus *b, uint8_t addr, uint8_t reg,
		     uint8_t *value);
};

_Static_assert(offsetof(struct fw_i2c_driver, fdt) == 0, "fdt first");

#define FW_I2C_DRIVER(name)                                                    \
	static const struct fw_i2c_driver name                                 \
		__attribute__((used, section(".fw_i2c_drivers")))

static inline const struct fw_i2c_driver *
fw_i2c_driver_of(const struct dev_fdt_i2c_driver *d)
{
	return (const struct fw_i2c_driver *)(const void *)d;
}

/* A byte takes 90 us at 100 kHz: 10 ms is a stuck bus, not a slow one. */
#define FW_I2C_TIMEOUT_US 10000U

/* A deadline @us from now, and whether it has passed. */
static inline uint64_t fw_dev_deadline(uint32_t us)
{
	return fw_dev_time() + fw_dev_us_to_ticks(us);
}

static inline bool fw_dev_passed(uint64_t deadline)
{
	return (int64_t)(fw_dev_time() - deadline) > 0;
}

/*
 * The registered drivers of each kind, [start, end), as the linker
 * gathers them (linker.ld; the host builds link the same sections with
 * tools/board-report/board-report.ld).
 */
extern const struct fw_console_driver _fw_console_drivers_start[],
	_fw_console_drivers_end[];
extern const struct fw_timer_driver _fw_timer_drivers_start[],
	_fw_timer_drivers_end[];
extern const struct fw_reset_driver _fw_reset_drivers_start[],
	_fw_reset_drivers_end[];
extern const struct fw_gpio_driver _fw_gpio_drivers_start[],
	_fw_gpio_drivers_end[];
extern const struct fw_i2c_driver _fw_i2c_drivers_start[],
	_fw_i2c_drivers_end[];

/*
 * A timer whose per-hart context is one 64-bit mtimecmp register
 * (CLINT, ACLINT MTIMER, Andes' PLMT: aclint.c).
 */
extern const struct fw_timer_ops fw_dev_mtimecmp_ops;

#endif
