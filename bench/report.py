# SPDX-License-Identifier: BSD-2-Clause
"""The figures as rows: the table in the terminal, results.json, .csv.

A call row's figure is its mean instructions per iteration (min and max
are kept: under -icount they are normally equal). ratio_ref = ours /
reference; ratio_floor = ours per SBI call / our null ecall.
"""

import csv
import json

# key, label, SBI calls per iteration
CALL_ROWS = [
	("null", "null ecall (BASE get_spec_version)", 1),
	("num_counters", "NUM_COUNTERS", 1),
	("get_info", "COUNTER_GET_INFO (hpmcounter3)", 1),
	("cfg_match_hw", "CFG_MATCH hardware event (cycles)", 1),
	("cfg_match_fw", "CFG_MATCH firmware event (SET_TIMER)", 1),
	("start_init", "START with SET_INIT_VALUE", 1),
	("stop", "STOP", 1),
	("stop_reset", "STOP with RESET", 1),
	("fw_read", "FW_READ", 1),
	("event_info_52", "EVENT_GET_INFO, 52 events (1 call)", 1),
	("start_snapshot", "START with INIT_SNAPSHOT", 1),
	("stop_snapshot", "STOP with TAKE_SNAPSHOT", 1),
	("sched_1", "Linux sched-in+out, 1 event (4 calls)", 4),
	("sched_4", "Linux sched-in+out, 4 events (16 calls)", 16),
	("sched_1_snap", "  same, snapshot flags (SBI>=2.0 path)", 4),
	("sched_4_snap", "  same, 4 events, snapshot flags", 16),
]

SCALING_ROWS = [
	("cfg_match_hw", "CFG_MATCH cycles (first row)"),
	("cfg_match_last", "CFG_MATCH last standard row's event"),
	("start_init", "START, counter matched for cycles"),
	("start_last", "START, counter matched for last event"),
]


def figure(row):
	"""Mean instructions, or None when the row did not run (n/a, error)."""
	if not row or row["err"] != 0 or not row["n"]:
		return None
	return row["mean"]


def ratio(a, b):
	return a / b if a is not None and b else None


def call_rows(ours, ref):
	null = figure(ours["rows"].get("null"))
	out = []
	for key, label, calls in CALL_ROWS:
		o, r = ours["rows"].get(key), ref["rows"].get(key) if ref else None
		fo, fr = figure(o), figure(r)
		out.append({
			"key": key, "label": label, "calls": calls,
			"ours": o, "ref": r,
			"ratio_ref": ratio(fo, fr),
			"ratio_floor": ratio(fo / calls if fo else None, null),
		})
	return out


def cell(row, width):
	"""A figure, or why there is none: n/a (NOT_SUPPORTED), err N, -."""
	if row is None:
		return "-".rjust(width)
	if row["err"] == -2:
		return "n/a".rjust(width)
	if row["err"]:
		return ("err %d" % row["err"]).rjust(width)
	text = "%.0f" % row["mean"]
	if row["min"] != row["max"]:
		text += "~"
	return text.rjust(width)


def fmt_ratio(x, width=9):
	return ("-" if x is None else "%.2f" % x).rjust(width)


def print_calls(rows, ref_name):
	print("\nSBI PMU calls: instructions per iteration (instret, ecall "
	      "through mret)")
	print("%-42s %8s %12s %9s %9s" % ("", "ours", ref_name[:12],
					   "ours/ref", "ours/null"))
	for r in rows:
		print("%-42s %s %s %s %s" % (
			r["label"], cell(r["ours"], 8), cell(r["ref"], 12),
			fmt_ratio(r["ratio_ref"]), fmt_ratio(r["ratio_floor"])))
	print("(~ = min and max differ; ours/null is per SBI call; n/a = "
	      "NOT_SUPPORTED)")


