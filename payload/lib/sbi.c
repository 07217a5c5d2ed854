/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The ecall itself and the typed wrappers declared in sbi.h. Each wrapper
 * only places arguments; nothing is interpreted here.
 */
#include "sbi.h"

struct sbiret sbi_ecall(unsigned long ext, unsigned long fid, unsigned long a0,
			unsigned long a1, unsigned long a2, unsigned long a3,
			unsigned long a4, unsigned long a5)
{
	register unsigned long r_a0 __asm__("a0") = a0;
	register unsigned long r_a1 __asm__("a1") = a1;
	register unsigned long r_a2 __asm__("a2") = a2;
	register unsigned long r_a3 __asm__("a3") = a3;
	register unsigned long r_a4 __asm__("a4") = a4;
	register unsigned long r_a5 __asm__("a5") = a5;
	register unsigned long r_a6 __asm__("a6") = fid;
	register unsigned long r_a7 __asm__("a7") = ext;
	struct sbiret ret;

	__asm__ volatile("ecall"
			 : "+r"(r_a0), "+r"(r_a1)
			 : "r"(r_a2), "r"(r_a3), "r"(r_a4), "r"(r_a5),
			   "r"(r_a6), "r"(r_a7)
			 : "memory");
	ret.error = (long)r_a0;
	ret.value = r_a1;
	return ret;
}

unsigned long sbi_spec_version(void)
{
	struct sbiret r = sbi_ecall(SBI_EXT_BASE, SBI_EXT_BASE_GET_SPEC_VERSION,
				    0, 0, 0, 0, 0, 0);

	return r.error ? 0 : r.value;
}

unsigned long sbi_probe(unsigned long ext)
{
	struct sbiret r = sbi_ecall(SBI_EXT_BASE, SBI_EXT_BASE_PROBE_EXT, ext,
				    0, 0, 0, 0, 0);

	return r.error ? 0 : r.value;
}

struct sbiret sbi_set_timer(uint64_t stime)
{
#if __riscv_xlen == 32
	return sbi_ecall(SBI_EXT_TIME, SBI_EXT_TIME_SET_TIMER,
			 (unsigned long)stime, (unsigned long)(stime >> 32), 0,
			 0, 0, 0);
#else
	return sbi_ecall(SBI_EXT_TIME, SBI_EXT_TIME_SET_TIMER, stime, 0, 0, 0,
			 0, 0);
#endif
}

struct sbiret sbi_send_ipi(unsigned long hart_mask, unsigned long mask_base)
{
	return sbi_ecall(SBI_EXT_IPI, SBI_EXT_IPI_SEND_IPI, hart_mask,
			 mask_base, 0, 0, 0, 0);
}

struct sbiret sbi_rfence(unsigned long fid, unsigned long hart_mask,
			 unsigned long mask_base, unsigned long start,
			 unsigned long size, unsigned long id)
{
	return sbi_ecall(SBI_EXT_RFENCE, fid, hart_mask, mask_base, start, size,
			 id, 0);
}

struct sbiret sbi_hart_start(unsigned long hartid, unsigned long addr,
			     unsigned long opaque)
{
	return sbi_ecall(SBI_EXT_HSM, SBI_EXT_HSM_HART_START, hartid, addr,
			 opaque, 0, 0, 0);
}

struct sbiret sbi_hart_status(unsigned long hartid)
{
	return sbi_ecall(SBI_EXT_HSM, SBI_EXT_HSM_HART_GET_STATUS, hartid, 0, 0,
			 0, 0, 0);
}

struct sbiret sbi_hart_stop(void)
{
	return sbi_ecall(SBI_EXT_HSM, SBI_EXT_HSM_HART_STOP, 0, 0, 0, 0, 0, 0);
}

struct sbiret sbi_hart_suspend(unsigned long type, unsigned long resume_addr,
			       unsigned long opaque)
{
	return sbi_ecall(SBI_EXT_HSM, SBI_EXT_HSM_HART_SUSPEND, type,
			 resume_addr, opaque, 0, 0, 0);
}

struct sbiret sbi_system_shutdown(void)
{
	return sbi_ecall(SBI_EXT_SRST, SBI_EXT_SRST_SYSTEM_RESET,
			 SBI_SRST_RESET_TYPE_SHUTDOWN,
			 SBI_SRST_RESET_REASON_NONE, 0, 0, 0, 0);
}
