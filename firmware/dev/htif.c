/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Berkeley HTIF (ucb,htif0, QEMU's spike): a console and the power-off,
 * registered as one of each (FW_CONSOLE_DRIVER, FW_RESET_DRIVER).
 * A request is one 64-bit write to tohost: device (bits 63:56), command
 * (55:48), payload. QEMU answers at once: tohost back to 0, the reply
 * in fromhost, which we clear. Device 1 command 1 writes a byte; device
 * 0 with payload bit 0 set ends the simulation with status payload >> 1.
 * On RV32 tohost is written as two 32-bit halves, low half first: QEMU
 * takes the request when the high half arrives (a 64-bit store reaches
 * its 32-bit registers in the same order).
 */
#include <stddef.h>

#include <sbipmu/dev_fdt.h>

#include "dev/dev.h"

#define HTIF_DEV_SYSTEM	 0ULL
#define HTIF_DEV_CONSOLE 1ULL
#define HTIF_CMD_PUTC	 1ULL

static uintptr_t htif_tohost;
static uintptr_t htif_fromhost;

static void htif_write64(uintptr_t addr, uint64_t v)
{
#if __riscv_xlen == 64
	*(volatile uint64_t *)addr = v;
#else
	((volatile uint32_t *)addr)[0] = (uint32_t)v;
	((volatile uint32_t *)addr)[1] = (uint32_t)(v >> 32);
#endif
}

static uint64_t htif_read64(uintptr_t addr)
{
#if __riscv_xlen == 64
	return *(volatile uint64_t *)addr;
#else
	return ((uint64_t)((volatile uint32_t *)addr)[1] << 32) |
	       ((volatile uint32_t *)addr)[0];
#endif
}

/* One request: wait for the device to be idle, send, take the reply. */
static void htif_request(uint64_t dev, uint64_t cmd, uint64_t payload)
{
	while (htif_read64(htif_tohost))
		;
	htif_write64(htif_tohost, (dev << 56) | (cmd << 48) | payload);
	while (htif_read64(htif_tohost))
		;
	if (htif_read64(htif_fromhost))
		htif_write64(htif_fromhost, 0);
}

static void htif_putc(char c)
{
	htif_request(HTIF_DEV_CONSOLE, HTIF_CMD_PUTC, (uint8_t)c);
}

static const struct fw_console_ops htif_ops = {
	.name = "ucb,htif0",
	.putc = htif_putc,
};

static const struct fw_console_ops *htif_probe(const struct dev_fdt_console *c)
{
	if (c->tohost > UINTPTR_MAX || c->fromhost > UINTPTR_MAX)
		return NULL;
	htif_tohost = (uintptr_t)c->tohost;
	htif_fromhost = (uintptr_t)c->fromhost;
	return &htif_ops;
}

/*
 * The end of the simulation, with status @failure, through the tohost
 * the reset decode found (the console's, when it is the console too).
 */
static bool htif_poweroff(const struct dev_fdt_reset *r, unsigned int type,
			  bool failure)
{
	(void)type;
	if (r->addr > UINTPTR_MAX)
		return false;
	/* No reply comes: the simulation ends. */
	htif_write64((uintptr_t)r->addr,
		     (HTIF_DEV_SYSTEM << 56) | ((failure ? 1ULL : 0ULL) << 1) |
			     1);
	return true;
}

static const struct fw_reset_ops htif_reset_ops = {
	.name = "htif",
	.tells_failure = true,
	.reset = htif_poweroff,
};

static const char *const htif_compatible[] = {"ucb,htif0", NULL};

FW_CONSOLE_DRIVER(fw_console_htif) = {
	.fdt = {.compatible = htif_compatible, .type = DEV_FDT_CONSOLE_HTIF},
	.probe = htif_probe,
};

FW_RESET_DRIVER(fw_reset_htif) = {
	.fdt = {.compatible = htif_compatible, .decode = dev_fdt_reset_htif},
	.ops = &htif_reset_ops,
};
