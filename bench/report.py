# SPDX-License-Identifier: BSD-2-Clause
"""The figures as rows: the tables in the terminal, results.json, .csv.

A call row's figure is its mean instructions per iteration (min and max
are kept: under -icount they are normally equal). ratio_ref = ours / the
first reference; ratio_floor = ours per SBI call / our null ecall (none
for a row without SBI calls). Every reference firmware gets a column; the
snapshot rows of ours come from a boot with the snapshot area offered
(ours-snap), the Smcdeleg rows of every firmware from the delegation
boot (CDELEG_KEYS), the others from the default boot.
"""

import csv
import json

# key, label, SBI calls per iteration (a row's own calls=N, printed by
# the payload where the number depends on XLEN, wins; {calls} in a label
# is replaced by it, {n_calls} by " (N calls)" when N > 1)
CALL_ROWS = [
	("null", "null ecall (BASE get_spec_version)", 1),
	("num_counters", "NUM_COUNTERS", 1),
	("get_info", "COUNTER_GET_INFO (hpmcounter3)", 1),
	("cfg_match_hw", "CFG_MATCH hardware event (cycles)", 1),
	("cfg_match_fw", "CFG_MATCH firmware event (SET_TIMER)", 1),
	("start_init", "START with SET_INIT_VALUE", 1),
	("start_init_fw", "  same, firmware counter (SET_TIMER)", 1),
	("stop", "STOP", 1),
	("stop_reset", "STOP with RESET", 1),
	("fw_read", "FW_READ", 1),
	("fw_read_hi", "FW_READ_HI (Linux RV32: after every FW_READ)", 1),
	("event_info_52", "EVENT_GET_INFO, 52 events (1 call)", 1),
	("start_snapshot", "START with INIT_SNAPSHOT", 1),
	("stop_snapshot", "STOP with TAKE_SNAPSHOT", 1),
	("sched_1", "Linux sched-in+out, 1 event (4 calls)", 4),
	("sched_4", "Linux sched-in+out, 4 events (16 calls)", 16),
	("sched_1_snap", "  same, snapshot flags (SBI>=2.0 path)", 4),
	("sched_4_snap", "  same, 4 events, snapshot flags", 16),
	("sched_1_cdeleg_sbi",
	 "Linux sched-in+out, 1 event (4 calls), Smcdeleg hart", 4),
	("sched_1_deleg", "  same, delegated counters (no SBI call)", 0),
	("sched_4_cdeleg_sbi",
	 "Linux sched-in+out, 4 events (16 calls), Smcdeleg hart", 16),
	("sched_4_deleg", "  same, delegated counters (no SBI call)", 0),
	("ovf_1", "Linux overflow handler, 1 counter ({calls} calls)", 3),
	("ovf_1_stop", "  of which STOP of the used set{n_calls}", 1),
	("ovf_1_start", "  START of the others (an empty set){n_calls}", 1),
	("ovf_1_init", "  START(SET_INIT_VALUE) of the overflowed", 1),
	("ovf_1_empty", "  of STOP and START, the empty upper word's{n_calls}",
	 2),
	("ovf_4", "Linux overflow handler, 4 counters ({calls} calls)", 3),
	("ovf_4_stop", "  of which STOP of the used set{n_calls}", 1),
	("ovf_4_start", "  START of the 3 others{n_calls}", 1),
	("ovf_4_init", "  START(SET_INIT_VALUE) of the overflowed", 1),
	("ovf_1_snap", "  same, 1 counter, snapshot ({calls} calls)", 2),
	("ovf_1_snap_stop", "    of which STOP(TAKE_SNAPSHOT){n_calls}", 1),
	("ovf_1_snap_start", "    START(INIT_SNAPSHOT){n_calls}", 1),
	("ovf_4_snap", "  same, 4 counters, snapshot ({calls} calls)", 2),
	("ovf_4_snap_stop", "    of which STOP(TAKE_SNAPSHOT){n_calls}", 1),
	("ovf_4_snap_start", "    START(INIT_SNAPSHOT){n_calls}", 1),
	("deliver_lcofi", "LCOFI: overflow irq -> S-mode trap handler", 1),
	("deliver_lcofi_ret", "LCOFI: sret -> interrupted code", 1),
	("deliver_sse", "SSE: overflow irq -> SSE handler", 1),
	("deliver_sse_ret", "SSE: COMPLETE -> interrupted code", 1),
]

