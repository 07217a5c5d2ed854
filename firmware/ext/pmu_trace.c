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

#include "arch/discover.h"
#include "dev/dev.h"
#include "ext/pmu_trace.h"
#include "rt/alloc.h"
#include "rt/console.h"
#include "rt/hart.h"
#include "rt/platform.h"

/* Entries per hart's ring: what /chosen asked, or fewer (heap). */
static uint32_t trace_entries;

uint32_t fw_pmu_trace_entries(void)
{
	return trace_entries;
}

/*
 * A ring for every hart of the table, from the boot heap: as many
 * entries as asked, fewer if the heap cannot hold them (said at boot).
 */
void fw_pmu_trace_alloc(void)
{
	uint32_t want = fw_feat.trace_entries, n = want;
	unsigned int n_harts = fw_hart_count(), i;
	size_t per = sizeof(struct sbi_pmu_trace) + 16;
	size_t room = fw_alloc_free();

	if (!want || !n_harts)
		return;
	if ((sbi_pmu_trace_bytes(n) + per) * n_harts > room)
		n = (uint32_t)((room / n_harts - per) /
			       sizeof(struct sbi_pmu_trace_entry));
	for (i = 0; n && i < n_harts; i++) {
		struct fw_hart *h = fw_hart_at(i);

		h->trace = fw_alloc(sizeof(*h->trace));
		if (h->trace)
			sbi_pmu_trace_init(h->trace,
					   fw_alloc(sbi_pmu_trace_bytes(n)), n,
					   fw_dev_time);
	}
	trace_entries = n;
	if (n < want)
		fw_printf("pmu trace: %u entries per hart asked, %u fit\n",
			  (unsigned int)want, (unsigned int)n);
}

struct sbiret fw_pmu_trace_ecall(struct fw_hart *h, unsigned long fid,
				 const unsigned long a[6])
{
	struct sbiret ret = {SBI_ERR_NOT_SUPPORTED, 0};

	if (!h->pmu)
		return ret;
	pmu_fw_event(h->pmu, SBIPMU_FW_PMU_ECALL);
	return sbi_pmu_ecall_traced(h->pmu, h->trace, fid, a);
}

void fw_pmu_trace_dump(void)
{
	unsigned int i;

	for (i = 0; i < fw_hart_count(); i++)
		if (fw_hart_at(i)->trace)
			sbi_pmu_trace_dump(fw_hart_at(i)->trace,
					   (unsigned int)fw_hart_at(i)->hartid,
					   fw_printf);
}
