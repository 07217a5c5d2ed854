/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the benchmark needs before it can time anything: the counters the
 * firmware offers (NUM_COUNTERS, COUNTER_GET_INFO of each, as Linux does
 * at boot), and instret running and readable in S-mode. Ours and OpenSBI
 * hand over with instret counting, but nothing obliges a firmware to, so
 * the benchmark claims instret through the PMU on every firmware:
 * CFG_MATCH with SKIP_MATCH on counter 2 (no prior match needed for a
 * fixed counter), then START. Then two proofs, or an abort that
 * says which one failed: instret advances across S-mode work, and a null
 * ecall costs more than a handful of instructions (QEMU 7.2 counts
 * M-mode on minstret; a firmware or QEMU that filtered it would make
 * every figure meaningless). Last, whether S-mode may program counters
 * itself (counter delegation), for the delegated sched rows.
 */
#include "bench.h"

#include "csr.h"
#include "fdt.h"
#include "printf.h"
#include "sbi.h"
#include "trap.h"

#define BENCH_CTR_INFO_FW (1UL << (__riscv_xlen - 1))
/* A null ecall cannot cost less than this if M-mode is counted. */
#define BENCH_MIN_NULL_ECALL 8
/* The snapshot area: 4 KiB, 4 KiB-aligned; VA == PA in a payload. */
static uint8_t bench_snapshot_area[SBI_PMU_SNAPSHOT_SIZE]
	__attribute__((aligned(SBI_PMU_SNAPSHOT_ALIGN)));

struct bench_env bench_env;

static void bench_env_counters(void)
{
	unsigned long n = bench_env.num_counters;

	bench_env.first_hpm = 0;
	for (unsigned long i = 0; i < n && i < __riscv_xlen; i++) {
		struct sbiret r =
			bench_pmu(SBI_EXT_PMU_COUNTER_GET_INFO, i, 0, 0, 0, 0);
		unsigned long csr = r.value & SBI_PMU_CTR_INFO_CSR_MASK;

		if (r.error)
			continue;
		bench_env.valid |= 1UL << i;
		if (r.value & BENCH_CTR_INFO_FW) {
			bench_env.fw |= 1UL << i;
		} else if (csr >= CSR_CYCLE + PMU_CTR_HPM_FIRST &&
			   csr < CSR_CYCLE + __riscv_xlen) {
			bench_env.hpm |= 1UL << (csr - CSR_CYCLE);
			if (!bench_env.first_hpm)
				bench_env.first_hpm = i;
		}
	}
}

/* Read instret, or report that S-mode may not (mcounteren.IR clear). */
static bool bench_env_read_instret(unsigned long *v)
{
	unsigned long before = trap_counts().exceptions;

	trap_arm(true);
	*v = csr_read(0xC02);
	trap_arm(false);
	return trap_counts().exceptions == before;
}

static bool bench_env_start_instret(void)
{
	struct sbiret r =
		bench_pmu(SBI_EXT_PMU_COUNTER_CFG_MATCH, PMU_CTR_INSTRET, 1,
			  SBI_PMU_CFG_FLAG_SKIP_MATCH, BENCH_EV_INSTRET, 0);

	if (r.error || r.value != PMU_CTR_INSTRET) {
		printf("BENCH-ABORT: CFG_MATCH(2, 1, SKIP_MATCH, instructions)"
		       " gave error %ld value %lu\n",
		       r.error, r.value);
		return false;
	}
	r = bench_pmu(SBI_EXT_PMU_COUNTER_START, PMU_CTR_INSTRET, 1, 0, 0, 0);
	if (r.error && r.error != SBI_ERR_ALREADY_STARTED) {
		printf("BENCH-ABORT: START(2, 1) gave error %ld\n", r.error);
		return false;
	}
	return true;
}

static bool bench_env_instret_counts(void)
{
	unsigned long t0, t1;

	if (!bench_env_read_instret(&t0) || !bench_env_read_instret(&t1)) {
		printf("BENCH-ABORT: reading instret traps in S-mode "
		       "(mcounteren.IR clear)\n");
		return false;
	}
	for (volatile unsigned int i = 0; i < 1000; i++)
		;
	bench_env_read_instret(&t1);
	if (t1 - t0 < 1000) {
		printf("BENCH-ABORT: instret advanced by %lu over a loop of "
		       "1000 iterations: it is not counting\n",
		       t1 - t0);
		return false;
	}
	return true;
}

