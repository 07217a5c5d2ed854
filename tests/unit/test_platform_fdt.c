/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The firmware's device-tree input apart from riscv,pmu
 * (binding/platform_fdt.c): the whole-blob check must refuse every kind
 * of corrupt blob with the error the boot message prints (truncated,
 * wrong magic, a block outside the blob, a huge totalsize, a broken
 * structure block) and accept QEMU's trees; the facts read from QEMU's
 * trees must be those of the machine; hostile properties must not be
 * trusted; the /reserved-memory fix-up must give a tree that passes the
 * check again. Blobs the check judges are copied into buffers of exactly
 * the readable size, so under ASan (make unit-asan) any read beyond what
 * the caller said is readable fails the test.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libfdt.h>

#include "sbipmu/platform_fdt.h"

#ifndef TEST_DATA_DIR
#define TEST_DATA_DIR "build/tests/data"
#endif

#define BLOB_MAX 65536

/* A blob as read from tests/data, and its size. */
struct blob {
	void *fdt;
	size_t size;
};

static struct blob load(const char *name)
{
	const char *dir = getenv("SBIPMU_TEST_DATA_DIR");
	char path[512];
	struct blob b = {malloc(BLOB_MAX), 0};
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir ? dir : TEST_DATA_DIR, name);
	f = fopen(path, "rb");
	if (!f)
		fail_msg("cannot open %s (run `make unit`)", path);
	assert_non_null(b.fdt);
	b.size = fread(b.fdt, 1, BLOB_MAX, f);
	fclose(f);
	assert_true(b.size > 0 && b.size < BLOB_MAX);
	assert_int_equal(fdt_totalsize(b.fdt), b.size);
	return b;
}

/* Check the first @readable bytes of @b, from a buffer of exactly that. */
static int check(const struct blob *b, size_t readable,
		 struct platform_fdt_verdict *v)
{
	void *copy = malloc(readable ? readable : 1);
	int err;

	assert_non_null(copy);
	memcpy(copy, b->fdt, readable < b->size ? readable : b->size);
	err = platform_fdt_check(copy, readable, v);
	free(copy);
	return err;
}

static void set_be32(struct blob *b, size_t offset, uint32_t value)
{
	fdt32_t be = cpu_to_fdt32(value);

	memcpy((char *)b->fdt + offset, &be, sizeof(be));
}

/* ---- the check: what a boot refuses ---- */

static void test_check__qemu_trees_and_binding_examples_pass(void **state)
{
	static const char *const names[] = {
		"qemu-virt-7.2.dtb",	 "qemu-virt-7.2-smp4.dtb",
		"binding-example-1.dtb", "binding-example-2.dtb",
		"binding-example-3.dtb", "malformed.dtb",
	};
	struct platform_fdt_verdict v;

	(void)state;
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		struct blob b = load(names[i]);

		assert_int_equal(check(&b, b.size, &v), 0);
		assert_null(v.problem);
		assert_true(v.header);
		assert_int_equal(v.totalsize, b.size);
		free(b.fdt);
	}
}

/* The case: the header claims the whole tree, half is there. */
static void test_check__truncated_blob__totalsize_beyond_readable(void **state)
{
	struct blob b = load("qemu-virt-7.2.dtb");
	struct platform_fdt_verdict v;

	(void)state;
	assert_int_equal(check(&b, b.size / 2, &v), -FDT_ERR_TRUNCATED);
	assert_true(v.header);
	assert_int_equal(v.totalsize, b.size);
	assert_string_equal(v.problem, "totalsize beyond what is readable");
	assert_int_equal(check(&b, b.size - 1, &v), -FDT_ERR_TRUNCATED);
	free(b.fdt);
}

static void test_check__no_header_readable__truncated_no_fields(void **state)
{
	struct blob b = load("qemu-virt-7.2.dtb");
	struct platform_fdt_verdict v;

	(void)state;
	assert_int_equal(check(&b, PLATFORM_FDT_HEADER_SIZE - 1, &v),
			 -FDT_ERR_TRUNCATED);
	assert_false(v.header);
	assert_int_equal(check(&b, 0, &v), -FDT_ERR_TRUNCATED);
	assert_int_equal(platform_fdt_check(NULL, 4096, &v),
			 -FDT_ERR_TRUNCATED);
	free(b.fdt);
}

