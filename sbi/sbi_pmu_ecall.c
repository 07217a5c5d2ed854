/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The SBI PMU ecall decoder (see sbi_pmu_ecall.h). Register layout per
 * function, from the spec's C prototypes: on RV32 a 64-bit argument takes
 * two registers, low half first (event_data in a4/a5, initial_value in
 * a3/a4); shared-memory addresses are (lo, hi) register pairs on both
 * XLENs. This file is the only place that knows any of that.
 */
#include <sbipmu/sbi_pmu_ecall.h>

struct pmu_args {
	const unsigned long *a;
	uint64_t xmask; /* all-ones of XLEN bits */
	bool rv32;
};

/* Argument @i narrowed to XLEN (a no-op on real hardware). */
static inline uint64_t pmu_arg(const struct pmu_args *args, unsigned int i)
{
	return (uint64_t)args->a[i] & args->xmask;
}

/* A 64-bit argument starting at register @i. */
static inline uint64_t pmu_arg64(const struct pmu_args *args, unsigned int i)
{
	if (!args->rv32)
		return pmu_arg(args, i);
	return pmu_arg(args, i) | (pmu_arg(args, i + 1) << 32);
}

struct pmu_phys {
	uint64_t addr;	/* bits 63:0 */
	uint64_t above; /* bits 127:64 */
	bool disable;	/* both registers all-ones */
};

static inline struct pmu_phys pmu_arg_phys(const struct pmu_args *args)
{
	uint64_t lo = pmu_arg(args, 0), hi = pmu_arg(args, 1);
	struct pmu_phys p = {.disable = lo == args->xmask && hi == args->xmask};

	if (args->rv32) {
		p.addr = lo | (hi << 32);
		p.above = 0;
	} else {
		p.addr = lo;
		p.above = hi;
	}
	return p;
}

/*
 * Inline into sbi_pmu_ecall(), always: as a call of its own it would get
 * the argument view (struct pmu_args) built on the stack first.
 */
static inline __attribute__((always_inline)) int
pmu_decode_call(struct pmu_hart *h, unsigned long fid,
		const struct pmu_args *args, uint64_t *value)
{
	struct pmu_phys p;

	switch (fid) {
	case SBI_EXT_PMU_NUM_COUNTERS:
		*value = pmu_num_counters(h);
		return SBI_SUCCESS;
	case SBI_EXT_PMU_COUNTER_GET_INFO:
		return pmu_counter_get_info(h, pmu_arg(args, 0), value);
	case SBI_EXT_PMU_COUNTER_CFG_MATCH:
		return pmu_counter_cfg_match(
			h, pmu_arg(args, 0), pmu_arg(args, 1), pmu_arg(args, 2),
			pmu_arg(args, 3), pmu_arg64(args, 4), value);
	case SBI_EXT_PMU_COUNTER_START:
		*value = 0;
		return pmu_counter_start(h, pmu_arg(args, 0), pmu_arg(args, 1),
					 pmu_arg(args, 2), pmu_arg64(args, 3));
	case SBI_EXT_PMU_COUNTER_STOP:
		*value = 0;
		return pmu_counter_stop(h, pmu_arg(args, 0), pmu_arg(args, 1),
					pmu_arg(args, 2));
	case SBI_EXT_PMU_COUNTER_FW_READ:
		return pmu_counter_fw_read(h, pmu_arg(args, 0), value);
	case SBI_EXT_PMU_COUNTER_FW_READ_HI: {
		int rc = pmu_counter_fw_read(h, pmu_arg(args, 0), value);

		/* "always returns zero in sbiret.value for RV64" */
		if (rc == SBI_SUCCESS)
			*value = args->rv32 ? *value >> 32 : 0;
		return rc;
	}
	case SBI_EXT_PMU_SNAPSHOT_SET_SHMEM:
		*value = 0;
		p = pmu_arg_phys(args);
		return pmu_snapshot_set_shmem(h, p.addr, p.above, p.disable,
					      pmu_arg(args, 2));
	case SBI_EXT_PMU_EVENT_GET_INFO:
		*value = 0;
		p = pmu_arg_phys(args);
		return pmu_event_get_info(h, p.addr, p.above, pmu_arg(args, 2),
					  pmu_arg(args, 3));
	default:
		return SBI_ERR_NOT_SUPPORTED;
	}
}

/*
 * Firmware is built for one XLEN, so there the XLEN tests fold away at
 * compile time; host builds (tests, fuzzing) serve both from the core's
 * hardware description.
 */
#ifdef __riscv_xlen
#define PMU_ECALL_RV32(h)  (__riscv_xlen == 32)
#define PMU_ECALL_XMASK(h) ((uint64_t)~0UL)
#else
#define PMU_ECALL_RV32(h)  ((h)->core->hw.xlen == 32)
#define PMU_ECALL_XMASK(h) ((h)->core->xlen_mask)
#endif

/*
 * The backstop: only the spec's codes leave the firmware, and value is 0
 * with any error. Out of line: a call that succeeds pays one test.
 */
static __attribute__((noinline)) struct sbiret sbi_pmu_ecall_failed(long err)
{
	struct sbiret ret = {SBI_ERR_FAILED, 0};

	if (sbi_error_is_defined(err))
		ret.error = err;
	return ret;
}

struct sbiret sbi_pmu_ecall(struct pmu_hart *h, unsigned long fid,
			    const unsigned long a[6])
{
	const struct pmu_args args = {
		.a = a,
		.xmask = PMU_ECALL_XMASK(h),
		.rv32 = PMU_ECALL_RV32(h),
	};
	uint64_t value; /* every function that succeeds sets it */
	struct sbiret ret;
	long err = pmu_decode_call(h, fid, &args, &value);

	if (err != SBI_SUCCESS)
		return sbi_pmu_ecall_failed(err);
	ret.error = SBI_SUCCESS;
	/* RV32 FW_READ returns the low half: the XLEN narrowing does it. */
	ret.value = (unsigned long)(value & args.xmask);
	return ret;
}
