/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * libFuzzer harness for the SBI PMU ecall surface. Each input chooses a
 * hardware configuration (XLEN, Sscofpmf, Smcntrpmf, H, counters, firmware
 * counters) and then a program of steps: ecalls with hostile or plausible
 * arguments, counter ticks (overflows), firmware events, writes into
 * supervisor memory (event-info tables, snapshot contents) and LCOFIP
 * clears. After every step the invariants below are checked and any
 * breach aborts, which libFuzzer reports as a crash:
 *  - no CSR access real hardware would reject, no byte changed outside a
 *    shared-memory range the platform accepted (sim violations);
 *  - the error is one of the spec's codes, and value is 0 on error;
 *  - CFG_MATCH returns a counter inside the requested set;
 *  - started counters are mapped, hardware counters count exactly when
 *    started, unmapped hpm counters have a zero selector, firmware
 *    counters are listed as running exactly when started.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/sim_env.h"

struct fuzz_in {
	const uint8_t *p;
	size_t n;
};

static uint8_t fuzz_u8(struct fuzz_in *in)
{
	uint8_t v = 0;

	if (in->n) {
		v = *in->p++;
		in->n--;
	}
	return v;
}

static uint64_t fuzz_u64(struct fuzz_in *in)
{
	uint64_t v = 0;
	unsigned int i;

	for (i = 0; i < 8; i++)
		v = (v << 8) | fuzz_u8(in);
	return v;
}

/* Values that sit on the boundaries the core must get right. */
static unsigned long fuzz_arg(struct fuzz_in *in, const struct sim_env *env)
{
	uint8_t kind = fuzz_u8(in);
	uint64_t small = kind >> 4;

	switch (kind & 0xF) {
	case 0:
		return small;
	case 1:
		return ~0UL - small;
	case 2: /* a counter mask */
		return (unsigned long)fuzz_u64(in);
	case 3: /* 16-byte aligned supervisor RAM */
		return (unsigned long)(SIM_S_RAM_BASE + (fuzz_u8(in) << 4) +
				       (small << 12));
	case 4: /* page in RAM, maybe firmware */
		return (unsigned long)(SIM_RAM_BASE + (small << 12));
	case 5:
		return (unsigned long)SIM_MMIO_BASE;
	case 6: /* an event index of every type */
		return (unsigned long)((small << 16) | fuzz_u8(in));
	case 7:
		return (unsigned long)(0xF0000 | fuzz_u8(in) |
				       (small ? 0x100 : 0));
	case 8:
		return env->core.n_logical - 1 + small;
	default:
		return (unsigned long)fuzz_u64(in);
	}
}

static struct sim_env_cfg fuzz_cfg(struct fuzz_in *in)
{
	struct sim_env_cfg cfg = sim_env_default_cfg();
	uint8_t b = fuzz_u8(in);
	static const uint32_t masks[] = {0x7fffd,    0x5,  0x9d,
					 0xfffffffd, 0x1c, 0x0};

	cfg.hart.xlen = (b & 1) ? 32 : 64;
	cfg.hart.sscofpmf = b & 2;
	cfg.hart.smcntrpmf = b & 4;
	cfg.hart.h_ext = b & 8;
	cfg.platform_events = b & 16;
	cfg.no_rows = b & 32;
	cfg.harts = 2;
	b = fuzz_u8(in);
	cfg.hart.counters = masks[(b & 0xF) % (sizeof(masks) / 4)];
	cfg.hart.width = (b >> 4) & 1 ? 48 : 64;
	cfg.num_fw = fuzz_u8(in) % (PMU_MAX_FW_COUNTERS + 1);
	return cfg;
}

