#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""The conformance suite's table of several firmwares (conformance.sh compare).

From the logs of each firmware's last matrix runs (conformance.sh's
names: <out-dir>/conformance-<label>-<arch>-smp<N>-<tag>.log) and, for a
KVM column, from Linux console logs of scripts/kvm-check.sh, writes the
Markdown page docs/conformance-opensbi.md is: a column per firmware with
each check's result over every configuration, the check's own "why" for
every deviation, and where each firmware crashed or hung.

usage: conformance_compare.py --out-dir DIR --harts "1 4" --qemu-version V
	--firmware FW FW32|- [--firmware ...] (ours last) --output FILE.md
	[--kvm-log LOG [--kvm-ref-log LOG ...]]

The log's lines are read as scripts/conformance_judge.py reads them.
"""

import argparse
import os
import re
import sys
from dataclasses import dataclass

from conformance_judge import (EARLY, SBI_SPEC, STOPPED, WHY, first_banner,
			       first_match, fw_label, fw_name, is_summary,
			       parse_verdict, read_lines, split_lines,
			       step_text)

# The columns' keys: references, ours, then KVM.
KEYS = "ABCDEFGH"


def and_list(words):
	""""1", "1 and 4", "1, 4 and 64"."""
	words = list(words)
	if len(words) <= 1:
		return "".join(words)
	return ", ".join(words[:-1]) + " and " + words[-1]


def esc(s):
	"""A Markdown table cell's text."""
	return s.replace("|", "\\|")


@dataclass
class Column:
	"""A firmware of compare's table (kind "fw"), or KVM ("kvm")."""
	key: str
	name: str
	fw: str
	fw32: str
	sbi: str
	kind: str = "fw"


