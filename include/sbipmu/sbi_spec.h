/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The numbers of the SBI specification (v3.0), defined once for all of
 * sbipmu: the firmware, the payloads, the guest tools, the unit tests,
 * and tools/pmu-trace.py, which reads the names it prints from this file.
 * Each extension's ID (EID) and function IDs (FIDs), the values the
 * spec's tables give to their arguments and results where more than one
 * program needs them (HSM hart states and suspend types, SRST reset
 * types and reasons), and the standard error codes. What only the PMU or
 * SSE logic uses (events, flags, attributes) is in pmu_spec.h and
 * sse_spec.h, which include this file.
 *
 * Names: SBI_EXT_<EXTENSION> is an EID, SBI_EXT_<EXTENSION>_<FUNCTION>
 * one of its FIDs, SBI_SUCCESS and SBI_ERR_<ERROR> the error codes; a
 * legacy extension is SBI_EXT_LEGACY_<FUNCTION>. Every constant is a
 * plain number without suffix or cast (or, SBI_ERR_LOWEST, another's
 * name), so that assembly may include this file (the C declarations are
 * under !__ASSEMBLER__) and a script may read each one as
 * "#define NAME NUMBER".
 */
#ifndef SBIPMU_SBI_SPEC_H
#define SBIPMU_SBI_SPEC_H

/* ---- chapter "Legacy Extensions": one function per EID ---- */

#define SBI_EXT_LEGACY_SET_TIMER	      0x00
#define SBI_EXT_LEGACY_CONSOLE_PUTCHAR	      0x01
#define SBI_EXT_LEGACY_CONSOLE_GETCHAR	      0x02
#define SBI_EXT_LEGACY_CLEAR_IPI	      0x03
#define SBI_EXT_LEGACY_SEND_IPI		      0x04
#define SBI_EXT_LEGACY_REMOTE_FENCE_I	      0x05
#define SBI_EXT_LEGACY_REMOTE_SFENCE_VMA      0x06
#define SBI_EXT_LEGACY_REMOTE_SFENCE_VMA_ASID 0x07
#define SBI_EXT_LEGACY_SHUTDOWN		      0x08
/* The last EID of the range 0x00-0x0F the legacy extensions hold. */
#define SBI_EXT_LEGACY_LAST 0x0F

/* ---- chapter "Base Extension" ---- */

#define SBI_EXT_BASE		      0x10
#define SBI_EXT_BASE_GET_SPEC_VERSION 0
#define SBI_EXT_BASE_GET_IMPL_ID      1
#define SBI_EXT_BASE_GET_IMPL_VERSION 2
#define SBI_EXT_BASE_PROBE_EXT	      3
#define SBI_EXT_BASE_GET_MVENDORID    4
#define SBI_EXT_BASE_GET_MARCHID      5
#define SBI_EXT_BASE_GET_MIMPID	      6

/* ---- chapter "Timer Extension" ("TIME") ---- */

#define SBI_EXT_TIME	       0x54494D45
#define SBI_EXT_TIME_SET_TIMER 0

/* ---- chapter "IPI Extension" ("sPI") ---- */

#define SBI_EXT_IPI	     0x735049
#define SBI_EXT_IPI_SEND_IPI 0

/* ---- chapter "RFENCE Extension" ("RFNC") ---- */

#define SBI_EXT_RFENCE			       0x52464E43
#define SBI_EXT_RFENCE_REMOTE_FENCE_I	       0
#define SBI_EXT_RFENCE_REMOTE_SFENCE_VMA       1
#define SBI_EXT_RFENCE_REMOTE_SFENCE_VMA_ASID  2
#define SBI_EXT_RFENCE_REMOTE_HFENCE_GVMA_VMID 3
#define SBI_EXT_RFENCE_REMOTE_HFENCE_GVMA      4
#define SBI_EXT_RFENCE_REMOTE_HFENCE_VVMA_ASID 5
#define SBI_EXT_RFENCE_REMOTE_HFENCE_VVMA      6
/* Not spec names: one past the last FID, here and for PMU and SSE. */
#define SBI_EXT_RFENCE_FID_COUNT 7

/* ---- chapter "Hart State Management Extension" ("HSM") ---- */

#define SBI_EXT_HSM		    0x48534D
#define SBI_EXT_HSM_HART_START	    0
#define SBI_EXT_HSM_HART_STOP	    1
#define SBI_EXT_HSM_HART_GET_STATUS 2
#define SBI_EXT_HSM_HART_SUSPEND    3

/* Table "HSM Hart States": what hart_get_status returns. */
#define SBI_HSM_STATE_STARTED	      0
#define SBI_HSM_STATE_STOPPED	      1
#define SBI_HSM_STATE_START_PENDING   2
#define SBI_HSM_STATE_STOP_PENDING    3
#define SBI_HSM_STATE_SUSPENDED	      4
#define SBI_HSM_STATE_SUSPEND_PENDING 5
#define SBI_HSM_STATE_RESUME_PENDING  6

/*
 * Table "HSM Hart Suspend Types": the default retentive and the default
 * non-retentive suspend. Bit 31 is what makes a type non-retentive, and
 * in each half the types from 0x10000000 on are platform-specific (below
 * that, reserved).
 */
#define SBI_HSM_SUSPEND_TYPE_RETENTIVE	    0x00000000
#define SBI_HSM_SUSPEND_TYPE_NON_RETENTIVE  0x80000000
#define SBI_HSM_SUSPEND_TYPE_PLATFORM_FIRST 0x10000000

/* ---- chapter "System Reset Extension" ("SRST") ---- */

#define SBI_EXT_SRST		  0x53525354
#define SBI_EXT_SRST_SYSTEM_RESET 0

