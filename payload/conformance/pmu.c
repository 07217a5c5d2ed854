/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The PMU call wrappers of pmu.h. Only this file knows how a 64-bit
 * argument travels on RV32, so every check is written once for both
 * XLENs.
 */
#include "pmu.h"

#include "env.h"
#include "sbi.h"

struct sbiret pmu_call(unsigned long fid, unsigned long a0, unsigned long a1,
		       unsigned long a2, unsigned long a3, unsigned long a4,
		       unsigned long a5)
{
	return sbi_ecall(SBI_EXT_PMU, fid, a0, a1, a2, a3, a4, a5);
}

struct sbiret pmu_num_counters(void)
{
	return pmu_call(SBI_EXT_PMU_NUM_COUNTERS, 0, 0, 0, 0, 0, 0);
}

struct sbiret pmu_get_info(unsigned long idx)
{
	return pmu_call(SBI_EXT_PMU_COUNTER_GET_INFO, idx, 0, 0, 0, 0, 0);
}

struct sbiret pmu_cfg_match(unsigned long cbase, unsigned long cmask,
			    unsigned long flags, unsigned long event,
			    uint64_t data)
{
#if XLEN == 32
	return pmu_call(SBI_EXT_PMU_COUNTER_CFG_MATCH, cbase, cmask, flags,
			event, (unsigned long)data,
			(unsigned long)(data >> 32));
#else
	return pmu_call(SBI_EXT_PMU_COUNTER_CFG_MATCH, cbase, cmask, flags,
			event, data, 0);
#endif
}

struct sbiret pmu_start(unsigned long cbase, unsigned long cmask,
			unsigned long flags, uint64_t value)
{
#if XLEN == 32
	return pmu_call(SBI_EXT_PMU_COUNTER_START, cbase, cmask, flags,
			(unsigned long)value, (unsigned long)(value >> 32), 0);
#else
	return pmu_call(SBI_EXT_PMU_COUNTER_START, cbase, cmask, flags, value,
			0, 0);
#endif
}

struct sbiret pmu_stop(unsigned long cbase, unsigned long cmask,
		       unsigned long flags)
{
	return pmu_call(SBI_EXT_PMU_COUNTER_STOP, cbase, cmask, flags, 0, 0, 0);
}

struct sbiret pmu_fw_read(unsigned long idx)
{
	return pmu_call(SBI_EXT_PMU_COUNTER_FW_READ, idx, 0, 0, 0, 0, 0);
}

struct sbiret pmu_fw_read_hi(unsigned long idx)
{
	return pmu_call(SBI_EXT_PMU_COUNTER_FW_READ_HI, idx, 0, 0, 0, 0, 0);
}

struct sbiret pmu_snapshot_set(unsigned long lo, unsigned long hi,
			       unsigned long flags)
{
	return pmu_call(SBI_EXT_PMU_SNAPSHOT_SET_SHMEM, lo, hi, flags, 0, 0, 0);
}

struct sbiret pmu_event_info(unsigned long lo, unsigned long hi,
			     unsigned long num, unsigned long flags)
{
	return pmu_call(SBI_EXT_PMU_EVENT_GET_INFO, lo, hi, num, flags, 0, 0);
}

struct sbiret pmu_match_set(struct ctr_set set, unsigned long flags,
			    unsigned long event)
{
	struct sbiret r = pmu_cfg_match(set.base, set.mask, flags, event, 0);

	if (r.error == SBI_SUCCESS)
		env_note_match(set.base, set.mask, event, r.value);
	return r;
}

struct sbiret pmu_match_one(unsigned long idx, unsigned long flags,
			    unsigned long event)
{
	struct ctr_set one = {idx, 1};

	return pmu_match_set(one, flags, event);
}

struct sbiret pmu_start_one(unsigned long idx, unsigned long flags,
			    uint64_t value)
{
	return pmu_start(idx, 1, flags, value);
}

struct sbiret pmu_stop_one(unsigned long idx, unsigned long flags)
{
	return pmu_stop(idx, 1, flags);
}

long pmu_fw_configure(unsigned long flags, unsigned long event)
{
	struct sbiret r = pmu_match_set(env_fw_set(), flags, event);

	return r.error ? -1 : (long)r.value;
}

void pmu_release(unsigned long idx)
{
	pmu_stop(idx, 1, SBI_PMU_STOP_FLAG_RESET);
}

void pmu_release_all(void)
{
	unsigned int i;

	for (i = 0; i < env.probed; i++)
		if (env.ctr[i].valid)
			pmu_release(i);
}

bool pmu_alive(void)
{
	struct sbiret r = pmu_num_counters();

	return r.error == SBI_SUCCESS && r.value == env.num;
}

bool pmu_check_alive(const char *name, const char *why, errset_t accept,
		     struct sbiret got)
{
	char expected[160], actual[96];

	if (pmu_alive())
		return check_error(name, why, accept, got);
	check_format_errset(expected, sizeof(expected), accept);
	check_format_ret(actual, sizeof(actual), got);
	check_fail(name, why, expected,
		   "%s, and NUM_COUNTERS answers differently afterwards",
		   actual);
	return false;
}

long pmu_fw_value(unsigned long idx, uint64_t *value)
{
	struct sbiret lo = pmu_fw_read(idx);

	*value = 0;
	if (lo.error)
		return lo.error;
	*value = lo.value;
#if XLEN == 32
	if (env_version_at_least(2, 0)) {
		struct sbiret hi = pmu_fw_read_hi(idx);

		if (hi.error)
			return hi.error;
		*value |= (uint64_t)hi.value << 32;
	}
#endif
	return SBI_SUCCESS;
}

uint64_t pmu_fw_take(long idx)
{
	uint64_t v = ~0ULL;

	if (idx < 0)
		return v;
	pmu_stop_one((unsigned long)idx, 0);
	pmu_fw_value((unsigned long)idx, &v);
	pmu_release((unsigned long)idx);
	return v;
}

void pmu_set_timer_calls(unsigned int n)
{
	while (n--)
		sbi_set_timer(TIMER_NEVER);
}
