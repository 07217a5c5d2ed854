/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The error table of every SSE function (SBI v3.0 tables "SSE Event
 * Attributes Read Errors" to "SSE Hart Mask Errors"), each row forced
 * both ways where it has a boundary: the event ID space (ours, standard
 * but not offered, reserved, platform-specific), attr_count 0, attribute
 * ranges at and past the last ID (and a base near 2^32 that must not
 * wrap), the attribute memory (alignment, firmware memory, MMIO, the end
 * of RAM, a high half), read-only attributes, illegal values, the state
 * rules, the order in which errors are reported, and 32-bit arguments
 * that ignore the upper half of an RV64 register.
 */
#include "sse_util.h"

static const uint32_t ours[] = {EV_PMU, EV_LOCAL_SW, EV_GLOBAL_SW};

/* Standard IDs of table "SSE Event ID Space" that we do not offer. */
static const uint32_t unoffered[] = {
	SBI_SSE_EVENT_LOCAL_HIGH_PRIO_RAS,  SBI_SSE_EVENT_LOCAL_DOUBLE_TRAP,
	SBI_SSE_EVENT_GLOBAL_HIGH_PRIO_RAS, SBI_SSE_EVENT_LOCAL_LOW_PRIO_RAS,
	SBI_SSE_EVENT_GLOBAL_LOW_PRIO_RAS,
};

/* Reserved ("reserved for future use") and platform-specific IDs. */
static const uint32_t invalid[] = {
	0x00000002, 0x00003FFF, 0x00004000, 0x00007FFF, 0x00008001,
	0x0000C000, 0x00010001, 0x00014000, 0x00018000, 0x0001C000,
	0x00020000, 0x00100001, 0x00108001, 0x7FFFFFFF, 0xFFFF0001,
	0xFFFF4000, 0xFFFF8001, 0xFFFFC000, 0xFFFFFFFF,
};

#define N(a) (sizeof(a) / sizeof((a)[0]))

/* Every function taking an event_id, called with @ev; each gives @want. */
static void every_event_function(struct sim_sse *s, uint32_t ev, long want)
{
	assert_err(do_read(s, ev, 0, 1, SE_BUF), want);
	assert_err(do_write(s, ev, SBI_SSE_ATTR_PRIORITY, 1, SE_BUF), want);
	assert_err(do_register(s, ev, SE_ENTRY, 0), want);
	assert_err(do_unregister(s, ev), want);
	assert_err(do_enable(s, ev), want);
	assert_err(do_disable(s, ev), want);
	assert_err(do_inject(s, ev, SIM_SSE_HARTID(0)), want);
}

/* ---- the event ID space ---- */

/* "SBI_ERR_INVALID_PARAM: event_id is invalid" in every table. */
static void test_event_id__reserved_or_platform__invalid_param(void **state)
{
	struct sim_sse *s = *state;
	unsigned int i;

	se_put(s, SE_BUF, 0, 0);
	for (i = 0; i < N(invalid); i++)
		every_event_function(s, invalid[i], SBI_ERR_INVALID_PARAM);
}

/*
 * "SBI_ERR_NOT_SUPPORTED: event_id is not reserved and valid, but the
 * platform does not support it" (RAS, double trap).
 */
static void test_event_id__standard_not_offered__not_supported(void **state)
{
	struct sim_sse *s = *state;
	unsigned int i;

	se_put(s, SE_BUF, 0, 0);
	for (i = 0; i < N(unoffered); i++)
		every_event_function(s, unoffered[i], SBI_ERR_NOT_SUPPORTED);
}

/* The PMU event "depends on overflow IRQ": without Sscofpmf, missing. */
static void test_event_id__pmu_without_sscofpmf__not_supported(void **state)
{
	struct sim_sse *s = *state;

	se_put(s, SE_BUF, 0, 0);
	every_event_function(s, EV_PMU, SBI_ERR_NOT_SUPPORTED);
	/* The software events do not depend on it. */
	assert_ok(do_read(s, EV_LOCAL_SW, 0, 1, SE_BUF));
	assert_ok(do_read(s, EV_GLOBAL_SW, 0, 1, SE_BUF));
}

static void test_event_id__ours__readable(void **state)
{
	struct sim_sse *s = *state;
	unsigned int i;

	for (i = 0; i < N(ours); i++)
		assert_ok(do_read(s, ours[i], 0, SBI_SSE_ATTR_COUNT, SE_BUF));
}

/*
 * Binary Encoding: 32-bit data uses only 32 bits, so on RV64 the upper
 * half of event_id, base_attr_id and attr_count is ignored.
 */
static void test_uint32_args__upper_half__ignored(void **state)
{
	struct sim_sse *s = *state;
	const unsigned long hi = 1UL << 32;

	se_put(s, SE_BUF, 0, 7);
	assert_ok(do_write(s, hi | EV_LOCAL_SW, hi | SBI_SSE_ATTR_PRIORITY,
			   hi | 1, SE_BUF));
	assert_int_equal(attr(s, EV_LOCAL_SW, SBI_SSE_ATTR_PRIORITY), 7);
	assert_ok(do_register(s, hi | EV_LOCAL_SW, SE_ENTRY, 0));
	assert_int_equal(state_of(s, EV_LOCAL_SW), SBI_SSE_STATE_REGISTERED);
}

/* ---- READ_ATTRS / WRITE_ATTRS: range and memory ---- */

/* "SBI_ERR_INVALID_PARAM: ... attr_count is zero." */
static void test_attrs__count_zero__invalid_param(void **state)
{
	struct sim_sse *s = *state;

	assert_err(do_read(s, EV_LOCAL_SW, 0, 0, SE_BUF),
		   SBI_ERR_INVALID_PARAM);
	assert_err(do_write(s, EV_LOCAL_SW, 1, 0, SE_BUF),
		   SBI_ERR_INVALID_PARAM);
}

/* "SBI_ERR_BAD_RANGE: One of the event attribute IDs ... is reserved." */
static void test_attrs__range_past_a7__bad_range(void **state)
{
	struct sim_sse *s = *state;
	static const uint32_t base_count[][2] = {
		{10, 1},
		{9, 2},
		{0, 11},
		{0xFFFFFFFF, 1},
		{0xFFFFFFFF, 2},
		{1, 0xFFFFFFFF},
		{0x80000000, 0x80000000},
	};
	unsigned int i;

	for (i = 0; i < N(base_count); i++) {
		assert_err(do_read(s, EV_LOCAL_SW, base_count[i][0],
				   base_count[i][1], SE_BUF),
			   SBI_ERR_BAD_RANGE);
		assert_err(do_write(s, EV_LOCAL_SW, base_count[i][0],
				    base_count[i][1], SE_BUF),
			   SBI_ERR_BAD_RANGE);
	}
}

static void test_attrs__last_attribute__success(void **state)
{
	struct sim_sse *s = *state;

	assert_ok(do_read(s, EV_LOCAL_SW, 9, 1, SE_BUF));
	assert_ok(do_read(s, EV_LOCAL_SW, 0, 10, SE_BUF));
}

/* Memory every read and write must refuse with INVALID_ADDRESS. */
static void attrs_bad_memory(struct sim_sse *s, uint64_t addr,
			     unsigned long count)
{
	assert_err(do_read(s, EV_LOCAL_SW, 0, count, addr),
		   SBI_ERR_INVALID_ADDRESS);
	assert_err(do_write(s, EV_LOCAL_SW, 1, count > 9 ? 9 : count, addr),
		   SBI_ERR_INVALID_ADDRESS);
}

/* "output_phys_lo ... MUST be XLEN / 8 bytes aligned" */
static void test_attrs__misaligned__invalid_address(void **state)
{
	struct sim_sse *s = *state;
	unsigned int off;

	for (off = 1; off < se_word(s); off++)
		attrs_bad_memory(s, SE_BUF + off, 1);
}

/*
 * "Shared memory physical address range parameter": any inaccessible
 * address in the range gives INVALID_ADDRESS: firmware memory, MMIO,
 * past the end of RAM, a range straddling the end, the top of the
 * address space.
 */
static void test_attrs__not_supervisor_ram__invalid_address(void **state)
{
	struct sim_sse *s = *state;
	unsigned int w = se_word(s);

	attrs_bad_memory(s, SIM_RAM_BASE, 1);
	attrs_bad_memory(s, SIM_S_RAM_BASE - w, 2);
	attrs_bad_memory(s, SIM_MMIO_BASE, 1);
	attrs_bad_memory(s, SIM_RAM_BASE + SIM_RAM_SIZE, 1);
	attrs_bad_memory(s, SIM_RAM_BASE + SIM_RAM_SIZE - w, 2);
	attrs_bad_memory(s, ~0UL & ~(unsigned long)(w - 1), 1);
	attrs_bad_memory(s, 0, 1);
}

static void test_attrs__last_words_of_ram__success(void **state)
{
	struct sim_sse *s = *state;
	uint64_t end = SIM_RAM_BASE + SIM_RAM_SIZE;

	assert_ok(do_read(s, EV_LOCAL_SW, 0, 10, end - 10 * se_word(s)));
	assert_ok(do_read(s, EV_LOCAL_SW, 0, 1, SIM_S_RAM_BASE));
}

/* RV64: a non-zero phys_hi names an address above 64 bits. */
static void test_attrs__rv64_phys_hi__invalid_address(void **state)
{
	struct sim_sse *s = *state;

	assert_err(sse_call(s, SBI_EXT_SSE_READ_ATTRS, EV_LOCAL_SW, 0, 1,
			    SE_BUF, 1),
		   SBI_ERR_INVALID_ADDRESS);
	assert_err(sse_call(s, SBI_EXT_SSE_WRITE_ATTRS, EV_LOCAL_SW, 1, 1,
			    SE_BUF, 1UL << 63),
		   SBI_ERR_INVALID_ADDRESS);
}

/* RV32: (lo, hi) is one 64-bit address; above 4 GiB is not our RAM. */
static void test_attrs__rv32_phys_hi__joined(void **state)
{
	struct sim_sse *s = *state;

	assert_err(sse_call(s, SBI_EXT_SSE_READ_ATTRS, EV_LOCAL_SW, 0, 1,
			    SE_BUF, 1),
		   SBI_ERR_INVALID_ADDRESS);
	se_put(s, SE_BUF, 0, 0x55);
	assert_ok(sse_call(s, SBI_EXT_SSE_READ_ATTRS, EV_LOCAL_SW, 1, 1, SE_BUF,
			   0));
	assert_int_equal(se_get(s, SE_BUF, 0), 0);
}

/* Only the words of the range are written (sim_sse checks the rest). */
static void test_read_attrs__words_in_order__others_untouched(void **state)
{
	struct sim_sse *s = *state;
	uint8_t *p = se_mem(s, SE_BUF);

	memset(p, 0xA5, 64 + 8);
	se_put(s, SE_BUF2, 0, 0x1234);
	assert_ok(do_write(s, EV_LOCAL_SW, SBI_SSE_ATTR_PRIORITY, 1, SE_BUF2));
	assert_ok(do_read(s, EV_LOCAL_SW, SBI_SSE_ATTR_PRIORITY, 2, SE_BUF));
	/* Attribute base + i at word i, not at word base + i. */
	assert_int_equal(se_get(s, SE_BUF, 0), 0x1234);
	assert_int_equal(se_get(s, SE_BUF, 1), 0);
	assert_int_equal(p[2 * se_word(s)], 0xA5);
}

/* ---- WRITE_ATTRS: values and state rules ---- */

/* "SBI_ERR_DENIED: event_id is valid but one of the attributes is RO." */
static void test_write_attrs__read_only__denied(void **state)
{
	struct sim_sse *s = *state;
	static const uint32_t ro[] = {SBI_SSE_ATTR_STATUS,
				      SBI_SSE_ATTR_ENTRY_PC,
				      SBI_SSE_ATTR_ENTRY_ARG};
	unsigned int i, k;

	for (k = 0; k < N(ours); k++)
		for (i = 0; i < N(ro); i++)
			assert_err(set_attr(s, ours[k], ro[i], 0),
				   SBI_ERR_DENIED);
}

/* PREFERRED_HART: "read-only for local software events". */
static void test_write_attrs__local_preferred_hart__denied(void **state)
{
	struct sim_sse *s = *state;

	assert_err(set_attr(s, EV_LOCAL_SW, SBI_SSE_ATTR_PREFERRED_HART,
			    SIM_SSE_HARTID(0)),
		   SBI_ERR_DENIED);
	assert_err(set_attr(s, EV_PMU, SBI_SSE_ATTR_PREFERRED_HART,
			    SIM_SSE_HARTID(0)),
		   SBI_ERR_DENIED);
	assert_ok(set_attr(s, EV_GLOBAL_SW, SBI_SSE_ATTR_PREFERRED_HART,
			   SIM_SSE_HARTID(0)));
}

/* PRIORITY: "only lower 32-bits of the value are used". */
static void
test_write_attrs__priority_above_32_bits__invalid_param(void **state)
{
	struct sim_sse *s = *state;

	assert_err(
		set_attr(s, EV_LOCAL_SW, SBI_SSE_ATTR_PRIORITY, 0x100000000ULL),
		SBI_ERR_INVALID_PARAM);
	assert_ok(
		set_attr(s, EV_LOCAL_SW, SBI_SSE_ATTR_PRIORITY, 0xFFFFFFFFULL));
	assert_int_equal(attr(s, EV_LOCAL_SW, SBI_SSE_ATTR_PRIORITY),
			 0xFFFFFFFFULL);
}

/* CONFIG: "bit[XLEN-1:1]: Reserved for future use and must be zero". */
static void test_write_attrs__config_reserved_bit__invalid_param(void **state)
{
	struct sim_sse *s = *state;
	unsigned int bit;

	for (bit = 1; bit < s->cfg.xlen; bit++)
		assert_err(set_attr(s, EV_LOCAL_SW, SBI_SSE_ATTR_CONFIG,
				    1ULL << bit),
			   SBI_ERR_INVALID_PARAM);
	assert_ok(set_attr(s, EV_LOCAL_SW, SBI_SSE_ATTR_CONFIG,
			   SBI_SSE_ATTR_CONFIG_ONESHOT));
}

/* PREFERRED_HART: "must always be valid hart id". */
static void
test_write_attrs__preferred_hart_unknown__invalid_param(void **state)
{
	struct sim_sse *s = *state;

	assert_err(set_attr(s, EV_GLOBAL_SW, SBI_SSE_ATTR_PREFERRED_HART,
			    SIM_SSE_HARTID(3)),
		   SBI_ERR_INVALID_PARAM);
	assert_err(set_attr(s, EV_GLOBAL_SW, SBI_SSE_ATTR_PREFERRED_HART,
			    0xFFFFFFFF),
		   SBI_ERR_INVALID_PARAM);
	assert_int_equal(attr(s, EV_GLOBAL_SW, SBI_SSE_ATTR_PREFERRED_HART),
			 SIM_SSE_HARTID(0));
}

/* PRIORITY/CONFIG/PREFERRED_HART: "only ... UNUSED or REGISTERED". */
static void test_write_attrs__config_while_enabled__invalid_state(void **state)
{
	struct sim_sse *s = *state;

	assert_ok(set_attr(s, EV_GLOBAL_SW, SBI_SSE_ATTR_PRIORITY, 1));
	assert_ok(do_register(s, EV_GLOBAL_SW, SE_ENTRY, 0));
	assert_ok(set_attr(s, EV_GLOBAL_SW, SBI_SSE_ATTR_PRIORITY, 2));
	assert_ok(do_enable(s, EV_GLOBAL_SW));
	assert_err(set_attr(s, EV_GLOBAL_SW, SBI_SSE_ATTR_PRIORITY, 3),
		   SBI_ERR_INVALID_STATE);
	assert_err(set_attr(s, EV_GLOBAL_SW, SBI_SSE_ATTR_CONFIG, 0),
		   SBI_ERR_INVALID_STATE);
	assert_err(set_attr(s, EV_GLOBAL_SW, SBI_SSE_ATTR_PREFERRED_HART,
			    SIM_SSE_HARTID(0)),
		   SBI_ERR_INVALID_STATE);
	assert_int_equal(attr(s, EV_GLOBAL_SW, SBI_SSE_ATTR_PRIORITY), 2);
}

/* INTERRUPTED_*: "can be updated only when ... in RUNNING state". */
static void
test_write_attrs__interrupted_not_running__invalid_state(void **state)
{
	struct sim_sse *s = *state;
	uint32_t a;

	for (a = SBI_SSE_ATTR_INTERRUPTED_SEPC;
	     a <= SBI_SSE_ATTR_INTERRUPTED_A7; a++)
		assert_err(set_attr(s, EV_LOCAL_SW, a, 0),
			   SBI_ERR_INVALID_STATE);
	arm(s, EV_LOCAL_SW, SE_ENTRY, 0);
	for (a = SBI_SSE_ATTR_INTERRUPTED_SEPC;
	     a <= SBI_SSE_ATTR_INTERRUPTED_A7; a++)
		assert_err(set_attr(s, EV_LOCAL_SW, a, 0),
			   SBI_ERR_INVALID_STATE);
}

/* INTERRUPTED_FLAGS: bits 6 and up reserved; 0..5 all writable. */
static void test_write_attrs__interrupted_flags_values(void **state)
{
	struct sim_sse *s = *state;
	unsigned int bit;

	arm(s, EV_LOCAL_SW, SE_ENTRY, 0);
	assert_ok(do_unmask(s));
	assert_ok(do_inject(s, EV_LOCAL_SW, SIM_SSE_HARTID(0)));
	assert_true(se_in_handler(s, 0, SE_ENTRY, 0));
	for (bit = 0; bit < 6; bit++) {
		assert_ok(set_attr(s, EV_LOCAL_SW,
				   SBI_SSE_ATTR_INTERRUPTED_FLAGS,
				   1ULL << bit));
		assert_int_equal(
			attr(s, EV_LOCAL_SW, SBI_SSE_ATTR_INTERRUPTED_FLAGS),
			1ULL << bit);
	}
	for (bit = 6; bit < s->cfg.xlen; bit++)
		assert_err(set_attr(s, EV_LOCAL_SW,
				    SBI_SSE_ATTR_INTERRUPTED_FLAGS,
				    1ULL << bit),
			   SBI_ERR_INVALID_PARAM);
}

/*
 * "the first error encountered (based on attributes ID order) is
 * returned", and nothing is written when any attribute fails.
 */
static void
test_write_attrs__first_error_in_id_order__nothing_written(void **state)
{
	struct sim_sse *s = *state;

	/* PRIORITY ok, CONFIG illegal, PREFERRED_HART (local) read-only. */
	se_put(s, SE_BUF, 0, 5);
	se_put(s, SE_BUF, 1, 2);
	se_put(s, SE_BUF, 2, SIM_SSE_HARTID(0));
	assert_err(do_write(s, EV_LOCAL_SW, SBI_SSE_ATTR_PRIORITY, 3, SE_BUF),
		   SBI_ERR_INVALID_PARAM);
	assert_int_equal(attr(s, EV_LOCAL_SW, SBI_SSE_ATTR_PRIORITY), 0);
	/* CONFIG fixed: now PREFERRED_HART's DENIED is first. */
	se_put(s, SE_BUF, 1, 1);
	assert_err(do_write(s, EV_LOCAL_SW, SBI_SSE_ATTR_PRIORITY, 3, SE_BUF),
		   SBI_ERR_DENIED);
	assert_int_equal(attr(s, EV_LOCAL_SW, SBI_SSE_ATTR_CONFIG), 0);
	/* STATUS (DENIED) comes before PRIORITY's illegal value. */
	se_put(s, SE_BUF, 0, 0);
	se_put(s, SE_BUF, 1, 0x100000000ULL);
	assert_err(do_write(s, EV_LOCAL_SW, SBI_SSE_ATTR_STATUS, 2, SE_BUF),
		   SBI_ERR_DENIED);
	se_put(s, SE_BUF, 1, 0);
	se_put(s, SE_BUF, 2, 0);
	assert_ok(do_write(s, EV_LOCAL_SW, SBI_SSE_ATTR_PRIORITY, 2,
			   SE_BUF + se_word(s)));
}

static void test_write_attrs__several__all_written(void **state)
{
	struct sim_sse *s = *state;

	se_put(s, SE_BUF, 0, 9);
	se_put(s, SE_BUF, 1, SBI_SSE_ATTR_CONFIG_ONESHOT);
	se_put(s, SE_BUF, 2, SIM_SSE_HARTID(0));
	assert_ok(do_write(s, EV_GLOBAL_SW, SBI_SSE_ATTR_PRIORITY, 3, SE_BUF));
	assert_int_equal(attr(s, EV_GLOBAL_SW, SBI_SSE_ATTR_PRIORITY), 9);
	assert_int_equal(attr(s, EV_GLOBAL_SW, SBI_SSE_ATTR_CONFIG), 1);
}

/* ---- REGISTER / UNREGISTER / ENABLE / DISABLE ---- */

/* "SBI_ERR_INVALID_PARAM: ... handler_entry_pc is not 2-bytes aligned." */
static void test_register__entry_pc_odd__invalid_param(void **state)
{
	struct sim_sse *s = *state;

	assert_err(do_register(s, EV_LOCAL_SW, SE_ENTRY + 1, 0),
		   SBI_ERR_INVALID_PARAM);
	assert_err(do_register(s, EV_LOCAL_SW, ~0UL, 0), SBI_ERR_INVALID_PARAM);
	assert_int_equal(state_of(s, EV_LOCAL_SW), SBI_SSE_STATE_UNUSED);
	/* 2-byte aligned is enough (compressed instructions). */
	assert_ok(do_register(s, EV_LOCAL_SW, SE_ENTRY + 2, 0));
}

/*
 * Entry pc validated like the snapshot area: the platform may refuse
 * an address no handler can run at (the firmware's own memory).
 */
static void test_register__entry_pc_in_firmware__invalid_param(void **state)
{
	struct sim_sse *s = *state;

	assert_err(do_register(s, EV_LOCAL_SW, SIM_RAM_BASE, 0),
		   SBI_ERR_INVALID_PARAM);
	assert_err(do_register(s, EV_GLOBAL_SW, SIM_S_RAM_BASE - 2, 0),
		   SBI_ERR_INVALID_PARAM);
	assert_ok(do_register(s, EV_LOCAL_SW, SIM_S_RAM_BASE, 0));
	/* Virtual addresses elsewhere are S-mode's business. */
	assert_ok(do_register(s, EV_GLOBAL_SW, 0xFFFFFFFF80001000UL, 0));
}

/* "SBI_ERR_INVALID_STATE: ... the event is not in UNUSED state." */
static void test_register__not_unused__invalid_state(void **state)
{
	struct sim_sse *s = *state;

	assert_ok(do_register(s, EV_LOCAL_SW, SE_ENTRY, SE_ARG));
	assert_err(do_register(s, EV_LOCAL_SW, SE_ENTRY2, SE_ARG2),
		   SBI_ERR_INVALID_STATE);
	assert_int_equal(attr(s, EV_LOCAL_SW, SBI_SSE_ATTR_ENTRY_PC), SE_ENTRY);
	assert_int_equal(attr(s, EV_LOCAL_SW, SBI_SSE_ATTR_ENTRY_ARG), SE_ARG);
	assert_ok(do_enable(s, EV_LOCAL_SW));
	assert_err(do_register(s, EV_LOCAL_SW, SE_ENTRY, 0),
		   SBI_ERR_INVALID_STATE);
}

/* Misaligned pc with the event already registered: INVALID_PARAM first. */
static void test_register__bad_pc_and_state__invalid_param(void **state)
{
	struct sim_sse *s = *state;

	assert_ok(do_register(s, EV_LOCAL_SW, SE_ENTRY, 0));
	assert_err(do_register(s, EV_LOCAL_SW, SE_ENTRY + 1, 0),
		   SBI_ERR_INVALID_PARAM);
}

/* "SBI_ERR_INVALID_STATE: ... not in REGISTERED state." */
static void test_unregister__not_registered__invalid_state(void **state)
{
	struct sim_sse *s = *state;

	assert_err(do_unregister(s, EV_LOCAL_SW), SBI_ERR_INVALID_STATE);
	arm(s, EV_LOCAL_SW, SE_ENTRY, 0);
	assert_err(do_unregister(s, EV_LOCAL_SW), SBI_ERR_INVALID_STATE);
	assert_ok(do_disable(s, EV_LOCAL_SW));
	assert_ok(do_unregister(s, EV_LOCAL_SW));
}

static void test_enable__not_registered__invalid_state(void **state)
{
	struct sim_sse *s = *state;

	assert_err(do_enable(s, EV_GLOBAL_SW), SBI_ERR_INVALID_STATE);
	arm(s, EV_GLOBAL_SW, SE_ENTRY, 0);
	assert_err(do_enable(s, EV_GLOBAL_SW), SBI_ERR_INVALID_STATE);
}

static void test_disable__not_enabled__invalid_state(void **state)
{
	struct sim_sse *s = *state;

	assert_err(do_disable(s, EV_PMU), SBI_ERR_INVALID_STATE);
	assert_ok(do_register(s, EV_PMU, SE_ENTRY, 0));
	assert_err(do_disable(s, EV_PMU), SBI_ERR_INVALID_STATE);
}

/* A RUNNING event can be neither disabled nor unregistered. */
static void test_disable__running__invalid_state(void **state)
{
	struct sim_sse *s = *state;

	arm(s, EV_LOCAL_SW, SE_ENTRY, 0);
	assert_ok(do_unmask(s));
	assert_ok(do_inject(s, EV_LOCAL_SW, SIM_SSE_HARTID(0)));
	assert_int_equal(state_of(s, EV_LOCAL_SW), SBI_SSE_STATE_RUNNING);
	assert_err(do_disable(s, EV_LOCAL_SW), SBI_ERR_INVALID_STATE);
	assert_err(do_unregister(s, EV_LOCAL_SW), SBI_ERR_INVALID_STATE);
	assert_err(do_enable(s, EV_LOCAL_SW), SBI_ERR_INVALID_STATE);
	assert_err(do_register(s, EV_LOCAL_SW, SE_ENTRY, 0),
		   SBI_ERR_INVALID_STATE);
}

/* ---- COMPLETE, INJECT, HART_MASK / HART_UNMASK, unknown FIDs ---- */

/* "If there were no events in RUNNING state ... returns SBI_SUCCESS". */
static void test_complete__nothing_running__success(void **state)
{
	struct sim_sse *s = *state;
	uint64_t pc = s->sim[0].regs.pc;
	struct sbiret r = do_complete(s);

	assert_ok(r);
	assert_int_equal(r.value, 0);
	assert_int_equal(s->sim[0].regs.pc, pc + 4);
}

/* "SBI_ERR_INVALID_PARAM: event_id or hart_id is invalid." */
static void test_inject__unknown_hart__invalid_param(void **state)
{
	struct sim_sse *s = *state;

	assert_err(do_inject(s, EV_LOCAL_SW, SIM_SSE_HARTID(1)),
		   SBI_ERR_INVALID_PARAM);
	assert_err(do_inject(s, EV_LOCAL_SW, 0), SBI_ERR_INVALID_PARAM);
	assert_err(do_inject(s, EV_PMU, ~0UL), SBI_ERR_INVALID_PARAM);
	/* The event is judged first. */
	assert_err(do_inject(s, 0x2, ~0UL), SBI_ERR_INVALID_PARAM);
	assert_err(do_inject(s, SBI_SSE_EVENT_LOCAL_DOUBLE_TRAP, ~0UL),
		   SBI_ERR_NOT_SUPPORTED);
}

/* "For global events, the hart_id parameter is ignored." */
static void test_inject__global_any_hart_id__success(void **state)
{
	struct sim_sse *s = *state;

	assert_ok(do_inject(s, EV_GLOBAL_SW, ~0UL));
	assert_ok(do_inject(s, EV_GLOBAL_SW, 12345));
}

/* Events start masked; ALREADY_STARTED / ALREADY_STOPPED on repeats. */
static void test_hart_mask_unmask__repeat__already(void **state)
{
	struct sim_sse *s = *state;

	assert_err(do_mask(s), SBI_ERR_ALREADY_STOPPED);
	assert_ok(do_unmask(s));
	assert_err(do_unmask(s), SBI_ERR_ALREADY_STARTED);
	assert_ok(do_mask(s));
	assert_err(do_mask(s), SBI_ERR_ALREADY_STOPPED);
}

/* "An ECALL with ... an unsupported SBI function ID" */
static void test_fid__unknown__not_supported(void **state)
{
	struct sim_sse *s = *state;

	assert_err(sse_call(s, SBI_EXT_SSE_FID_COUNT, 0),
		   SBI_ERR_NOT_SUPPORTED);
	assert_err(sse_call(s, ~0UL, 0), SBI_ERR_NOT_SUPPORTED);
}

#define T(fn) cmocka_unit_test_setup_teardown(fn, se_setup, se_teardown)
#define T_RV32(fn)                                                             \
	cmocka_unit_test_setup_teardown(fn, se_setup_rv32, se_teardown)
#define T_NOSC(fn)                                                             \
	cmocka_unit_test_setup_teardown(fn, se_setup_no_sscofpmf, se_teardown)
#define T_HOOK(fn)                                                             \
	cmocka_unit_test_setup_teardown(fn, se_setup_entry_hook, se_teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_event_id__reserved_or_platform__invalid_param),
		T_RV32(test_event_id__reserved_or_platform__invalid_param),
		T(test_event_id__standard_not_offered__not_supported),
		T_NOSC(test_event_id__pmu_without_sscofpmf__not_supported),
		T(test_event_id__ours__readable),
		T(test_uint32_args__upper_half__ignored),
		T(test_attrs__count_zero__invalid_param),
		T(test_attrs__range_past_a7__bad_range),
		T_RV32(test_attrs__range_past_a7__bad_range),
		T(test_attrs__last_attribute__success),
		T(test_attrs__misaligned__invalid_address),
		T_RV32(test_attrs__misaligned__invalid_address),
		T(test_attrs__not_supervisor_ram__invalid_address),
		T_RV32(test_attrs__not_supervisor_ram__invalid_address),
		T(test_attrs__last_words_of_ram__success),
		T_RV32(test_attrs__last_words_of_ram__success),
		T(test_attrs__rv64_phys_hi__invalid_address),
		T_RV32(test_attrs__rv32_phys_hi__joined),
		T(test_read_attrs__words_in_order__others_untouched),
		T_RV32(test_read_attrs__words_in_order__others_untouched),
		T(test_write_attrs__read_only__denied),
		T(test_write_attrs__local_preferred_hart__denied),
		T(test_write_attrs__priority_above_32_bits__invalid_param),
		T(test_write_attrs__config_reserved_bit__invalid_param),
		T_RV32(test_write_attrs__config_reserved_bit__invalid_param),
		T(test_write_attrs__preferred_hart_unknown__invalid_param),
		T(test_write_attrs__config_while_enabled__invalid_state),
		T(test_write_attrs__interrupted_not_running__invalid_state),
		T(test_write_attrs__interrupted_flags_values),
		T_RV32(test_write_attrs__interrupted_flags_values),
		T(test_write_attrs__first_error_in_id_order__nothing_written),
		T(test_write_attrs__several__all_written),
		T(test_register__entry_pc_odd__invalid_param),
		T_HOOK(test_register__entry_pc_in_firmware__invalid_param),
		T(test_register__not_unused__invalid_state),
		T(test_register__bad_pc_and_state__invalid_param),
		T(test_unregister__not_registered__invalid_state),
		T(test_enable__not_registered__invalid_state),
		T(test_disable__not_enabled__invalid_state),
		T(test_disable__running__invalid_state),
		T(test_complete__nothing_running__success),
		T(test_inject__unknown_hart__invalid_param),
		T(test_inject__global_any_hart_id__success),
		T(test_hart_mask_unmask__repeat__already),
		T(test_fid__unknown__not_supported),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
