/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * EVENT_GET_INFO (FID 8, tables 18 and 19) for firmware reporting
 * SBI >= 3.0: the flags, alignment and reserved-bit rows, sizes whose
 * byte count overflows, memory the supervisor may not use, and the
 * answers themselves, which must agree with what CFG_MATCH accepts
 * (Linux 6.13+ trusts this call alone to decide which events exist).
 */
#include "check.h"
#include "env.h"
#include "groups.h"
#include "memprobe.h"
#include "pmu.h"

struct ev_entry {
	uint32_t event_idx;
	uint32_t output;
	uint64_t event_data;
};

_Static_assert(sizeof(struct ev_entry) == SBI_PMU_EVENT_INFO_ENTRY_SIZE,
	       "table 18: 16-byte entries");

#define EV_AREA	       4096
#define EV_MAX_ENTRIES 96 /* 10 general, 42 cache, 22 firmware, 2 raw */
/* Entries are written from the start; the rest of the page is a guard. */
static uint8_t ev_page[EV_AREA] __attribute__((aligned(EV_AREA)));

static const char why_param[] =
	"table 19: SBI_ERR_INVALID_PARAM when flags is not zero, "
	"shmem_phys_lo is not 16-byte aligned, or a reserved bit of an "
	"event_idx word is set";
static const char why_address[] =
	"table 19: SBI_ERR_INVALID_ADDRESS when the memory is not writable by "
	"the supervisor or breaks the shared memory rules";

static struct ev_entry *ev_entries(void)
{
	return (struct ev_entry *)ev_page;
}

static unsigned long ev_addr(void)
{
	return (unsigned long)ev_page;
}

/* Raw events are judged with this selector (no machine defines it). */
#define EV_RAW_DATA 0x12ULL

static uint64_t ev_data_for(unsigned long event)
{
	unsigned long type = event >> SBI_PMU_EVENT_TYPE_SHIFT;

	return type == SBI_PMU_EVENT_TYPE_HW_RAW ||
			       type == SBI_PMU_EVENT_TYPE_HW_RAW_V2
		       ? EV_RAW_DATA
		       : 0;
}

/* One entry per event, output preset to all-ones so writes show. */
static void ev_prepare(const unsigned long *events, unsigned int n)
{
	struct ev_entry *e = ev_entries();
	unsigned int i;

	memprobe_fill(ev_page, EV_AREA);
	for (i = 0; i < n; i++) {
		e[i].event_idx = (uint32_t)events[i];
		e[i].output = ~0U;
		e[i].event_data = ev_data_for(events[i]);
	}
}

static void ev_bad(const char *name, const char *why, errset_t accept,
		   unsigned long lo, unsigned long hi, unsigned long num,
		   unsigned long flags)
{
	static const unsigned long one[] = {EV_CYCLES};

	ev_prepare(one, 1);
	pmu_check_alive(name, why, accept, pmu_event_info(lo, hi, num, flags));
}

static void ev_params(void)
{
	static const unsigned long reserved[] = {EV_CYCLES,
						 (1UL << 20) | EV_CYCLES};
	const errset_t param = ERRS1(SBI_ERR_INVALID_PARAM);

	ev_bad("event_get_info.invalid_param.flags", why_param, param,
	       ev_addr(), 0, 1, 1);
	ev_bad("event_get_info.invalid_param.misaligned", why_param, param,
	       ev_addr() + 8, 0, 1, 0);
	ev_prepare(reserved, 2);
	pmu_check_alive("event_get_info.invalid_param.reserved_event_bits",
			why_param, param, pmu_event_info(ev_addr(), 0, 2, 0));
}

