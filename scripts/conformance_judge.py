#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""The conformance suite's judge: every verdict scripts/conformance.sh gives.

The suite (payload/conformance/) prints one line per check, "PASS: NAME",
"FAIL: NAME: DETAIL" (then "    why: REASON") or "SKIP: NAME", frames its
groups with "# groups: N, ..." and "# group I NAME", and ends with
"P passed, F failed, S skipped". conformance.sh boots it under QEMU and
hands each log to this file, which decides:

  label FW                  a firmware's short name, for its log files
  boot PART LOG SKIP RUNS   a boot that ended without the suite's summary
                            (a crash or hang): the FAIL it earns, appended
                            to LOG, and the group to resume at (printed;
                            nothing when the run is over)
  finish PART LOG RUNS      the run's last checks: every group ran, and a
                            summary over all boots
  verdict LOG TITLE         the run's verdict line and FAIL lines; exit 1
                            on a FAIL or a log without its summary
  judge LOG [--step NAME]   the same for a log made elsewhere, e.g. a Linux
                            console where /init ran the suite under KVM

compare's table of several firmwares is scripts/conformance_compare.py.

Standard library only; logs are read as bytes-safe text (undecodable
bytes survive), split at "\\n" only.
"""

import argparse
import fnmatch
import os
import re
import sys

SUMMARY = re.compile(r"[0-9]+ passed, [0-9]+ failed, [0-9]+ skipped")
VERDICT = re.compile(r"(PASS|FAIL|SKIP): ")
GROUP = re.compile(r"# group ([0-9]*) (.*)")
GROUPS = re.compile(r"# groups: ([0-9]*),")
SBI_SPEC = re.compile(r"# SBI spec ([^,]*),")
BANNER = re.compile(r"OpenSBI v([^ ]*)")
STOPPED = "# conformance.sh: firmware stopped in group "
EARLY = "# conformance.sh: run ended early"
WHY = "    why: "
# A boot's lines that are the suite's or QEMU's, not the firmware's words.
NOT_FIRMWARE = re.compile(r"(PASS|FAIL|SKIP): |    why: |# |qemu-system|\s*$")
# A run gives up after this many boots.
MAX_BOOTS = 20
# How much of a crashed firmware's last words a log keeps (bytes).
WORDS_BYTES = 120


# ---- reading logs ----

def split_lines(text):
	"""Lines as awk and grep see them: split at newlines only."""
	lines = text.split("\n")
	if lines and lines[-1] == "":
		lines.pop()
	return lines


def read_lines(path, strip_cr=False):
	"""The lines of a file, or None if it cannot be read."""
	try:
		with open(path, encoding="utf-8", errors="surrogateescape",
			  newline="") as f:
			text = f.read()
	except OSError:
		return None
	if strip_cr:
		text = text.replace("\r", "")
	return split_lines(text)


def is_summary(line):
	return SUMMARY.fullmatch(line) is not None


def parse_verdict(line):
	"""(verdict, name, detail) of a verdict line, else None. The name
	ends at the first ": "; the detail is what follows it."""
	if not VERDICT.match(line):
		return None
	rest = line[6:]
	name, sep, detail = rest.partition(": ")
	return line[:4], name, detail if sep else ""


def count_verdicts(lines):
	"""The combined summary of the verdict lines."""
	n = {"PASS": 0, "FAIL": 0, "SKIP": 0}
	for line in lines:
		for v in n:
			if line.startswith(v + ": "):
				n[v] += 1
	return f"{n['PASS']} passed, {n['FAIL']} failed, {n['SKIP']} skipped"


def first_match(pattern, lines):
	"""Group 1 of the first line that pattern matches from its start."""
	for line in lines:
		m = pattern.match(line)
		if m:
			return m.group(1)
	return None


def last_group(lines):
	"""(number, name) of the last "# group N NAME" line, else None."""
	found = None
	for line in lines:
		m = GROUP.fullmatch(line)
		if m:
			found = m.group(1), m.group(2)
	return found


def groups_total(lines):
	"""The suite's group count from its header, or "" without one."""
	total = first_match(GROUPS, lines)
	return total if total is not None else ""


def fail_lines(lines):
	return [line for line in lines if line.startswith("FAIL: ")]


def step_text(lines, step):
	"""The lines /init's step printed between "=== sbipmu: STEP ===" and
	its "=== sbipmu: exit ..." (guest/init.c; scripts/guest-log.sh)."""
	start = f"=== sbipmu: {step} ==="
	out = []
	on = False
	for line in lines:
		if line == start:
			on = True
		elif on and re.match(r"=== sbipmu: (exit|done)", line):
			break
		elif on:
			out.append(line)
	return out


