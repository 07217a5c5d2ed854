#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""make boards-check: Linux 6.12's RISC-V board trees through the
firmware's own decoders, beside OpenSBI 1.5.1's generic platform.

Compiles every arch/riscv/boot/dts/**/*.dts as Linux's build does (cpp,
then dtc), runs build/tools/board-report on the blobs (the decoding is
all there, in the firmware's C; this script only compares and renders),
writes docs/boards.md and fails when
  (a) a board on which OpenSBI finds a console, an IPI and a timer is
      not served by ours with all three (every hart with an MSIP and an
      mtimecmp), whatever the gaps list says;
  (b) a board's decoded result differs from tests/data/boards-expected.txt
      (a tree that used to decode stops, or anything else changes:
      `make boards-update` takes a deliberate change);
  (c) the gaps (a device OpenSBI drives on a board and ours does not)
      differ from tests/data/boards-gaps.txt: a new one is a regression,
      a listed one now served must leave the list, which then holds it;
  (d) a compatible string of tests/data/opensbi-generic-drivers.txt is
      not in OpenSBI 1.5.1's image (the table must describe that build).
"""
import argparse
import concurrent.futures
import os
import pathlib
import re
import subprocess
import sys

CPP = ["cpp", "-nostdinc", "-I", "include", "-I", "arch/riscv/boot/dts",
       "-I", "scripts/dtc/include-prefixes", "-undef", "-D__DTS__",
       "-x", "assembler-with-cpp"]
DTC = ["dtc", "-q", "-I", "dts", "-O", "dtb"]
ROLES = ("console", "ipi", "timer", "reset")


# Boot-loader trees (tests/data/boards/): Linux's tree plus the nodes a
# boot loader adds, written from the SoC's documentation; named by this
# prefix and the Linux tree they include.
BOOT_LOADER = "boot-loader/"


def tree_source(board, extra):
    """The .dts of @board: Linux's, or a boot-loader tree of @extra."""
    if board.startswith(BOOT_LOADER):
        return str((extra / (board[len(BOOT_LOADER):] + ".dts")).resolve())
    return "arch/riscv/boot/dts/" + board + ".dts"


def compile_tree(src, board, out, extra):
    """One tree to a blob; returns None or the first line of the error."""
    dtb = out / (board + ".dtb")
    dtb.parent.mkdir(parents=True, exist_ok=True)
    dts = tree_source(board, extra)
    cpp = subprocess.run(CPP + [dts], cwd=src, capture_output=True)
    if cpp.returncode != 0:
        return "cpp: " + cpp.stderr.decode(errors="replace").strip()
    dtc = subprocess.run(DTC + ["-o", str(dtb), "-"], input=cpp.stdout,
                         capture_output=True)
    if dtc.returncode != 0:
        return "dtc: " + dtc.stderr.decode(errors="replace").strip()
    return None


def compile_all(src, out, extra):
    root = src / "arch/riscv/boot/dts"
    boards = sorted(str(p.relative_to(root))[:-4] for p in root.rglob("*.dts"))
    boards += sorted(BOOT_LOADER + str(p.relative_to(extra))[:-4]
                     for p in extra.rglob("*.dts"))
    with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 2) as pool:
        errors = list(pool.map(lambda b: compile_tree(src, b, out, extra),
                               boards))
    return boards, dict(zip(boards, errors))


def parse_line(line):
    fields = {}
    for item in line.rstrip("\n").split("\t"):
        key, _, value = item.partition("=")
        fields[key] = value
    return fields


def report(tool, table, out, boards, errors):
    """board -> the tool's line (a compile failure gives its own)."""
    ok = [b for b in boards if not errors[b]]
    lines = {}
    if ok:
        run = subprocess.run([str(tool), "--opensbi", str(table)] +
                             [b + ".dtb" for b in ok], cwd=out,
                             capture_output=True, text=True)
        if run.returncode != 0:
            sys.exit("boards-check: board-report failed: " + run.stderr)
        for line in run.stdout.splitlines():
            board = parse_line(line)["tree"][:-4]
            lines[board] = line.replace("tree=" + board + ".dtb",
                                        "tree=" + board, 1)
    for b in boards:
        if errors[b]:
            first = errors[b].splitlines()[0]
            lines[b] = "tree=%s\tcheck=not compiled: %s" % (b, first)
    return lines


