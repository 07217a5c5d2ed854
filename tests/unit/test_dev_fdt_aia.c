/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The AIA probe (binding/dev_fdt_aia.c) on QEMU 10's own virt trees with
 * aia=aplic (direct delivery) and aia=aplic-imsic (MSI), and on edited
 * copies of them: the M-level root domain is found with its delegation
 * and, in MSI mode, both IMSICs' layouts; the hide edit disables exactly
 * the M-level APLIC and IMSIC; a broken delegation or source count is
 * refused with its reason and nothing of the domain is kept. And each
 * hart's M-level IMSIC file, the doorbell where no MSWI is, on QEMU 10's
 * virt trees with aclint=on (one IMSIC group, and two sockets' groups).
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

#include "sbipmu/dev_fdt.h"
#include "sbipmu/dev_fdt_aia.h"
#include "sbipmu/platform_fdt.h"

#define BLOB_MAX (256 * 1024)

#include "timer_drivers.h"

/* A blob from tests/data, opened into a buffer with room to edit. */
static void *load(const char *name)
{
	const char *dir = getenv("SBIPMU_TEST_DATA_DIR");
	char path[512];
	char *fdt = malloc(BLOB_MAX);
	struct platform_fdt_verdict v;
	size_t size;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir ? dir : TEST_DATA_DIR, name);
	f = fopen(path, "rb");
	if (!f)
		fail_msg("cannot open %s (run `make unit`)", path);
	assert_non_null(fdt);
	size = fread(fdt, 1, BLOB_MAX, f);
	fclose(f);
	assert_true(size > 0 && size < BLOB_MAX);
	assert_int_equal(platform_fdt_check(fdt, size, &v), 0);
	assert_int_equal(fdt_open_into(fdt, fdt, BLOB_MAX), 0);
	return fdt;
}

static int node_at(const void *fdt, const char *path)
{
	int node = fdt_path_offset(fdt, path);

	assert_true(node >= 0);
	return node;
}

static bool enabled(const void *fdt, const char *path)
{
	const char *s = fdt_getprop(fdt, node_at(fdt, path), "status", NULL);

	return !s || !strcmp(s, "okay");
}

/* Direct delivery: the root at 0xc000000 gives sources 1-96 to child 0. */
static void test_scan__aplic_direct__root_delegates_all_to_child(void **state)
{
	void *fdt = load("qemu-virt-10-max-aplic.dtb");
	struct dev_fdt_aia aia;

	(void)state;
	dev_fdt_aia_scan(fdt, &aia);
	assert_int_equal(aia.n, 1);
	assert_int_equal(aia.refused, 0);
	assert_int_equal(aia.d[0].base, 0xc000000);
	assert_int_equal(aia.d[0].num_sources, 96);
	assert_false(aia.d[0].msi);
	assert_int_equal(aia.d[0].n_deleg, 1);
	assert_int_equal(aia.d[0].deleg[0].child, 0);
	assert_int_equal(aia.d[0].deleg[0].first, 1);
	assert_int_equal(aia.d[0].deleg[0].last, 96);
	free(fdt);
}

/*
 * MSI delivery: the root's msi-parent is the M-level IMSIC, its child's
 * the S-level one; 2 harts need 1 hart-index bit (the binding's default).
 */
static void test_scan__aplic_msi__both_imsic_layouts(void **state)
{
	void *fdt = load("qemu-virt-10-max-aplic-imsic.dtb");
	struct dev_fdt_aia aia;

	(void)state;
	dev_fdt_aia_scan(fdt, &aia);
	assert_int_equal(aia.n, 1);
	assert_true(aia.d[0].msi);
	assert_true(aia.d[0].m.found && aia.d[0].s.found);
	assert_int_equal(aia.d[0].m.base, 0x24000000);
	assert_int_equal(aia.d[0].s.base, 0x28000000);
	assert_int_equal(aia.d[0].s.hart_bits, 1);
	assert_int_equal(aia.d[0].s.guest_bits, 0);
	assert_int_equal(aia.d[0].s.group_bits, 0);
	assert_int_equal(aia.d[0].s.group_shift, 24);
	free(fdt);
}