# ---- firmware names ----

def fw_label(path):
	"""A firmware's short name for its logs: "opensbi-1.5.1" for a
	reference unpacked by scripts/setup-tools.sh (.../opensbi-<version>/),
	"opensbi" for another OpenSBI, else the image's base name."""
	if fnmatch.fnmatchcase(path, "*/opensbi-[0-9]*/*"):
		return "opensbi-" + path.split("/opensbi-", 1)[1].split("/")[0]
	if "opensbi" in path:
		return "opensbi"
	base = os.path.basename(path.rstrip("/"))
	if base.endswith(".bin") and base != ".bin":
		base = base[:-4]
	return base


def path_version(path):
	"""The version in a reference's path (.../opensbi-1.5.1/...), or ""."""
	if fnmatch.fnmatchcase(path, "*/opensbi-[0-9]*/*"):
		return path.split("/opensbi-", 1)[1].split("/")[0]
	return ""


def first_banner(lines):
	"""The version in the first "OpenSBI vX" line, "" if none."""
	m = next((m for m in map(BANNER.fullmatch, lines) if m), None)
	return m.group(1) if m else ""


def fw_name(path, log_lines):
	"""A firmware's name for the tables: its banner in its log ("OpenSBI
	v1.1"), completed by its path's version where the banner has only
	major.minor (1.5.1 prints "OpenSBI v1.5"); else the path's version;
	else fw_label."""
	banner = first_banner(log_lines or [])
	v = path_version(path)
	if banner:
		return f"OpenSBI {v}" if v.startswith(banner + ".") else \
			f"OpenSBI {banner}"
	if v:
		return f"OpenSBI {v}"
	return fw_label(path)


# ---- one run: boots, resumed after crashes ----

def firmware_words(part):
	"""The firmware's first words after the suite's last group header:
	its crash report. "no output" if it said nothing."""
	found = ""
	for line in part:
		if line.startswith("# group "):
			found = ""
		elif found == "" and not NOT_FIRMWARE.match(line):
			found = line
	raw = found.encode("utf-8", "surrogateescape")[:WORDS_BYTES]
	return raw.decode("utf-8", "surrogateescape") or "no output"


def last_check(part):
	"""The name of the last verdict in the last group: the crash came
	after it. "" if the group has none."""
	check = ""
	for line in part:
		if line.startswith("# group "):
			check = ""
		else:
			v = parse_verdict(line)
			if v:
				check = v[1]
	return check


def boot_end(part, skip, runs):
	"""What a boot's output part adds to its run's log, and the group to
	boot next (None: the run is over). A boot without the summary
	crashed or hung: the group in progress gets a FAIL, and the suite
	resumes after that group, so every later check still gets a
	verdict; after MAX_BOOTS boots the run gives up."""
	if any(is_summary(x) for x in part):
		return [], None
	group = last_group(part)
	total = groups_total(part)
	words = firmware_words(part)
	if group is None or total == "":
		return [
			f"FAIL: suite.boots: the suite's header got no output ({words})",
			"    why: the payload must start and print its group list",
			# compare's tables read these two lines.
			f"{STOPPED}- after -: {words}",
			f"{EARLY}, groups from {skip} on not run",
		], None
	number, gname = group
	# A group named like a check is that check; others get a name.
	name = gname if "." in gname else f"group.{gname}.completes"
	after = last_check(part)
	where = f" after {after}" if after else ""
	out = [
		f"FAIL: {name}: an answer to every call got no further output "
		f"(crash or hang{where}: {words})",
		"    why: the firmware must not crash or hang on any input from "
		"S-mode; it stopped answering here",
		# For compare's tables: where it stopped, in fixed fields.
		f"{STOPPED}{gname} after {after or '-'}: {words}",
	]
	resume = int(number or 0) + 1
	if resume >= int(total):
		return out, None
	if runs >= MAX_BOOTS:
		out.append(f"{EARLY}, groups from {resume} on not run")
		return out, None
	out.append(f"# conformance.sh: resuming with skip={resume}")
	return out, resume


