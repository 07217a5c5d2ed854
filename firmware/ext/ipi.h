/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Inter-hart messages. A hart posts work into another hart's struct
 * fw_hart (an S-mode IPI to inject, a fence to perform) and rings its
 * doorbell (an MSIP, dev/dev.h); the receiver handles it in its M-software
 * interrupt, or in any M-mode wait loop, which must keep calling
 * fw_ipi_poll() so that two harts waiting on each other cannot deadlock.
 */
#ifndef FW_IPI_H
#define FW_IPI_H

#include <stdbool.h>

#include "rt/hart.h"

enum fw_ipi_bits {
	FW_IPI_SSIP = 1UL << 0,	 /* raise the S-mode software interrupt */
	FW_IPI_FENCE = 1UL << 1, /* perform requests from fence_from */
	FW_IPI_WAKE = 1UL << 2,	 /* leave a wait loop and look at HSM state */
	FW_IPI_SSE = 1UL << 3,	 /* look for an SSE event to deliver */
};

/* Post @bits to @target and ring its doorbell. */
void fw_ipi_send(struct fw_hart *target, unsigned long bits);

/* Does a doorbell reach @h (its driver's ops, dev/dev.h)? */
static inline bool fw_ipi_reaches(const struct fw_hart *h)
{
	return __atomic_load_n(&h->ipi, __ATOMIC_RELAXED) != NULL;
}

/* Handle the M-software interrupt of the calling hart @self. */
void fw_ipi_handle(struct fw_hart *self);

/* In a wait loop: handle posted work if there is any. */
void fw_ipi_poll(struct fw_hart *self);

#endif