#define fuzz_assert(c)                                                         \
	do {                                                                   \
		if (!(c)) {                                                    \
			fprintf(stderr, "invariant failed: %s (line %d)\n",    \
				#c, __LINE__);                                 \
			abort();                                               \
		}                                                              \
	} while (0)

static void fuzz_check_hart(const struct sim_env *env, unsigned int i)
{
	const struct pmu_hart *h = env->pmu[i];
	const struct sim_hart *s = &env->hart[i];
	const struct pmu_core *core = &env->core;
	uint64_t running = core->hw_valid & ~(uint64_t)s->inhibit;
	const uint8_t *fw_event = pmu_hart_fw_event(h);
	uint32_t slots = 0;
	unsigned int k;

	/* Only a fixed counter may run unclaimed (hand-off state). */
	fuzz_assert((h->started & ~h->mapped & ~core->fixed_valid) == 0);
	fuzz_assert((h->started & core->hw_valid) == running);
	for (k = PMU_CTR_HPM_FIRST; k < 32; k++) {
		if (((core->hw_valid & ~h->mapped) >> k) & 1)
			fuzz_assert((s->event[k] & ~MHPMEVENT_OF) == 0);
	}
	/* A firmware counter has an event exactly when it is mapped. */
	for (k = 0; k < core->hw.num_fw_counters; k++) {
		bool mapped = (h->mapped >> (core->first_fw + k)) & 1;
		bool started = (h->started >> (core->first_fw + k)) & 1;

		fuzz_assert(mapped == (fw_event[k] != PMU_FW_SLOT_NONE));
		if (started)
			slots |= fw_event[k] == PMU_FW_SLOT_PLATFORM
					 ? PMU_FW_SLOTS_PLATFORM
					 : 1u << fw_event[k];
	}
	/* fw_slots names exactly the events some running counter counts. */
	fuzz_assert(h->fw_slots == slots);
}

static uint64_t fuzz_set(const struct sim_env *env, unsigned long cbase,
			 unsigned long cmask)
{
	uint64_t mask = cmask & env->core.xlen_mask;

	return cbase >= 64 ? 0 : mask << cbase;
}

static void fuzz_ecall(struct sim_env *env, struct fuzz_in *in)
{
	unsigned int hart = fuzz_u8(in) & 1;
	unsigned long fid = fuzz_u8(in) % 10, a[6];
	struct sbiret ret;
	unsigned int i;

	for (i = 0; i < 6; i++)
		a[i] = fuzz_arg(in, env) & env->core.xlen_mask;
	ret = sim_ecall(env, hart, fid, a[0], a[1], a[2], a[3], a[4], a[5]);
	fuzz_assert(sbi_error_is_defined(ret.error));
	fuzz_assert(ret.error == 0 || ret.value == 0);
	if (fid == SBI_EXT_PMU_COUNTER_CFG_MATCH && ret.error == 0)
		fuzz_assert(ret.value < 64 &&
			    ((fuzz_set(env, a[0], a[1]) >> ret.value) & 1));
}

static void fuzz_write_mem(struct sim_env *env, struct fuzz_in *in)
{
	uint64_t off = (fuzz_u8(in) << 8 | fuzz_u8(in)) % SIM_RAM_SIZE;
	uint8_t len = fuzz_u8(in) & 31, i;

	/* S-mode writes its own memory only. */
	if (off < SIM_FW_SIZE)
		off += SIM_FW_SIZE;
	for (i = 0; i < len && off + i < SIM_RAM_SIZE; i++)
		env->mem.ram[off + i] = fuzz_u8(in);
}

static void fuzz_step(struct sim_env *env, struct fuzz_in *in)
{
	uint8_t op = fuzz_u8(in);
	unsigned int hart = op >> 7;

	switch (op & 7) {
	case 0:
	case 1:
	case 2:
		fuzz_ecall(env, in);
		break;
	case 3:
		sim_hart_tick(&env->hart[hart], fuzz_u64(in));
		break;
	case 4:
		pmu_fw_event(env->pmu[hart],
			     fuzz_u8(in) | (op & 8 ? 0x100 : 0));
		break;
	case 5:
		pmu_fw_platform_event(env->pmu[hart], fuzz_u8(in) & 7, 1);
		break;
	case 6:
		fuzz_write_mem(env, in);
		break;
	default:
		env->hart[hart].lcofip = false;
		break;
	}
	fuzz_assert(sim_env_violations(env) == 0);
	fuzz_check_hart(env, 0);
	fuzz_check_hart(env, 1);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct sim_env env;
	struct fuzz_in in = {data, size};
	struct sim_env_cfg cfg = fuzz_cfg(&in);
	unsigned int steps = 0;

	if (sim_env_init(&env, &cfg))
		abort();
	while (in.n && steps++ < 64)
		fuzz_step(&env, &in);
	sim_env_free(&env);
	return 0;
}
