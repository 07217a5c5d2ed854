/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The mailbox between the boot hart and each secondary hart: a request
 * sequence number that the boot hart bumps after storing fn/arg, and a
 * completion number the secondary copies once fn returns. Sequence
 * numbers rather than flags so a late completion can never be mistaken
 * for the next one. A request without a function asks the hart to stop.
 * Mailboxes are per slot (slot.h): a hart gets one when it is first
 * booted or prepared, and keeps it.
 */
#include "hart.h"

#include <stddef.h>

#include "csr.h"
#include "sbi.h"
#include "slot.h"

struct hart_mailbox {
	hart_fn fn;
	void *arg;
	unsigned long requested;
	unsigned long completed;
	unsigned long ssip_count;
	unsigned long opaque;
	bool online;
};

static struct hart_mailbox hart_boxes[PAYLOAD_SLOTS];

/* HART_STATUS polls hart_stop() makes (each one is an SBI call). */
#define HART_STOP_POLLS 1000000UL

void hart_secondary_main(unsigned long hartid, unsigned long opaque);

static struct hart_mailbox *hart_box(unsigned long hartid)
{
	unsigned int slot = slot_of(hartid);

	return slot < PAYLOAD_SLOTS ? &hart_boxes[slot] : NULL;
}

bool hart_prepare(unsigned long hartid)
{
	return slot_claim(hartid) < PAYLOAD_SLOTS;
}

/* Acknowledge a pending software interrupt while idle (IPIs). */
static void hart_poll_ssip(struct hart_mailbox *box)
{
	if (csr_read(CSR_SIP) & (1UL << IRQ_S_SOFT)) {
		csr_clear(CSR_SIP, 1UL << IRQ_S_SOFT);
		__atomic_add_fetch(&box->ssip_count, 1, __ATOMIC_RELEASE);
	}
}

/* HSM HART_STOP; returns only if refused, the hart staying online. */
static void hart_stop_self(struct hart_mailbox *box)
{
	__atomic_store_n(&box->online, false, __ATOMIC_RELEASE);
	sbi_hart_stop();
	__atomic_store_n(&box->online, true, __ATOMIC_RELEASE);
}

void hart_secondary_main(unsigned long hartid, unsigned long opaque)
{
	struct hart_mailbox *box = hart_box(hartid);
	unsigned long seen;

	if (!box)
		return; /* entry.S parks such harts before they get here */
	seen = __atomic_load_n(&box->requested, __ATOMIC_ACQUIRE);
	box->completed = seen;
	box->opaque = opaque;
	__atomic_store_n(&box->online, true, __ATOMIC_RELEASE);
	for (;;) {
		unsigned long req =
			__atomic_load_n(&box->requested, __ATOMIC_ACQUIRE);

		if (req != seen) {
			if (box->fn)
				box->fn(box->arg);
			else
				hart_stop_self(box);
			seen = req;
			__atomic_store_n(&box->completed, seen,
					 __ATOMIC_RELEASE);
		}
		hart_poll_ssip(box);
	}
}

bool hart_online(unsigned long hartid)
{
	struct hart_mailbox *box = hart_box(hartid);

	return box && __atomic_load_n(&box->online, __ATOMIC_ACQUIRE);
}

unsigned long hart_start_opaque(unsigned long hartid)
{
	struct hart_mailbox *box = hart_box(hartid);

	return box ? box->opaque : 0;
}

long hart_boot(unsigned long hartid)
{
	unsigned long spin;
	struct sbiret r;

	/* Every slot taken: this hart would only park in entry.S. */
	if (!hart_prepare(hartid))
		return SBI_ERR_NO_SHMEM;
	if (hart_online(hartid))
		return SBI_SUCCESS;
	r = sbi_hart_start(hartid, (unsigned long)hart_secondary_entry, 0);
	if (r.error)
		return r.error;
	for (spin = 0; spin < HART_SPIN_BUDGET; spin++)
		if (hart_online(hartid))
			return SBI_SUCCESS;
	return SBI_ERR_TIMEOUT;
}

/* The last request has completed (only the boot hart makes requests). */
static bool hart_idle(struct hart_mailbox *box)
{
	return __atomic_load_n(&box->completed, __ATOMIC_ACQUIRE) ==
	       __atomic_load_n(&box->requested, __ATOMIC_RELAXED);
}

bool hart_post(unsigned long hartid, hart_fn fn, void *arg)
{
	struct hart_mailbox *box = hart_box(hartid);

	/* fn and arg must not change under a function still running. */
	if (!hart_online(hartid) || !hart_idle(box))
		return false;
	box->fn = fn;
	box->arg = arg;
	__atomic_add_fetch(&box->requested, 1, __ATOMIC_RELEASE);
	return true;
}

bool hart_wait(unsigned long hartid)
{
	struct hart_mailbox *box = hart_box(hartid);
	unsigned long spin;

	if (!box)
		return false;
	for (spin = 0; spin < HART_SPIN_BUDGET; spin++)
		if (hart_idle(box))
			return true;
	return false;
}

bool hart_call(unsigned long hartid, hart_fn fn, void *arg)
{
	return hart_post(hartid, fn, arg) && hart_wait(hartid);
}

bool hart_stop(unsigned long hartid)
{
	struct hart_mailbox *box = hart_box(hartid);
	unsigned long spin, req;

	if (!hart_online(hartid))
		return false;
	box->fn = NULL;
	box->arg = NULL;
	req = __atomic_add_fetch(&box->requested, 1, __ATOMIC_RELEASE);
	for (spin = 0; spin < HART_STOP_POLLS; spin++) {
		struct sbiret r = sbi_hart_status(hartid);

		if (!r.error && r.value == SBI_HSM_STATE_STOPPED)
			return true;
		if (__atomic_load_n(&box->completed, __ATOMIC_ACQUIRE) == req)
			return false; /* the stop was refused */
	}
	return false;
}

unsigned long hart_ssip_count(unsigned long hartid)
{
	struct hart_mailbox *box = hart_box(hartid);

	return box ? __atomic_load_n(&box->ssip_count, __ATOMIC_ACQUIRE) : 0;
}

bool hart_wait_ssip(unsigned long hartid, unsigned long count)
{
	unsigned long spin;

	for (spin = 0; spin < HART_SPIN_BUDGET; spin++)
		if (hart_ssip_count(hartid) >= count)
			return true;
	return false;
}
