#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
#
# usage: scripts/fw-relocs-check.sh READELF NM FIRMWARE.elf
#
# The firmware is a static PIE that relocates itself (firmware/cpu/entry.S,
# fw_relocate): it handles R_RISCV_RELATIVE, a word that must hold a
# link-time address plus the load offset, and nothing else. This checks
# the linked image:
#  - every dynamic relocation is R_RISCV_RELATIVE (another type, e.g. one
#    against a symbol, would be left as linked and break the image once
#    it runs elsewhere than FW_TEXT_START);
#  - no symbol but the linker's numbers is absolute: C or assembly that
#    takes an absolute symbol's address PC-relatively gets the link-time
#    value, wrong at any other address (FW_TEXT_START, FW_PAYLOAD_OFFSET
#    and _fw_region_size are numbers the linker script uses; _DYNAMIC,
#    _GLOBAL_OFFSET_TABLE_ and _PROCEDURE_LINKAGE_TABLE_ are ld's own,
#    local, for a dynamic loader: nothing refers to any at run time).
set -euo pipefail

readelf=$1
nm=$2
elf=$3
bad=0

other=$("$readelf" -W -r "$elf" | awk '
	/^ *[0-9a-f]+ +[0-9a-f]+ +R_RISCV_/ && $3 != "R_RISCV_RELATIVE" { print }')
if [ -n "$other" ]; then
	echo "fw-relocs: $elf: relocations fw_relocate does not apply:" >&2
	echo "$other" >&2
	bad=1
fi

abs=$("$nm" "$elf" | awk '$2 == "A" || $2 == "a" { print $3 }' |
	grep -v -x -e FW_TEXT_START -e FW_PAYLOAD_OFFSET -e _fw_region_size \
		-e _DYNAMIC -e _GLOBAL_OFFSET_TABLE_ \
		-e _PROCEDURE_LINKAGE_TABLE_ || true)
if [ -n "$abs" ]; then
	echo "fw-relocs: $elf: absolute symbols, wrong once the image" \
		"moves: $abs" >&2
	bad=1
fi
exit $bad
