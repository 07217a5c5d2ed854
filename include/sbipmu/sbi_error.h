/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The one error vocabulary of sbipmu: the SBI v3.0 error codes (chapter
 * "Binary Encoding", table "Standard SBI Errors"). Every function of the
 * core returns one of these; nothing else is ever converted or invented.
 */
#ifndef SBIPMU_SBI_ERROR_H
#define SBIPMU_SBI_ERROR_H

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

#endif
