/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Device-tree input and output of the firmware (see fdt_setup.h), with
 * libfdt. The blob comes from outside: every property length is checked
 * before its cells are read, and values the firmware cannot use (hart
 * ids beyond FW_MAX_HARTS, addresses beyond its address space) are
 * counted or skipped, never trusted.
 */
#include <libfdt.h>

#include <sbipmu/pmu_fdt.h>

#include "alloc.h"
#include "console.h"
#include "discover.h"
#include "fdt_setup.h"
#include "fw_defs.h"
#include "platform.h"

/* Room added when the tree has to be moved to grow. */
#define FDT_GROW 4096

static char fdt_model[64];

/* @n (1 or 2) big-endian cells as one number. */
static uint64_t fdt_cells(const fdt32_t *p, int n)
{
	uint64_t v = 0;
	int i;

	for (i = 0; i < n; i++)
		v = (v << 32) | fdt32_to_cpu(p[i]);
	return v;
}

static bool fdt_enabled(const void *fdt, int node)
{
	int len;
	const char *s = fdt_getprop(fdt, node, "status", &len);

	return !s || (len >= 3 && (!strcmp(s, "okay") || !strcmp(s, "ok")));
}

static bool fdt_prop_is(const void *fdt, int node, const char *name,
			const char *value)
{
	int len;
	const char *s = fdt_getprop(fdt, node, name, &len);

	return s && len > 0 && s[len - 1] == '\0' && !strcmp(s, value);
}

/*
 * sbipmu,trace = "N": keep the last N PMU calls per hart and print them
 * at shutdown (firmware/pmu_trace.c); a decimal string, capped at 65535.
 */
static void fdt_scan_trace(const void *fdt, int node)
{
	int len, i;
	const char *s = fdt_getprop(fdt, node, "sbipmu,trace", &len);
	uint32_t n = 0;

	for (i = 0; s && i < len && s[i] >= '0' && s[i] <= '9'; i++)
		if (n < 65535)
			n = n * 10 + (uint32_t)(s[i] - '0');
	fw_feat.trace_entries = n > 65535 ? 65535 : n;
}

/*
 * sbipmu,snapshot = "auto" (default) | "on" | "off" decides whether the
 * PMU snapshot area is offered (enum fw_snapshot_policy says why "auto"
 * withholds it with Sscofpmf). Any other value is reported and ignored.
 */
static void fdt_scan_snapshot(const void *fdt, int node)
{
	if (!fdt_getprop(fdt, node, "sbipmu,snapshot", NULL))
		return;
	if (fdt_prop_is(fdt, node, "sbipmu,snapshot", "on"))
		fw_feat.snapshot = FW_SNAPSHOT_ON;
	else if (fdt_prop_is(fdt, node, "sbipmu,snapshot", "off"))
		fw_feat.snapshot = FW_SNAPSHOT_OFF;
	else if (!fdt_prop_is(fdt, node, "sbipmu,snapshot", "auto"))
		fw_printf("chosen: sbipmu,snapshot: not auto/on/off, using "
			  "auto\n");
}

/* Firmware options a platform or a test sets in /chosen. */
static void fdt_scan_chosen(const void *fdt)
{
	int node = fdt_path_offset(fdt, "/chosen");

	fw_feat.snapshot = FW_SNAPSHOT_AUTO;
	if (node < 0)
		return;
	fdt_scan_trace(fdt, node);
	fdt_scan_snapshot(fdt, node);
}

/* The root node: the model's name, and whether this is QEMU's virt. */
static void fdt_scan_root(const void *fdt)
{
	int len, i;
	const char *s = fdt_getprop(fdt, 0, "model", &len);

	/* QEMU's virt machine, whose PMU quirks the HAL works around. */
	fw_plat.qemu_virt =
		fdt_node_check_compatible(fdt, 0, "riscv-virtio") == 0;
	if (!s || len <= 0)
		return;
	for (i = 0; i < len && i < (int)sizeof(fdt_model) - 1 && s[i]; i++)
		fdt_model[i] = s[i];
	fdt_model[i] = '\0';
	fw_plat.model = fdt_model;
}