class Results:
	"""Every firmware's verdicts per configuration, read from the logs
	of entries (key, configuration, lines or None), in order. The first
	firmware's logs set the rows' order; a check only a later log has
	goes after the check before it there."""

	def __init__(self, entries):
		self.cfgs = {}		# key -> its configurations, in order
		self.cfg_order = []	# every configuration, first seen first
		self.has_rv64 = set()	# keys with an rv64 configuration
		self.summaries = {}	# (key, cfg) -> summary line, or why none
		self.started = set()	# (key, cfg, group)
		self.stopped = set()	# (key, cfg, group)
		self.nstop = {}		# (key, cfg) -> how often it stopped
		self.stops = {}		# (key, group, after, words) -> [cfgs, words]
		self.early = {}		# (key, cfg) -> why the run ended early
		self.why = {}		# (key, name) -> first "why" of its FAIL
		self.got = {}		# (key, name) -> first FAIL's detail
		self.res = {}		# (key, name, cfg) -> PASS, FAIL or SKIP
		self.judged = set()	# (name, cfg) passed or failed by some key
		self.group_of = {}	# name -> its group (first seen)
		self.seen = set()	# every check's name
		self.nxt = {}		# the rows: a linked list, for insertion
		self.head = self.tail = ""
		for key, cfg, lines in entries:
			self.read_log(key, cfg, lines)
		self.order = []
		name = self.head
		while name != "":
			self.order.append(name)
			name = self.nxt.get(name, "")

	def add_name(self, name, prev):
		"""A new check's row goes after prev (the check before it in the
		same log), or at the end."""
		if name in self.seen:
			return
		self.seen.add(name)
		if prev == "" or prev == self.tail:
			if self.tail == "":
				self.head = name
			else:
				self.nxt[self.tail] = name
			self.tail = name
		else:
			self.nxt[name] = self.nxt.get(prev, "")
			self.nxt[prev] = name

	def read_stop(self, key, cfg, line):
		"""conformance.sh's "... in group G after C: the firmware's words"."""
		s = line[len(STOPPED):]
		group = s.split(" ", 1)[0]
		s = s[len(group) + len(" after "):]
		after = s.split(": ", 1)[0]
		words = s[len(after) + len(": "):]
		self.stopped.add((key, cfg, group))
		self.nstop[key, cfg] = self.nstop.get((key, cfg), 0) + 1
		# One row for the same stop on any hart.
		stop = (key, group, after, re.sub(r"hart[0-9]+", "hart", words))
		if stop not in self.stops:
			self.stops[stop] = [[cfg], words]
		elif cfg not in self.stops[stop][0]:
			self.stops[stop][0].append(cfg)

	def read_log(self, key, cfg, lines):
		self.cfgs.setdefault(key, []).append(cfg)
		if cfg.startswith("rv64-"):
			self.has_rv64.add(key)
		if cfg not in self.cfg_order:
			self.cfg_order.append(cfg)
		if not lines:
			self.summaries[key, cfg] = "no log"
			return
		self.summaries[key, cfg] = "no summary"
		failed = prev = group = ""
		for line in lines:
			if is_summary(line):
				self.summaries[key, cfg] = line
			m = re.match(r"# group [0-9]+ ", line)
			if m:
				group = line[m.end():]
				self.started.add((key, cfg, group))
			if line.startswith(STOPPED):
				self.read_stop(key, cfg, line)
			if line.startswith(EARLY):
				why = line
				if why.startswith(EARLY + ", "):
					why = why[len(EARLY) + 2:]
				self.early[key, cfg] = why
			if line.startswith(WHY) and failed != "":
				self.why.setdefault((key, failed), line[len(WHY):])
				continue
			failed = ""
			v = parse_verdict(line)
			if not v:
				continue
			verdict, name, detail = v
			self.add_name(name, prev)
			prev = name
			self.group_of.setdefault(name, group)
			self.res[key, name, cfg] = verdict
			if verdict != "SKIP":
				self.judged.add((name, cfg))
			if verdict == "FAIL":
				failed = name
				self.got.setdefault((key, name), detail)

	def summary(self, key, cfg):
		"""A configuration's summary line, and how often the firmware
		stopped."""
		if cfg not in self.cfgs.get(key, []):
			if cfg.startswith("rv32-") and key in self.has_rv64:
				return "not run (no RV32 image)"
			return "not run"
		s = self.summaries[key, cfg]
		n = self.nstop.get((key, cfg), 0)
		if n:
			s += f"; the firmware stopped {n} time" + ("" if n == 1 else "s")
			if (key, cfg) in self.early:
				s += f", then the run ended early ({self.early[key, cfg]})"
			else:
				s += ", the suite resumed after " + ("it" if n == 1 else "each")
		return s

	def is_prefix(self, name):
		"""Whether name is a group or function whose checks have rows."""
		return any(x.startswith(name + ".") for x in self.order)

	def result(self, key, name, cfg):
		"""A check's verdict in a configuration; a SKIP of a prefix of its
		name (a whole function or group skipped at once) is its SKIP."""
		if (key, name, cfg) in self.res:
			return self.res[key, name, cfg]
		prefix = name
		while "." in prefix:
			prefix = prefix.rsplit(".", 1)[0]
			if self.res.get((key, prefix, cfg)) == "SKIP":
				return "SKIP"
		return ""

	def not_run(self, key, name, cfg):
		"""No verdict because the firmware stopped: in the check's group,
		or before the group began in a run that ended early; and some
		firmware passed or failed the check in this configuration (else
		it does not apply here: a SKIP, e.g. "no SSE", speaks for its
		own firmware only)."""
		if name not in self.group_of or (name, cfg) not in self.judged:
			return False
		group = self.group_of[name]
		if (key, cfg, group) in self.stopped:
			return True
		return (key, cfg) in self.early and \
			(key, cfg, group) not in self.started

	def cfg_list(self, key, cfgs):
		"""Configurations by name; "every configuration", or "rv64" or
		"rv32" when they are every one of that architecture the firmware
		ran."""
		own = self.cfgs[key]
		if len(cfgs) == len(own) and len(own) > 1:
			return "every configuration"
		for arch in ("rv64-", "rv32-"):
			n_all = sum(1 for c in own if c.startswith(arch))
			n = sum(1 for c in cfgs if c.startswith(arch))
			if n_all and n == len(cfgs) and n == n_all:
				return arch[:-1]
		return ", ".join(cfgs)

	def cell(self, key, name):
		"""A check's result over every configuration of a firmware."""
		n = {"PASS": 0, "FAIL": 0, "SKIP": 0}
		failed = []
		not_run = []
		for cfg in self.cfgs.get(key, []):
			v = self.result(key, name, cfg)
			if v == "":
				if self.not_run(key, name, cfg):
					not_run.append(cfg)
				continue
			n[v] += 1
			if v == "FAIL":
				failed.append(cfg)
		if n["FAIL"]:
			k = "FAIL"
			if n["FAIL"] < sum(n.values()) + len(not_run):
				k += f" ({self.cfg_list(key, failed)})"
			k += ": " + self.got.get((key, name), "")
		elif n["PASS"]:
			k = "PASS"
		elif n["SKIP"]:
			k = "SKIP"
		elif not_run:
			k = "not run (firmware stopped)"
			if len(not_run) < len(self.cfgs[key]):
				k += " in " + self.cfg_list(key, not_run)
			return k
		else:
			return "-"
		if not_run:
			k += "; not run (firmware stopped) in " + \
				self.cfg_list(key, not_run)
		return k