def print_scaling(scaling):
	sizes = scaling["sizes"]
	print("\nScaling with the riscv,pmu map (rows of "
	      "riscv,event-to-mhpmcounters)")
	head = "".join("%8s" % ("%d rows" % n) for n in sizes)
	print("%-44s %s %9s" % ("", head, "255/5"))
	for who in ("ours", "ref"):
		data = scaling.get(who)
		if not data:
			continue
		for key, label in SCALING_ROWS:
			vals = [figure(data[str(n)]["rows"].get(key))
				for n in sizes]
			cells = "".join(("%8.0f" % v) if v is not None
					else "%8s" % "-" for v in vals)
			print("%-44s %s %s" % ("%s: %s" % (who, label), cells,
					       fmt_ratio(scaling["growth"][who]
							 .get(key))))


def print_memory(mem):
	print("\nMemory")
	for key, label in (
		("pmu_bytes_per_hart", "PMU state per hart (firmware banner)"),
		("pmu_core_bytes", "PMU global state, sizeof(struct pmu_core)"),
		("pmu_hart_struct_bytes", "  sizeof(struct pmu_hart), no arrays"),
		("pmu_map_bytes", "  of pmu_core: sizeof(struct pmu_map)"),
		("pmu_text_bytes", "PMU code (pmu_*, sbi_pmu_* functions)"),
		("text", "firmware text"), ("data", "firmware data"),
		("bss", "firmware bss (stacks, heap included)"),
	):
		if key in mem:
			print("  %-46s %8d bytes" % (label, mem[key]))


def print_e2e(e2e):
	print("\nEnd to end: perf stat, 8 hardware events, 6 counters "
	      "(multiplexed)")
	if "skipped" in e2e:
		print("  skipped: %s" % e2e["skipped"])
		return
	for who in ("ours", "ref"):
		d = e2e.get(who)
		if d:
			print("  %-4s plain %11.0f  perf %11.0f  overhead %6.1f%%"
			      "%s" % (who, d["plain_median"], d["perf_median"],
				      100 * d["overhead"],
				      "" if d["multiplexed"] else
				      "  (NOT multiplexed)"))
	if e2e.get("overhead_ratio") is not None:
		print("  overhead ratio ours/ref: %.2f" % e2e["overhead_ratio"])


def print_all(results):
	meta = results["meta"]
	print("\n== sbipmu benchmarks: %s, %s ==" % (meta["qemu"],
						   meta["machine"]))
	print("ours: %s\nref : %s" % (meta["ours"], meta["ref"]))
	print_calls(results["calls"], meta["ref_name"])
	if results.get("scaling"):
		print_scaling(results["scaling"])
	print_memory(results["memory"])
	if results.get("e2e"):
		print_e2e(results["e2e"])


def write_json(results, path):
	with open(path, "w") as f:
		json.dump(results, f, indent=1, sort_keys=True)
		f.write("\n")


def csv_rows(results):
	for r in results["calls"]:
		yield ["call", r["key"], r["label"].strip(), figure(r["ours"]),
		       figure(r["ref"]), r["ratio_ref"], r["ratio_floor"]]
	sc = results.get("scaling") or {}
	for n in sc.get("sizes", []):
		for key, label in SCALING_ROWS:
			o, f = (figure(sc[who][str(n)]["rows"].get(key))
				if who in sc else None for who in ("ours", "ref"))
			yield ["scaling", "%s@%d" % (key, n),
			       "%s, %d rows" % (label, n), o, f, ratio(o, f), None]
	for key, val in sorted(results["memory"].items()):
		yield ["memory", key, key + " (bytes)", val, None, None, None]
	e2e = results.get("e2e") or {}
	if "ours" in e2e:
		ref = e2e.get("ref", {}).get("overhead")
		yield ["e2e", "overhead", "perf stat overhead (fraction)",
		       e2e["ours"]["overhead"], ref, e2e.get("overhead_ratio"),
		       None]


def csv_value(v):
	"""Integers as such, other numbers to 4 decimals, None empty."""
	if v is None:
		return ""
	if isinstance(v, float):
		return "%d" % v if v.is_integer() else "%.4f" % v
	return v


def write_csv(results, path):
	with open(path, "w", newline="") as f:
		w = csv.writer(f)
		w.writerow(["section", "key", "label", "ours", "ref",
			    "ratio_ours_ref", "ratio_ours_null"])
		for row in csv_rows(results):
			w.writerow([csv_value(v) for v in row])
