/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the runtime learns from the device tree the firmware hands over
 * in a1, read with libfdt: the harts the tree lists as usable, the UART
 * /chosen/stdout-path names, and the address of a device by its
 * compatible string (the sifive_test shutdown device). The payload must
 * run on any machine the firmware supports, so no device address is
 * built in. Every query fails softly on a missing or malformed tree.
 */
#ifndef PAYLOAD_DT_H
#define PAYLOAD_DT_H

#include <stdbool.h>
#include <stdint.h>

/*
 * Hart ids of the enabled cpu nodes under /cpus, in tree order: the
 * first @max go to @ids. Returns how many the tree lists in all (may
 * exceed @max). Ids may be sparse; nothing here assumes 0..n-1.
 */
unsigned int dt_harts(const void *dtb, unsigned long *ids, unsigned int max);

/*
 * The first "cpu" node the tree marks disabled (a hart the firmware
 * does not serve, or one without S-mode), in *@id; false if none.
 */
bool dt_disabled_hart(const void *dtb, unsigned long *id);

/* A 16550-compatible UART: registers at base + (index << reg_shift). */
struct dt_uart {
	uint64_t base;
	uint32_t reg_shift;
	uint32_t io_width; /* bytes per access: 1 or 4 */
};

/* The ns16550(a) UART /chosen/stdout-path names; false if none. */
bool dt_stdout_uart(const void *dtb, struct dt_uart *uart);

/*
 * /cpus/timebase-frequency as Linux reads it (one cell; 0 when absent,
 * another length, or zero), and its length in bytes in *@len (-1 absent).
 */
uint32_t dt_timebase(const void *dtb, int *len);

/* Does any cpu's riscv,isa-extensions name @ext? */
bool dt_isa_names(const void *dtb, const char *ext);

/* First reg address of the first enabled node compatible with @compat. */
bool dt_compatible_base(const void *dtb, const char *compat, uint64_t *base);

#endif