static bool bench_env_counts_mmode(void)
{
	const unsigned long a[6] = {0};
	unsigned long min = ~0UL;
	struct sbiret r;

	for (unsigned int i = 0; i < 4; i++) {
		unsigned long c = bench_measure_ecall(
			SBI_EXT_BASE, SBI_EXT_BASE_GET_SPEC_VERSION, a, &r);

		if (c < min)
			min = c;
	}
	if (min < BENCH_MIN_NULL_ECALL) {
		printf("BENCH-ABORT: a null ecall costs %lu instructions: "
		       "minstret is not counting M-mode\n",
		       min);
		return false;
	}
	return true;
}

bool bench_env_setup(void)
{
	struct sbiret r;

	bench_env.spec_version = sbi_spec_version();
	r = sbi_ecall(SBI_EXT_BASE, SBI_EXT_BASE_GET_IMPL_ID, 0, 0, 0, 0, 0, 0);
	bench_env.impl_id = r.value;
	if (!sbi_probe(SBI_EXT_PMU)) {
		printf("BENCH-ABORT: the firmware has no PMU extension\n");
		return false;
	}
	r = bench_pmu(SBI_EXT_PMU_NUM_COUNTERS, 0, 0, 0, 0, 0);
	bench_env.num_counters = r.error ? 0 : r.value;
	bench_env_counters();
	printf("BENCHINFO spec=%lu.%lu impl_id=%lu num_counters=%lu "
	       "valid=0x%lx fw=0x%lx first_hpm=%lu\n",
	       SBI_SPEC_VERSION_MAJOR(bench_env.spec_version),
	       SBI_SPEC_VERSION_MINOR(bench_env.spec_version),
	       bench_env.impl_id, bench_env.num_counters, bench_env.valid,
	       bench_env.fw, bench_env.first_hpm);
	if (!bench_env.first_hpm || !bench_env.fw) {
		printf("BENCH-ABORT: need a programmable hardware counter and "
		       "a firmware counter\n");
		return false;
	}
	if (!bench_env_start_instret() || !bench_env_instret_counts())
		return false;
	/* Only now does instret count (ours inhibits it until START). */
	printf("BENCHINFO calibration=%lu\n", bench_measure_calibrate());
	return bench_env_counts_mmode();
}

void bench_env_snapshot(void)
{
	struct sbiret r =
		bench_pmu(SBI_EXT_PMU_SNAPSHOT_SET_SHMEM,
			  (unsigned long)bench_snapshot_area, 0, 0, 0, 0);

	bench_env.snapshot = r.error == SBI_SUCCESS;
	printf("BENCHINFO snapshot=%s (error %ld)\n",
	       bench_env.snapshot ? "yes" : "no", r.error);
}

/* Why S-mode may not program counters itself, or NULL if it may. */
static const char *bench_env_cdeleg_why(const void *dtb)
{
	static const char *const ext[] = {"smcdeleg", "ssccfg", "sscsrind"};
	unsigned int isa, with;
	unsigned long before;

	for (unsigned int e = 0; e < 3; e++) {
		isa = fdt_prop_count(dtb, "riscv,isa", ext[e], &with);
		if (!isa || with != isa)
			return "not in every hart's ISA string";
	}
	if (!bench_env.hpm)
		return "no programmable counter";
	/* Named, but the firmware may not have set menvcfg.CDE. */
	before = trap_counts().exceptions;
	trap_arm(true);
	(void)csr_read(CSR_SCOUNTINHIBIT);
	csr_write(CSR_SISELECT,
		  SISELECT_COUNTER + __builtin_ctzl(bench_env.hpm));
	(void)csr_read(CSR_SIREG2);
	trap_arm(false);
	if (trap_counts().exceptions != before)
		return "S-mode access traps (menvcfg.CDE clear)";
	return NULL;
}

void bench_env_cdeleg(const void *dtb)
{
	const char *why = bench_env_cdeleg_why(dtb);

	bench_env.cdeleg = !why;
	printf("BENCHINFO cdeleg=\"%s%s\"\n", why ? "no, " : "yes",
	       why ? why : "");
}

volatile uint64_t *bench_env_snapshot_area(void)
{
	return (volatile uint64_t *)bench_snapshot_area;
}
