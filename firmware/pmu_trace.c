/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The firmware's side of the PMU call trace (sbi/sbi_pmu_trace.c holds
 * the recorder): rings allocated at boot when /chosen/sbipmu,trace asks
 * for them, the traced PMU handler, and the dump at shutdown.
 *
 * Zero cost when off: the ecall fast path tests fw_hart.pmu_fast, which
 * is the hart's PMU when tracing is off and NULL when it is on, so traced
 * calls take the ordinary dispatcher to fw_pmu_trace_ecall() and the
 * untraced path runs the same instructions as before.
 */
#include <sbipmu/pmu_spec.h>
#include <sbipmu/sbi_pmu_trace.h>

#include "alloc.h"
#include "console.h"
#include "discover.h"
#include "hart.h"
#include "platform.h"
#include "pmu_trace.h"

static struct sbi_pmu_trace trace_rings[FW_MAX_HARTS];

/*
 * Ring memory for every hart in @harts, from the boot heap: as many
 * entries as asked, fewer if the heap cannot hold them (said at boot).
 */
void fw_pmu_trace_alloc(unsigned long harts)
{
	uint32_t want = fw_feat.trace_entries, n = want;
	unsigned int n_harts = (unsigned int)__builtin_popcountl(harts), i;
	size_t room = fw_alloc_capacity() - fw_alloc_used();

	if (!want || !n_harts)
		return;
	if (sbi_pmu_trace_bytes(n) * n_harts > room)
		n = (uint32_t)(room / n_harts /
			       sizeof(struct sbi_pmu_trace_entry));
	for (i = 0; i < FW_MAX_HARTS; i++)
		if (harts & (1UL << i))
			sbi_pmu_trace_init(&trace_rings[i],
					   fw_alloc(sbi_pmu_trace_bytes(n)), n,
					   fw_clint_time);
	fw_feat.trace_entries = n;
	if (n < want)
		fw_printf("pmu trace: %u entries per hart asked, %u fit\n",
			  (unsigned int)want, (unsigned int)n);
}

bool fw_pmu_trace_on(unsigned int hartid)
{
	return trace_rings[hartid % FW_MAX_HARTS].size != 0;
}

struct sbiret fw_pmu_trace_ecall(struct fw_hart *h, unsigned long fid,
				 const unsigned long a[6])
{
	struct sbiret ret = {SBI_ERR_NOT_SUPPORTED, 0};

	if (!h->pmu)
		return ret;
	pmu_fw_event(h->pmu, SBIPMU_FW_PMU_ECALL);
	return sbi_pmu_ecall_traced(h->pmu, &trace_rings[h->hartid], fid, a);
}

void fw_pmu_trace_dump(void)
{
	unsigned int i;

	for (i = 0; i < FW_MAX_HARTS; i++)
		sbi_pmu_trace_dump(&trace_rings[i], i, fw_printf);
}
