/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Secondary harts for payloads. A hart started with hart_boot() runs a
 * work loop: it executes functions posted by the boot hart one at a time
 * and, while idle, acknowledges supervisor software interrupts (counting
 * them), so IPIs sent to it can be observed. hart_stop() sends it back
 * to HSM STOPPED, after which it can be booted again. All waits are
 * bounded.
 */
#ifndef PAYLOAD_HART_H
#define PAYLOAD_HART_H

#include <stdbool.h>

#include "runtime.h"

/* Iterations a bounded wait spins before giving up (several seconds). */
#define HART_SPIN_BUDGET 200000000UL

typedef void (*hart_fn)(void *arg);

/*
 * Start @hartid through HSM and wait until its work loop runs. Returns
 * SBI_SUCCESS, the HSM error, or SBI_ERR_TIMEOUT.
 */
long hart_boot(unsigned long hartid);
bool hart_online(unsigned long hartid);

/*
 * Where hart_boot() starts a hart (a0 hart id, a1 opaque), for programs
 * that make the HSM HART_START call themselves; the hart then runs the
 * same work loop. hart_start_opaque() is the opaque value its last start
 * delivered in a1 (valid once hart_online()).
 */
void hart_secondary_entry(void);
unsigned long hart_start_opaque(unsigned long hartid);

/*
 * Make @hartid leave its work loop and call HSM HART_STOP; true once HSM
 * reports it STOPPED, false if it was not online, refused or timed out.
 */
bool hart_stop(unsigned long hartid);

/* Run @fn(@arg) on @hartid and wait for it to return; false on timeout. */
bool hart_call(unsigned long hartid, hart_fn fn, void *arg);

/*
 * hart_call() in two halves, for work that must overlap the caller's:
 * hart_post() hands @fn(@arg) to @hartid without waiting (false if it is
 * not online); hart_wait() waits until it has returned (false on
 * timeout). One posted function at a time per hart.
 */
bool hart_post(unsigned long hartid, hart_fn fn, void *arg);
bool hart_wait(unsigned long hartid);

/* Software interrupts @hartid has acknowledged in its idle loop. */
unsigned long hart_ssip_count(unsigned long hartid);

/*
 * Wait until hart_ssip_count(@hartid) reaches @count; false on timeout.
 */
bool hart_wait_ssip(unsigned long hartid, unsigned long count);

#endif