# ---- what each side serves ----

def served(fields, role):
    """Does ours serve @role on this board?"""
    value = fields.get(role, "")
    if role == "console":
        return bool(value) and not value.startswith("none")
    if role in ("ipi", "timer"):
        m = re.match(r"(\d+)/(\d+)", value)
        return bool(m) and int(m.group(2)) > 0 and m.group(1) == m.group(2)
    return bool(value) and not value.startswith("none")


def osbi_items(fields, role):
    """OpenSBI's matches for @role: [(compatible, path or None, via)]."""
    value = fields.get("osbi_" + role, "-")
    if value in ("", "-"):
        return []
    if role != "reset":
        return [(value, None, None)]
    items = []
    for item in value.split("; "):
        m = re.match(r"(\S+) (\S+)(?: via (\S+))?$", item)
        items.append((m.group(1), m.group(2), m.group(3)))
    return items


def gaps_of(board, fields):
    """(board, role, compatible): what OpenSBI drives here and ours not."""
    if not fields.get("check") == "ok":
        return []
    gaps = []
    ours_reset = set(fields.get("reset_nodes", "-").split())
    for role in ROLES:
        for compat, path, _ in osbi_items(fields, role):
            if role == "reset":
                if path not in ours_reset:
                    gaps.append((board, role, compat))
            elif not served(fields, role):
                gaps.append((board, role, compat))
    return gaps


def osbi_full(fields):
    return all(osbi_items(fields, r) for r in ("console", "ipi", "timer"))


def short_of_opensbi(boards, fields):
    """(a): boards OpenSBI runs (console, IPI, timer) and ours cannot."""
    problems = []
    for b in boards:
        missing = [r for r in ("console", "ipi", "timer")
                   if not served(fields[b], r)]
        if fields[b].get("check") == "ok" and osbi_full(fields[b]) and missing:
            problems.append("%s: OpenSBI serves console, IPI and timer, ours "
                            "lacks %s" % (b, ", ".join(missing)))
    return problems


def self_test():
    """The check on made-up lines: each failure it exists for, it finds."""
    full = ("tree=%s\tcheck=ok\tconsole=uart ns16550a (stdout-path)"
            "\tipi=%s\ttimer=4/4 clint x1\treset=none\treset_nodes=-"
            "\tosbi_console=ns16550a\tosbi_ipi=%s\tosbi_timer=sifive,clint0"
            "\tosbi_reset=%s")
    lines = {
        "ok": full % ("ok", "4/4 clint x1", "sifive,clint0", "-"),
        "partial": full % ("partial", "3/4 clint x1", "sifive,clint0", "-"),
        "pmic": full % ("pmic", "4/4 clint x1", "sifive,clint0",
                        "dlg,da9063 /soc/i2c/pmic@58 via sifive,i2c0"),
        "noipi": full % ("noipi", "0/4", "-", "-"),
    }
    fields = {b: parse_line(v) for b, v in lines.items()}
    boards = sorted(lines)
    short = short_of_opensbi(boards, fields)
    assert short == ["partial: OpenSBI serves console, IPI and timer, ours "
                     "lacks ipi"], short
    gaps = {g for b in boards for g in gaps_of(b, fields[b])}
    assert gaps == {("partial", "ipi", "sifive,clint0"),
                    ("pmic", "reset", "dlg,da9063")}, gaps
    broken = dict(lines, ok="tree=ok\tcheck=not compiled: dtc: Error")
    diff = compare_lines(lines, broken)
    assert len(diff) == 1 and "ok: stopped decoding" in diff[0], diff
    assert compare_lines(lines, lines) == []
    print("boards-check: self-test OK")


# ---- the committed files ----

def read_gaps(path):
    gaps = set()
    for line in path.read_text().splitlines():
        line = line.split("#", 1)[0].split()
        if line:
            gaps.add(tuple(line[:3]))
    return gaps


