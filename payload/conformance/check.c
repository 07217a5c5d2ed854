/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Verdict printing and counting for check.h. All output of a verdict is
 * formatted into one buffer first so that a line is never split by
 * another hart's output.
 */
#include "check.h"

#include <stdarg.h>

#include "printf.h"

#define CHECK_LINE 320

static unsigned int check_passed;
static unsigned int check_failed;
static unsigned int check_skipped;

const char *check_error_name(long error)
{
	static char unknown[32];

	if (sbi_error_is_defined(error))
		return sbi_error_short_name(error);
	snprintf(unknown, sizeof(unknown), "error %ld", error);
	return unknown;
}

void check_format_errset(char *buf, unsigned int size, errset_t set)
{
	unsigned int n = 0, bit;

	buf[0] = '\0';
	for (bit = 0; bit < 32 && n < size; bit++) {
		if (!(set & ((errset_t)1 << bit)))
			continue;
		n += (unsigned int)snprintf(buf + n, size - n, "%s%s",
					    n ? "|" : "",
					    check_error_name(-(long)bit));
	}
}

void check_format_ret(char *buf, unsigned int size, struct sbiret r)
{
	if (r.error == SBI_SUCCESS)
		snprintf(buf, size, "SUCCESS (value 0x%lx)", r.value);
	else
		snprintf(buf, size, "%s", check_error_name(r.error));
}

void check_pass(const char *name)
{
	check_passed++;
	printf("PASS: %s\n", name);
}

static void check_vfail(const char *name, const char *why, const char *expected,
			const char *got_fmt, va_list ap)
{
	char got[CHECK_LINE];

	check_failed++;
	vsnprintf(got, sizeof(got), got_fmt, ap);
	printf("FAIL: %s: %s got %s\n    why: %s\n", name, expected, got, why);
}

void check_fail(const char *name, const char *why, const char *expected,
		const char *got_fmt, ...)
{
	va_list ap;

	va_start(ap, got_fmt);
	check_vfail(name, why, expected, got_fmt, ap);
	va_end(ap);
}

void check_skip(const char *name, const char *reason_fmt, ...)
{
	char reason[CHECK_LINE];
	va_list ap;

	va_start(ap, reason_fmt);
	vsnprintf(reason, sizeof(reason), reason_fmt, ap);
	va_end(ap);
	check_skipped++;
	printf("SKIP: %s: %s\n", name, reason);
}

bool check_true(const char *name, const char *why, bool ok,
		const char *expected, const char *got_fmt, ...)
{
	va_list ap;

	if (ok) {
		check_pass(name);
		return true;
	}
	va_start(ap, got_fmt);
	check_vfail(name, why, expected, got_fmt, ap);
	va_end(ap);
	return false;
}

bool check_error(const char *name, const char *why, errset_t accept,
		 struct sbiret got)
{
	char expected[CHECK_LINE], actual[96];
	bool known = got.error <= 0 && got.error > -32;

	if (known && (accept & ERR_BIT(got.error))) {
		check_pass(name);
		return true;
	}
	check_format_errset(expected, sizeof(expected), accept);
	check_format_ret(actual, sizeof(actual), got);
	check_fail(name, why, expected, "%s", actual);
	return false;
}

bool check_success_value(const char *name, const char *why, unsigned long value,
			 struct sbiret got)
{
	char expected[64], actual[96];

	if (got.error == SBI_SUCCESS && got.value == value) {
		check_pass(name);
		return true;
	}
	snprintf(expected, sizeof(expected), "SUCCESS (value 0x%lx)", value);
	check_format_ret(actual, sizeof(actual), got);
	check_fail(name, why, expected, "%s", actual);
	return false;
}

bool check_u64(const char *name, const char *why, uint64_t expected,
	       uint64_t got)
{
	char exp[32];

	snprintf(exp, sizeof(exp), "%llu", (unsigned long long)expected);
	return check_true(name, why, got == expected, exp, "%llu",
			  (unsigned long long)got);
}

void check_note(const char *fmt, ...)
{
	char line[CHECK_LINE];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	printf("# %s\n", line);
}

unsigned int check_summary(void)
{
	printf("%u passed, %u failed, %u skipped\n", check_passed, check_failed,
	       check_skipped);
	return check_failed;
}
