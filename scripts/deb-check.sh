#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
#
# The Debian package, installed and used (make deb-check):
#  1. its layout beside Debian's opensbi package (the one setup unpacked
#     into build/tools): every image name opensbi installs under
#     generic/ for an architecture (fw_dynamic and fw_jump, .bin and
#     .elf), ours must install too; fw_dynamic.bin and .elf always;
#  2. it is unpacked into a temporary root (dpkg-deb -x: what dpkg
#     would put on disk), and the installed pmu-dt checks a tree and its
#     man page renders;
#  3. Linux with perf boots from the installed RV64 fw_dynamic.bin, and
#     from opensbi's installed one on the same kernel and QEMU: where
#     opensbi's boot counts cycles, firmware events and samples, ours
#     must too.
#
# usage: deb-check.sh DEB OPENSBI_ROOT [TREE]
#   OPENSBI_ROOT  the root Debian's opensbi package was unpacked into
#   TREE          a .dtb for pmu-dt (default: QEMU virt's, dumped here)
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 2 ] || { sed -n 's/^# usage: //p' "$0" >&2; exit 2; }
deb=$1 ref_root=$2 tree=${3:-}
BUILD=${BUILD:-build}
dir=$(mktemp -d "${TMPDIR:-/tmp}/deb-check.XXXXXX")
trap 'rm -rf "$dir"' EXIT
fails=0
ok() { echo "deb-check: ok: $*"; }
bad() { echo "deb-check: FAIL: $*"; fails=$((fails + 1)); }

dpkg-deb --info "$deb" | sed -n 's/^ *\(Package\|Version\|Architecture\|Installed-Size\): /deb-check: \1: /p'
dpkg-deb -x "$deb" "$dir/root"

# 1. Layout, image by image, against opensbi's.
for triplet in riscv64-linux-gnu riscv32-linux-gnu; do
	ours=$dir/root/usr/lib/$triplet/sbipmu/generic
	ref=$ref_root/usr/lib/$triplet/opensbi/generic
	for name in fw_dynamic.bin fw_dynamic.elf; do
		if [ -s "$ours/$name" ]; then
			ok "$triplet/sbipmu/generic/$name installed"
		else
			bad "$triplet/sbipmu/generic/$name missing"
		fi
	done
	for f in "$ref"/*; do
		[ -e "$f" ] || continue
		name=$(basename "$f")
		if [ -s "$ours/$name" ]; then
			ok "$triplet/sbipmu/generic/$name installed, as opensbi installs its own"
		else
			bad "opensbi installs $triplet/opensbi/generic/$name; ours has none"
		fi
	done
done

# 2. The installed tool and its man page.
if [ -z "$tree" ]; then
	tree=$dir/virt.dtb
	qemu-system-riscv64 -M "virt,dumpdtb=$tree" -cpu rv64,sscofpmf=true \
		-display none -serial none -monitor none -bios none </dev/null >/dev/null 2>&1 || true
fi
if "$dir/root/usr/bin/pmu-dt" "$tree" >"$dir/pmu-dt.out" 2>&1; then
	ok "installed pmu-dt reads $(basename "$tree"): $(grep -c . "$dir/pmu-dt.out") lines"
else
	bad "installed pmu-dt on $(basename "$tree"): $(tail -n 1 "$dir/pmu-dt.out")"
fi
if zcat "$dir/root/usr/share/man/man1/pmu-dt.1.gz" |
	groff -man -Tutf8 -ww -z 2>"$dir/man.err" && [ ! -s "$dir/man.err" ]; then
	ok "pmu-dt(1) renders without warnings"
else
	bad "pmu-dt(1): $(head -n 1 "$dir/man.err")"
fi

# 3. Linux with perf from the installed images, ours beside opensbi's.
# shellcheck source=scripts/guest-log.sh
. scripts/guest-log.sh
boot() { # FIRMWARE LOG
	BUILD=$BUILD scripts/linux-run.sh "$1" --smp 2 --mode check --timeout 180 --quiet \
		--append " sbipmu.only=stat-hw,stat-fw,record sbipmu.rounds=20 sbipmu.timeout=60" \
		--log "$2" -- -cpu rv64,sscofpmf=true >/dev/null 2>&1 || true
}
mkdir -p "$BUILD/deb"
boot "$dir/root/usr/lib/riscv64-linux-gnu/sbipmu/generic/fw_dynamic.bin" "$BUILD/deb/ours.log"
boot "$ref_root/usr/lib/riscv64-linux-gnu/opensbi/generic/fw_dynamic.bin" "$BUILD/deb/ref.log"
read -r ob oh of os < <(guest_perf_readout "$BUILD/deb/ours.log")
read -r rb rh rf rs < <(guest_perf_readout "$BUILD/deb/ref.log")
echo "deb-check: Linux + perf from the installed fw_dynamic.bin: ours: done $ob, cycles $oh, fw $of, samples $os; opensbi: done $rb, cycles $rh, fw $rf, samples $rs"
# n > 0 where the reference's is > 0 ("-" counts as 0).
holds() { [ "${2/-/0}" -eq 0 ] || [ "${1/-/0}" -gt 0 ]; }
if [ "$ob" -ge "$rb" ] && holds "$oh" "$rh" && holds "$of" "$rf" && holds "$os" "$rs"; then
	ok "ours boots Linux with perf from the installed image wherever opensbi's does"
else
	bad "ours from the installed image (log: $BUILD/deb/ours.log)"
fi
[ "$fails" -eq 0 ] && echo "deb-check: OK" || echo "deb-check: $fails failed"
[ "$fails" -eq 0 ]