HEADER = """\
# SBI PMU conformance: {title}

Generated by `make conformance-compare` (scripts/conformance.sh); do not
edit by hand. The suite (payload/conformance/) is an S-mode program that
judges a firmware only through SBI calls; each check is named after the
spec clause it tests. {desc}
{qemu_version}, `-M virt`, each firmware in every configuration it has
an image for: RV64 and RV32, Sscofpmf on and off, {harts} harts.
{kvm_desc}
A cell gives the result over all configurations: PASS (passed wherever
it ran), FAIL (with the configurations where it failed, if not all; rv64
or rv32 alone stands for every configuration of that architecture),
SKIP (not applicable anywhere, e.g. a function the firmware's SBI
version does not have, or a whole group skipped by a prefix of the
name), "not run (firmware stopped)" (the firmware crashed or hung
earlier in the check's group: see "Where a firmware stopped"), or "-"
(no verdict from that firmware at all). The note is the check's own
justification, shown for every deviation.
"""

KVM_DESC = """\
Column {key}, {name}: KVM's SBI PMU (vcpu_pmu) is the
implementation the suite judges, over firmware {ours_key} ({ours_name}). The
suite runs as a KVM guest (guest/kvm-vmm.c) in Linux on {ours_name}, as
`make kvm-check` boots it; the column is the kvm-conformance step of
that console log, `{fw}`, in its one configuration (the guest's harts
are its vcpus); it reports SBI {sbi}. {note}"""

STOPS_INTRO = """
## Where a firmware stopped

A crash or hang (no output for a while, or no summary in time) ends
a boot. The runner then records the group in progress as a FAIL
(`group.<name>.completes`, or the check's own name where the group is
that one check) and boots the suite again after that group, so only
the checks of that group after the last verdict go unjudged: they
show as "not run (firmware stopped)".
"""


def table_header(columns, ours_key, harts, qemu_version, kvm_note):
	"""The page's title and the paragraphs that say what was run."""
	refs = []
	desc = []
	kvm_desc = ""
	ours_name = next(c.name for c in columns if c.key == ours_key)
	for c in columns:
		if c.kind == "kvm":
			kvm_desc = "\n" + KVM_DESC.format(
				key=c.key, name=c.name, ours_key=ours_key,
				ours_name=ours_name, fw=c.fw, sbi=c.sbi or "?",
				note=kvm_note) + "\n"
			continue
		if c.key != ours_key:
			refs.append(c.name)
		d = f"Firmware {c.key}: {c.name}, `{c.fw}`"
		d += f" and for RV32 `{c.fw32}`" if c.fw32 != "-" else \
			" (no RV32 image)"
		desc.append(d + f"; it reports SBI {c.sbi or '?'}.")
	title = f"{and_list(refs)} against {ours_name}"
	if kvm_desc:
		title += f", and KVM over {ours_name}"
	return HEADER.format(title=title, desc=" ".join(desc),
			     qemu_version=qemu_version,
			     harts=and_list(harts), kvm_desc=kvm_desc)