/* The edit disables the M-level APLIC and IMSIC, and nothing else. */
static void test_hide__m_level_nodes_disabled_s_level_kept(void **state)
{
	void *fdt = load("qemu-virt-10-max-aplic-imsic.dtb");
	struct dev_fdt_aia aia;

	(void)state;
	assert_int_equal(dev_fdt_aia_m_level_count(fdt), 2);
	assert_int_equal(dev_fdt_aia_hide_m_level(fdt), 0);
	assert_int_equal(dev_fdt_aia_m_level_count(fdt), 0);
	assert_false(enabled(fdt, "/soc/interrupt-controller@c000000"));
	assert_false(enabled(fdt, "/soc/interrupt-controller@24000000"));
	assert_true(enabled(fdt, "/soc/interrupt-controller@d000000"));
	assert_true(enabled(fdt, "/soc/interrupt-controller@28000000"));
	/* a hidden root is not set up again */
	dev_fdt_aia_scan(fdt, &aia);
	assert_int_equal(aia.n, 0);
	free(fdt);
}

/* A delegation to a domain the root does not list is refused whole. */
static void test_scan__delegation_to_stranger__refused(void **state)
{
	void *fdt = load("qemu-virt-10-max-aplic.dtb");
	int root = node_at(fdt, "/soc/interrupt-controller@c000000");
	fdt32_t bad[3] = {cpu_to_fdt32(0x7777), cpu_to_fdt32(1),
			  cpu_to_fdt32(96)};
	struct dev_fdt_aia aia;

	(void)state;
	assert_int_equal(
		fdt_setprop(fdt, root, "riscv,delegation", bad, sizeof(bad)),
		0);
	dev_fdt_aia_scan(fdt, &aia);
	assert_int_equal(aia.n, 0);
	assert_int_equal(aia.refused, 1);
	assert_non_null(strstr(aia.why, "riscv,children"));
	free(fdt);
}

/* Sources beyond riscv,num-sources, and a count of 0, are refused. */
static void test_scan__sources_out_of_range__refused(void **state)
{
	void *fdt = load("qemu-virt-10-max-aplic.dtb");
	int root = node_at(fdt, "/soc/interrupt-controller@c000000");
	struct dev_fdt_aia aia;

	(void)state;
	assert_int_equal(fdt_setprop_u32(fdt, root, "riscv,num-sources", 10),
			 0);
	dev_fdt_aia_scan(fdt, &aia);
	assert_int_equal(aia.refused, 1);
	assert_non_null(strstr(aia.why, "out of range"));
	assert_int_equal(fdt_setprop_u32(fdt, root, "riscv,num-sources", 0), 0);
	dev_fdt_aia_scan(fdt, &aia);
	assert_int_equal(aia.refused, 1);
	assert_non_null(strstr(aia.why, "num-sources"));
	free(fdt);
}

/* Without a delegation property every source goes to the first child. */
static void test_scan__no_delegation__all_sources_to_first_child(void **state)
{
	void *fdt = load("qemu-virt-10-max-aplic.dtb");
	int root = node_at(fdt, "/soc/interrupt-controller@c000000");
	struct dev_fdt_aia aia;

	(void)state;
	assert_int_equal(fdt_delprop(fdt, root, "riscv,delegation"), 0);
	assert_int_equal(fdt_delprop(fdt, root, "riscv,delegate"), 0);
	dev_fdt_aia_scan(fdt, &aia);
	assert_int_equal(aia.n, 1);
	assert_int_equal(aia.d[0].deleg[0].child, 0);
	assert_int_equal(aia.d[0].deleg[0].first, 1);
	assert_int_equal(aia.d[0].deleg[0].last, 96);
	free(fdt);
}

/* A PLIC tree has no AIA: nothing found, nothing hidden. */
static void test_scan__plic_tree__nothing(void **state)
{
	void *fdt = load("qemu-virt-7.2-smp4.dtb");
	struct dev_fdt_aia aia;

	(void)state;
	dev_fdt_aia_scan(fdt, &aia);
	assert_int_equal(aia.n + aia.refused, 0);
	assert_int_equal(dev_fdt_aia_m_level_count(fdt), 0);
	free(fdt);
}

/* ---- each hart's M-level IMSIC file (the doorbell without an MSWI) ---- */

#define FILES_MAX 8

