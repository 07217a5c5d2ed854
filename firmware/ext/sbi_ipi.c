/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * SBI IPI extension (EID "sPI", SBI v3.0 chapter "IPI Extension"):
 * send_ipi raises the S-mode software interrupt on every hart of the
 * hart list. The list is checked whole before any hart is signalled.
 * IPI_SENT counts once per target; IPI_RECEIVED is counted by the
 * receiver (ipi.c).
 */
#include <sbipmu/pmu.h>

#include "ext/ipi.h"
#include "ext/sbi_ext.h"

void fw_ext_ipi_send_list(struct fw_hart *h, const struct fw_hartlist *list)
{
	struct fw_hart *t;
	unsigned int cursor = 0;

	while ((t = fw_hartlist_next(list, &cursor))) {
		pmu_fw_event(h->pmu, SBI_PMU_FW_IPI_SENT);
		fw_ipi_send(t, FW_IPI_SSIP);
	}
}

struct sbiret fw_ext_ipi_ecall(struct fw_hart *h, unsigned long fid,
			       const unsigned long a[6])
{
	struct sbiret r = {SBI_ERR_NOT_SUPPORTED, 0};
	struct fw_hartlist list;

	if (fid != SBI_EXT_IPI_SEND_IPI)
		return r;
	r.error = fw_hartlist_decode(a[0], a[1], &list);
	if (r.error)
		return r;
	fw_ext_ipi_send_list(h, &list);
	return r;
}