/* num_entries * 16 wraps to 16: the range check must see the real size. */
static void ev_huge(void)
{
	const errset_t refuse =
		ERRS2(SBI_ERR_INVALID_ADDRESS, SBI_ERR_INVALID_PARAM);
	static const char why[] =
		"16 * num_entries bytes do not fit below 2^XLEN: no such "
		"memory "
		"exists, so the call must fail (INVALID_ADDRESS, or "
		"INVALID_PARAM for a size it cannot represent) and write "
		"nothing beyond the first entry's page";
	unsigned long wrap = ULONG_ALL_ONES / SBI_PMU_EVENT_INFO_ENTRY_SIZE + 2;
	long changed;

	ev_bad("event_get_info.huge_num_entries.wraps", why, refuse, ev_addr(),
	       0, wrap, 0);
	changed = memprobe_changed(ev_page + 16, EV_AREA - 16);
	ev_bad("event_get_info.huge_num_entries.max", why, refuse, ev_addr(), 0,
	       ULONG_ALL_ONES, 0);
	if (changed < 0)
		changed = memprobe_changed(ev_page + 16, EV_AREA - 16);
	check_true("event_get_info.huge_num_entries.nothing_written", why,
		   changed < 0, "the guard area unchanged",
		   "byte 0x%lx changed", changed + 16);
}

static void ev_addresses(void)
{
	const errset_t addr = ERRS1(SBI_ERR_INVALID_ADDRESS);
	uint64_t end = memprobe_ram_end();

	if (memprobe_mmio())
		ev_bad("event_get_info.invalid_address.mmio", why_address, addr,
		       memprobe_mmio(), 0, 1, 0);
	else
		check_skip("event_get_info.invalid_address.mmio",
			   "no MMIO address in the device tree");
	if (memprobe_load_faults(memprobe_firmware()))
		ev_bad("event_get_info.invalid_address.firmware", why_address,
		       addr, memprobe_firmware(), 0, 1, 0);
	else
		check_skip("event_get_info.invalid_address.firmware",
			   "S-mode can read 0x80000000");
	if (end && end <= ULONG_ALL_ONES) {
		ev_bad("event_get_info.invalid_address.beyond_ram", why_address,
		       addr, (unsigned long)end, 0, 1, 0);
		ev_bad("event_get_info.invalid_address.crosses_ram_end",
		       why_address, addr, (unsigned long)end - 16, 0, 2, 0);
	} else {
		check_skip("event_get_info.invalid_address.beyond_ram",
			   "RAM end unknown");
	}
	ev_bad("event_get_info.invalid_address.high_half",
	       "shmem_phys_hi non-zero names memory above 2^XLEN (table 19, "
	       "INVALID_ADDRESS)",
	       addr, ev_addr(), 1, 1, 0);
}

/* Supported per EVENT_GET_INFO must equal "CFG_MATCH finds a counter". */
static bool ev_match_supports(unsigned long event)
{
	struct ctr_set set = (event >> 16) == SBI_PMU_EVENT_TYPE_FW
				     ? env_fw_set()
				     : env_all_set();
	struct sbiret r =
		pmu_cfg_match(set.base, set.mask, 0, event, ev_data_for(event));

	if (r.error)
		return false;
	env_note_match(set.base, set.mask, event, r.value);
	pmu_release(r.value);
	return true;
}

static unsigned int ev_all_events(unsigned long *events)
{
	unsigned int n = 0, code, id, op, res;

	for (code = 1; code < SBI_PMU_HW_GENERAL_MAX; code++)
		events[n++] = EV(SBI_PMU_EVENT_TYPE_HW, code);
	for (id = 0; id < SBI_PMU_HW_CACHE_MAX; id++)
		for (op = 0; op < SBI_PMU_HW_CACHE_OP_MAX; op++)
			for (res = 0; res < 2; res++)
				events[n++] = EV_CACHE(id, op, res);
	for (code = 0; code < SBI_PMU_FW_STANDARD_MAX; code++)
		events[n++] = EV_FW(code);
	events[n++] = EV(SBI_PMU_EVENT_TYPE_HW_RAW, 0);
	events[n++] = EV(SBI_PMU_EVENT_TYPE_HW_RAW_V2, 0);
	return n;
}

