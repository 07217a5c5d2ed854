# SPDX-License-Identifier: BSD-2-Clause
"""Mutated copies of a linux-check console log and of a boot's settings,
for tests/scripts/linux_judge_identity.py: each copy changes what one or
more of the judge's checks read, so both judges take their FAIL (and
KNOWN) paths as well as their PASS paths.

Counts stay whole numbers and pmu-user fields keep their kind (a number
stays a number): the bash judge stopped the whole run on a value its
arithmetic could not read, which no judge of this kind should be asked.
"""

import re

# Lines some check reads.
WATCHED = re.compile(
	r"=== sbipmu: |workload: |pmu-user: |BENCH-SAMPLE|SOAK |"
	r"riscv-pmu-sbi|SBI specification|snapshot detected|Perf sampling|"
	r"samples\)|kallsyms|riscv-pmu|Performance counter stats|"
	r"^(CPU[0-9]+,)?[0-9.<][^,]*,[^,]*,[^,]+,")
INJECT = [
	"[   12.345678] WARNING: CPU: 1 PID: 77 at kernel/events/core.c:1 x",
	"[   12.345678] Kernel panic - not syncing: Attempted to kill init!",
	"[   12.345678] Unable to handle kernel paging request at 0x0",
	"[   12.345678] rcu: INFO: rcu_sched detected stalls on CPUs/tasks:",
	"[   12.345678] BUG: scheduling while atomic",
	"sbipmu: PANIC hart 1: counter state",
	"[    0.2] riscv-pmu-sbi: Failed to start counter 3",
	"[    0.2] riscv-pmu-sbi: SBI PMU snapshot detected",
	"[    0.2] riscv-pmu-sbi: Perf sampling/filtering is not supported "
	"as sscof extension is not available",
	"[    0.2] riscv-pmu-sbi: 16 firmware and 18 hardware counters",
	"[    0.1] SBI specification v1.0 detected",
	"BENCH-SAMPLE-ERROR row=cycles event=cycles short read",
	"BENCH-SAMPLE row=cycles rep=0 event=cycles period=1000 samples=3 "
	"count=1000000",
	"SOAK end elapsed=60 online=3",
	"SOAK activity=hotplug runs=0 failures=0",
	"=== sbipmu: done ===",
	"=== sbipmu: exit 0 after 1 s ===",
	"pmu-user: mode1:cycles FAIL back=3 zero=0 unreadable=0",
	"pmu-user: mode2:carry unavailable lone_carries=2 lone_wraps=0",
	"pmu-user: selfmon:instructions:sigtrap ok handled=0 expected=9 back=2",
	"workload: sigill=3 illegal=3 sigbus=9 misaligned_atomic_load=1",
	"7,,fw_fence_i_sent,1000,100.00,,",
	"CPU2,55,,cycles,1000,60.00,,",
	"<not counted>,,fw_ipi_sent,0,0.00,,",
	"1234,,cycles:u,1000,100.00,,",
]
WORDS = {"ok": ["FAIL", "unavailable"], "FAIL": ["ok"],
	 "unavailable": ["ok", "FAIL"], "sigill": ["read", "none"],
	 "read": ["sigill"], "cycle": ["instret"], "instret": ["cycle"],
	 "yes": ["no"]}
RELAX = ["", "fw-exact", "multiplex", "fw-remote", "snapshot",
	 "sbi-version", "fw-exact,fw-remote", "sbi-version,snapshot,multiplex",
	 "fw-exact,fw-remote,multiplex,snapshot,sbi-version"]


def watched(lines):
	return [i for i, x in enumerate(lines) if WATCHED.search(x)]


