/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The HSM state machine (SBI v3.0 chapter "Hart State Management
 * Extension"): each hart's state is one atomic word of its struct
 * fw_hart, and every transition, with the checks and the error code the
 * spec gives for each call, is here. What a transition asks of the
 * hardware (ring the target's doorbell, wait for an interrupt, enter
 * S-mode, reset the hart's S-mode state) is ext/sbi_hsm.c's, after the
 * call here succeeded. Pure, so the host unit tests build it as the
 * firmware does (tests/unit/test_fw_hsm.c).
 */
#ifndef FW_HSM_H
#define FW_HSM_H

#include <stdbool.h>

#include <sbipmu/sbi_ext_decode.h>

#include "rt/hart.h"

/* Every hart of the table starts STOPPED (boot), the boot hart STARTED. */
void fw_hsm_init(struct fw_hart *h);
void fw_hsm_boot_started(struct fw_hart *h);

/*
 * hart_start of @t (NULL: no such hart in the tree) at @addr with
 * @arg; @addr_ok says whether @addr is memory S-mode may execute from
 * (the caller's platform check), @reachable whether the caller can ring
 * @t (a hart no doorbell reaches never learns of a start). Checked in
 * the spec's order: INVALID_PARAM (no hart, or one without S-mode),
 * INVALID_ADDRESS, ALREADY_AVAILABLE (anything but STOPPED), then
 * FAILED for a stopped hart that cannot be rung (it stays STOPPED:
 * SBI v3.0 gives FAILED for a start that fails for other reasons, and
 * a caller told success would wait for a hart that never comes). On
 * SBI_SUCCESS @t is
 * START_PENDING with @addr and @arg published for it to take
 * (fw_hsm_take_start()); the caller then rings it. A hart of the tree
 * that has not checked in yet may be started: it takes the start when
 * it arrives.
 */
long fw_hsm_start(struct fw_hart *t, bool addr_ok, bool reachable,
		  unsigned long addr, unsigned long arg);

/* Has a start been posted to stopped hart @h? */
bool fw_hsm_start_posted(struct fw_hart *h);

/*
 * Stopped hart @h, with a start posted: its start address and argument,
 * and @h is STARTED from here on.
 */
void fw_hsm_take_start(struct fw_hart *h, unsigned long *addr,
		       unsigned long *arg);

/* hart_stop of the calling hart @h: STARTED -> STOPPED, else FAILED. */
long fw_hsm_stop(struct fw_hart *h);

/*
 * hart_get_status of @t (NULL: no such hart): the state in *@state, or
 * INVALID_PARAM for no hart or one without S-mode.
 */
long fw_hsm_status(struct fw_hart *t, unsigned long *state);

/*
 * hart_suspend's checks of @type and, for a non-retentive type, of the
 * resume address (@addr_ok, as for fw_hsm_start()): INVALID_PARAM for a
 * reserved or platform-specific type (none is implemented),
 * INVALID_ADDRESS for a bad resume address. No side effect.
 */
long fw_hsm_suspend_check(enum sbi_hsm_suspend_class type, bool addr_ok);

/*
 * The calling hart @h suspends: STARTED -> SUSPENDED, else FAILED; and
 * back to STARTED when it resumes.
 */
long fw_hsm_suspend(struct fw_hart *h);
void fw_hsm_resume(struct fw_hart *h);

#endif
