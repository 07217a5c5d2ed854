#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""The firmware's layers, checked (docs/firmware.md, "Layout").

firmware/ has one folder per layer, bottom to top:

    cpu < rt < arch < dev < machine < ext < boot

A file may include headers of its own folder and of the folders below
it, never above. Every include of a firmware header names its folder
("cpu/csr.h"), so a reader sees the layer at the include; the build puts
only firmware/ on the include path. And no two headers include each
other, directly or through others (no include cycle).

With --calls OBJ_DIR (the firmware's objects, firmware/<layer>/<file>.o
below OBJ_DIR) the same rules hold for calls and data: which object uses
a symbol which other object defines, as nm tells. No object uses one of
a layer above, and no objects use each other in a circle. The one
exception is where the hardware enters: cpu/entry.S calls the boot and
the trap and ecall handlers at the top (VECTORS below); those calls are
the firmware's entry points, not dependencies, and are left out.

Prints each violation as FILE:LINE: what, and "layers-check: N files, M
includes, OK" or "... K problem(s)". Exit status 1 on any problem.
usage: layers-check.py [FIRMWARE_DIR | --calls OBJ_DIR [NM] | --self-test]
"""
import os
import re
import sys

LAYERS = ["cpu", "rt", "arch", "dev", "machine", "ext", "boot"]
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def sources(root):
    """Every C, header and assembly file under root, as (folder, path)."""
    for folder in sorted(os.listdir(root)):
        path = os.path.join(root, folder)
        if not os.path.isdir(path):
            continue
        for name in sorted(os.listdir(path)):
            if name.endswith((".c", ".h", ".S")):
                yield folder, os.path.join(path, name)


def includes(path):
    """(line number, included name) of each quoted include."""
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            m = INCLUDE.match(line)
            if m:
                yield number, m.group(1)


def check(root):
    problems = []
    headers = {}  # "folder/name.h" -> its includes of firmware headers
    files = n_includes = 0
    known = {f"{folder}/{os.path.basename(p)}"
             for folder, p in sources(root) if p.endswith(".h")}
    bare = {k.split("/")[1]: k for k in known}
    for folder, path in sources(root):
        files += 1
        if folder not in LAYERS:
            problems.append(f"{path}: folder '{folder}' is no layer "
                            f"(layers: {' < '.join(LAYERS)})")
            continue
        deps = []
        for number, name in includes(path):
            where = f"{path}:{number}"
            if name in bare:
                problems.append(f"{where}: include \"{name}\" without its "
                                f"folder (write \"{bare[name]}\")")
                name = bare[name]
            if name not in known:
                continue  # not a firmware header (libfdt, sbipmu/...)
            n_includes += 1
            deps.append(name)
            above = name.split("/")[0]
            if LAYERS.index(above) > LAYERS.index(folder):
                problems.append(f"{where}: {folder}/ includes \"{name}\" "
                                f"from the layer above ({above}/)")
        if path.endswith(".h"):
            headers[f"{folder}/{os.path.basename(path)}"] = deps
    problems += cycles(headers)
    return files, n_includes, problems


def cycles(headers):
    """Include cycles among headers, each reported once."""
    found, state = [], {}

    def visit(h, stack):
        state[h] = "open"
        stack.append(h)
        for d in headers.get(h, []):
            if state.get(d) == "open":
                cycle = stack[stack.index(d):] + [d]
                found.append("include cycle: " + " -> ".join(cycle))
            elif d not in state:
                visit(d, stack)
        stack.pop()
        state[h] = "done"

    for h in sorted(headers):
        if h not in state:
            visit(h, [])
    return found


VECTORS = {"cpu/entry"}


def symbol_uses(objdir, nm):
    """{"layer/file": symbols it uses}, {symbol: "layer/file" defining it}."""
    import subprocess
    uses, defs = {}, {}
    base = os.path.join(objdir, "firmware")
    for folder in sorted(os.listdir(base)):
        for name in sorted(os.listdir(os.path.join(base, folder))):
            if not name.endswith(".o"):
                continue
            unit = f"{folder}/{name[:-2]}"
            out = subprocess.run([nm, os.path.join(base, folder, name)],
                                 capture_output=True, text=True,
                                 check=True).stdout
            uses[unit] = set()
            for line in out.splitlines():
                f = line.split()
                if len(f) == 2 and f[0] == "U":
                    uses[unit].add(f[1])
                elif len(f) == 3 and f[1] in "TDBRGSVW":
                    defs.setdefault(f[2], unit)
    return uses, defs


def check_calls(uses, defs):
    """Upward uses and circles among units, from nm's view."""
    problems, graph = [], {}
    for unit in sorted(uses):
        graph[unit] = set()
        if unit in VECTORS:
            continue
        for sym in sorted(uses[unit]):
            other = defs.get(sym)
            if other is None or other == unit:
                continue
            graph[unit].add(other)
            mine, theirs = unit.split("/")[0], other.split("/")[0]
            if (mine in LAYERS and theirs in LAYERS and
                    LAYERS.index(theirs) > LAYERS.index(mine)):
                problems.append(f"{unit}: uses {sym} of {other}, "
                                f"a layer above ({theirs}/)")
    return problems + circles(graph)


