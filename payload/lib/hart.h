/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Secondary harts for payloads. A hart started with hart_boot() runs a
 * work loop: it executes functions posted by the boot hart one at a time
 * (hart_call(), or hart_post() and later hart_wait()) and, while idle,
 * acknowledges supervisor software interrupts (counting them), so IPIs sent to
 * it can be observed. hart_stop() sends it back to HSM STOPPED, after which it
 * can be booted again. All waits are bounded.
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
 * SBI_SUCCESS, the HSM error, SBI_ERR_TIMEOUT, or SBI_ERR_NO_SHMEM when
 * PAYLOAD_SLOTS harts already have a slot (runtime.h).
 */
long hart_boot(unsigned long hartid);
bool hart_online(unsigned long hartid);

/*
 * Where hart_boot() starts a hart (a0 hart id, a1 opaque), for programs
 * that make the HSM HART_START call themselves; the hart then runs the
 * same work loop, provided hart_prepare() gave it a slot first (false
 * if every slot is taken). hart_start_opaque() is the opaque value its
 * last start delivered in a1 (valid once hart_online()).
 */
bool hart_prepare(unsigned long hartid);
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
 * hart_call() in two halves, for work that runs while this hart does
 * something else: hart_post() hands @fn(@arg) to @hartid and returns at
 * once (false if the hart is not online or still runs an earlier
 * function); hart_wait() waits until the last posted function returned
 * (false on timeout, the function still running).
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