# Rows that need the snapshot area: ours's figure comes from ours-snap.
SNAPSHOT_KEYS = ("start_snapshot", "stop_snapshot", "sched_1_snap",
		 "sched_4_snap", "ovf_1_snap", "ovf_4_snap", "ovf_1_snap_stop",
		 "ovf_1_snap_start", "ovf_4_snap_stop", "ovf_4_snap_start")

# Rows from the delegation boot (counter delegation on the CPU, the
# payload's bench.suite=sched): table key -> the payload's key there.
CDELEG_KEYS = {"sched_1_cdeleg_sbi": "sched_1",
	       "sched_4_cdeleg_sbi": "sched_4",
	       "sched_1_deleg": "sched_1_deleg",
	       "sched_4_deleg": "sched_4_deleg"}
CDELEG_NONE = "not measured: this QEMU has no counter delegation"

# Width of the call tables' label column.
LABEL_WIDTH = 54

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


def row_calls(default, *rows):
	"""SBI calls per iteration: the payload's calls=N if it said it."""
	for r in rows:
		if r and r.get("calls"):
			return r["calls"]
	return default


def row_sources(key, ours, refs, ours_snap, cdeleg):
	"""Where a row's figures come from: (ours's row, the references' rows,
	ours's boot, why there are none or None)."""
	if key in CDELEG_KEYS and not cdeleg:
		return None, [None] * len(refs), "ours-cdeleg", CDELEG_NONE
	if key in CDELEG_KEYS:
		k = CDELEG_KEYS[key]
		return (cdeleg["ours"]["rows"].get(k),
			[r["rows"].get(k) if r else None for r in cdeleg["refs"]],
			"ours-cdeleg", None)
	src, boot = ours, "ours"
	if key in SNAPSHOT_KEYS and ours_snap:
		src, boot = ours_snap, "ours-snap"
	return (src["rows"].get(key),
		[ref["rows"].get(key) if ref else None for ref in refs], boot,
		None)


def call_rows(ours, refs, ours_snap=None, cdeleg=None):
	"""The table's rows; @refs is a list (None: that firmware failed).
	@cdeleg: the delegation boot, {"ours": result, "refs": [result or
	None]}, or None when this QEMU has no counter delegation."""
	null = figure(ours["rows"].get("null"))
	out = []
	for key, label, calls in CALL_ROWS:
		o, rs, boot, note = row_sources(key, ours, refs, ours_snap,
						cdeleg)
		r = rs[0] if rs else None
		n = row_calls(calls, o, *rs)
		fo = figure(o)
		row = {
			"key": key, "calls": n,
			"label": label.format(calls=n, n_calls=" (%d calls)" % n
					      if n > 1 else ""),
			"ours": o, "ref": r, "refs": rs, "ours_from": boot,
			"ratio_ref": ratio(fo, figure(r)),
			"ratio_floor": ratio(fo / n if fo is not None and n
					     else None, null),
		}
		if note:
			row["note"] = note
		out.append(row)
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