def circles(graph):
    """Strongly connected groups of more than one unit (Tarjan)."""
    index, low, stack, on, found = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append("call circle: " + ", ".join(sorted(group)) +
                             " use each other")

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def self_test():
    """The check must fail on each kind of problem it names."""
    import tempfile
    cases = {
        "upward": {"cpu/a.h": '#include "boot/b.h"', "boot/b.h": ""},
        "bare": {"rt/a.c": '#include "b.h"', "rt/b.h": ""},
        "cycle": {"rt/a.h": '#include "rt/b.h"', "rt/b.h": '#include "rt/a.h"'},
        "no layer": {"misc/a.c": ""},
    }
    for name, tree in cases.items():
        with tempfile.TemporaryDirectory() as root:
            for rel, text in tree.items():
                os.makedirs(os.path.join(root, os.path.dirname(rel)),
                            exist_ok=True)
                with open(os.path.join(root, rel), "w") as f:
                    f.write(text + "\n")
            if not check(root)[2]:
                print(f"layers-check: self-test '{name}' found nothing")
                return 1
    calls = {
        "upward call": ({"rt/a": {"f"}, "ext/b": set()}, {"f": "ext/b"}),
        "call circle": ({"dev/a": {"g"}, "dev/b": {"f"}},
                        {"f": "dev/a", "g": "dev/b"}),
    }
    for name, (uses, defs) in calls.items():
        if not check_calls(uses, defs):
            print(f"layers-check: self-test '{name}' found nothing")
            return 1
    vector = ({"cpu/entry": {"f"}, "boot/main": {"g"}},
              {"f": "boot/main", "g": "cpu/entry"})
    if check_calls(*vector):
        print("layers-check: self-test: the entry's vector call was refused")
        return 1
    return 0


def main():
    if sys.argv[1:] == ["--self-test"]:
        return self_test()
    if sys.argv[1:2] == ["--calls"]:
        nm = sys.argv[3] if len(sys.argv) > 3 else "nm"
        uses, defs = symbol_uses(sys.argv[2], nm)
        problems = check_calls(uses, defs)
        for p in problems:
            print(p)
        verdict = "OK" if not problems else f"{len(problems)} problem(s)"
        print(f"layers-check: calls of {len(uses)} objects "
              f"({sys.argv[2]}), {verdict}")
        return 1 if problems else 0
    root = sys.argv[1] if len(sys.argv) > 1 else "firmware"
    files, n, problems = check(root)
    for p in problems:
        print(p)
    verdict = "OK" if not problems else f"{len(problems)} problem(s)"
    print(f"layers-check: {files} files, {n} includes of firmware headers, "
          f"{verdict}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