def table_checks(r, columns):
	"""The check rows; also each firmware's deviations and not-run
	counts, and the row count."""
	cols = "".join(f" | {c.key}: {c.name}" for c in columns)
	rule = "|---" * len(columns)
	out = ["## Checks", "",
	       f"| check{cols} | note (why the check expects it) |",
	       f"|---{rule}|---|"]
	dev = {c.key: 0 for c in columns}
	notrun = {c.key: 0 for c in columns}
	rows = 0
	for name in r.order:
		cells = [r.cell(c.key, name) for c in columns]
		# A group skipped as a whole shows through its checks' rows.
		if all(x in ("SKIP", "-") for x in cells) and r.is_prefix(name):
			continue
		# The failing firmwares' "why"; each different one once, with
		# its firmwares' keys when they differ.
		whys = {}
		for c, cell in zip(columns, cells):
			if cell.startswith("FAIL"):
				dev[c.key] += 1
				whys.setdefault(r.why.get((c.key, name), ""),
						[]).append(c.key)
			if "not run (firmware stopped)" in cell:
				notrun[c.key] += 1
		if len(whys) == 1:
			note = next(iter(whys))
		else:
			note = "; ".join(f"{', '.join(k)}: {w}"
					 for w, k in whys.items())
		out.append(f"| `{name}` | " + " | ".join(esc(x) for x in cells) +
			   f" | {esc(note)} |")
		rows += 1
	return out, dev, notrun, rows


def table_stops(r, names):
	"""Where each firmware crashed or hung, one row per place."""
	if not r.stops:
		return []
	out = STOPS_INTRO.split("\n")
	out += ["| firmware | group | last verdict before it | "
		"configurations | the firmware's last words |",
		"|---|---|---|---|---|"]
	for (key, group, after, _), (cfgs, words) in r.stops.items():
		before = "none (at the group's start)" if after == "-" else \
			f"`{after}`"
		out.append(f"| {key}: {names[key]} | `{group}` | {before} | "
			   f"{r.cfg_list(key, cfgs)} | {esc(words)} |")
	return out


def write_table(r, columns, ours_key, harts, qemu_version, kvm_note):
	"""compare's Markdown page, from the Results r of the columns."""
	out = table_header(columns, ours_key, harts, qemu_version,
			   kvm_note).split("\n")
	names = {c.key: c.name for c in columns}
	cols = "".join(f" | {c.key}: {c.name}" for c in columns)
	out += ["## Summary per configuration", "",
		f"| configuration{cols} |", "|---" + "|---" * len(columns) + "|"]
	for cfg in r.cfg_order:
		out.append(f"| {cfg} | " + " | ".join(
			esc(r.summary(c.key, cfg)) for c in columns) + " |")
	out.append("")
	checks, dev, notrun, rows = table_checks(r, columns)
	out += checks
	out += table_stops(r, names)
	line = f"{rows} checks; deviations: " + ", ".join(
		f"{c.name} {dev[c.key]}" for c in columns) + "."
	stopped = [f"{c.name} {notrun[c.key]}" for c in columns
		   if notrun[c.key]]
	if stopped:
		line += " Not run (in some or all configurations) because the " \
			"firmware stopped: " + ", ".join(stopped) + "."
	out += ["", line]
	return "\n".join(out) + "\n"


# ---- KVM's column ----

def kvm_section(lines):
	"""The suite's lines of the kvm-conformance step of a Linux console
	log, without the kernel's messages. printk writes into the console
	mid-line ("# group 24 robustness.fid_5.host[   22.68] riscv-kvm-pmu:
	...", then "ile_args" on the next line), so the text before a
	message is joined to the next line that holds no message."""
	out = []
	held = ""
	for line in step_text(lines, "kvm-conformance"):
		m = re.search(r"\[ *[0-9]+\.[0-9]+\] ", line)
		if m:
			held += line[:m.start()]
		else:
			out.append(held + line)
			held = ""
	if held:
		out.append(held)
	return out


