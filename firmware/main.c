/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The boot flow. Every hart arrives in fw_main() from fw_start with its
 * stack and scratch set. One hart becomes the boot hart (fw_dynamic's
 * boot_hart if given, else whoever wins an atomic lottery); it clears
 * .bss, reads the device tree, waits for the other harts to check in,
 * discovers the features, sets up the PMU and SSE cores, fixes up the
 * device tree and releases the others, which set themselves up and park
 * in HSM STOPPED until Linux starts them. The boot hart prints the
 * banner and enters the next stage in S-mode (a0 = hartid, a1 = DTB).
 *
 * Until the boot hart has cleared .bss (stage 1), other harts touch only
 * their own stack and the two .data words below.
 */
#include <sbipmu/pmu.h>

#include "alloc.h"
#include "boot.h"
#include "console.h"
#include "csr.h"
#include "debug.h"
#include "discover.h"
#include "fault.h"
#include "fdt_setup.h"
#include "hart.h"
#include "hart_setup.h"
#include "platform.h"
#include "pmu_hal.h"
#include "pmu_trace.h"
#include "sbi_ext.h"
#include "sse_hw.h"
#include "unpriv.h"

#if __riscv_xlen == 64
#define MAIN_NEXT_DEFAULT 0x80200000UL
#else
#define MAIN_NEXT_DEFAULT 0x80400000UL
#endif
/* Wait at most this long for harts to check in (0.1 s at virt's 10 MHz). */
#define MAIN_CHECKIN_TICKS 1000000ULL

enum main_stage {
	STAGE_RESET = 0,   /* .bss not yet cleared */
	STAGE_CHECKIN = 1, /* harts may mark themselves present */
	STAGE_SETUP = 2,   /* features and PMU known: set up and park */
	STAGE_RUNNING = 3, /* the boot hart entered the next stage */
};

/* In .data, not .bss: used before .bss is cleared. */
static unsigned int main_lottery __attribute__((section(".data")));
static int main_stage __attribute__((section(".data")));

static struct pmu_core main_pmu;
static void *main_pmu_mem[FW_MAX_HARTS];
static struct fw_boot main_boot_info;

extern char _bss_start[], _bss_end[];
extern void fw_enter_next(unsigned long hartid, unsigned long arg,
			  unsigned long addr) __attribute__((noreturn));

static void main_set_stage(int stage)
{
	__atomic_store_n(&main_stage, stage, __ATOMIC_RELEASE);
}

static void main_wait_stage(int stage)
{
	while (__atomic_load_n(&main_stage, __ATOMIC_ACQUIRE) < stage)
		;
}

/* Copy fw_dynamic_info, each word read with traps caught. */
static bool main_read_dynamic(uintptr_t addr, struct fw_dynamic_info *out)
{
	unsigned long *w = (unsigned long *)out;
	unsigned int i;

	if (!addr)
		return false;
	for (i = 0; i < sizeof(*out) / sizeof(*w); i++)
		if (!fw_catch_read_ulong(addr + i * sizeof(*w), &w[i]))
			return false;
	return out->magic == FW_DYNAMIC_MAGIC;
}

static bool main_is_boot_hart(unsigned long hartid,
			      const struct fw_dynamic_info *info, bool dynamic)
{
	if (dynamic && info->version >= 2 && info->boot_hart < FW_MAX_HARTS)
		return hartid == info->boot_hart;
	return __atomic_fetch_add(&main_lottery, 1, __ATOMIC_RELAXED) == 0;
}

static void main_clear_bss(void)
{
	volatile char *p;

	for (p = _bss_start; p < _bss_end; p++)
		*p = 0;
}

static void main_check_in(unsigned long hartid)
{
	struct fw_hart *h = &fw_harts[hartid];

	fw_scratch_self()->hart = h;
	__atomic_store_n(&h->present, true, __ATOMIC_RELEASE);
}

/* Wait until every hart the device tree lists has checked in, or timeout. */
static void main_wait_checkin(void)
{
	uint64_t start = fw_clint_time();

	while ((fw_hart_present_mask() & fw_plat.dt_harts) != fw_plat.dt_harts)
		if (fw_clint_time() - start > MAIN_CHECKIN_TICKS)
			break;
}

/*
 * Per-hart state goes to every hart the device tree lists as well as to
 * every hart that checked in: a hart slower than the check-in wait still
 * finds its state when it arrives (its PMU calls would otherwise answer
 * NOT_SUPPORTED). Its heap is set aside before the event map is read, so
 * a map too big for the heap never leaves a hart without a PMU; it is
 * taken after, because the map decides how big the state is (saved
 * selectors of 32 or 64 bits, include/sbipmu/pmu.h).
 */
