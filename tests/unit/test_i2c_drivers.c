/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The firmware's I2C masters (firmware/dev/i2c_dw.c, i2c_ocores.c)
 * against register models of the two controllers. The registers are an
 * array here, and the device acts whenever a driver reads the clock
 * (fw_dev_time(), which each of its waits calls before it reads status):
 * it takes the command or data the driver last wrote and sets status as
 * the controller would. The models answer at one 7-bit address, or at
 * none (no ACK), or never finish (a stuck bus), so that a write and a
 * read to a device that answers succeed with the right bytes on the
 * bus, and the others return false within the timeout instead of
 * hanging. The driver files are compiled into this program: their
 * functions are static, and on the host their MMIO is plain memory.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>

#include "dev/i2c_dw.c"
#include "dev/i2c_ocores.c"

/* ---- the clock: one tick a read, the model stepped on each ---- */

static uint64_t now;
static void (*model_step)(void);

uint64_t fw_dev_time(void)
{
	if (model_step)
		model_step();
	return now++;
}

uint64_t fw_dev_us_to_ticks(uint32_t us)
{
	return us; /* 1 tick a microsecond: the timeout is 10000 reads */
}

enum model_mode { ANSWERS, ABSENT, STUCK };

static enum model_mode mode;
#define DEVICE_ADDR 0x36
#define DEVICE_REG  0x32

/* ---- DesignWare ---- */

static uint32_t dw[DEV_FDT_I2C_DW_SPAN / 4];
static uint8_t dw_last_written, dw_rx = 0x5A;

static uint32_t *dw_at(unsigned int off)
{
	return &dw[off / 4];
}

/*
 * The controller: disabled when told; a byte pushed with STOP (the
 * last of each transfer here) is sent, or read when it is a read, if
 * the device at TAR answers; else the transfer aborts.
 */
static void dw_model(void)
{
	uint32_t cmd = *dw_at(DW_DATA_CMD);

	*dw_at(DW_ENABLE_STATUS) = *dw_at(DW_ENABLE) & 1;
	if (!*dw_at(DW_ENABLE))
		*dw_at(DW_RAW_INTR) = 0;
	if (mode == STUCK || !(cmd & DW_CMD_STOP))
		return;
	*dw_at(DW_DATA_CMD) = 0;
	if (mode == ABSENT || *dw_at(DW_TAR) != DEVICE_ADDR) {
		*dw_at(DW_RAW_INTR) = DW_INTR_TX_ABRT;
		*dw_at(DW_STATUS) = DW_STATUS_TFE;
		return;
	}
	*dw_at(DW_STATUS) = DW_STATUS_TFE;
	if (cmd & DW_CMD_READ) {
		*dw_at(DW_DATA_CMD) = dw_rx;
		*dw_at(DW_STATUS) |= DW_STATUS_RFNE;
	} else {
		dw_last_written = (uint8_t)cmd;
	}
}

static struct fw_i2c_bus dw_setup(enum model_mode m)
{
	memset(dw, 0, sizeof(dw));
	*dw_at(DW_ENABLE) = 1; /* as the OS left it */
	*dw_at(DW_ENABLE_STATUS) = 1;
	mode = m;
	model_step = dw_model;
	now = 0;
	return (struct fw_i2c_bus){(uintptr_t)dw, 0, 4};
}

static void test_dw__write_and_read_reach_the_device(void **state)
{
	struct fw_i2c_bus b = dw_setup(ANSWERS);
	uint8_t v = 0;

	(void)state;
	assert_true(fw_i2c_dw.write(&b, DEVICE_ADDR, DEVICE_REG, 0x80));
	assert_int_equal(*dw_at(DW_TAR), DEVICE_ADDR);
	assert_int_equal(dw_last_written, 0x80);
	assert_true(fw_i2c_dw.read(&b, DEVICE_ADDR, DEVICE_REG, &v));
	assert_int_equal(v, dw_rx);
}

static void test_dw__no_ack_is_false(void **state)
{
	struct fw_i2c_bus b = dw_setup(ABSENT);
	uint8_t v;

	(void)state;
	assert_false(fw_i2c_dw.write(&b, DEVICE_ADDR, DEVICE_REG, 0x80));
	assert_false(fw_i2c_dw.read(&b, DEVICE_ADDR, DEVICE_REG, &v));
	b = dw_setup(ANSWERS);
	assert_false(fw_i2c_dw.write(&b, 0x37, DEVICE_REG, 0x80));
	/* an abort does not stay for the next transfer */
	assert_true(fw_i2c_dw.write(&b, DEVICE_ADDR, DEVICE_REG, 0x80));
}

static void test_dw__stuck_bus_times_out(void **state)
{
	struct fw_i2c_bus b = dw_setup(STUCK);
	uint8_t v;

	(void)state;
	assert_false(fw_i2c_dw.write(&b, DEVICE_ADDR, DEVICE_REG, 0x80));
	assert_true(now > FW_I2C_TIMEOUT_US && now < 3 * FW_I2C_TIMEOUT_US);
	now = 0;
	assert_false(fw_i2c_dw.read(&b, DEVICE_ADDR, DEVICE_REG, &v));
	assert_true(now < 3 * FW_I2C_TIMEOUT_US);
}

