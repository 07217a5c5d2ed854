/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Firmware faults (see fault.h). The report runs on a stack of its own
 * (fault_entry.S), not below the trap frame on the faulting hart's
 * stack: there it would overwrite the very frames whose return
 * addresses it prints. Only the first hart to fault reports, holding the
 * console lock throughout so that no other hart's output splits its
 * lines; a second hart parks (the machine is going down), and a fault
 * inside the report powers off at once.
 *
 * The stack guard is PMP entry 0 of each hart: a NAPOT region over the
 * lowest FW_STACK_GUARD bytes of the hart's own stack, no permission,
 * locked. Locking is what makes it apply to M-mode (an unlocked entry
 * binds only S and U); the price is that it stays until reset, which is
 * what a guard wants anyway. Each hart's PMP is its own, so the entry
 * keeps only that hart out; no other hart ever touches another's stack.
 * A canary was the other choice: it is checked only after the fact, by
 * which time an overrun from hart n has already overwritten hart n-1's
 * scratch area (mscratch) and stack, or .bss for hart 0; the PMP entry
 * stops the first store, and QEMU virt implements PMP with locking.
 */
#include "rt/console.h"
#include <sbipmu/sbi_ext_decode.h>

#include "arch/fault.h"
#include "cpu/csr.h"
#include "cpu/fw_defs.h"
#include "cpu/unpriv.h"
#include "rt/platform.h"

#define FAULT_NONE (~0UL)
/* A return-address scan may cover a whole stack; it shows this many. */
#define FAULT_SCAN_WORDS    (FW_BOOT_STACK_SIZE / sizeof(long))
#define FAULT_SCAN_SHOWN    12
#define FAULT_PMP_GUARD_CFG (PMP_L | PMP_A_NAPOT)

extern char fw_trap_entry[];
extern char fw_boot_stack[], fw_boot_stack_top[];
extern char fw_fault_stack_top[];
extern char _fw_start[], _fw_text_end[];
void fw_fault_on_stack(struct fw_trap_regs *regs, void *stack_top,
		       void (*report)(struct fw_trap_regs *regs))
	__attribute__((noreturn));

/*
 * In .data, not .bss: harts set them up before the boot hart clears
 * .bss, and a fault may come that early.
 */
static unsigned long fault_owner __attribute__((section(".data"))) = FAULT_NONE;
static bool fault_boot_guarded __attribute__((section(".data")));

static const char fault_regs[32][4] = {
	"0",  "ra", "sp", "gp", "tp",  "t0",  "t1", "t2", "s0", "s1", "a0",
	"a1", "a2", "a3", "a4", "a5",  "a6",  "a7", "s2", "s3", "s4", "s5",
	"s6", "s7", "s8", "s9", "s10", "s11", "t3", "t4", "t5", "t6",
};

static const char *const fault_names[16] = {
	"instruction address misaligned",
	"instruction access fault",
	"illegal instruction",
	"breakpoint",
	"load address misaligned",
	"load access fault",
	"store/AMO address misaligned",
	"store/AMO access fault",
	"ecall from U-mode",
	"ecall from S-mode",
	"ecall from VS-mode",
	"ecall from M-mode",
	"instruction page fault",
	"load page fault",
	"reserved",
	"store/AMO page fault",
};

/*
 * Hart @hartid's stack: [*lo, *top), the guard [*lo, *lo + GUARD), and
 * whether the guard took. Before the hart table exists only the boot
 * hart runs on a stack of its own.
 */
static bool fault_stack(unsigned long hartid, uintptr_t *lo, uintptr_t *top)
{
	const struct fw_hart *h = fw_hart_count() ? fw_hart_find(hartid) : NULL;

	if (!h) {
		*lo = (uintptr_t)fw_boot_stack;
		*top = (uintptr_t)fw_boot_stack_top - FW_SCRATCH_SIZE;
		return fault_boot_guarded;
	}
	*lo = h->stack_lo;
	*top = h->stack_top - FW_SCRATCH_SIZE;
	return h->guarded;
}

bool fw_fault_hart_init(uintptr_t stack_lo)
{
	unsigned long old;
	bool guarded;

	csr_write(CSR_MTVEC, (uintptr_t)fw_trap_entry);
	old = fw_catch_begin();
	csr_write(CSR_PMPADDR0, (stack_lo >> 2) | ((FW_STACK_GUARD >> 3) - 1));
	csr_write(CSR_PMPCFG0, FAULT_PMP_GUARD_CFG);
	/* Read back: a hart without PMP traps (caught) or reads 0. */
	guarded = fw_catch_end(old) == 0 &&
		  (csr_read(CSR_PMPCFG0) & 0xff) == FAULT_PMP_GUARD_CFG;
	if (guarded)
		fw_sfence_vma_all();
	if (stack_lo == (uintptr_t)fw_boot_stack)
		fault_boot_guarded = guarded;
	return guarded;
}

static bool fault_in_text(unsigned long w)
{
	return w >= (uintptr_t)_fw_start && w < (uintptr_t)_fw_text_end &&
	       !(w & 1);
}

/*
 * Words on the stack from @from up that point into the firmware's code:
 * the return addresses of the frames there, and possibly stale ones (no
 * frame pointers, so this is a scan, not a walk). Runs of one value (a
 * recursion) are printed once with their count.
 */
