/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The names of the standard SBI error codes (sbi_spec.h), for messages:
 * the unit tests' failed assertions, the conformance suite's verdicts.
 * The table is built from the codes' own macros, name and number alike,
 * so the two cannot drift apart. Freestanding, no libc: the firmware
 * (with the rest of sbi/), the payloads (mk/payload.mk) and the host
 * library all build it.
 */
#include <sbipmu/sbi_spec.h>

/* Entry -@code of the table: @code's name as sbi_spec.h spells it. */
#define ERROR_NAME(code) [-(code)] = #code

static const char *const sbi_error_names[] = {
	ERROR_NAME(SBI_SUCCESS),
	ERROR_NAME(SBI_ERR_FAILED),
	ERROR_NAME(SBI_ERR_NOT_SUPPORTED),
	ERROR_NAME(SBI_ERR_INVALID_PARAM),
	ERROR_NAME(SBI_ERR_DENIED),
	ERROR_NAME(SBI_ERR_INVALID_ADDRESS),
	ERROR_NAME(SBI_ERR_ALREADY_AVAILABLE),
	ERROR_NAME(SBI_ERR_ALREADY_STARTED),
	ERROR_NAME(SBI_ERR_ALREADY_STOPPED),
	ERROR_NAME(SBI_ERR_NO_SHMEM),
	ERROR_NAME(SBI_ERR_INVALID_STATE),
	ERROR_NAME(SBI_ERR_BAD_RANGE),
	ERROR_NAME(SBI_ERR_TIMEOUT),
	ERROR_NAME(SBI_ERR_IO),
	ERROR_NAME(SBI_ERR_DENIED_LOCKED),
};
_Static_assert(sizeof(sbi_error_names) / sizeof(sbi_error_names[0]) ==
		       1 - SBI_ERR_LOWEST,
	       "one name per code, down to the lowest");

/* What the short name leaves out: "SBI_" of SUCCESS, "SBI_ERR_" of the rest. */
#define SUCCESS_PREFIX_LEN (sizeof("SBI_") - 1)
#define ERROR_PREFIX_LEN   (sizeof("SBI_ERR_") - 1)

const char *sbi_error_name(long err)
{
	if (!sbi_error_is_defined(err))
		return "(not an SBI error)";
	return sbi_error_names[-err];
}

const char *sbi_error_short_name(long err)
{
	const char *name = sbi_error_name(err);

	if (!sbi_error_is_defined(err))
		return name;
	if (err == SBI_SUCCESS)
		return name + SUCCESS_PREFIX_LEN;
	return name + ERROR_PREFIX_LEN;
}
