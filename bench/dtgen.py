# SPDX-License-Identifier: BSD-2-Clause
"""Device trees for the scaling rows: QEMU's own, with N map rows.

QEMU's DTB is dumped with the machine the payload runs on (-M
virt,dumpdtb=..., same -cpu/-smp/-m), decompiled with dtc, and the
`riscv,event-to-mhpmcounters` property of its `riscv,pmu` node replaced by
the one `pmu-dt --generate N` writes; then recompiled. Nothing else in the
tree changes, so a figure that moves between N=5 and N=255 moves because
of the map's size.
"""

import os
import re
import subprocess

import qemu

PROP = "riscv,event-to-mhpmcounters"
GEN_PROP_RE = re.compile(re.escape(PROP) + r"\s*=.*?;", re.S)
QEMU_PMU_RE = re.compile(r"(\n(\s*)pmu(@\w+)? \{\n.*?\n\2\};)", re.S)
QEMU_PROP_RE = re.compile(re.escape(PROP) + r"\s*=[^;]*;")
ROW_RE = re.compile(r"<0x([0-9a-f]+) 0x([0-9a-f]+) 0x([0-9a-f]+)>")

CACHE_IDS = 7  # L1D .. NODE
GENERAL_MAX = 11


def dump_qemu_dts(outdir):
	dtb = os.path.join(outdir, "qemu-virt.dtb")
	subprocess.run([qemu.QEMU] + qemu.machine_args() +
		       ["-M", "virt,dumpdtb=" + dtb, "-nographic"],
		       stdin=subprocess.DEVNULL, capture_output=True,
		       check=True)
	return subprocess.run(["dtc", "-q", "-I", "dtb", "-O", "dts", dtb],
			      capture_output=True, text=True,
			      check=True).stdout


def is_standard(event):
	"""A general (1-10) or cache event of the spec's tables."""
	etype, code = event >> 16, event & 0xFFFF
	if etype == 0:
		return 1 <= code < GENERAL_MAX
	if etype == 1:
		return code >> 3 < CACHE_IDS and (code >> 1) & 3 != 3
	return False


def last_standard_event(generated):
	"""The event of the last row that names a standard event."""
	events = [int(m.group(1), 16) for m in ROW_RE.finditer(generated)]
	return [e for e in events if is_standard(e)][-1]


def splice(dts, generated):
	"""QEMU's tree with its pmu node's map replaced by @generated's."""
	new_prop = GEN_PROP_RE.search(generated).group(0)
	nodes = [m for m in QEMU_PMU_RE.finditer(dts)
		 if '"riscv,pmu"' in m.group(1)]
	if len(nodes) != 1:
		raise RuntimeError("expected one riscv,pmu node in QEMU's DT, "
				   "found %d" % len(nodes))
	node = nodes[0].group(1)
	if len(QEMU_PROP_RE.findall(node)) != 1:
		raise RuntimeError("QEMU's pmu node has no %s" % PROP)
	new_node = QEMU_PROP_RE.sub(lambda _: new_prop, node)
	return dts.replace(node, new_node)


def make(pmu_dt, outdir, sizes):
	"""{N: {"dtb": path, "event": last standard event}} for each N."""
	os.makedirs(outdir, exist_ok=True)
	base = dump_qemu_dts(outdir)
	out = {}
	for n in sizes:
		gen = subprocess.run([pmu_dt, "--generate", str(n)],
				     capture_output=True, text=True,
				     check=True).stdout
		dts = os.path.join(outdir, "pmu-%d.dts" % n)
		dtb = os.path.join(outdir, "pmu-%d.dtb" % n)
		with open(dts, "w") as f:
			f.write(splice(base, gen))
		subprocess.run(["dtc", "-q", "-I", "dts", "-O", "dtb", "-o",
				dtb, dts], check=True)
		rows = len(ROW_RE.findall(gen))
		if rows != n:
			raise RuntimeError("pmu-dt --generate %d gave %d rows"
					   % (n, rows))
		out[n] = {"dtb": dtb, "event": last_standard_event(gen),
			  "rows": rows}
	return out
