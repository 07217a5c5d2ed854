/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The table of per-hart shared state and the lookups every other file
 * uses to reach it. A hart id from S-mode is only ever turned into a
 * struct fw_hart here, with its bounds and presence (or, for HSM, its
 * place in the device tree) checked.
 */
#include "csr.h"
#include "hart.h"
#include "platform.h"

struct fw_hart fw_harts[FW_MAX_HARTS];

/* mscratch points at the trap frame; the scratch area lies above it. */
struct fw_scratch *fw_scratch_self(void)
{
	return (struct fw_scratch *)(csr_read(CSR_MSCRATCH) +
				     FW_TRAP_REGS_SIZE);
}

struct fw_hart *fw_hart_get(unsigned long hartid)
{
	if (hartid >= FW_MAX_HARTS)
		return NULL;
	if (!__atomic_load_n(&fw_harts[hartid].present, __ATOMIC_ACQUIRE))
		return NULL;
	return &fw_harts[hartid];
}

struct fw_hart *fw_hart_expected(unsigned long hartid)
{
	if (hartid < FW_MAX_HARTS && (fw_plat.dt_harts >> hartid) & 1)
		return &fw_harts[hartid];
	return fw_hart_get(hartid);
}

unsigned long fw_hart_present_mask(void)
{
	unsigned long mask = 0;
	unsigned int i;

	for (i = 0; i < FW_MAX_HARTS; i++)
		if (__atomic_load_n(&fw_harts[i].present, __ATOMIC_ACQUIRE))
			mask |= 1UL << i;
	return mask;
}
