#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
#
# Writes OUT: the device tree QEMU virt generates for the machine given
# (or a copy of BASE_DTB when it is not "-"), with firmware options set
# as strings in /chosen, e.g. sbipmu,snapshot=on (docs/firmware.md).
# Used by linux-run.sh --chosen and by conformance.sh. The -M virt
# properties of VIRT_OPTS (scripts/machine.sh) go into the dump too:
# a tree of another machine (a CLINT where aclint=on put an MTIMER)
# sends the firmware to registers that are not there.
#
# usage: chosen-dtb.sh OUT BASE_DTB QEMU CPU SMP MEM BIOS NAME=VALUE...
# (BIOS: qemu-system-riscv32 without one looks for a default it lacks.)
set -euo pipefail
[ $# -ge 8 ] || { sed -n 's/^# usage: //p' "$0" >&2; exit 2; }
out=$1 base=$2 qemu=$3 cpu=$4 smp=$5 mem=$6 bios=$7
shift 7
mkdir -p "$(dirname "$out")"
if [ "$base" != - ]; then
	cp "$base" "$out"
else
	"$qemu" -M "virt${VIRT_OPTS:+,$VIRT_OPTS},dumpdtb=$out" -cpu "$cpu" -smp "$smp" -m "$mem" \
		-bios "$bios" -display none -serial null -monitor none \
		</dev/null >/dev/null 2>&1
fi
for kv in "$@"; do
	fdtput -t s "$out" /chosen "${kv%%=*}" "${kv#*=}"
done
