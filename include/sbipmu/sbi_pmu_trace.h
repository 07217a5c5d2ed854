/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The PMU call trace, for diagnosis: per hart, a ring of the last N PMU
 * calls, each with its function ID, the argument registers as the
 * decoder saw them, the result, and the counters whose state the call
 * changed (started and configured sets before and after). It wraps the
 * decoder (sbi_pmu_ecall), so it sees exactly what S-mode asked and was
 * told; nothing else in the core knows it exists. The firmware turns it
 * on with /chosen/sbipmu,trace = "N" and prints the rings at shutdown;
 * tools/pmu-trace.py decodes what it prints.
 */
#ifndef SBIPMU_SBI_PMU_TRACE_H
#define SBIPMU_SBI_PMU_TRACE_H

#include "sbi_pmu_ecall.h"

struct sbi_pmu_trace_entry {
	uint64_t seq; /* calls made on this hart before this one */
	uint64_t a[6];
	uint64_t value;
	uint64_t started[2]; /* before, after */
	uint64_t mapped[2];  /* before, after */
	uint64_t time;	     /* the trace's clock at entry, 0 without one */
	long error;
	unsigned long fid;
};

struct sbi_pmu_trace {
	struct sbi_pmu_trace_entry *ring;
	uint32_t size; /* entries in @ring (0: tracing off) */
	uint32_t next; /* entry the next call goes to (calls mod size) */
	uint64_t calls;
	/* Timestamp of each call (the platform's timer), NULL: none. */
	uint64_t (*clock)(void);
};

/* Bytes of ring for @entries entries. */
static inline size_t sbi_pmu_trace_bytes(uint32_t entries)
{
	return (size_t)entries * sizeof(struct sbi_pmu_trace_entry);
}

void sbi_pmu_trace_init(struct sbi_pmu_trace *t, void *mem, uint32_t entries,
			uint64_t (*clock)(void));

/* sbi_pmu_ecall(), with the call recorded in @t. */
struct sbiret sbi_pmu_ecall_traced(struct pmu_hart *h, struct sbi_pmu_trace *t,
				   unsigned long fid, const unsigned long a[6]);

/*
 * Print @t oldest first, one line per call through @print:
 *   PMU-TRACE hart=H seq=S fid=F a=A0,A1,A2,A3,A4,A5 err=E value=V
 *             started=B->A mapped=B->A time=T
 * (numbers in hex but seq and err), framed by PMU-TRACE-BEGIN/-END.
 */
void sbi_pmu_trace_dump(const struct sbi_pmu_trace *t, unsigned int hartid,
			void (*print)(const char *fmt, ...));

#endif
