/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Remote fences performed on this hart (fence_exec.c): what a target of
 * an RFENCE request does with it.
 */
#ifndef FW_FENCE_EXEC_H
#define FW_FENCE_EXEC_H

#include "rt/fence.h"
#include "rt/hart.h"

/* hgatp.VMID: HFENCE.VVMA runs under the requesting hart's VMID. */
#if __riscv_xlen == 64
#define HGATP_VMID_SHIFT 44
#define HGATP_VMID_MASK	 (0x3FFFUL << HGATP_VMID_SHIFT)
#else
#define HGATP_VMID_SHIFT 22
#define HGATP_VMID_MASK	 (0x7FUL << HGATP_VMID_SHIFT)
#endif

/* Perform @f on the calling hart @self, and count it RECEIVED there. */
void fw_fence_execute(struct fw_hart *self, const struct fw_fence *f);

/* Perform, and acknowledge, every request other harts posted to @self. */
void fw_fence_execute_owed(struct fw_hart *self);

/* The firmware event a request of @kind (its RFENCE FID) counts as SENT. */
unsigned int fw_fence_sent_event(unsigned int kind);

#endif
