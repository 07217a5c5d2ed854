#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
#
# Boot the legacy SBI v0.1 payload (payload/legacy/) on a firmware under
# QEMU virt with two harts, feed it one byte on the console, and judge
# its output: every check PASS, a "N passed, 0 failed" summary, and the
# machine gone through the legacy shutdown that follows it (QEMU exits
# 0 on its own, well before the time limit).
# With --off, the firmware is booted with /chosen/sbipmu,legacy = "off"
# (chosen-dtb.sh), and the payload checks that every legacy EID answers
# NOT_SUPPORTED and probes absent; the runtime's SRST then ends QEMU.
# Usage: legacy-check.sh [--off] rv64|rv32 FIRMWARE PAYLOAD LOG
# Prints the log, then one verdict line; exits 1 on a failure.
set -u
off=
if [ "${1:-}" = --off ]; then
	off=1
	shift
fi
arch=$1
fw=$2
payload=$3
log=$4
case $arch in
rv64) qemu=qemu-system-riscv64 ;;
rv32) qemu=qemu-system-riscv32 ;;
*) echo "legacy-check.sh: unknown arch $arch" >&2; exit 2 ;;
esac
limit=30

mkdir -p "$(dirname "$log")"
dtb=()
if [ -n "$off" ]; then
	scripts/chosen-dtb.sh "$log.dtb" - "$qemu" "$arch" 2 256M "$fw" \
		sbipmu,legacy=off || exit 1
	dtb=(-dtb "$log.dtb")
fi
# The byte console_getchar must read (LEGACY_INPUT in legacy.c), half
# a second in: ours keeps a byte that comes earlier, but OpenSBI (1.1
# and 1.5.1) loses one that arrives before it has set up its console,
# and the byte is sent late so that they can be compared. The payload
# waits 2 s for it from its first getchar.
(sleep 0.5; printf L) | timeout $limit $qemu -M virt -cpu "$arch" -smp 2 -m 256M \
	-nographic -bios "$fw" "${dtb[@]}" -kernel "$payload" >"$log" 2>&1
status=$?
tr -d '\r' <"$log"
summary=$(grep -aE '^[0-9]+ passed, [0-9]+ failed' "$log" | tr -d '\r')
name="legacy-check $arch${off:+ off} ($(basename "$fw"))"
if grep -aq '^FAIL' "$log"; then
	echo "$name: FAILED ($summary; see $log)"
	exit 1
fi
case $summary in
*" passed, 0 failed") ;;
*) echo "$name: no clean summary (qemu status $status, see $log)"
   exit 1 ;;
esac
if [ -n "$off" ]; then
	if [ $status -ne 0 ] || ! grep -aq '^legacy: off' "$log"; then
		echo "$name: FAILED: legacy calls not off (status $status)"
		exit 1
	fi
	echo "$name: OK ($summary)"
	exit 0
fi
if [ $status -ne 0 ] || ! grep -aq '^legacy: shutdown' "$log"; then
	echo "$name: FAILED: legacy shutdown did not end QEMU (status $status)"
	exit 1
fi
echo "$name: OK ($summary; legacy shutdown ended QEMU, status 0)"
