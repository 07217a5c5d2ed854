#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Run every sbipmu benchmark on our firmware and reference firmwares.

Called by `make bench` (everything) and `make bench-check` (--quick: no
Linux boot, no plot, then judged against bench/targets.toml). Measures,
in this order: the SBI PMU calls (bench payload: ours, ours with the
snapshot area offered, every reference given with --ref; then, when the
QEMU offers counter delegation, Linux's sched rows again on a hart with
it, through SBI calls and through delegated counters), on RV64 and,
with --ours32, on RV32 (references with --ref32); the scaling rows on
device trees with 5, 50 and 255 riscv,pmu rows (ours and the first
reference); the memory figures of our build; the end-to-end perf stat
overhead under Linux (ours and the first reference). Prints the tables
and the target verdicts, writes OUT/results.json, OUT/results.csv and
OUT/scaling.png. Console logs of every QEMU run are kept in OUT/logs/.
bench/METHODOLOGY.md defines each figure.
"""

import argparse
import os
import re
import subprocess
import sys

# Keep the source tree free of __pycache__ directories.
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import check  # noqa: E402
import dtgen  # noqa: E402
import e2e  # noqa: E402
import qemu  # noqa: E402
import report  # noqa: E402

SCALING_SIZES = (5, 50, 255)
SCALING_KEYS = ("cfg_match_hw", "cfg_match_last", "start_init", "start_last")


def parse_args(argv):
	p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
	p.add_argument("--ours", required=True, help="our firmware (.bin)")
	p.add_argument("--ours-elf", required=True, help="its ELF, for sizes")
	p.add_argument("--ref", action="append", required=True,
		       help="reference firmware (repeatable: a column each; "
		       "ratios are against the first)")
	p.add_argument("--payload", required=True, help="bench payload .bin")
	p.add_argument("--ours32", help="our RV32 firmware: adds the RV32 "
		       "table")
	p.add_argument("--payload32", help="the RV32 bench payload .bin")
	p.add_argument("--ref32", action="append", default=[],
		       help="RV32 reference firmware (repeatable)")
	p.add_argument("--pmu-dt", required=True, help="build/tools/pmu-dt")
	p.add_argument("--sizes-obj", required=True,
		       help="bench/mem/sizes.c compiled for the firmware")
	p.add_argument("--cross", default="riscv64-unknown-elf-")
	p.add_argument("--out", required=True, help="output directory")
	p.add_argument("--targets", required=True, help="bench/targets.toml")
	p.add_argument("--kernel", help="Linux Image for the end-to-end run")
	p.add_argument("--initrd", help="bench initramfs (bench-init)")
	p.add_argument("--linux-run", default="scripts/linux-run.sh")
	p.add_argument("--e2e-rounds", type=int, default=e2e.ROUNDS)
	p.add_argument("--e2e-reps", type=int, default=e2e.REPS)
	p.add_argument("--quick", action="store_true",
		       help="no Linux run, no plot (make bench-check)")
	p.add_argument("--no-e2e", action="store_true")
	p.add_argument("--check", action="store_true",
		       help="exit 1 when a figure passes its threshold")
	return p.parse_args(argv)


def log_path(args, name):
	return os.path.join(args.out, "logs", name + ".log")


# The RV32 column's legend when no RV32 reference is given.
NO_REF32 = ("none: Debian ships no RV32 OpenSBI (no "
	    "/usr/lib/riscv32-linux-gnu/opensbi); --ref32/REF32 gives one")


def ref_name(result, path):
	banner = result["info"].get("banner") if result else None
	text = "%s, %s" % (banner, path) if banner else path
	return text if result else text + " (not measured)"


def measure_refs(args, arch, tag, paths, payload, boot="", **kw):
	"""[(result or None)], [{"path", "name", "measured"}] per reference.
	@boot names a boot other than the default in the logs; @kw goes to
	qemu.measure."""
	results, legend = [], []
	for i, fw in enumerate(paths):
		name = "ref%s%s%s" % ("" if i == 0 else i + 1, boot, tag)
		try:
			r = qemu.measure(fw, payload, log_path(args, name),
					 arch=arch, **kw)
		except (qemu.BenchError, OSError) as e:
			print("bench: reference firmware %s not measured: %s" %
			      (fw, e), file=sys.stderr)
			r = None
		results.append(r)
		legend.append({"path": fw, "name": ref_name(r, fw),
			       "measured": r is not None})
	if not paths:
		results, legend = [None], [{"path": None, "name": NO_REF32,
					    "measured": False}]
	return results, legend


def measure_ours_snap(args, arch, tag, fw, payload):
	"""Ours with /chosen/sbipmu,snapshot = "on" (docs/firmware.md): the
	default withholds the area with Sscofpmf. None if that fails."""
	dtb = os.path.join(args.out, "dt", "snapshot-on%s.dtb" % tag)
	try:
		qemu.chosen_dtb(dtb, fw, {"sbipmu,snapshot": "on"}, arch)
		return qemu.measure(fw, payload, log_path(
			args, "ours-snap" + tag), dtb=dtb, arch=arch)
	except (qemu.BenchError, subprocess.CalledProcessError) as e:
		print("bench: ours with snapshot on not measured: %s" % e,
		      file=sys.stderr)
		return None


def measure_cdeleg(args, arch, tag, fw, refs, payload):
	"""The delegation boot: Linux's sched rows only (bench.suite=sched) on
	the CPU with counter delegation, ours and every reference. None when
	this QEMU does not offer it."""
	if not qemu.offers_cdeleg(arch):
		return None
	kw = {"cdeleg": True, "append": "bench.suite=sched"}
	ours = qemu.measure(fw, payload, log_path(args, "ours-cdeleg" + tag),
			    arch=arch, **kw)
	return {"ours": ours, "refs": measure_refs(
		args, arch, tag, refs, payload, "-cdeleg", **kw)[0]}


def measure_calls(args, arch="rv64"):
	"""The call table of one architecture: rows, env, reference legend."""
	rv64 = arch == "rv64"
	tag = "" if rv64 else "-" + arch
	fw, payload = (args.ours, args.payload) if rv64 else (args.ours32,
							      args.payload32)
	ref_paths = args.ref if rv64 else args.ref32
	ours = qemu.measure(fw, payload, log_path(args, "ours" + tag),
			    arch=arch)
	snap = measure_ours_snap(args, arch, tag, fw, payload)
	refs, legend = measure_refs(args, arch, tag, ref_paths, payload)
	cdeleg = measure_cdeleg(args, arch, tag, fw, ref_paths, payload)
	env = {"ours": ours["info"], "ours_snap": snap["info"] if snap else None,
	       "ref": refs[0]["info"] if refs[0] else None,
	       "refs": [r["info"] if r else None for r in refs],
	       "ours_cdeleg": cdeleg["ours"]["info"] if cdeleg else None,
	       "refs_cdeleg": [r["info"] if r else None
			       for r in cdeleg["refs"]] if cdeleg else None}
	return report.call_rows(ours, refs, snap, cdeleg), env, legend, ours


def growth(per_size):
	lo, hi = str(SCALING_SIZES[0]), str(SCALING_SIZES[-1])
	out = {}
	for key in SCALING_KEYS:
		a = report.figure(per_size[lo]["rows"].get(key))
		b = report.figure(per_size[hi]["rows"].get(key))
		if a and b:
			out[key] = b / a
	return out


def measure_scaling(args, with_ref):
	dts = dtgen.make(args.pmu_dt, os.path.join(args.out, "dt"),
			 SCALING_SIZES)
	firmwares = [("ours", args.ours)] + ([("ref", args.ref[0])]
					     if with_ref else [])
	out = {"sizes": list(SCALING_SIZES), "growth": {},
	       "events": {str(n): "0x%x" % d["event"] for n, d in dts.items()}}
	for who, fw in firmwares:
		per_size = {}
		for n, d in dts.items():
			per_size[str(n)] = qemu.measure(
				fw, args.payload,
				log_path(args, "scaling-%s-%d" % (who, n)),
				dtb=d["dtb"], append="bench.event=0x%x" % d["event"])
		out[who] = per_size
		out["growth"][who] = growth(per_size)
	return out


def tool_output(cmd):
	return subprocess.run(cmd, capture_output=True, text=True,
			      check=True).stdout


def symbol_sizes(nm_output):
	"""{name: (type, size)} from `nm -S` output."""
	out = {}
	for line in nm_output.splitlines():
		f = line.split()
		if len(f) == 4:
			out[f[3]] = (f[2], int(f[1], 16))
	return out


def measure_memory(args, banner_bytes):
	mem = {}
	if banner_bytes is not None:
		mem["pmu_bytes_per_hart"] = banner_bytes
	size = tool_output([args.cross + "size", args.ours_elf]).splitlines()
	text, data, bss = (int(x) for x in size[1].split()[:3])
	mem.update({"text": text, "data": data, "bss": bss})
	probe = symbol_sizes(tool_output([args.cross + "nm", "-S",
					  args.sizes_obj]))
	for sym, key in (("bench_sizeof_pmu_core", "pmu_core_bytes"),
			 ("bench_sizeof_pmu_hart", "pmu_hart_struct_bytes"),
			 ("bench_sizeof_pmu_map", "pmu_map_bytes")):
		if sym in probe:
			mem[key] = probe[sym][1]
	fw = symbol_sizes(tool_output([args.cross + "nm", "-S",
				       args.ours_elf]))
	mem["pmu_text_bytes"] = sum(
		size for name, (kind, size) in fw.items()
		if kind in "tT" and re.match(r"(sbi_)?pmu_", name))
	return mem


def measure_e2e(args, with_ref):
	if args.quick or args.no_e2e:
		return {"skipped": "not requested (--quick/--no-e2e)"}
	if not (args.kernel and os.path.exists(args.kernel) and args.initrd):
		return {"skipped": "no Linux image (make linux)"}
	out = {}
	firmwares = [("ours", args.ours)] + ([("ref", args.ref[0])]
					     if with_ref else [])
	for who, fw in firmwares:
		out[who] = e2e.measure(args.linux_run, fw, args.kernel,
				       args.initrd, log_path(args, "e2e-" + who),
				       rounds=args.e2e_rounds,
				       reps=args.e2e_reps)
	if "ref" in out and out["ref"]["overhead"] > 0:
		out["overhead_ratio"] = (out["ours"]["overhead"] /
					 out["ref"]["overhead"])
	return out


def machine(arch, cdeleg=False):
	return "-M virt -cpu %s -smp %s -m %s -icount %s" % (
		qemu.cpu(arch, cdeleg), qemu.SMP, qemu.MEM, qemu.ICOUNT)


def machine_cdeleg(arch):
	"""The delegation boot's machine, or None if this QEMU has none."""
	return machine(arch, True) if qemu.offers_cdeleg(arch) else None


