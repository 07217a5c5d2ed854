#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
#
# The boot chain distributions use: the SBI firmware, then Debian's
# S-mode U-Boot (u-boot-qemu), then Linux with perf, started by U-Boot's
# booti and by bootefi (Linux's EFI stub); ours beside a reference on
# the same kernel, U-Boot and QEMU (virt, 2 harts, Sscofpmf). For each
# chain and firmware it reads:
#   sbi      U-Boot's `sbi` command printed the SBI version and the PMU
#            extension among those it knows
#   linux    /init reached its end (cycles, firmware events, samples:
#            guest_perf_readout in guest-log.sh)
# The verdict holds ours to the reference: where the reference's chain
# gets U-Boot's SBI report, Linux's end, counts and samples, ours must.
# With bootefi, Linux's power-off at the end goes through ours too (the
# run ends by itself, not by the timeout). Then U-Boot's own poweroff
# and reset commands, which reach the firmware's SRST, must end QEMU.
#
# usage: uboot-check.sh --firmware FW --ref FW [--log-dir DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build}
fw="" ref="" logdir=$BUILD/uboot-check
while [ $# -gt 0 ]; do
	case $1 in
	--firmware) fw=$2; shift 2 ;;
	--ref) ref=$2; shift 2 ;;
	--log-dir) logdir=$2; shift 2 ;;
	*) sed -n 's/^# usage: //p' "$0" >&2; exit 2 ;;
	esac
done
[ -n "$fw" ] && [ -n "$ref" ] || { sed -n 's/^# usage: //p' "$0" >&2; exit 2; }
mkdir -p "$logdir"
# shellcheck source=scripts/guest-log.sh
. scripts/guest-log.sh

# One chain: "SBI RC BOOTED HW FW SAMPLES" (SBI 1 if U-Boot's sbi
# command named the PMU extension; RC linux-run's exit status).
chain() { # FIRMWARE BOOT LOG
	local rc=0 sbi=0
	BUILD=$BUILD scripts/linux-run.sh "$1" --boot "$2" --smp 2 --mode check \
		--timeout 240 --quiet --log "$3" \
		--append " sbipmu.only=stat-hw,stat-fw,record sbipmu.rounds=20 sbipmu.timeout=60" \
		>/dev/null 2>&1 || rc=$?
	grep -aq "^SBI [0-9]" "$3" && grep -aq "Performance Monitoring Unit Extension" "$3" && sbi=1
	echo "$sbi $rc $(guest_perf_readout "$3")"
}

# n > 0 where the reference's is > 0 ("-" counts as 0).
holds() { [ "${2/-/0}" -eq 0 ] || [ "${1/-/0}" -gt 0 ]; }

fails=0
printf '| chain | ours: sbi, exit, done, cycles, fw, samples | reference | verdict |\n|---|---|---|---|\n'
for boot in uboot uboot-efi; do
	read -r os orc ob oh of osm < <(chain "$fw" "$boot" "$logdir/$boot.ours.log")
	read -r rs rrc rb rh rf rsm < <(chain "$ref" "$boot" "$logdir/$boot.ref.log")
	verdict=PASS
	if [ "$os" -lt "$rs" ] || [ "$ob" -lt "$rb" ] ||
		{ [ "$rrc" -eq 0 ] && [ "$orc" -ne 0 ]; } ||
		! holds "$oh" "$rh" || ! holds "$of" "$rf" || ! holds "$osm" "$rsm"; then
		verdict="FAIL (log: $logdir/$boot.ours.log)"
		fails=$((fails + 1))
	fi
	printf '| %s | %s, %s, %s, %s, %s, %s | %s, %s, %s, %s, %s, %s | %s |\n' \
		"$boot" "$os" "$orc" "$ob" "$oh" "$of" "$osm" \
		"$rs" "$rrc" "$rb" "$rh" "$rf" "$rsm" "$verdict"
done
# U-Boot's own poweroff and reset commands go to the firmware's SRST
# (U-Boot's SBI sysreset driver; its EFI ResetSystem uses the same): with
# -no-reboot both end QEMU by themselves, status 0. uboot-console.py
# answers 3 if U-Boot comes back to its prompt instead.
UBOOT=${UBOOT:-/usr/lib/u-boot/qemu-riscv64_smode/u-boot.bin}
srst() { # FIRMWARE COMMAND LOG: QEMU's exit status
	local rc=0
	timeout -k 5 60 scripts/uboot-console.py --cmd "$2" -- \
		qemu-system-riscv64 -M virt -cpu rv64,sscofpmf=true -smp 2 -m 512M \
		-nographic -no-reboot -bios "$1" -kernel "$UBOOT" >"$3" 2>&1 </dev/null || rc=$?
	echo "$rc"
}
n=2
for cmd in poweroff reset; do
	orc=$(srst "$fw" "$cmd" "$logdir/$cmd.ours.log")
	rrc=$(srst "$ref" "$cmd" "$logdir/$cmd.ref.log")
	verdict=PASS
	if [ "$rrc" -eq 0 ] && [ "$orc" -ne 0 ]; then
		verdict="FAIL (log: $logdir/$cmd.ours.log)"
		fails=$((fails + 1))
	fi
	printf '| U-Boot `%s` | QEMU exit %s | QEMU exit %s | %s |\n' "$cmd" "$orc" "$rrc" "$verdict"
	n=$((n + 1))
done
echo "uboot-check: $((n - fails)) passed, $fails failed"
[ "$fails" -eq 0 ]
