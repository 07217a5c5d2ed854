#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
#
# T-Head's timer and IPI devices on emulated hardware: QEMU has no
# T-Head SoC, but its virt CLINT and ACLINT have the same register
# layout, so its own tree is rewritten the way T-Head's boards describe
# theirs, and Linux with perf is booted through the firmware's T-Head
# support (docs/firmware.md, "Devices"):
#   thead-clint   the CLINT named "thead,c900-clint" (D1, TH1520,
#                 CV1800B): no mtime register, time from the time CSR
#   thead-aclint  -M virt,aclint=on with "thead,c900-aclint-mswi" and
#                 "thead,c900-aclint-mtimer" whose one reg entry is the
#                 mtimecmp array (SG2042's form)
# Each boot must reach user space with the banner saying "mtime time
# CSR", count IPIs (fw_ipi_sent, a remote fence needs the MSWI) and
# sample (the timer ticks through mtimecmp). A reference firmware, if
# given, is booted beside and reported, not judged.
# usage: thead-timers-check.sh FIRMWARE [REFERENCE]
set -uo pipefail
cd "$(dirname "$0")/.."
fw=$1 ref=${2:-}
BUILD=${BUILD:-build}
out=$BUILD/thead-timers
mkdir -p "$out"
. scripts/guest-log.sh
fails=0

tree() { # NAME VIRT_OPTS: QEMU's tree for it, rewritten
	local dtb=$out/$1.dtb
	qemu-system-riscv64 -M "virt${2:+,$2},dumpdtb=$dtb" \
		-cpu rv64,sscofpmf=true -smp 2 -m 512M -nographic \
		>/dev/null 2>&1 || return 1
	case $1 in
	thead-clint)
		fdtput -t s "$dtb" /soc/clint@2000000 compatible thead,c900-clint
		;;
	thead-aclint)
		fdtput -t s "$dtb" /soc/mswi@2000000 compatible \
			thead,c900-aclint-mswi &&
			fdtput -t s "$dtb" /soc/mtimer@2004000 compatible \
				thead,c900-aclint-mtimer &&
			fdtput -t x "$dtb" /soc/mtimer@2004000 reg \
				0 0x2004000 0 0x7ff8
		;;
	esac
}

boot() { # FIRMWARE NAME VIRT_OPTS LOG
	VIRT_OPTS=$3 BUILD=$BUILD scripts/linux-run.sh "$1" --dtb "$out/$2.dtb" \
		--mode check --timeout 180 --quiet --log "$4" \
		--append " sbipmu.only=stat-fw,record sbipmu.rounds=20" \
		>/dev/null 2>&1
}

summary() { # LOG: "done ipis samples"
	local d=no ipi samples
	grep -aq "=== sbipmu: done ===" "$1" && d=yes
	ipi=$(guest_step_text "$1" stat-fw | awk -F, '$3 == "fw_ipi_sent" { print $1 }')
	samples=$(guest_step_text "$1" record | sed -n 's/.*(\([0-9]*\) samples).*/\1/p')
	echo "$d ${ipi:-0} ${samples:-0}"
}

for case in "thead-clint:" "thead-aclint:aclint=on"; do
	name=${case%%:*} opts=${case#*:}
	tree "$name" "$opts" || { echo "thead-timers: FAIL $name: no tree"; exit 1; }
	log=$out/$name-ours.log
	boot "$fw" "$name" "$opts" "$log"
	read -r done ipi samples < <(summary "$log")
	if [ "$done" = yes ] && [ "$ipi" -gt 0 ] && [ "$samples" -gt 0 ] &&
		grep -aq "mtime time CSR" "$log"; then
		echo "thead-timers: PASS $name: user space, $ipi IPIs sent, $samples samples"
	else
		echo "thead-timers: FAIL $name: done $done, $ipi IPIs, $samples samples (see $log)"
		fails=$((fails + 1))
	fi
	if [ -n "$ref" ]; then
		boot "$ref" "$name" "$opts" "$out/$name-ref.log"
		read -r done ipi samples < <(summary "$out/$name-ref.log")
		echo "thead-timers: reference on $name: done $done, $ipi IPIs, $samples samples"
	fi
done
[ "$fails" -eq 0 ] && echo "thead-timers: OK" || echo "thead-timers: $fails failure(s)"
[ "$fails" -eq 0 ]
