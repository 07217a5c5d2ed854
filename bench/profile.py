#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Where a benchmark row's instructions go inside the firmware.

Runs the bench payload on one firmware with only row KEY, one timed
iteration (`bench.only=KEY bench.iters=1`), under QEMU with one
instruction per translation block and `-d exec,nochain`, so that the log
holds every executed instruction's address. The timed ecalls are the
ones issued at the `ecall` of bench_measure_ecall(); the last N of them
(N = SBI calls in one iteration of the row) are cut out, from the ecall
to the instruction after it, and attributed to the firmware's functions
and source files (nm + addr2line on the firmware's ELF, which must have
symbols: ours does, Debian's OpenSBI is stripped and gets totals only).

With --insns, the instructions are also counted per innermost source
function (addr2line -i: inlined functions apart), and every traced
instruction of the last call is listed (address, function, disassembly),
so that a figure can be traced to the instruction.

usage: profile.py --firmware FW.bin [--elf FW.elf] --payload-elf P.elf
                  --payload P.bin --row KEY [--calls N] [--insns]
                  [--arch rv64|rv32] [--out DIR]
"""

import argparse
import bisect
import collections
import os
import re
import subprocess
import sys

# Keep the source tree free of __pycache__ directories.
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import qemu  # noqa: E402

CROSS = "riscv64-unknown-elf-"
TRACE_RE = re.compile(r"^Trace \d+: \S+ \[[0-9a-f]+/([0-9a-f]+)/")


def ecall_pcs(payload_elf):
	"""Addresses of the timed ecalls: those right after a rdinstret (the
	asm statement of bench_measure_ecall(), wherever it was inlined)."""
	dis = subprocess.run([CROSS + "objdump", "-d", payload_elf],
			     capture_output=True, text=True,
			     check=True).stdout
	out, prev = set(), ""
	for line in dis.splitlines():
		if re.search(r"\tecall\b", line) and "rdinstret" in prev:
			out.add(int(line.split(":")[0], 16))
		prev = line
	if not out:
		raise RuntimeError("no timed ecall in the payload")
	return out


def one_insn_per_tb(binary):
	"""QEMU's option for one instruction per translation block: 8.1 and
	later spell it as a TCG property (10.0 no longer has -singlestep)."""
	out = subprocess.run([binary, "--version"], capture_output=True,
			     text=True, check=False).stdout
	m = re.search(r"version (\d+)\.(\d+)", out)
	if m and (int(m.group(1)), int(m.group(2))) >= (8, 1):
		return ["-accel", "tcg,one-insn-per-tb=on"]
	return ["-singlestep"]


def trace(args, path):
	binary = qemu.ARCHS[args.arch][0]
	cmd = [binary] + qemu.machine_args(args.arch) + [
		"-nographic"] + one_insn_per_tb(binary) + [
		"-d", "exec,nochain", "-D", path,
		"-bios", args.firmware, "-kernel", args.payload, "-append",
		"bench.only=%s bench.iters=1" % args.row]
	subprocess.run(cmd, stdin=subprocess.DEVNULL, capture_output=True,
		       timeout=300, check=False)


def segments(path, timed):
	"""PC lists of every timed call: from the ecall to its return."""
	out, cur, end = [], None, None
	with open(path, errors="replace") as f:
		for line in f:
			m = TRACE_RE.match(line)
			if not m:
				continue
			pc = int(m.group(1), 16)
			if cur is not None:
				if pc == end:
					out.append(cur)
					cur = None
				else:
					cur.append(pc)
			elif pc in timed:
				cur, end = [pc], pc + 4
	return out


class Symbols:
	"""Function of an address, and the source file of a function."""

	def __init__(self, elf):
		self.addrs, self.names, self.files = [], [], {}
		if not elf:
			return
		nm = subprocess.run([CROSS + "nm", "-n", elf],
				    capture_output=True, text=True,
				    check=True).stdout
		for line in nm.splitlines():
			f = line.split()
			if len(f) == 3 and f[1] in "tTwW":
				self.addrs.append(int(f[0], 16))
				self.names.append(f[2])
		self._files(elf)

	def _files(self, elf):
		a2l = subprocess.run(
			[CROSS + "addr2line", "-e", elf] +
			["0x%x" % a for a in self.addrs],
			capture_output=True, text=True, check=False).stdout
		for name, loc in zip(self.names, a2l.splitlines()):
			self.files[name] = os.path.basename(loc.split(":")[0])

	def name(self, pc):
		i = bisect.bisect_right(self.addrs, pc) - 1
		return self.names[i] if i >= 0 else "(firmware, no symbols)"

	def file(self, name):
		return self.files.get(name, "?")


def attribute(pcs, syms, lo_payload):
	"""(function, count) in order of first execution; payload apart."""
	counts = collections.OrderedDict()
	for pc in pcs:
		name = "(S-mode ecall)" if pc >= lo_payload else syms.name(pc)
		counts[name] = counts.get(name, 0) + 1
	return counts


def report(row, segs, syms):
	total = sum(len(s) for s in segs)
	print("row %s: %d timed call(s), %d instructions from ecall to return"
	      % (row, len(segs), total))
	counts = attribute([pc for s in segs for pc in s], syms, 0x80200000)
	by_file = collections.OrderedDict()
	print("  %-36s %-22s %6s" % ("function", "file", "insns"))
	for name, n in counts.items():
		src = syms.file(name) if syms.addrs else "-"
		by_file[src] = by_file.get(src, 0) + n
		print("  %-36s %-22s %6d" % (name, src, n))
	print("  by file: " + ", ".join("%s %d" % kv for kv in by_file.items()))


def disassembly(elf):
	"""Address -> instruction text, from objdump -d of the firmware."""
	out = {}
	if not elf:
		return out
	dis = subprocess.run([CROSS + "objdump", "-d", "--no-show-raw-insn",
			      elf], capture_output=True, text=True,
			     check=True).stdout
	for line in dis.splitlines():
		m = re.match(r"^\s*([0-9a-f]+):\s+(.*)$", line)
		if m:
			out[int(m.group(1), 16)] = m.group(2).strip()
	return out


def inlined(pcs, elf):
	"""Address -> innermost (possibly inlined) function, by addr2line -i:
	where an instruction comes from once the compiler has inlined."""
	out = {}
	uniq = sorted(set(pcs))
	if not elf or not uniq:
		return out
	text = subprocess.run(
		[CROSS + "addr2line", "-f", "-i", "-a", "-e", elf] +
		["0x%x" % a for a in uniq], capture_output=True, text=True,
		check=False).stdout.splitlines()
	cur = None
	for line in text:
		if line.startswith("0x"):
			cur = int(line, 16)
		elif cur is not None and cur not in out:
			out[cur] = line.strip()
	return out


def report_inlined(segs, syms, elf):
	"""Instructions per innermost source function, in order of first
	execution (firmware only)."""
	pcs = [pc for s in segs for pc in s if pc < 0x80200000]
	where = inlined(pcs, elf)
	counts = collections.OrderedDict()
	for pc in pcs:
		name = where.get(pc) or syms.name(pc)
		counts[name] = counts.get(name, 0) + 1
	print("  by source function, inlined ones apart:")
	for name, n in counts.items():
		print("  %-50s %6d" % (name, n))


def listing(seg, syms, elf):
	"""Every instruction of one traced call, in execution order."""
	text = disassembly(elf)
	print("  instructions of the last call:")
	for i, pc in enumerate(seg, 1):
		name = "(S-mode)" if pc >= 0x80200000 else syms.name(pc)
		print("  %4d  %08x  %-24s %s" % (i, pc, name, text.get(pc, "?")))


def main(argv):
	p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
	p.add_argument("--firmware", required=True)
	p.add_argument("--elf", help="firmware ELF with symbols")
	p.add_argument("--payload-elf", required=True)
	p.add_argument("--payload", required=True)
	p.add_argument("--row", required=True)
	p.add_argument("--calls", type=int, default=1,
		       help="SBI calls per iteration (sched rows: 4 or 16)")
	p.add_argument("--arch", choices=sorted(qemu.ARCHS), default="rv64",
		       help="machine of the firmware and payload given")
	p.add_argument("--insns", action="store_true",
		       help="also list every instruction of the last call")
	p.add_argument("--out", default="/tmp")
	args = p.parse_args(argv)
	path = os.path.join(args.out, "bench-trace-%s.log" % args.row)
	trace(args, path)
	segs = segments(path, ecall_pcs(args.payload_elf))
	os.unlink(path)
	if len(segs) < args.calls:
		print("profile: only %d timed calls traced" % len(segs),
		      file=sys.stderr)
		return 1
	syms = Symbols(args.elf)
	report(args.row, segs[-args.calls:], syms)
	if args.insns:
		report_inlined(segs[-args.calls:], syms, args.elf)
		listing(segs[-1], syms, args.elf)
	return 0


if __name__ == "__main__":
	sys.exit(main(sys.argv[1:]))
