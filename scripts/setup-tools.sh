#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
#
# Puts two QEMU generations and two OpenSBI references side by side in
# build/tools, without replacing Debian 12's own (docs/facts.md F5.1):
#
#   build/tools/qemu-7.2/bin/     Debian 12's QEMU (links to /usr/bin)
#   build/tools/qemu-10.0/bin/    bookworm-backports' QEMU, unpacked
#   build/tools/opensbi-1.1/      Debian 12's OpenSBI, unpacked
#   build/tools/opensbi-1.5.1/    bookworm-backports' OpenSBI (RV64, RV32)
#
# `make QEMU=7.2|10.0|DIR` puts one bin/ folder first on PATH, so every
# script finds qemu-system-riscv64/32 of the chosen generation.
#
# Why unpacked and not installed: `apt-get install -t bookworm-backports`
# replaces QEMU 7.2 and overwrites OpenSBI 1.1. An unpacked QEMU 10 would
# load 7.2's modules from /usr/lib/x86_64-linux-gnu/qemu and fail ("Only
# modules from the same build can be loaded"), so its wrapper points
# QEMU_MODULE_DIR at its own modules and passes `-audio none`, which stops
# the audio and OpenGL modules from being probed at start (none of ours
# needs a module).
#
# The backports entry is derived from the system's own Debian sources (same
# mirror, suite bookworm-backports): no host name is written here.
set -euo pipefail
cd "$(dirname "$0")/.."

TOOLS=${TOOLS:-build/tools}
SUDO=${SUDO:-}
BACKPORTS_LIST=/etc/apt/sources.list.d/sbipmu-backports.sources

say() { echo "setup: $*"; }
die() {
	echo "setup: error: $*" >&2
	exit 1
}

# Adds bookworm-backports, from the stanza of debian.sources that carries
# "bookworm", once.
ensure_backports() {
	[ -f "$BACKPORTS_LIST" ] && return 0
	local src=/etc/apt/sources.list.d/debian.sources
	[ -f "$src" ] || die "no $src to derive bookworm-backports from"
	say "adding bookworm-backports (from $src)"
	awk 'BEGIN { RS = ""; ORS = "\n\n" }
	     /Suites:[^\n]*bookworm( |\n|$)/ && !/security/ {
		sub(/Suites:[^\n]*/, "Suites: bookworm-backports"); print; exit }' \
		"$src" | $SUDO tee "$BACKPORTS_LIST" >/dev/null
	[ -s "$BACKPORTS_LIST" ] || die "no bookworm stanza in $src"
	$SUDO apt-get update -q
}

# unpack DIR PKG/SUITE...: downloads each package of that suite and
# unpacks it into DIR/root.
unpack() {
	local dir=$1
	shift
	local dl
	dl=$(mktemp -d)
	chmod 755 "$dl"
	(cd "$dl" && apt-get download -q "$@" 2>&1 | grep -v "unsandboxed" >&2) ||
		die "apt-get download $* failed"
	mkdir -p "$dir/root"
	for deb in "$dl"/*.deb; do
		dpkg -x "$deb" "$dir/root"
		dpkg-deb --show --showformat='${Package} ${Version}\n' "$deb" >>"$dir/versions"
		dpkg-deb -f "$deb" Depends >>"$dir/depends"
	done
	rm -rf "$dl"
}

# install_libraries FILE: the shared libraries the unpacked packages depend
# on (Debian 12 builds of them satisfy the backports), minus the packages
# we unpack ourselves.
install_libraries() {
	local want=() p
	for p in $(tr ',' '\n' <"$1" | sed 's/[(|].*//; s/ //g' | sort -u); do
		case $p in qemu-* | opensbi | "") continue ;; esac
		dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
			want+=("$p")
	done
	[ ${#want[@]} -eq 0 ] && return 0
	say "installing libraries QEMU 10.0 needs: ${want[*]}"
	DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends "${want[@]}"
}

setup_qemu_7_2() {
	local bin=$TOOLS/qemu-7.2/bin
	[ -x "$bin/qemu-system-riscv64" ] && return 0
	/usr/bin/qemu-system-riscv64 --version | grep -q "version 7\.2\." ||
		die "/usr/bin/qemu-system-riscv64 is not QEMU 7.2 (reinstall Debian 12's qemu-system-misc)"
	mkdir -p "$bin"
	ln -sf /usr/bin/qemu-system-riscv64 "$bin/qemu-system-riscv64"
	ln -sf /usr/bin/qemu-system-riscv32 "$bin/qemu-system-riscv32"
	say "QEMU 7.2: $bin -> /usr/bin"
}

setup_qemu_10() {
	local dir=$TOOLS/qemu-10.0
	[ -x "$dir/bin/qemu-system-riscv64" ] && return 0
	ensure_backports
	say "unpacking QEMU 10.0 from bookworm-backports into $dir"
	rm -rf "$dir"
	unpack "$dir" qemu-system-riscv/bookworm-backports \
		qemu-system-common/bookworm-backports qemu-system-data/bookworm-backports
	install_libraries "$dir/depends"
	local root
	root=$(cd "$dir/root" && pwd)
	mkdir -p "$dir/bin"
	for q in qemu-system-riscv64 qemu-system-riscv32; do
		cat >"$dir/bin/$q" <<-WRAP
			#!/bin/sh
			# QEMU 10.0 unpacked by scripts/setup-tools.sh: its own modules only.
			QEMU_MODULE_DIR=$root/usr/lib/x86_64-linux-gnu/qemu
			export QEMU_MODULE_DIR
			exec $root/usr/bin/$q -L $root/usr/share/qemu -audio none "\$@"
		WRAP
		chmod +x "$dir/bin/$q"
	done
	"$dir/bin/qemu-system-riscv64" --version | grep -q "version 10\.0\." ||
		die "$dir does not run as QEMU 10.0: $("$dir/bin/qemu-system-riscv64" --version 2>&1 | head -3)"
	say "QEMU 10.0: $("$dir/bin/qemu-system-riscv64" --version | head -1)"
}

# setup_opensbi NAME SUITE: Debian's opensbi package of SUITE in
# build/tools/opensbi-NAME, checked against the version its images print.
setup_opensbi() {
	local name=$1 suite=$2 dir=$TOOLS/opensbi-$1
	local img=$dir/root/usr/lib/riscv64-linux-gnu/opensbi/generic/fw_dynamic.bin
	[ -f "$img" ] && return 0
	[ "$suite" = bookworm ] || ensure_backports
	say "unpacking OpenSBI $name ($suite) into $dir"
	rm -rf "$dir"
	unpack "$dir" "opensbi/$suite"
	[ -f "$img" ] || die "opensbi/$suite has no $img"
	grep -q "^opensbi $name-" "$dir/versions" ||
		say "warning: $suite's opensbi is $(cat "$dir/versions"), not $name: the suite moved on"
}

mkdir -p "$TOOLS"
setup_qemu_7_2
setup_qemu_10
setup_opensbi 1.1 bookworm
setup_opensbi 1.5.1 bookworm-backports
say "tools ready: QEMU 7.2 and 10.0, OpenSBI 1.1 and 1.5.1 in $TOOLS"