static void main_pmu_setup(struct fw_boot *b)
{
	size_t most;
	unsigned int i;

	b->pmu_init_error =
		pmu_core_init(&main_pmu, &fw_feat.pmu, &fw_pmu_hal_ops,
			      &fw_plat_pmu_ops, NULL);
	if (b->pmu_init_error)
		return;
	b->pmu = &main_pmu;
	/* fw_alloc() rounds each block up to 16 bytes. */
	most = (pmu_hart_state_size_max(&main_pmu) + 15) & ~(size_t)15;
	fw_alloc_reserve(most * (size_t)__builtin_popcountl(b->harts));
	fw_fdt_pmu_map(b->fdt_in, &main_pmu, &b->pmu_dt);
	fw_alloc_reserve(0);
	b->pmu_hart_bytes = pmu_hart_state_size(&main_pmu);
	for (i = 0; i < FW_MAX_HARTS; i++)
		if (b->harts & (1UL << i))
			main_pmu_mem[i] = fw_alloc(b->pmu_hart_bytes);
	fw_pmu_trace_alloc(b->harts);
}

/* Per-hart set-up, on the hart itself. */
static void main_hart_init(struct fw_hart *h)
{
	fw_hart_setup(h);
	if (main_boot_info.pmu && main_pmu_mem[h->hartid])
		h->pmu = pmu_hart_init(main_pmu_mem[h->hartid],
				       main_boot_info.pmu_hart_bytes, &main_pmu,
				       NULL);
	h->pmu_fast = fw_pmu_trace_on(h->hartid) ? NULL : h->pmu;
	fw_debug_fault(h->hartid);
}

static void __attribute__((noreturn)) main_secondary(unsigned long hartid)
{
	main_wait_stage(STAGE_CHECKIN);
	if (fw_debug_late(hartid)) {
		/* well after the per-hart state, and after S-mode started */
		main_wait_stage(STAGE_RUNNING);
		fw_debug_late_delay();
	}
	main_check_in(hartid);
	main_wait_stage(STAGE_SETUP);
	main_hart_init(&fw_harts[hartid]);
	sbi_hsm_wait_start(&fw_harts[hartid]);
}

static void main_init_harts(void)
{
	unsigned int i;

	for (i = 0; i < FW_MAX_HARTS; i++) {
		fw_harts[i].hartid = i;
		sbi_hsm_init(&fw_harts[i]);
	}
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
	fw_plat_reset(false, true);
	for (;;)
		fw_wfi();
}

/* The boot hart, from .bss clearing to entering the next stage. */
static void __attribute__((noreturn)) main_boot(struct fw_boot *b, void *fdt)
{
	b->fdt_in = fdt;
	if (!fw_fdt_take(fdt))
		main_refuse(b);
	fw_debug_scan(fdt, b->hartid);
	main_check_in(b->hartid);
	main_set_stage(STAGE_CHECKIN);
	main_wait_checkin();
	b->harts = fw_plat.dt_harts | fw_hart_present_mask();
	fw_discover();
	if (b->banner)
		fw_banner_header();
	main_pmu_setup(b);
	b->sse_error = fw_sse_setup(b->pmu && fw_feat.pmu.sscofpmf, b->harts);
	b->fdt_out = fw_fdt_fixup(fdt, b->next_addr, &b->fdt_note);
	main_set_stage(STAGE_SETUP);
	main_hart_init(&fw_harts[b->hartid]);
	if (b->banner)
		fw_banner(b);
	sbi_hsm_boot_started(&fw_harts[b->hartid]);
	main_set_stage(STAGE_RUNNING);
	fw_enter_next(b->hartid, (uintptr_t)b->fdt_out, b->next_addr);
}

void fw_main(unsigned long hartid, void *fdt, uintptr_t dynamic)
	__attribute__((noreturn));

void fw_main(unsigned long hartid, void *fdt, uintptr_t dynamic)
{
	struct fw_dynamic_info info;
	bool dyn;
	struct fw_boot *b = &main_boot_info;

	fw_fault_hart_init(hartid); /* first: faults reported from here on */
	dyn = main_read_dynamic(dynamic, &info);
	if (!main_is_boot_hart(hartid, &info, dyn)) {
		main_secondary(hartid);
		__builtin_unreachable();
	}
	main_clear_bss(); /* from here on .bss, b included, is ours */
	main_init_harts();
	fw_plat_init_defaults();
	b->hartid = (unsigned int)hartid;
	b->dynamic = dyn;
	if (dyn)
		b->info = info;
	b->next_addr = dyn ? info.next_addr : MAIN_NEXT_DEFAULT;
	b->banner = !(dyn && (info.options & FW_DYNAMIC_OPT_NO_BANNER));
	main_boot(b, fdt);
}
