#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Unit tests of scripts/conformance_judge.py: the verdicts
scripts/conformance.sh gives on the conformance suite's logs, from small
logs written here in the suite's format (payload/conformance/)."""

import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..",
				"scripts"))
import conformance_judge as cj  # noqa: E402


def header(groups):
	return ["sbipmu 0.1: SBI firmware with a portable PMU core, RV64",
		"# sbipmu conformance suite (RV64), console: SBI DBCN",
		"# SBI spec 3.0, implementation 21314 version 0x1, boot hart 0, "
		"3 other hart(s) of 4 in the device tree, Sscofpmf yes, H yes",
		f"# groups: {groups}, skip=0"]


class BootEnd(unittest.TestCase):
	"""What one boot adds to its run's log, and where the run goes on."""

	def test_a_boot_that_printed_the_summary_ends_the_run_with_nothing_added(self):
		part = header(1) + ["# group 0 base", "PASS: base.a",
				    "1 passed, 0 failed, 0 skipped"]
		self.assertEqual(cj.boot_end(part, 0, 1), ([], None))

	def test_a_crash_fails_the_group_in_progress_and_resumes_after_it(self):
		part = header(5) + ["# group 0 base", "PASS: base.a", "# group 1 pmu",
				    "PASS: pmu.x: fine", "FAIL: pmu.y: A got B",
				    "    why: because", "",
				    "sbi_trap_error: hart0: trap handler failed"]
		out, resume = cj.boot_end(part, 0, 1)
		self.assertEqual(resume, 2)
		self.assertEqual(out, [
			"FAIL: group.pmu.completes: an answer to every call got no "
			"further output (crash or hang after pmu.y: "
			"sbi_trap_error: hart0: trap handler failed)",
			"    why: the firmware must not crash or hang on any input "
			"from S-mode; it stopped answering here",
			"# conformance.sh: firmware stopped in group pmu after pmu.y: "
			"sbi_trap_error: hart0: trap handler failed",
			"# conformance.sh: resuming with skip=2"])

	def test_a_group_named_like_a_check_fails_as_that_check(self):
		part = header(5) + ["# group 3 robustness.fid_5.hostile_args"]
		out, _ = cj.boot_end(part, 0, 1)
		self.assertTrue(out[0].startswith(
			"FAIL: robustness.fid_5.hostile_args: an answer to every call "
			"got no further output (crash or hang: no output)"))
		self.assertEqual(out[2], "# conformance.sh: firmware stopped in "
				 "group robustness.fid_5.hostile_args after -: no output")

	def test_the_firmwares_words_skip_the_suites_lines_and_blank_ones(self):
		part = header(5) + ["# group 0 base", "   ", "qemu-system-riscv64: x",
				    "# a comment", "s", "later words"]
		self.assertEqual(cj.firmware_words(part), "s")

	def test_the_firmwares_words_are_cut_at_120_bytes(self):
		words = cj.firmware_words(["# group 0 base", "x" * 119 + "é!"])
		self.assertEqual(words.encode("utf-8", "surrogateescape"),
				 b"x" * 119 + "é".encode()[:1])

	def test_a_boot_without_the_suites_header_fails_suite_boots_and_ends_the_run(self):
		out, resume = cj.boot_end(["OpenSBI v1.5", "panic"], 7, 3)
		self.assertIsNone(resume)
		self.assertEqual(out, [
			"FAIL: suite.boots: the suite's header got no output (OpenSBI v1.5)",
			"    why: the payload must start and print its group list",
			"# conformance.sh: firmware stopped in group - after -: OpenSBI v1.5",
			"# conformance.sh: run ended early, groups from 7 on not run"])

	def test_a_crash_in_the_last_group_ends_the_run(self):
		out, resume = cj.boot_end(header(2) + ["# group 1 end"], 1, 2)
		self.assertIsNone(resume)
		self.assertEqual(len(out), 3)

	def test_the_run_gives_up_after_twenty_boots(self):
		part = header(40) + ["# group 19 g19", "PASS: g19.a"]
		out, resume = cj.boot_end(part, 19, 20)
		self.assertIsNone(resume)
		self.assertEqual(out[-1], "# conformance.sh: run ended early, "
				 "groups from 20 on not run")
		self.assertEqual(cj.boot_end(part, 19, 19)[1], 20)