/*
 * Table "SRST System Reset Types"; from ..._VENDOR_FIRST up: vendor or
 * platform specific. Between WARM_REBOOT and that: reserved.
 */
#define SBI_SRST_RESET_TYPE_SHUTDOWN	 0x00000000
#define SBI_SRST_RESET_TYPE_COLD_REBOOT	 0x00000001
#define SBI_SRST_RESET_TYPE_WARM_REBOOT	 0x00000002
#define SBI_SRST_RESET_TYPE_VENDOR_FIRST 0xF0000000

/*
 * Table "SRST System Reset Reasons"; from ..._SBI_FIRST up: SBI
 * implementation specific, from ..._VENDOR_FIRST up: vendor or platform
 * specific. Between SYSTEM_FAILURE and those: reserved.
 */
#define SBI_SRST_RESET_REASON_NONE	     0x00000000
#define SBI_SRST_RESET_REASON_SYSTEM_FAILURE 0x00000001
#define SBI_SRST_RESET_REASON_SBI_FIRST	     0xE0000000
#define SBI_SRST_RESET_REASON_VENDOR_FIRST   0xF0000000

/* ---- chapter "Performance Monitoring Unit Extension" ("PMU") ---- */

#define SBI_EXT_PMU		       0x504D55
#define SBI_EXT_PMU_NUM_COUNTERS       0
#define SBI_EXT_PMU_COUNTER_GET_INFO   1
#define SBI_EXT_PMU_COUNTER_CFG_MATCH  2
#define SBI_EXT_PMU_COUNTER_START      3
#define SBI_EXT_PMU_COUNTER_STOP       4
#define SBI_EXT_PMU_COUNTER_FW_READ    5
#define SBI_EXT_PMU_COUNTER_FW_READ_HI 6
#define SBI_EXT_PMU_SNAPSHOT_SET_SHMEM 7
#define SBI_EXT_PMU_EVENT_GET_INFO     8
#define SBI_EXT_PMU_FID_COUNT	       9

/* ---- chapter "Debug Console Extension" ("DBCN") ---- */

#define SBI_EXT_DBCN			0x4442434E
#define SBI_EXT_DBCN_CONSOLE_WRITE	0
#define SBI_EXT_DBCN_CONSOLE_READ	1
#define SBI_EXT_DBCN_CONSOLE_WRITE_BYTE 2

/* ---- chapter "Supervisor Software Events Extension" ("SSE") ---- */

#define SBI_EXT_SSE		0x535345
#define SBI_EXT_SSE_READ_ATTRS	0
#define SBI_EXT_SSE_WRITE_ATTRS 1
#define SBI_EXT_SSE_REGISTER	2
#define SBI_EXT_SSE_UNREGISTER	3
#define SBI_EXT_SSE_ENABLE	4
#define SBI_EXT_SSE_DISABLE	5
#define SBI_EXT_SSE_COMPLETE	6
#define SBI_EXT_SSE_INJECT	7
#define SBI_EXT_SSE_HART_UNMASK 8
#define SBI_EXT_SSE_HART_MASK	9
#define SBI_EXT_SSE_FID_COUNT	10

/* ---- chapter "Binary Encoding", table "Standard SBI Errors" ---- */

#define SBI_SUCCESS		  0
#define SBI_ERR_FAILED		  (-1)
#define SBI_ERR_NOT_SUPPORTED	  (-2)
#define SBI_ERR_INVALID_PARAM	  (-3)
#define SBI_ERR_DENIED		  (-4)
#define SBI_ERR_INVALID_ADDRESS	  (-5)
#define SBI_ERR_ALREADY_AVAILABLE (-6)
#define SBI_ERR_ALREADY_STARTED	  (-7)
#define SBI_ERR_ALREADY_STOPPED	  (-8)
#define SBI_ERR_NO_SHMEM	  (-9)
#define SBI_ERR_INVALID_STATE	  (-10)
#define SBI_ERR_BAD_RANGE	  (-11)
#define SBI_ERR_TIMEOUT		  (-12)
#define SBI_ERR_IO		  (-13)
#define SBI_ERR_DENIED_LOCKED	  (-14)

/* Lowest defined code: anything below (or positive) is not an SBI error. */
#define SBI_ERR_LOWEST SBI_ERR_DENIED_LOCKED

#ifndef __ASSEMBLER__

/* get_spec_version's value: [30:24] major, [23:0] minor (Base chapter). */
#define SBI_SPEC_VERSION(major, minor)                                         \
	(((unsigned long)(major) << 24) | (unsigned long)(minor))
#define SBI_SPEC_VERSION_MAJOR(v) (((v) >> 24) & 0x7F)
#define SBI_SPEC_VERSION_MINOR(v) ((v)&0xFFFFFF)

/*
 * The result of an SBI call, exactly as it goes back in a0/a1. Aligned to
 * its size, which changes nothing in how it is passed (two registers),
 * but lets GCC 12 (RISC-V) tail-call a function returning it without
 * setting up a stack frame it never uses, on every dispatch level of the
 * SBI-call path.
 */
struct sbiret {
	long error;
	unsigned long value;
} __attribute__((aligned(2 * sizeof(long))));

/* True when @err is SBI_SUCCESS or one of the codes above. */
static inline int sbi_error_is_defined(long err)
{
	return err <= 0 && err >= SBI_ERR_LOWEST;
}

/*
 * The name of error code @err as this file spells it ("SBI_SUCCESS",
 * "SBI_ERR_INVALID_PARAM"); for a code the spec does not define,
 * "(not an SBI error)". Static strings (sbi/sbi_error.c).
 */
const char *sbi_error_name(long err);

/* The same without the prefix: "SUCCESS", "INVALID_PARAM". */
const char *sbi_error_short_name(long err);

#endif /* !__ASSEMBLER__ */

#endif
