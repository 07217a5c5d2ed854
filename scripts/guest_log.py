# SPDX-License-Identifier: BSD-2-Clause
"""The Linux guest's console log as scripts/linux_judge.py reads it.

/init (guest/init.c) frames each step with "=== sbipmu: NAME ===" and
"=== sbipmu: exit CODE after N s ===" (CODE may be "timeout") and ends the
run with "=== sbipmu: done ===". Inside a step, perf stat -x, prints CSV
("count,unit,event,run-time,percent,..."), the workload one
"workload: key=value ..." line and the pmu-user programs
"pmu-user: <test> <ok|FAIL|unavailable> key=value ..." lines.

The readers here split and compare the way the shell tools did when the
judge was bash (scripts/guest-log.sh, which the other bash checks still
use): lines end at "\\n" only, awk's fields split at blanks or at commas,
and a string becomes a number by its longest leading numeric prefix, as
awk's strtod-based conversion does. Standard library only.
"""

import re

# Where a number starts in a string awk converts: blanks, a sign, then a
# hexadecimal, infinity/nan, or decimal with an exponent (glibc strtod).
_NUM_PREFIX = re.compile(
	r"[ \t\n\f\r\v]*([+-]?(?:0[xX](?:[0-9a-fA-F]+\.?[0-9a-fA-F]*|"
	r"\.[0-9a-fA-F]+)(?:[pP][+-]?[0-9]+)?|inf(?:inity)?|nan|"
	r"(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?))", re.IGNORECASE)
_NUM = re.compile(r"[0-9]+(\.[0-9]+)?")
_INT = re.compile(r"[0-9]+")
_BLANKS = re.compile(r"[ \t\n]+")


def read_log(path):
	"""A console log's lines, CRs dropped; undecodable bytes survive."""
	with open(path, encoding="utf-8", errors="surrogateescape",
		  newline="") as f:
		text = f.read().replace("\r", "")
	lines = text.split("\n")
	if lines and lines[-1] == "":
		lines.pop()
	return lines


def is_num(s):
	"""A count: digits with an optional fraction, nothing else."""
	return s is not None and _NUM.fullmatch(s) is not None


def is_int(s):
	return s is not None and _INT.fullmatch(s) is not None


def awk_num(s):
	"""The number awk makes of a string ("100.00" 100, "" 0, "7x" 7)."""
	m = _NUM_PREFIX.match(s)
	if not m:
		return 0.0
	t = m.group(1)
	if "x" in t.lower() and "n" not in t.lower():
		sign = -1.0 if t.startswith("-") else 1.0
		return sign * float.fromhex(t.lstrip("+-"))
	return float(t)


def blank_fields(line):
	"""awk's default fields: split at runs of blanks, none at the ends."""
	line = line.strip(" \t\n")
	return _BLANKS.split(line) if line else []


def comma_fields(line):
	"""awk -F, fields: an empty line has none, "a," has two."""
	return line.split(",") if line else []


def field(fields, n):
	"""awk's $n (1-based): empty beyond the last field."""
	return fields[n - 1] if 0 < n <= len(fields) else ""


def step_text(lines, step):
	"""The lines STEP printed: after its header, up to the next exit or
	done line (or the end of the log if it never ended)."""
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


def step_exit(lines, step):
	"""STEP's exit word (a code, or "timeout"); "" if it has none."""
	start = f"=== sbipmu: {step} ==="
	on = False
	for line in lines:
		if line == start:
			on = True
		elif on and line.startswith("=== sbipmu: exit "):
			return field(blank_fields(line), 4)
	return ""


def first_match(lines, pattern, flags=0):
	"""The first line PATTERN matches anywhere in (grep -m 1), or ""."""
	rx = re.compile(pattern, flags)
	return next((x for x in lines if rx.search(x)), "")


def has(lines, pattern):
	return first_match(lines, pattern) != ""


def captures(lines, pattern):
	"""Group 1 of PATTERN on each line it matches (sed -n 's/...//p')."""
	rx = re.compile(pattern)
	return [m.group(1) for m in map(rx.search, lines) if m]


def first_capture(lines, pattern):
	"""Group 1 of PATTERN on the first line it matches, or ""."""
	found = captures(lines, pattern)
	return found[0] if found else ""


def stat_field(section, event, n):
	"""Field N of the first perf stat -x, line counting EVENT, or ""."""
	for line in section:
		f = comma_fields(line)
		if field(f, 3) == event:
			return field(f, n)
	return ""


def stat_count(section, event):
	return stat_field(section, event, 1)


def workload(section, key):
	"""KEY's value on the step's "workload: ..." line, or ""."""
	return first_capture(section,
			     rf"^workload: .*\b{re.escape(key)}=([0-9]*)")


def pu_line(section, test):
	"""The first "pmu-user: TEST ..." line of a step, or ""."""
	for line in section:
		f = blank_fields(line)
		if field(f, 1) == "pmu-user:" and field(f, 2) == test:
			return line
	return ""


def pu_result(line):
	"""A pmu-user line's verdict word (its third field)."""
	return field(blank_fields(line), 3)


def pu_field(line, key):
	"""The value of KEY= among a pmu-user line's space-separated words."""
	for word in line.split(" "):
		if word.startswith(key + "="):
			return word[len(key) + 1:]
	return ""


def words(line, first, last=None):
	"""Space-separated words FIRST..LAST (1-based) of a line, as cut -d' '
	-fFIRST-LAST gives them: a line without a space comes whole."""
	parts = line.split(" ")
	if len(parts) == 1:
		return line
	return " ".join(parts[first - 1:last])
