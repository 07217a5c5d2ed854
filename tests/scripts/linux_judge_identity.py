#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""make linux-judge-identity: the Python judge of scripts/linux-check.sh
gives the verdicts its bash judge gave, line for line, on real and
mutated console logs. Nothing here boots QEMU.

  linux_judge_identity.py [--mutations N] [--seed S] [--no-e2e] DIR...

Each DIR holds one linux-check run's console logs (BOOT.log, as
linux-check leaves them in its --log-dir; ref/BOOT.log for --ref) and,
optionally, BOOT.rc with QEMU's exit code and transcript.txt with the
run's own output (linux-check's stdout), which supplies the exit codes,
the arch and the --relax list; otherwise a DIR whose path names rv32 is
an RV32 run. The boot's name gives the rest (MODE-smpN-ssc|nossc[-snap|
-nosnap], as linux-check's matrix names them).

The bash judge is taken from the last revision of scripts/linux-check.sh
that had it (the working tree's or HEAD's until the switch to the Python
judge is committed, then the switching commit's parent), with its
scripts/guest-log.sh.

Two comparisons:
  boots  each log, and N mutated copies of it (lines dropped, counts and
         verdict words changed, kernel splats, panics and errors injected,
         steps cut short, with other QEMU exit codes, --relax lists,
         arches, Sscofpmf and snapshot settings), judged by the bash
         functions (sourced, one boot per subshell) and by
         scripts/linux_judge.py;
  runs   whole linux-check.sh runs, old script and new, with
         scripts/linux-run.sh replaced by a copy of the fixture log (and
         QEMU's version query faked): the boot matrix, totals, exit
         status and --ref's side-by-side and yield verdicts, on real and
         mutated log sets.
Any difference is printed; exit status 1 if there was one.
"""

import argparse
import concurrent.futures
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import guest_log  # noqa: E402
import linux_judge  # noqa: E402
import linux_mutate  # noqa: E402

CHECK = "scripts/linux-check.sh"
OLD_MARK = "check_boot_common() {"
BOOT_NAME = re.compile(r"([a-z]+)-smp([0-9]+)-(ssc|nossc)(-snap|-nosnap)?")
BOOT_LINE = re.compile(r"# boot (\S+): smp=\S+ sscofpmf=\S+ mode=\S+: "
		       r"[0-9]+ s, qemu exit ([0-9]+), log")
SNAP = {None: "auto", "-snap": "on", "-nosnap": "off"}
# Whole runs on mutated logs, per run directory.
MUTATED_SETS = 4


# ---- the old judge ----

def git(*args):
	return subprocess.run(["git", "-C", ROOT, *args], check=True,
			      capture_output=True, text=True).stdout


def old_sources():
	"""(linux-check.sh, guest-log.sh) of the last bash judge."""
	with open(os.path.join(ROOT, CHECK), encoding="utf-8") as f:
		text = f.read()
	if OLD_MARK in text:
		with open(os.path.join(ROOT, "scripts/guest-log.sh"),
			  encoding="utf-8") as f:
			return text, f.read(), "working tree"
	rev = "HEAD"
	if OLD_MARK not in git("show", f"{rev}:{CHECK}"):
		# The newest commit that changed how often the mark occurs
		# removed it.
		rev = git("log", "-S", OLD_MARK, "--format=%H", "-1", "--",
			  CHECK).strip() + "^"
	return (git("show", f"{rev}:{CHECK}"),
		git("show", f"{rev}:scripts/guest-log.sh"), rev)


def between(lines, start, end):
	"""Lines from the one matching START up to (not with) END's."""
	i = next(n for n, x in enumerate(lines) if re.match(start, x))
	j = next(n for n in range(i + 1, len(lines)) if re.match(end, lines[n]))
	return lines[i:j]


def old_driver(check_text, guest_log_path):
	"""A bash script judging the cases in the file named by $1
	("|"-separated fields) with the old functions, each in a
	subshell; "@@COUNTS P F K" or "@@ABORT" ends each case's lines."""
	lines = check_text.split("\n")
	relaxed = [x for x in lines if x.startswith("relaxed() {")]
	funcs = between(lines, r"# --- results -", r"# --- the matrix -")
	funcs = [x.replace('"$(dirname "$0")/guest-log.sh"', guest_log_path)
		 for x in funcs]
	body = between(lines, r'\techo "# boot \$boot:', r"done$")[1:]
	return "\n".join(["set -euo pipefail", "arch=rv64 relax=, min_sbi=2.0 "
			  "soak=0"] + relaxed + funcs + [
		"set +e",
		"while IFS='|' read -r -u 3 boot mode smp ssc snap rc arch relax "
		"min_sbi log; do",
		"(",
		"set -e",
		'soak=0; [ "$mode" != soak ] || soak=60',
		'relax=",$relax,"', "npass=0 nfail=0 nknown=0"] + body + [
		'echo "@@COUNTS $npass $nfail $nknown"',
		') || echo "@@ABORT"',
		"echo @@END",
		'done 3<"$1"', ""])


def case_fields(c):
	return "|".join(str(c[k]) for k in ("boot", "mode", "smp", "ssc",
					    "snap", "rc", "arch", "relax",
					    "min_sbi", "log"))


def run_old(driver, cases, tmp, jobs):
	"""The old judge's (lines, counts or None) per case, JOBS bash
	processes at once."""
	chunks = [cases[i::jobs] for i in range(jobs)]
	with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
		parts = list(pool.map(lambda n: run_old_chunk(
			driver, chunks[n], tmp, n), range(jobs)))
	results = [None] * len(cases)
	for n, part in enumerate(parts):
		results[n::jobs] = part
	return results


def run_old_chunk(driver, cases, tmp, n):
	path = os.path.join(tmp, f"cases{n}.txt")
	with open(path, "w", encoding="utf-8") as f:
		f.write("".join(case_fields(c) + "\n" for c in cases))
	out = subprocess.run(["bash", "-c", driver, "old-judge", path],
			     capture_output=True, cwd=tmp).stdout
	text = out.decode("utf-8", "surrogateescape")
	results = []
	for part in text.split("@@END\n")[:-1]:
		lines = part.split("\n")[:-1]
		last = lines.pop() if lines else "@@ABORT"
		counts = None if last == "@@ABORT" else tuple(
			int(x) for x in last.split()[1:])
		results.append((lines, counts))
	return results


def run_new(c):
	"""The Python judge's (lines, counts) for a case."""
	boot = linux_judge.Boot(c["boot"], c["mode"], int(c["smp"]), c["ssc"],
				c["snap"], int(c["rc"]), c["arch"],
				[x for x in c["relax"].split(",") if x],
				c["min_sbi"])
	v = linux_judge.judge(boot, guest_log.read_log(c["log"]))
	return v.lines, (v.passed, v.failed, v.known_count)


# ---- cases ----

def transcript_info(d):
	"""(rc per boot, arch, relax) from a run's transcript, if kept."""
	rcs, arch, relax = {}, "rv32" if "rv32" in d else "rv64", ""
	# linux-check --ref keeps both runs' output: ours.txt beside our
	# logs, ref.txt beside ref/.
	paths = [os.path.join(d, x) for x in ("transcript.txt", "ours.txt")]
	if os.path.basename(os.path.normpath(d)) == "ref":
		paths.append(os.path.join(d, "..", "ref.txt"))
	path = next((x for x in paths if os.path.exists(x)), None)
	if path is None:
		return rcs, arch, relax
	for line in guest_log.read_log(path):
		m = BOOT_LINE.match(line)
		if m:
			rcs[m.group(1)] = int(m.group(2))
		elif line.startswith("# rv32 guest"):
			arch = "rv32"
		elif line.startswith("# firmware: ") and "; relaxed: " in line:
			relax = ",".join(line.split("; relaxed: ", 1)[1].split())
	return rcs, arch, relax


def real_cases(d):
	"""A case per BOOT.log of run directory D."""
	rcs, arch, relax = transcript_info(d)
	cases = []
	for name in sorted(os.listdir(d)):
		m = BOOT_NAME.fullmatch(name[:-4]) if name.endswith(".log") else None
		if not m:
			continue
		boot = name[:-4]
		rc = rcs.get(boot, 0)
		rc_file = os.path.join(d, boot + ".rc")
		if os.path.exists(rc_file):
			with open(rc_file, encoding="utf-8") as f:
				rc = int(f.read().strip() or 0)
		cases.append({"boot": boot, "mode": m.group(1), "smp": m.group(2),
			      "ssc": "yes" if m.group(3) == "ssc" else "no",
			      "snap": SNAP[m.group(4)], "rc": rc, "arch": arch,
			      "relax": relax, "min_sbi": "2.0",
			      "log": os.path.join(d, name)})
	return cases


def mutated_cases(real, n, rng, out_dir):
	"""N mutated copies of each real case, logs written to OUT_DIR."""
	cases = []
	for c in real:
		lines = guest_log.read_log(c["log"])
		for i in range(n):
			new_lines, what = linux_mutate.mutate_log(lines, rng)
			m = dict(c, **linux_mutate.mutate_params(c, rng))
			m["what"] = what
			path = os.path.join(out_dir, f"{c['boot']}.{len(cases)}.log")
			with open(path, "w", encoding="utf-8",
				  errors="surrogateescape") as f:
				f.write("".join(x + "\n" for x in new_lines))
			m["log"] = path
			cases.append(m)
	return cases


def compare_boots(cases, driver, tmp, jobs):
	"""(diffs, aborted) over CASES, printing each difference."""
	diffs, aborted = 0, 0
	for c, (old, old_counts) in zip(cases, run_old(driver, cases, tmp,
							jobs)):
		if old_counts is None:
			aborted += 1
			print(f"# bash judge stopped: {c['boot']} {c.get('what', '')}")
			continue
		new, new_counts = run_new(c)
		if (old, old_counts) != (new, new_counts):
			diffs += 1
			show_diff(c, old, new, old_counts, new_counts)
	return diffs, aborted


def show_diff(c, old, new, old_counts, new_counts):
	print(f"DIFF: {c['log']} ({case_fields(c)}; {c.get('what', 'real')})")
	for i in range(max(len(old), len(new))):
		a = old[i] if i < len(old) else "<none>"
		b = new[i] if i < len(new) else "<none>"
		if a != b:
			print(f"  line {i + 1}:\n    bash:   {a}\n    python: {b}")
	if old_counts != new_counts:
		print(f"  counts: bash {old_counts}, python {new_counts}")


def synthetic_runs(tmp):
	"""Run directories of the unit tests' logs, RV64 and RV32."""
	import test_linux_judge as t
	logs = {"check-smp2-ssc": t.check_log(),
		"check-smp1-nossc": t.check_log(1, ssc=False, snapshot=True),
		"check-smp2-ssc-snap": t.check_log(snapshot=True),
		"check-smp4-ssc": t.check_log(4),
		"demo-smp2-ssc": t.check_log(),
		"yield-smp1-ssc": t.yield_log(),
		"modes-smp1-ssc": t.modes_log(),
		"soak-smp4-ssc": t.soak_log()}
	dirs = []
	for arch in ("rv64", "rv32"):
		d = os.path.join(tmp, f"synthetic-{arch}")
		os.makedirs(d)
		for name, lines in logs.items():
			with open(os.path.join(d, name + ".log"), "w",
				  encoding="utf-8") as f:
				f.write("".join(x + "\n" for x in lines))
		dirs.append(d)
	return dirs


# ---- whole runs ----

FAKE_RUN = """#!/usr/bin/env bash
# linux-run.sh for linux_judge_identity.py: the fixture log of the boot
# whose raw log is asked for (FAKE_LOGS, or FAKE_LOGS/ref for --ref's
# boots), and its exit code; none and 1 for a boot without one.
log=""
while [ $# -gt 0 ]; do
	[ "$1" = --log ] && log=$2
	shift
done
boot=$(basename "$log" .raw)
dir=$FAKE_LOGS
case $log in */ref/*) dir=$FAKE_LOGS/ref ;; esac
if [ ! -f "$dir/$boot.log" ]; then
	: >"$log"
	exit 1
fi
cp "$dir/$boot.log" "$log"
[ ! -f "$dir/$boot.rc" ] || exit "$(cat "$dir/$boot.rc")"
exit 0
"""
FAKE_QEMU = """#!/bin/sh
echo "QEMU emulator version 10.0.2 (linux_judge_identity)"
"""
FAKE_ACCEPTS = """#!/bin/sh
[ "${FAKE_SMCNTRPMF:-1}" = 1 ]
"""


def script_dir(tmp, name, files):
	"""A scripts/ copy in TMP/NAME from FILES {name: text}, with fakes."""
	d = os.path.join(tmp, name, "scripts")
	os.makedirs(d)
	files = dict(files, **{"linux-run.sh": FAKE_RUN,
			       "qemu-accepts.sh": FAKE_ACCEPTS})
	for fname, text in files.items():
		path = os.path.join(d, fname)
		with open(path, "w", encoding="utf-8") as f:
			f.write(text)
		os.chmod(path, 0o755)
	return d


def new_files():
	keep = ("linux-check.sh", "guest-log.sh")
	d = os.path.join(ROOT, "scripts")
	out = {}
	for fname in os.listdir(d):
		if fname in keep or fname.endswith(".py"):
			with open(os.path.join(d, fname), encoding="utf-8") as f:
				out[fname] = f.read()
	return out


def normalise(text):
	"""A run's output without its timings."""
	text = re.sub(r": [0-9]+ s, qemu exit", ": T s, qemu exit", text)
	text = re.sub(r"(boots in) [0-9]+ s", r"\1 T s", text)
	return text.replace("\x00", "")


def run_script(sdir, args, logs, tmp, env_extra):
	out_dir = tempfile.mkdtemp(dir=tmp)
	env = dict(os.environ, FAKE_LOGS=logs, BUILD=os.path.join(tmp, "b"),
		   PATH=os.path.join(tmp, "bin") + ":" + os.environ["PATH"],
		   **env_extra)
	p = subprocess.run([os.path.join(sdir, "linux-check.sh"), *args,
			    "--log-dir", out_dir, "--firmware", "fw.bin"],
			   capture_output=True, env=env, cwd=tmp)
	text = p.stdout.decode("utf-8", "surrogateescape")
	return normalise(text.replace(out_dir, "LOGDIR")), p.returncode


def compare_runs(runs, old_dir, new_dir, tmp):
	"""(diffs, boots) over whole runs [(args, logs, env)]."""
	diffs = boots = 0
	for args, logs, env in runs:
		old = run_script(old_dir, args, logs, tmp, env)
		new = run_script(new_dir, args, logs, tmp, env)
		boots += len(re.findall(r"^# (reference: )?boot ", old[0], re.M))
		if old != new:
			diffs += 1
			print(f"DIFF: run {' '.join(args)} on {logs} {env}:")
			show_text_diff(old, new)
	return diffs, boots


def show_text_diff(old, new):
	a, b = old[0].split("\n"), new[0].split("\n")
	for i in range(max(len(a), len(b))):
		x = a[i] if i < len(a) else "<none>"
		y = b[i] if i < len(b) else "<none>"
		if x != y:
			print(f"  line {i + 1}:\n    old: {x}\n    new: {y}")
	if old[1] != new[1]:
		print(f"  exit status: old {old[1]}, new {new[1]}")


def fixture_set(cases, tmp, name, ref_cases=None):
	"""A directory of BOOT.log/BOOT.rc for CASES (and ref/ for --ref)."""
	d = os.path.join(tmp, name)
	for sub, group in (("", cases), ("ref", ref_cases or [])):
		os.makedirs(os.path.join(d, sub), exist_ok=True)
		for c in group:
			base = os.path.join(d, sub, c["boot"])
			shutil.copyfile(c["log"], base + ".log")
			with open(base + ".rc", "w", encoding="utf-8") as f:
				f.write(f"{c['rc']}\n")
	return d


def set_kinds(d):
	"""(has a soak log, has other logs) of a fixture set."""
	logs = [x for x in os.listdir(d) if x.endswith(".log")]
	soak = "soak-smp4-ssc.log" in logs
	return soak, len(logs) > soak


def run_list(real_sets, mutated_sets, rng):
	"""The whole runs: each real set with every kind of matrix (a soak
	set with --soak), each mutated set with its own arch's quick matrix
	(--ref on half of them)."""
	runs = []
	for d, arch in real_sets:
		a = ["--arch", arch]
		soak, matrix = set_kinds(d)
		if soak:
			runs += [(a + ["--soak", "60"], d, {}),
				 (a + ["--soak", "60", "--relax", "fw-exact"], d, {})]
		if not matrix:
			continue
		runs += [(a + ["--quick"], d, {}), (a, d, {}),
			 (a + ["--quick"], d, {"FAKE_SMCNTRPMF": "0"}),
			 (a + ["--quick", "--relax", "fw-exact,multiplex"], d, {}),
			 (a + ["--quick", "--relax", "sbi-version,snapshot,fw-remote",
			       "--min-sbi", "3.0"], d, {}),
			 (a + ["--quick", "--ref", "ref.bin"], d, {}),
			 (a + ["--quick", "--ref", "ref.bin", "--relax", "fw-exact",
			       "--ref-relax", "sbi-version,snapshot"], d, {})]
	for d, arch in mutated_sets:
		a = ["--arch", arch]
		soak, matrix = set_kinds(d)
		if soak:
			runs.append((a + ["--soak", "60"], d, {}))
		if not matrix:
			continue
		a.append("--quick")
		if rng.random() < 0.5:
			a += ["--ref", "ref.bin"]
		if rng.random() < 0.3:
			a += ["--relax", rng.choice(["fw-exact", "multiplex",
						     "fw-remote,snapshot"])]
		runs.append((a, d, {}))
	return runs


def main(argv):
	p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
	p.add_argument("dirs", nargs="*", help="runs' log directories")
	p.add_argument("--mutations", type=int, default=20,
		       help="mutated copies of each log (default 20)")
	p.add_argument("--seed", type=int, default=1)
	p.add_argument("--jobs", type=int, default=2,
		       help="bash judges at once (default 2)")
	p.add_argument("--synthetic", action="store_true",
		       help="also the unit tests' logs (tests/scripts/"
		       "test_linux_judge.py), as an RV64 and an RV32 run")
	p.add_argument("--no-e2e", action="store_true",
		       help="compare the judges only, no whole runs")
	a = p.parse_args(argv)
	rng = random.Random(a.seed)
	check_text, guest_text, rev = old_sources()
	with tempfile.TemporaryDirectory(prefix="lji-") as tmp:
		if a.synthetic:
			a.dirs += synthetic_runs(tmp)
		gpath = os.path.join(tmp, "old-guest-log.sh")
		with open(gpath, "w", encoding="utf-8") as f:
			f.write(guest_text)
		driver = old_driver(check_text, gpath)
		real = [c for d in a.dirs for c in real_cases(d)]
		real += [c for d in a.dirs if os.path.isdir(os.path.join(d, "ref"))
			 for c in real_cases(os.path.join(d, "ref"))]
		mut_dir = os.path.join(tmp, "mutated")
		os.makedirs(mut_dir)
		mutated = mutated_cases(real, a.mutations, rng, mut_dir)
		diffs, aborted = compare_boots(real + mutated, driver, tmp,
					       a.jobs)
		print(f"linux-judge-identity: bash judge of {rev}; boots: "
		      f"{len(real)} real logs, {len(mutated)} mutated, "
		      f"{diffs} differ, {aborted} stopped the bash judge")
		run_diffs = 0
		if not a.no_e2e:
			run_diffs = whole_runs(a.dirs, real, mutated, check_text,
					       guest_text, rng, tmp)
	return 1 if diffs or run_diffs else 0


def whole_runs(dirs, real, mutated, check_text, guest_text, rng, tmp):
	os.makedirs(os.path.join(tmp, "bin"))
	with open(os.path.join(tmp, "bin", "qemu-system-riscv64"), "w",
		  encoding="utf-8") as f:
		f.write(FAKE_QEMU)
	os.chmod(os.path.join(tmp, "bin", "qemu-system-riscv64"), 0o755)
	old_dir = script_dir(tmp, "old", {"linux-check.sh": check_text,
					  "guest-log.sh": guest_text})
	new_dir = script_dir(tmp, "new", new_files())
	real_sets = [(fixture_set([c for c in real if same_dir(c["log"], d)],
				  tmp, f"set{i}", _ref(d)), arch_of(d))
		     for i, d in enumerate(dirs)]
	mutated_sets = mutated_fixture_sets(real_sets, mutated, rng, tmp)
	runs = run_list(real_sets, mutated_sets, rng)
	diffs, boots = compare_runs(runs, old_dir, new_dir, tmp)
	print(f"linux-judge-identity: whole runs: {len(runs)} runs, {boots} "
	      f"boots, {diffs} differ")
	return diffs


def same_dir(path, d):
	return os.path.abspath(os.path.dirname(path)) == os.path.abspath(d)


def _ref(d):
	r = os.path.join(d, "ref")
	return real_cases(r) if os.path.isdir(r) else None


def arch_of(d):
	return transcript_info(d)[1]


def mutated_fixture_sets(real_sets, mutated, rng, tmp):
	"""Sets of mutated logs: per real set, MUTATED_SETS sets, each boot's
	log picked from its mutated copies."""
	sets = []
	for n, (d, arch) in enumerate(real_sets):
		boots = [x[:-4] for x in os.listdir(d) if x.endswith(".log")]
		for k in range(MUTATED_SETS):
			pick = []
			for b in boots:
				mine = [c for c in mutated if c["boot"] == b and
					c["arch"] == arch]
				if mine:
					pick.append(rng.choice(mine))
			if pick:
				sets.append((fixture_set(pick, tmp, f"mset{n}.{k}",
							 pick), arch))
	return sets


if __name__ == "__main__":
	sys.exit(main(sys.argv[1:]))
