#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
#
# Boot the S-mode smoke payload (payload/smoke/) on the sbipmu firmware
# under QEMU virt (two harts by default, Sscofpmf on) and judge its
# output: fail on any FAIL line, on a missing "N passed, M failed"
# summary, or on M > 0.
# Usage: run-smoke.sh [--smp N] rv64|rv32 FIRMWARE PAYLOAD LOG
# Without --smp, N is $HARTS if set (`make fw-smoke HARTS=64`: make puts
# command-line variables in its recipes' environment), else 2.
set -u
smp=${HARTS:-2}
if [ "${1:-}" = --smp ]; then
	smp=$2
	shift 2
fi
case $smp in
'' | *[!0-9]*) echo "run-smoke.sh: bad hart count '$smp'" >&2; exit 2 ;;
esac
arch=$1
fw=$2
payload=$3
log=$4
case $arch in
rv64) qemu=qemu-system-riscv64 ;;
rv32) qemu=qemu-system-riscv32 ;;
*) echo "run-smoke.sh: unknown arch $arch" >&2; exit 2 ;;
esac
# Each hart adds boot time under TCG: 512 harts took 170 s on a 2-core
# host, where 2 harts take a few seconds.
limit=$((60 + smp))

mkdir -p "$(dirname "$log")"
timeout $limit $qemu -M virt -cpu "$arch,sscofpmf=true" -smp "$smp" \
	-m 256M -nographic -bios "$fw" -kernel "$payload" \
	</dev/null >"$log" 2>&1
status=$?
cat "$log"
summary=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log" | tr -d '\r')
if grep -q '^FAIL' "$log"; then
	echo "fw-smoke $arch smp=$smp: FAILED (see $log)"
	exit 1
fi
case $summary in
*" passed, 0 failed") ;;
*) echo "fw-smoke $arch smp=$smp: no clean summary (qemu status $status, see $log)"
   exit 1 ;;
esac
echo "fw-smoke $arch smp=$smp: OK ($summary)"
