/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The boot flow's side of the harts' first steps (entry.S has the rest):
 * who boots is decided in entry.S without stack or lock (see there); the
 * boot hart reads fw_dynamic_info again here, with traps caught, for
 * the banner and the next stage, and publishes where each other hart's
 * stack is once it has carved them (fw_early_release()): a plain array
 * entry.S searches by hart id. A hart the table does not hold (beyond
 * what the firmware serves, or not in the tree) parks for good.
 * sifive_u's hart 0, an E51 without S-mode, is the hart QEMU names and
 * declines: hart 1 boots, as on OpenSBI.
 */
#include "boot/early.h"
#include "cpu/csr.h"
#include "cpu/unpriv.h"
#include "rt/alloc.h"
#include "rt/hart.h"

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
