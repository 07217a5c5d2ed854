#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Runs scripts/setup.sh only when a tool the build needs is missing, so
# `make run` / `make check` on a fresh machine install what they need and
# cost nothing afterwards.
set -euo pipefail
need=(riscv64-linux-gnu-gcc riscv64-unknown-elf-gcc qemu-system-riscv64
	qemu-system-riscv32 dtc clang cppcheck clang-format valgrind)
for t in "${need[@]}"; do
	if ! command -v "$t" >/dev/null 2>&1; then
		echo "setup: '$t' missing, installing packages"
		exec "$(dirname "$0")/setup.sh"
	fi
done
for f in /usr/include/cmocka.h /usr/src/linux-source-6.12.tar.xz \
	/usr/lib/riscv64-linux-gnu/opensbi/generic/fw_dynamic.bin; do
	if [ ! -e "$f" ]; then
		echo "setup: '$f' missing, installing packages"
		exec "$(dirname "$0")/setup.sh"
	fi
done