def kvm_config(section):
	"""The configuration a kvm_section ran in, named as the matrix's with
	a "kvm-" prefix: kvm-rv64-smp4-sscofpmf (harts: the guest's vcpus)."""
	arch = harts = tag = ""
	for line in section:
		m = re.match(r"# sbipmu conformance suite \(RV[0-9]+\)", line)
		if m:
			arch = line.split("(", 1)[1].split(")", 1)[0].lower()
		if re.match(r"# SBI spec .* in the device tree", line):
			harts = line.split(" in the device tree", 1)[0]
			harts = harts.rsplit(" of ", 1)[-1]
			tag = "sscofpmf" if "Sscofpmf yes" in line else "nosscofpmf"
	if not arch or not harts:
		return "kvm"
	return f"kvm-{arch}-smp{harts}-{tag}"


def kvm_fw_name(path, lines):
	"""The firmware under Linux in a console log: its OpenSBI banner,
	completed by the log's name where the banner has only major.minor
	(kvm-check names logs qemu10-aia-OpenSBI-1.5.1.log); else the
	log's name."""
	base = os.path.basename(path)
	if base.endswith(".log") and base != ".log":
		base = base[:-4]
	banner = first_banner(lines)
	if not banner:
		return base
	v = re.search("OpenSBI-" + re.escape(banner) + r"[.0-9]*", base)
	return "OpenSBI " + (v.group(0)[len("OpenSBI-"):] if v else banner)


def kvm_differ(a, b):
	"""The checks whose verdict differs between two sections (or that
	only one has), sorted."""
	def verdicts(lines):
		v = {}
		for line in lines:
			p = parse_verdict(line)
			if p:
				v[p[1]] = p[0]
		return v
	va, vb = verdicts(a), verdicts(b)
	return sorted(n for n in set(va) | set(vb) if va.get(n) != vb.get(n))


def kvm_ref_note(section, refs, warn):
	"""The KVM column's note: whether KVM over each reference firmware
	(refs: (path, lines) of console logs) gave the section's verdicts."""
	same = []
	differ = ""
	for path, lines in refs:
		ref = kvm_section(lines)
		if not any(is_summary(x) for x in ref):
			warn(f"conformance-compare: no finished kvm-conformance step "
			     f"in {path}; not compared")
			continue
		name = kvm_fw_name(path, lines)
		diffs = [f"`{n}`" for n in kvm_differ(section, ref)]
		if not diffs:
			same.append(name)
		else:
			differ += f"; over {name} (`{path}`) {and_list(diffs)} " \
				"differed: there KVM's answer may depend on the " \
				"firmware, or vary from run to run"
	note = "Whether a deviation could be the firmware's was checked by " \
		"running KVM over the references too (the same step in " \
		"`make kvm-check`'s logs of those boots): "
	if same and not differ:
		return note + f"over {and_list(same)} every check had the same " \
			"verdict, so KVM's deviations are its own, not the firmware's."
	if same:
		return note + f"over {and_list(same)} every check had the same " \
			f"verdict{differ}."
	if differ:
		return note + differ[2:] + "."
	return "No log of KVM over another firmware was given, so whether a " \
		"deviation could be the firmware's is not checked here (`make " \
		"kvm-check` boots KVM over the references too: the same verdicts " \
		"there mean a deviation is KVM's)."


# ---- from the firmwares to the page ----

def matrix_logs(out_dir, label, archs, harts):
	"""A firmware's matrix: (configuration, log path) per run."""
	logs = []
	for arch in archs:
		for smp in harts:
			for tag in ("sscofpmf", "nosscofpmf"):
				cfg = f"{arch}-smp{smp}-{tag}"
				logs.append((cfg, f"{out_dir}/conformance-{label}-{cfg}.log"))
	return logs


def sbi_versions(logs):
	"""The SBI versions a firmware's logs report, "2.0/3.0"."""
	found = set()
	for lines in logs:
		for line in lines or []:
			m = SBI_SPEC.match(line)
			if m:
				found.add(m.group(1))
	return "/".join(sorted(found))


