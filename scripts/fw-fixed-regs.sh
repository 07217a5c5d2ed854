#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
#
# usage: scripts/fw-fixed-regs.sh OBJDUMP FIRMWARE.elf
#
# The firmware's SBI-call path (firmware/cpu/entry.S) does not save t3-t6:
# every object of the firmware is compiled with -ffixed-t3..t6
# (FW_REG_CFLAGS, mk/common.mk), so no C code may change them. This checks
# the linked image, which also holds code built without those flags
# (libgcc): any instruction naming t3-t6 outside the trap entry's own
# save and restore fails the build, with the function it is in. A failure
# means that code must go (or be rewritten without the libgcc helper), or
# entry.S must save t3-t6 on the SBI path again.
set -euo pipefail

objdump=$1
elf=$2

"$objdump" -d --no-show-raw-insn "$elf" | awk '
	/^[0-9a-f]+ <[^>]+>:$/ { fn = $2; next }
	/^ *[0-9a-f]+:\t/ {
		if (fn == "<fw_trap_entry>:" || fn == "<fw_trap_slow>:")
			next
		line = $0
		sub(/<[^>]*>/, "", line)	# symbol names
		sub(/#.*/, "", line)		# comments
		if (line ~ /[\t ,(]t[3-6]([,)]|$)/) {
			print "fw-fixed-regs: " fn " uses t3-t6: " $0 \
				> "/dev/stderr"
			bad = 1
		}
	}
	END { exit bad }
' || {
	echo "fw-fixed-regs: $elf: code outside entry.S uses t3-t6," \
		"which the SBI-call path does not save" >&2
	exit 1
}