def meta(args, legend):
	return {
		"qemu": qemu.qemu_version(), "machine": machine("rv64"),
		"machine_cdeleg": machine_cdeleg("rv64"),
		"ours": args.ours, "ref": args.ref[0], "refs": legend,
		"payload": args.payload, "quick": args.quick,
	}


def measure_rv32(args, results):
	"""The RV32 table, when our RV32 firmware and payload are given."""
	if not (args.ours32 and args.payload32):
		return
	rows, env, legend, _ = measure_calls(args, "rv32")
	results["calls_rv32"], results["env_rv32"] = rows, env
	results["meta"].update({"machine_rv32": machine("rv32"),
				"machine_cdeleg_rv32": machine_cdeleg("rv32"),
				"ours32": args.ours32, "refs_rv32": legend})


def plot(args):
	script = os.path.join(os.path.dirname(os.path.abspath(__file__)),
			      "plot.py")
	rc = subprocess.run([sys.executable, script,
			     os.path.join(args.out, "results.json"),
			     os.path.join(args.out, "scaling.png")],
			    check=False).returncode
	if rc:
		print("bench: plot failed (matplotlib missing?)",
		      file=sys.stderr)


def main(argv):
	args = parse_args(argv)
	os.makedirs(args.out, exist_ok=True)
	try:
		rows, env, legend, ours = measure_calls(args)
		results = {"meta": meta(args, legend), "calls": rows,
			   "env": env}
		measure_rv32(args, results)
		results["scaling"] = measure_scaling(args, legend[0]["measured"])
	except (qemu.BenchError, RuntimeError,
		subprocess.CalledProcessError) as e:
		print("bench: FAILED: %s" % e, file=sys.stderr)
		return 1
	results["memory"] = measure_memory(
		args, ours["info"].get("pmu_bytes_per_hart"))
	try:
		results["e2e"] = measure_e2e(args, legend[0]["measured"])
	except RuntimeError as e:
		results["e2e"] = {"skipped": "failed: %s" % e}
	verdicts = check.evaluate(results, check.load_targets(args.targets))
	results["targets"] = verdicts
	report.print_all(results)
	failed = check.print_verdicts(verdicts)
	report.write_json(results, os.path.join(args.out, "results.json"))
	report.write_csv(results, os.path.join(args.out, "results.csv"))
	if not args.quick:
		plot(args)
	print("\nbench: wrote %s/results.{json,csv}%s" % (
		args.out, "" if args.quick else " and scaling.png"))
	return 1 if args.check and failed else 0


if __name__ == "__main__":
	sys.exit(main(sys.argv[1:]))
