# SPDX-License-Identifier: BSD-2-Clause
"""Running the benchmark payload under QEMU and reading its output.

One machine for every payload run, ours and the reference alike: QEMU 7.2
`virt`, one hart, Sscofpmf, 256 MiB, `-icount shift=0` so that instret
counts guest instructions deterministically (bench/METHODOLOGY.md). The
payload prints one `BENCH key=... n=... min=... max=... sum=... err=...`
line per row; `BENCH-ABORT: why` when the firmware cannot be measured.
"""

import os
import re
import subprocess

QEMU = "qemu-system-riscv64"
CPU = "rv64,sscofpmf=true"
SMP = "1"
MEM = "256M"
ICOUNT = "shift=0"
TIMEOUT = 120

ROW_RE = re.compile(r"^BENCH key=(\S+) n=(\d+) min=(\d+) max=(\d+) "
		    r"sum=(\d+) mean=\S+ err=(-?\d+)")
INFO_RE = re.compile(r"(\w+)=(\"[^\"]*\"|\S+)")
BANNER_PMU_RE = re.compile(r"PMU state\s*:\s*(\d+) bytes per hart")


class BenchError(Exception):
	"""The payload could not measure (abort, crash or timeout)."""


def machine_args():
	"""The QEMU machine shared by payload runs and the DT dump."""
	return ["-M", "virt", "-cpu", CPU, "-smp", SMP, "-m", MEM]


def qemu_version():
	out = subprocess.run([QEMU, "--version"], capture_output=True,
			     text=True, check=False).stdout
	return out.splitlines()[0] if out else "unknown"


def run(firmware, payload, log, dtb=None, append=None):
	"""Boot @payload on @firmware; returns the console text (also in @log)."""
	cmd = [QEMU] + machine_args() + ["-icount", ICOUNT, "-nographic",
					 "-bios", firmware, "-kernel", payload]
	if dtb:
		cmd += ["-dtb", dtb]
	if append:
		cmd += ["-append", append]
	os.makedirs(os.path.dirname(log), exist_ok=True)
	try:
		p = subprocess.run(cmd, stdin=subprocess.DEVNULL,
				   capture_output=True, timeout=TIMEOUT,
				   check=False)
		out = p.stdout.decode("utf-8", "replace")
	except subprocess.TimeoutExpired as e:
		out = (e.stdout or b"").decode("utf-8", "replace")
		out += "\nbench: TIMEOUT after %ds\n" % TIMEOUT
	out = out.replace("\r", "")
	with open(log, "w") as f:
		f.write("$ " + " ".join(cmd) + "\n" + out)
	return out


def parse(text, log):
	"""Rows and info from a payload's console; raises BenchError."""
	rows, info = {}, {}
	for line in text.splitlines():
		if line.startswith("BENCH-ABORT:"):
			raise BenchError("%s (log: %s)" % (line, log))
		m = ROW_RE.match(line)
		if m:
			n, lo, hi, total, err = (int(x) for x in m.groups()[1:])
			rows[m.group(1)] = {
				"n": n, "min": lo, "max": hi,
				"mean": total / n if n else None, "err": err,
			}
		elif line.startswith("BENCHINFO "):
			for k, v in INFO_RE.findall(line[len("BENCHINFO "):]):
				info[k] = v.strip('"')
	if "BENCH-END" not in text:
		raise BenchError("payload did not finish (log: %s)" % log)
	m = BANNER_PMU_RE.search(text)
	if m:
		info["pmu_bytes_per_hart"] = int(m.group(1))
	return {"rows": rows, "info": info}


def measure(firmware, payload, log, dtb=None, append=None):
	return parse(run(firmware, payload, log, dtb, append), log)