def write_gaps(path, gaps, lines):
    text = [
        "# Known gaps, read by `make boards-check`: a device OpenSBI 1.5.1's",
        "# generic platform drives on a board of Linux 6.12 that our firmware",
        "# does not. One per line: board tree, role, OpenSBI's compatible.",
        "# The check fails on a gap missing here (a regression) and on a line",
        "# here that is no longer a gap (remove it: the check then holds the",
        "# board to it). `make boards-update` rewrites this file.",
    ]
    for board, role, compat in sorted(gaps):
        text.append("%-44s %-8s %s" % (board, role, compat))
    path.write_text("\n".join(text) + "\n")


def compare_golden(golden, lines):
    """Problems, as text: a board's line that changed, or a board gone."""
    want = {}
    for line in golden.read_text().splitlines():
        if line.strip():
            want[parse_line(line)["tree"]] = line
    return compare_lines(want, lines)


def compare_lines(want, lines):
    problems = []
    for board in sorted(set(want) | set(lines)):
        if board not in lines:
            problems.append("%s: tree no longer in Linux's source" % board)
        elif board not in want:
            problems.append("%s: new tree, not in the golden file" % board)
        elif want[board] != lines[board]:
            problems.append(describe_change(board, parse_line(want[board]),
                                            parse_line(lines[board])))
    return problems


def describe_change(board, old, new):
    if old.get("check") == "ok" and new.get("check") != "ok":
        return "%s: stopped decoding: %s" % (board, new.get("check"))
    diffs = ["%s: %r -> %r" % (k, old.get(k), new.get(k))
             for k in sorted(set(old) | set(new)) if old.get(k) != new.get(k)]
    return "%s: changed: %s" % (board, "; ".join(diffs))


def check_table(table, image):
    """Strings of the OpenSBI table missing from its 1.5.1 image."""
    if not image.is_file():
        print("boards-check: %s not found: OpenSBI table not checked "
              "against the image" % image)
        return []
    blob = image.read_bytes()
    missing = []
    for line in table.read_text().splitlines():
        words = line.split("#", 1)[0].split()
        if words and b"\0" + words[1].encode() + b"\0" not in blob:
            missing.append(words[1])
    return missing


# ---- docs/boards.md ----

HEADER = """\
# Real boards' device trees: ours beside OpenSBI 1.5.1

<!-- Generated by `make boards-check` (scripts/boards-check.py): edit the
script, not this file. -->

Every RISC-V board tree Linux 6.12 ships (`arch/riscv/boot/dts` of
Debian's linux-source-6.12), put through the firmware's own device-tree
decoders, beside what OpenSBI 1.5.1's generic platform would drive.

**How it is made.** `make boards-check` takes the trees, the bindings'
headers and the arm64 Renesas trees RZ/Five's include out of
`/usr/src/linux-source-6.12.tar.xz` once (into `build/boards/`),
compiles each `.dts` as Linux's build does (`cpp -nostdinc -I include -I
arch/riscv/boot/dts -I scripts/dtc/include-prefixes -undef -D__DTS__ -x
assembler-with-cpp`, then `dtc -I dts -O dtb`), and runs
`build/tools/board-report` on the blobs. That program is the firmware's
code built for the host: `platform_fdt_check()` and `platform_fdt_scan()`
(the enabled harts, and those whose `mmu-type` names an MMU: the harts
that run S-mode with paging; one without may still have S-mode, which
the firmware asks the hart itself at boot), the console decoder
given the firmware's console drivers themselves (the files of
`firmware/dev/` that register one) and their probes, the CLINT/ACLINT
decoder with the firmware's limits (each hart's MSIP for the IPI, else
its M-level IMSIC file, as the firmware rings a hart no MSWI reaches;
its mtimecmp for the timer), the reset, AIA and `riscv,pmu` decoders; it
judges as the RV64 firmware does (a probe refuses an address beyond the
pointer width, which only RV32 has to). The
OpenSBI columns come from `tests/data/opensbi-generic-drivers.txt`: the
compatible strings OpenSBI 1.5.1's drivers match, by role, with the
source file of each (every one of them is also found in the 1.5.1 image).
A role counts for OpenSBI when an enabled node carries one of its
strings (the stdout-path node first for the console); a reset through a
GPIO pin or an I2C PMIC counts only when OpenSBI also drives the pin's
controller or the bus.

**Boot-loader trees.** Where Linux's tree has no IPI or timer node
because the boot loader adds one to the tree it hands on, a test tree in
`tests/data/boards/` includes Linux's and adds those nodes, written from
the SoC's documentation (no such boot loader build is at hand here). It
is checked like the others and listed as `boot-loader/` and the Linux
tree it extends. Its devices are tested by decoding only: no QEMU
machine has them.

**What fails the check.** (a) A board on which OpenSBI finds a console,
an IPI and a timer, and ours lacks any of the three (IPI and timer must
reach every hart). (b) A board whose decoded result differs from
`tests/data/boards-expected.txt`, above all a tree that used to decode
and no longer does. (c) A gap (a device OpenSBI drives on a board and
ours does not) that `tests/data/boards-gaps.txt` does not list, or a
listed one that is closed: adding a driver shrinks that list, and the
check then holds the board to it.

**Regenerate.** `make boards-check` rewrites this file. After a
deliberate change to what a tree decodes to, `make boards-update`
rewrites the golden file and the gaps list; review their diff.
"""


