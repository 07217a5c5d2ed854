#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
#
# Linux 6.12 and perf on every QEMU machine (docs/firmware.md,
# "Machines"; `make linux-machines`, quick version in `make check`):
# boots the guest's perf demo (scripts/linux-run.sh) on each
# MACHINE:HARTS given, on our firmware and on each reference, and prints
# one table row per boot: did it reach the end, cycles and instructions
# counted, the TLB events, firmware events, perf record's samples and
# LCOFI interrupts. Real time under TCG: counts differ run to run; the
# table compares what works, not how much.
# Ours must: reach the end, count cycles, instructions and firmware
# events (fw_illegal_insn; fw_ipi_sent with 2 harts or more) on every
# machine, and sample
# (perf record > 0) wherever the CPU has Sscofpmf (not on the U54s of
# sifive_u and icicle, where no firmware can sample). References are
# reported, never judged; each row names its firmware by version
# (opensbi-1.5.1): from a versioned folder in its path
# (.../opensbi-1.5.1/...), else from its console banner ("OpenSBI v1.1"),
# else from the path. The table's heading names the QEMU.
#
# usage: linux-machines.sh OURS "MACHINE:HARTS ..." [REF_FW...]
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
[ $# -ge 2 ] || { sed -n 's/^# usage: //p' "$0" >&2; exit 2; }
ours=$1 runs=$2
shift 2
refs=("$@")
BUILD=${BUILD:-build}
out=$BUILD/linux/machines
mkdir -p "$out"
fails=0

# count LOG EVENT: perf stat's count of EVENT in the demo, or "-"
count() {
	local v
	v=$(grep -aE "^ +[0-9<]+ +$2( |$)" "$1" | head -1 | awk '{print $1}')
	echo "${v:--}"
}

samples() {
	local v
	v=$(grep -aoE "wrote [0-9.]+ MB \S+ \(([0-9]+) samples\)" "$1" |
		grep -oE "\([0-9]+" | tr -d '(' | head -1)
	echo "${v:-0}"
}

lcofi() {
	local v
	v=$(grep -aE "^ *13:" "$1" | awk '{s=0; for (i=2;i<=NF;i++) if ($i ~ /^[0-9]+$/) s+=$i; else break; print s}')
	echo "${v:--}"
}

judge() {
	local name=$1 log=$2 machine=$3
	grep -aq "=== sbipmu: done ===" "$log" ||
		{ echo "linux-machines: FAIL $name: did not reach the end ($log)"; fails=$((fails + 1)); return; }
	local evs="cycles instructions fw_illegal_insn"
	[ "$harts" -eq 1 ] || evs="$evs fw_ipi_sent" # one hart sends no IPI
	for ev in $evs; do
		case $(count "$log" "$ev") in
		- | 0 | "<not")
			echo "linux-machines: FAIL $name: $ev not counted ($log)"
			fails=$((fails + 1)) ;;
		esac
	done
	case $machine in
	sifive_u | icicle) return ;; # U54s: no Sscofpmf, no sampling
	esac
	if [ "$(samples "$log")" -eq 0 ]; then
		echo "linux-machines: FAIL $name: perf record wrote no sample ($log)"
		fails=$((fails + 1))
	fi
}

# A versioned folder in the path: .../opensbi-1.5.1/... -> opensbi-1.5.1
path_version() {
	echo "$1" | grep -oE '(^|/)opensbi-[0-9][^/]*/' | tail -1 | tr -d /
}

# label FW LOG: the reference's row name: its path's version, else its
# banner's (OpenSBI prints major.minor only: "OpenSBI v1.5" for 1.5.1,
# hence the path first), else its log name.
label() {
	local v
	v=$(path_version "$1")
	[ -n "$v" ] || v=$(grep -aoE -m1 '^OpenSBI v[^[:space:]]+' "$2" 2>/dev/null |
		sed 's/^OpenSBI v/opensbi-/')
	echo "${v:-$3}"
}

# Each reference's log name, fixed before its first boot and unique:
# the path's version, else the old folder-file name (opensbi-fw_dynamic),
# with -refN added when two would share it.
names=()
for i in "${!refs[@]}"; do
	fw=${refs[$i]}
	n=$(path_version "$fw")
	[ -n "$n" ] || n=$(basename "$(dirname "$(dirname "$fw")")")-$(basename "$fw" .bin)
	for m in "${names[@]}"; do
		[ "$m" != "$n" ] || { n=$n-ref$((i + 1)); break; }
	done
	names+=("$n")
done

qver=$(qemu-system-riscv64 --version | head -1)
echo "# Linux 6.12 perf on QEMU's machines ($qver, TCG, real time)"
echo
if [ ${#refs[@]} -gt 0 ]; then
	echo "References (reported, not judged):"
	for i in "${!refs[@]}"; do
		echo "- ${names[$i]}: ${refs[$i]}"
	done
	echo
fi
echo "| machine | harts | firmware | end | cycles | instructions | dTLB-load-misses | fw_ipi_sent | fw_illegal_insn | samples | LCOFI |"
echo "|---|---|---|---|---|---|---|---|---|---|---|"
for run in $runs; do
	machine=${run%%:*} harts=${run#*:}
	mem=512M
	[ "$harts" -le 8 ] || mem=2G
	for i in -1 "${!refs[@]}"; do
		if [ "$i" = -1 ]; then
			fw=$ours name=ours
		else
			fw=${refs[$i]} name=${names[$i]}
		fi
		log=$out/$machine-$harts-$name.log
		MACHINE=$machine BUILD=$BUILD scripts/linux-run.sh "$fw" \
			--smp "$harts" --mem "$mem" --quiet --log "$log" \
			--timeout 300 >/dev/null 2>&1
		[ "$i" = -1 ] || name=$(label "$fw" "$log" "$name")
		end=no
		grep -aq "=== sbipmu: done ===" "$log" && end=yes
		echo "| $machine | $harts | $name | $end | $(count "$log" cycles) |" \
			"$(count "$log" instructions) | $(count "$log" dTLB-load-misses) |" \
			"$(count "$log" fw_ipi_sent) | $(count "$log" fw_illegal_insn) |" \
			"$(samples "$log") | $(lcofi "$log") |"
		[ "$i" != -1 ] || judge "$machine-$harts" "$log" "$machine"
	done
done
echo
if [ "$fails" -eq 0 ]; then
	echo "linux-machines: OK"
else
	echo "linux-machines: $fails failure(s)"
	exit 1
fi
