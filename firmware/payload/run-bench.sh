#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
#
# The ecall benchmark (smoke_bench.c) on one firmware, one hart, with
# QEMU -icount shift=0 so instret counts are exact and repeatable
# (FACTS §5: icount needs -smp 1). The smoke payload runs its checks on
# sbipmu and only the benchmark on any other firmware.
# Usage: run-bench.sh FIRMWARE SMOKE_BIN [rv64|rv32]
set -u
fw=$1
payload=$2
arch=${3:-rv64}
case $arch in
rv64) qemu=qemu-system-riscv64 ;;
rv32) qemu=qemu-system-riscv32 ;;
*) echo "run-bench.sh: unknown arch $arch" >&2; exit 2 ;;
esac
echo "== $(basename "$fw") ($arch, -smp 1 -icount shift=0)"
timeout 120 $qemu -M virt -cpu "$arch,sscofpmf=true" -smp 1 -m 256M \
	-icount shift=0 -nographic -bios "$fw" -kernel "$payload" \
	</dev/null 2>&1 | tr -d '\r' | grep -E '^bench:'