def cell_console(f):
    ours = f.get("console", "")
    if ours.startswith("none"):
        ours = "**none**" if osbi_items(f, "console") else "none"
    else:
        ours = "`%s`" % ours.split()[1]
    return ours


def cell_timer(f, role):
    value = f.get(role, "")
    if not osbi_items(f, role) and value.startswith("0/"):
        return "no %s node in this tree" % ("IPI" if role == "ipi" else
                                             "timer")
    text = value.split(";")[0]
    return text if served(f, role) or not osbi_items(f, role) else \
        "**%s**" % text


def cell_reset(f):
    value = f.get("reset", "none").split(";")[0]
    return value.split(" (")[0]


def cell_osbi(f, role):
    items = osbi_items(f, role)
    if not items:
        return "none"
    return ", ".join("`%s`" % c + (" via `%s`" % v if v else "")
                     for c, _, v in items)


def cell_both(f, role, ours):
    osbi = cell_osbi(f, role)
    if role in ("ipi", "timer") and ours.startswith("no ") and osbi == "none":
        return ours + "; also none for OpenSBI"
    return "%s / %s" % (ours, osbi)


def board_row(board, f):
    if f.get("check") != "ok":
        return "| `%s` | %s | | | | | | |" % (board, f.get("check"))
    pmu = f.get("pmu", "none")
    pmu = pmu.split(" rows")[0] if pmu != "none" else "-"
    return "| `%s` | %s | %s (%s) | %s | %s | %s | %s | %s |" % (
        board, f.get("model") or "(no model)", f.get("harts"),
        f.get("smode"), cell_both(f, "console", cell_console(f)),
        cell_both(f, "ipi", cell_timer(f, "ipi")),
        cell_both(f, "timer", cell_timer(f, "timer")),
        cell_both(f, "reset", cell_reset(f)), pmu)


def totals(boards, fields):
    rows = []
    for role in ROLES:
        ours = sum(served(fields[b], role) for b in boards)
        osbi = sum(bool(osbi_items(fields[b], role)) for b in boards)
        rows.append("| %s | %d | %d |" % (role, ours, osbi))
    both = sum(all(served(fields[b], r) for r in ("ipi", "timer"))
               for b in boards)
    osbi = sum(all(osbi_items(fields[b], r) for r in ("ipi", "timer"))
               for b in boards)
    rows.append("| IPI and timer | %d | %d |" % (both, osbi))
    return rows


def details(board, f):
    """Why a role is missing, and anything refused, for one board."""
    notes = []
    if f.get("console", "").startswith("none"):
        notes.append("console " + f["console"])
    if f.get("refused", "0") != "0":
        notes.append("timer nodes refused: " + f["refused"])
    if ";" in f.get("reset", ""):
        notes.append("reset" + f["reset"].split(";", 1)[1])
    if f.get("timebase", "").startswith("none"):
        notes.append("timebase " + f["timebase"])
    return ["- `%s`: %s" % (board, n) for n in notes]


