/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * libFuzzer harness for the SBI PMU and SSE ecall surfaces. Each input chooses
 * a hardware configuration (XLEN, Sscofpmf, Smcntrpmf, H, counters, firmware
 * counters) and then a program of steps: ecalls with hostile or plausible
 * arguments, counter ticks (overflows), firmware events from each mode the
 * hart has, writes into supervisor memory (event-info tables, snapshot
 * contents) and LCOFIP clears. After every step the invariants below are
 * checked and any breach aborts, which libFuzzer reports as a crash:
 *  - no CSR access real hardware would reject, no byte changed outside a
 *    shared-memory range the platform accepted (sim violations);
 *  - the error is one of the spec's codes, and value is 0 on error;
 *  - CFG_MATCH returns a counter inside the requested set;
 *  - started counters are mapped, hardware counters count exactly when
 *    started, unmapped hpm counters have a zero selector, firmware
 *    counters are listed as running exactly when started.
 * Steps with bit 3 of the op set drive a simulated SSE platform of the
 * same XLEN/Sscofpmf/H instead (SSE calls with hostile arguments,
 * counter overflows, doorbells), checked after every step as the SSE
 * unit tests do (fuzz_check_sse()).
 * With bit 6 of the first byte set, a supervisor on the other hart
 * rewrites shared memory while each PMU call runs (fuzz_writer below);
 * the memory invariants then also cover what it does to the core: no
 * word loaded twice, nothing loaded or stored outside a validated range.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/sim_env.h"
#include "sim/sim_sse.h"

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

/* @writer: the input asks for the concurrent writer (fuzz_writer). */
static struct sim_env_cfg fuzz_cfg(struct fuzz_in *in, bool *writer)
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
	*writer = b & 64;
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
	/* The functions with no value give 0, never what the stack held. */
	if (fid == SBI_EXT_PMU_COUNTER_START ||
	    fid == SBI_EXT_PMU_COUNTER_STOP ||
	    fid == SBI_EXT_PMU_SNAPSHOT_SET_SHMEM ||
	    fid == SBI_EXT_PMU_EVENT_GET_INFO || fid > 8)
		fuzz_assert(ret.value == 0);
	if (fid == SBI_EXT_PMU_COUNTER_CFG_MATCH && ret.error == 0)
		fuzz_assert(ret.value < 64 &&
			    ((fuzz_set(env, a[0], a[1]) >> ret.value) & 1));
}

/* ---- SSE: the same program drives a simulated SSE platform ---- */

static const uint32_t fuzz_sse_events[] = {
	SBI_SSE_EVENT_LOCAL_PMU_OVERFLOW,
	SBI_SSE_EVENT_LOCAL_SOFTWARE,
	SBI_SSE_EVENT_GLOBAL_SOFTWARE,
	SBI_SSE_EVENT_LOCAL_HIGH_PRIO_RAS,
	SBI_SSE_EVENT_GLOBAL_LOW_PRIO_RAS,
	0x00010001,
	0xFFFF4000,
};

/* Values that sit on SSE's boundaries. */
static unsigned long fuzz_sse_arg(struct fuzz_in *in)
{
	uint8_t kind = fuzz_u8(in);
	uint64_t small = kind >> 4;

	switch (kind & 0x7) {
	case 0:
		return small;
	case 1: /* an event, sometimes with junk above bit 31 */
		return fuzz_sse_events[small % 7] |
		       (small & 8 ? 0xF00000000ULL : 0);
	case 2: /* a hart id, known or not */
		return SIM_SSE_HARTID(small & 3);
	case 3: /* attribute memory, aligned or not, RAM or firmware */
		return (unsigned long)(SIM_RAM_BASE + (fuzz_u8(in) << 6) +
				       (small << 10) + (kind & 8 ? 4 : 0));
	case 4: /* an entry pc */
		return (unsigned long)(SIM_S_RAM_BASE + (small << 8) +
				       (kind & 8));
	case 5:
		return ~0UL - small;
	default:
		return (unsigned long)fuzz_u64(in);
	}
}