/* What the IMSIC's decode (dev_fdt_timer_imsic()) reported, in order. */
struct files {
	unsigned int n;
	uint64_t hart[FILES_MAX], file[FILES_MAX];
};

/* The walk's summary, in the words of these tests. */
struct imsic_summary {
	unsigned int nodes;   /* M-level IMSIC nodes whose files were put */
	unsigned int files;   /* files put */
	unsigned int refused; /* M-level IMSIC nodes refused */
	const char *why;      /* the first refusal's reason */
	int why_node;
};

static void files_put(void *ctx, const struct dev_fdt_timer_dev *d,
		      const struct dev_fdt_hart_ctx *c)
{
	struct files *f = ctx;

	(void)d;
	assert_int_equal(c->role, DEV_FDT_ROLE_IPI);
	assert_int_equal(c->k, f->n);
	assert_true(f->n < FILES_MAX);
	f->hart[f->n] = c->hart;
	f->file[f->n++] = c->addr;
}

/* The walk with the IMSIC's driver alone (the last of the list). */
static void files_of(const void *fdt, struct files *f,
		     struct imsic_summary *sum)
{
	const unsigned int last = test_timer_drivers.n - 1;
	const struct dev_fdt_timer_drivers imsic = {
		&test_timer_driver_list[last],
		sizeof(test_timer_driver_list[0]), 1};
	const struct dev_fdt_timer_sink sink = {NULL, files_put, f};
	struct dev_fdt_timer_summary s;

	assert_string_equal(test_timer_driver_list[last].name, "imsic");
	memset(f, 0, sizeof(*f));
	dev_fdt_timers(fdt, &imsic, &sink, &s);
	*sum = (struct imsic_summary){s.n_devs, s.n_ctx, s.refused,
				      s.first_refused.problem,
				      s.first_refused.node};
}

/* One group: hart k's file is page k of the M-level IMSIC's one entry. */
static void test_imsic_files__one_group__hart_k_at_page_k(void **state)
{
	void *fdt = load("qemu-virt-10-aplic-imsic-aclint-smp4.dtb");
	struct imsic_summary sum;
	struct files f;
	unsigned int k;

	(void)state;
	files_of(fdt, &f, &sum);
	assert_int_equal(sum.nodes, 1);
	assert_int_equal(sum.refused, 0);
	assert_int_equal(sum.files, 4);
	assert_int_equal(f.n, 4);
	for (k = 0; k < 4; k++) {
		assert_int_equal(f.hart[k], k);
		assert_int_equal(f.file[k], 0x24000000 + 0x1000 * k);
	}
	free(fdt);
}

/* Two sockets: the second entry (group 1) holds harts 2 and 3. */
static void test_imsic_files__two_groups__files_follow_reg_entries(void **state)
{
	void *fdt = load("qemu-virt-10-aplic-imsic-aclint-numa2.dtb");
	struct imsic_summary sum;
	struct files f;

	(void)state;
	files_of(fdt, &f, &sum);
	assert_int_equal(sum.nodes, 1);
	assert_int_equal(f.n, 4);
	assert_int_equal(f.file[0], 0x24000000);
	assert_int_equal(f.file[1], 0x24001000);
	assert_int_equal(f.file[2], 0x25000000);
	assert_int_equal(f.file[3], 0x25001000);
	assert_int_equal(f.hart[3], 3);
	free(fdt);
}

/* Guest index bits widen the stride: 2^1 pages per hart. */
static void test_imsic_files__guest_bits__stride_of_two_pages(void **state)
{
	void *fdt = load("qemu-virt-10-aplic-imsic-aclint-smp4.dtb");
	int node = node_at(fdt, "/soc/interrupt-controller@24000000");
	fdt64_t reg[2] = {cpu_to_fdt64(0x24000000), cpu_to_fdt64(0x8000)};
	struct imsic_summary sum;
	struct files f;

	(void)state;
	assert_int_equal(
		fdt_setprop_u32(fdt, node, "riscv,guest-index-bits", 1), 0);
	assert_int_equal(fdt_setprop(fdt, node, "reg", reg, sizeof(reg)), 0);
	files_of(fdt, &f, &sum);
	assert_int_equal(f.n, 4);
	assert_int_equal(f.file[3], 0x24000000 + 3 * 0x2000);
	free(fdt);
}