static void test_check__wrong_magic__badmagic(void **state)
{
	struct blob b = load("qemu-virt-7.2.dtb");
	struct platform_fdt_verdict v;

	(void)state;
	set_be32(&b, 0, 0xfeedd00d);
	assert_int_equal(check(&b, b.size, &v), -FDT_ERR_BADMAGIC);
	assert_true(v.header);
	assert_int_equal(v.magic, 0xfeedd00d);
	assert_string_equal(v.problem, "header");
	free(b.fdt);
}

static void test_check__struct_offset_outside_blob__truncated(void **state)
{
	struct blob b = load("qemu-virt-7.2.dtb");
	struct platform_fdt_verdict v;

	(void)state;
	fdt_set_off_dt_struct(b.fdt, (uint32_t)b.size + 0x1000);
	assert_int_equal(check(&b, b.size, &v), -FDT_ERR_TRUNCATED);
	assert_string_equal(v.problem, "header");
	assert_int_equal(v.off_dt_struct, b.size + 0x1000);
	free(b.fdt);
}

/* Above INT_MAX libfdt refuses the header; below, the readable check. */
static void test_check__huge_totalsize__truncated_either_way(void **state)
{
	struct blob b = load("qemu-virt-7.2.dtb");
	struct platform_fdt_verdict v;

	(void)state;
	fdt_set_totalsize(b.fdt, 0xfffffff0u);
	assert_int_equal(check(&b, b.size, &v), -FDT_ERR_TRUNCATED);
	assert_string_equal(v.problem, "header");
	fdt_set_totalsize(b.fdt, 0x40000000u);
	assert_int_equal(check(&b, b.size, &v), -FDT_ERR_TRUNCATED);
	assert_string_equal(v.problem, "totalsize beyond what is readable");
	assert_int_equal(v.totalsize, 0x40000000u);
	free(b.fdt);
}

static void test_check__misaligned_blocks__alignment(void **state)
{
	struct blob b = load("qemu-virt-7.2.dtb");
	struct platform_fdt_verdict v;
	uint32_t s = fdt_off_dt_struct(b.fdt);

	(void)state;
	fdt_set_off_dt_struct(b.fdt, s + 2);
	assert_int_equal(check(&b, b.size, &v), -FDT_ERR_ALIGNMENT);
	fdt_set_off_dt_struct(b.fdt, s);
	fdt_set_off_mem_rsvmap(b.fdt, fdt_off_mem_rsvmap(b.fdt) + 4);
	assert_int_equal(check(&b, b.size, &v), -FDT_ERR_ALIGNMENT);
	free(b.fdt);
}

/* Memory after a cut file is zero: tags of 0 are no tags at all. */
static void test_check__zeroed_structure_block__badstructure(void **state)
{
	struct blob b = load("qemu-virt-7.2.dtb");
	struct platform_fdt_verdict v;

	(void)state;
	memset((char *)b.fdt + fdt_off_dt_struct(b.fdt) + 64, 0,
	       fdt_size_dt_struct(b.fdt) - 64);
	assert_int_equal(check(&b, b.size, &v), -FDT_ERR_BADSTRUCTURE);
	assert_string_equal(v.problem, "structure block");
	free(b.fdt);
}

/* Offset of the first FDT_PROP tag of @fdt's structure block. */
static int first_prop(const void *fdt)
{
	int offset = 0, next;
	uint32_t tag;

	while ((tag = fdt_next_tag(fdt, offset, &next)) != FDT_END) {
		if (tag == FDT_PROP)
			return offset;
		offset = next;
	}
	fail_msg("no property");
	return -1;
}

static void test_check__property_name_outside_strings__refused(void **state)
{
	struct blob b = load("qemu-virt-7.2.dtb");
	struct platform_fdt_verdict v;
	int prop = first_prop(b.fdt);

	(void)state;
	/* struct fdt_property: tag, len, nameoff */
	set_be32(&b, fdt_off_dt_struct(b.fdt) + (size_t)prop + 8,
		 fdt_size_dt_strings(b.fdt) + 16);
	assert_true(check(&b, b.size, &v) < 0);
	assert_string_equal(v.problem, "structure block");
	free(b.fdt);
}

/* The root's FDT_END_NODE turned into FDT_NOP: a node left open. */
static void test_check__unclosed_root__badstructure(void **state)
{
	struct blob b = load("qemu-virt-7.2.dtb");
	struct platform_fdt_verdict v;
	size_t end = fdt_off_dt_struct(b.fdt) + fdt_size_dt_struct(b.fdt);

	(void)state;
	/* ... FDT_END_NODE (root), FDT_END */
	set_be32(&b, end - 8, FDT_NOP);
	assert_int_equal(check(&b, b.size, &v), -FDT_ERR_BADSTRUCTURE);
	/* and one FDT_END_NODE too many instead of FDT_END */
	set_be32(&b, end - 8, FDT_END_NODE);
	set_be32(&b, end - 4, FDT_END_NODE);
	assert_int_equal(check(&b, b.size, &v), -FDT_ERR_BADSTRUCTURE);
	free(b.fdt);
}