#define fuzz_sse_assert_event(ev)                                              \
	do {                                                                   \
		fuzz_assert(!(ev)->pending ||                                  \
			    (ev)->state == SBI_SSE_STATE_ENABLED ||            \
			    (ev)->state == SBI_SSE_STATE_RUNNING);             \
		fuzz_assert(((ev)->state == SBI_SSE_STATE_RUNNING) ==          \
			    ((ev)->runner != NULL));                           \
	} while (0)

/*
 * Pending only while ENABLED/RUNNING, a runner exactly while RUNNING,
 * every running event on its runner's stack above weaker ones, the
 * overflow routed to the firmware exactly while the PMU event is
 * ENABLED or RUNNING, no stray memory write.
 */
static void fuzz_check_sse(const struct sim_sse *s)
{
	unsigned int i, k;

	fuzz_assert(sim_sse_violations(s) == 0);
	for (i = 0; i < SSE_GLOBAL_EVENTS; i++)
		fuzz_sse_assert_event(&s->core.global[i]);
	for (i = 0; i < s->cfg.harts; i++) {
		const struct sse_hart *h = &s->hart[i];

		for (k = 0; k < SSE_LOCAL_EVENTS; k++)
			fuzz_sse_assert_event(&h->local[k]);
		fuzz_assert(h->depth <= SSE_MAX_RUNNING);
		for (k = 0; k < h->depth; k++) {
			const struct sse_event *ev = h->running[k];

			fuzz_assert(ev->state == SBI_SSE_STATE_RUNNING);
			fuzz_assert(ev->runner == h);
			if (k)
				fuzz_assert(
					ev->prio < h->running[k - 1]->prio ||
					(ev->prio == h->running[k - 1]->prio &&
					 ev->id < h->running[k - 1]->id));
		}
		fuzz_assert(s->sim[i].routed ==
			    (h->local[0].state >= SBI_SSE_STATE_ENABLED));
	}
}

static void fuzz_sse_ecall(struct sim_sse *s, struct fuzz_in *in,
			   unsigned int hart)
{
	unsigned long fid = fuzz_u8(in) % (SBI_EXT_SSE_FID_COUNT + 1), a[6];
	struct sbiret ret;
	unsigned int i;

	for (i = 0; i < 6; i++)
		a[i] = fuzz_sse_arg(in) & s->core.xlen_mask;
	ret = sim_sse_ecall(s, hart, fid, a[0], a[1], a[2], a[3], a[4], a[5]);
	/* COMPLETE that resumed hands back S-mode's own a0/a1. */
	if (fid == SBI_EXT_SSE_COMPLETE)
		return;
	fuzz_assert(sbi_error_is_defined(ret.error));
	fuzz_assert(ret.value == 0);
}

static void fuzz_sse_step(struct sim_sse *s, struct fuzz_in *in, uint8_t op)
{
	unsigned int hart = op >> 7;

	switch (op & 3) {
	case 0:
	case 1:
		fuzz_sse_ecall(s, in, hart);
		break;
	case 2:
		sim_sse_overflow(s, hart);
		break;
	default:
		sim_sse_take_ipis(s);
		break;
	}
	fuzz_check_sse(s);
}

/*
 * The concurrent writer (issue 12): a supervisor on another hart that
 * rewrites the event-info table and the snapshot area while a call uses
 * them. It is modelled deterministically, not with a second thread: a
 * thread would race for real, but libFuzzer must replay an input exactly
 * (a crash it cannot reproduce is no use, and coverage that changes from
 * run to run misleads it), and a thread can rarely land between two
 * particular loads of one call. Instead the simulated memory calls back
 * after every load and store the core makes to supervisor memory
 * (sim_mem.h, SBIPMU_SHMEM_TRACE), and the writer then rewrites a word
 * at, before or after that access, with values a generator seeded from
 * the input picks: reserved event_idx bits, known events, huge numbers.
 * So it hits exactly the words the core is about to load, or has just
 * loaded, in every interleaving the input asks for.
 * What is checked is sim_mem's, after every call: no byte loaded twice
 * in the call, no load or store outside the ranges validated for it, and
 * no byte of RAM changed outside them, comparing all of RAM with the
 * copy taken before the call (the writer's own writes go to both). Every
 * byte outside a validated range is thus a red zone, placed around
 * whatever range the input chose; ASan guards the firmware's own memory.
 */
