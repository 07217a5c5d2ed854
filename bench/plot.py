#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Plot the scaling rows of a results.json: instructions per call against
the number of riscv,pmu map rows, ours and the reference firmware.

usage: plot.py RESULTS.json OUT.png
"""

import json
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

# One colour per row, one line style per firmware.
SERIES = [
	("cfg_match_hw", "CFG_MATCH cycles", "o", "C0"),
	("cfg_match_last", "CFG_MATCH last row's event", "s", "C1"),
	("start_init", "START", "^", "C2"),
]
STYLE = {"ours": "-", "ref": "--"}


def figure(row):
	if not row or row["err"] != 0 or not row["n"]:
		return None
	return row["mean"]


def main(argv):
	if len(argv) != 3:
		print(__doc__.strip().splitlines()[-1], file=sys.stderr)
		return 2
	with open(argv[1]) as f:
		results = json.load(f)
	sc = results["scaling"]
	# The first reference (the one the scaling rows ran on).
	ref = results["meta"]["refs"][0]
	names = {"ours": "sbipmu", "ref": ref["name"].split(",")[0]}
	fig, ax = plt.subplots(figsize=(7, 4.5))
	for who in ("ours", "ref"):
		if who not in sc:
			continue
		for key, label, marker, colour in SERIES:
			xs, ys = [], []
			for n in sc["sizes"]:
				v = figure(sc[who][str(n)]["rows"].get(key))
				if v is not None:
					xs.append(n)
					ys.append(v)
			ax.plot(xs, ys, STYLE[who], marker=marker,
				color=colour,
				label="%s: %s" % (names[who], label))
	ax.set_xscale("log")
	ax.set_xticks(sc["sizes"])
	ax.set_xticklabels([str(n) for n in sc["sizes"]])
	ax.set_ylim(bottom=0)
	ax.set_xlabel("riscv,event-to-mhpmcounters rows")
	ax.set_ylabel("instructions per call (QEMU -icount)")
	ax.set_title("SBI PMU call cost vs. device-tree event map size")
	ax.grid(True, alpha=0.3)
	ax.legend(fontsize=8)
	fig.tight_layout()
	fig.savefig(argv[2], dpi=120)
	return 0


if __name__ == "__main__":
	sys.exit(main(sys.argv))
