#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Unit tests of scripts/linux_vs_ref.py: linux-check --ref's table of
our run beside the reference firmware's, and its one judged comparison,
the sampling yield, from small runs in linux-check's output format."""

import os
import subprocess
import sys
import tempfile
import unittest

SCRIPTS = os.path.join(os.path.dirname(__file__), "..", "..", "scripts")
sys.path.insert(0, SCRIPTS)
import linux_vs_ref as vr  # noqa: E402


def run(results, yields=(), totals="2 passed, 0 failed"):
	"""A linux-check run's output: its results, "# yield" lines as
	(row, samples, count, period, yield), its totals line."""
	out = ["# firmware: fw.bin; relaxed: ",
	       "# boot yield-smp1-ssc: smp=1 sscofpmf=yes mode=yield: 9 s, "
	       "qemu exit 0, log x"]
	out += [f"# yield {r}: {s} samples, count {c} / period {p}, yield {y}"
		for r, s, c, p, y in yields]
	return out + list(results) + ([totals] if totals else [])


OURS = ["PASS: check-smp2-ssc/pmu-probe (16 firmware, 18 hardware counters)",
	"FAIL: check-smp2-ssc/stat-fw:fence_i_sent (got '61', wanted 50..60)"]
REF = ["PASS: check-smp2-ssc/pmu-probe (16 firmware, 6 hardware counters)"]


class SideBySide(unittest.TestCase):

	def test_each_of_our_results_is_shown_beside_the_references(self):
		rows = vr.side_by_side(run(OURS), run(REF))
		self.assertEqual(rows[0], "  %-44s %-38s %s" % (
			"check-smp2-ssc/pmu-probe",
			"PASS 16 firmware, 18 hardware counters",
			"PASS 16 firmware, 6 hardware counters"))

	def test_a_check_the_reference_lacks_shows_a_dash(self):
		rows = vr.side_by_side(run(OURS), run(REF))
		self.assertTrue(rows[1].endswith(" -"))
		self.assertIn("FAIL got '61', wanted 50..60", rows[1])

	def test_results_are_cut_at_38_columns(self):
		self.assertEqual(len(vr.what("PASS: b/c (" + "x" * 80 + ")")), 38)

	def test_an_empty_reference_output_gives_no_rows(self):
		self.assertEqual(vr.side_by_side(run(OURS), []), [])


YIELD = ("cycles", 97, 9850000, 100000, "0.985")


class YieldVsRef(unittest.TestCase):

	def verdicts(self, ours_yield, ref_yields):
		return vr.yield_verdicts(run([], [ours_yield]), run([], ref_yields))

	def test_a_yield_at_the_references_passes(self):
		lines, p, f = self.verdicts(YIELD, [YIELD])
		self.assertEqual((lines, p, f), (["PASS: yield-vs-ref:cycles (ours "
						  "0.985, reference 0.985)"], 1, 0))

	def test_a_yield_one_sample_of_each_below_passes(self):
		# 98.5 samples expected on each side: 2 / 98.5 = 0.0203
		lines, p, f = self.verdicts(("cycles", 95, 9850000, 100000, "0.965"),
					    [YIELD])
		self.assertEqual((p, f), (1, 0))

	def test_a_yield_more_than_a_sample_of_each_below_fails(self):
		lines, p, f = self.verdicts(("cycles", 94, 9850000, 100000, "0.954"),
					    [YIELD])
		self.assertEqual(lines, ["FAIL: yield-vs-ref:cycles (ours 0.954 < "
					 "reference 0.985 by more than one sample "
					 "each)"])
		self.assertEqual((p, f), (0, 1))

	def test_a_reference_without_the_figure_is_reported_not_judged(self):
		lines, p, f = self.verdicts(YIELD, [])
		self.assertEqual((lines, p, f), (["# yield cycles: the reference "
						  "gave no figure; ours 0.985"],
						 0, 0))


class Compare(unittest.TestCase):

	def test_the_totals_add_the_yield_verdicts_to_our_runs(self):
		out, ok = vr.compare(run(OURS, [YIELD], "1 passed, 1 failed"),
				     run(REF, [YIELD]))
		self.assertEqual(out[-1], "2 passed, 1 failed")
		self.assertFalse(ok)

	def test_our_run_without_totals_counts_as_one_failure(self):
		out, ok = vr.compare(run(OURS, totals=""), run(REF))
		self.assertEqual(out[-1], "0 passed, 1 failed")
		self.assertFalse(ok)

	def test_a_reference_run_that_booted_nothing_fails_the_run(self):
		out, ok = vr.compare(run(OURS), [])
		self.assertEqual(out[-2:], ["FAIL: reference-run (no boot in its "
					    "output)", "2 passed, 1 failed"])
		self.assertFalse(ok)

	def test_a_totals_line_without_numbers_counts_0_passed_1_failed(self):
		self.assertEqual(vr.totals(["x", " passed,  failed"]), (0, 1))

	def test_the_references_yield_and_boot_lines_are_shown(self):
		out, ok = vr.compare(run(OURS, totals="2 passed, 0 failed"),
				     run(REF, [YIELD]))
		self.assertIn("# reference: yield cycles: 97 samples, count "
			      "9850000 / period 100000, yield 0.985", out)
		self.assertEqual(out[0], "# side by side: ours | reference (first "
				 "38 columns of each result)")
		self.assertTrue(ok)

	def test_the_command_exits_1_on_a_failure(self):
		with tempfile.TemporaryDirectory() as d:
			paths = []
			for name, lines in (("ours", run(OURS, [], "1 passed, 1 "
							  "failed")),
					    ("ref", run(REF))):
				paths.append(os.path.join(d, name + ".txt"))
				with open(paths[-1], "w", encoding="utf-8") as f:
					f.write("\n".join(lines) + "\n")
			p = subprocess.run([sys.executable, os.path.join(
				SCRIPTS, "linux_vs_ref.py"), *paths],
				capture_output=True, text=True)
		self.assertEqual(p.returncode, 1)
		self.assertTrue(p.stdout.endswith("1 passed, 1 failed\n"))


if __name__ == "__main__":
	unittest.main()