struct fuzz_writer {
	uint64_t state; /* xorshift64, never 0 */
};

static uint64_t fuzz_writer_next(struct fuzz_writer *w)
{
	uint64_t x = w->state;

	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	w->state = x;
	return x;
}

/* Words a hostile supervisor would write into a table or a snapshot. */
static uint64_t fuzz_writer_value(struct fuzz_writer *w)
{
	uint64_t r = fuzz_writer_next(w);

	switch (r & 7) {
	case 0: /* a reserved event_idx bit on a known event */
		return (0x100000ULL << ((r >> 3) % 12)) | 0x1;
	case 1: /* a general or cache event, supported or not */
		return (r >> 3) & 0x1003F;
	case 2: /* a firmware event, maybe the platform's */
		return 0xF0000 | ((r >> 3) & 0xFFFF);
	case 3: /* a raw event */
		return 0x20000 | ((r >> 3) & 0x10000);
	case 4:
		return ~0ULL;
	case 5:
		return 0;
	default:
		return r;
	}
}

static void fuzz_writer_race(void *ctx, struct sim_mem *m, uint64_t addr,
			     unsigned int size, bool store)
{
	/* Relative to the access: itself, its entry, the ones around it. */
	static const int64_t offs[] = {0, 0, 4, 8, 12, 16, 24, -4, -8, -16};
	struct fuzz_writer *w = ctx;
	uint64_t r = fuzz_writer_next(w), value;
	unsigned int n = (r >> 8) & 1 ? 8 : 4, k;

	(void)size;
	(void)store;
	/* Sometimes the other hart is busy elsewhere. */
	if (!(r & 3))
		return;
	for (k = 0; k < ((r >> 2) & 3) + 1; k++) {
		int64_t off = offs[((r >> (10 + 4 * k)) & 0xF) % 10];

		value = fuzz_writer_value(w);
		/* Outside supervisor RAM the poke is refused: fine. */
		sim_mem_poke(m, addr + (uint64_t)off, &value, n);
	}
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

/*
 * The mode a firmware event comes from, from bits 5:4 of the op (unused
 * otherwise, so older inputs replay their steps): U or S only without H,
 * as on a real hart.
 */
static void fuzz_event_mode(struct sim_env *env, unsigned int hart, uint8_t op)
{
	unsigned int mode = (op >> 4) & 3;

	if (!env->cfg.hart.h_ext)
		mode |= PMU_MODE_U;
	env->hart[hart].mode = mode;
}

static void fuzz_step(struct sim_env *env, struct sim_sse *sse,
		      struct fuzz_in *in)
{
	uint8_t op = fuzz_u8(in);
	unsigned int hart = op >> 7;

	if (op & 8) {
		fuzz_sse_step(sse, in, op);
		return;
	}
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
		fuzz_event_mode(env, hart, op);
		pmu_fw_event(env->pmu[hart],
			     fuzz_u8(in) | (op & 8 ? 0x100 : 0));
		break;
	case 5:
		fuzz_event_mode(env, hart, op);
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
	static struct sim_sse sse;
	struct fuzz_in in = {data, size};
	bool writer_on;
	struct sim_env_cfg cfg = fuzz_cfg(&in, &writer_on);
	struct fuzz_writer writer;
	struct sim_sse_cfg sse_cfg = {
		.xlen = cfg.hart.xlen,
		.pmu_overflow = cfg.hart.sscofpmf,
		.h_ext = cfg.hart.h_ext,
		.harts = 2,
		.entry_hook = cfg.platform_events,
	};
	unsigned int steps = 0;

	if (sim_env_init(&env, &cfg) || sim_sse_init(&sse, &sse_cfg))
		abort();
	if (writer_on) {
		writer.state = fuzz_u64(&in) | 1;
		env.mem.race = fuzz_writer_race;
		env.mem.race_ctx = &writer;
	}
	while (in.n && steps++ < 64)
		fuzz_step(&env, &sse, &in);
	sim_env_free(&env);
	sim_sse_free(&sse);
	return 0;
}