/*
 * Fuzzer find: a version 16 tree whose property names lie beyond its
 * size_dt_strings (0 here). libfdt reads such names (it bounds them by
 * totalsize below version 17), but the fix-up's fdt_open_into() copies
 * size_dt_strings bytes of names, so the tree handed on had lost them.
 */
static void test_fuzz_dt__v16_names_beyond_strings_size__refused(void **state)
{
	struct blob b = load("fuzz-dt-v16-strings-size.dtb");
	struct platform_fdt_verdict v;

	(void)state;
	assert_int_equal(fdt_version(b.fdt), 16);
	assert_int_equal(fdt_size_dt_strings(b.fdt), 0);
	assert_int_equal(check(&b, b.size, &v), -FDT_ERR_BADOFFSET);
	assert_string_equal(v.problem, "structure block");
	free(b.fdt);
}

/* ... while a sound version 16 tree passes, and fixes up into one. */
static void test_check__v16_tree__accepted_and_fixed_up(void **state)
{
	struct blob b = load("qemu-virt-7.2.dtb");
	struct platform_fdt_verdict v;
	size_t room = b.size + 4096;
	struct blob out = {malloc(room), room};

	(void)state;
	assert_non_null(out.fdt);
	fdt_set_version(b.fdt, 16);
	assert_int_equal(check(&b, b.size, &v), 0);
	assert_int_equal(fdt_open_into(b.fdt, out.fdt, (int)room), 0);
	assert_int_equal(
		platform_fdt_add_reserved(out.fdt, 0x80000000u, 0x40000), 0);
	assert_int_equal(check(&out, room, &v), 0);
	free(out.fdt);
	free(b.fdt);
}

/* ---- the facts ---- */

static void test_scan__qemu_tree__machine_facts(void **state)
{
	struct blob b = load("qemu-virt-7.2-smp4.dtb");
	struct platform_fdt_facts f;

	(void)state;
	platform_fdt_scan(b.fdt, 8, &f);
	assert_string_equal(f.model, "riscv-virtio,qemu");
	assert_true(f.qemu_virt);
	assert_int_equal(f.n_harts, 4);
	for (unsigned int i = 0; i < 4; i++) {
		assert_int_equal(f.harts[i].id, i);
		assert_true(f.harts[i].mmu);
		assert_true(f.harts[i].isa.sscofpmf);
	}
	assert_int_equal(f.harts_over, 0);
	assert_false(f.isa_differs);
	assert_true(f.isa.sscofpmf);
	assert_true(f.isa.sstc);
	assert_false(f.isa.smcntrpmf);
	assert_int_equal(f.n_mem, 1);
	assert_int_equal(f.mem[0].base, 0x80000000u);
	assert_int_equal(f.mem[0].size, 0x10000000u);
	assert_true(f.uart.found && f.uart.base == 0x10000000u);
	assert_true(f.clint.found && f.clint.base == 0x2000000u);
	assert_true(f.test.found && f.test.base == 0x100000u);
	assert_int_equal(f.snapshot, PLATFORM_FDT_SNAPSHOT_AUTO);
	assert_int_equal(f.trace_entries, 0);
	assert_int_equal(f.legacy, PLATFORM_FDT_LEGACY_AUTO);
	assert_false(f.legacy_bad);
	free(b.fdt);
}

static void test_scan__hart_ids_beyond_limit__counted_not_kept(void **state)
{
	struct blob b = load("qemu-virt-7.2-smp4.dtb");
	struct platform_fdt_facts f;

	(void)state;
	platform_fdt_scan(b.fdt, 2, &f);
	assert_int_equal(f.n_harts, 2);
	assert_int_equal(f.harts[0].id, 0);
	assert_int_equal(f.harts[1].id, 1);
	assert_int_equal(f.harts_over, 2);
	free(b.fdt);
}

/* A blob of its own, built with libfdt: root, then what @build adds. */
static void *tree(void (*build)(void *fdt))
{
	void *fdt = calloc(1, BLOB_MAX);

	assert_non_null(fdt);
	assert_int_equal(fdt_create_empty_tree(fdt, BLOB_MAX), 0);
	build(fdt);
	return fdt;
}

