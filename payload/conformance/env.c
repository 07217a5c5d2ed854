/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Discovery for env.h. It runs before any check and changes nothing
 * lasting: every counter it configures is given back with STOP(RESET),
 * and it begins as Linux does, with STOP(RESET) on every valid counter,
 * so that the firmware's boot-time mappings (if any) do not hide
 * counters from CFG_MATCH.
 */
#include "env.h"

#include <libfdt.h>

#include "check.h"
#include "dt.h"
#include "fdt.h"
#include "hart.h"
#include "pmu.h"
#include "printf.h"
#include "sbi.h"
#include "csr.h"
#include "trap.h"

struct env env;

bool env_version_at_least(unsigned int major, unsigned int minor)
{
	return env.spec_version >= SBI_SPEC_VERSION(major, minor);
}

void env_note_match(unsigned long cbase, unsigned long cmask,
		    unsigned long event, unsigned long got)
{
	unsigned long off = got - cbase;

	if (off < XLEN && (cmask & (1UL << off)))
		return;
	if (env.outside.seen)
		return;
	env.outside = (struct env_outside){
		.seen = true,
		.cbase = cbase,
		.cmask = cmask,
		.event = event,
		.got = got,
	};
}

static void env_probe_counter(unsigned int i)
{
	struct env_counter *c = &env.ctr[i];
	struct sbiret r = pmu_get_info(i);

	if (r.error)
		return;
	c->valid = true;
	c->info = r.value;
	c->fw = (r.value & ULONG_MSB) != 0;
	c->csr = (unsigned int)(r.value & SBI_PMU_CTR_INFO_CSR_MASK);
	c->width = (unsigned int)((r.value >> SBI_PMU_CTR_INFO_WIDTH_SHIFT) &
				  SBI_PMU_CTR_INFO_WIDTH_MASK) +
		   1;
	if (c->fw)
		env.fw[env.nfw++] = i;
	else
		env.hw[env.nhw++] = i;
}

/* Does CFG_MATCH of @event on {i} succeed (with i itself)? */
static bool env_try_event(unsigned int i, unsigned long event)
{
	struct sbiret r = pmu_match_one(i, 0, event);

	if (r.error)
		return false;
	pmu_release(r.value);
	return r.value == i;
}

static void env_discover_counters(void)
{
	struct sbiret r = pmu_num_counters();
	unsigned int i;

	env.num = r.error ? 0 : r.value;
	env.probed = env.num < ENV_MAX_COUNTERS ? env.num : ENV_MAX_COUNTERS;
	for (i = 0; i < env.probed; i++)
		env_probe_counter(i);
	pmu_release_all();
	for (i = 0; i < env.nhw; i++) {
		struct env_counter *c = &env.ctr[env.hw[i]];

		c->cycles = env_try_event(env.hw[i], EV_CYCLES);
		c->instructions = env_try_event(env.hw[i], EV_INSTRUCTIONS);
	}
}

/*
 * The other harts: the first ones the tree lists as enabled, other than
 * this one, that HSM knows too (HART_GET_STATUS succeeds). Ids come from
 * the tree, never from counting up: they may be sparse. At most
 * ENV_MAX_HARTS, what the payload has slots for; the groups use three.
 */
static void env_discover_harts(void)
{
	unsigned long ids[PAYLOAD_SLOTS];
	unsigned int i, listed;

	env.dt_harts = dt_harts(env.dtb, ids, PAYLOAD_SLOTS);
	if (!sbi_probe(SBI_EXT_HSM))
		return;
	/* One of the ids may be this hart: the rest still fill the list. */
	listed = env.dt_harts < PAYLOAD_SLOTS ? env.dt_harts : PAYLOAD_SLOTS;
	for (i = 0; i < listed && env.nharts < ENV_MAX_HARTS; i++) {
		struct sbiret r = sbi_hart_status(ids[i]);

		if (ids[i] != env.hart && r.error == SBI_SUCCESS)
			env.harts[env.nharts++] = ids[i];
	}
}

/* Whether @node's property @name is, or lists, the string @str. */
static bool env_dt_has(int node, const char *name, const char *str)
{
	int len;
	const char *v = fdt_getprop(env.dtb, node, name, &len);

	return v && fdt_stringlist_contains(v, len, str);
}