class RunEnd(unittest.TestCase):
	"""The run's last checks, after its last boot."""

	def test_a_summary_before_the_last_group_fails_every_group_ran(self):
		part = header(4) + ["# group 0 base", "PASS: base.a",
				    "1 passed, 0 failed, 0 skipped"]
		out = cj.run_end(part, part, 1)
		self.assertEqual(out, [
			"FAIL: suite.every_group_ran: the suite ended after group 0 of "
			"4 with a summary",
			"    why: a run that skips groups judges nothing in them; the "
			"firmware may have corrupted S-mode state",
			"# conformance.sh: combined over 1 boot(s)",
			"1 passed, 1 failed, 0 skipped"])

	def test_a_firmware_without_pmu_counters_may_end_the_suite_early(self):
		part = header(4) + ["# group 0 base", "# no PMU counters",
				    "0 passed, 0 failed, 0 skipped"]
		self.assertEqual(cj.run_end(part, part, 1), [])

	def test_a_resumed_run_gets_a_summary_over_every_boot(self):
		first = header(2) + ["# group 0 a", "PASS: a.x", "FAIL: a.y: z"]
		last = header(2) + ["# group 1 b", "SKIP: b.x",
				    "0 passed, 0 failed, 1 skipped"]
		out = cj.run_end(last, first + last, 2)
		self.assertEqual(out, ["# conformance.sh: combined over 2 boot(s)",
				       "1 passed, 1 failed, 1 skipped"])

	def test_a_run_passes_only_without_a_fail_and_with_a_summary(self):
		good = ["PASS: a", "1 passed, 0 failed, 0 skipped"]
		self.assertTrue(cj.run_verdict(good, "x.log", "t")[1])
		self.assertFalse(cj.run_verdict(["PASS: a"], "x.log", "t")[1])
		out, ok = cj.run_verdict(["FAIL: a: b"] + good, "x.log", "t")
		self.assertFalse(ok)
		self.assertEqual(out, ["t: 1 passed, 0 failed, 0 skipped (log: x.log)",
				       "  FAIL: a: b"])


class Judge(unittest.TestCase):
	"""judge: a log made elsewhere, e.g. a Linux console under KVM."""

	def test_judge_reads_only_the_named_step(self):
		log = ["PASS: before", "=== sbipmu: kvm-conformance ===",
		       "PASS: inside", "=== sbipmu: exit 0 after 3 s ===",
		       "FAIL: after: x"]
		self.assertEqual(cj.step_text(log, "kvm-conformance"),
				 ["PASS: inside"])

	def test_a_suite_without_its_summary_did_not_finish(self):
		out, ok = cj.judge(header(1) + ["# group 0 a", "PASS: a.b"], "L")
		self.assertFalse(ok)
		self.assertEqual(out, ["judge L: 1 passed, 0 failed, 0 skipped",
				       "  no summary line: the suite did not finish"])

	def test_a_suite_that_skipped_groups_fails(self):
		text = header(3) + ["# group 0 a", "PASS: a.b",
				    "1 passed, 0 failed, 0 skipped"]
		out, ok = cj.judge(text, "L")
		self.assertFalse(ok)
		self.assertEqual(out[1], "  the suite ended after group 0 of 3")

	def test_a_finished_suite_without_fails_passes(self):
		text = header(1) + ["# group 0 a", "PASS: a.b",
				    "1 passed, 0 failed, 0 skipped"]
		self.assertTrue(cj.judge(text, "L")[1])


class Names(unittest.TestCase):

	def test_a_reference_is_named_by_the_version_in_its_path(self):
		fw = "build/tools/opensbi-1.5.1/root/usr/lib/fw_dynamic.bin"
		self.assertEqual(cj.fw_label(fw), "opensbi-1.5.1")
		self.assertEqual(cj.fw_label("/x/my-opensbi.bin"), "opensbi")
		self.assertEqual(cj.fw_label("build/firmware/rv64/sbipmu.bin"),
				 "sbipmu")

	def test_a_banner_with_major_minor_is_completed_by_the_path(self):
		fw = "build/tools/opensbi-1.5.1/root/fw_dynamic.bin"
		self.assertEqual(cj.fw_name(fw, ["OpenSBI v1.5"]), "OpenSBI 1.5.1")
		self.assertEqual(cj.fw_name(fw, ["OpenSBI v1.1"]), "OpenSBI 1.1")
		self.assertEqual(cj.fw_name(fw, None), "OpenSBI 1.5.1")
		self.assertEqual(cj.fw_name("a/sbipmu.bin", []), "sbipmu")


if __name__ == "__main__":
	unittest.main()