static int add_cpu(void *fdt, int cpus, const char *name, uint32_t id,
		   const void *status, int status_len)
{
	int node = fdt_add_subnode(fdt, cpus, name);

	assert_true(node >= 0);
	assert_int_equal(fdt_setprop_string(fdt, node, "device_type", "cpu"),
			 0);
	assert_int_equal(fdt_setprop_u32(fdt, node, "reg", id), 0);
	assert_int_equal(
		fdt_setprop_string(fdt, node, "riscv,isa", "rv64imac_sscofpmf"),
		0);
	if (status)
		assert_int_equal(
			fdt_setprop(fdt, node, "status", status, status_len),
			0);
	return node;
}

/* "okay" without its NUL: not a string, so not "okay" (no strcmp on it). */
static void build_unterminated_status(void *fdt)
{
	int cpus = fdt_add_subnode(fdt, 0, "cpus");

	assert_int_equal(fdt_setprop_u32(fdt, cpus, "#address-cells", 1), 0);
	add_cpu(fdt, cpus, "cpu@0", 0, NULL, 0);
	add_cpu(fdt, cpus, "cpu@1", 1, "okay", 4);
	add_cpu(fdt, cpus, "cpu@2", 2, "disabled", 9);
}

static void
test_scan__status_must_be_a_string__okay_unterminated_off(void **state)
{
	void *fdt = tree(build_unterminated_status);
	struct platform_fdt_facts f;

	(void)state;
	platform_fdt_scan(fdt, 8, &f);
	assert_int_equal(f.n_harts, 1);
	assert_int_equal(f.harts[0].id, 0);
	assert_true(f.isa.sscofpmf);
	free(fdt);
}

/* No /cpus at all, but a root that looks like a cpu. */
static void build_no_cpus(void *fdt)
{
	assert_int_equal(fdt_setprop_string(fdt, 0, "device_type", "cpu"), 0);
	assert_int_equal(fdt_setprop_u32(fdt, 0, "reg", 0), 0);
}

static void test_scan__no_cpus_node__no_harts_no_extensions(void **state)
{
	void *fdt = tree(build_no_cpus);
	struct platform_fdt_facts f;

	(void)state;
	platform_fdt_scan(fdt, 8, &f);
	assert_int_equal(f.n_harts, 0);
	assert_false(f.isa.sscofpmf);
	assert_false(f.isa.sstc);
	assert_string_equal(f.model, "");
	assert_false(f.uart.found);
	free(fdt);
}

/*
 * Sparse ids in any order, a repeated id, a hart that names fewer
 * extensions and one without an MMU (sifive_u's E51): sorted, the
 * repeat ignored and counted, the difference noted.
 */
static void build_sparse_mixed_harts(void *fdt)
{
	int cpus = fdt_add_subnode(fdt, 0, "cpus"), node;

	assert_int_equal(fdt_setprop_u32(fdt, cpus, "#address-cells", 1), 0);
	node = add_cpu(fdt, cpus, "cpu@40", 40, NULL, 0);
	assert_int_equal(
		fdt_setprop_string(fdt, node, "mmu-type", "riscv,sv48"), 0);
	node = add_cpu(fdt, cpus, "cpu@7", 7, NULL, 0);
	assert_int_equal(
		fdt_setprop_string(fdt, node, "mmu-type", "riscv,sv39"), 0);
	node = add_cpu(fdt, cpus, "cpu@0", 0, NULL, 0);
	assert_int_equal(fdt_setprop_string(fdt, node, "riscv,isa", "rv64imac"),
			 0);
	node = add_cpu(fdt, cpus, "cpu@7b", 7, NULL, 0);
	assert_int_equal(
		fdt_setprop_string(fdt, node, "mmu-type", "riscv,sv39"), 0);
}

static void test_scan__harts_sorted_by_id__repeats_counted(void **state)
{
	void *fdt = tree(build_sparse_mixed_harts);
	struct platform_fdt_facts f;

	(void)state;
	platform_fdt_scan(fdt, PLATFORM_FDT_MAX_HARTS, &f);
	assert_int_equal(f.n_harts, 3);
	assert_int_equal(f.harts[0].id, 0);
	assert_int_equal(f.harts[1].id, 7);
	assert_int_equal(f.harts[2].id, 40);
	assert_int_equal(f.harts_dup, 1);
	assert_false(f.harts[0].mmu);
	assert_true(f.harts[1].mmu && f.harts[2].mmu);
	assert_false(f.harts[0].isa.sscofpmf);
	assert_true(f.harts[1].isa.sscofpmf);
	assert_false(f.isa.sscofpmf); /* not on every hart */
	assert_true(f.isa_differs);
	free(fdt);
}