/* Devicetree spec 2.3.4: no status, "okay" or "ok" means usable. */
static bool env_dt_enabled(int node)
{
	return !fdt_getprop(env.dtb, node, "status", NULL) ||
	       env_dt_has(node, "status", "okay") ||
	       env_dt_has(node, "status", "ok");
}

/*
 * Whether a cpu node's ISA names the H extension (misa is not readable
 * from S-mode): an "h" entry of riscv,isa-extensions (QEMU 10), else an
 * h among the single-letter extensions of riscv,isa (QEMU 7.2), which
 * follow "rv32"/"rv64" up to the first '_' or multi-letter prefix.
 */
static bool env_cpu_has_h(int node)
{
	const char *isa;
	int len, i;

	if (fdt_getprop(env.dtb, node, "riscv,isa-extensions", NULL))
		return env_dt_has(node, "riscv,isa-extensions", "h");
	isa = fdt_getprop(env.dtb, node, "riscv,isa", &len);
	if (!isa || len < 5 || (isa[0] != 'r' && isa[0] != 'R'))
		return false;
	for (i = 4; i < len && isa[i] && isa[i] != '_'; i++) {
		char c = isa[i] >= 'A' && isa[i] <= 'Z' ? isa[i] + 32 : isa[i];

		if (c == 's' || c == 'x' || c == 'z')
			break;
		if (c == 'h')
			return true;
	}
	return false;
}

/* H on every enabled cpu node of /cpus (hext), on any (hext_any). */
static void env_discover_hext(void)
{
	unsigned int cpus = 0, with = 0;
	int parent, node;

	if (!env.dtb || fdt_check_header(env.dtb) != 0)
		return;
	parent = fdt_path_offset(env.dtb, "/cpus");
	if (parent < 0)
		return;
	fdt_for_each_subnode(node, env.dtb, parent)
	{
		if (!env_dt_has(node, "device_type", "cpu") ||
		    !env_dt_enabled(node))
			continue;
		cpus++;
		with += env_cpu_has_h(node);
	}
	env.hext = cpus > 0 && with == cpus;
	env.hext_any = with > 0;
}

static void env_discover_dt(void)
{
	unsigned int isa, with;
	struct dt_uart uart;
	uint64_t fw_size;

	/* Sscofpmf only if every hart's ISA string names it. */
	isa = fdt_prop_count(env.dtb, "riscv,isa", "sscofpmf", &with);
	env.sscofpmf = isa > 0 && with == isa;
	env.cdeleg = isa > 0;
	for (unsigned int e = 0; e < 3; e++) {
		static const char *const cd[] = {"smcdeleg", "ssccfg",
						 "sscsrind"};

		isa = fdt_prop_count(env.dtb, "riscv,isa", cd[e], &with);
		env.cdeleg = env.cdeleg && isa > 0 && with == isa;
	}
	env_discover_hext();
	env.ram_known = fdt_memory(env.dtb, &env.ram_base, &env.ram_size);
	env.fw_known = fdt_firmware_region(env.dtb, &env.fw_base, &fw_size);
	fdt_bootargs(env.dtb, env.bootargs, sizeof(env.bootargs));
	if (dt_stdout_uart(env.dtb, &uart) &&
	    uart.base == (unsigned long)uart.base)
		env.mmio = (unsigned long)uart.base;
	if (!fdt_first_u32(env.dtb, "timebase-frequency", &env.timebase))
		env.timebase = 0;
}

/* Whether S-mode may read the time CSR (mcounteren.TM), tried once. */
static void env_discover_time(void)
{
	unsigned long before = trap_counts().exceptions;

	trap_arm(true);
	(void)csr_read(CSR_TIME);
	trap_arm(false);
	env.time_readable = trap_counts().exceptions == before;
}

bool env_wait_change(const volatile unsigned long *flag, unsigned long seen,
		     unsigned long us)
{
	unsigned long spin, start;
	uint64_t ticks;

	if (!env.time_readable || !env.timebase) {
		for (spin = 0; spin < HART_SPIN_BUDGET && *flag == seen; spin++)
			;
		return *flag != seen;
	}
	ticks = (uint64_t)env.timebase * us / 1000000;
	start = csr_read(CSR_TIME);
	while (*flag == seen && csr_read(CSR_TIME) - start < ticks)
		;
	return *flag != seen;
}

