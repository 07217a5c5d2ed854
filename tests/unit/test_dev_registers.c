/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The register writes of the drivers no QEMU machine has (firmware/dev/
 * plicsw.c, starfive_gpio.c, renesas_scif.c) and of sifive_gpio.c
 * (QEMU's sifive_u has one, but its reboot ends the run), on memory laid out as
 * the vendors' manuals lay out the registers: each operation must touch the
 * registers and bits the layout says, and leave the others as they
 * were. The driver files are compiled into this program; on the host
 * their MMIO is plain memory (a register that changes by itself, as a
 * status flag does, is set by the test before the call).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "dev/plicsw.c"
#include "dev/renesas_scif.c"
#include "dev/sifive_gpio.c"
#include "dev/starfive_gpio.c"

static uint32_t word_at(const uint8_t *base, uint32_t off)
{
	uint32_t w;

	memcpy(&w, base + off, 4);
	return w;
}

/* ---- PLICSW: context k, source k + 1 ---- */

#define PLICSW_SIZE 0x220000u /* contexts 0 to 31 */

/* Context @k of a PLICSW at @m, as the walk reports it. */
static bool plicsw_take(struct fw_hart *h, uint8_t *m, unsigned int k)
{
	const struct dev_fdt_timer_dev d = {.msip = (uintptr_t)m};
	const struct dev_fdt_hart_ctx c = {.role = DEV_FDT_ROLE_IPI,
					   .k = k,
					   .addr = (uintptr_t)m + 0x200000 +
						   0x1000 * (uint64_t)k};

	return plicsw_hart_setup(h, &d, &c);
}

static void test_plicsw__context_gets_its_source_alone(void **state)
{
	uint8_t *m = calloc(1, PLICSW_SIZE);
	struct fw_hart h = {0};
	const uint32_t ctx = 2, src = 3, thr = 0x200000 + 0x1000 * ctx;

	(void)state;
	assert_non_null(m);
	memset(m + thr, 0x07, 4); /* a threshold left high */
	assert_true(plicsw_take(&h, m, ctx));
	assert_int_equal(word_at(m, 4 * src), 1);	/* priority */
	assert_int_equal(word_at(m, 4 * (src - 1)), 0); /* not its neighbour */
	assert_int_equal(word_at(m, 0x2000 + 0x80 * ctx), 1u << src);
	assert_int_equal(word_at(m, 0x2000 + 0x80 * (ctx - 1)), 0);
	assert_int_equal(word_at(m, thr), 0);
	assert_int_equal(h.ipi_reg, (uintptr_t)m + 0x1000);
	assert_int_equal(h.ipi_bit, 1u << src);
	assert_int_equal(h.ipi_reg2, (uintptr_t)m + thr + 4);
	/* a ring writes its bit alone: the array is write-1-to-set */
	plicsw_ops.send(&h);
	assert_int_equal(word_at(m, 0x1000), 1u << src);
	/* a clear completes what it claimed */
	memset(m + thr + 4, 0, 4);
	m[thr + 4] = src;
	plicsw_ops.clear(&h);
	assert_int_equal(word_at(m, thr + 4), src);
	free(m);
}

/* Context 31 owns source 32: the second word of each bit array. */
static void test_plicsw__source_32_in_the_second_word(void **state)
{
	uint8_t *m = calloc(1, PLICSW_SIZE);
	struct fw_hart h = {0};

	(void)state;
	assert_non_null(m);
	assert_true(plicsw_take(&h, m, 31));
	assert_int_equal(word_at(m, 4 * 32), 1);
	assert_int_equal(word_at(m, 0x2000 + 0x80 * 31 + 4), 1);
	assert_int_equal(word_at(m, 0x2000 + 0x80 * 31), 0);
	assert_int_equal(h.ipi_reg, (uintptr_t)m + 0x1004);
	assert_int_equal(h.ipi_bit, 1);
	free(m);
}

/* Past the PLIC's 1023 sources there is no context: nothing written. */
static void test_plicsw__context_past_the_last_source_refused(void **state)
{
	const struct dev_fdt_timer_dev d = {.msip = 0x10000000};
	const struct dev_fdt_hart_ctx c = {
		.role = DEV_FDT_ROLE_IPI,
		.k = DEV_FDT_PLICSW_MAX_CONTEXTS,
		.addr = 0x10000000 + 0x200000 +
			0x1000 * (uint64_t)DEV_FDT_PLICSW_MAX_CONTEXTS};
	struct fw_hart h = {0};

	(void)state;
	assert_false(plicsw_hart_setup(&h, &d, &c));
	assert_int_equal(h.ipi_reg, 0);
}

/* ---- JH7110 pinctrl: a byte a pin, four pins a word ---- */

static void test_starfive_gpio__pin_byte_alone_changes(void **state)
{
	uint8_t m[0x80];

	(void)state;
	memset(m, 0xFF, 0x40); /* every output disabled */
	memset(m + 0x40, 0x00, 0x40);
	starfive_gpio_drive((uintptr_t)m, 35, true);
	/* pin 35: word 32 (pins 32-35), lane 3 */
	assert_int_equal(m[0x40 + 35], 1);
	assert_int_equal(m[35], 0);
	assert_int_equal(word_at(m, 0x40 + 32) & 0x00FFFFFFu, 0);
	assert_int_equal(word_at(m, 32) & 0x00FFFFFFu, 0x00FFFFFFu);
	starfive_gpio_drive((uintptr_t)m, 35, false);
	assert_int_equal(m[0x40 + 35], 0);
	/* beyond the 64 pins: nothing written */
	starfive_gpio_drive((uintptr_t)m, 64, true);
	assert_int_equal(word_at(m, 0x40 + 60), 0);
}

/* ---- sifive,gpio0: the pin's value bit, then its output enable ---- */

static void test_sifive_gpio__pin_bit_alone_changes(void **state)
{
	uint8_t m[0x10];

	(void)state;
	memset(m, 0, sizeof(m));
	m[DEV_FDT_SIFIVE_GPIO_OUTPUT_VAL] = 0x01; /* pin 0 high already */
	sifive_gpio_drive((uintptr_t)m, 10, true);
	assert_int_equal(word_at(m, DEV_FDT_SIFIVE_GPIO_OUTPUT_VAL),
			 (1u << 10) | 1u);
	assert_int_equal(word_at(m, DEV_FDT_SIFIVE_GPIO_OUTPUT_EN), 1u << 10);
	sifive_gpio_drive((uintptr_t)m, 10, false);
	assert_int_equal(word_at(m, DEV_FDT_SIFIVE_GPIO_OUTPUT_VAL), 1u);
	/* beyond the 32 pins: nothing written */
	sifive_gpio_drive((uintptr_t)m, 32, true);
	assert_int_equal(word_at(m, DEV_FDT_SIFIVE_GPIO_OUTPUT_VAL), 1u);
}

/* ---- SCIF: FSR flags cleared by a 0 written, others by a 1 kept ---- */

static uint8_t scif[0x10];

static uint16_t scif_fsr_now(void)
{
	uint16_t v;

	memcpy(&v, scif + SCIF_FSR, 2);
	return v;
}

static void scif_fsr_set(uint16_t v)
{
	memcpy(scif + SCIF_FSR, &v, 2);
}

static const struct fw_console_ops *scif_at_test_memory(void)
{
	struct dev_fdt_console c = {.base = (uintptr_t)scif, .size = 0x400};

	memset(scif, 0, sizeof(scif));
	return scif_probe(&c);
}

static void test_scif__putc_sends_and_clears_tdfe_tend(void **state)
{
	const struct fw_console_ops *ops = scif_at_test_memory();

	(void)state;
	assert_non_null(ops);
	scif_fsr_set(SCIF_FSR_TDFE | SCIF_FSR_TEND);
	ops->putc('x');
	assert_int_equal(scif[SCIF_FTDR], 'x');
	/* a 0 for TDFE and TEND alone: the receive flags are kept */
	assert_int_equal(scif_fsr_now(),
			 (uint16_t) ~(SCIF_FSR_TDFE | SCIF_FSR_TEND));
}

static void test_scif__getc_reads_and_clears_receive_flags(void **state)
{
	const struct fw_console_ops *ops = scif_at_test_memory();
	char c = 0;

	(void)state;
	assert_false(ops->getc(&c)); /* nothing received */
	scif[SCIF_FRDR] = 'q';
	scif_fsr_set(SCIF_FSR_DR);
	assert_true(ops->getc(&c));
	assert_int_equal(c, 'q');
	assert_int_equal(scif_fsr_now(),
			 (uint16_t) ~(SCIF_FSR_DR | SCIF_FSR_RDF));
	/* an error flag alone is cleared, and no byte is taken */
	scif_fsr_set(SCIF_FSR_ER);
	assert_false(ops->getc(&c));
	assert_int_equal(scif_fsr_now(), (uint16_t)~SCIF_FSR_RX_STOP);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_plicsw__context_gets_its_source_alone),
		cmocka_unit_test(test_plicsw__source_32_in_the_second_word),
		cmocka_unit_test(
			test_plicsw__context_past_the_last_source_refused),
		cmocka_unit_test(test_starfive_gpio__pin_byte_alone_changes),
		cmocka_unit_test(test_sifive_gpio__pin_bit_alone_changes),
		cmocka_unit_test(test_scif__putc_sends_and_clears_tdfe_tend),
		cmocka_unit_test(
			test_scif__getc_reads_and_clears_receive_flags),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
