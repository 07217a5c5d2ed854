/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Hart slots: the payload's per-hart state (stacks, mailboxes, trap
 * counters) lives in PAYLOAD_SLOTS arrays indexed by slot, never by hart
 * id, since ids may be sparse and up to 512 harts exist. The boot hart
 * has slot 0 (entry.S); any other hart gets one when the boot hart
 * claims it before starting the hart through HSM, and keeps it for the
 * whole run, so a hart stopped and started again finds its mailbox and
 * stack where they were. A hart started without a slot parks in entry.S.
 */
#ifndef PAYLOAD_SLOT_H
#define PAYLOAD_SLOT_H

#include "runtime.h"

/* @hartid's slot, or PAYLOAD_SLOTS if it has none. */
unsigned int slot_of(unsigned long hartid);

/*
 * @hartid's slot, claimed now if it had none; PAYLOAD_SLOTS when every
 * slot is taken. Boot hart only (the one writer of the table).
 */
unsigned int slot_claim(unsigned long hartid);

#endif