static void build_many_harts(void *fdt)
{
	int cpus = fdt_add_subnode(fdt, 0, "cpus");
	char name[16];

	assert_int_equal(fdt_setprop_u32(fdt, cpus, "#address-cells", 1), 0);
	for (uint32_t i = 0; i < PLATFORM_FDT_MAX_HARTS + 3; i++) {
		snprintf(name, sizeof(name), "cpu@%u", i);
		add_cpu(fdt, cpus, name, i, NULL, 0);
	}
}

static void test_scan__more_harts_than_the_list__counted(void **state)
{
	void *fdt = calloc(1, 1 << 20);
	struct platform_fdt_facts *f = malloc(sizeof(*f));

	(void)state;
	assert_non_null(fdt);
	assert_non_null(f);
	assert_int_equal(fdt_create_empty_tree(fdt, 1 << 20), 0);
	build_many_harts(fdt);
	platform_fdt_scan(fdt, 100000, f);
	assert_int_equal(f->n_harts, PLATFORM_FDT_MAX_HARTS);
	assert_int_equal(f->harts_over, 3);
	/* libfdt adds each node first: tree order is 514, 513, ... 0 */
	assert_int_equal(f->harts[0].id, 3);
	assert_int_equal(f->harts[PLATFORM_FDT_MAX_HARTS - 1].id,
			 PLATFORM_FDT_MAX_HARTS + 2);
	free(f);
	free(fdt);
}

/* Test tree @name opened into a copy with 4 KiB to grow (caller frees). */
static void *load_open(const char *name)
{
	struct blob b = load(name);
	size_t room = b.size + 4096;
	void *fdt = malloc(room);

	assert_non_null(fdt);
	assert_int_equal(fdt_open_into(b.fdt, fdt, (int)room), 0);
	free(b.fdt);
	return fdt;
}

static bool hide_2_and_99(void *ctx, uint64_t id)
{
	(void)ctx;
	return id == 2 || id == 99;
}

/* A hart the firmware does not serve is no hart of the next stage's. */
static void test_disable_cpu__hart_left_out_of_the_tree(void **state)
{
	void *fdt = load_open("qemu-virt-7.2-smp4.dtb");
	struct platform_fdt_facts f;

	(void)state;
	assert_int_equal(platform_fdt_disable_cpus(fdt, hide_2_and_99, NULL),
			 0);
	platform_fdt_scan(fdt, PLATFORM_FDT_MAX_HARTS, &f);
	assert_int_equal(f.n_harts, 3);
	assert_int_equal(f.harts[0].id, 0);
	assert_int_equal(f.harts[1].id, 1);
	assert_int_equal(f.harts[2].id, 3);
	free(fdt);
}

/* spike's tree names sstc, its harts cannot use it: the tree handed on
 * must not name it either. */
static void test_isa_drop__sstc_removed_from_every_cpu(void **state)
{
	void *fdt = load_open("qemu-virt-7.2-smp4.dtb");
	struct platform_fdt_facts f;

	(void)state;
	platform_fdt_scan(fdt, PLATFORM_FDT_MAX_HARTS, &f);
	assert_true(f.isa.sstc && f.isa.sscofpmf);
	assert_int_equal(platform_fdt_isa_drop(fdt, "sstc"), 0);
	platform_fdt_scan(fdt, PLATFORM_FDT_MAX_HARTS, &f);
	assert_int_equal(f.n_harts, 4);
	assert_false(f.isa.sstc);
	assert_true(f.isa.sscofpmf); /* its neighbours stay */
	/* a second drop finds nothing to do */
	assert_int_equal(platform_fdt_isa_drop(fdt, "sstc"), 0);
	free(fdt);
}

/*
 * The extensions whose M-mode enables the firmware sets (menvcfg,
 * mstateen0, mseccfg) are read from riscv,isa-extensions: QEMU 10's
 * -cpu max names Zkr, Svadu and Ssaia but not Svade.
 */
static void test_scan__isa_extensions__m_mode_enable_inputs(void **state)
{
	struct blob b = load("qemu-virt-10-max-aplic-imsic.dtb");
	struct platform_fdt_facts f;

	(void)state;
	platform_fdt_scan(b.fdt, 8, &f);
	assert_int_equal(f.n_harts, 2);
	assert_true(f.isa.zkr && f.isa.svadu && f.isa.ssaia);
	assert_true(f.isa.smstateen && f.isa.zicbom && f.isa.zicboz);
	assert_true(f.isa.svpbmt && f.isa.sscsrind);
	assert_false(f.isa.svade);
	free(b.fdt);
}

