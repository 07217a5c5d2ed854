/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Delivery of inter-hart messages over each hart's doorbell (see ipi.h). The
 * sender sets the message bits with a release before ringing the doorbell; the
 * receiver clears its doorbell before taking the bits, so a message
 * posted meanwhile rings again instead of being lost.
 */
#include <sbipmu/pmu.h>

#include "cpu/csr.h"
#include "dev/dev.h"
#include "ext/fence_exec.h"
#include "ext/ipi.h"
#include "ext/sbi_ext.h"

void fw_ipi_send(struct fw_hart *target, unsigned long bits)
{
	__atomic_or_fetch(&target->ipi_pending, bits, __ATOMIC_RELEASE);
	fw_dev_ipi_send(target);
}

static void ipi_process(struct fw_hart *self, unsigned long bits)
{
	if (bits & FW_IPI_SSIP) {
		csr_set(CSR_MIP, MIP_SSIP);
		pmu_fw_event(self->pmu, SBI_PMU_FW_IPI_RECEIVED);
	}
	if (bits & FW_IPI_FENCE)
		fw_fence_execute_owed(self);
	/* Delivery happens on the way back to S-mode (sse_hw.c). */
	if (bits & FW_IPI_SSE)
		self->sse_work = true;
	/* FW_IPI_WAKE needs no action: the wait loop re-reads its state. */
}

void fw_ipi_handle(struct fw_hart *self)
{
	fw_dev_ipi_clear(self);
	ipi_process(self, __atomic_exchange_n(&self->ipi_pending, 0,
					      __ATOMIC_ACQUIRE));
}

void fw_ipi_poll(struct fw_hart *self)
{
	if (__atomic_load_n(&self->ipi_pending, __ATOMIC_RELAXED))
		fw_ipi_handle(self);
}
