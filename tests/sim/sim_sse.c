/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The simulated SSE platform (see sim_sse.h).
 */
#include "sim_sse.h"

#include <stdlib.h>
#include <string.h>

struct sim_sse_cfg sim_sse_default_cfg(void)
{
	struct sim_sse_cfg cfg = {
		.xlen = 64,
		.pmu_overflow = true,
		.harts = 1,
	};
	return cfg;
}

/* The hooks' context is the hart's simulated state. */
static void sim_sse_regs_read(void *ctx, struct sse_regs *r)
{
	*r = ((struct sim_sse_hart *)ctx)->regs;
}

static void sim_sse_regs_write(void *ctx, const struct sse_regs *r)
{
	((struct sim_sse_hart *)ctx)->regs = *r;
}

static void sim_sse_kick(void *ctx)
{
	struct sim_sse_hart *sh = ctx;

	sh->ipi = true;
	sh->kicks++;
}

static void sim_sse_pmu_route(void *ctx, bool to_sse, bool repost)
{
	struct sim_sse_hart *sh = ctx;

	sh->routed = to_sse;
	if (repost) {
		sh->lcofip = true;
		sh->reposts++;
	}
}

static const struct sse_hal_ops sim_sse_hal_ops = {
	.regs_read = sim_sse_regs_read,
	.regs_write = sim_sse_regs_write,
	.kick = sim_sse_kick,
	.pmu_route = sim_sse_pmu_route,
};

/* Like the firmware: no handler in firmware memory. */
static bool sim_sse_entry_ok(void *ctx, uint64_t pc)
{
	(void)ctx;
	return pc < SIM_RAM_BASE || pc >= SIM_S_RAM_BASE;
}

int sim_sse_init(struct sim_sse *s, const struct sim_sse_cfg *cfg)
{
	struct sse_hw_desc hw = {
		.xlen = cfg->xlen,
		.pmu_overflow = cfg->pmu_overflow,
		.h_ext = cfg->h_ext,
	};
	unsigned int i;

	memset(s, 0, sizeof(*s));
	s->cfg = *cfg;
	if (!cfg->harts || cfg->harts > SIM_SSE_HARTS || sim_mem_init(&s->mem))
		return -1;
	s->before = malloc(SIM_RAM_SIZE);
	if (!s->before)
		return -1;
	s->plat.shmem_map = sim_mem_shmem_map;
	if (cfg->entry_hook)
		s->plat.entry_ok = sim_sse_entry_ok;
	if (sse_core_init(&s->core, &hw, &sim_sse_hal_ops, &s->plat, &s->mem))
		return -1;
	for (i = 0; i < cfg->harts; i++) {
		/* S-mode, interrupts on, somewhere in supervisor RAM. */
		s->sim[i].regs.pc = SIM_S_RAM_BASE + 0x100 * i;
		s->sim[i].regs.s_mode = true;
		s->sim[i].regs.sie = true;
		if (sse_hart_add(&s->core, &s->hart[i], SIM_SSE_HARTID(i),
				 &s->sim[i]))
			return -1;
	}
	return 0;
}

void sim_sse_free(struct sim_sse *s)
{
	sim_mem_free(&s->mem);
	free(s->before);
	s->before = NULL;
}

static unsigned long sim_sse_xlen(const struct sim_sse *s, unsigned long v)
{
	return s->cfg.xlen == 32 ? v & 0xFFFFFFFFUL : v;
}

struct sbiret sim_sse_ecall(struct sim_sse *s, unsigned int hart,
			    unsigned long fid, unsigned long a0,
			    unsigned long a1, unsigned long a2,
			    unsigned long a3, unsigned long a4,
			    unsigned long a5)
{
	const unsigned long a[6] = {a0, a1, a2, a3, a4, a5};
	struct sim_sse_hart *sh = &s->sim[hart];
	struct sbiret ret;
	bool resumed;

	/* The trap: S-mode's a6/a7 hold FID/EID; mepc steps over ecall. */
	sh->regs.a6 = sim_sse_xlen(s, fid);
	sh->regs.a7 = SBI_EXT_SSE;
	sh->regs.pc += 4;
	sh->a0 = a0;
	sh->a1 = a1;
	s->mem.n_accepted = 0;
	memcpy(s->before, s->mem.ram, SIM_RAM_SIZE);
	ret = sbi_sse_ecall(&s->hart[hart], fid, a, &resumed);
	sim_mem_check_writes(&s->mem, s->before);
	if (!resumed) {
		sh->a0 = (unsigned long)ret.error;
		sh->a1 = ret.value;
	}
	sse_hart_deliver(&s->hart[hart]);
	ret.error = (long)sh->a0;
	ret.value = sh->a1;
	return ret;
}

void sim_sse_overflow(struct sim_sse *s, unsigned int hart)
{
	struct sim_sse_hart *sh = &s->sim[hart];

	if (!sh->routed) {
		sh->lcofip = true;
		return;
	}
	/* Taken in M-mode: the firmware clears LCOFIP and signals SSE. */
	sse_pmu_overflow(&s->hart[hart]);
	sse_hart_deliver(&s->hart[hart]);
}

void sim_sse_take_ipis(struct sim_sse *s)
{
	unsigned int i;

	for (i = 0; i < s->cfg.harts; i++) {
		if (!s->sim[i].ipi)
			continue;
		s->sim[i].ipi = false;
		sse_hart_deliver(&s->hart[i]);
	}
}

size_t sim_sse_violations(const struct sim_sse *s)
{
	return s->mem.violations;
}
