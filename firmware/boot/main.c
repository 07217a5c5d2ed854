/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The boot flow. fw_start (entry.S) and early.c choose the boot hart,
 * which arrives in fw_main_boot() on the boot stack. It clears .bss,
 * reads the device tree, builds the hart table (an entry and a stack for
 * every hart of the tree, as many as memory holds), lets the others take
 * their stacks and check in, discovers the features, sets up the PMU and
 * SSE cores, fixes up the device tree and releases the others, which set
 * themselves up (fw_main_secondary()) and park in HSM STOPPED until
 * Linux starts them. The boot hart prints the banner and enters the next
 * stage in S-mode (a0 = hartid, a1 = DTB).
 *
 * Until the boot hart has built the table, the other harts touch only
 * registers and .data (entry.S).
 */
#include <limits.h>

#include <sbipmu/pmu.h>
#include <sbipmu/platform_fdt.h>
#include <sbipmu/sbi_ext_decode.h>

#include "arch/discover.h"
#include "arch/fault.h"
#include "arch/hart_setup.h"
#include "arch/pmu_hart.h"
#include "boot/boot.h"
#include "boot/debug.h"
#include "boot/early.h"
#include "boot/fdt_setup.h"
#include "boot/variant.h"
#include "cpu/csr.h"
#include "dev/dev.h"
#include "ext/core_plat.h"
#include "ext/ipi.h"
#include "ext/pmu_trace.h"
#include "ext/sbi_ext.h"
#include "ext/sse_hw.h"
#include "machine/machine.h"
#include "rt/alloc.h"
#include "rt/console.h"
#include "rt/hart.h"
#include "rt/hsm.h"
#include "rt/platform.h"

/* Wait at most this long for harts to check in. */
#define MAIN_CHECKIN_US 100000U
/*
 * The firmware region's largest size when neither the next stage nor
 * the tree bounds it from above (a power of two).
 */
#define MAIN_REGION_MAX (4UL << 20)
/*
 * Heap per hart beyond its stack and table entry: its PMU state (256
 * bytes on QEMU virt RV64, at most pmu_hart_state_size_max()) and its
 * SSE state. The banner shows what was used.
 */
#define MAIN_HART_STATE_BUDGET 1024UL
/* make firmware FW_HEAP_KIB=N: the heap for the riscv,pmu rows. */
#ifndef FW_HEAP_KIB
#define FW_HEAP_KIB 32
#endif

enum main_stage {
	STAGE_RESET = 0,   /* up to the features and the PMU */
	STAGE_SETUP = 1,   /* features and PMU known: set up and park */
	STAGE_RUNNING = 2, /* the boot hart entered the next stage */
};

/* In .data, not .bss: read by harts before .bss is cleared. */
static int main_stage __attribute__((section(".data")));

static struct pmu_core main_pmu;
static struct fw_boot main_boot_info;
static unsigned long main_ids[FW_MAX_HARTS];

extern char _bss_start[], _bss_end[];
extern char fw_boot_stack[], fw_boot_stack_top[];
extern void fw_enter_next(unsigned long hartid, unsigned long arg,
			  unsigned long addr) __attribute__((noreturn));

void fw_main_boot(unsigned long hartid, void *fdt, uintptr_t dynamic)
	__attribute__((noreturn));
void fw_main_secondary(unsigned long hartid) __attribute__((noreturn));

/* Ring every hart of the table but the caller (they sleep in WFI). */
static void main_ring_all(unsigned long self)
{
	unsigned int i;

	for (i = 0; i < fw_hart_count(); i++)
		if (fw_hart_at(i)->hartid != self)
			fw_dev_ipi_send(fw_hart_at(i));
}

/* The boot hart moves on, and wakes whoever waits for it. */
static void main_set_stage(int stage, unsigned long self)
{
	__atomic_store_n(&main_stage, stage, __ATOMIC_RELEASE);
	main_ring_all(self);
}

/*
 * Sleep until the boot hart reaches @stage: in WFI on the doorbell
 * (main_set_stage() rings it), so that 511 waiting harts leave QEMU's
 * host CPUs to the boot hart. A message that came meanwhile is handled,
 * not dropped: clearing the doorbell alone could lose a fence request.
 */
static void main_wait_stage(struct fw_hart *h, int stage)
{
	unsigned long ipi = fw_dev_ipi_mip(h);

	csr_write(CSR_MIE, ipi);
	while (__atomic_load_n(&main_stage, __ATOMIC_ACQUIRE) < stage) {
		fw_wfi();
		if (csr_read(CSR_MIP) & ipi)
			fw_ipi_handle(h);
	}
}

