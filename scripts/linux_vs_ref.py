#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""linux-check --ref: our run beside the reference firmware's.

  linux_vs_ref.py OURS.txt REF.txt

reads the output of two linux-check runs of the same matrix (ours, then
the reference's) and prints both side by side (the first 38 columns of
each result, under the reference's "-" where it has no such check), the
reference's "# yield" and "# boot" lines (a FAIL if it has no boot at
all), then one verdict per sampling yield row and the totals: our run's
"N passed, M failed" plus those verdicts. Exit status 1 if anything
failed.

The reference is reported, not judged, with one exception: the sampling
yield of the deterministic boot (1 hart, -icount shift=0) is the same
figure on both, so ours must not fall below the reference's. A yield is
whole samples over a fractional expectation, so each side is quantised
by up to one sample: ours passes if it is at least the reference's less
one sample of each (bench/sampling.py's rule for the same comparison).

Numbers are read and compared as awk did when this was bash: the
expected sample count is kept to six significant digits, and a figure
that is no number compares as text.
"""

import re
import sys

VERDICT = re.compile(r"^(PASS|FAIL|KNOWN): ")
TOTALS = re.compile(r"([0-9]*) passed, ([0-9]*) failed")
YIELD = re.compile(r"# yield ([a-z-]*): [0-9]* samples, count ([0-9]*) / "
		   r"period ([0-9]*), yield ([0-9.]*)")
AWK_NUMERIC = re.compile(r"[ \t]*[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)"
			 r"([eE][+-]?[0-9]+)?[ \t]*")


def read_lines(path):
	"""A file's lines, one character per byte (latin-1): the columns
	are cut and padded by bytes, as mawk did."""
	with open(path, encoding="latin-1", newline="") as f:
		lines = f.read().split("\n")
	if lines and lines[-1] == "":
		lines.pop()
	return lines


def key(line):
	"""A result's boot/check: no verdict word, no "(detail)"."""
	line = VERDICT.sub("", line, count=1)
	return line.split(" (", 1)[0]


def what(line):
	"""A result's verdict word and detail, cut at 38 characters."""
	v = line.split(":", 1)[0]
	m = re.match(r"[^(]* \(", line)
	if m:
		d = line[m.end():]
		v += " " + (d[:-1] if d.endswith(")") else d)
	return v[:38]


def side_by_side(ours, ref):
	"""A row per result of ours: its key, ours, the reference's ("-"
	where it has none)."""
	if not ref:
		# awk took the first file read as the reference while NR == FNR,
		# so an empty reference log made the whole table vanish.
		return []
	theirs = {key(x): what(x) for x in ref if VERDICT.match(x)}
	return ["  %-44s %-38s %s" % (key(x), what(x), theirs.get(key(x), "-"))
		for x in ours if VERDICT.match(x)]


def awk_str(x):
	"""How awk prints a number: whole ones in int range as integers,
	others to six significant digits."""
	if x == x and x not in (float("inf"), float("-inf")) and \
			x == int(x) and -2**31 < x < 2**31:
		return str(int(x))
	return "%.6g" % x


def awk_num(s):
	m = re.match(r"[ \t]*([+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?"
		     r"|[+-]?inf(inity)?|[+-]?nan)", s, re.IGNORECASE)
	return float(m.group(1)) if m else 0.0


def awk_div(a, b):
	"""a / b as awk computes it: no error for zero, an infinity."""
	if b == 0:
		return float("nan") if a == 0 or a != a else \
			float("inf") if a > 0 else float("-inf")
	return a / b


def yield_of(lines, row):
	"""(yield, expected samples) of ROW's first "# yield" line, as text;
	None if the line is missing or in another form."""
	for line in lines:
		m = YIELD.fullmatch(line)
		if m and m.group(1) == row:
			y, count, period = m.group(4), m.group(2), m.group(3)
			# awk split "Y COUNT PERIOD" at blanks: an empty Y shifts.
			f = [x for x in (y, count, period) if x] + ["", ""]
			return f[0], awk_str(awk_div(awk_num(f[1]), awk_num(f[2])))
	return None


def not_below(yo, eo, yr, er):
	"""Ours YO is at least the reference's YR less one sample of each."""
	bound = awk_num(yr) - awk_div(1, awk_num(eo)) - awk_div(1, awk_num(er))
	if AWK_NUMERIC.fullmatch(yo):
		return awk_num(yo) >= bound
	return yo >= awk_str(bound)


def yield_rows(ours):
	return [m.group(1) for m in map(re.compile(r"# yield ([a-z-]*)").match,
					ours) if m and m.group(1)]


def yield_verdicts(ours, ref):
	"""(lines, passed, failed) of the yield-vs-ref comparisons."""
	out, passed, failed = [], 0, 0
	for row in yield_rows(ours):
		yo, eo = yield_of(ours, row) or ("", "")
		theirs = yield_of(ref, row)
		yr, er = theirs or ("", "")
		if yr == "":
			out.append(f"# yield {row}: the reference gave no figure; "
				   f"ours {yo}")
		elif not_below(yo, eo, yr, er):
			out.append(f"PASS: yield-vs-ref:{row} (ours {yo}, reference "
				   f"{yr})")
			passed += 1
		else:
			out.append(f"FAIL: yield-vs-ref:{row} (ours {yo} < reference "
				   f"{yr} by more than one sample each)")
			failed += 1
	return out, passed, failed


def totals(ours):
	"""Our run's passed and failed counts (0 and 1 where it has none)."""
	m = next(filter(None, map(TOTALS.fullmatch, ours)), None)
	np, nf = m.groups() if m else ("", "")
	return int(np) if np else 0, int(nf) if nf else 1


def compare(ours, ref):
	"""Every line linux-check --ref prints after both runs, and whether
	the whole passes."""
	out = ["# side by side: ours | reference (first 38 columns of each "
	       "result)", "  %-44s %-38s %s" % ("boot/check", "ours",
					      "reference")]
	out += side_by_side(ours, ref)
	shown = ["# reference: " + x[2:] for x in ref
		 if x.startswith("# yield") or x.startswith("# boot")]
	np, nf = totals(ours)
	if not shown:
		# The reference's run stopped before its first boot (a bad
		# --ref-relax, say): nothing was compared.
		shown = ["FAIL: reference-run (no boot in its output)"]
		nf += 1
	lines, p, f = yield_verdicts(ours, ref)
	out += shown + lines + [f"{np + p} passed, {nf + f} failed"]
	return out, nf + f == 0


def main(argv):
	sys.stdout.reconfigure(encoding="latin-1")
	if len(argv) != 2:
		print("usage: linux_vs_ref.py OURS.txt REF.txt", file=sys.stderr)
		return 2
	try:
		ours, ref = read_lines(argv[0]), read_lines(argv[1])
	except OSError as e:
		print(f"linux_vs_ref: {e}", file=sys.stderr)
		return 2
	out, ok = compare(ours, ref)
	print("\n".join(out))
	return 0 if ok else 1


if __name__ == "__main__":
	sys.exit(main(sys.argv[1:]))