/* A dropped enable leaves the extension's neighbours in the list. */
static void test_isa_drop__zkr_removed_neighbours_stay(void **state)
{
	void *fdt = load_open("qemu-virt-10-max-aplic-imsic.dtb");
	struct platform_fdt_facts f;

	(void)state;
	assert_int_equal(platform_fdt_isa_drop(fdt, "zkr"), 0);
	platform_fdt_scan(fdt, PLATFORM_FDT_MAX_HARTS, &f);
	assert_false(f.isa.zkr);
	assert_true(f.isa.svadu && f.isa.ssaia && f.isa.sstc);
	free(fdt);
}

static void build_chosen(void *fdt)
{
	int chosen = fdt_add_subnode(fdt, 0, "chosen");
	int mem;

	assert_int_equal(
		fdt_setprop_string(fdt, chosen, "sbipmu,trace", "99999x"), 0);
	assert_int_equal(
		fdt_setprop_string(fdt, chosen, "sbipmu,snapshot", "maybe"), 0);
	assert_int_equal(fdt_setprop_u32(fdt, 0, "#address-cells", 1), 0);
	assert_int_equal(fdt_setprop_u32(fdt, 0, "#size-cells", 1), 0);
	for (int i = 0; i < 3; i++) {
		char name[32];
		fdt32_t reg[9];

		snprintf(name, sizeof(name), "memory@%d", i);
		mem = fdt_add_subnode(fdt, 0, name);
		assert_true(mem >= 0);
		assert_int_equal(
			fdt_setprop_string(fdt, mem, "device_type", "memory"),
			0);
		for (int r = 0; r < 4; r++) {
			reg[2 * r] =
				cpu_to_fdt32(0x1000u * (uint32_t)(i * 4 + r));
			reg[2 * r + 1] = cpu_to_fdt32(0x1000);
		}
		/* 4 pairs and a half: the half is not a range */
		reg[8] = cpu_to_fdt32(0xdead);
		assert_int_equal(fdt_setprop(fdt, mem, "reg", reg, 36), 0);
	}
}

static void test_scan__chosen_and_memory_limits(void **state)
{
	void *fdt = tree(build_chosen);
	struct platform_fdt_facts f;

	(void)state;
	platform_fdt_scan(fdt, 8, &f);
	assert_int_equal(f.trace_entries, 65535);
	assert_int_equal(f.snapshot, PLATFORM_FDT_SNAPSHOT_AUTO);
	assert_true(f.snapshot_bad);
	assert_int_equal(f.n_mem, PLATFORM_FDT_MAX_MEM);
	assert_int_equal(f.mem_over, 12 - PLATFORM_FDT_MAX_MEM);
	assert_int_equal(f.mem[7].base, 0x7000);
	free(fdt);
}

/* A tree whose /chosen has sbipmu,legacy = @value. */
static void *legacy_tree(const char *value)
{
	void *fdt = calloc(1, BLOB_MAX);
	int chosen;

	assert_non_null(fdt);
	assert_int_equal(fdt_create_empty_tree(fdt, BLOB_MAX), 0);
	chosen = fdt_add_subnode(fdt, 0, "chosen");
	assert_true(chosen >= 0);
	assert_int_equal(
		fdt_setprop_string(fdt, chosen, "sbipmu,legacy", value), 0);
	return fdt;
}

/* docs/firmware.md, "Legacy SBI v0.1": "on", "off", "auto"; else bad. */
static void test_scan__chosen_legacy__on_off_auto_and_bad(void **state)
{
	static const struct {
		const char *value;
		enum platform_fdt_legacy want;
		bool bad;
	} cases[] = {
		{"on", PLATFORM_FDT_LEGACY_ON, false},
		{"off", PLATFORM_FDT_LEGACY_OFF, false},
		{"auto", PLATFORM_FDT_LEGACY_AUTO, false},
		{"Off", PLATFORM_FDT_LEGACY_AUTO, true},
		{"", PLATFORM_FDT_LEGACY_AUTO, true},
	};

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		void *fdt = legacy_tree(cases[i].value);
		struct platform_fdt_facts f;

		platform_fdt_scan(fdt, 8, &f);
		assert_int_equal(f.legacy, cases[i].want);
		assert_int_equal(f.legacy_bad, cases[i].bad);
		free(fdt);
	}
}

