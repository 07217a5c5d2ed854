/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The PMU call trace (see sbi_pmu_trace.h): a ring per hart, written by
 * that hart only, so no locking; read at shutdown when the other harts
 * no longer call. Ring positions are kept as 32-bit indices, never
 * computed as calls % size: on RV32 that is a libgcc call, which the
 * firmware's SBI-call path cannot afford (scripts/fw-fixed-regs.sh).
 */
#include <sbipmu/sbi_pmu_trace.h>

void sbi_pmu_trace_init(struct sbi_pmu_trace *t, void *mem, uint32_t entries,
			uint64_t (*clock)(void))
{
	t->clock = clock;
	t->ring = mem;
	t->size = mem ? entries : 0;
	t->next = 0;
	t->calls = 0;
}

struct sbiret sbi_pmu_ecall_traced(struct pmu_hart *h, struct sbi_pmu_trace *t,
				   unsigned long fid, const unsigned long a[6])
{
	struct sbi_pmu_trace_entry *e;
	uint64_t started = h->started, mapped = h->mapped;
	uint64_t time = t->size && t->clock ? t->clock() : 0;
	struct sbiret ret = sbi_pmu_ecall(h, fid, a);
	unsigned int i;

	if (!t->size)
		return ret;
	e = &t->ring[t->next];
	t->next = t->next + 1 == t->size ? 0 : t->next + 1;
	e->seq = t->calls++;
	for (i = 0; i < 6; i++)
		e->a[i] = a[i];
	e->fid = fid;
	e->error = ret.error;
	e->value = ret.value;
	e->started[0] = started;
	e->started[1] = h->started;
	e->mapped[0] = mapped;
	e->mapped[1] = h->mapped;
	e->time = time;
	return ret;
}

static void sbi_pmu_trace_line(const struct sbi_pmu_trace_entry *e,
			       unsigned int hartid,
			       void (*print)(const char *fmt, ...))
{
	print("PMU-TRACE hart=%u seq=%llu fid=%lu "
	      "a=%llx,%llx,%llx,%llx,%llx,%llx err=%ld value=%llx "
	      "started=%llx->%llx mapped=%llx->%llx time=%llu\n",
	      hartid, (unsigned long long)e->seq, e->fid,
	      (unsigned long long)e->a[0], (unsigned long long)e->a[1],
	      (unsigned long long)e->a[2], (unsigned long long)e->a[3],
	      (unsigned long long)e->a[4], (unsigned long long)e->a[5],
	      e->error, (unsigned long long)e->value,
	      (unsigned long long)e->started[0],
	      (unsigned long long)e->started[1],
	      (unsigned long long)e->mapped[0],
	      (unsigned long long)e->mapped[1], (unsigned long long)e->time);
}

void sbi_pmu_trace_dump(const struct sbi_pmu_trace *t, unsigned int hartid,
			void (*print)(const char *fmt, ...))
{
	uint32_t n, i, pos;

	if (!t->size)
		return;
	/* Oldest first: the ring is full once calls reach its size. */
	n = t->calls < t->size ? (uint32_t)t->calls : t->size;
	pos = t->calls < t->size ? 0 : t->next;
	print("PMU-TRACE-BEGIN hart=%u calls=%llu shown=%llu\n", hartid,
	      (unsigned long long)t->calls, (unsigned long long)n);
	for (i = 0; i < n; i++) {
		sbi_pmu_trace_line(&t->ring[pos], hartid, print);
		pos = pos + 1 == t->size ? 0 : pos + 1;
	}
	print("PMU-TRACE-END hart=%u\n", hartid);
}
