#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
#
# Checks that a kernel .config really contains what the guest fragment asked
# for. Kconfig silently drops options whose dependencies are unmet, and a
# kernel without e.g. RISCV_PMU_SBI still boots fine, so without this check a
# broken config would only show up as "perf: no events" minutes later.
#
# usage: linux-verify-config.sh FRAGMENT DOTCONFIG
set -euo pipefail

frag=$1
dotconfig=$2

# Options that must be =y whatever the fragment says: the whole point of the
# guest, and what it needs to boot on QEMU 7.2. (64BIT or 32BIT: the
# fragment's.)
required=(MMU SMP RISCV_ISA_FALLBACK PERF_EVENTS RISCV_PMU RISCV_PMU_SBI
	BLK_DEV_INITRD SERIAL_8250_CONSOLE TMPFS PROC_FS SYSFS DEVTMPFS)

bad=0
want() { # want NAME VALUE: VALUE "n" means "must not be set"
	local name=$1 value=$2 got
	got=$(sed -n "s/^CONFIG_${name}=//p" "$dotconfig")
	if [ "$value" = n ]; then
		if [ -n "$got" ] && [ "$got" != n ]; then
			echo "[linux] config: CONFIG_${name}=${got}, wanted unset" >&2
			bad=1
		fi
	elif [ "$got" != "$value" ]; then
		echo "[linux] config: CONFIG_${name}=${got:-<unset>}, wanted ${value}" >&2
		bad=1
	fi
}

for name in "${required[@]}"; do
	want "$name" y
done
while IFS= read -r line; do
	case $line in
	CONFIG_*=*)
		name=${line%%=*}
		want "${name#CONFIG_}" "${line#*=}"
		;;
	"# CONFIG_"*" is not set")
		name=${line#\# CONFIG_}
		want "${name% is not set}" n
		;;
	esac
done <"$frag"

if [ "$bad" -ne 0 ]; then
	echo "[linux] ERROR: $dotconfig does not match $frag (see above)" >&2
	exit 1
fi
echo "[linux]   config verified: all options of $(basename "$frag") present"
