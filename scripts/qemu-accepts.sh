#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
#
# Whether the qemu-system-riscv64 on PATH (make QEMU=...) accepts a -cpu
# value on the virt machine: exit status 0 if so. QEMU 10 has Smcntrpmf,
# counter delegation and more that QEMU 7.2 lacks.
#
# usage: qemu-accepts.sh CPU       e.g. qemu-accepts.sh rv64,smcntrpmf=true
#
# The probe dumps the tree to a temporary file of ours: QEMU replaces the
# file it is given (writes a new one, then renames it over), so
# dumpdtb=/dev/null would replace /dev/null with a regular file.
set -uo pipefail
[ $# -eq 1 ] || { sed -n 's/^# usage: //p' "$0" >&2; exit 2; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
# rv32 models need the 32-bit emulator, which without -bios looks for a
# default firmware Debian does not ship.
qemu=qemu-system-riscv64
[ "${1%%,*}" != rv32 ] || qemu=qemu-system-riscv32
"$qemu" -M "virt,dumpdtb=$dir/probe.dtb" -cpu "$1" -bios none \
	-display none -serial none -monitor none </dev/null >/dev/null 2>&1