def print_calls(rows, refs, title):
	"""@refs: [{"name": legend text, "measured": bool}], one per column;
	a reference that could not be measured shows n/a throughout."""
	print("\n%s: instructions per iteration (instret, ecall through "
	      "mret)" % title)
	cols = ["ref%d" % (i + 1) if len(refs) > 1 else "ref"
		for i in range(len(refs))]
	print("%-*s %8s %s %9s %9s" % (LABEL_WIDTH, "", "ours", "".join(
		"%10s" % c for c in cols), "ours/ref", "ours/null"))
	for r in rows:
		if r.get("note"):
			print("%-*s (%s)" % (LABEL_WIDTH, r["label"], r["note"]))
			continue
		cells = "".join(cell(x, 10) if ref["measured"] else
				"n/a".rjust(10) for x, ref in zip(r["refs"],
								   refs))
		print("%-*s %s %s %s %s" % (
			LABEL_WIDTH, r["label"], cell(r["ours"], 8), cells,
			fmt_ratio(r["ratio_ref"]), fmt_ratio(r["ratio_floor"])))
	for col, ref in zip(cols, refs):
		print("%s = %s" % (col, ref["name"]))
	print("(~ = min and max differ; ours/ref against the first reference;"
	      " ours/null is per SBI call; n/a = NOT_SUPPORTED or no such "
	      "firmware; ours's snapshot rows: /chosen/sbipmu,snapshot = "
	      "\"on\"; delegated counters: the S-mode instructions that "
	      "replace the calls, no ecall)")


def print_delivery_notes(env):
	"""Where QEMU raised the overflow interrupt, per firmware (BENCHINFO
	deliver_wrap_*): not judged, but it says what "overflow" means."""
	refs = env.get("refs") or []
	infos = [("ours", env.get("ours"))] + [
		("ref%d" % (i + 1) if len(refs) > 1 else "ref", info)
		for i, info in enumerate(refs)]
	parts = ["%s %s %s" % (who, path, info["deliver_wrap_" + path])
		 for who, info in infos if info
		 for path in ("lcofi", "sse") if "deliver_wrap_" + path in info]
	if parts:
		print("The overflow irq came this many instructions after the "
		      "counter wrapped (negative: before): " + ", ".join(parts))


def print_cdeleg_notes(env, machine):
	"""The delegation boot's machine, and whether each firmware let
	S-mode program counters there (BENCHINFO cdeleg)."""
	if not machine:
		print("Smcdeleg hart rows: %s" % CDELEG_NONE)
		return
	refs = env.get("refs_cdeleg") or []
	infos = [("ours", env.get("ours_cdeleg"))] + [
		("ref%d" % (i + 1) if len(refs) > 1 else "ref", info)
		for i, info in enumerate(refs)]
	print("Smcdeleg hart rows: a boot of their own, %s, bench.suite=sched"
	      % machine)
	print("  S-mode programs counters itself: " + "; ".join(
		"%s %s" % (who, info.get("cdeleg", "?") if info else
			   "not measured") for who, info in infos))


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
	print("ours: %s" % meta["ours"])
	print_calls(results["calls"], meta["refs"], "RV64 SBI calls")
	print_delivery_notes(results["env"])
	print_cdeleg_notes(results["env"], meta.get("machine_cdeleg"))
	if results.get("calls_rv32"):
		print("\nRV32: %s, ours: %s" % (meta["machine_rv32"],
					       meta["ours32"]))
		print_calls(results["calls_rv32"], meta["refs_rv32"],
			    "RV32 SBI calls")
		print_delivery_notes(results["env_rv32"])
		print_cdeleg_notes(results["env_rv32"],
				   meta.get("machine_cdeleg_rv32"))
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
	for section in ("calls", "calls_rv32"):
		for r in results.get(section) or []:
			yield [section, r["key"], r["label"].strip(),
			       figure(r["ours"]), figure(r["ref"]), r["ratio_ref"],
			       r["ratio_floor"]] + [figure(x)
						    for x in r["refs"][1:]]
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
		extra = max([len(r["refs"]) - 1 for r in results["calls"]] +
			    [0])
		w.writerow(["section", "key", "label", "ours", "ref",
			    "ratio_ours_ref", "ratio_ours_null"] +
			   ["ref%d" % (i + 2) for i in range(extra)])
		for row in csv_rows(results):
			w.writerow([csv_value(v) for v in row])