static void test_isa_has__multi_letter_tokens_only(void **state)
{
	static const char isa[] = "rv64imafdch_zicsr_Sscofpmf_sstc";

	(void)state;
	assert_true(platform_fdt_isa_has(isa, sizeof(isa), "sscofpmf"));
	assert_true(platform_fdt_isa_has(isa, sizeof(isa), "sstc"));
	assert_true(platform_fdt_isa_has(isa, sizeof(isa) - 1, "sstc"));
	assert_false(platform_fdt_isa_has(isa, sizeof(isa), "sst"));
	assert_false(platform_fdt_isa_has(isa, sizeof(isa), "rv64imafdch"));
	assert_false(platform_fdt_isa_has(isa, 16, "sscofpmf"));
	assert_false(platform_fdt_isa_has("", 0, "sstc"));
}

/* ---- the fix-up ---- */

static void test_add_reserved__node_added_tree_still_passes(void **state)
{
	struct blob b = load("qemu-virt-7.2.dtb");
	size_t room = b.size + 4096;
	void *out = malloc(room);
	struct platform_fdt_verdict v;
	struct blob done;
	const fdt32_t *reg;
	int node, len;

	(void)state;
	assert_non_null(out);
	/* packed, as QEMU hands it over: no room in place */
	assert_int_equal(fdt_open_into(b.fdt, b.fdt, (int)b.size), 0);
	assert_int_equal(platform_fdt_add_reserved(b.fdt, 0x80000000u, 0x40000),
			 -FDT_ERR_NOSPACE);
	assert_int_equal(fdt_open_into(b.fdt, out, (int)room), 0);
	assert_int_equal(platform_fdt_add_reserved(out, 0x80000000u, 0x40000),
			 0);
	node = fdt_path_offset(out, "/reserved-memory/mmode_resv@80000000");
	assert_true(node >= 0);
	assert_non_null(fdt_getprop(out, node, "no-map", NULL));
	reg = fdt_getprop(out, node, "reg", &len);
	assert_int_equal(len, 16);
	assert_int_equal(fdt32_to_cpu(reg[1]), 0x80000000u);
	assert_int_equal(fdt32_to_cpu(reg[3]), 0x40000);
	/* again: the node exists, nothing changes */
	assert_int_equal(platform_fdt_add_reserved(out, 0x80000000u, 0x40000),
			 0);
	done = (struct blob){out, fdt_totalsize(out)};
	assert_int_equal(check(&done, done.size, &v), 0);
	free(out);
	free(b.fdt);
}

/* ---- the timebase handed on ---- */

/* QEMU's virt tree with /cpus/timebase-frequency of @len bytes of @v. */
static void *virt_with_timebase(const void *v, int len)
{
	void *fdt = load_open("qemu-virt-7.2.dtb");
	int cpus = fdt_path_offset(fdt, "/cpus");

	assert_true(cpus >= 0);
	if (len < 0)
		assert_int_equal(fdt_delprop(fdt, cpus, "timebase-frequency"),
				 0);
	else
		assert_int_equal(
			fdt_setprop(fdt, cpus, "timebase-frequency", v, len),
			0);
	return fdt;
}

/*
 * Bad is what Linux's of_property_read_u32() of /cpus cannot use: absent,
 * zero, or another length than one cell (8 bytes read as the high cell).
 */
static void test_timebase_problem__only_one_nonzero_cell_is_good(void **state)
{
	static const uint8_t ten_mhz[] = {0x00, 0x98, 0x96, 0x80};
	static const uint8_t zero[] = {0, 0, 0, 0};
	static const uint8_t wide[] = {0, 0, 0, 0, 0x00, 0x98, 0x96, 0x80};
	static const uint8_t short2[] = {0x98, 0x96};
	const struct {
		const void *v;
		int len;
		const char *problem;
	} cases[] = {
		{ten_mhz, 4, NULL},
		{NULL, -1, "absent"},
		{zero, 4, "zero"},
		{wide, 8, "not one 32-bit cell"},
		{short2, 2, "not one 32-bit cell"},
		{NULL, 0, "not one 32-bit cell"},
	};

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		void *fdt = virt_with_timebase(cases[i].v, cases[i].len);
		const char *got = platform_fdt_timebase_problem(fdt);

		if (cases[i].problem)
			assert_string_equal(got, cases[i].problem);
		else
			assert_null(got);
		free(fdt);
	}
}

static void test_timebase_problem__no_cpus_said(void **state)
{
	void *fdt = tree(build_no_cpus);

	(void)state;
	assert_string_equal(platform_fdt_timebase_problem(fdt), "no /cpus");
	assert_int_equal(platform_fdt_set_timebase(fdt, 10000000),
			 -FDT_ERR_NOTFOUND);
	free(fdt);
}

