/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Verdicts of the conformance suite, one line each:
 *   PASS: <name>
 *   FAIL: <name>: <expected> got <actual>
 *       why: <the spec clause or reason the expectation rests on>
 *   SKIP: <name>: <reason>
 * and a closing "N passed, M failed, K skipped". The indented why line
 * under a FAIL is what docs/conformance-opensbi.md quotes as the note.
 * Accepted SBI error codes are given as a set (ERRS(...)), so a check
 * where the spec allows several answers states all of them.
 */
#ifndef CONFORMANCE_CHECK_H
#define CONFORMANCE_CHECK_H

#include <stdbool.h>
#include <stdint.h>

#include <sbipmu/sbi_spec.h>

/* A set of SBI error codes: bit n stands for error -n (SUCCESS is 0). */
typedef uint32_t errset_t;
#define ERR_BIT(e)     ((errset_t)1 << (unsigned int)-(e))
#define ERRS1(a)       ERR_BIT(a)
#define ERRS2(a, b)    (ERR_BIT(a) | ERR_BIT(b))
#define ERRS3(a, b, c) (ERR_BIT(a) | ERR_BIT(b) | ERR_BIT(c))
#define ERRS_ANY_ERROR ((errset_t)~ERR_BIT(SBI_SUCCESS))

void check_pass(const char *name);
void check_fail(const char *name, const char *why, const char *expected,
		const char *got_fmt, ...) __attribute__((format(printf, 4, 5)));
void check_skip(const char *name, const char *reason_fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* PASS if @ok, else FAIL with @expected and the formatted actual value. */
bool check_true(const char *name, const char *why, bool ok,
		const char *expected, const char *got_fmt, ...)
	__attribute__((format(printf, 5, 6)));

/* PASS if @got.error is in @accept. */
bool check_error(const char *name, const char *why, errset_t accept,
		 struct sbiret got);

/* PASS if @got.error is SUCCESS and @got.value equals @value. */
bool check_success_value(const char *name, const char *why, unsigned long value,
			 struct sbiret got);

/* PASS if @got == @expected. */
bool check_u64(const char *name, const char *why, uint64_t expected,
	       uint64_t got);

/* "INVALID_PARAM", "error -42", ... and "A|B" for sets. */
const char *check_error_name(long error);
void check_format_errset(char *buf, unsigned int size, errset_t set);
/* "SUCCESS (value 0x..)" or "INVALID_PARAM" for a result. */
void check_format_ret(char *buf, unsigned int size, struct sbiret r);

/* A comment line ("# ...") for the log; never parsed as a verdict. */
void check_note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Print the closing line; returns the number of failures. */
unsigned int check_summary(void);

#endif
