#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""What grows with harts: boot time and firmware memory, ours beside a
reference, at several hart counts (make bench-harts; docs/firmware.md,
"Harts").

Each run boots the smoke payload (payload/smoke/) on QEMU virt with N
harts and stamps two console lines with the host clock: the firmware's
first output, and the payload's first line (the next stage running on
the boot hart). Figures are host seconds under TCG on this machine: they
compare firmwares in one run, not machines. Memory is what each firmware
says in its banner: ours its region and heap per hart, OpenSBI its
"Firmware Size" and RW region. A firmware that prints nothing within the
timeout at some N is reported as such ("-"): upstream OpenSBI serves at
most 256 harts by default (docs/facts.md F6.1), Debian's 1.1 128.

usage: harts.py --ours FW [--ref FW ...] --payload SMOKE [--harts 8,64,...]
"""

import argparse
import os
import re
import subprocess
import sys
import time

QEMU = "qemu-system-riscv64"


def boot(fw, payload, harts, timeout):
	"""Boot once; return (seconds to first output, to payload, log)."""
	mem = "2G" if harts > 64 else "512M"
	cmd = [QEMU, "-M", "virt", "-cpu", "rv64,sscofpmf=true", "-smp",
	       str(harts), "-m", mem, "-nographic", "-bios", fw, "-kernel",
	       payload]
	start = time.monotonic()
	first = payload_at = None
	lines = []
	proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL,
				stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
				text=True, errors="replace")
	try:
		for line in proc.stdout:
			now = time.monotonic() - start
			lines.append(line)
			if first is None and line.strip():
				first = now
			if payload_at is None and line.startswith("smoke:"):
				payload_at = now
				break
			if now > timeout:
				break
	finally:
		proc.kill()
		proc.wait()
	return first, payload_at, "".join(lines)


MEMORY_RES = (
	("region", re.compile(r"Firmware region : \S+ \((\d+) KiB\)")),
	("per hart", re.compile(r"\((\d+) per hart\)")),
	("region", re.compile(r"Firmware Size\s*: (\d+) KB")),
	("rw", re.compile(r"Firmware RW Bytes\s*: (\d+)")),
	("harts", re.compile(r"Harts\s*: (\d+) \[")),
	("harts", re.compile(r"Platform HART Count\s*: (\d+)")),
)


def memory(log):
	out = {}
	for key, rx in MEMORY_RES:
		m = rx.search(log)
		if m and key not in out:
			out[key] = m.group(1)
	return out


def fmt(x):
	return "-" if x is None else f"{x:.2f}"


def main():
	ap = argparse.ArgumentParser()
	ap.add_argument("--ours", required=True)
	ap.add_argument("--ref", action="append", default=[])
	ap.add_argument("--payload", required=True)
	ap.add_argument("--harts", default="8,64,256,512")
	ap.add_argument("--timeout", type=float, default=400)
	args = ap.parse_args()
	fws = [("ours", args.ours)] + [(os.path.basename(os.path.dirname(
		os.path.dirname(r))) or r, r) for r in args.ref]
	qver = subprocess.run([QEMU, "--version"], capture_output=True,
			      text=True).stdout.splitlines()[0]
	print(f"# Boot and memory by hart count ({qver}, virt, TCG, host s)")
	print()
	print("| harts | firmware | first output (s) | payload runs (s) "
	      "| harts served | memory |")
	print("|---|---|---|---|---|---|")
	for n in [int(x) for x in args.harts.split(",")]:
		for name, fw in fws:
			first, pay, log = boot(fw, args.payload, n, args.timeout)
			mem = memory(log)
			if "per hart" in mem:
				m = f"region {mem.get('region')} KiB, " \
				    f"{mem['per hart']} B per hart"
			elif "region" in mem:
				m = f"firmware {mem['region']} KB"
				if "rw" in mem:
					m += f", RW {mem['rw']} B"
			else:
				m = "-"
			print(f"| {n} | {name} | {fmt(first)} | {fmt(pay)} | "
			      f"{mem.get('harts', '-')} | {m} |", flush=True)
	return 0


if __name__ == "__main__":
	sys.exit(main())
