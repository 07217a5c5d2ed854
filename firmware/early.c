/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The harts' first steps, before the boot hart has cleared .bss and
 * built the hart table. Every hart runs the two functions entry.S calls
 * here one at a time, under the early lock, on one shared early stack:
 * that is why they may touch nothing but .data and their arguments.
 *
 * Who boots (fw_early_role()): only a hart that can run the next stage's
 * mode (S) may, because it enters the next stage directly. The hart
 * fw_dynamic_info names is preferred (QEMU names hart 0); a hart without
 * S-mode declines, and so does a named hart that never comes (the others
 * stop waiting after EARLY_WAITS_MAX looks). Then the first S-capable
 * hart to ask boots. sifive_u's hart 0, an E51 without S-mode, is named
 * by QEMU and declines: hart 1 boots, as on OpenSBI.
 *
 * Where the others go (fw_early_frame()): the stack the boot hart carved
 * for them in the hart table; a hart the table does not hold (beyond
 * what the firmware serves, or not in the tree) parks for good.
 */
#include "csr.h"
#include "early.h"
#include "hart.h"
#include "unpriv.h"

/* How often the others look before a named boot hart counts as absent. */
#define EARLY_WAITS_MAX 4096UL

#define EARLY_DATA __attribute__((section(".data")))

static bool early_claimed EARLY_DATA;
static bool early_declined EARLY_DATA; /* the named hart cannot boot */
static unsigned long early_waits EARLY_DATA;
static int early_table_ready EARLY_DATA;

unsigned long fw_early_role(unsigned long hartid, uintptr_t dynamic);
uintptr_t fw_early_frame(unsigned long hartid);

bool fw_early_read_dynamic(uintptr_t addr, struct fw_dynamic_info *out)
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

unsigned long fw_early_preferred(const struct fw_dynamic_info *info,
				 bool dynamic)
{
	return dynamic && info->version >= 2 ? info->boot_hart : -1UL;
}

bool fw_early_hart_has_s_mode(void)
{
	unsigned long misa = csr_read(CSR_MISA);

	return !misa || (misa & MISA_EXT('S'));
}

unsigned long fw_early_role(unsigned long hartid, uintptr_t dynamic)
{
	struct fw_dynamic_info info;
	unsigned long preferred;

	if (early_claimed)
		return FW_ROLE_OTHER;
	preferred = fw_early_preferred(&info,
				       fw_early_read_dynamic(dynamic, &info));
	if (!fw_early_hart_has_s_mode()) {
		if (hartid == preferred)
			early_declined = true;
		return FW_ROLE_OTHER;
	}
	if (preferred != -1UL && preferred != hartid && !early_declined &&
	    ++early_waits < EARLY_WAITS_MAX)
		return FW_ROLE_WAIT;
	early_claimed = true;
	return FW_ROLE_BOOT;
}

uintptr_t fw_early_frame(unsigned long hartid)
{
	struct fw_hart *h;

	if (!__atomic_load_n(&early_table_ready, __ATOMIC_ACQUIRE))
		return 0;
	h = fw_hart_find(hartid);
	if (!h || h->stack_lo == 0)
		return 1;
	/* The frame and the scratch area are the stack's top bytes. */
	return h->stack_top - FW_SCRATCH_SIZE - FW_TRAP_REGS_SIZE;
}

void fw_early_release(void)
{
	__atomic_store_n(&early_table_ready, 1, __ATOMIC_RELEASE);
}
