/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Shared helpers for the SSE core's unit tests. Every SSE call goes
 * through se_call(), which runs it on the simulated platform (sim_sse:
 * the real decoder, the real core, the firmware's trap/delivery order)
 * and then asserts what must hold after any call, whatever its
 * arguments: the error is one of the spec's codes and value is 0 on
 * error, no stray memory write, an event is pending only while ENABLED
 * or RUNNING, overflow is routed to the firmware exactly while the PMU
 * event is ENABLED or RUNNING, and each hart's running stack holds
 * RUNNING events it runs, each outranking the one below it. Failures
 * are reported at the caller's line.
 */
#ifndef SBIPMU_SSE_UTIL_H
#define SBIPMU_SSE_UTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <sbipmu/sbi_spec.h>

#include "sim/sim_sse.h"

#define EV_PMU	     SBI_SSE_EVENT_LOCAL_PMU_OVERFLOW
#define EV_LOCAL_SW  SBI_SSE_EVENT_LOCAL_SOFTWARE
#define EV_GLOBAL_SW SBI_SSE_EVENT_GLOBAL_SOFTWARE

/* Supervisor RAM for attribute buffers and handler addresses. */
#define SE_BUF	   (SIM_S_RAM_BASE + 0x1000)
#define SE_BUF2	   (SIM_S_RAM_BASE + 0x2000)
#define SE_ENTRY   (SIM_S_RAM_BASE + 0x3000)
#define SE_ENTRY2  (SIM_S_RAM_BASE + 0x3100)
#define SE_ENTRY3  (SIM_S_RAM_BASE + 0x3200)
#define SE_ARG	   0xA0A0UL
#define SE_ARG2	   0xB0B0UL
#define SE_ARG3	   0xC0C0UL
#define SE_PREV_PC (SIM_S_RAM_BASE + 0x500)

#define SE_CHECK(cond, file, line)                                             \
	_assert_true((LargestIntegralType)((cond) ? 1 : 0), #cond, file, line)

/* ---- environment ---- */

static inline int se_setup_cfg(void **state, const struct sim_sse_cfg *cfg)
{
	struct sim_sse *s = calloc(1, sizeof(*s));

	assert_non_null(s);
	assert_int_equal(sim_sse_init(s, cfg), 0);
	*state = s;
	return 0;
}

static inline int se_setup(void **state)
{
	struct sim_sse_cfg cfg = sim_sse_default_cfg();

	return se_setup_cfg(state, &cfg);
}

static inline int se_setup_rv32(void **state)
{
	struct sim_sse_cfg cfg = sim_sse_default_cfg();

	cfg.xlen = 32;
	return se_setup_cfg(state, &cfg);
}

static inline int se_setup_no_sscofpmf(void **state)
{
	struct sim_sse_cfg cfg = sim_sse_default_cfg();

	cfg.pmu_overflow = false;
	return se_setup_cfg(state, &cfg);
}

static inline int se_setup_h(void **state)
{
	struct sim_sse_cfg cfg = sim_sse_default_cfg();

	cfg.h_ext = true;
	return se_setup_cfg(state, &cfg);
}

static inline int se_setup_entry_hook(void **state)
{
	struct sim_sse_cfg cfg = sim_sse_default_cfg();

	cfg.entry_hook = true;
	return se_setup_cfg(state, &cfg);
}

static inline int se_setup_smp(void **state)
{
	struct sim_sse_cfg cfg = sim_sse_default_cfg();

	cfg.harts = 3;
	return se_setup_cfg(state, &cfg);
}

/* ---- invariants after every call ---- */

static inline void se_check_event(const struct sse_event *ev, const char *file,
				  int line)
{
	if (ev->pending)
		SE_CHECK(ev->state == SBI_SSE_STATE_ENABLED ||
				 ev->state == SBI_SSE_STATE_RUNNING,
			 file, line);
	SE_CHECK((ev->state == SBI_SSE_STATE_RUNNING) == (ev->runner != NULL),
		 file, line);
}

static inline void se_check_stack(const struct sse_hart *h, const char *file,
				  int line)
{
	unsigned int i;

	SE_CHECK(h->depth <= SSE_MAX_RUNNING, file, line);
	for (i = 0; i < h->depth; i++) {
		SE_CHECK(h->running[i]->state == SBI_SSE_STATE_RUNNING, file,
			 line);
		SE_CHECK(h->running[i]->runner == h, file, line);
		if (i)
			SE_CHECK(h->running[i]->prio <
						 h->running[i - 1]->prio ||
					 (h->running[i]->prio ==
						  h->running[i - 1]->prio &&
					  h->running[i]->id <
						  h->running[i - 1]->id),
				 file, line);
	}
}

static inline void se_check_invariants(const struct sim_sse *s,
				       const char *file, int line)
{
	unsigned int i, k;

	SE_CHECK(sim_sse_violations(s) == 0, file, line);
	for (i = 0; i < SSE_GLOBAL_EVENTS; i++)
		se_check_event(&s->core.global[i], file, line);
	for (i = 0; i < s->cfg.harts; i++) {
		const struct sse_hart *h = &s->hart[i];
		const struct sse_event *pmu = &h->local[0];

		for (k = 0; k < SSE_LOCAL_EVENTS; k++)
			se_check_event(&h->local[k], file, line);
		se_check_stack(h, file, line);
		SE_CHECK(s->sim[i].routed ==
				 (pmu->state >= SBI_SSE_STATE_ENABLED),
			 file, line);
	}
}

static inline int se_teardown(void **state)
{
	struct sim_sse *s = *state;

	se_check_invariants(s, __FILE__, __LINE__);
	sim_sse_free(s);
	free(s);
	return 0;
}

/* ---- calls ---- */

static inline struct sbiret se_call(struct sim_sse *s, unsigned int hart,
				    unsigned long fid, const unsigned long a[6],
				    const char *file, int line)
{
	struct sbiret r =
		sim_sse_ecall(s, hart, fid, a[0], a[1], a[2], a[3], a[4], a[5]);

	se_check_invariants(s, file, line);
	return r;
}

/* A call that returned to its caller: its result is an SBI result. */
static inline struct sbiret
se_call_checked(struct sim_sse *s, unsigned int hart, unsigned long fid,
		const unsigned long a[6], const char *file, int line)
{
	struct sbiret r = se_call(s, hart, fid, a, file, line);

	SE_CHECK(sbi_error_is_defined(r.error), file, line);
	if (r.error != SBI_SUCCESS)
		SE_CHECK(r.value == 0, file, line);
	return r;
}

#define sse_call_on(s, hart, fid, ...)                                         \
	se_call_checked((s), (hart), (fid),                                    \
			(const unsigned long[6]){__VA_ARGS__}, __FILE__,       \
			__LINE__)
#define sse_call(s, fid, ...) sse_call_on((s), 0, (fid), __VA_ARGS__)

static inline void se_assert_err(struct sbiret r, long want, const char *file,
				 int line)
{
	if (r.error == want)
		return;
	print_error("%s:%d: got %s (%ld), expected %s (%ld)\n", file, line,
		    sbi_error_short_name(r.error), r.error,
		    sbi_error_short_name(want), want);
	_fail(file, line);
}

#define assert_err(r, want) se_assert_err((r), (want), __FILE__, __LINE__)
#define assert_ok(r)	    se_assert_err((r), SBI_SUCCESS, __FILE__, __LINE__)

#define do_register_on(s, hart, ev, pc, arg)                                   \
	sse_call_on((s), (hart), SBI_EXT_SSE_REGISTER, (ev), (pc), (arg))
#define do_register(s, ev, pc, arg) do_register_on((s), 0, (ev), (pc), (arg))
#define do_unregister(s, ev)	    sse_call((s), SBI_EXT_SSE_UNREGISTER, (ev))
#define do_enable_on(s, hart, ev)                                              \
	sse_call_on((s), (hart), SBI_EXT_SSE_ENABLE, (ev))
#define do_enable(s, ev)  do_enable_on((s), 0, (ev))
#define do_disable(s, ev) sse_call((s), SBI_EXT_SSE_DISABLE, (ev))
#define do_inject_on(s, hart, ev, target)                                      \
	sse_call_on((s), (hart), SBI_EXT_SSE_INJECT, (ev), (target))
#define do_inject(s, ev, target) do_inject_on((s), 0, (ev), (target))
#define do_unmask_on(s, hart)                                                  \
	sse_call_on((s), (hart), SBI_EXT_SSE_HART_UNMASK, 0)
#define do_unmask(s) do_unmask_on((s), 0)
#define do_mask(s)   sse_call((s), SBI_EXT_SSE_HART_MASK, 0)
/* COMPLETE may resume elsewhere: its a0/a1 are not a result then. */
#define do_complete_on(s, hart)                                                \
	se_call((s), (hart), SBI_EXT_SSE_COMPLETE,                             \
		(const unsigned long[6]){0}, __FILE__, __LINE__)
#define do_complete(s) do_complete_on((s), 0)

/* ---- attribute memory ---- */

static inline unsigned int se_word(const struct sim_sse *s)
{
	return s->cfg.xlen / 8;
}

static inline void *se_mem(struct sim_sse *s, uint64_t addr)
{
	void *p = sim_mem_ptr(&s->mem, addr);

	assert_non_null(p);
	return p;
}

/* Word @i of the XLEN-word array at @addr. */
static inline uint64_t se_get(struct sim_sse *s, uint64_t addr, unsigned int i)
{
	if (s->cfg.xlen == 32)
		return ((uint32_t *)se_mem(s, addr))[i];
	return ((uint64_t *)se_mem(s, addr))[i];
}

static inline void se_put(struct sim_sse *s, uint64_t addr, unsigned int i,
			  uint64_t v)
{
	if (s->cfg.xlen == 32)
		((uint32_t *)se_mem(s, addr))[i] = (uint32_t)v;
	else
		((uint64_t *)se_mem(s, addr))[i] = v;
}

/* READ_ATTRS / WRITE_ATTRS with the buffer at @addr (hi register 0). */
#define do_read_on(s, hart, ev, base, count, addr)                             \
	sse_call_on((s), (hart), SBI_EXT_SSE_READ_ATTRS, (ev), (base),         \
		    (count), (addr), 0)
#define do_read(s, ev, base, count, addr)                                      \
	do_read_on((s), 0, (ev), (base), (count), (addr))
#define do_write_on(s, hart, ev, base, count, addr)                            \
	sse_call_on((s), (hart), SBI_EXT_SSE_WRITE_ATTRS, (ev), (base),        \
		    (count), (addr), 0)
#define do_write(s, ev, base, count, addr)                                     \
	do_write_on((s), 0, (ev), (base), (count), (addr))

/* One attribute of @ev as hart @hart reads it (the call must succeed). */
static inline uint64_t se_attr_at(struct sim_sse *s, unsigned int hart,
				  uint32_t ev, uint32_t attr, const char *file,
				  int line)
{
	struct sbiret r = se_call_checked(
		s, hart, SBI_EXT_SSE_READ_ATTRS,
		(const unsigned long[6]){ev, attr, 1, SE_BUF2}, file, line);

	se_assert_err(r, SBI_SUCCESS, file, line);
	return se_get(s, SE_BUF2, 0);
}

#define attr_on(s, hart, ev, attr)                                             \
	se_attr_at((s), (hart), (ev), (attr), __FILE__, __LINE__)
#define attr(s, ev, attr) attr_on((s), 0, (ev), (attr))
#define state_on(s, hart, ev)                                                  \
	(attr_on((s), (hart), (ev), SBI_SSE_ATTR_STATUS) &                     \
	 SBI_SSE_ATTR_STATUS_STATE_MASK)
#define state_of(s, ev) state_on((s), 0, (ev))
#define pending_on(s, hart, ev)                                                \
	((attr_on((s), (hart), (ev), SBI_SSE_ATTR_STATUS) &                    \
	  SBI_SSE_ATTR_STATUS_PENDING) != 0)
#define pending_of(s, ev) pending_on((s), 0, (ev))

/* Write one attribute from hart @hart; returns the call's result. */
static inline struct sbiret se_set_at(struct sim_sse *s, unsigned int hart,
				      uint32_t ev, uint32_t attr, uint64_t v,
				      const char *file, int line)
{
	se_put(s, SE_BUF2, 0, v);
	return se_call_checked(s, hart, SBI_EXT_SSE_WRITE_ATTRS,
			       (const unsigned long[6]){ev, attr, 1, SE_BUF2},
			       file, line);
}

#define set_attr_on(s, hart, ev, attr, v)                                      \
	se_set_at((s), (hart), (ev), (attr), (v), __FILE__, __LINE__)
#define set_attr(s, ev, attr, v) set_attr_on((s), 0, (ev), (attr), (v))

/* ---- handler life ---- */

/* Register @ev at @pc/@arg and enable it on @hart; both must succeed. */
static inline void se_arm_at(struct sim_sse *s, unsigned int hart, uint32_t ev,
			     uint64_t pc, uint64_t arg, const char *file,
			     int line)
{
	se_assert_err(se_call_checked(s, hart, SBI_EXT_SSE_REGISTER,
				      (const unsigned long[6]){ev, pc, arg},
				      file, line),
		      SBI_SUCCESS, file, line);
	se_assert_err(se_call_checked(s, hart, SBI_EXT_SSE_ENABLE,
				      (const unsigned long[6]){ev}, file, line),
		      SBI_SUCCESS, file, line);
}

#define arm_on(s, hart, ev, pc, arg)                                           \
	se_arm_at((s), (hart), (ev), (pc), (arg), __FILE__, __LINE__)
#define arm(s, ev, pc, arg) arm_on((s), 0, (ev), (pc), (arg))

/* The hart is in the handler at @pc: a6 = hart id, a7 = @arg. */
static inline bool se_in_handler(const struct sim_sse *s, unsigned int hart,
				 uint64_t pc, uint64_t arg)
{
	const struct sse_regs *r = &s->sim[hart].regs;

	return r->pc == pc && r->a6 == SIM_SSE_HARTID(hart) && r->a7 == arg &&
	       r->s_mode && !r->sie && !r->virt;
}

#endif