def new_number(rng, n):
	return str(rng.choice([0, 1, n - 1, n + 1, n + 10, n + 11, n * 2,
			       n // 2, n * 9 // 10, n * 100]))


def change_number(lines, rng):
	"""A number in a watched line: another number (or gone)."""
	idx = [i for i in watched(lines) if re.search(r"[0-9]", lines[i])]
	if not idx:
		return "no number"
	i = rng.choice(idx)
	spans = [m.span() for m in re.finditer(r"[0-9]+", lines[i])]
	a, b = rng.choice(spans)
	n = int(lines[i][a:b])
	rep = "" if rng.random() < 0.05 else new_number(rng, max(n, 0))
	lines[i] = lines[i][:a] + rep + lines[i][b:]
	return f"line {i + 1}: number {n} -> '{rep}'"


def change_word(lines, rng):
	"""A verdict or field word of a watched line: another one."""
	idx = [i for i in watched(lines) if any(
		re.search(rf"(^|[ =]){w}( |$)", lines[i]) for w in WORDS)]
	if not idx:
		return "no word"
	i = rng.choice(idx)
	parts = lines[i].split(" ")
	pos = [k for k, p in enumerate(parts) if p.split("=")[-1] in WORDS]
	k = rng.choice(pos)
	head, _, word = parts[k].rpartition("=")
	new = rng.choice(WORDS[word])
	parts[k] = (head + "=" if head else "") + new
	lines[i] = " ".join(parts)
	return f"line {i + 1}: {word} -> {new}"


def drop_line(lines, rng):
	idx = watched(lines)
	if not idx:
		return "nothing to drop"
	i = rng.choice(idx)
	return f"line {i + 1} dropped: {lines.pop(i)[:60]}"


def inject(lines, rng):
	i = rng.randrange(len(lines) + 1)
	text = rng.choice(INJECT)
	lines.insert(i, text)
	return f"at {i + 1}: {text[:60]}"


def change_exit(lines, rng):
	idx = [i for i, x in enumerate(lines) if x.startswith("=== sbipmu: exit ")]
	if not idx:
		return "no exit line"
	i = rng.choice(idx)
	word = rng.choice(["1", "2", "timeout", "139", ""])
	lines[i] = re.sub(r"exit \S*", f"exit {word}", lines[i], count=1)
	return f"line {i + 1}: exit {word}"


def cut_short(lines, rng):
	n = rng.randrange(len(lines) + 1)
	del lines[n:]
	return f"cut after line {n}"


def duplicate(lines, rng):
	idx = watched(lines)
	if not idx:
		return "nothing to copy"
	i = rng.choice(idx)
	j = rng.randrange(len(lines) + 1)
	lines.insert(j, lines[i])
	return f"line {i + 1} copied to {j + 1}"


def full_time(lines, rng):
	"""Every perf stat percentage 100 (no multiplexing) or 50."""
	pct = rng.choice(["100.00", "50.00"])
	for i, x in enumerate(lines):
		f = x.split(",")
		if len(f) >= 6 and re.fullmatch(r"[0-9.]+", f[4]):
			f[4] = pct
			lines[i] = ",".join(f)
	return f"perf percentages {pct}"


MUTATORS = [change_number] * 6 + [change_word] * 3 + [
	drop_line, drop_line, inject, inject, change_exit, cut_short,
	duplicate, full_time]


def mutate_log(lines, rng):
	"""(a mutated copy of LINES, what was done)."""
	out = list(lines)
	done = [rng.choice(MUTATORS)(out, rng)
		for _ in range(rng.choice([1, 1, 1, 2, 3]))]
	return out, "; ".join(done)


def mutate_params(case, rng):
	"""Settings to judge a mutated log with: mostly the boot's own."""
	p = {}
	r = rng.random()
	if r < 0.15:
		p["rc"] = rng.choice([1, 124, 255])
	if rng.random() < 0.3:
		p["relax"] = rng.choice(RELAX)
	if rng.random() < 0.15:
		p["arch"] = "rv32" if case["arch"] == "rv64" else "rv64"
	if rng.random() < 0.1:
		p["ssc"] = "no" if case["ssc"] == "yes" else "yes"
	if rng.random() < 0.1:
		p["snap"] = rng.choice(["auto", "on", "off"])
	if rng.random() < 0.1:
		p["min_sbi"] = rng.choice(["1.0", "2.0", "2.10", "3.0"])
	if rng.random() < 0.05:
		p["smp"] = rng.choice(["1", "2", "4"])
	return p