static void main_clear_bss(void)
{
	volatile char *p;

	for (p = _bss_start; p < _bss_end; p++)
		*p = 0;
}

static void main_check_in(struct fw_hart *h)
{
	fw_scratch_self()->hart = h;
	h->s_mode = fw_early_hart_has_s_mode();
	h->misa = csr_read(CSR_MISA);
	h->counters = fw_discover_hart_counters();
	fw_dev_hart_init(h); /* its doorbell, before it waits on it */
	__atomic_store_n(&h->present, true, __ATOMIC_RELEASE);
}

/* Wait until every hart of the table has checked in, or timeout. */
static void main_wait_checkin(void)
{
	uint64_t start = fw_dev_time(),
		 wait = fw_dev_us_to_ticks(MAIN_CHECKIN_US);

	while (fw_hart_present_count() != fw_hart_count())
		if (fw_dev_time() - start > wait)
			break;
}

/*
 * Per-hart state goes to every hart of the table, checked in or not: a
 * hart slower than the check-in wait still finds its state when it
 * arrives (its PMU calls would otherwise answer NOT_SUPPORTED). Its
 * heap is set aside before the event map is read, so a map too big for
 * the heap never leaves a hart without a PMU; it is taken after,
 * because the map decides how big the state is (saved selectors of 32
 * or 64 bits, include/sbipmu/pmu.h).
 */
static void main_pmu_setup(struct fw_boot *b)
{
	unsigned int i, n = fw_hart_count();
	size_t most;

	b->pmu_init_error =
		pmu_core_init(&main_pmu, &fw_feat.pmu, &fw_pmu_hal_ops,
			      &fw_plat_pmu_ops, NULL);
	if (b->pmu_init_error)
		return;
	b->pmu = &main_pmu;
	/* fw_alloc() rounds each block up to 16 bytes. */
	most = (pmu_hart_state_size_max(&main_pmu) + 15) & ~(size_t)15;
	fw_alloc_reserve(most * n);
	fw_fdt_pmu_map(b->fdt_in, &main_pmu, &b->pmu_dt);
	fw_alloc_reserve(0);
	b->pmu_hart_bytes = pmu_hart_state_size(&main_pmu);
	for (i = 0; i < n; i++)
		fw_hart_at(i)->pmu_mem = fw_alloc(b->pmu_hart_bytes);
	fw_pmu_trace_alloc();
}

/* A firmware fault ends in a power-off with the failure status. */
static void main_fault_power_off(void)
{
	fw_dev_reset(SBI_SRST_TYPE_SHUTDOWN, true);
}

/* Per-hart set-up, on the hart itself. */
static void main_hart_init(struct fw_hart *h)
{
	fw_hart_setup(fw_dev_ipi_mip(h));
	/* Timer compare to "never" (sbi_time.c: not mtimecmp with Sstc). */
	fw_ext_time_cancel(h);
	if (main_boot_info.pmu && h->pmu_mem)
		h->pmu =
			pmu_hart_init(h->pmu_mem, main_boot_info.pmu_hart_bytes,
				      &main_pmu, NULL);
	h->pmu_fast = h->trace ? NULL : h->pmu;
	fw_debug_fault((unsigned int)h->hartid);
}

/* A hart without S-mode: nothing to serve. It stays here for good. */
static void __attribute__((noreturn)) main_park(void)
{
	csr_write(CSR_MIE, 0);
	for (;;)
		fw_wfi();
}

void fw_main_secondary(unsigned long hartid)
{
	struct fw_hart *h = fw_hart_find(hartid);

	h->guarded = fw_fault_hart_init(h->stack_lo);
	if (fw_debug_late((unsigned int)hartid)) {
		/* well after the per-hart state, and after S-mode started */
		main_wait_stage(h, STAGE_RUNNING);
		fw_debug_late_delay();
	}
	main_check_in(h);
	if (!h->s_mode)
		main_park();
	main_wait_stage(h, STAGE_SETUP);
	main_hart_init(h);
	fw_ext_hsm_wait_start(h);
}

/*
 * No usable device tree: stop, and say so (docs/firmware.md, "A device
 * tree the firmware refuses"). The next stage needs the tree as much as
 * the firmware does, and would fail later and further from the cause.
 */
static void __attribute__((noreturn)) main_refuse(const struct fw_boot *b)
{
	fw_printf("sbipmu: ERROR: no usable device tree, so no facts about "
		  "harts, RAM, devices or the PMU, and nothing to hand to the "
		  "next stage at 0x%lx: not starting it; powering off\n",
		  b->next_addr);
	fw_dev_reset(SBI_SRST_TYPE_SHUTDOWN, true);
	for (;;)
		fw_wfi();
}

