# SPDX-License-Identifier: BSD-2-Clause
"""One boot's verdicts as scripts/linux-check.sh prints them, and the
comparisons they are made of (scripts/linux_judge.py asks them).

Every assertion is one line: "PASS: <boot>/<name>" with an optional
" (detail)", "FAIL: <boot>/<name> (why)", or "KNOWN: <boot>/<name> (why)"
for a QEMU fault every firmware shows, which is reported, not judged.
Lines starting "# " (and the soak's indented ones) are information.

Counts arrive as the log's text. A figure the judge works out from them
(a bound, a sum) follows the shell's $((...)) rules the bash judge used:
an empty value is 0 and division truncates toward zero. A value that is
no whole number (bash stopped the whole run there) leaves the figure
empty, and the check it feeds fails.
"""

import re

from guest_log import is_int, is_num


def sh_int(s):
	"""S as a whole number in shell arithmetic ("" is 0), else None."""
	if s == "":
		return 0
	return int(s) if re.fullmatch(r"[+-]?[0-9]+", s) else None


def arith(fn, *values):
	"""fn of VALUES (text, or ints) as text; "" if one is no number."""
	nums = [v if isinstance(v, int) else sh_int(v) for v in values]
	if any(n is None for n in nums):
		return ""
	return str(fn(*nums))


def tdiv(a, b):
	"""a / b truncated toward zero, as the shell divides."""
	q = abs(a) // abs(b)
	return q if (a < 0) == (b < 0) else -q


def whole(got):
	"""A count's whole part (the shell's ${got%.*})."""
	return int(got.split(".")[0])


class Verdicts:
	"""The lines one boot's checks print, in order, with their tally."""

	def __init__(self, boot):
		self.boot = boot
		self.lines = []
		self.passed = 0
		self.failed = 0
		self.known_count = 0

	def ok(self, name, detail=""):
		more = f" ({detail})" if detail else ""
		self.lines.append(f"PASS: {self.boot}/{name}{more}")
		self.passed += 1

	def fail(self, name, why):
		self.lines.append(f"FAIL: {self.boot}/{name} ({why})")
		self.failed += 1

	def known(self, name, why):
		self.lines.append(f"KNOWN: {self.boot}/{name} ({why})")
		self.known_count += 1

	def info(self, text):
		self.lines.append(text)

	def check(self, name, why, ok):
		"""PASS NAME if OK, else FAIL it with WHY."""
		if ok:
			self.ok(name)
		else:
			self.fail(name, why)

	def expect(self, name, got, op, want):
		"""GOT compared with WANT by OP (eq, ge or gt), GOT's whole part."""
		want = str(want)
		if not is_int(want):
			self.fail(name, "no reference value (workload summary missing?)")
			return
		if not is_num(got):
			self.fail(name, f"got '{got or 'nothing'}', wanted a count "
				  f"{op} {want}")
			return
		g, w = whole(got), int(want)
		good = {"eq": g == w, "ge": g >= w, "gt": g > w}[op]
		if good:
			self.ok(name, got)
		else:
			self.fail(name, f"got {got}, wanted {op} {want}")

	def expect_range(self, name, got, lo, hi):
		"""LO <= GOT <= HI (GOT's whole part)."""
		lo, hi = str(lo), str(hi)
		if is_num(got) and is_int(lo) and is_int(hi) and \
				int(lo) <= whole(got) <= int(hi):
			self.ok(name, got)
		else:
			self.fail(name, f"got '{got or 'nothing'}', wanted {lo}..{hi}")
