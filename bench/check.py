#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Judge bench results against bench/targets.toml.

Every threshold there is a target (`max_*`); where today's figure misses
the target, a `guard_*` beside it holds the figure measured when the
guard was set plus a small margin. A figure passes when it is within the
guard if there is one, else within the target, so a missed target does
not fail `make bench-check`, but a regression past the guard does. Floor
guards (`guard_insns`) are absolute instructions per row iteration.

usage: check.py [--suggest] RESULTS.json TARGETS.toml
  exit 1 if anything fails; --suggest prints guard lines (figure + 3%)
  for every missed target instead.
"""

import json
import math
import sys
import tomllib


def verdict(what, value, target, guard=None, guard_value=None, unit=""):
	"""@value against @target (None: no target, guard only). With a
	guard the check passes while @guard_value (default @value) stays
	within it: a missed target alone does not fail."""
	if guard_value is None:
		guard_value = value
	if value is None or (target is None and guard is None):
		return None
	ok = guard_value <= guard if guard is not None else value <= target
	return {"what": what, "value": value, "target": target,
		"guard": guard, "guard_value": guard_value, "unit": unit,
		"ok": ok, "target_met": target is None or value <= target}


def missing(what, why):
	"""A row that should have a figure and has none: a failure."""
	return {"what": what, "value": None, "target": None, "guard": None,
		"guard_value": None, "unit": "", "ok": False,
		"target_met": False, "missing": why}


def row_missing(row, over):
	"""Why ours has no figure for a row that must have one, or None. A
	row ours answers NOT_SUPPORTED (n/a) must have one only if it is
	guarded; a row that failed (any other error) always."""
	r = row["ours"]
	if r is None:
		return "no output" if over.get("guard_insns") else None
	if r["err"] == -2:
		return "n/a (NOT_SUPPORTED)" if over.get("guard_insns") else None
	if r["err"]:
		return "error %d (log: build/bench/logs/)" % r["err"]
	return None if r["n"] else "no iteration"


def row_mean(row):
	r = row["ours"]
	return r["mean"] if r and not r["err"] and r["n"] else None


def call_verdicts(results, t, section="calls"):
	"""Every row of one call table (calls: RV64, calls_rv32: RV32)
	against its section of the targets; ratios to the reference are
	to the first reference. A row with `judge_ref = false` has no
	ours/ref verdict (the firmware is not on its path); rows listed in
	`info_rows` are shown, not judged."""
	calls = t.get(section)
	if not calls:
		return
	info = calls.get("info_rows", [])
	null = next((row_mean(r) for r in results.get(section) or []
		     if r["key"] == "null"), None)
	for row in results.get(section) or []:
		if row["key"] in info:
			continue
		over = calls.get(row["key"], {})
		why = row_missing(row, over)
		if why:
			yield missing("%s.%s" % (section, row["key"]), why)
			continue
		if row["key"] == "null":
			yield verdict("%s.null" % section, row_mean(row),
				      over.get("max_insns"),
				      over.get("guard_insns"), unit=" insns")
			continue
		if over.get("max_insns_per_entry"):
			# One call answering a table: judged per entry, over
			# the null ecall, not per call.
			per = None
			if row_mean(row) is not None and null is not None:
				per = (row_mean(row) - null) / over["entries"]
			yield verdict("%s.%s insns/entry over null" %
				      (section, row["key"]), per,
				      over["max_insns_per_entry"],
				      over.get("guard_insns_per_entry"),
				      unit=" insns")
			continue
		if over.get("judge_ref", True):
			yield verdict("%s.%s ours/ref" % (section, row["key"]),
				      row["ratio_ref"], calls["max_ratio_ref"],
				      over.get("guard_ratio_ref"))
		# A floor guard is in instructions: a faster null ecall must
		# not turn into a "regression" of every call.
		yield verdict("%s.%s ours/null" % (section, row["key"]),
			      row["ratio_floor"], calls["max_ratio_floor"],
			      over.get("guard_insns"), row_mean(row), " insns")


def call_verdicts_rv32(results, t):
	return call_verdicts(results, t, "calls_rv32")


def scaling_verdicts(results, t):
	growth = (results.get("scaling") or {}).get("growth", {}).get("ours")
	s = t["scaling"]
	for key, value in sorted((growth or {}).items()):
		yield verdict("scaling.%s 255/5 rows" % key, value,
			      s["max_growth"], s.get("guard_growth"))


def memory_verdicts(results, t):
	m = t["memory"]
	yield verdict("memory.pmu_bytes_per_hart",
		      results["memory"].get("pmu_bytes_per_hart"),
		      m["max_pmu_bytes_per_hart"],
		      m.get("guard_pmu_bytes_per_hart"), unit=" bytes")


def e2e_verdicts(results, t):
	e = t["e2e"]
	yield verdict("e2e.overhead ours/ref",
		      (results.get("e2e") or {}).get("overhead_ratio"),
		      e["max_overhead_ratio"], e.get("guard_overhead_ratio"))


def evaluate(results, targets):
	out = []
	for gen in (call_verdicts, call_verdicts_rv32, scaling_verdicts,
		    memory_verdicts, e2e_verdicts):
		out += [v for v in gen(results, targets) if v]
	return out


def describe(v):
	if v.get("missing"):
		return "%-4s %-40s %8s  not measured: %s" % (
			"FAIL", v["what"], "-", v["missing"])
	if v["target"] is None:
		state = "no target"
	elif v["target_met"]:
		state = "target %.3g met" % v["target"]
	else:
		state = "TARGET %.3g MISSED by %.2fx" % (
			v["target"], v["value"] / v["target"])
	if v["guard"] is not None:
		state += "; regression guard %.4g%s (now %.4g)" % (
			v["guard"], v["unit"], v["guard_value"])
	return "%-4s %-40s %8.4g  %s" % ("ok" if v["ok"] else "FAIL",
					  v["what"], v["value"], state)


def print_verdicts(verdicts):
	print("\nTargets (bench/targets.toml)")
	for v in verdicts:
		print("  " + describe(v))
	missed = sum(1 for v in verdicts if not v["target_met"])
	failed = sum(1 for v in verdicts if not v["ok"])
	print("  %d thresholds: %d targets met, %d missed, %d regressions" %
	      (len(verdicts), len(verdicts) - missed, missed, failed))
	return failed


def load_targets(path):
	with open(path, "rb") as f:
		return tomllib.load(f)


GUARD_MARGIN = 1.03


def suggest(verdicts):
	"""Guard lines for the missed targets: measured figure + 3%."""
	for v in verdicts:
		if v.get("missing") or (v["target_met"] and
					v["target"] is not None):
			continue
		g = v["guard_value"] * GUARD_MARGIN
		# Rounded up: whole units, or hundredths for ratios.
		text = ("%d" % math.ceil(g) if v["unit"] else
			"%.2f" % (math.ceil(g * 100) / 100))
		print("%-42s -> guard %s%s (now %.4g)" % (
			v["what"], text, v["unit"], v["guard_value"]))


def main(argv):
	args = [a for a in argv[1:] if a != "--suggest"]
	if len(args) != 2:
		print(__doc__.strip().split("usage: ")[-1], file=sys.stderr)
		return 2
	with open(args[0]) as f:
		results = json.load(f)
	verdicts = evaluate(results, load_targets(args[1]))
	if "--suggest" in argv:
		suggest(verdicts)
		return 0
	return 1 if print_verdicts(verdicts) else 0


if __name__ == "__main__":
	sys.exit(main(sys.argv))
