/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The HSM state machine (see hsm.h). In rt/, beside the hart table it
 * keeps its state in, rather than in ext/ with the extension: the
 * transitions touch no hardware, and so compile for the host's unit
 * tests as they are; the extension in ext/sbi_hsm.c keeps only what
 * needs a CSR, a doorbell or wfi.
 *
 * A start claims a STOPPED hart with a compare-and-swap into a state of
 * ours (HSM_CLAIMED, reported as START_PENDING), writes the start
 * address and argument, then publishes START_PENDING with a release
 * store; the stopped hart sees it with an acquire load before it reads
 * them. Two starts of one hart race on the compare-and-swap: one wins,
 * the other finds the hart not STOPPED.
 */
#include <sbipmu/sbi_spec.h>

#include "rt/hsm.h"

/* Ours: a start is writing the start parameters. */
#define HSM_CLAIMED 0x100

static int hsm_get(struct fw_hart *h)
{
	return __atomic_load_n(&h->hsm_state, __ATOMIC_ACQUIRE);
}

static void hsm_set(struct fw_hart *h, int state)
{
	__atomic_store_n(&h->hsm_state, state, __ATOMIC_RELEASE);
}

static bool hsm_move(struct fw_hart *h, int from, int to)
{
	return __atomic_compare_exchange_n(&h->hsm_state, &from, to, false,
					   __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
}

void fw_hsm_init(struct fw_hart *h)
{
	hsm_set(h, SBI_HSM_STATE_STOPPED);
}

void fw_hsm_boot_started(struct fw_hart *h)
{
	hsm_set(h, SBI_HSM_STATE_STARTED);
}

/*
 * INVALID_PARAM: "hartid is not a valid hartid as corresponding hart
 * cannot be started in supervisor mode" (a hart the tree does not list,
 * or one without S-mode, such as sifive_u's hart 0).
 */
static bool hsm_startable(const struct fw_hart *t)
{
	return t && t->s_mode;
}

long fw_hsm_start(struct fw_hart *t, bool addr_ok, bool reachable,
		  unsigned long addr, unsigned long arg)
{
	if (!hsm_startable(t))
		return SBI_ERR_INVALID_PARAM;
	if (!addr_ok)
		return SBI_ERR_INVALID_ADDRESS;
	if (!hsm_move(t, SBI_HSM_STATE_STOPPED, HSM_CLAIMED))
		return SBI_ERR_ALREADY_AVAILABLE;
	if (!reachable) {
		hsm_set(t, SBI_HSM_STATE_STOPPED);
		return SBI_ERR_FAILED;
	}
	t->next_addr = addr;
	t->next_arg = arg;
	hsm_set(t, SBI_HSM_STATE_START_PENDING);
	return SBI_SUCCESS;
}

bool fw_hsm_start_posted(struct fw_hart *h)
{
	return hsm_get(h) == SBI_HSM_STATE_START_PENDING;
}

void fw_hsm_take_start(struct fw_hart *h, unsigned long *addr,
		       unsigned long *arg)
{
	*addr = h->next_addr;
	*arg = h->next_arg;
	hsm_set(h, SBI_HSM_STATE_STARTED);
}

/*
 * STOPPED at once, not after the caller's housekeeping: S-mode is gone
 * for good once the hart is here, and Linux asks for the status exactly
 * once, right after the dying CPU reported itself dead (it warns
 * "HARTn isn't stopped" on STOP_PENDING). A start posted meanwhile
 * waits: the hart finishes its resets before it looks.
 */
long fw_hsm_stop(struct fw_hart *h)
{
	if (!hsm_move(h, SBI_HSM_STATE_STARTED, SBI_HSM_STATE_STOP_PENDING))
		return SBI_ERR_FAILED;
	hsm_set(h, SBI_HSM_STATE_STOPPED);
	return SBI_SUCCESS;
}

long fw_hsm_status(struct fw_hart *t, unsigned long *state)
{
	int s;

	/* A hart without S-mode is none of S-mode's: as an unknown id. */
	if (!hsm_startable(t))
		return SBI_ERR_INVALID_PARAM;
	s = hsm_get(t);
	*state = s == HSM_CLAIMED ? SBI_HSM_STATE_START_PENDING
				  : (unsigned long)s;
	return SBI_SUCCESS;
}

/*
 * SBI v3.0 table "HSM Hart Suspend Types" and the errors of
 * hart_suspend: INVALID_PARAM when the type "is reserved or is
 * platform-specific and unimplemented" (no platform type is).
 * NOT_SUPPORTED is for an implemented type whose dependencies are
 * missing, which never happens here. The resume address matters only
 * to a non-retentive type.
 */
long fw_hsm_suspend_check(enum sbi_hsm_suspend_class type, bool addr_ok)
{
	switch (type) {
	case SBI_HSM_SUSPEND_RET_DEFAULT:
		return SBI_SUCCESS;
	case SBI_HSM_SUSPEND_NONRET_DEFAULT:
		return addr_ok ? SBI_SUCCESS : SBI_ERR_INVALID_ADDRESS;
	default: /* reserved, or platform-specific and unimplemented */
		return SBI_ERR_INVALID_PARAM;
	}
}

long fw_hsm_suspend(struct fw_hart *h)
{
	return hsm_move(h, SBI_HSM_STATE_STARTED, SBI_HSM_STATE_SUSPENDED)
		       ? SBI_SUCCESS
		       : SBI_ERR_FAILED;
}

void fw_hsm_resume(struct fw_hart *h)
{
	hsm_set(h, SBI_HSM_STATE_STARTED);
}
