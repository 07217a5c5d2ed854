/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * OpenCores' I2C master (sifive,i2c0: FU740) as a reset-time-only
 * master: one register of one device written or read, polled, every
 * wait bounded by FW_I2C_TIMEOUT_US. Five byte-wide registers, reg-shift
 * apart: prescale low and high, control (bit 7 enables the core), transmit
 * / receive, command / status. A command byte says what the core does
 * with the next byte: start, write, read, stop, and whether a read is
 * answered with NACK; status says a transfer is in progress (TIP), the
 * device did not ACK (RXACK) or arbitration was lost. The prescaler is
 * left as the earlier stages set it for the bus clock. A missing ACK
 * ends the transfer with a stop and the call returns false. Register
 * map from the OpenCores I2C core specification, as Linux's
 * i2c-ocores.c uses it. Tested by decoding only: no QEMU machine has
 * this controller.
 */
#include <sbipmu/dev_fdt.h>

#include "dev/dev.h"

#define OC_CTR 2
#define OC_TXR 3 /* written: transmit */
#define OC_RXR 3 /* read: receive */
#define OC_CR  4 /* written: command */
#define OC_SR  4 /* read: status */

#define OC_CTR_EN  0x80U
#define OC_CR_STA  0x80U
#define OC_CR_STO  0x40U
#define OC_CR_RD   0x20U
#define OC_CR_WR   0x10U
#define OC_CR_NACK 0x08U
#define OC_SR_NACK 0x80U /* RXACK: the device did not acknowledge */
#define OC_SR_AL   0x20U
#define OC_SR_TIP  0x02U

static uintptr_t oc_addr(const struct fw_i2c_bus *b, unsigned int i)
{
	return b->base + ((uintptr_t)i << b->shift);
}

static uint8_t oc_read(const struct fw_i2c_bus *b, unsigned int i)
{
	if (b->width == 4)
		return (uint8_t) * (volatile uint32_t *)oc_addr(b, i);
	return *(volatile uint8_t *)oc_addr(b, i);
}

static void oc_write(const struct fw_i2c_bus *b, unsigned int i, uint8_t v)
{
	if (b->width == 4)
		*(volatile uint32_t *)oc_addr(b, i) = v;
	else
		*(volatile uint8_t *)oc_addr(b, i) = v;
}

/*
 * One byte: @tx sent (a write) with command @cr, until the core is done.
 * False on a timeout, lost arbitration or, for a write, no ACK; the bus
 * is then released with a stop.
 */
static bool oc_byte(const struct fw_i2c_bus *b, uint8_t tx, uint8_t cr)
{
	uint64_t deadline;
	uint8_t sr;

	if (cr & OC_CR_WR)
		oc_write(b, OC_TXR, tx);
	oc_write(b, OC_CR, cr);
	/* from the command on: the clock is read before status is */
	deadline = fw_dev_deadline(FW_I2C_TIMEOUT_US);
	while ((sr = oc_read(b, OC_SR)) & OC_SR_TIP)
		if (fw_dev_passed(deadline))
			break;
	if (!(sr & (OC_SR_TIP | OC_SR_AL)) &&
	    !((cr & OC_CR_WR) && (sr & OC_SR_NACK)))
		return true;
	oc_write(b, OC_CR, OC_CR_STO);
	return false;
}

static void oc_enable(const struct fw_i2c_bus *b)
{
	uint8_t ctr = oc_read(b, OC_CTR);

	if (!(ctr & OC_CTR_EN))
		oc_write(b, OC_CTR, ctr | OC_CTR_EN);
}

static bool oc_write_reg(const struct fw_i2c_bus *b, uint8_t addr, uint8_t reg,
			 uint8_t value)
{
	oc_enable(b);
	return oc_byte(b, (uint8_t)(addr << 1), OC_CR_STA | OC_CR_WR) &&
	       oc_byte(b, reg, OC_CR_WR) &&
	       oc_byte(b, value, OC_CR_WR | OC_CR_STO);
}

/* The register number written, a repeated start, one byte read. */
static bool oc_read_reg(const struct fw_i2c_bus *b, uint8_t addr, uint8_t reg,
			uint8_t *value)
{
	oc_enable(b);
	if (!oc_byte(b, (uint8_t)(addr << 1), OC_CR_STA | OC_CR_WR) ||
	    !oc_byte(b, reg, OC_CR_WR) ||
	    !oc_byte(b, (uint8_t)(addr << 1 | 1), OC_CR_STA | OC_CR_WR) ||
	    !oc_byte(b, 0, OC_CR_RD | OC_CR_NACK | OC_CR_STO))
		return false;
	*value = oc_read(b, OC_RXR);
	return true;
}

static const char *const oc_compatible[] = {"sifive,i2c0", NULL};

FW_I2C_DRIVER(fw_i2c_ocores) = {
	.fdt = {.compatible = oc_compatible, .layout = DEV_FDT_I2C_SHIFTED},
	.write = oc_write_reg,
	.read = oc_read_reg,
};