def render(boards, fields, gaps):
    out = [HEADER, "## Totals", "",
           "Boards (of %d) on which each side serves a role (IPI and timer: "
           "every hart)." % len(boards), "",
           "| role | ours | OpenSBI 1.5.1 |", "|---|---|---|"]
    out += totals(boards, fields)
    out += ["", "## Boards", "",
            "Each cell: ours / OpenSBI. Harts: enabled cpus (in brackets, "
            "those with an MMU, i.e. S-mode with paging). IPI and timer: harts served / harts, and the devices. "
            "PMU: rows of the `riscv,pmu` node (event-to-mhpmevent / "
            "event-to-mhpmcounters / raw-event-to-mhpmcounters), all "
            "decoded without error. Reset: the SRST types ours offers / the "
            "devices OpenSBI would use; a reset gap is an OpenSBI device "
            "whose node ours does not use. **Bold**: OpenSBI has it, ours "
            "not.", "",
            "| Board (tree) | Model | Harts | Console | IPI | Timer | Reset "
            "| PMU rows |", "|---|---|---|---|---|---|---|---|"]
    out += [board_row(b, fields[b]) for b in boards]
    out += ["", "## Known gaps", "",
            "What OpenSBI 1.5.1 drives and ours does not, as "
            "`tests/data/boards-gaps.txt` lists it:", ""]
    out += ["- `%s`: %s `%s`" % g for g in sorted(gaps)] or ["- none"]
    out += ["", "Trees with no IPI or timer node (FU540, FU740, the D1 "
            "boards, RZ/Five): the boot loader adds the CLINT (or Andes' "
            "PLICSW/PLMT) to the tree it hands on; Linux's tree alone gives "
            "neither firmware one. `boot-loader/renesas/r9a07g043f01-smarc` "
            "is RZ/Five's with the PLICSW and PLMT its boot loader adds.",
            "", "## Details", ""]
    out += [n for b in boards for n in details(b, fields[b])] or ["- none"]
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser()
    paths = ("src", "out", "tool", "opensbi", "opensbi-bin", "golden",
             "gaps", "doc", "boot-loader-trees")
    for opt in paths:
        ap.add_argument("--" + opt, type=pathlib.Path)
    ap.add_argument("--update", action="store_true")
    ap.add_argument("--self-test", action="store_true")
    ap.add_argument("--compile", metavar="BOARD")
    args = ap.parse_args()
    if args.self_test:
        self_test()
        return 0
    if args.compile:
        # One tree for a boot (make run MACHINE=icicle), compiled as the
        # check compiles it: OUT/dtb/BOARD.dtb.
        if args.src is None or args.out is None:
            ap.error("--compile needs --src and --out")
        if (args.compile.startswith(BOOT_LOADER) and
                args.boot_loader_trees is None):
            ap.error("--compile of a boot-loader tree needs "
                     "--boot-loader-trees")
        error = compile_tree(args.src, args.compile, args.out / "dtb",
                             args.boot_loader_trees)
        if error:
            print("boards-check: %s: %s" % (args.compile, error))
        return 1 if error else 0
    if any(getattr(args, p.replace("-", "_")) is None for p in paths):
        ap.error("every path option is needed")

    out = args.out / "dtb"
    boards, errors = compile_all(args.src, out, args.boot_loader_trees)
    lines = report(args.tool.resolve(), args.opensbi.resolve(), out, boards,
                   errors)
    fields = {b: parse_line(lines[b]) for b in boards}
    gaps = {g for b in boards for g in gaps_of(b, fields[b])}

    problems = ["OpenSBI table: %s is not in %s" % (c, args.opensbi_bin)
                for c in check_table(args.opensbi, args.opensbi_bin)]
    problems += short_of_opensbi(boards, fields)
    if args.update:
        args.golden.write_text("".join(lines[b] + "\n" for b in boards))
        write_gaps(args.gaps, gaps, lines)
    else:
        problems += compare_golden(args.golden, lines)
        listed = read_gaps(args.gaps)
        problems += ["%s: new gap: %s %s (OpenSBI drives it, ours not)" % g
                     for g in sorted(gaps - listed)]
        problems += ["%s: %s %s is served now: remove it from %s" %
                     (g + (args.gaps,)) for g in sorted(listed - gaps)]
    args.doc.write_text(render(boards, fields, gaps))
    decoded = sum(fields[b].get("check") == "ok" for b in boards)
    for p in problems:
        print("boards-check: FAIL: " + p)
    print("boards-check: %d trees, %d decoded, %d gaps listed, %d problems%s"
          % (len(boards), decoded, len(gaps), len(problems),
             " (golden and gaps rewritten)" if args.update else ""))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
