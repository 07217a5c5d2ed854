/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * SBI calls from S-mode: the raw ecall, and thin typed wrappers for the
 * extensions payloads use besides PMU (Base, Timer, IPI, RFENCE, HSM,
 * SRST, DBCN and the legacy console). Results are returned unchanged:
 * judging them is the caller's business. Extension and function IDs,
 * error codes and struct sbiret are the project's one copy of the spec's
 * numbers (sbipmu/sbi_spec.h).
 */
#ifndef PAYLOAD_SBI_H
#define PAYLOAD_SBI_H

#include <stdint.h>

#include <sbipmu/sbi_spec.h>

struct sbiret sbi_ecall(unsigned long ext, unsigned long fid, unsigned long a0,
			unsigned long a1, unsigned long a2, unsigned long a3,
			unsigned long a4, unsigned long a5);

/* Base extension: spec version (0 if the call fails), probe (0 = absent). */
unsigned long sbi_spec_version(void);
unsigned long sbi_probe(unsigned long ext);

/* TIME set_timer with a 64-bit deadline (split into a0/a1 on RV32). */
struct sbiret sbi_set_timer(uint64_t stime);

struct sbiret sbi_send_ipi(unsigned long hart_mask, unsigned long mask_base);

/* RFENCE call @fid on (mask, base) with up to three more arguments. */
struct sbiret sbi_rfence(unsigned long fid, unsigned long hart_mask,
			 unsigned long mask_base, unsigned long start,
			 unsigned long size, unsigned long id);

struct sbiret sbi_hart_start(unsigned long hartid, unsigned long addr,
			     unsigned long opaque);
struct sbiret sbi_hart_status(unsigned long hartid);
/* Stop the calling hart. Returns only if the call failed. */
struct sbiret sbi_hart_stop(void);
/*
 * Suspend the calling hart. A retentive suspend returns when an enabled
 * interrupt is pending (it need not be taken: sstatus.SIE may be off).
 */
struct sbiret sbi_hart_suspend(unsigned long type, unsigned long resume_addr,
			       unsigned long opaque);

/* System reset: shutdown, no reason. Returns only if the call failed. */
struct sbiret sbi_system_shutdown(void);

#endif
