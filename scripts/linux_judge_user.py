# SPDX-License-Identifier: BSD-2-Clause
"""linux-check's checks of user-space counter access and self-monitoring
(guest/pmu-user-access.c, guest/pmu-user-selfmon.c), for
scripts/linux_judge.py.

Each test prints "pmu-user: <test> <ok|FAIL|unavailable> key=value ...".
The judge checks the verdict word and, beside it, fields it reads itself,
so a lenient guest verdict cannot pass alone.

QEMU's RV32 cycle and instret counting is not one 64-bit counter: QEMU
derives each 32-bit half from its own clock, so the high half moves
without the low half wrapping and back, and a read is 2^32 off for part
of every 2^32 ticks (docs/rv32.md; OpenSBI 1.5.1 the same). On RV32 the
results that rest on those counters going forward are KNOWN, not judged,
when they fail; the dTLB ones, which QEMU counts event by event, stay
exact.
"""

import guest_log as gl
from linux_verdicts import arith

RV32_KNOWN_USER = ("mode1:cycles", "mode1:instructions", "mode2:cycles",
		   "mode2:instructions", "selfmon:instructions:sigtrap")
HALVES = "QEMU RV32 counter halves: "
SELFMON_RUNS = ("dTLB-load-misses:sigtrap", "dTLB-load-misses:fasync",
		"instructions:sigtrap")


def rv32_known(j, test):
	return j.b.arch == "rv32" and test in RV32_KNOWN_USER


def line_of(j, step, test):
	return gl.pu_line(j.section(step), test)


def first_bytes(text, n):
	"""The first N bytes of TEXT (cut -c counts bytes)."""
	raw = text.encode("utf-8", "surrogateescape")[:n]
	return raw.decode("utf-8", "surrogateescape")


def pu_expect(j, step, test, want, **fields):
	"""TEST's verdict is WANT and each of FIELDS has its value."""
	line = line_of(j, step, test)
	got = gl.pu_result(line)
	bad = "" if got == want else f"result '{got or 'missing'}', wanted {want}"
	for k, v in fields.items():
		if bad:
			break
		seen = gl.pu_field(line, k)
		if seen != v:
			bad = f"{k}={seen}, wanted {v}"
	if bad:
		j.v.fail(test, bad)
	else:
		j.v.ok(test, first_bytes(gl.words(line, 4), 110))


def pu_judge(j, step, test, want, **fields):
	"""pu_expect, except that a failing RV32 result of RV32_KNOWN_USER
	is the known QEMU fault."""
	line = line_of(j, step, test)
	if rv32_known(j, test) and gl.pu_result(line) != "ok":
		j.v.known(test, HALVES + gl.words(line, 3, 8))
	else:
		pu_expect(j, step, test, want, **fields)


def pu_exit(j, step):
	"""The step's exit, unless on RV32 every failure is a known one."""
	failing = [gl.field(f, 2) for f in map(gl.blank_fields, j.section(step))
		   if gl.field(f, 1) == "pmu-user:" and gl.field(f, 3) == "FAIL"]
	if j.b.arch == "rv32" and failing and \
			all(t in RV32_KNOWN_USER for t in failing):
		j.v.known(f"{step}:exit", "only known QEMU RV32 failures: " +
			  "".join(t + " " for t in failing))
	else:
		j.expect_exit(step, "0")


def carry(j, test):
	"""Reads across a wrap of the low 32 bits never go back. On QEMU RV32
	the test says "unavailable" only when it saw a half move without the
	other: that alone is known; a FAIL is judged as on RV64."""
	line = line_of(j, "user-access", test)
	if j.b.arch == "rv32" and gl.pu_result(line) == "unavailable":
		j.v.known(test, HALVES + gl.words(line, 3, 9))
	else:
		pu_expect(j, "user-access", test, "ok", back="0",
			  lone_carries="0", lone_wraps="0")


