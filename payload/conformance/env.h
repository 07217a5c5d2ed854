/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the suite learns about the firmware and machine before judging
 * anything, by asking the firmware itself: spec version, NUM_COUNTERS,
 * COUNTER_GET_INFO of every index, which hardware counters accept cycles
 * and instructions (by trying CFG_MATCH on each), the harts (listed by
 * the DT, confirmed by HSM), and from the DT only what the firmware
 * cannot tell: whether the harts have Sscofpmf and the H extension, where
 * RAM is and an MMIO address (the console UART's). The DT's riscv,pmu
 * node is never read.
 */
#ifndef CONFORMANCE_ENV_H
#define CONFORMANCE_ENV_H

#include <stdbool.h>
#include <stdint.h>

#include "pmu.h"
#include "runtime.h"

/* Indices probed with COUNTER_GET_INFO (a larger NUM_COUNTERS is cut). */
#define ENV_MAX_COUNTERS 128
/* Other harts the groups may start: every slot but the boot hart's. */
#define ENV_MAX_HARTS (PAYLOAD_SLOTS - 1)

struct env_counter {
	bool valid;
	bool fw;
	unsigned int csr;
	unsigned int width; /* bits: counter_info.width + 1 */
	unsigned long info;
	bool cycles;	   /* CFG_MATCH of cycles on {idx} gave idx */
	bool instructions; /* same for instructions */
};

/* A CFG_MATCH seen returning a counter outside the requested set. */
struct env_outside {
	bool seen;
	unsigned long cbase;
	unsigned long cmask;
	unsigned long event;
	unsigned long got;
};

struct env {
	unsigned long hart;
	const void *dtb;
	unsigned long spec_version;
	unsigned long impl_id;
	unsigned long impl_version;
	bool pmu;
	unsigned long num;    /* NUM_COUNTERS */
	unsigned long probed; /* indices probed: min(num, ENV_MAX_COUNTERS) */
	struct env_counter ctr[ENV_MAX_COUNTERS];
	unsigned int hw[ENV_MAX_COUNTERS];
	unsigned int nhw;
	unsigned int fw[ENV_MAX_COUNTERS];
	unsigned int nfw;
	bool sscofpmf;
	/* The H extension: on every enabled hart (hext), on some (hext_any) */
	bool hext;
	bool hext_any;
	/* Smcdeleg, Ssccfg and Sscsrind on every hart: counter delegation */
	bool cdeleg;
	bool ram_known;
	uint64_t ram_base;
	uint64_t ram_size;
	bool fw_known; /* the firmware's region, from /reserved-memory */
	uint64_t fw_base;
	unsigned long mmio; /* the console UART's address (DT), 0 if none */
	/* Other harts, from the tree, that HSM knows (env.c says which). */
	unsigned long harts[ENV_MAX_HARTS];
	unsigned int nharts;
	unsigned int dt_harts; /* enabled harts the tree lists, this one too */
	uint32_t timebase;     /* Hz of the time CSR (DT), 0 if unknown */
	bool time_readable;
	struct env_outside outside;
	char bootargs[128];
};

extern struct env env;

void env_discover(unsigned long hartid, const void *dtb);
void env_print(void);
bool env_version_at_least(unsigned int major, unsigned int minor);

/* Remember a CFG_MATCH success outside its set (for result_in_set). */
void env_note_match(unsigned long cbase, unsigned long cmask,
		    unsigned long event, unsigned long got);

/* Firmware counters from the first one, as many as fit in a mask. */
struct ctr_set env_fw_set(void);
/* Hardware counters with @want (cycles/instructions/any) likewise. */
enum env_want { WANT_ANY, WANT_CYCLES, WANT_INSTRUCTIONS };
struct ctr_set env_hw_set(enum env_want want);
/* Every valid counter from index 0 that fits in one mask. */
struct ctr_set env_all_set(void);

/*
 * Busy-wait until *@flag differs from @seen or @us microseconds passed
 * (by the time CSR; by an iteration budget if it cannot be read).
 * Returns true if the flag changed.
 */
bool env_wait_change(const volatile unsigned long *flag, unsigned long seen,
		     unsigned long us);

/* True if there are firmware counters; otherwise SKIPs @name. */
bool env_need_fw(const char *name);

/* An index below NUM_COUNTERS that GET_INFO calls invalid, or -1. */
long env_hole(void);
/* A programmable (csr >= hpmcounter3) HW counter for @want, or -1. */
long env_programmable(enum env_want want);

#endif