/* Does cpu @node name extension @ext (riscv,isa or riscv,isa-extensions)? */
static bool fdt_cpu_has(const void *fdt, int node, const char *ext)
{
	int len;
	const char *s = fdt_getprop(fdt, node, "riscv,isa-extensions", &len);

	if (s && len > 0 && fdt_stringlist_contains(s, len, ext))
		return true;
	s = fdt_getprop(fdt, node, "riscv,isa", &len);
	return s && len > 0 && fw_isa_has(s, (unsigned int)len, ext);
}

static void fdt_scan_isa(const void *fdt, int node, struct fw_isa_ext *x)
{
	x->sscofpmf &= fdt_cpu_has(fdt, node, "sscofpmf");
	x->sstc &= fdt_cpu_has(fdt, node, "sstc");
	x->smcntrpmf &= fdt_cpu_has(fdt, node, "smcntrpmf");
	x->svpbmt &= fdt_cpu_has(fdt, node, "svpbmt");
	x->zicbom &= fdt_cpu_has(fdt, node, "zicbom");
	x->zicboz &= fdt_cpu_has(fdt, node, "zicboz");
}

static void fdt_scan_cpus(const void *fdt)
{
	struct fw_isa_ext x = {true, true, true, true, true, true};
	int cpus = fdt_path_offset(fdt, "/cpus"), node, len;
	int ac = fdt_address_cells(fdt, cpus);
	const fdt32_t *reg;
	uint64_t id;

	fw_plat.dt_harts = 0;
	fdt_for_each_subnode(node, fdt, cpus)
	{
		if (!fdt_prop_is(fdt, node, "device_type", "cpu") ||
		    !fdt_enabled(fdt, node))
			continue;
		reg = fdt_getprop(fdt, node, "reg", &len);
		if (!reg || ac < 1 || ac > 2 || len < 4 * ac)
			continue;
		id = fdt_cells(reg, ac);
		if (id >= FW_MAX_HARTS) {
			fw_plat.dt_harts_over++;
			continue;
		}
		fw_plat.dt_harts |= 1UL << id;
		fdt_scan_isa(fdt, node, &x);
	}
	if (!fw_plat.dt_harts)
		x = (struct fw_isa_ext){false, false, false,
					false, false, false};
	fw_feat.dt = x;
}

static void fdt_add_mem(uint64_t base, uint64_t size)
{
	if (size == 0 || fw_plat.n_mem >= FW_MAX_MEM_RANGES)
		return;
	fw_plat.mem[fw_plat.n_mem].base = base;
	fw_plat.mem[fw_plat.n_mem].size = size;
	fw_plat.n_mem++;
}

static void fdt_scan_memory(const void *fdt)
{
	int ac = fdt_address_cells(fdt, 0), sc = fdt_size_cells(fdt, 0);
	int node, len, off;
	const fdt32_t *reg;

	if (ac < 1 || ac > 2 || sc < 1 || sc > 2)
		return;
	fdt_for_each_subnode(node, fdt, 0)
	{
		if (!fdt_prop_is(fdt, node, "device_type", "memory") ||
		    !fdt_enabled(fdt, node))
			continue;
		reg = fdt_getprop(fdt, node, "reg", &len);
		for (off = 0; reg && off + 4 * (ac + sc) <= len;
		     off += 4 * (ac + sc)) {
			const fdt32_t *p = reg + off / 4;

			fdt_add_mem(fdt_cells(p, ac), fdt_cells(p + ac, sc));
		}
	}
}

/* First reg address of the first node compatible with @compat. */
static bool fdt_device(const void *fdt, const char *compat, uintptr_t *base)
{
	int node = fdt_node_offset_by_compatible(fdt, -1, compat), len, ac;
	const fdt32_t *reg;
	uint64_t addr;

	if (node < 0)
		return false;
	ac = fdt_address_cells(fdt, fdt_parent_offset(fdt, node));
	reg = fdt_getprop(fdt, node, "reg", &len);
	if (!reg || ac < 1 || ac > 2 || len < 4 * ac)
		return false;
	addr = fdt_cells(reg, ac);
#if UINTPTR_MAX < UINT64_MAX
	if (addr > UINTPTR_MAX) /* RV32: beyond our address space */
		return false;
#endif
	*base = (uintptr_t)addr;
	return true;
}

