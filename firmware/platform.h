/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The platform the firmware runs on (QEMU virt): device addresses, RAM
 * ranges and hart ids as found in the device tree (with virt's defaults
 * as fallbacks), the firmware's own memory region, and the services built
 * on them: CLINT IPIs and timer, system reset, the shared-memory check,
 * and the PMU core's platform hooks. Implemented in platform_virt.c.
 */
#ifndef FW_PLATFORM_H
#define FW_PLATFORM_H

#include <stdbool.h>
#include <stdint.h>

#include <sbipmu/pmu_hal.h>
#include <sbipmu/sse_hal.h>

#define FW_MAX_MEM_RANGES 8

struct fw_mem_range {
	uint64_t base;
	uint64_t size;
};

struct fw_platform {
	uintptr_t uart;	 /* ns16550a */
	uintptr_t clint; /* riscv,clint0 / sifive,clint0 */
	uintptr_t test;	 /* sifive,test0: poweroff/reset */
	const char *model;
	bool qemu_virt; /* root compatible "riscv-virtio": QEMU's virt */
	unsigned int n_mem;
	struct fw_mem_range mem[FW_MAX_MEM_RANGES];
};

extern struct fw_platform fw_plat;

/* Defaults of QEMU virt, used when the device tree does not say. */
#define FW_VIRT_UART  0x10000000UL
#define FW_VIRT_CLINT 0x2000000UL
#define FW_VIRT_TEST  0x100000UL

/* Platform firmware events (event_data of SBI event 0xFFFF). */
enum fw_plat_event {
	FW_PLAT_EVENT_DBCN_BYTES = 1,  /* bytes written through DBCN */
	FW_PLAT_EVENT_HSM_SUSPEND = 2, /* HSM suspends entered */
};

/* Hooks given to pmu_core_init() and sse_core_init(). */
extern const struct pmu_platform_ops fw_plat_pmu_ops;
extern const struct sse_platform_ops fw_plat_sse_ops;

/* The firmware's own memory region [base, base + size), from the linker. */
uintptr_t fw_region_base(void);
uintptr_t fw_region_size(void);

/* Set defaults; called before the device tree is read. */
void fw_plat_init_defaults(void);

/*
 * True when [addr, addr + size) is S-mode RAM the firmware may access:
 * inside one memory range, clear of the firmware region, no wrap, within
 * the firmware's address space. size 0 is never valid.
 */
bool fw_plat_ram_ok(uint64_t addr, uint64_t size);

/* CLINT */
void fw_clint_send_ipi(unsigned int hartid);
void fw_clint_clear_ipi(unsigned int hartid);
void fw_clint_set_timecmp(unsigned int hartid, uint64_t value);
uint64_t fw_clint_time(void);

/* System reset through sifive,test0. Returns only if the device ignored us. */
void fw_plat_reset(bool reboot, bool failure);

#endif
