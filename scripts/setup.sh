#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
#
# Installs every Debian package sbipmu needs, then unpacks the emulators
# and reference firmwares that must live side by side (setup-tools.sh).
# Idempotent: it does nothing (and needs no network) when everything is
# already present. Run as root on Debian 12; `make run` and `make check`
# call it when a tool is missing.
set -euo pipefail

# qemu-system-misc and opensbi are Debian 12's (QEMU 7.2, OpenSBI 1.1);
# QEMU 10.0 and OpenSBI 1.5.1 come from bookworm-backports, unpacked by
# setup-tools.sh so that neither generation replaces the other.
# binutils-riscv64-linux-gnu (which gcc-riscv64-linux-gnu pulls in too)
# links the firmware: its ld makes a static PIE, the bare one cannot.
PACKAGES=(
	build-essential make git python3
	gcc-riscv64-linux-gnu libc6-dev-riscv64-cross gcc-riscv64-unknown-elf
	binutils-riscv64-linux-gnu
	qemu-system-misc opensbi device-tree-compiler
	linux-source-6.12 bc bison flex libssl-dev libelf-dev cpio xz-utils
	libcmocka-dev clang libclang-rt-14-dev llvm
	cppcheck clang-format clang-tidy valgrind
	python3-matplotlib
	u-boot-qemu u-boot-tools
	groff-base
)

missing=()
for p in "${PACKAGES[@]}"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
		missing+=("$p")
done

SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
export SUDO

if [ ${#missing[@]} -eq 0 ]; then
	echo "setup: all ${#PACKAGES[@]} packages present"
else
	echo "setup: installing ${#missing[@]} packages: ${missing[*]}"
	export DEBIAN_FRONTEND=noninteractive
	$SUDO apt-get update -q
	$SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
	echo "setup: packages done"
fi
exec "$(dirname "$0")/setup-tools.sh"
