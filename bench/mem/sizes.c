/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The sizes of the PMU core's structures as the firmware's compiler lays
 * them out (RV64, lp64), read without running anything: each object
 * below is exactly as large as the structure it is named after, and
 * bench/run.py reads the sizes back with `nm -S` on this object file.
 */
#include <sbipmu/pmu.h>

char bench_sizeof_pmu_core[sizeof(struct pmu_core)];
char bench_sizeof_pmu_hart[sizeof(struct pmu_hart)];
char bench_sizeof_pmu_map[sizeof(struct pmu_map)];
