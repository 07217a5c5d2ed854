/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The firmware's hart table on the host, for the unit tests of the
 * firmware's pure files (firmware/rt/: hart lists, HSM, remote fences).
 * The table is built by the firmware's own fw_hart_table_build(), from
 * a boot heap that is a static arena here (the firmware's heap begins
 * at a linker symbol). Each hart starts checked in, with S-mode, and
 * STOPPED, as a hart of the tree is once it arrived.
 */
#ifndef SBIPMU_SIM_FW_HARTS_H
#define SBIPMU_SIM_FW_HARTS_H

#include <stdbool.h>

#include "rt/hart.h"

/* Most harts a host table may hold (more than one hart set word). */
#define SIM_FW_MAX_HARTS 130

/*
 * A fresh table of @n harts with ids @ids (ascending), each checked in,
 * with S-mode, HSM STOPPED. False if @n is 0 or above
 * SIM_FW_MAX_HARTS.
 */
bool sim_fw_harts(const unsigned long *ids, unsigned int n);

/* The same with ids 0..n-1, as QEMU numbers its harts. */
bool sim_fw_harts_dense(unsigned int n);

#endif