/* A reg too small for its harts is refused whole: no file is put. */
static void test_imsic_files__reg_short_of_harts__refused(void **state)
{
	void *fdt = load("qemu-virt-10-aplic-imsic-aclint-smp4.dtb");
	int node = node_at(fdt, "/soc/interrupt-controller@24000000");
	fdt64_t reg[2] = {cpu_to_fdt64(0x24000000), cpu_to_fdt64(0x3000)};
	struct imsic_summary sum;
	struct files f;

	(void)state;
	assert_int_equal(fdt_setprop(fdt, node, "reg", reg, sizeof(reg)), 0);
	files_of(fdt, &f, &sum);
	assert_int_equal(f.n, 0);
	assert_int_equal(sum.nodes, 0);
	assert_int_equal(sum.refused, 1);
	assert_int_equal(sum.why_node, node);
	assert_non_null(strstr(sum.why, "fewer files than harts"));
	free(fdt);
}

/* A hart named with its supervisor interrupt (9) is no M-level file. */
static void test_imsic_files__tuple_not_interrupt_11__refused(void **state)
{
	void *fdt = load("qemu-virt-10-aplic-imsic-aclint-smp4.dtb");
	int node = node_at(fdt, "/soc/interrupt-controller@24000000");
	int len;
	const fdt32_t *p = fdt_getprop(fdt, node, "interrupts-extended", &len);
	fdt32_t irqs[8];
	struct imsic_summary sum;
	struct files f;

	(void)state;
	assert_int_equal(len, (int)sizeof(irqs));
	memcpy(irqs, p, sizeof(irqs));
	irqs[5] = cpu_to_fdt32(9);
	assert_int_equal(
		fdt_setprop(fdt, node, "interrupts-extended", irqs, len), 0);
	files_of(fdt, &f, &sum);
	assert_int_equal(f.n, 0);
	assert_int_equal(sum.refused, 1);
	assert_non_null(strstr(sum.why, "machine external interrupt"));
	free(fdt);
}

/* A hidden (disabled) M-level IMSIC, and the S-level one, give none. */
static void test_imsic_files__disabled_or_s_level__none(void **state)
{
	void *fdt = load("qemu-virt-10-aplic-imsic-aclint-smp4.dtb");
	struct imsic_summary sum;
	struct files f;

	(void)state;
	assert_int_equal(dev_fdt_aia_hide_m_level(fdt), 0);
	files_of(fdt, &f, &sum);
	assert_int_equal(f.n + sum.nodes + sum.refused, 0);
	free(fdt);
}

/* A CLINT tree without AIA has no IMSIC file. */
static void test_imsic_files__plic_tree__none(void **state)
{
	void *fdt = load("qemu-virt-7.2-smp4.dtb");
	struct imsic_summary sum;
	struct files f;

	(void)state;
	files_of(fdt, &f, &sum);
	assert_int_equal(f.n + sum.nodes + sum.refused, 0);
	free(fdt);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(
			test_scan__aplic_direct__root_delegates_all_to_child),
		cmocka_unit_test(test_scan__aplic_msi__both_imsic_layouts),
		cmocka_unit_test(
			test_hide__m_level_nodes_disabled_s_level_kept),
		cmocka_unit_test(test_scan__delegation_to_stranger__refused),
		cmocka_unit_test(test_scan__sources_out_of_range__refused),
		cmocka_unit_test(
			test_scan__no_delegation__all_sources_to_first_child),
		cmocka_unit_test(test_scan__plic_tree__nothing),
		cmocka_unit_test(test_imsic_files__one_group__hart_k_at_page_k),
		cmocka_unit_test(
			test_imsic_files__two_groups__files_follow_reg_entries),
		cmocka_unit_test(
			test_imsic_files__guest_bits__stride_of_two_pages),
		cmocka_unit_test(test_imsic_files__reg_short_of_harts__refused),
		cmocka_unit_test(
			test_imsic_files__tuple_not_interrupt_11__refused),
		cmocka_unit_test(test_imsic_files__disabled_or_s_level__none),
		cmocka_unit_test(test_imsic_files__plic_tree__none),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
