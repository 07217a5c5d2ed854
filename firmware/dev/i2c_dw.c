/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * DesignWare I2C controller (snps,designware-i2c: JH7110, SG2042) as a
 * master used at reset time only: one register of one device
 * written or read, polled, every wait bounded by FW_I2C_TIMEOUT_US. The
 * controller is used as the OS left it (master mode and bus speed in
 * IC_CON, its clock running); only the target address is set, which
 * needs the controller disabled. Each byte is a write to IC_DATA_CMD
 * (bit 8: read; bit 9: stop after it); the transmit FIFO holds at least
 * two entries, all a transfer here queues. A missing ACK aborts the
 * transfer (TX_ABRT in IC_RAW_INTR_STAT): the call returns false.
 * Register offsets from the DesignWare databook as Linux's
 * i2c-designware-core.h names them. Tested by decoding only: no QEMU
 * machine has this controller.
 */
#include <sbipmu/dev_fdt.h>

#include "dev/dev.h"

#define DW_TAR		 0x04
#define DW_DATA_CMD	 0x10
#define DW_RAW_INTR	 0x34
#define DW_CLR_INTR	 0x40
#define DW_ENABLE	 0x6C
#define DW_STATUS	 0x70
#define DW_ENABLE_STATUS 0x9C

#define DW_CMD_READ	     (1U << 8)
#define DW_CMD_STOP	     (1U << 9)
#define DW_INTR_TX_ABRT	     (1U << 6)
#define DW_STATUS_TFE	     (1U << 2) /* transmit FIFO empty */
#define DW_STATUS_RFNE	     (1U << 3) /* receive FIFO not empty */
#define DW_STATUS_MST_ACTIVE (1U << 5)

static volatile uint32_t *dw_reg(const struct fw_i2c_bus *b, unsigned int off)
{
	return (volatile uint32_t *)(b->base + off);
}

/* Disabled, the target address set, enabled again, stale status gone. */
static bool dw_start(const struct fw_i2c_bus *b, uint8_t addr)
{
	uint64_t deadline = fw_dev_deadline(FW_I2C_TIMEOUT_US);

	*dw_reg(b, DW_ENABLE) = 0;
	while (*dw_reg(b, DW_ENABLE_STATUS) & 1)
		if (fw_dev_passed(deadline))
			return false;
	*dw_reg(b, DW_TAR) = addr;
	(void)*dw_reg(b, DW_CLR_INTR); /* a read clears every interrupt */
	*dw_reg(b, DW_ENABLE) = 1;
	return true;
}

/* Until @status_bits are set and the master is idle; false on abort. */
static bool dw_wait(const struct fw_i2c_bus *b, uint32_t status_bits, bool idle)
{
	uint64_t deadline = fw_dev_deadline(FW_I2C_TIMEOUT_US);

	for (;;) {
		uint32_t st = *dw_reg(b, DW_STATUS);

		if (*dw_reg(b, DW_RAW_INTR) & DW_INTR_TX_ABRT) {
			(void)*dw_reg(b, DW_CLR_INTR);
			return false;
		}
		if ((st & status_bits) == status_bits &&
		    (!idle || !(st & DW_STATUS_MST_ACTIVE)))
			return true;
		if (fw_dev_passed(deadline))
			return false;
	}
}

static bool dw_write(const struct fw_i2c_bus *b, uint8_t addr, uint8_t reg,
		     uint8_t value)
{
	if (!dw_start(b, addr))
		return false;
	*dw_reg(b, DW_DATA_CMD) = reg;
	*dw_reg(b, DW_DATA_CMD) = value | DW_CMD_STOP;
	return dw_wait(b, DW_STATUS_TFE, true);
}

static bool dw_read(const struct fw_i2c_bus *b, uint8_t addr, uint8_t reg,
		    uint8_t *value)
{
	if (!dw_start(b, addr))
		return false;
	*dw_reg(b, DW_DATA_CMD) = reg;
	*dw_reg(b, DW_DATA_CMD) = DW_CMD_READ | DW_CMD_STOP;
	if (!dw_wait(b, DW_STATUS_RFNE, false))
		return false;
	*value = (uint8_t)*dw_reg(b, DW_DATA_CMD);
	return dw_wait(b, DW_STATUS_TFE, true);
}

static const char *const dw_compatible[] = {"snps,designware-i2c", NULL};

FW_I2C_DRIVER(fw_i2c_dw) = {
	.fdt = {.compatible = dw_compatible,
		.layout = DEV_FDT_I2C_FIXED,
		.span = DEV_FDT_I2C_DW_SPAN},
	.write = dw_write,
	.read = dw_read,
};
