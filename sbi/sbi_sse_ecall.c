/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The SBI SSE ecall decoder (see sbi_sse_ecall.h). Register layout per
 * function, from the spec's C prototypes: event_id, base_attr_id and
 * attr_count are uint32_t, and "in case the data is defined as 32bit
 * wide, higher privilege software must ensure that it only uses 32 bit
 * data" (chapter "Binary Encoding"), so the upper half of such a
 * register on RV64 is ignored; everything else is XLEN wide. The
 * attribute memory is (phys_lo = a3, phys_hi = a4) on both XLENs.
 */
#include <sbipmu/sbi_sse_ecall.h>

struct sse_args {
	const unsigned long *a;
	uint64_t xmask; /* all-ones of XLEN bits */
	bool rv32;
};

/* Argument @i narrowed to XLEN (a no-op on real hardware). */
static uint64_t sse_arg(const struct sse_args *args, unsigned int i)
{
	return (uint64_t)args->a[i] & args->xmask;
}

/* A uint32_t argument: its register's low 32 bits. */
static uint32_t sse_arg32(const struct sse_args *args, unsigned int i)
{
	return (uint32_t)args->a[i];
}

/* READ_ATTRS / WRITE_ATTRS: the address from (a3 low, a4 high). */
static int sse_decode_attrs(struct sse_hart *h, unsigned long fid,
			    const struct sse_args *args)
{
	uint64_t lo = sse_arg(args, 3), hi = sse_arg(args, 4);
	uint64_t addr = args->rv32 ? lo | (hi << 32) : lo;
	uint64_t above = args->rv32 ? 0 : hi;

	if (fid == SBI_EXT_SSE_READ_ATTRS)
		return sse_read_attrs(h, sse_arg32(args, 0), sse_arg32(args, 1),
				      sse_arg32(args, 2), addr, above);
	return sse_write_attrs(h, sse_arg32(args, 0), sse_arg32(args, 1),
			       sse_arg32(args, 2), addr, above);
}

static int sse_decode_call(struct sse_hart *h, unsigned long fid,
			   const struct sse_args *args, bool *resumed)
{
	switch (fid) {
	case SBI_EXT_SSE_READ_ATTRS:
	case SBI_EXT_SSE_WRITE_ATTRS:
		return sse_decode_attrs(h, fid, args);
	case SBI_EXT_SSE_REGISTER:
		return sse_register(h, sse_arg32(args, 0), sse_arg(args, 1),
				    sse_arg(args, 2));
	case SBI_EXT_SSE_UNREGISTER:
		return sse_unregister(h, sse_arg32(args, 0));
	case SBI_EXT_SSE_ENABLE:
		return sse_enable(h, sse_arg32(args, 0));
	case SBI_EXT_SSE_DISABLE:
		return sse_disable(h, sse_arg32(args, 0));
	case SBI_EXT_SSE_COMPLETE:
		return sse_complete(h, resumed);
	case SBI_EXT_SSE_INJECT:
		return sse_inject(h, sse_arg32(args, 0), sse_arg(args, 1));
	case SBI_EXT_SSE_HART_UNMASK:
		return sse_hart_unmask(h);
	case SBI_EXT_SSE_HART_MASK:
		return sse_hart_mask(h);
	default:
		return SBI_ERR_NOT_SUPPORTED;
	}
}

/* Compile-time XLEN in firmware, the core's description on the host. */
#ifdef __riscv_xlen
#define SSE_ECALL_RV32(h)  (__riscv_xlen == 32)
#define SSE_ECALL_XMASK(h) ((uint64_t)~0UL)
#else
#define SSE_ECALL_RV32(h)  ((h)->core->hw.xlen == 32)
#define SSE_ECALL_XMASK(h) ((h)->core->xlen_mask)
#endif

struct sbiret sbi_sse_ecall(struct sse_hart *h, unsigned long fid,
			    const unsigned long a[6], bool *resumed)
{
	const struct sse_args args = {
		.a = a,
		.xmask = SSE_ECALL_XMASK(h),
		.rv32 = SSE_ECALL_RV32(h),
	};
	struct sbiret ret = {0, 0};
	long err;

	*resumed = false;
	err = sse_decode_call(h, fid, &args, resumed);
	/* Backstop: only the spec's codes leave the firmware. */
	if (!sbi_error_is_defined(err))
		err = SBI_ERR_FAILED;
	ret.error = err;
	return ret;
}
