/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Renesas SCIF console (renesas,scif-r9a07g043: RZ/Five, whose SCIF is
 * RZ/G2L's). Registers 2 bytes apart, each of the width the SoC manual
 * gives it: the transmit FIFO data register (8 bits) at +0x06, the
 * status register FSR (16 bits) at +0x08, the receive FIFO data
 * register (8 bits) at +0x0A. FSR's flags are cleared by writing 0 to
 * them after they were read as 1 (a 1 written leaves a flag as it is),
 * so a flag is cleared by writing FSR with that bit alone at 0.
 * The boot loader before us set the baud rate and enabled transmit and
 * receive (it printed through this port): the firmware leaves the
 * mode, rate and FIFO control as they are. Tested by decoding only
 * (tests/unit/test_dev_fdt.c): no QEMU machine has a SCIF.
 */
#include <stddef.h>

#include <sbipmu/dev_fdt.h>

#include "dev/dev.h"

#define SCIF_FTDR 0x06
#define SCIF_FSR  0x08
#define SCIF_FRDR 0x0A
/* FSR: DR (data ready, below the trigger), RDF (receive FIFO full to the
 * trigger), BRK, FER and PER, TDFE (transmit FIFO at or below its
 * trigger: room for a byte), ER (receive error). */
#define SCIF_FSR_DR   0x0001U
#define SCIF_FSR_RDF  0x0002U
#define SCIF_FSR_BRK  0x0010U
#define SCIF_FSR_TDFE 0x0020U
#define SCIF_FSR_TEND 0x0040U
#define SCIF_FSR_ER   0x0080U
/* A receive error or break stops reception until its flag is cleared. */
#define SCIF_FSR_RX_STOP (SCIF_FSR_ER | SCIF_FSR_BRK)

static uintptr_t scif_base;

static volatile uint16_t *scif_fsr(void)
{
	return (volatile uint16_t *)(scif_base + SCIF_FSR);
}

/* Clear the FSR flags in @flags, leaving the others as they are. */
static void scif_clear(uint16_t flags)
{
	*scif_fsr() = (uint16_t)(~flags & 0xFFFFU);
}

static void scif_putc(char c)
{
	while (!(*scif_fsr() & SCIF_FSR_TDFE))
		;
	*(volatile uint8_t *)(scif_base + SCIF_FTDR) = (uint8_t)c;
	/* TDFE set again means the FIFO has room again */
	scif_clear(SCIF_FSR_TDFE | SCIF_FSR_TEND);
}

static bool scif_getc(char *c)
{
	uint16_t fsr = *scif_fsr();

	if (fsr & SCIF_FSR_RX_STOP)
		scif_clear(SCIF_FSR_RX_STOP);
	if (!(fsr & (SCIF_FSR_DR | SCIF_FSR_RDF)))
		return false;
	*c = (char)*(volatile uint8_t *)(scif_base + SCIF_FRDR);
	scif_clear(SCIF_FSR_DR | SCIF_FSR_RDF);
	return true;
}

static const struct fw_console_ops scif_ops = {
	.name = "renesas,scif",
	.putc = scif_putc,
	.getc = scif_getc,
};

static const struct fw_console_ops *scif_probe(const struct dev_fdt_console *c)
{
	if (c->base > UINTPTR_MAX)
		return NULL;
	scif_base = (uintptr_t)c->base;
	return &scif_ops;
}

static const char *const scif_compatible[] = {"renesas,scif-r9a07g043", NULL};

FW_CONSOLE_DRIVER(fw_console_renesas_scif) = {
	.fdt = {.compatible = scif_compatible, .type = DEV_FDT_CONSOLE_MMIO},
	.probe = scif_probe,
};