/*
 * Why @addr is no next stage, or NULL. QEMU's fw_dynamic_info says 0
 * when it was started without -kernel (it knows of nothing to run), and
 * an address outside RAM, or inside the firmware, holds nothing the
 * firmware can vouch for. Entering either hung or faulted in S-mode
 * with nothing said; a next stage in flash or ROM would need this
 * check to learn those ranges.
 */
static const char *main_next_problem(unsigned long addr)
{
	if (!addr)
		return "address 0: none was given (QEMU passes 0 without "
		       "-kernel)";
	if (!fw_plat_ram_ok(addr, 4))
		return "outside RAM (the tree's /memory, less the firmware's "
		       "own region)";
	return NULL;
}

/*
 * No next stage: say so and stop the machine, reporting failure (QEMU
 * exits with status 1), as for a refused tree; without a power-off
 * device the boot hart parks, having said so.
 */
static void __attribute__((noreturn))
main_no_next(const struct fw_boot *b, const char *why)
{
	bool off = fw_dev_reset_can(SBI_SRST_TYPE_SHUTDOWN);

	fw_printf("sbipmu: ERROR: next stage at 0x%lx: %s: not entering it; "
		  "%s\n",
		  b->next_addr, why,
		  off ? "powering off"
		      : "no power-off device, so this hart waits in WFI");
	if (off)
		fw_dev_reset(SBI_SRST_TYPE_SHUTDOWN, true);
	main_park();
}

/*
 * Where the firmware region may end: a power of two above its base (one
 * NAPOT entry, so no larger than the base's own alignment), below the
 * next stage and the tree if they lie above.
 */
static uintptr_t main_region_limit(uintptr_t next_addr, uintptr_t fdt)
{
	uintptr_t base = fw_region_base(), align = base & -base;
	uintptr_t room = UINTPTR_MAX - base, size = MAIN_REGION_MAX;

	if (next_addr > base && next_addr - base < room)
		room = next_addr - base;
	if (fdt > base && fdt - base < room)
		room = fdt - base;
	/* align 0: loaded at 0, aligned to anything */
	while (size > room || (align && size > align))
		size >>= 1;
	return base + size;
}

/*
 * The harts to serve: the tree's, as many as memory holds, the boot
 * hart always among them (added if the tree lacks it). Those left out
 * park and are marked disabled in the tree handed on.
 */
static unsigned int main_pick_harts(struct fw_boot *b, unsigned int fit)
{
	const struct platform_fdt_facts *dt = fw_fdt_facts();
	unsigned int i, n = 0;
	bool boot_seen = false;

	if (fit > FW_MAX_HARTS)
		fit = FW_MAX_HARTS;
	for (i = 0; i < dt->n_harts && n < fit; i++) {
		if (dt->harts[i].id > ULONG_MAX)
			continue; /* RV32: no such hart */
		boot_seen |= dt->harts[i].id == b->hartid;
		main_ids[n++] = (unsigned long)dt->harts[i].id;
	}
	if (!boot_seen) {
		unsigned int at = n < fit ? n++ : n - 1;

		/* keep the list sorted: move the boot hart to its place */
		main_ids[at] = b->hartid;
		while (at > 0 && main_ids[at - 1] > main_ids[at]) {
			unsigned long t = main_ids[at - 1];

			main_ids[at - 1] = main_ids[at];
			main_ids[at--] = t;
		}
		b->boot_not_in_tree = true;
	}
	b->harts_left_out = dt->n_harts + dt->harts_over + !boot_seen - n;
	return n;
}

/* The boot heap, the hart table and every hart's stack. */
static void main_harts_setup(struct fw_boot *b)
{
	uintptr_t limit = main_region_limit(b->next_addr, (uintptr_t)b->fdt_in);
	size_t per = fw_hart_bytes_per_hart() + MAIN_HART_STATE_BUDGET;
	size_t shared = FW_HEAP_KIB * 1024UL + FW_STACK_SIZE;
	size_t room = limit - fw_alloc_base(), fit = 0;
	unsigned int i, n;

	struct fw_hart *self;

	if (room > shared)
		fit = (room - shared) / per;
	n = main_pick_harts(b, fit > FW_MAX_HARTS ? FW_MAX_HARTS
			       : fit		  ? (unsigned int)fit
						  : 1);
	fw_alloc_init(limit, shared + n * per);
	b->hart_bytes = per;
	if (!fw_hart_table_build(main_ids, n))
		main_refuse(b); /* not even the boot hart fits: no way on */
	/* The boot hart keeps the stack it runs on. */
	self = fw_hart_find(b->hartid);
	self->stack_lo = (uintptr_t)fw_boot_stack;
	self->stack_top = (uintptr_t)fw_boot_stack_top;
	self->guarded = b->boot_guarded;
	for (i = 0; i < n; i++)
		fw_hsm_init(fw_hart_at(i));
}

