/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Addresses the shared-memory checks (snapshot, event info) hand to the
 * firmware: S-mode RAM of the suite's own, and addresses no supervisor
 * may use, each confirmed by a probing load where that is possible so
 * that a check never asks for a rejection the machine does not justify.
 */
#ifndef CONFORMANCE_MEMPROBE_H
#define CONFORMANCE_MEMPROBE_H

#include <stdbool.h>
#include <stdint.h>

/*
 * An MMIO address (the console UART's, from the DT), 0 if the tree names
 * none: never RAM, so never a valid shared-memory area.
 */
unsigned long memprobe_mmio(void);

/*
 * Where the firmware sits: its /reserved-memory region (it may run
 * anywhere in RAM), else the start of RAM from the DT (-bios loads it
 * there), else QEMU virt's 0x80000000.
 */
unsigned long memprobe_firmware(void);

/* True if a load from @addr traps in S-mode (the trap is survived). */
bool memprobe_load_faults(unsigned long addr);

/* First page-aligned address past RAM (from the DT), 0 if unknown. */
uint64_t memprobe_ram_end(void);

/* Fill / test a region with the pattern byte the checks use. */
#define MEMPROBE_PATTERN 0xA5
void memprobe_fill(void *p, unsigned long size);
/* Offset of the first byte in [p, p+size) not equal to the pattern, or -1. */
long memprobe_changed(const void *p, unsigned long size);

#endif
