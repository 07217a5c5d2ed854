/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The uint32_t parameters of HSM hart_suspend (suspend_type) and SRST
 * system_reset (reset_type, reset_reason), sbi/sbi_ext_decode.c: every
 * row of the spec's tables at its boundaries, and the SBI v3.0 "Binary
 * Encoding" rule that only the low 32 bits of a 32-bit parameter count,
 * whatever the register holds above them (garbage, or a sign extension
 * by the caller's RV64 ABI). The host's unsigned long is 64 bits, as an
 * RV64 register.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <sbipmu/sbi_ext_decode.h>

_Static_assert(sizeof(unsigned long) == 8, "RV64-sized registers");

/* What may sit above bit 31 of a 32-bit parameter's register. */
static const unsigned long high_bits[] = {
	0, 1UL << 32, 1UL << 63, 0xFFFFFFFF00000000UL, 0xA5A5A5A500000000UL,
};

#define N_HIGH (sizeof(high_bits) / sizeof(high_bits[0]))

struct row {
	uint32_t value;
	int cls;
};

static void check_rows(const struct row *rows, size_t n,
		       int (*decode)(unsigned long))
{
	size_t i, k;

	for (i = 0; i < n; i++)
		for (k = 0; k < N_HIGH; k++)
			assert_int_equal(decode(high_bits[k] | rows[i].value),
					 rows[i].cls);
}

static int hsm(unsigned long a0)
{
	return (int)sbi_ext_hsm_suspend_type(a0);
}

static int srst_type(unsigned long a0)
{
	return (int)sbi_ext_srst_type(a0);
}

static int srst_reason(unsigned long a1)
{
	return (int)sbi_ext_srst_reason(a1);
}

static void test_ext_decode__hsm_suspend_type__table_rows_bits_above_31_ignored(
	void **state)
{
	static const struct row rows[] = {
		{0x00000000u, SBI_HSM_SUSPEND_RET_DEFAULT},
		{0x00000001u, SBI_HSM_SUSPEND_RESERVED},
		{0x0FFFFFFFu, SBI_HSM_SUSPEND_RESERVED},
		{0x10000000u, SBI_HSM_SUSPEND_RET_PLATFORM},
		{0x7FFFFFFFu, SBI_HSM_SUSPEND_RET_PLATFORM},
		{0x80000000u, SBI_HSM_SUSPEND_NONRET_DEFAULT},
		{0x80000001u, SBI_HSM_SUSPEND_RESERVED},
		{0x8FFFFFFFu, SBI_HSM_SUSPEND_RESERVED},
		{0x90000000u, SBI_HSM_SUSPEND_NONRET_PLATFORM},
		{0xFFFFFFFFu, SBI_HSM_SUSPEND_NONRET_PLATFORM},
	};

	(void)state;
	check_rows(rows, sizeof(rows) / sizeof(rows[0]), hsm);
}

/* A uint32_t 0x80000000 as RV64's ABI passes it: sign-extended. */
static void
test_ext_decode__hsm_suspend_type__sign_extended_nonret_default(void **state)
{
	(void)state;
	assert_int_equal(sbi_ext_hsm_suspend_type(
				 (unsigned long)(long)(int32_t)0x80000000u),
			 SBI_HSM_SUSPEND_NONRET_DEFAULT);
	/* bit 63 alone (the old INVALID_PARAM case) is the retentive one */
	assert_int_equal(sbi_ext_hsm_suspend_type(1UL << 63),
			 SBI_HSM_SUSPEND_RET_DEFAULT);
}

static void
test_ext_decode__srst_reset_type__table_rows_bits_above_31_ignored(void **state)
{
	static const struct row rows[] = {
		{0x00000000u, SBI_SRST_TYPE_SHUTDOWN},
		{0x00000001u, SBI_SRST_TYPE_COLD_REBOOT},
		{0x00000002u, SBI_SRST_TYPE_WARM_REBOOT},
		{0x00000003u, SBI_SRST_TYPE_RESERVED},
		{0xEFFFFFFFu, SBI_SRST_TYPE_RESERVED},
		{0xF0000000u, SBI_SRST_TYPE_VENDOR},
		{0xFFFFFFFFu, SBI_SRST_TYPE_VENDOR},
	};

	(void)state;
	check_rows(rows, sizeof(rows) / sizeof(rows[0]), srst_type);
}

static void
test_ext_decode__srst_reset_reason__table_rows_bits_above_31_ignored(
	void **state)
{
	static const struct row rows[] = {
		{0x00000000u, SBI_SRST_REASON_NONE},
		{0x00000001u, SBI_SRST_REASON_FAILURE},
		{0x00000002u, SBI_SRST_REASON_RESERVED},
		{0xDFFFFFFFu, SBI_SRST_REASON_RESERVED},
		{0xE0000000u, SBI_SRST_REASON_SBI_IMPL},
		{0xEFFFFFFFu, SBI_SRST_REASON_SBI_IMPL},
		{0xF0000000u, SBI_SRST_REASON_VENDOR},
		{0xFFFFFFFFu, SBI_SRST_REASON_VENDOR},
	};

	(void)state;
	check_rows(rows, sizeof(rows) / sizeof(rows[0]), srst_reason);
}

static void test_ext_decode__arg_u32__low_32_bits(void **state)
{
	(void)state;
	assert_int_equal(sbi_ext_arg_u32(0xFFFFFFFF80000000UL), 0x80000000u);
	assert_int_equal(sbi_ext_arg_u32(0x123456789UL), 0x23456789u);
	assert_int_equal(sbi_ext_arg_u32(~0UL), 0xFFFFFFFFu);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(
			test_ext_decode__hsm_suspend_type__table_rows_bits_above_31_ignored),
		cmocka_unit_test(
			test_ext_decode__hsm_suspend_type__sign_extended_nonret_default),
		cmocka_unit_test(
			test_ext_decode__srst_reset_type__table_rows_bits_above_31_ignored),
		cmocka_unit_test(
			test_ext_decode__srst_reset_reason__table_rows_bits_above_31_ignored),
		cmocka_unit_test(test_ext_decode__arg_u32__low_32_bits),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