/*
 * The region is one NAPOT PMP entry and one reserved-memory node: the
 * image's own power of two must divide the address it runs at. A
 * loader that put it elsewhere gets told so, and the machine stops
 * (docs/firmware.md, "Load address").
 */
static void main_check_load_address(const struct fw_boot *b)
{
	uintptr_t base = fw_region_base(), size = fw_region_size();

	if (!(base & (size - 1)))
		return;
	fw_printf("sbipmu: ERROR: loaded at 0x%lx, which is not a multiple of "
		  "the firmware region's size (0x%lx): no PMP entry can guard "
		  "it; load it at a 2 MiB (RV64) or 4 MiB (RV32) boundary; "
		  "not starting the next stage at 0x%lx; powering off\n",
		  (unsigned long)base, (unsigned long)size, b->next_addr);
	fw_dev_reset(SBI_SRST_TYPE_SHUTDOWN, true);
	main_park();
}

/* The boot hart, from .bss clearing to entering the next stage. */
static void __attribute__((noreturn)) main_boot(struct fw_boot *b, void *fdt)
{
	struct fw_hart *self;
	const char *no_next;

	b->fdt_in = fdt;
	if (!fw_fdt_take(fdt)) {
		fw_dev_fallback_virt(); /* the refusal is printed: say it */
		fw_fdt_report_refused();
		main_refuse(b);
	}
	fw_dev_probe(fdt);
	main_check_load_address(b);
	fw_machine = fw_machine_find(fdt);
	fw_debug_scan(fdt, b->hartid);
	main_harts_setup(b);
	fw_dev_probe_harts(fdt);
	self = fw_hart_find(b->hartid);
	main_check_in(self);
	if (!fw_early_release())
		main_refuse(b);
	main_ring_all(b->hartid);
	main_wait_checkin();
	fw_discover();
	if (b->banner)
		fw_banner_header();
	main_pmu_setup(b);
	b->sse_error =
		fw_sse_setup(b->pmu && fw_feat.pmu.sscofpmf, &fw_plat_sse_ops);
	fw_region_freeze(); /* the last allocation is made */
	b->fdt_out = fw_fdt_fixup(fdt, b->next_addr, &b->fdt_note);
	if (fw_variant.fdt_fixed)
		b->fdt_out = fw_fdt_move_to(b->fdt_out, fw_variant.fdt_addr,
					    &b->fdt_note);
	main_set_stage(STAGE_SETUP, b->hartid);
	main_hart_init(self);
	if (b->banner)
		fw_banner(b);
	no_next = main_next_problem(b->next_addr);
	if (no_next)
		main_no_next(b, no_next);
	fw_hsm_boot_started(self);
	main_set_stage(STAGE_RUNNING, b->hartid);
	fw_enter_next(b->hartid, (uintptr_t)b->fdt_out, b->next_addr);
}

void fw_main_boot(unsigned long hartid, void *fdt, uintptr_t dynamic)
{
	struct fw_dynamic_info info;
	struct fw_boot *b = &main_boot_info;
	bool guarded, dyn, dyn_next;

	/* first: faults reported from here on */
	guarded = fw_fault_hart_init((uintptr_t)fw_boot_stack);
	dyn = fw_early_read_dynamic(dynamic, &info);
	main_clear_bss(); /* from here on .bss, b included, is ours */
	/* after the clearing: the hook lives in .bss */
	fw_fault_on_stop(main_fault_power_off);
	fw_plat_init_defaults();
	b->hartid = hartid;
	b->boot_guarded = guarded;
	b->dynamic = dyn;
	if (dyn)
		b->info = info;
	b->preferred = fw_early_preferred(&info, dyn);
	/* fw_jump and fw_payload take only the boot hart from a2 */
	dyn_next = dyn && fw_variant.kind == FW_KIND_DYNAMIC;
	b->next_addr = dyn_next ? info.next_addr : fw_variant_next();
	b->next_mode_asked = dyn_next ? info.next_mode : 1;
	b->banner = !(dyn_next && (info.options & FW_DYNAMIC_OPT_NO_BANNER));
	main_boot(b, fdt);
}
