/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The S-mode payload runtime's contract with a program built on it: the
 * program defines payload_main(), which the boot hart runs after the
 * runtime has set up its stack, cleared .bss, installed the trap vector
 * and opened the console; when it returns the machine is shut down.
 * Shared with entry.S, so the C part is guarded.
 */
#ifndef PAYLOAD_RUNTIME_H
#define PAYLOAD_RUNTIME_H

/*
 * Harts the payload can run at once, the boot hart included (slot.h):
 * the tests use three, and each slot costs a stack. The tree may list
 * up to 512 harts; the others are never started.
 */
#define PAYLOAD_SLOTS	   8
#define PAYLOAD_STACK_SIZE 16384

#if __riscv_xlen == 64
#define REG_S	 sd
#define REG_L	 ld
#define REG_SIZE 8
#else
#define REG_S	 sw
#define REG_L	 lw
#define REG_SIZE 4
#endif

/* Trap frame: x0..x31 (x0's slot unused), then the trap CSRs. */
#define TF_SEPC	   32
#define TF_SSTATUS 33
#define TF_SCAUSE  34
#define TF_STVAL   35
#define TF_SLOTS   36
#define TF_SIZE	   (TF_SLOTS * REG_SIZE)

#ifndef __ASSEMBLER__

/* The program's entry point on the boot hart; its result is only logged. */
int payload_main(unsigned long hartid, const void *dtb);

/*
 * Stop the machine: SBI SRST, then legacy shutdown, then the sifive_test
 * device if the device tree has one.
 */
void payload_shutdown(void) __attribute__((noreturn));

/* The DTB and boot hart the firmware handed over (a1, a0 at entry). */
const void *payload_dtb(void);
unsigned long payload_boot_hart(void);

#endif
#endif
