#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Unit tests of tools/pmu-trace.py's reading of the SBI header
(include/sbipmu/sbi_spec.h): which lines are numbers and which are not,
the PMU function and error names it takes from the real header, and a
trace line decoded with them."""

import importlib.util
import os
import unittest

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
_spec = importlib.util.spec_from_file_location(
	"pmu_trace", os.path.join(ROOT, "tools", "pmu-trace.py"))
pt = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(pt)


class SpecNumbers(unittest.TestCase):
	"""spec_numbers(): "#define NAME NUMBER" lines, nothing else."""

	def test_decimal_hex_and_parenthesised_negative_numbers_are_read(self):
		lines = ["#define SBI_EXT_PMU\t\t0x504D55\n",
			 "#define SBI_EXT_PMU_COUNTER_STOP 4\n",
			 "#define SBI_ERR_DENIED_LOCKED\t  (-14)\n",
			 "#define SBI_SRST_RESET_TYPE_VENDOR_FIRST 0xF0000000\n",
			 "#define SBI_EXT_LEGACY_SET_TIMER 0x00\n"]
		self.assertEqual(pt.spec_numbers(lines), {
			"SBI_EXT_PMU": 0x504D55,
			"SBI_EXT_PMU_COUNTER_STOP": 4,
			"SBI_ERR_DENIED_LOCKED": -14,
			"SBI_SRST_RESET_TYPE_VENDOR_FIRST": 0xF0000000,
			"SBI_EXT_LEGACY_SET_TIMER": 0})

	def test_a_comment_or_a_c_suffix_after_the_number_is_allowed(self):
		self.assertEqual(
			pt.spec_numbers(["#define SBI_EXT_IPI 0x735049 /* sPI */",
					 "#define SBI_EXT_TIME 0x54494D45UL\n"]),
			{"SBI_EXT_IPI": 0x735049, "SBI_EXT_TIME": 0x54494D45})

	def test_aliases_macros_with_arguments_comments_and_guards_are_not(self):
		lines = ["#define SBI_ERR_LOWEST SBI_ERR_DENIED_LOCKED\n",
			 "#define SBI_SPEC_VERSION(major, minor) (((major) << 24))\n",
			 " * may read each one as \"#define NAME NUMBER\".\n",
			 "#define SBIPMU_SBI_SPEC_H\n",
			 "#define OTHER_THING 5\n"]
		self.assertEqual(pt.spec_numbers(lines), {})


class FromTheHeader(unittest.TestCase):
	"""The names the tool prints, as the real header gives them."""

	def test_pmu_function_names_by_fid_without_the_count(self):
		self.assertEqual(pt.FIDS, {
			0: "NUM_COUNTERS", 1: "COUNTER_GET_INFO",
			2: "COUNTER_CFG_MATCH", 3: "COUNTER_START",
			4: "COUNTER_STOP", 5: "COUNTER_FW_READ",
			6: "COUNTER_FW_READ_HI", 7: "SNAPSHOT_SET_SHMEM",
			8: "EVENT_GET_INFO"})

	def test_every_error_of_the_spec_table_by_its_short_name(self):
		self.assertEqual(pt.ERRORS, {
			0: "SUCCESS", -1: "FAILED", -2: "NOT_SUPPORTED",
			-3: "INVALID_PARAM", -4: "DENIED", -5: "INVALID_ADDRESS",
			-6: "ALREADY_AVAILABLE", -7: "ALREADY_STARTED",
			-8: "ALREADY_STOPPED", -9: "NO_SHMEM",
			-10: "INVALID_STATE", -11: "BAD_RANGE", -12: "TIMEOUT",
			-13: "IO", -14: "DENIED_LOCKED"})

	def test_a_trace_line_decodes_with_those_names(self):
		c = pt.decode("PMU-TRACE hart=0 seq=7 fid=4 a=3,1,1,0,0,0 err=-8 "
			      "value=0 started=8->0 mapped=8->0")
		self.assertEqual(c["text"],
				 "COUNTER_STOP(base 3, mask 0x1 {3}, flags RESET)")
		self.assertEqual(c["result"], "ALREADY_STOPPED")

	def test_unknown_fid_and_error_are_shown_as_numbers(self):
		c = pt.decode("PMU-TRACE hart=1 seq=1 fid=9 a=0,0,0,0,0,0 "
			      "err=-42 value=0 started=0->0 mapped=0->0")
		self.assertEqual(c["text"], "FID 9()")
		self.assertEqual(c["result"], "error -42")


if __name__ == "__main__":
	unittest.main()