def firmware_columns(out_dir, firmware, harts):
	"""The firmwares' columns (firmware: (image, RV32 image or "-") per
	column, ours last) and their logs as Results entries. Ours is read
	first: it reports the newest SBI version, so its logs list (nearly)
	every check, in the suite's order."""
	columns = []
	entries = []
	for i in range(len(firmware) - 1, -1, -1):
		fw, fw32 = firmware[i]
		archs = ["rv64"] + (["rv32"] if fw32 != "-" else [])
		logs = [(cfg, read_lines(path)) for cfg, path in
			matrix_logs(out_dir, fw_label(fw), archs, harts)]
		entries += [(KEYS[i], cfg, lines) for cfg, lines in logs]
		columns.append(Column(KEYS[i], fw_name(fw, logs[0][1]), fw, fw32,
				      sbi_versions(lines for _, lines in logs)))
	return columns, entries


def kvm_column(out_dir, key, log, ref_logs, warn):
	"""KVM's column from the console log, its Results entry and its
	note; (None, None, "") if the log has no finished kvm-conformance
	step (e.g. a log of `kvm-check --quick`). The step's lines are kept
	as out_dir/compare.kvm.log."""
	lines = read_lines(log, strip_cr=True) or []
	section = kvm_section(lines)
	with open(f"{out_dir}/compare.kvm.log", "w", encoding="utf-8",
		  errors="surrogateescape") as f:
		f.write("".join(x + "\n" for x in section))
	if not any(is_summary(x) for x in section):
		warn(f"conformance-compare: no finished kvm-conformance step in "
		     f"{log}; no KVM column")
		return None, None, ""
	linux = next((m.group(1) for m in (re.match(
		r".*Linux version ([0-9]*\.[0-9]*)", x) for x in lines) if m), "")
	column = Column(key, f"KVM (Linux {linux or '?'}) guest", log, "-",
			first_match(SBI_SPEC, section) or "", "kvm")
	refs = [(p, read_lines(p, strip_cr=True) or []) for p in ref_logs]
	return column, (key, kvm_config(section), section), \
		kvm_ref_note(section, refs, warn)


def compare(args, warn):
	"""compare's page from the logs of the firmwares' last matrix runs
	(and KVM's console logs), as text; the columns run A, B, ... in
	--firmware order, ours (the last) after the references."""
	harts = args.harts.split()
	columns, entries = firmware_columns(args.out_dir, args.firmware, harts)
	kvm_note = ""
	if args.kvm_log:
		column, entry, kvm_note = kvm_column(
			args.out_dir, KEYS[len(args.firmware)], args.kvm_log,
			args.kvm_ref_log, warn)
		if column:
			columns.append(column)
			entries.append(entry)
	columns.sort(key=lambda c: c.key)
	return write_table(Results(entries), columns,
			   KEYS[len(args.firmware) - 1], harts,
			   args.qemu_version, kvm_note)


# ---- the command line ----

def warn(msg):
	print(msg, file=sys.stderr)


def parser():
	p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
	p.add_argument("--out-dir", required=True, help="where the logs are")
	p.add_argument("--harts", required=True, help='the matrix\'s, "1 4"')
	p.add_argument("--qemu-version", required=True)
	p.add_argument("--firmware", nargs=2, action="append", required=True,
		       metavar=("FW", "FW32"),
		       help="a column's images (FW32 - if none); ours last")
	p.add_argument("--kvm-log", default="")
	p.add_argument("--kvm-ref-log", action="append", default=[])
	p.add_argument("--output", required=True)
	return p


def main(argv):
	for f in (sys.stdout, sys.stderr):
		f.reconfigure(errors="surrogateescape")
	a = parser().parse_args(argv)
	page = compare(a, warn)
	tmp = a.output + ".tmp"
	with open(tmp, "w", encoding="utf-8", errors="surrogateescape") as f:
		f.write(page)
	os.replace(tmp, a.output)
	print(f"conformance-compare: wrote {a.output}")
	for line in split_lines(page):
		if re.match(r"[0-9]+ checks; deviations", line):
			print(line)
	return 0


if __name__ == "__main__":
	sys.exit(main(sys.argv[1:]))
