#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Unit tests of scripts/conformance_compare.py: the table
`conformance.sh compare` writes (docs/conformance-opensbi.md), from small
logs in the suite's format."""

import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..",
				"scripts"))
import conformance_compare as cc  # noqa: E402
from test_conformance_judge import header  # noqa: E402

CFGS = ["rv64-smp1-sscofpmf", "rv64-smp1-nosscofpmf",
	"rv32-smp1-sscofpmf", "rv32-smp1-nosscofpmf"]


def results(logs):
	"""Results of {key: {cfg: [lines]}}, in the dict's order."""
	return cc.Results([(k, c, lines) for k, per in logs.items()
			   for c, lines in per.items()])


def everywhere(lines, cfgs=CFGS):
	return {c: header(1) + lines for c in cfgs}


class Compare(unittest.TestCase):
	"""compare's table: each check's result per firmware."""

	def test_and_list_joins_words_as_prose(self):
		self.assertEqual(cc.and_list([]), "")
		self.assertEqual(cc.and_list(["1"]), "1")
		self.assertEqual(cc.and_list(["1", "4"]), "1 and 4")
		self.assertEqual(cc.and_list(["1", "4", "64"]), "1, 4 and 64")

	def test_a_check_failed_on_ours_and_passed_on_the_reference_is_ours_deviation(self):
		r = results({"B": everywhere(["# group 0 a", "FAIL: a.x: 1 got 2",
					      "    why: spec says 1"]),
			     "A": everywhere(["# group 0 a", "PASS: a.x"])})
		cols = [cc.Column("A", "OpenSBI 1.5.1", "ref.bin", "ref32.bin", "2.0"),
			cc.Column("B", "sbipmu", "ours.bin", "ours32.bin", "3.0")]
		checks, dev, _, rows = cc.table_checks(r, cols)
		self.assertEqual(dev, {"A": 0, "B": 1})
		self.assertEqual(rows, 1)
		self.assertEqual(checks[-1],
				 "| `a.x` | PASS | FAIL: 1 got 2 | spec says 1 |")

	def test_a_fail_in_some_configurations_names_them(self):
		logs = everywhere(["# group 0 a", "PASS: a.x"])
		logs[CFGS[2]] = header(1) + ["# group 0 a", "FAIL: a.x: no"]
		r = results({"A": logs})
		self.assertEqual(r.cell("A", "a.x"), "FAIL (rv32-smp1-sscofpmf): no")

	def test_rv32_alone_stands_for_every_rv32_configuration(self):
		logs = everywhere(["# group 0 a", "PASS: a.x"], CFGS[:2])
		logs.update(everywhere(["# group 0 a", "FAIL: a.x: no"], CFGS[2:]))
		self.assertEqual(results({"A": logs}).cell("A", "a.x"),
				 "FAIL (rv32): no")

	def test_checks_after_a_crash_in_their_group_are_not_run(self):
		crashed = ["# group 0 a", "PASS: a.x",
			   "# conformance.sh: firmware stopped in group a after a.x: "
			   "trap on hart2"]
		r = results({"A": everywhere(["# group 0 a", "PASS: a.x", "PASS: a.y"]),
			     "B": everywhere(crashed)})
		self.assertEqual(r.cell("B", "a.y"), "not run (firmware stopped)")
		self.assertEqual(r.summary("B", CFGS[0]), "no summary; the firmware "
				 "stopped 1 time, the suite resumed after it")

	def test_the_same_stop_on_different_harts_is_one_row(self):
		def stop(h):
			return ["# group 0 a", "# conformance.sh: firmware stopped in "
				f"group a after -: trap on hart{h}"]
		r = results({"A": {CFGS[0]: stop(0), CFGS[1]: stop(3),
				   CFGS[2]: ["PASS: b"]}})
		rows = cc.table_stops(r, {"A": "X"})
		self.assertEqual(rows[-1], "| A: X | `a` | none (at the group's "
				 "start) | rv64 | trap on hart0 |")

	def test_a_skip_of_a_prefix_is_the_skip_of_the_checks_under_it(self):
		r = results({"A": everywhere(["# group 0 sse", "SKIP: sse: no SSE"]),
			     "B": everywhere(["# group 0 sse", "PASS: sse.read"])})
		self.assertEqual(r.cell("A", "sse.read"), "SKIP")
		# The group's own row is left out: its checks' rows show it.
		cols = [cc.Column("A", "a", "a", "-", ""),
			cc.Column("B", "b", "b", "-", "")]
		checks = cc.table_checks(r, cols)[0]
		self.assertEqual([x.split(" |")[0] for x in checks[4:]],
				 ["| `sse.read`"])

	def test_a_check_only_a_reference_has_goes_after_the_check_before_it(self):
		r = results({"A": {CFGS[0]: ["PASS: a", "PASS: c"]},
			     "B": {CFGS[0]: ["PASS: a", "PASS: b", "PASS: c"]}})
		self.assertEqual(r.order, ["a", "b", "c"])

	def test_a_firmware_without_an_rv32_image_is_not_run_there(self):
		r = results({"A": everywhere(["PASS: a"]),
			     "B": everywhere(["PASS: a"], CFGS[:2])})
		self.assertEqual(r.summary("B", CFGS[2]), "not run (no RV32 image)")
		self.assertEqual(r.summary("A", "kvm-rv64-smp4-sscofpmf"), "not run")

	def test_different_whys_are_given_with_their_firmwares_keys(self):
		r = results({"A": everywhere(["FAIL: a: x|y", "    why: one"]),
			     "B": everywhere(["FAIL: a: x", "    why: two"])})
		cols = [cc.Column("A", "a", "a", "-", ""),
			cc.Column("B", "b", "b", "-", "")]
		self.assertEqual(cc.table_checks(r, cols)[0][-1],
				 "| `a` | FAIL: x\\|y | FAIL: x | A: one; B: two |")

	def test_the_page_ends_with_each_firmwares_deviations(self):
		r = results({"A": everywhere(["FAIL: a: x"]),
			     "B": everywhere(["PASS: a"])})
		cols = [cc.Column("A", "ref", "a.bin", "-", "2.0"),
			cc.Column("B", "ours", "b.bin", "b32.bin", "3.0")]
		page = cc.write_table(r, cols, "B", ["1", "4"], "QEMU 10", "")
		self.assertTrue(page.startswith("# SBI PMU conformance: ref against "
						"ours\n"))
		self.assertIn("Firmware A: ref, `a.bin` (no RV32 image); it reports "
			      "SBI 2.0. Firmware B: ours, `b.bin` and for RV32 "
			      "`b32.bin`; it reports SBI 3.0.\nQEMU 10, ", page)
		self.assertTrue(page.endswith("\n1 checks; deviations: ref 1, ours 0.\n"))

	def test_a_firmware_without_logs_is_said_to_report_an_unknown_sbi(self):
		r = results({"A": {CFGS[0]: None}, "B": everywhere(["PASS: a"])})
		cols = [cc.Column("A", "ref", "a.bin", "-", ""),
			cc.Column("B", "ours", "b.bin", "-", "3.0"),
			cc.Column("C", "KVM (Linux 6.12) guest", "k.log", "-", "",
				  "kvm")]
		page = cc.write_table(r, cols, "B", ["1"], "QEMU 10", "NOTE")
		self.assertIn("Firmware A: ref, `a.bin` (no RV32 image); it "
			      "reports SBI ?.", page)
		self.assertIn("| rv64-smp1-sscofpmf | no log |", page)
		self.assertIn("\nColumn C, KVM (Linux 6.12) guest: KVM's SBI PMU "
			      "(vcpu_pmu) is the\nimplementation the suite judges, "
			      "over firmware B (ours).", page)
		self.assertIn("it reports SBI ?. NOTE\n\nA cell", page)