/* ---- OpenCores, reg-shift 2, byte registers (FU740's) ---- */

static uint8_t oc[5 << 2];
static uint8_t oc_bus[8]; /* the bytes written since a start */
static unsigned int oc_n;
static bool oc_reading;

static uint8_t *oc_at(unsigned int i)
{
	return &oc[i << 2];
}

/*
 * The core: a command byte in CR is carried out if the core is enabled,
 * leaving status in the same byte (status values are never commands).
 * A start begins an address phase; the device answers its address.
 */
static void oc_model(void)
{
	uint8_t cr = *oc_at(OC_CR), sr = 0;

	if (cr == 0 || cr == OC_SR_NACK || cr == OC_SR_TIP ||
	    !(*oc_at(OC_CTR) & OC_CTR_EN))
		return;
	if (mode == STUCK) {
		*oc_at(OC_SR) = OC_SR_TIP;
		return;
	}
	if (cr & OC_CR_STA) {
		oc_n = 0;
		oc_reading = *oc_at(OC_TXR) & 1;
	}
	if (cr & OC_CR_WR) {
		uint8_t tx = *oc_at(OC_TXR);
		bool acked = (cr & OC_CR_STA)
				     ? mode == ANSWERS && tx >> 1 == DEVICE_ADDR
				     : mode == ANSWERS;

		if (oc_n < sizeof(oc_bus))
			oc_bus[oc_n++] = tx;
		sr = acked ? 0 : OC_SR_NACK;
	}
	if ((cr & OC_CR_RD) && oc_reading)
		*oc_at(OC_RXR) = 0xA5;
	*oc_at(OC_SR) = sr;
}

static struct fw_i2c_bus oc_setup(enum model_mode m)
{
	memset(oc, 0, sizeof(oc));
	memset(oc_bus, 0, sizeof(oc_bus));
	oc_n = 0;
	mode = m;
	model_step = oc_model;
	now = 0;
	return (struct fw_i2c_bus){(uintptr_t)oc, 2, 1};
}

static void test_ocores__write_and_read_reach_the_device(void **state)
{
	struct fw_i2c_bus b = oc_setup(ANSWERS);
	uint8_t v = 0;

	(void)state;
	assert_true(fw_i2c_ocores.write(&b, DEVICE_ADDR, DEVICE_REG, 0x40));
	/* the core was enabled; address (write), register, value */
	assert_true(*oc_at(OC_CTR) & OC_CTR_EN);
	assert_int_equal(oc_n, 3);
	assert_int_equal(oc_bus[0], DEVICE_ADDR << 1);
	assert_int_equal(oc_bus[1], DEVICE_REG);
	assert_int_equal(oc_bus[2], 0x40);
	assert_true(fw_i2c_ocores.read(&b, DEVICE_ADDR, DEVICE_REG, &v));
	/* the repeated start's address has the read bit */
	assert_int_equal(oc_bus[0], DEVICE_ADDR << 1 | 1);
	assert_int_equal(v, 0xA5);
}

static void test_ocores__no_ack_is_false_and_stops(void **state)
{
	struct fw_i2c_bus b = oc_setup(ABSENT);
	uint8_t v;

	(void)state;
	assert_false(fw_i2c_ocores.write(&b, DEVICE_ADDR, DEVICE_REG, 0x40));
	assert_int_equal(*oc_at(OC_CR), OC_CR_STO); /* the bus released */
	assert_false(fw_i2c_ocores.read(&b, DEVICE_ADDR, DEVICE_REG, &v));
	b = oc_setup(ANSWERS);
	assert_false(fw_i2c_ocores.write(&b, 0x37, DEVICE_REG, 0x40));
}

static void test_ocores__stuck_bus_times_out(void **state)
{
	struct fw_i2c_bus b = oc_setup(STUCK);
	uint8_t v;

	(void)state;
	assert_false(fw_i2c_ocores.write(&b, DEVICE_ADDR, DEVICE_REG, 0x40));
	assert_true(now > FW_I2C_TIMEOUT_US && now < 3 * FW_I2C_TIMEOUT_US);
	now = 0;
	assert_false(fw_i2c_ocores.read(&b, DEVICE_ADDR, DEVICE_REG, &v));
	assert_true(now < 3 * FW_I2C_TIMEOUT_US);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_dw__write_and_read_reach_the_device),
		cmocka_unit_test(test_dw__no_ack_is_false),
		cmocka_unit_test(test_dw__stuck_bus_times_out),
		cmocka_unit_test(test_ocores__write_and_read_reach_the_device),
		cmocka_unit_test(test_ocores__no_ack_is_false_and_stops),
		cmocka_unit_test(test_ocores__stuck_bus_times_out),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