static void fault_scan(uintptr_t from, uintptr_t to)
{
	const unsigned long *p = (const unsigned long *)from;
	unsigned long last = 0, shown = 0, same = 0;

	fw_printf_locked(
		"sbipmu: FATAL: return addresses on the stack from sp up:");
	for (unsigned int i = 0; i < FAULT_SCAN_WORDS && (uintptr_t)p < to;
	     i++, p++) {
		if (!fault_in_text(*p))
			continue;
		if (*p == last) {
			same++;
			continue;
		}
		if (same)
			fw_printf_locked(" (x%lu)", same + 1);
		if (shown++ == FAULT_SCAN_SHOWN)
			break;
		fw_printf_locked(" 0x%lx", *p);
		last = *p;
		same = 0;
	}
	if (same)
		fw_printf_locked(" (x%lu)", same + 1);
	fw_printf_locked("%s\n", shown ? "" : " none");
}

/* Where the trapped sp stands; the scan, if sp is on the hart's stack. */
static void fault_report_stack(unsigned long hartid,
			       const struct fw_trap_regs *regs)
{
	uintptr_t lo, top, sp = regs->x[2], tval = csr_read(CSR_MTVAL);
	uintptr_t guard_end;
	bool guarded = fault_stack(hartid, &lo, &top);

	guard_end = lo + FW_STACK_GUARD;
	fw_printf_locked("sbipmu: FATAL: sp 0x%lx, ra 0x%lx; hart %lu stack "
			 "0x%lx-0x%lx, guard 0x%lx-0x%lx%s\n",
			 (unsigned long)sp, regs->x[1], hartid,
			 (unsigned long)lo, (unsigned long)top,
			 (unsigned long)lo, (unsigned long)guard_end,
			 guarded ? "" : " (none: no PMP)");
	if ((tval >= lo && tval < guard_end) || (sp >= lo && sp < guard_end))
		fw_printf_locked(
			"sbipmu: FATAL: stack overrun: hart %lu used more "
			"than its %lu bytes of stack (FW_STACK_SIZE, minus "
			"guard and scratch) and hit the guard\n",
			hartid, (unsigned long)(top - lo - FW_STACK_GUARD));
	if (sp >= (uintptr_t)regs && sp < top)
		fw_printf_locked(
			"sbipmu: FATAL: the trap frame was written over the "
			"stack above sp: no scan (ra above is the caller)\n");
	else if (sp + sizeof(long) > guard_end && sp < top)
		/* The trap frame lies at the top: scan up to it. */
		fault_scan((sp + sizeof(long) - 1) & ~(sizeof(long) - 1),
			   (uintptr_t)regs);
	else if (sp < guard_end && sp >= lo)
		fault_scan(guard_end, (uintptr_t)regs);
	else
		fw_printf_locked(
			"sbipmu: FATAL: sp is not on hart %lu's stack: no "
			"scan\n",
			hartid);
}

#if __riscv_xlen == 64
#define FAULT_REG_FMT "%s%3s 0x%016lx%s"
#else
#define FAULT_REG_FMT "%s%3s 0x%08lx%s"
#endif

/* The trapped registers, four to a line (x0 left out). */
static void fault_report_regs(const struct fw_trap_regs *regs)
{
	for (unsigned int i = 1; i < 32; i++)
		fw_printf_locked(FAULT_REG_FMT,
				 i % 4 == 1 ? "sbipmu: FATAL: " : " ",
				 fault_regs[i], regs->x[i],
				 i % 4 == 0 || i == 31 ? "\n" : "");
}

/* What stops the machine after a report (a layer above knows how). */
static void (*fault_stop_hook)(void);

void fw_fault_on_stop(void (*stop)(void))
{
	fault_stop_hook = stop;
}

static void __attribute__((noreturn)) fault_stop(void)
{
	if (fault_stop_hook)
		fault_stop_hook();
	for (;;)
		fw_wfi();
}

/* On the fault stack. */
static void fault_report(struct fw_trap_regs *regs)
{
	unsigned long hartid = csr_read(CSR_MHARTID);
	unsigned long cause = csr_read(CSR_MCAUSE);
	bool irq = (cause & MCAUSE_IRQ) != 0;
	unsigned long code = cause & ~MCAUSE_IRQ;

	/* Before the tree is read no console is known: the report is lost. */
	/* One block: other harts' lines wait until the machine is off. */
	fw_console_reclaim();
	fw_console_lock();
	fw_printf_locked(
		"\nsbipmu: FATAL: firmware trap on hart %lu: mcause 0x%lx "
		"(%s), mepc 0x%lx, mtval 0x%lx\n",
		hartid, cause,
		irq ? "interrupt" : (code < 16 ? fault_names[code] : "?"),
		csr_read(CSR_MEPC), csr_read(CSR_MTVAL));
	fault_report_regs(regs);
	fault_report_stack(hartid, regs);
	fw_printf_locked("sbipmu: FATAL: a firmware bug; addresses: "
			 "riscv64-unknown-elf-addr2line -e sbipmu.elf ADDR; "
			 "powering off (failure)\n");
	fault_stop();
}

void fw_fault_trap(struct fw_trap_regs *regs)
{
	unsigned long me = csr_read(CSR_MHARTID), owner = FAULT_NONE;

	if (__atomic_compare_exchange_n(&fault_owner, &owner, me, false,
					__ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
		fw_fault_on_stack(regs, fw_fault_stack_top, fault_report);
	if (owner == me)
		fault_stop(); /* a fault while reporting one */
	for (;;)
		fw_wfi(); /* another hart reports and powers off */
}
