/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * SBI calls from S-mode: the raw ecall, and thin typed wrappers for the
 * extensions payloads use besides PMU (Base, Timer, IPI, RFENCE, HSM,
 * SRST, DBCN and the legacy console). Results are returned unchanged:
 * judging them is the caller's business. Error codes and struct sbiret
 * come from the project's one error vocabulary.
 */
#ifndef PAYLOAD_SBI_H
#define PAYLOAD_SBI_H

#include <stdint.h>

#include <sbipmu/sbi_error.h>

#define SBI_EXT_LEGACY_PUTCHAR	0x01UL
#define SBI_EXT_LEGACY_SHUTDOWN 0x08UL
#define SBI_EXT_BASE		0x10UL
#define SBI_EXT_TIME		0x54494D45UL
#define SBI_EXT_IPI		0x735049UL
#define SBI_EXT_RFENCE		0x52464E43UL
#define SBI_EXT_HSM		0x48534DUL
#define SBI_EXT_SRST		0x53525354UL
#define SBI_EXT_DBCN		0x4442434EUL

enum sbi_base_fid {
	SBI_BASE_GET_SPEC_VERSION = 0,
	SBI_BASE_GET_IMPL_ID = 1,
	SBI_BASE_GET_IMPL_VERSION = 2,
	SBI_BASE_PROBE_EXT = 3,
};

enum sbi_rfence_fid {
	SBI_RFENCE_FENCE_I = 0,
	SBI_RFENCE_SFENCE_VMA = 1,
	SBI_RFENCE_SFENCE_VMA_ASID = 2,
	SBI_RFENCE_HFENCE_GVMA_VMID = 3,
	SBI_RFENCE_HFENCE_GVMA = 4,
	SBI_RFENCE_HFENCE_VVMA_ASID = 5,
	SBI_RFENCE_HFENCE_VVMA = 6,
};

enum sbi_hsm_fid {
	SBI_HSM_HART_START = 0,
	SBI_HSM_HART_STOP = 1,
	SBI_HSM_HART_GET_STATUS = 2,
	SBI_HSM_HART_SUSPEND = 3,
};

#define SBI_HSM_STATE_STARTED 0
#define SBI_HSM_STATE_STOPPED 1

/* HART_SUSPEND types: retentive default; 0x80000000 non-retentive. */
#define SBI_HSM_SUSPEND_RETENTIVE     0x00000000UL
#define SBI_HSM_SUSPEND_NON_RETENTIVE 0x80000000UL

/* spec_version: [30:24] major, [23:0] minor. */
#define SBI_VERSION(major, minor) (((unsigned long)(major) << 24) | (minor))
#define SBI_VERSION_MAJOR(v)	  (((v) >> 24) & 0x7F)
#define SBI_VERSION_MINOR(v)	  ((v)&0xFFFFFF)

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
