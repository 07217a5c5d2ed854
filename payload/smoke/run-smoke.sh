#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
#
# Boot the S-mode smoke payload (payload/smoke/) on the sbipmu firmware
# under QEMU virt (two harts, Sscofpmf on) and judge its output: fail on
# any FAIL line, on a missing "N passed, M failed" summary, or on M > 0.
# Usage: run-smoke.sh rv64|rv32 FIRMWARE PAYLOAD LOG
set -u
arch=$1
fw=$2
payload=$3
log=$4
case $arch in
rv64) qemu=qemu-system-riscv64 ;;
rv32) qemu=qemu-system-riscv32 ;;
*) echo "run-smoke.sh: unknown arch $arch" >&2; exit 2 ;;
esac

mkdir -p "$(dirname "$log")"
timeout 60 $qemu -M virt -cpu "$arch,sscofpmf=true" -smp 2 -m 256M \
	-nographic -bios "$fw" -kernel "$payload" \
	</dev/null >"$log" 2>&1
status=$?
cat "$log"
summary=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log" | tr -d '\r')
if grep -q '^FAIL' "$log"; then
	echo "fw-smoke $arch: FAILED (see $log)"
	exit 1
fi
case $summary in
*" passed, 0 failed") ;;
*) echo "fw-smoke $arch: no clean summary (qemu status $status, see $log)"
   exit 1 ;;
esac
echo "fw-smoke $arch: OK ($summary)"
