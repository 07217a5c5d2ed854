/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * EVENT_GET_INFO (FID 8, Tables 18 and 19): every error row with both
 * sides of each boundary (16-byte alignment, reserved flags, reserved
 * event_idx bits in any entry, ranges at the edges of supervisor RAM,
 * num_entries * 16 overflowing), the entry format (output written as a
 * whole 32-bit word, event_idx and event_data left alone), and the
 * answers: the same as CFG_MATCH gives for every event (docs/facts.md F3.11),
 * cycles and instructions without any rows, firmware events supported,
 * raw events only with raw rows. And a supervisor rewriting the table
 * from another hart during the call (the simulated memory's race hook):
 * each word loaded at most once, the answer from the words as loaded.
 */
#include "test_util.h"

#define ENTRY	    16UL
#define TABLE	    S_RAM
#define MAX_ENTRIES ((RAM_END - S_RAM) / ENTRY)

static int setup_no_rows(void **state)
{
	struct sim_env_cfg cfg = tu_cfg_qemu();

	cfg.no_rows = true;
	cfg.hart.sscofpmf = false;
	return tu_setup_cfg(state, &cfg);
}

static int setup_no_fw(void **state)
{
	struct sim_env_cfg cfg = tu_cfg_qemu();

	cfg.num_fw = 0;
	return tu_setup_cfg(state, &cfg);
}

/* Ask about one event; returns its output word. */
static uint32_t info_of(struct sim_env *env, uint32_t idx, uint64_t data)
{
	struct tu_info_entry *e = tu_info_table(env, TABLE, &idx, &data, 1);

	assert_ok(event_get_info(env, TABLE, 1, 0));
	assert_int_equal(e->event_idx, idx);
	assert_int_equal(e->event_data, data);
	return e->output;
}

/* ---- SBI_SUCCESS ---- */

static void test_event_get_info__qemu_events__supported(void **state)
{
	struct sim_env *env = *state;
	const uint32_t idx[] = {EV_CYCLES, EV_INSTRUCTIONS, EV_DTLB_READ_MISS,
				EV_DTLB_WRITE_MISS, EV_ITLB_READ_MISS};
	struct tu_info_entry *e = tu_info_table(env, TABLE, idx, NULL, 5);
	unsigned int i;

	assert_ok(event_get_info(env, TABLE, 5, 0));
	for (i = 0; i < 5; i++)
		assert_int_equal(e[i].output, 1);
}

static void test_event_get_info__unsupported_events__output_zero(void **state)
{
	struct sim_env *env = *state;
	const uint32_t idx[] = {
		EV_GENERAL(0),	   EV_GENERAL(3),     EV_GENERAL(10),
		EV_GENERAL(11),	   EV_CACHE(0, 0, 0), EV_CACHE(3, 0, 0),
		EV_CACHE(7, 0, 1), EV_CACHE(3, 3, 1), EV_TYPE(4, 1),
		EV_TYPE(14, 0),	   EV_FW(22),	      EV_FW(255),
		EV_FW(260),	   EV_FW(65534)};
	size_t n = sizeof(idx) / sizeof(idx[0]), i;
	struct tu_info_entry *e = tu_info_table(env, TABLE, idx, NULL, n);

	assert_ok(event_get_info(env, TABLE, n, 0));
	/* "MUST update this entire 32-bit word": bits 31:1 cleared too */
	for (i = 0; i < n; i++)
		assert_int_equal(e[i].output, 0);
}

static void test_event_get_info__fw_standard_and_impl__supported(void **state)
{
	struct sim_env *env = *state;
	uint32_t code;

	for (code = 0; code < SBI_PMU_FW_STANDARD_MAX; code++)
		assert_int_equal(info_of(env, EV_FW(code), 0), 1);
	for (code = 256; code <= 259; code++)
		assert_int_equal(info_of(env, EV_FW(code), 0), 1);
}

static void
test_event_get_info__fw_event_data_nonzero__output_zero(void **state)
{
	struct sim_env *env = *state;

	assert_int_equal(info_of(env, EV_FW(SBI_PMU_FW_IPI_SENT), 1), 0);
}

static void test_event_get_info__fw_platform__by_event_data(void **state)
{
	struct sim_env *env = *state;

	assert_int_equal(info_of(env, EV_FW_PLATFORM, 0), 1);
	assert_int_equal(info_of(env, EV_FW_PLATFORM, SIM_PLATFORM_EVENTS - 1),
			 1);
	assert_int_equal(info_of(env, EV_FW_PLATFORM, SIM_PLATFORM_EVENTS), 0);
	assert_int_equal(info_of(env, EV_FW_PLATFORM, 1ULL << 63), 0);
}

static void
test_event_get_info__fw_platform_without_hook__output_zero(void **state)
{
	struct sim_env *env = *state;

	assert_int_equal(info_of(env, EV_FW_PLATFORM, 0), 0);
}

static void test_event_get_info__no_fw_counters__fw_unsupported(void **state)
{
	struct sim_env *env = *state;

	assert_int_equal(info_of(env, EV_FW(SBI_PMU_FW_IPI_SENT), 0), 0);
	assert_int_equal(info_of(env, EV_FW(256), 0), 0);
}

static void test_event_get_info__raw_without_raw_rows__output_zero(void **state)
{
	struct sim_env *env = *state;

	/* generic rows exist, but they never make a raw event supported */
	assert_int_equal(info_of(env, EV_RAW, 0x42), 0);
	assert_int_equal(info_of(env, EV_RAW_V2, 0x42), 0);
}

static void
test_event_get_info__raw_with_raw_rows__data_width_checked(void **state)
{
	struct sim_env *env = *state;

	assert_int_equal(info_of(env, EV_RAW, 1ULL << 47), 1);
	assert_int_equal(info_of(env, EV_RAW, 1ULL << 48), 0);
	assert_int_equal(info_of(env, EV_RAW_V2, 1ULL << 55), 1);
	assert_int_equal(info_of(env, EV_RAW_V2, 1ULL << 56), 0);
	assert_int_equal(info_of(env, EV_RAW | 1, 0x42), 0);
}

static void
test_event_get_info__no_rows__cycles_instructions_supported(void **state)
{
	struct sim_env *env = *state;

	assert_int_equal(info_of(env, EV_CYCLES, 0), 1);
	assert_int_equal(info_of(env, EV_INSTRUCTIONS, 0), 1);
	assert_int_equal(info_of(env, EV_DTLB_READ_MISS, 0), 0);
}

/*
 * Table 18: event_data is "Valid when event_idx.type is either 0x2, 0x3
 * or 0xf"; for general and cache events the word is not part of the
 * question, so whatever it holds cannot make the event unsupported.
 */
static void test_event_get_info__general_cache_event_data_ignored(void **state)
{
	struct sim_env *env = *state;

	assert_int_equal(info_of(env, EV_CYCLES, 0xDEADBEEF), 1);
	assert_int_equal(info_of(env, EV_DTLB_READ_MISS, ~0ULL), 1);
}

static void test_event_get_info__same_answers_as_cfg_match(void **state)
{
	struct sim_env *env = *state;
	uint32_t idx[160];
	size_t n = 0, i;
	struct tu_info_entry *e;

	for (i = 0; i <= 12; i++)
		idx[n++] = EV_GENERAL(i);
	for (i = 0; i < 66; i++)
		idx[n++] = EV_CACHE(0, 0, 0) + i;
	/* codes past the precomputed tables' 64 (pmu_map.h) */
	idx[n++] = EV_GENERAL(63);
	idx[n++] = EV_GENERAL(64);
	idx[n++] = EV_GENERAL(0xFFFF);
	idx[n++] = EV_TYPE(1, 0xFFC1);
	for (i = 0; i < 24; i++)
		idx[n++] = EV_FW(i);
	for (i = 254; i <= 261; i++)
		idx[n++] = EV_FW(i);
	for (i = 2; i <= 14; i++)
		idx[n++] = EV_TYPE(i, 0);
	idx[n++] = EV_FW_PLATFORM;
	e = tu_info_table(env, TABLE, idx, NULL, n);
	assert_ok(event_get_info(env, TABLE, n, 0));
	for (i = 0; i < n; i++) {
		struct sbiret r =
			cfg_match(env, 0, tu_valid(env), 0, idx[i], 0);

		assert_int_equal(e[i].output, r.error == SBI_SUCCESS);
		if (r.error == SBI_SUCCESS)
			stop(env, r.value, 1, SBI_PMU_STOP_FLAG_RESET);
	}
}

static void
test_event_get_info__raw_rows_no_sscofpmf__same_as_cfg_match(void **state)
{
	test_event_get_info__same_answers_as_cfg_match(state);
}

static void
test_event_get_info__num_entries_zero__success_untouched(void **state)
{
	struct sim_env *env = *state;

	assert_ok(event_get_info(env, TABLE, 0, 0));
	/* docs/semantics.md: nothing to read, so no address to check */
	assert_ok(event_get_info(env, SIM_RAM_BASE, 0, 0));
}

static void test_event_get_info__table_ending_at_ram_end__success(void **state)
{
	struct sim_env *env = *state;
	uint32_t idx = EV_CYCLES;
	struct tu_info_entry *e =
		tu_info_table(env, RAM_END - ENTRY, &idx, NULL, 1);

	assert_ok(event_get_info(env, RAM_END - ENTRY, 1, 0));
	assert_int_equal(e->output, 1);
}

static void test_event_get_info__all_of_s_ram__success(void **state)
{
	struct sim_env *env = *state;
	struct tu_info_entry *e = tu_mem(env, TABLE);
	size_t i;

	for (i = 0; i < MAX_ENTRIES; i++)
		e[i] = (struct tu_info_entry){EV_FW(i % 300), 7, 0};
	assert_ok(event_get_info(env, TABLE, MAX_ENTRIES, 0));
	for (i = 0; i < MAX_ENTRIES; i++)
		assert_int_equal(e[i].output,
				 (i % 300) < 22 || ((i % 300) >= 256 &&
						    (i % 300) <= 259));
}

static void test_event_get_info__no_state_change(void **state)
{
	struct sim_env *env = *state;

	assert_int_equal(info_of(env, EV_CYCLES, 0), 1);
	assert_int_equal(tu_hart(env)->mapped, 0);
}

/* Implemented: the NOT_SUPPORTED and FAILED rows are never returned. */
static void
test_event_get_info__not_supported_and_failed_rows__never(void **state)
{
	struct sim_env *env = *state;
	const unsigned long addrs[] = {0, S_RAM, S_RAM + 8, RAM_END, ~0UL};
	const unsigned long nums[] = {0, 1, 1UL << 60, ~0UL};
	size_t i, j;

	for (i = 0; i < 5; i++) {
		for (j = 0; j < 4; j++) {
			struct sbiret r =
				event_get_info(env, addrs[i], nums[j], 0);

			assert_true(r.error != SBI_ERR_NOT_SUPPORTED);
			assert_true(r.error != SBI_ERR_FAILED);
		}
	}
}

/* ---- SBI_ERR_INVALID_PARAM ---- */

static void test_event_get_info__flags_nonzero__invalid_param(void **state)
{
	struct sim_env *env = *state;
	uint32_t idx = EV_CYCLES;
	struct tu_info_entry *e = tu_info_table(env, TABLE, &idx, NULL, 1);
	unsigned int bit;

	for (bit = 0; bit < 64; bit++)
		assert_err(event_get_info(env, TABLE, 1, 1UL << bit),
			   SBI_ERR_INVALID_PARAM);
	assert_int_equal(e->output, 0xFFFFFFFFu);
}

static void
test_event_get_info__not_16_byte_aligned__invalid_param(void **state)
{
	struct sim_env *env = *state;
	const unsigned long offs[] = {1, 4, 8, 15};
	uint32_t idx = EV_CYCLES;
	size_t i;

	tu_info_table(env, TABLE + 16, &idx, NULL, 1);
	for (i = 0; i < 4; i++)
		assert_err(event_get_info(env, TABLE + offs[i], 1, 0),
			   SBI_ERR_INVALID_PARAM);
	assert_ok(event_get_info(env, TABLE + 16, 1, 0));
}

/*
 * Table 19: INVALID_PARAM when "any reserved bit in an event_idx word is
 * set". The table does not say whether outputs may be written then. Our
 * choice (docs/semantics.md): one pass in order, each word loaded once,
 * so the entries before the bad one are answered, and the bad one and
 * those after it are not written.
 */
static void
test_event_get_info__reserved_idx_bit__earlier_answered_rest_untouched(
	void **state)
{
	struct sim_env *env = *state;
	uint32_t idx[4] = {EV_CYCLES, EV_INSTRUCTIONS, EV_DTLB_READ_MISS,
			   EV_FW(0)};
	const uint32_t bad[] = {1u << 20, 1u << 31, 0xFFF00000u};
	unsigned int pos, b, i;

	for (pos = 0; pos < 4; pos++) {
		for (b = 0; b < 3; b++) {
			struct tu_info_entry *e;

			idx[pos] |= bad[b];
			e = tu_info_table(env, TABLE, idx, NULL, 4);
			assert_err(event_get_info(env, TABLE, 4, 0),
				   SBI_ERR_INVALID_PARAM);
			/* all four are supported: an answer is 1 */
			for (i = 0; i < 4; i++)
				assert_int_equal(e[i].output,
						 i < pos ? 1 : 0xFFFFFFFFu);
			assert_int_equal(e[pos].event_idx, idx[pos]);
			idx[pos] &= ~bad[b];
		}
	}
}

/* ---- a supervisor rewriting the table during the call ---- */

#define AT(i, field)                                                           \
	(TABLE + ENTRY * (i) + offsetof(struct tu_info_entry, field))

/*
 * Another hart may rewrite the table while the call runs: a word loaded
 * twice could hold another value the second time than the one checked.
 * So each word is loaded at most once (sbi_shmem.h): event_idx once,
 * event_data once and only for the types table 18 gives one (2, 3 and
 * 15), the output word never (only stored, once per entry).
 */
static void test_event_get_info__each_word_loaded_at_most_once(void **state)
{
	struct sim_env *env = *state;
	const uint32_t idx[] = {EV_CYCLES,
				EV_DTLB_READ_MISS,
				EV_GENERAL(64),
				EV_TYPE(1, 0xFFC1),
				EV_RAW,
				EV_RAW_V2,
				EV_FW(SBI_PMU_FW_IPI_SENT),
				EV_FW_PLATFORM,
				EV_TYPE(5, 1)};
	const uint64_t data[] = {1, 2, 3, 4, 0x42, 0x42, 0, 0, 5};
	const size_t n = sizeof(idx) / sizeof(idx[0]);
	size_t i, b;

	tu_info_table(env, TABLE, idx, data, n);
	assert_ok(event_get_info(env, TABLE, n, 0));
	for (i = 0; i < n; i++) {
		unsigned int type = idx[i] >> SBI_PMU_EVENT_TYPE_SHIFT;
		unsigned int has_data = type == SBI_PMU_EVENT_TYPE_HW_RAW ||
					type == SBI_PMU_EVENT_TYPE_HW_RAW_V2 ||
					type == SBI_PMU_EVENT_TYPE_FW;

		for (b = 0; b < 4; b++) {
			assert_int_equal(sim_mem_loads_of(&env->mem,
							  AT(i, event_idx) + b),
					 1);
			assert_int_equal(
				sim_mem_loads_of(&env->mem, AT(i, output) + b),
				0);
		}
		for (b = 0; b < 8; b++)
			assert_int_equal(
				sim_mem_loads_of(&env->mem,
						 AT(i, event_data) + b),
				has_data);
	}
	assert_int_equal(env->mem.stores, n);
	assert_int_equal(env->mem.double_loads, 0);
}

/*
 * Once entry 1's event_idx is loaded, the other hart sets bit 31 in it and
 * in entry 3's. Entry 1 is answered from the word as loaded; entry 3 is
 * loaded with its reserved bit: INVALID_PARAM, entries 0-2 answered,
 * entry 3 not written.
 */
static void
test_event_get_info__concurrent_reserved_bit__stops_there(void **state)
{
	struct sim_env *env = *state;
	const uint32_t idx[4] = {EV_CYCLES, EV_INSTRUCTIONS, EV_DTLB_READ_MISS,
				 EV_FW(0)};
	struct tu_race race = {
		.after = AT(1, event_idx),
		.poke = {{AT(1, event_idx), EV_INSTRUCTIONS | (1u << 31), 4},
			 {AT(3, event_idx), EV_FW(0) | (1u << 31), 4}},
		.n_pokes = 2,
	};
	struct tu_info_entry *e = tu_info_table(env, TABLE, idx, NULL, 4);

	tu_race_arm(env, &race);
	assert_err(event_get_info(env, TABLE, 4, 0), SBI_ERR_INVALID_PARAM);
	tu_race_disarm(env);
	assert_int_equal(race.fired, 1);
	assert_int_equal(e[0].output, 1);
	assert_int_equal(e[1].output, 1);
	assert_int_equal(e[2].output, 1);
	assert_int_equal(e[3].output, 0xFFFFFFFFu);
}

/*
 * Once entry 0's event_data is loaded (a firmware event, data 0:
 * supported), the other hart rewrites that entry: event_data 1 (which
 * would make it unsupported) and a reserved bit in event_idx. The answer
 * is the one the loaded words give: supported, and the call succeeds.
 */
static void
test_event_get_info__rewritten_after_load__answer_from_loaded(void **state)
{
	struct sim_env *env = *state;
	const uint32_t idx[2] = {EV_FW(SBI_PMU_FW_IPI_SENT), EV_CYCLES};
	struct tu_race race = {
		.after = AT(0, event_data),
		.poke = {{AT(0, event_data), 1, 8},
			 {AT(0, event_idx), 0xFFF00000u, 4}},
		.n_pokes = 2,
	};
	struct tu_info_entry *e = tu_info_table(env, TABLE, idx, NULL, 2);

	tu_race_arm(env, &race);
	assert_ok(event_get_info(env, TABLE, 2, 0));
	tu_race_disarm(env);
	assert_int_equal(race.fired, 1);
	assert_int_equal(e[0].output, 1);
	assert_int_equal(e[1].output, 1);
}

/* ---- SBI_ERR_INVALID_ADDRESS ---- */

static void
test_event_get_info__one_entry_beyond_ram_end__invalid_address(void **state)
{
	struct sim_env *env = *state;

	assert_err(event_get_info(env, RAM_END - ENTRY, 2, 0),
		   SBI_ERR_INVALID_ADDRESS);
	assert_err(event_get_info(env, RAM_END, 1, 0), SBI_ERR_INVALID_ADDRESS);
	assert_err(event_get_info(env, TABLE, MAX_ENTRIES + 1, 0),
		   SBI_ERR_INVALID_ADDRESS);
}

static void test_event_get_info__firmware_memory__invalid_address(void **state)
{
	struct sim_env *env = *state;

	assert_err(event_get_info(env, SIM_RAM_BASE, 1, 0),
		   SBI_ERR_INVALID_ADDRESS);
	/* last entry of firmware memory plus the first of S-mode RAM */
	assert_err(event_get_info(env, S_RAM - ENTRY, 2, 0),
		   SBI_ERR_INVALID_ADDRESS);
}

static void
test_event_get_info__mmio_and_above_ram__invalid_address(void **state)
{
	struct sim_env *env = *state;

	assert_err(event_get_info(env, SIM_MMIO_BASE, 1, 0),
		   SBI_ERR_INVALID_ADDRESS);
	assert_err(event_get_info(env, 0x100000000UL, 1, 0),
		   SBI_ERR_INVALID_ADDRESS);
	assert_err(event_get_info(env, ~0UL - 15, 1, 0),
		   SBI_ERR_INVALID_ADDRESS);
}

static void
test_event_get_info__hi_half_nonzero_rv64__invalid_address(void **state)
{
	struct sim_env *env = *state;

	assert_err(ecall(env, SBI_EXT_PMU_EVENT_GET_INFO, TABLE, 1, 1, 0),
		   SBI_ERR_INVALID_ADDRESS);
}

static void
test_event_get_info__num_times_16_overflows__invalid_address(void **state)
{
	struct sim_env *env = *state;

	/* 2^60 * 16 wraps to 0, 2^60 + 1 wraps to 16: a one-entry table */
	assert_err(event_get_info(env, TABLE, 1UL << 60, 0),
		   SBI_ERR_INVALID_ADDRESS);
	assert_err(event_get_info(env, TABLE, (1UL << 60) + 1, 0),
		   SBI_ERR_INVALID_ADDRESS);
	assert_err(event_get_info(env, TABLE, ~0UL, 0),
		   SBI_ERR_INVALID_ADDRESS);
	/* no wrap in the multiplication, but in addr + size */
	assert_err(event_get_info(env, TABLE, 1UL << 59, 0),
		   SBI_ERR_INVALID_ADDRESS);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
#define T(f)	 cmocka_unit_test_setup_teardown(f, tu_setup_qemu, tu_teardown)
#define TS(f, s) cmocka_unit_test_setup_teardown(f, s, tu_teardown)
		T(test_event_get_info__qemu_events__supported),
		T(test_event_get_info__unsupported_events__output_zero),
		T(test_event_get_info__fw_standard_and_impl__supported),
		T(test_event_get_info__fw_event_data_nonzero__output_zero),
		TS(test_event_get_info__fw_platform__by_event_data,
		   tu_setup_qemu_platform),
		T(test_event_get_info__fw_platform_without_hook__output_zero),
		TS(test_event_get_info__no_fw_counters__fw_unsupported,
		   setup_no_fw),
		T(test_event_get_info__raw_without_raw_rows__output_zero),
		TS(test_event_get_info__raw_with_raw_rows__data_width_checked,
		   tu_setup_raw),
		TS(test_event_get_info__no_rows__cycles_instructions_supported,
		   setup_no_rows),
		T(test_event_get_info__general_cache_event_data_ignored),
		T(test_event_get_info__same_answers_as_cfg_match),
		TS(test_event_get_info__raw_rows_no_sscofpmf__same_as_cfg_match,
		   tu_setup_raw_no_sscofpmf),
		T(test_event_get_info__num_entries_zero__success_untouched),
		T(test_event_get_info__table_ending_at_ram_end__success),
		T(test_event_get_info__all_of_s_ram__success),
		T(test_event_get_info__no_state_change),
		T(test_event_get_info__not_supported_and_failed_rows__never),
		T(test_event_get_info__flags_nonzero__invalid_param),
		T(test_event_get_info__not_16_byte_aligned__invalid_param),
		T(test_event_get_info__reserved_idx_bit__earlier_answered_rest_untouched),
		T(test_event_get_info__each_word_loaded_at_most_once),
		T(test_event_get_info__concurrent_reserved_bit__stops_there),
		T(test_event_get_info__rewritten_after_load__answer_from_loaded),
		T(test_event_get_info__one_entry_beyond_ram_end__invalid_address),
		T(test_event_get_info__firmware_memory__invalid_address),
		T(test_event_get_info__mmio_and_above_ram__invalid_address),
		T(test_event_get_info__hi_half_nonzero_rv64__invalid_address),
		T(test_event_get_info__num_times_16_overflows__invalid_address),
#undef T
#undef TS
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