static void fdt_scan_devices(const void *fdt)
{
	if (!fdt_device(fdt, "riscv,clint0", &fw_plat.clint))
		fdt_device(fdt, "sifive,clint0", &fw_plat.clint);
	fdt_device(fdt, "ns16550a", &fw_plat.uart);
	if (!fdt_device(fdt, "sifive,test0", &fw_plat.test))
		fdt_device(fdt, "sifive,test1", &fw_plat.test);
}

bool fw_fdt_scan(const void *fdt)
{
	if (!fdt || fdt_check_header(fdt))
		return false;
	fdt_scan_root(fdt);
	fdt_scan_chosen(fdt);
	fdt_scan_cpus(fdt);
	fdt_scan_memory(fdt);
	fdt_scan_devices(fdt);
	return true;
}

static const char *const fdt_severity[] = {"note", "warning", "error"};

/*
 * Should this note be printed by row? Counts it under its kind (same
 * property, same reason text: a 255-row tree of ranges without a
 * standard event would otherwise print 200 identical lines).
 */
static bool fdt_note_printed(struct fw_pmu_dt *out,
			     const struct pmu_map_diag *d)
{
	struct fw_pmu_note_kind *k = out->notes;
	unsigned int i;

	for (i = 0; i < out->n_note_kinds; i++, k++)
		if (k->prop == d->prop && k->reason == d->reason)
			return ++k->count <= FW_PMU_NOTES_SHOWN;
	if (out->n_note_kinds == FW_PMU_NOTE_KINDS)
		return true; /* untracked kind: printed in full */
	k->prop = d->prop;
	k->reason = d->reason;
	k->count = 1;
	out->n_note_kinds++;
	return true;
}

static void fdt_pmu_report(void *ctx, const struct pmu_map_diag *d)
{
	struct fw_pmu_dt *out = ctx;
	const char *sev =
		(unsigned int)d->severity < 3 ? fdt_severity[d->severity] : "?";

	out->n_diag++;
	if (d->severity == PMU_DIAG_NOTE && !fdt_note_printed(out, d))
		return;
	if (d->row < 0)
		fw_printf("pmu: %s: %s: %s\n", pmu_map_prop_name(d->prop), sev,
			  d->reason);
	else
		fw_printf("pmu: %s row %ld: %s: %s\n",
			  pmu_map_prop_name(d->prop), d->row, sev, d->reason);
}

/* One line per note kind for the notes not printed by row. */
static void fdt_pmu_summarise(const struct fw_pmu_dt *out)
{
	const struct fw_pmu_note_kind *k = out->notes;
	unsigned int i;

	for (i = 0; i < out->n_note_kinds; i++, k++)
		if (k->count > FW_PMU_NOTES_SHOWN)
			fw_printf("pmu: %s: note: %u more rows: %s\n",
				  pmu_map_prop_name(k->prop),
				  k->count - FW_PMU_NOTES_SHOWN, k->reason);
}

void fw_fdt_pmu_map(const void *fdt, struct pmu_core *core,
		    struct fw_pmu_dt *out)
{
	int node = fdt ? pmu_fdt_find_node(fdt) : -1;
	size_t size;
	void *rows;

	out->node = node >= 0;
	if (node < 0)
		return; /* the core keeps its cycles/instret-only map */
	size = pmu_fdt_rows_size(fdt, node);
	rows = fw_alloc(size);
	if (!rows) {
		fw_printf("pmu: riscv,pmu rows need %lu bytes: out of heap\n",
			  (unsigned long)size);
		return;
	}
	out->parse_error = pmu_fdt_parse(fdt, node, rows, size, &out->in,
					 fdt_pmu_report, out);
	if (!out->parse_error)
		pmu_core_set_map(core, &out->in, fdt_pmu_report, out);
	fdt_pmu_summarise(out);
}