void env_discover(unsigned long hartid, const void *dtb)
{
	struct sbiret r;

	env.hart = hartid;
	env.dtb = dtb;
	env.spec_version = sbi_spec_version();
	r = sbi_ecall(SBI_EXT_BASE, SBI_EXT_BASE_GET_IMPL_ID, 0, 0, 0, 0, 0, 0);
	env.impl_id = r.value;
	r = sbi_ecall(SBI_EXT_BASE, SBI_EXT_BASE_GET_IMPL_VERSION, 0, 0, 0, 0,
		      0, 0);
	env.impl_version = r.value;
	env.pmu = sbi_probe(SBI_EXT_PMU) != 0;
	env_discover_dt();
	env_discover_time();
	env_discover_harts();
	if (env.pmu)
		env_discover_counters();
}

static void env_print_list(const char *what, const unsigned int *list,
			   unsigned int n)
{
	char line[256];
	unsigned int i, len = 0;

	line[0] = '\0';
	for (i = 0; i < n && len < sizeof(line); i++)
		len += (unsigned int)snprintf(line + len, sizeof(line) - len,
					      " %u", list[i]);
	printf("# %s counters (%u):%s\n", what, n, line);
}

void env_print(void)
{
	unsigned int i;

	printf("# SBI spec %lu.%lu, implementation %lu version 0x%lx, "
	       "boot hart %lu, %u other hart(s) of %u in the device tree, "
	       "Sscofpmf %s, H %s\n",
	       SBI_SPEC_VERSION_MAJOR(env.spec_version),
	       SBI_SPEC_VERSION_MINOR(env.spec_version), env.impl_id,
	       env.impl_version, env.hart, env.nharts, env.dt_harts,
	       env.sscofpmf ? "yes" : "no",
	       env.hext ? "yes" : (env.hext_any ? "on some harts" : "no"));
	printf("# NUM_COUNTERS %lu\n", env.num);
	env_print_list("hardware", env.hw, env.nhw);
	env_print_list("firmware", env.fw, env.nfw);
	for (i = 0; i < env.nhw; i++) {
		const struct env_counter *c = &env.ctr[env.hw[i]];

		printf("#   counter %u: csr 0x%x width %u%s%s\n", env.hw[i],
		       c->csr, c->width, c->cycles ? " cycles" : "",
		       c->instructions ? " instructions" : "");
	}
}

/* Set of the counters in @list (sorted) from the first, within XLEN. */
static struct ctr_set env_set_of(const unsigned int *list, unsigned int n)
{
	struct ctr_set s = {0, 0};
	unsigned int i;

	if (!n)
		return s;
	s.base = list[0];
	for (i = 0; i < n && list[i] - list[0] < XLEN; i++)
		s.mask |= 1UL << (list[i] - list[0]);
	return s;
}

struct ctr_set env_fw_set(void)
{
	return env_set_of(env.fw, env.nfw);
}

static bool env_wanted(const struct env_counter *c, enum env_want want)
{
	switch (want) {
	case WANT_CYCLES:
		return c->cycles;
	case WANT_INSTRUCTIONS:
		return c->instructions;
	default:
		return true;
	}
}

struct ctr_set env_hw_set(enum env_want want)
{
	unsigned int list[ENV_MAX_COUNTERS];
	unsigned int i, n = 0;

	for (i = 0; i < env.nhw; i++)
		if (env_wanted(&env.ctr[env.hw[i]], want))
			list[n++] = env.hw[i];
	return env_set_of(list, n);
}

struct ctr_set env_all_set(void)
{
	struct ctr_set s = {0, 0};
	unsigned int i;

	for (i = 0; i < env.probed && i < XLEN; i++)
		if (env.ctr[i].valid)
			s.mask |= 1UL << i;
	return s;
}

bool env_need_fw(const char *name)
{
	if (env.nfw)
		return true;
	check_skip(name, "the firmware reports no firmware counters");
	return false;
}

long env_hole(void)
{
	unsigned int i;

	for (i = 0; i < env.probed; i++)
		if (!env.ctr[i].valid)
			return i;
	return -1;
}

long env_programmable(enum env_want want)
{
	unsigned int i;

	for (i = 0; i < env.nhw; i++) {
		const struct env_counter *c = &env.ctr[env.hw[i]];

		if (c->csr >= CSR_CYCLE + PMU_CTR_HPM_FIRST &&
		    env_wanted(c, want))
			return env.hw[i];
	}
	return -1;
}
