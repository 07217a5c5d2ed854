# SPDX-License-Identifier: BSD-2-Clause
"""The end-to-end figure: what perf stat costs a workload, per firmware.

The guest is the project's Linux image (mk/linux.mk), booted with
scripts/linux-run.sh on one hart under -icount shift=0,sleep=off, with a
second initramfs (bench/linux/*.c, built by mk/bench.mk) laid over the
built-in one and `rdinit=/bin/bench-init`. QEMU gets `pmu-num=4`: 6
hardware counters for perf stat's 8 hardware events, so perf multiplexes.
The workload times its own round loop with CLOCK_MONOTONIC, which under
-icount shift=0 advances one nanosecond per guest instruction (the 10 MHz
timebase resolves 100 of them). Overhead = perf / plain - 1, medians of
REPS runs each; the ratio of two firmwares' overheads is the figure.
"""

import os
import re
import statistics
import subprocess

ROUNDS = 2000
SPIN = 4000
REPS = 5
TIMEOUT = 600
CPU_OPTS = "pmu-num=4"
ICOUNT = "shift=0,sleep=off"

RESULT_RE = re.compile(r"^BENCH-E2E-RESULT label=(\w+) rounds=\d+ spin=\d+ "
		       r"ns=(\d+)")


def command(script, firmware, kernel, initrd, log, rounds, spin, reps):
	# norandmaps: user mappings from QEMU's rng-seed would make each
	# -icount boot differ (bench/METHODOLOGY.md).
	append = ("rdinit=/bin/bench-init bench.rounds=%d bench.spin=%d "
		  "bench.reps=%d norandmaps" % (rounds, spin, reps))
	return [script, firmware, "--smp", "1", "--cpu-opts", CPU_OPTS,
		"--kernel", kernel, "--append", append, "--timeout",
		str(TIMEOUT), "--log", log, "--quiet", "--", "-icount", ICOUNT,
		"-initrd", initrd]


def parse_perf(lines):
	"""perf stat -x, rows: value, unit, event, run time, % running."""
	out = []
	for line in lines:
		f = line.split(",")
		if len(f) < 5:
			continue
		out.append({"event": f[2], "value": f[0],
			    "running_pct": float(f[4]) if f[4] else None})
	return out


def parse(text, log):
	runs = {"plain": [], "perf": []}
	stats, block, inside = [], [], False
	for line in text.replace("\r", "").splitlines():
		m = RESULT_RE.match(line)
		if m and m.group(1) in runs:
			runs[m.group(1)].append(int(m.group(2)))
		elif line == "BENCH-E2E-PERF-BEGIN":
			inside, block = True, []
		elif line == "BENCH-E2E-PERF-END":
			inside = False
			stats.append(parse_perf(block))
		elif inside:
			block.append(line)
	if "BENCH-E2E-DONE" not in text or not runs["plain"] or \
			len(runs["perf"]) != len(runs["plain"]):
		raise RuntimeError("end-to-end run incomplete (log: %s)" % log)
	return runs, stats


def summarise(runs, stats):
	plain = statistics.median(runs["plain"])
	perf = statistics.median(runs["perf"])
	pct = [e["running_pct"] for e in (stats[0] if stats else [])
	       if e["running_pct"] is not None]
	return {
		"plain_ns": runs["plain"], "perf_ns": runs["perf"],
		"plain_median": plain, "perf_median": perf,
		"overhead": perf / plain - 1.0,
		"multiplexed": bool(pct) and min(pct) < 100.0,
		"perf_stat": stats[0] if stats else [],
	}


def measure(script, firmware, kernel, initrd, log, rounds=ROUNDS, spin=SPIN,
	    reps=REPS):
	os.makedirs(os.path.dirname(log), exist_ok=True)
	cmd = command(script, firmware, kernel, initrd, log, rounds, spin,
		      reps)
	subprocess.run(cmd, stdin=subprocess.DEVNULL, capture_output=True,
		       check=False)
	with open(log, errors="replace") as f:
		text = f.read()
	out = summarise(*parse(text, log))
	out.update({"rounds": rounds, "spin": spin, "reps": reps})
	return out