/* "mmode_resv@<hex base>" into @buf (at least 32 bytes). */
static void fdt_resv_name(char *buf, uint64_t base)
{
	static const char prefix[] = "mmode_resv@";
	unsigned int i = 0, shift = 64;

	for (; prefix[i]; i++)
		buf[i] = prefix[i];
	while (shift > 4 && !((base >> (shift - 4)) & 0xF))
		shift -= 4;
	while (shift) {
		shift -= 4;
		buf[i++] = "0123456789abcdef"[(base >> shift) & 0xF];
	}
	buf[i] = '\0';
}

/* @n (1 or 2) cells of @v, big-endian, at @p. */
static void fdt_put_cells(fdt32_t *p, int n, uint64_t v)
{
	if (n == 2)
		*p++ = cpu_to_fdt32((uint32_t)(v >> 32));
	*p = cpu_to_fdt32((uint32_t)v);
}

static int fdt_resv_parent(void *fdt)
{
	int node = fdt_path_offset(fdt, "/reserved-memory"), err;

	if (node >= 0)
		return node;
	node = fdt_add_subnode(fdt, 0, "reserved-memory");
	if (node < 0)
		return node;
	err = fdt_setprop_u32(fdt, node, "#address-cells", 2);
	if (!err)
		err = fdt_setprop_u32(fdt, node, "#size-cells", 2);
	if (!err)
		err = fdt_setprop_empty(fdt, node, "ranges");
	return err ? err : node;
}

static int fdt_add_resv(void *fdt)
{
	uint64_t base = fw_region_base(), size = fw_region_size();
	int parent = fdt_resv_parent(fdt), node, ac, sc, err;
	fdt32_t reg[4];
	char name[32];

	if (parent < 0)
		return parent;
	ac = fdt_address_cells(fdt, parent);
	sc = fdt_size_cells(fdt, parent);
	if (ac < 1 || ac > 2 || sc < 1 || sc > 2)
		return -FDT_ERR_BADNCELLS;
	fdt_resv_name(name, base);
	node = fdt_add_subnode(fdt, parent, name);
	if (node == -FDT_ERR_EXISTS)
		return 0;
	if (node < 0)
		return node;
	fdt_put_cells(reg, ac, base);
	fdt_put_cells(reg + ac, sc, size);
	err = fdt_setprop(fdt, node, "reg", reg,
			  (int)sizeof(fdt32_t) * (ac + sc));
	return err ? err : fdt_setprop_empty(fdt, node, "no-map");
}

/* Room for a moved tree: above the firmware, in RAM, clear of the rest. */
static void *fdt_new_home(const void *fdt, size_t size, uintptr_t next_addr)
{
	uintptr_t dst = fw_region_base() + fw_region_size();
	uintptr_t old = (uintptr_t)fdt, old_end = old + fdt_totalsize(fdt);

	if (!fw_plat_ram_ok(dst, size))
		return NULL;
	if (next_addr >= dst && next_addr < dst + size)
		return NULL;
	if (old < dst + size && dst < old_end)
		return NULL;
	return (void *)dst;
}

void *fw_fdt_fixup(void *fdt, uintptr_t next_addr, const char **note)
{
	size_t size;
	void *dst;
	int err;

	err = fdt_open_into(fdt, fdt, (int)fdt_totalsize(fdt));
	if (!err)
		err = fdt_add_resv(fdt);
	if (!err) {
		*note = "edited in place";
		return fdt;
	}
	if (err != -FDT_ERR_NOSPACE) {
		*note = fdt_strerror(err);
		return fdt;
	}
	size = fdt_totalsize(fdt) + FDT_GROW;
	dst = fdt_new_home(fdt, size, next_addr);
	if (!dst) {
		*note = "no room to grow: passed unchanged";
		return fdt;
	}
	err = fdt_open_into(fdt, dst, (int)size);
	if (!err)
		err = fdt_add_resv(dst);
	*note = err ? fdt_strerror(err) : "moved above the firmware to grow";
	return err ? fdt : dst;
}
