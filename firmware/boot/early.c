/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The harts' first steps, before the boot hart has cleared .bss and
 * built the hart table. Every hart that arrives before the boot is
 * claimed runs fw_early_role() one at a time, under the early lock, on
 * one shared early stack: that is why it may touch nothing but .data
 * and its arguments.
 *
 * Who boots (fw_early_role()): only a hart that can run the next stage's
 * mode (S) may, because it enters the next stage directly. The hart
 * fw_dynamic_info names is preferred (QEMU names hart 0); a hart without
 * S-mode declines, and so does a named hart that never comes (each other
 * hart stops waiting after EARLY_WAITS_MAX looks). Then the first S-capable
 * hart to ask boots. sifive_u's hart 0, an E51 without S-mode, is named
 * by QEMU and declines: hart 1 boots, as on OpenSBI.
 *
 * Where the others go (fw_early_release()): the stack the boot hart
 * carved for them in the hart table, found by entry.S in a plain array;
 * a hart the table does not hold (beyond what the firmware serves, or
 * not in the tree) parks for good.
 */
#include "alloc.h"
#include "csr.h"
#include "early.h"
#include "hart.h"
#include "unpriv.h"

/*
 * How often each other hart looks before a named boot hart counts as
 * absent: some 2^28 instructions with entry.S's pause, a second or so
 * under QEMU. Counted per hart (entry.S keeps the count in a register):
 * a shared count ran out at 16 harts while QEMU had not yet run hart 0.
 */
#define EARLY_WAITS_MAX (1UL << 20)

#define EARLY_DATA __attribute__((section(".data")))

static bool early_declined EARLY_DATA; /* the named hart cannot boot */

unsigned long fw_early_role(unsigned long hartid, uintptr_t dynamic,
			    unsigned long waits);

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

unsigned long fw_early_role(unsigned long hartid, uintptr_t dynamic,
			    unsigned long waits)
{
	struct fw_dynamic_info info;
	unsigned long preferred;

	if (fw_early_claimed)
		return FW_ROLE_OTHER;
	preferred = fw_early_preferred(&info,
				       fw_early_read_dynamic(dynamic, &info));
	if (!fw_early_hart_has_s_mode()) {
		if (hartid == preferred)
			early_declined = true;
		return FW_ROLE_OTHER;
	}
	if (preferred != -1UL && preferred != hartid && !early_declined &&
	    waits < EARLY_WAITS_MAX)
		return FW_ROLE_WAIT;
	__atomic_store_n(&fw_early_claimed, 1, __ATOMIC_RELEASE);
	return FW_ROLE_BOOT;
}

/*
 * Where each hart's stack is, for entry.S to find without a stack of its
 * own: published once, read-only after, so no lock is needed.
 */
bool fw_early_release(void)
{
	unsigned int i, n = fw_hart_count();
	struct fw_early_frames *f = fw_alloc(sizeof(*f) + n * sizeof(f->e[0]));

	if (!f)
		return false;
	f->n = n;
	for (i = 0; i < n; i++) {
		const struct fw_hart *h = fw_hart_at(i);

		f->e[i].hartid = h->hartid;
		/* The frame and the scratch area are the stack's top bytes. */
		f->e[i].frame =
			h->stack_top - FW_SCRATCH_SIZE - FW_TRAP_REGS_SIZE;
	}
	__atomic_store_n(&fw_early_frames, f, __ATOMIC_RELEASE);
	return true;
}
