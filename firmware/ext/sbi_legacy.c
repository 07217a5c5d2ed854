/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The legacy SBI v0.1 calls (SBI v3.0 chapter "Legacy Extensions"), EIDs
 * 0x00-0x08, each one function whose result goes in a0 alone: a1 is left
 * as S-mode set it (the dispatcher, sbi_ecall.c, sees to that). They are
 * thin fronts on the modern extensions' logic, so a legacy call changes
 * the same state and counts the same firmware events as its modern
 * counterpart: SET_TIMER, IPI_SENT, the fence events.
 *
 * The hart mask of send_ipi and the remote fences is not a value but the
 * virtual address of one in S-mode memory. It is read once, as S-mode
 * would read it (unpriv.c: the trapped mode's privilege, translation and
 * PMP), into a local that is then decoded like a modern hart mask with
 * base 0. A pointer S-mode could not read (unmapped, outside RAM, or the
 * firmware's own PMP-protected region) does nothing but hand the fault
 * to S-mode, as the chapter says: "The page and access faults taken by
 * the SBI implementation while accessing memory on behalf of the
 * supervisor are redirected back to the supervisor with sepc CSR
 * pointing to the faulting ECALL instruction". Only the first unsigned
 * long is read, so legacy calls name harts 0 to XLEN-1, as OpenSBI's
 * do. A NULL pointer names every hart, as in the v0.1 calls' original
 * (BBL) meaning.
 * docs/firmware.md, "Legacy SBI v0.1", says what is offered and how to
 * turn it off.
 */
#include <sbipmu/sbi_ext_decode.h>

#include "arch/discover.h"
#include "arch/redirect.h"
#include "cpu/csr.h"
#include "cpu/fw_defs.h"
#include "cpu/unpriv.h"
#include "dev/dev.h"
#include "ext/sbi_ext.h"
#include "rt/console.h"

bool fw_ext_legacy_offered(unsigned long eid)
{
	if (!FW_LEGACY || !fw_feat.legacy)
		return false;
	switch (eid) {
	case SBI_EXT_LEGACY_CONSOLE_PUTCHAR:
	case SBI_EXT_LEGACY_CONSOLE_GETCHAR:
		/* As DBCN, only with a console. The chapter lets putchar
		 * throw bytes away when there is none, but a client that
		 * probes for a console (our payloads do) then writes into
		 * nothing instead of using a UART it could drive itself. */
		return fw_dev.console != NULL;
	case SBI_EXT_LEGACY_SHUTDOWN:
		return fw_dev_reset_can(SBI_SRST_TYPE_SHUTDOWN);
	default:
		return eid <= SBI_EXT_LEGACY_SHUTDOWN;
	}
}

/*
 * The unsigned long at S-mode virtual address @addr, a byte at a time
 * (any alignment S-mode could read is fine): false, and the fault in
 * *@fault, if a byte faults. A byte past the top of the address space
 * faults as a load access fault there.
 */
static bool legacy_read_ulong(unsigned long addr, unsigned long *value,
			      struct fw_unpriv_fault *fault)
{
	unsigned long v = 0, byte_addr;
	unsigned int i;
	uint8_t b;

	for (i = 0; i < sizeof(v); i++) {
		if (__builtin_add_overflow(addr, i, &byte_addr)) {
			fault->cause = CAUSE_LOAD_ACCESS;
			fault->tval = addr;
			return false;
		}
		if (!fw_unpriv_read_u8(byte_addr, &b, fault))
			return false;
		v |= (unsigned long)b << (8 * i); /* RISC-V is little-endian */
	}
	*value = v;
	return true;
}

/*
 * Reading the hart mask at @addr (the caller's a0) took @fault: S-mode
 * takes it at its ECALL, every register as it was. So mepc goes back to
 * the ecall (entry.S stepped past it; an ecall is 4 bytes) before the
 * redirect, and a0 goes back holding @addr, what S-mode put there.
 */
static long legacy_fault(unsigned long addr,
			 const struct fw_unpriv_fault *fault)
{
	csr_write(CSR_MEPC, csr_read(CSR_MEPC) - 4);
	fw_trap_redirect(fault->cause, fault->tval);
	return (long)addr;
}

/*
 * Legacy hart_mask pointer @addr (a0) -> decoded hart list: the value
 * read once, then checked as a modern (mask, base 0) pair. Nonzero is
 * the value for a0: an SBI error, or @addr itself when the read faulted
 * and the fault went to S-mode (legacy_fault).
 */
static long legacy_hartlist(unsigned long addr, struct fw_hartlist *list)
{
	struct fw_unpriv_fault fault;
	unsigned long mask;

	if (addr == 0)
		return fw_hartlist_decode(0, FW_HARTLIST_ALL, list);
	if (!legacy_read_ulong(addr, &mask, &fault))
		return legacy_fault(addr, &fault);
	return fw_hartlist_decode(mask, 0, list);
}

static long legacy_send_ipi(struct fw_hart *h, unsigned long addr)
{
	struct fw_hartlist list;
	long err = legacy_hartlist(addr, &list);

	if (err)
		return err;
	fw_ext_ipi_send_list(h, &list);
	return SBI_SUCCESS;
}

/* remote_fence_i, remote_sfence_vma(_asid): a0 the mask, a1-a3 range. */
static long legacy_fence(struct fw_hart *h, unsigned int fid,
			 const unsigned long a[6])
{
	struct fw_hartlist list;
	long err = legacy_hartlist(a[0], &list);

	if (err)
		return err;
	fw_ext_rfence_request(h, &list, fid, a[1], a[2], a[3]);
	return SBI_SUCCESS;
}

static long legacy_set_timer(struct fw_hart *h, const unsigned long a[6])
{
	uint64_t when = a[0];

#if __riscv_xlen == 32
	when |= (uint64_t)a[1] << 32; /* stime_value is 64 bits on RV32 too */
#endif
	fw_ext_time_set(h, when);
	return SBI_SUCCESS;
}

static long legacy_putchar(unsigned long c)
{
	fw_console_lock();
	fw_console_putc((char)(c & 0xFF));
	fw_console_unlock();
	return SBI_SUCCESS;
}

/* "Returns the byte on success, or -1 for failure" (nothing waiting). */
static long legacy_getchar(void)
{
	char c;

	return fw_console_getc(&c) ? (long)(unsigned char)c : -1L;
}

/*
 * "Clears the pending IPIs if any" on the calling hart (its SSIP);
 * "returns 0 if no IPI had been pending, or an implementation specific
 * positive value if an IPI had been pending": 1.
 */
static long legacy_clear_ipi(void)
{
	return (csr_read_clear(CSR_MIP, MIP_SSIP) & MIP_SSIP) ? 1 : 0;
}

static long legacy_call(struct fw_hart *h, unsigned long eid,
			const unsigned long a[6])
{
	switch (eid) {
	case SBI_EXT_LEGACY_SET_TIMER:
		return legacy_set_timer(h, a);
	case SBI_EXT_LEGACY_CONSOLE_PUTCHAR:
		return legacy_putchar(a[0]);
	case SBI_EXT_LEGACY_CONSOLE_GETCHAR:
		return legacy_getchar();
	case SBI_EXT_LEGACY_CLEAR_IPI:
		return legacy_clear_ipi();
	case SBI_EXT_LEGACY_SEND_IPI:
		return legacy_send_ipi(h, a[0]);
	case SBI_EXT_LEGACY_REMOTE_FENCE_I:
		return legacy_fence(h, SBI_EXT_RFENCE_REMOTE_FENCE_I, a);
	case SBI_EXT_LEGACY_REMOTE_SFENCE_VMA:
		return legacy_fence(h, SBI_EXT_RFENCE_REMOTE_SFENCE_VMA, a);
	case SBI_EXT_LEGACY_REMOTE_SFENCE_VMA_ASID:
		return legacy_fence(h, SBI_EXT_RFENCE_REMOTE_SFENCE_VMA_ASID,
				    a);
	default: /* SHUTDOWN: returns only if the device did not act */
		return fw_ext_srst_request(SBI_SRST_TYPE_SHUTDOWN,
					   SBI_SRST_REASON_NONE);
	}
}

long fw_ext_legacy_ecall(struct fw_hart *h, unsigned long eid,
			 const unsigned long a[6])
{
	/* With FW_LEGACY=0 this is the whole function: the rest is gone. */
	if (!fw_ext_legacy_offered(eid))
		return SBI_ERR_NOT_SUPPORTED;
	return legacy_call(h, eid, a);
}
