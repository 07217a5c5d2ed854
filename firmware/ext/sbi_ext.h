/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The SBI extensions of the firmware (SBI v3.0), one file each, and the
 * dispatcher that routes a call to them. Every handler takes the calling
 * hart, the function ID and the argument registers a0..a5 as S-mode left
 * them, validates all of them before acting, and returns the struct
 * sbiret that goes back in a0/a1. The extension and function IDs are
 * <sbipmu/sbi_spec.h>'s.
 */
#ifndef FW_SBI_EXT_H
#define FW_SBI_EXT_H

#include <stdint.h>

#include <sbipmu/sbi_spec.h>
#include <sbipmu/sbi_ext_decode.h>

#include "rt/hart.h"
#include "rt/hart_list.h"

/* Our implementation ID and version (docs/firmware.md). */
#define FW_SBI_IMPL_ID	  0x5342UL /* "SB": unassigned in the SBI spec list */
#define FW_SBI_SPEC_MAJOR 3UL
#define FW_SBI_SPEC_MINOR 0UL

typedef struct sbiret (*fw_ext_fn)(struct fw_hart *h, unsigned long fid,
				   const unsigned long a[6]);

struct sbiret fw_ext_base_ecall(struct fw_hart *h, unsigned long fid,
				const unsigned long a[6]);
struct sbiret fw_ext_time_ecall(struct fw_hart *h, unsigned long fid,
				const unsigned long a[6]);
struct sbiret fw_ext_ipi_ecall(struct fw_hart *h, unsigned long fid,
			       const unsigned long a[6]);
struct sbiret fw_ext_rfence_ecall(struct fw_hart *h, unsigned long fid,
				  const unsigned long a[6]);
struct sbiret fw_ext_hsm_ecall(struct fw_hart *h, unsigned long fid,
			       const unsigned long a[6]);
struct sbiret fw_ext_srst_ecall(struct fw_hart *h, unsigned long fid,
				const unsigned long a[6]);
struct sbiret fw_ext_dbcn_ecall(struct fw_hart *h, unsigned long fid,
				const unsigned long a[6]);

/*
 * Legacy extension @eid (0x00-0x0F) with the argument registers as
 * S-mode left them: the value for a0 (an SBI error code, or
 * console_getchar's byte or -1). fw_ext_legacy_offered() says whether @eid
 * is implemented; a call to one that is not answers NOT_SUPPORTED.
 */
long fw_ext_legacy_ecall(struct fw_hart *h, unsigned long eid,
			 const unsigned long a[6]);
bool fw_ext_legacy_offered(unsigned long eid);

/*
 * Is extension @eid implemented on the calling hart (BASE
 * probe_extension; sbi_offered.c)?
 */
bool fw_ext_offered(unsigned long eid);

/*
 * Entry from entry.S for an ecall from S-mode, with the arguments of an
 * extension handler (@a: a0-a5 as saved in the trap frame) plus the EID.
 * mepc already points past the ecall (entry.S), so a handler may
 * redirect it (HSM).
 * The result goes back in a0/a1 (the psABI returns a two-word struct in
 * registers), which entry.S leaves as they are on the way out.
 */
struct sbiret fw_ext_ecall_handle(struct fw_hart *h, unsigned long fid,
				  const unsigned long a[6], unsigned long eid);

/* TIME: S-mode's next timer event at @when (counted as SET_TIMER). */
void fw_ext_time_set(struct fw_hart *h, uint64_t when);

/* IPI: raise the S-mode software interrupt on every hart of @list. */
void fw_ext_ipi_send_list(struct fw_hart *h, const struct fw_hartlist *list);

/*
 * RFENCE: fence @fid (an RFENCE function ID the caller checked is
 * implemented) over [start, start + size) on every hart of @list, and
 * wait until all of them did.
 */
void fw_ext_rfence_request(struct fw_hart *h, const struct fw_hartlist *list,
			   unsigned int fid, unsigned long start,
			   unsigned long size, unsigned long asid);

/*
 * SRST: reset as @type and @reason ask. Returns only on failure: the
 * SRST error (INVALID_PARAM, NOT_SUPPORTED, or FAILED when the device
 * did not act).
 */
long fw_ext_srst_request(enum sbi_srst_type_class type,
			 enum sbi_srst_reason_class reason);

/* TIME: M-timer interrupt (no Sstc): hand the tick to S-mode. */
void fw_ext_time_irq(struct fw_hart *h);

/* TIME: no timer pending for S-mode (boot, hart stop). */
void fw_ext_time_cancel(struct fw_hart *h);

/* HSM: park a non-boot hart until hart_start; never returns. */
void fw_ext_hsm_wait_start(struct fw_hart *h) __attribute__((noreturn));

#endif
