/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Faults of the firmware itself: a trap taken in M-mode that no probe
 * asked to catch is a firmware bug (a wild pointer, an illegal
 * instruction, a stack overrun). It is reported with the hart, mcause,
 * mepc, mtval, the stack pointer and the return addresses found on the
 * stack, and the machine is powered off with failure. Each hart's stack
 * has a guard at its bottom that makes an overrun such a fault at the
 * first access past the stack, instead of silent corruption of the
 * neighbouring hart's stack or of .bss (docs/firmware.md, "Firmware
 * faults").
 */
#ifndef FW_FAULT_H
#define FW_FAULT_H

#include <stdbool.h>
#include <stdint.h>

#include "rt/hart.h"

/*
 * First thing on every hart, before anything else runs on its stack:
 * the trap vector becomes fw_trap_entry (a fault from here on is
 * reported, not a silent hang in fw_start's parking vector) and the
 * stack guard is set up over the lowest bytes of the stack at
 * @stack_lo. Returns whether the guard took (false: the hart has no
 * PMP); the caller keeps that in the hart's table entry.
 */
bool fw_fault_hart_init(uintptr_t stack_lo);

/*
 * How a fault report ends: @stop powers the machine off with the failure
 * status (boot/main.c gives the reset device's); without it, or if it
 * returns, the hart waits in WFI for good.
 */
void fw_fault_on_stop(void (*stop)(void));

/*
 * The PMP entries fw_fault_hart_init() took: entries below this number
 * belong to the guard; hart_setup.c places its own after them.
 */
#define FW_FAULT_PMP_ENTRIES 1

/* A trap from M-mode (@regs: its frame). Reports and stops; no return. */
void fw_fault_trap(struct fw_trap_regs *regs) __attribute__((noreturn));

#endif
