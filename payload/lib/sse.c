/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The C side of the SSE trampoline (sse_entry.S).
 */
#include "sse.h"

#include "printf.h"

void sse_entry_lost(void) __attribute__((noreturn));

/* COMPLETE returned to the handler: nothing was RUNNING. */
void sse_entry_lost(void)
{
	printf("# SSE COMPLETE returned into the handler on hart %lu: the "
	       "firmware lost the running event\n",
	       ({
		       unsigned long id;
		       __asm__ volatile("mv %0, tp" : "=r"(id));
		       id;
	       }));
	payload_shutdown();
}