static void ev_agreement(void)
{
	static const char name[] = "event_get_info.agrees_with_cfg_match";
	unsigned long events[EV_MAX_ENTRIES];
	unsigned int n = ev_all_events(events), i;
	const struct ev_entry *e = ev_entries();
	struct sbiret r;

	ev_prepare(events, n);
	r = pmu_event_info(ev_addr(), 0, n, 0);
	if (r.error) {
		check_fail(name, why_param, "SUCCESS",
			   "%s for %u standard events",
			   check_error_name(r.error), n);
		return;
	}
	for (i = 0; i < n; i++) {
		bool listed = (e[i].output & 1) != 0;

		if (listed != ev_match_supports(events[i])) {
			check_fail(name,
				   "table 18: bit 0 says whether the event is "
				   "supported; Linux then uses only those "
				   "events, so it must match what CFG_MATCH "
				   "finds a counter for",
				   "the same answer as CFG_MATCH",
				   "output %u for event 0x%lx",
				   (unsigned int)e[i].output, events[i]);
			return;
		}
	}
	check_pass(name);
}

/* Two standard events and two reserved ones, which nothing can count. */
static const unsigned long ev_sample[] = {
	EV_CYCLES,
	EV_INSTRUCTIONS,
	EV(SBI_PMU_EVENT_TYPE_HW, 11),
	EV_FW(SBI_PMU_FW_STANDARD_MAX),
};

#define EV_SAMPLE (sizeof(ev_sample) / sizeof(ev_sample[0]))

/* The entries of ev_sample after a successful call. */
static void ev_judge_sample(void)
{
	const struct ev_entry *e = ev_entries();
	bool reserved_clear = true, ro_kept = true;
	unsigned int i;

	for (i = 0; i < EV_SAMPLE; i++) {
		reserved_clear &= (e[i].output & ~1U) == 0;
		ro_kept &= e[i].event_idx == (uint32_t)ev_sample[i] &&
			   e[i].event_data == 0;
	}
	check_true(
		"event_get_info.output_reserved_bits_zero",
		"table 18: the implementation updates the entire output word; "
		"BIT[1:31] are reserved and must be zero",
		reserved_clear, "output 0 or 1 for every entry",
		"0x%x 0x%x 0x%x 0x%x", (unsigned int)e[0].output,
		(unsigned int)e[1].output, (unsigned int)e[2].output,
		(unsigned int)e[3].output);
	check_true("event_get_info.event_words_read_only",
		   "table 18: event_idx and event_data are read-only for the "
		   "implementation",
		   ro_kept, "event_idx and event_data unchanged", "changed");
	check_true(
		"event_get_info.unsupported_reported",
		"general code 11 and firmware code 22 are reserved: no counter "
		"can count them, so bit 0 is 0",
		e[2].output == 0 && e[3].output == 0, "output 0 and 0",
		"0x%x and 0x%x", (unsigned int)e[2].output,
		(unsigned int)e[3].output);
}

/* Returns false if the firmware does not offer the function. */
static bool ev_answers(void)
{
	struct sbiret r;

	ev_prepare(ev_sample, EV_SAMPLE);
	r = pmu_event_info(ev_addr(), 0, EV_SAMPLE, 0);
	check_error(
		"event_get_info.success",
		"table 19: SBI_SUCCESS when the output field is updated for "
		"each event, or SBI_ERR_NOT_SUPPORTED when the function is "
		"not available",
		ERRS2(SBI_SUCCESS, SBI_ERR_NOT_SUPPORTED), r);
	if (r.error)
		return false;
	ev_judge_sample();
	return true;
}

void event_info_run(void)
{
	if (!env_version_at_least(3, 0)) {
		check_skip("event_get_info",
			   "the firmware reports SBI < 3.0 "
			   "(FID 8 judged by version_gate.event_get_info)");
		return;
	}
	if (!ev_answers()) {
		check_skip("event_get_info", "the function is not available");
		return;
	}
	ev_agreement();
	ev_params();
	ev_huge();
	ev_addresses();
}
