# SPDX-License-Identifier: BSD-2-Clause
"""Running the benchmark payload under QEMU and reading its output.

One machine for every payload run, ours and the references alike: QEMU
7.2 `virt`, one hart, Sscofpmf, 256 MiB, `-icount shift=0` so that instret
counts guest instructions deterministically (bench/METHODOLOGY.md); RV64
(`-cpu rv64`) or, for the RV32 table, `qemu-system-riscv32 -cpu rv32`.
The payload prints one `BENCH key=... n=... min=... max=... sum=...
err=... [calls=N]` line per row; `BENCH-ABORT: why` when the firmware
cannot be measured.

The delegation boot adds counter delegation to that CPU (CDELEG_CPU:
Smcdeleg/Ssccfg with Smcsrind/Sscsrind) for Linux's sched rows through
delegated counters; only when the QEMU in PATH offers it (QEMU 10 does,
7.2 does not: offers_cdeleg()).
"""

import functools
import os
import re
import subprocess
import tempfile

QEMU = "qemu-system-riscv64"
CPU = "rv64,sscofpmf=true"
# The machine per architecture: QEMU binary and -cpu.
ARCHS = {
	"rv64": (QEMU, CPU),
	"rv32": ("qemu-system-riscv32", "rv32,sscofpmf=true"),
}
# Counter delegation, added to an architecture's -cpu for the delegation
# boot (the other runs keep the CPU above).
CDELEG_CPU = ",smcdeleg=true,ssccfg=true,smcsrind=true,sscsrind=true"
SMP = "1"
MEM = "256M"
ICOUNT = "shift=0"
TIMEOUT = 120

ROW_RE = re.compile(r"^BENCH key=(\S+) n=(\d+) min=(\d+) max=(\d+) "
		    r"sum=(\d+) mean=\S+ err=(-?\d+)(?: calls=(\d+))?")
INFO_RE = re.compile(r"(\w+)=(\"[^\"]*\"|\S+)")
BANNER_PMU_RE = re.compile(r"PMU state\s*:\s*(\d+) bytes per hart")
# How a firmware names itself on the console, for the table's legend.
BANNER_NAME_RES = (re.compile(r"^(OpenSBI v\S+)", re.M),
		   re.compile(r"^(sbipmu \S+): SBI firmware", re.M))


class BenchError(Exception):
	"""The payload could not measure (abort, crash or timeout)."""


def cpu(arch="rv64", cdeleg=False):
	return ARCHS[arch][1] + (CDELEG_CPU if cdeleg else "")


def machine_args(arch="rv64", cdeleg=False):
	"""The QEMU machine shared by payload runs and the DT dump."""
	return ["-M", "virt", "-cpu", cpu(arch, cdeleg), "-smp", SMP, "-m",
		MEM]


@functools.lru_cache(maxsize=None)
def offers_cdeleg(arch="rv64"):
	"""Whether the QEMU in PATH takes the delegation -cpu: one run that
	only writes the machine's device tree, into a temporary file of ours
	(QEMU replaces the file dumpdtb names, so never a device)."""
	with tempfile.TemporaryDirectory(prefix="sbipmu-cdeleg-") as d:
		cmd = [ARCHS[arch][0], "-M", "virt,dumpdtb=%s" % os.path.join(
			d, "probe.dtb"), "-cpu", cpu(arch, True), "-bios",
		       "none", "-display", "none", "-serial", "none",
		       "-monitor", "none"]
		try:
			p = subprocess.run(cmd, stdin=subprocess.DEVNULL,
					   capture_output=True, timeout=TIMEOUT,
					   check=False)
		except (OSError, subprocess.TimeoutExpired):
			return False
	return p.returncode == 0


def qemu_version():
	out = subprocess.run([QEMU, "--version"], capture_output=True,
			     text=True, check=False).stdout
	return out.splitlines()[0] if out else "unknown"


def run(firmware, payload, log, dtb=None, append=None, arch="rv64",
	cdeleg=False):
	"""Boot @payload on @firmware; returns the console text (also in @log).
	@cdeleg: on the delegation CPU."""
	cmd = [ARCHS[arch][0]] + machine_args(arch, cdeleg) + [
		"-icount", ICOUNT, "-nographic", "-bios", firmware,
		"-kernel", payload]
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
			n, lo, hi, total, err = (int(x) for x in m.groups()[1:6])
			rows[m.group(1)] = {
				"n": n, "min": lo, "max": hi,
				"mean": total / n if n else None, "err": err,
			}
			if m.group(7):
				rows[m.group(1)]["calls"] = int(m.group(7))
		elif line.startswith("BENCHINFO "):
			for k, v in INFO_RE.findall(line[len("BENCHINFO "):]):
				info[k] = v.strip('"')
	if "BENCH-END" not in text:
		raise BenchError("payload did not finish (log: %s)" % log)
	m = BANNER_PMU_RE.search(text)
	if m:
		info["pmu_bytes_per_hart"] = int(m.group(1))
	for name_re in BANNER_NAME_RES:
		m = name_re.search(text)
		if m:
			info["banner"] = m.group(1)
			break
	return {"rows": rows, "info": info}


def measure(firmware, payload, log, dtb=None, append=None, arch="rv64",
	    cdeleg=False):
	return parse(run(firmware, payload, log, dtb, append, arch, cdeleg),
		     log)


def chosen_dtb(out, firmware, props, arch="rv64"):
	"""QEMU's own tree for the machine, with /chosen string @props
	(docs/firmware.md), written by scripts/chosen-dtb.sh."""
	script = os.path.join(os.path.dirname(os.path.abspath(__file__)),
			      "..", "scripts", "chosen-dtb.sh")
	subprocess.run([script, out, "-", ARCHS[arch][0], ARCHS[arch][1], SMP,
			MEM, firmware] + ["%s=%s" % kv for kv in props.items()],
		       check=True)
	return out
