#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
#
# Build the Debian package of sbipmu (make deb): the firmware images laid
# out as Debian's opensbi package lays out its own, one folder per
# architecture with the images under generic/, beside it in a folder of
# ours so that the two packages can be installed together:
#   usr/lib/riscv64-linux-gnu/sbipmu/generic/fw_*.{bin,elf}
#   usr/lib/riscv32-linux-gnu/sbipmu/generic/fw_*.{bin,elf}
#   usr/bin/pmu-dt, usr/share/man/man1/pmu-dt.1.gz
#   usr/share/doc/sbipmu/ (copyright, README and the docs)
# The images are those the build made (FW_DIR/<arch>/fw_dynamic and
# fw_jump, .bin and .elf: docs/boot.md);
# a build that names its fw_dynamic image sbipmu.bin has it installed as
# fw_dynamic.bin. The package's architecture is the host's (pmu-dt is a
# host program); the images themselves run on any RISC-V machine.
#
# usage: deb-build.sh FW_DIR PMU_DT OUT_DIR VERSION
# Prints the path of the .deb it wrote.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -eq 4 ] || { sed -n 's/^# usage: //p' "$0" >&2; exit 2; }
fw_dir=$1 pmu_dt=$2 out=$3 version=$4
arch=$(dpkg --print-architecture)
stage=$out/stage
rm -rf "$stage"
mkdir -p "$stage/DEBIAN" "$stage/usr/bin" "$stage/usr/share/man/man1" \
	"$stage/usr/share/doc/sbipmu"

# The images of one architecture, under the names OpenSBI gives them.
install_images() { # rv64|rv32 TRIPLET
	local dest=$stage/usr/lib/$2/sbipmu/generic f n=0
	mkdir -p "$dest"
	# fw_payload carries whatever kernel the build was given: not for a
	# package (Debian's opensbi ships none either).
	for f in "$fw_dir/$1"/fw_{dynamic,jump}.{bin,elf}; do
		[ -f "$f" ] || continue
		install -m 0644 "$f" "$dest/"
		n=$((n + 1))
	done
	if [ ! -f "$dest/fw_dynamic.bin" ]; then
		install -m 0644 "$fw_dir/$1/sbipmu.bin" "$dest/fw_dynamic.bin"
		install -m 0644 "$fw_dir/$1/sbipmu.elf" "$dest/fw_dynamic.elf"
		n=$((n + 2))
	fi
	echo "deb: $1: $n images in /usr/lib/$2/sbipmu/generic" >&2
}
install_images rv64 riscv64-linux-gnu
install_images rv32 riscv32-linux-gnu

install -m 0755 "$pmu_dt" "$stage/usr/bin/pmu-dt"
strip "$stage/usr/bin/pmu-dt"
gzip -9n <tools/pmu-dt/pmu-dt.1 >"$stage/usr/share/man/man1/pmu-dt.1.gz"
chmod 0644 "$stage/usr/share/man/man1/pmu-dt.1.gz"
install -m 0644 README.md docs/*.md "$stage/usr/share/doc/sbipmu/"
cat >"$stage/usr/share/doc/sbipmu/copyright" <<'COPYRIGHT'
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: sbipmu

Files: *
Copyright: the sbipmu authors
Comment: the images and pmu-dt link libfdt, built from Debian's
 linux-source-6.12 (scripts/dtc/libfdt: Copyright David Gibson, IBM
 Corporation, and others), dual-licensed GPL-2.0-or-later or
 BSD-2-Clause and used here under BSD-2-Clause.
License: BSD-2-Clause

License: BSD-2-Clause
 Redistribution and use in source and binary forms, with or without
 modification, are permitted provided that the following conditions
 are met:
 1. Redistributions of source code must retain the above copyright
    notice, this list of conditions and the following disclaimer.
 2. Redistributions in binary form must reproduce the above copyright
    notice, this list of conditions and the following disclaimer in the
    documentation and/or other materials provided with the distribution.
 .
 THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS
 "AS IS" AND ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT
 LIMITED TO, THE IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS FOR
 A PARTICULAR PURPOSE ARE DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT
 HOLDER OR CONTRIBUTORS BE LIABLE FOR ANY DIRECT, INDIRECT, INCIDENTAL,
 SPECIAL, EXEMPLARY, OR CONSEQUENTIAL DAMAGES (INCLUDING, BUT NOT
 LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR SERVICES; LOSS OF USE,
 DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER CAUSED AND ON ANY
 THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY, OR TORT
 (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE
 OF THIS SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.
COPYRIGHT

size=$(du -sk --exclude=DEBIAN "$stage" | cut -f1)
cat >"$stage/DEBIAN/control" <<CONTROL
Package: sbipmu
Version: $version
Architecture: $arch
Maintainer: sbipmu developers <sbipmu@localhost>
Installed-Size: $size
Section: misc
Priority: optional
Depends: libc6
Suggests: qemu-system-misc, device-tree-compiler
Homepage: https://localhost/sbipmu
Description: RISC-V SBI firmware with the SBI PMU extension
 An M-mode SBI firmware for RISC-V (RV64 and RV32) that finds its harts
 and devices in the device tree and boots Linux with working perf:
 the SBI PMU extension (hardware and firmware counters, overflow
 sampling with Sscofpmf, snapshots, event info), SSE, HSM, IPI, RFENCE,
 TIME, SRST and DBCN.
 .
 The images are installed as Debian's opensbi package installs its own,
 under /usr/lib/<triplet>/sbipmu/generic/ (fw_dynamic for QEMU's -bios
 and boot loaders, fw_jump for a loader that passes no fw_dynamic info),
 for use with qemu-system-riscv64 -bios. Each runs from any address
 aligned to 2 MiB (RV64) or 4 MiB (RV32).
 .
 pmu-dt checks a device tree's riscv,pmu node the way the firmware
 reads it.
CONTROL
find "$stage" -type d -exec chmod 0755 {} +
deb=$out/sbipmu_${version}_$arch.deb
dpkg-deb --root-owner-group -Zxz --build "$stage" "$deb" >/dev/null
echo "$deb"