/* Written as one cell over what was there; the tree still passes. */
static void test_set_timebase__one_cell_replaces_bad_value(void **state)
{
	static const uint8_t wide[] = {0, 0, 0, 0, 0x00, 0x0f, 0x42, 0x40};
	void *fdt;
	struct platform_fdt_verdict v;
	struct blob done;
	const fdt32_t *p;
	int len;

	(void)state;
	for (int absent = 0; absent < 2; absent++) {
		fdt = virt_with_timebase(wide, absent ? -1 : 8);
		assert_int_equal(platform_fdt_set_timebase(fdt, 1000000), 0);
		assert_null(platform_fdt_timebase_problem(fdt));
		p = fdt_getprop(fdt, fdt_path_offset(fdt, "/cpus"),
				"timebase-frequency", &len);
		assert_int_equal(len, 4);
		assert_int_equal(fdt32_to_cpu(*p), 1000000);
		done = (struct blob){fdt, fdt_totalsize(fdt)};
		assert_int_equal(check(&done, done.size, &v), 0);
		free(fdt);
	}
}

/* A packed tree (QEMU 7.2's) has no room: NOSPACE, to retry larger. */
static void test_set_timebase__packed_tree_says_nospace(void **state)
{
	struct blob b = load("qemu-virt-7.2.dtb");
	int cpus = fdt_path_offset(b.fdt, "/cpus");

	(void)state;
	assert_int_equal(fdt_open_into(b.fdt, b.fdt, (int)b.size), 0);
	assert_int_equal(fdt_delprop(b.fdt, cpus, "timebase-frequency"), 0);
	assert_int_equal(fdt_pack(b.fdt), 0);
	assert_int_equal(platform_fdt_set_timebase(b.fdt, 10000000),
			 -FDT_ERR_NOSPACE);
	free(b.fdt);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(
			test_check__qemu_trees_and_binding_examples_pass),
		cmocka_unit_test(
			test_check__truncated_blob__totalsize_beyond_readable),
		cmocka_unit_test(
			test_check__no_header_readable__truncated_no_fields),
		cmocka_unit_test(test_check__wrong_magic__badmagic),
		cmocka_unit_test(
			test_scan__isa_extensions__m_mode_enable_inputs),
		cmocka_unit_test(test_isa_drop__zkr_removed_neighbours_stay),
		cmocka_unit_test(
			test_check__struct_offset_outside_blob__truncated),
		cmocka_unit_test(
			test_check__huge_totalsize__truncated_either_way),
		cmocka_unit_test(test_check__misaligned_blocks__alignment),
		cmocka_unit_test(
			test_check__zeroed_structure_block__badstructure),
		cmocka_unit_test(
			test_check__property_name_outside_strings__refused),
		cmocka_unit_test(test_check__unclosed_root__badstructure),
		cmocka_unit_test(
			test_fuzz_dt__v16_names_beyond_strings_size__refused),
		cmocka_unit_test(test_check__v16_tree__accepted_and_fixed_up),
		cmocka_unit_test(test_scan__qemu_tree__machine_facts),
		cmocka_unit_test(
			test_scan__hart_ids_beyond_limit__counted_not_kept),
		cmocka_unit_test(
			test_scan__status_must_be_a_string__okay_unterminated_off),
		cmocka_unit_test(
			test_scan__no_cpus_node__no_harts_no_extensions),
		cmocka_unit_test(
			test_scan__harts_sorted_by_id__repeats_counted),
		cmocka_unit_test(test_scan__more_harts_than_the_list__counted),
		cmocka_unit_test(test_disable_cpu__hart_left_out_of_the_tree),
		cmocka_unit_test(test_isa_drop__sstc_removed_from_every_cpu),
		cmocka_unit_test(test_scan__chosen_and_memory_limits),
		cmocka_unit_test(test_scan__chosen_legacy__on_off_auto_and_bad),
		cmocka_unit_test(test_isa_has__multi_letter_tokens_only),
		cmocka_unit_test(
			test_add_reserved__node_added_tree_still_passes),
		cmocka_unit_test(
			test_timebase_problem__only_one_nonzero_cell_is_good),
		cmocka_unit_test(test_timebase_problem__no_cpus_said),
		cmocka_unit_test(
			test_set_timebase__one_cell_replaces_bad_value),
		cmocka_unit_test(test_set_timebase__packed_tree_says_nospace),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
