#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Decode the PMU call trace the firmware prints at shutdown.

Boot with /chosen/sbipmu,trace = "N" (scripts/linux-run.sh --chosen
sbipmu,trace=N, or make run TRACE=1); the console log then ends with
PMU-TRACE lines, one per call, per hart. This prints them as calls:

  hart 0 #1234 COUNTER_STOP(base 0, mask 0x8 {3}, flags 0) -> SUCCESS
               stopped {3}

The PMU's function names and the error names are read from the
project's SBI header, include/sbipmu/sbi_spec.h (its "#define NAME
NUMBER" lines), as the firmware and the payloads read them.

usage: pmu-trace.py LOG [--tail N] [--hart H] [--fid NAME] [--errors]
"""

import argparse
import os
import re
import sys

SPEC_H = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..",
		      "include", "sbipmu", "sbi_spec.h")
# "#define NAME NUMBER", the number decimal or hex, maybe in parentheses
# and negative ("#define SBI_ERR_FAILED (-1)"), a C suffix (U, UL) let
# through. Aliases ("#define A B") and function-like macros are not
# numbers, and are left out.
DEFINE_RE = re.compile(r"#define\s+(SBI_\w+)\s+"
		       r"\(?(-?)(0x[0-9A-Fa-f]+|\d+)[uUlL]*\)?\s*(?:/\*.*)?$")


def spec_numbers(lines):
	"""{name: number} of each "#define NAME NUMBER" line of lines."""
	numbers = {}
	for line in lines:
		m = DEFINE_RE.match(line.rstrip("\n"))
		if m:
			sign = -1 if m.group(2) else 1
			digits = m.group(3)
			base = 16 if digits.lower().startswith("0x") else 10
			numbers[m.group(1)] = sign * int(digits, base)
	return numbers


def pmu_fids(numbers):
	"""{FID: name} of the PMU's functions, SBI_EXT_PMU_<NAME> without
	the prefix; SBI_EXT_PMU_FID_COUNT is no function."""
	prefix = "SBI_EXT_PMU_"
	return {v: k[len(prefix):] for k, v in numbers.items()
		if k.startswith(prefix) and k != prefix + "FID_COUNT"}


def error_names(numbers):
	"""{code: name} of SBI_SUCCESS and each SBI_ERR_<NAME>, without the
	prefix, as the trace prints them: SUCCESS, INVALID_PARAM, ..."""
	names = {}
	for name, code in numbers.items():
		if name == "SBI_SUCCESS":
			names[code] = "SUCCESS"
		elif name.startswith("SBI_ERR_"):
			names[code] = name[len("SBI_ERR_"):]
	return names


with open(SPEC_H) as _spec:
	_NUMBERS = spec_numbers(_spec)
FIDS = pmu_fids(_NUMBERS)
ERRORS = error_names(_NUMBERS)
CFG_FLAGS = ["SKIP_MATCH", "CLEAR_VALUE", "AUTO_START", "SET_VUINH",
	     "SET_VSINH", "SET_UINH", "SET_SINH", "SET_MINH"]
START_FLAGS = ["SET_INIT_VALUE", "INIT_SNAPSHOT"]
STOP_FLAGS = ["RESET", "TAKE_SNAPSHOT"]

LINE_RE = re.compile(r"PMU-TRACE hart=(\d+) seq=(\d+) fid=(\d+) "
		     r"a=([0-9a-f,]+) err=(-?\d+) value=([0-9a-f]+) "
		     r"started=([0-9a-f]+)->([0-9a-f]+) "
		     r"mapped=([0-9a-f]+)->([0-9a-f]+)(?: time=(\d+))?")


def bits(v):
	return [i for i in range(64) if (v >> i) & 1]


def setstr(v):
	return "{" + ",".join(str(i) for i in bits(v)) + "}"


def flagstr(v, names):
	out = [n for i, n in enumerate(names) if (v >> i) & 1]
	rest = v & ~((1 << len(names)) - 1)
	if rest:
		out.append("reserved 0x%x" % rest)
	return "|".join(out) or "0"


def counters(base, mask):
	if base > 63:
		return "{%d+...: beyond every counter}" % base
	return setstr((mask << base) & ((1 << 64) - 1))


def call(fid, a):
	name = FIDS.get(fid, "FID %d" % fid)
	if fid == 1 or fid == 5 or fid == 6:
		return "%s(%d)" % (name, a[0])
	if fid == 2:
		return ("%s(base %d, mask 0x%x %s, flags %s, event 0x%x, "
			"data 0x%x)" % (name, a[0], a[1], counters(a[0], a[1]),
					flagstr(a[2], CFG_FLAGS), a[3], a[4]))
	if fid == 3:
		return "%s(base %d, mask 0x%x %s, flags %s, value 0x%x)" % (
			name, a[0], a[1], counters(a[0], a[1]),
			flagstr(a[2], START_FLAGS), a[3])
	if fid == 4:
		return "%s(base %d, mask 0x%x %s, flags %s)" % (
			name, a[0], a[1], counters(a[0], a[1]),
			flagstr(a[2], STOP_FLAGS))
	if fid in (7, 8):
		return "%s(0x%x, 0x%x, 0x%x, 0x%x)" % (name, a[0], a[1], a[2],
						       a[3])
	return name + "()"


def changes(s0, s1, m0, m1):
	out = []
	for what, v in (("started", s1 & ~s0), ("stopped", s0 & ~s1),
			("configured", m1 & ~m0), ("released", m0 & ~m1)):
		if v:
			out.append("%s %s" % (what, setstr(v)))
	return ", ".join(out)


def since(prev, c):
	"""Timer ticks since the previous call shown (the platform's timer:
	10 MHz on QEMU virt), when the trace has timestamps."""
	if c["time"] is None or not prev or prev["time"] is None:
		return ""
	return " +%d" % (c["time"] - prev["time"])


def decode(line):
	m = LINE_RE.search(line)
	if not m:
		return None
	a = [int(x, 16) for x in m.group(4).split(",")]
	v = [int(m.group(i), 16) for i in range(7, 11)]
	err = int(m.group(5))
	return {"hart": int(m.group(1)), "seq": int(m.group(2)),
		"fid": int(m.group(3)), "a": a, "err": err,
		"value": int(m.group(6), 16), "text": call(int(m.group(3)), a),
		"result": ERRORS.get(err, "error %d" % err),
		"changes": changes(*v),
		"time": int(m.group(11)) if m.group(11) else None}


def main(argv):
	p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
	p.add_argument("log")
	p.add_argument("--tail", type=int, default=0,
		       help="only the last N calls of each hart")
	p.add_argument("--hart", type=int)
	p.add_argument("--fid", help="only calls of this function")
	p.add_argument("--errors", action="store_true",
		       help="only calls that did not return SUCCESS")
	args = p.parse_args(argv)
	per_hart = {}
	with open(args.log, errors="replace") as f:
		for line in f:
			c = decode(line)
			if c:
				per_hart.setdefault(c["hart"], []).append(c)
	if not per_hart:
		print("pmu-trace: no PMU-TRACE lines in %s (boot with "
		      "/chosen/sbipmu,trace)" % args.log, file=sys.stderr)
		return 1
	for hart in sorted(per_hart):
		if args.hart is not None and hart != args.hart:
			continue
		calls = per_hart[hart]
		if args.fid:
			calls = [c for c in calls if args.fid.upper() in
				 c["text"].split("(")[0]]
		if args.errors:
			calls = [c for c in calls if c["err"]]
		if args.tail:
			calls = calls[-args.tail:]
		prev = None
		for c in calls:
			val = " = 0x%x" % c["value"] if c["fid"] in (0, 1, 2, 5,
								   6) else ""
			print("hart %d #%d%s %s -> %s%s" % (
				hart, c["seq"], since(prev, c), c["text"],
				c["result"], val))
			prev = c
			if c["changes"]:
				print("%s%s" % (" " * 12, c["changes"]))
	return 0


if __name__ == "__main__":
	sys.exit(main(sys.argv[1:]))
