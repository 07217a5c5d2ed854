/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Machine-mode set-up of one hart: trap vector and delegation, counter
 * access for S-mode, menvcfg, PMP, timer and interrupt enables. Runs on
 * every hart, after the boot hart has discovered the features.
 */
#ifndef FW_HART_SETUP_H
#define FW_HART_SETUP_H

/*
 * @ipi_mip: the interrupt the hart's doorbell raises (MSIP, or MEIP
 * for an IMSIC file: dev.h), the one interrupt mie enables.
 */
void fw_hart_setup(unsigned long ipi_mip);

#endif