def run_end(part, log, runs):
	"""The lines a run's log gets after its last boot (part): a FAIL if
	the suite printed its summary without running every group (a
	firmware that corrupts the payload's registers can make it leave
	its group loop early), and a summary over every boot when the
	payload's own covers the last boot only."""
	complete = any(is_summary(x) for x in part)
	out = []
	if complete and not any(x.startswith("# no PMU counters") for x in part):
		total = groups_total(log)
		last = last_group(part)
		number = last[0] if last else ""
		if number == "" or int(number) + 1 != int(total or 0):
			out += [
				"FAIL: suite.every_group_ran: the suite ended after group "
				f"{number or 'none'} of {total or '?'} with a summary",
				"    why: a run that skips groups judges nothing in them; "
				"the firmware may have corrupted S-mode state",
			]
			complete = False
	if runs > 1 or not complete:
		out += [f"# conformance.sh: combined over {runs} boot(s)",
			count_verdicts(log + out)]
	return out


def run_verdict(log, path, title):
	"""(output lines, passed) for a run's finished log: its last line
	(the summary) and every FAIL. It passes with no FAIL and a summary."""
	last = log[-1] if log else ""
	out = [f"{title}: {last} (log: {path})"]
	fails = fail_lines(log)
	out += ["  " + x for x in fails]
	return out, not fails and any(is_summary(x) for x in log)


def judge(text, what):
	"""(output lines, passed) for the suite's lines in a log made
	elsewhere: the counts, whether it finished and ran every group, the
	FAIL lines."""
	out = [f"judge {what}: {count_verdicts(text)}"]
	ok = True
	total = groups_total(text)
	last = last_group(text)
	number = last[0] if last else ""
	if not any(is_summary(x) for x in text):
		out.append("  no summary line: the suite did not finish")
		ok = False
	elif number == "" or int(number) + 1 != int(total or 0):
		out.append(f"  the suite ended after group {number or 'none'} "
			   f"of {total or '?'}")
		ok = False
	fails = fail_lines(text)
	out += ["  " + x for x in fails]
	return out, ok and not fails


# ---- the command line ----

def die(msg):
	print(f"conformance: {msg}", file=sys.stderr)
	sys.exit(2)


def append(path, lines):
	with open(path, "a", encoding="utf-8", errors="surrogateescape") as f:
		f.write("".join(x + "\n" for x in lines))


def need_lines(path):
	lines = read_lines(path)
	if lines is None:
		die(f"cannot read {path}")
	return lines


def cmd_boot(a):
	out, resume = boot_end(need_lines(a.part), a.skip, a.runs)
	append(a.log, out)
	if resume is not None:
		print(resume)


def cmd_finish(a):
	append(a.log, run_end(need_lines(a.part), need_lines(a.log), a.runs))


def cmd_verdict(a):
	out, ok = run_verdict(need_lines(a.log), a.log, a.title)
	print("\n".join(out))
	return 0 if ok else 1


def cmd_judge(a):
	if not os.path.isfile(a.log):
		die(f"judge: log '{a.log}' not found")
	lines = need_lines(a.log)
	lines = [x.replace("\r", "") for x in lines]
	text = step_text(lines, a.step) if a.step else lines
	what = a.log + (f" (step {a.step})" if a.step else "")
	if all(x == "" for x in text):
		die(f"judge: no suite output in {what}")
	out, ok = judge(text, what)
	print("\n".join(out))
	return 0 if ok else 1


def parser():
	p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
	sub = p.add_subparsers(dest="cmd", required=True)
	s = sub.add_parser("label", help="a firmware's short name")
	s.add_argument("fw")
	s.set_defaults(fn=lambda a: print(fw_label(a.fw)))
	for name, fn in (("boot", cmd_boot), ("finish", cmd_finish)):
		s = sub.add_parser(name)
		s.add_argument("part", help="the last boot's output")
		s.add_argument("log", help="the run's log, appended to")
		if name == "boot":
			s.add_argument("skip", type=int, help="this boot's skip=")
		s.add_argument("runs", type=int, help="boots so far")
		s.set_defaults(fn=fn)
	s = sub.add_parser("verdict")
	s.add_argument("log")
	s.add_argument("title")
	s.set_defaults(fn=cmd_verdict)
	s = sub.add_parser("judge")
	s.add_argument("log")
	s.add_argument("--step", default="")
	s.set_defaults(fn=cmd_judge)
	return p


def main(argv):
	for f in (sys.stdout, sys.stderr):
		f.reconfigure(errors="surrogateescape")
	a = parser().parse_args(argv)
	return a.fn(a) or 0


if __name__ == "__main__":
	sys.exit(main(sys.argv[1:]))