class Kvm(unittest.TestCase):
	"""compare's KVM column, from a Linux console log."""

	def console(self, verdicts):
		return ["[    1.0] Linux version 6.12.1 (gcc)",
			"=== sbipmu: kvm-conformance ==="] + header(1) + \
			["# group 0 a"] + verdicts + \
			["1 passed, 0 failed, 0 skipped", "=== sbipmu: exit 0 after 2 s ==="]

	def test_kernel_messages_inside_a_suite_line_are_cut_out(self):
		log = ["=== sbipmu: kvm-conformance ===",
		       "# group 24 robustness.fid_5.host[   22.68] riscv-kvm-pmu: x",
		       "ile_args", "=== sbipmu: exit 0 after 1 s ==="]
		self.assertEqual(cc.kvm_section(log),
				 ["# group 24 robustness.fid_5.hostile_args"])

	def test_kvm_config_names_the_guests_arch_harts_and_sscofpmf(self):
		self.assertEqual(cc.kvm_config(header(1)), "kvm-rv64-smp4-sscofpmf")
		self.assertEqual(cc.kvm_config(["PASS: a"]), "kvm")

	def test_same_verdicts_over_a_reference_make_kvms_deviations_its_own(self):
		ours = cc.kvm_section(self.console(["PASS: a.x"]))
		ref = ("k/qemu10-aia-OpenSBI-1.5.1.log",
		       ["OpenSBI v1.5"] + self.console(["PASS: a.x"]))
		note = cc.kvm_ref_note(ours, [ref], self.fail)
		self.assertTrue(note.endswith("over OpenSBI 1.5.1 every check had "
					      "the same verdict, so KVM's deviations "
					      "are its own, not the firmware's."))

	def test_a_different_verdict_over_a_reference_is_named(self):
		ours = cc.kvm_section(self.console(["PASS: a.x", "PASS: a.y"]))
		ref = ("r.log", self.console(["PASS: a.x", "FAIL: a.y: z"]))
		note = cc.kvm_ref_note(ours, [ref], self.fail)
		self.assertIn("over r (`r.log`) `a.y` differed", note)

	def test_an_unfinished_reference_step_is_not_compared(self):
		warned = []
		note = cc.kvm_ref_note([], [("r.log", ["x"])], warned.append)
		self.assertEqual(len(warned), 1)
		self.assertTrue(note.startswith("No log of KVM over another firmware"))


if __name__ == "__main__":
	unittest.main()