def user_access(j):
	"""kernel.perf_user_access 1, 2 and 0: every read() lies between the
	direct reads around it (one counter, counting up: no tolerance); in
	legacy mode Linux puts cycles/instructions on counters 0 and 2 with
	SKIP_MATCH and no prior match, which the firmware must take."""
	s = "user-access"
	pu_exit(j, s)
	pu_expect(j, s, "mode1:ungranted", "ok", rdcycle="sigill",
		  rdinstret="sigill")
	for e in ("cycles", "instructions", "dTLB-load-misses"):
		pu_judge(j, s, f"mode1:{e}", "ok", back="0", zero="0",
			 unreadable="0", bracketed="100/100", width="64")
		idx = gl.pu_field(line_of(j, s, f"mode1:{e}"), "index")
		j.v.expect(f"mode1:{e}:index", idx, "gt", 0)
	pu_expect(j, s, "mode2:idle", "ok", rdcycle="read", rdinstret="read")
	pu_judge(j, s, "mode2:cycles", "ok", index="1", counter="cycle",
		 back="0", zero="0", bracketed="100/100")
	pu_judge(j, s, "mode2:instructions", "ok", index="3",
		 counter="instret", back="0", zero="0", bracketed="100/100")
	carry(j, "mode1:carry")
	carry(j, "mode2:carry")
	pu_expect(j, s, "mode0:cycles", "ok", cap_user_rdpmc="0", index="0",
		  rdcycle="sigill", rdinstret="sigill", hpmcounter3="sigill")


def selfmon_run(j, test, exact):
	"""One overflow signal per overflow: exact for dTLB-load-misses
	(QEMU counts it one by one), 1..expected for instructions (QEMU
	7.2's overflow timer runs late)."""
	s = "selfmon"
	line = line_of(j, s, test)
	if rv32_known(j, test) and gl.pu_field(line, "back") != "0":
		j.v.known(test, HALVES + gl.words(line, 3, 9))
		return
	pu_expect(j, s, test, "ok", bad_signal="0", unreadable="0", low="0",
		  back="0")
	handled = gl.pu_field(line, "handled")
	expected = gl.pu_field(line, "expected")
	if exact:
		lo = arith(lambda x: x - 1, expected or "1")
		j.v.expect_range(f"{test}:handled", handled, lo, expected or "0")
		j.v.expect(f"{test}:skipped", gl.pu_field(line, "skipped"), "eq", 0)
	else:
		j.v.expect_range(f"{test}:handled", handled, 1, expected or "0")


def selfmon(j):
	"""An exclusive event keeps others off; then the overflow signals.
	Without Sscofpmf there is no overflow interrupt: sampling events
	must be refused. When Linux uses the snapshot area, its overflow
	handler restarts the counters with a base the firmware refuses
	(docs/self-monitoring.md), so a counter stays stopped after its
	first overflow until the next sched-in: only first overflows are
	judged there."""
	s = "selfmon"
	pu_expect(j, s, "selfmon:exclusive", "ok", pinned_read="0")
	running = gl.pu_field(line_of(j, s, "selfmon:exclusive"),
			      "flexible_running")
	j.v.expect("selfmon:exclusive:flexible-waited", running.split("/")[0],
		   "eq", 0)
	if j.b.ssc == "no":
		j.expect_exit(s, "0")
		for t in SELFMON_RUNS:
			pu_expect(j, s, f"selfmon:{t}", "unavailable")
		return
	if j.grep("SBI PMU snapshot detected"):
		j.v.ok(f"{s}:snapshot-restart", "Linux 6.12 bug, docs/facts.md "
		       "F1.12: only first overflows judged")
		for t in SELFMON_RUNS:
			j.v.expect(f"selfmon:{t}:handled", gl.pu_field(
				line_of(j, s, f"selfmon:{t}"), "handled"), "gt", 0)
		return
	pu_exit(j, s)
	selfmon_run(j, "selfmon:dTLB-load-misses:sigtrap", True)
	selfmon_run(j, "selfmon:dTLB-load-misses:fasync", True)
	selfmon_run(j, "selfmon:instructions:sigtrap", False)
