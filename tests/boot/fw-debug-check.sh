#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
#
# The firmware's fault path and its stack guards, through the debug
# firmware's hooks (firmware/boot/debug.h; `make fw-debug-check`, a step of
# `make check`), and the hooks' absence from the release firmware:
#  - release: no hook symbol, no hook property name in the image, and
#    with sbipmu,debug-fault set it boots the smoke payload clean;
#  - a load from address 0 on the boot hart: the fault report (hart,
#    mcause 5, mepc, mtval 0, registers, sp) and a power-off with
#    failure, before the banner's end;
#  - a stack overrun on hart 1 (whose stack lies above hart 0's), on the
#    boot hart (whose stack lies above .bss) and on RV32: the report
#    says "stack overrun" (the guard stopped it); an overrun the guard
#    missed would print "NOT caught" instead;
#  - an illegal instruction on hart 1: mcause 2;
#  - hart 1 checking in only half a second after S-mode started (the
#    4-hart conformance flake, exaggerated): the smoke payload finds it
#    STOPPED, starts it, and finds PMU and SSE state on it.
#
# usage: fw-debug-check.sh RELEASE64 DEBUG64 DEBUG32 SMOKE64 OUTDIR
set -uo pipefail
[ $# -eq 5 ] || { sed -n 's/^# usage: //p' "$0" >&2; exit 2; }
release=$1 debug64=$2 debug32=$3 smoke=$4 out=$5
here=$(dirname "$0")
chosen_dtb=$here/../../scripts/chosen-dtb.sh
mkdir -p "$out"
fails=0
fail() {
	echo "fw-debug-check: FAIL $*"
	fails=$((fails + 1))
}
has() { grep -aqF -- "$2" "$1"; }

# A next stage that spins ("j ." on RV64 and RV32), for "-": without a
# next stage the firmware powers off after its banner (docs/firmware.md,
# "Boot"), which could end the run before hart 1's fault is reported.
printf '\x6f\x00\x00\x00' >"$out/spin.bin"

# boot NAME ARCH FIRMWARE SMP KERNEL|- K=V...: log in $out/NAME.log,
# QEMU's status in $status.
boot() {
	local name=$1 arch=$2 fw=$3 smp=$4 kernel=$5 qemu next=()
	shift 5
	qemu=qemu-system-riscv${arch#rv}
	[ "$kernel" = - ] && kernel=$out/spin.bin
	next=(-kernel "$kernel")
	"$chosen_dtb" "$out/$name.dtb" - "$qemu" "$arch,sscofpmf=true" "$smp" \
		256M "$fw" "$@" || exit 2
	timeout 60 "$qemu" -M virt -cpu "$arch,sscofpmf=true" -smp "$smp" \
		-m 256M -nographic -bios "$fw" -dtb "$out/$name.dtb" \
		"${next[@]}" </dev/null >"$out/$name.log" 2>&1
	status=$?
	tr -d '\r' <"$out/$name.log" >"$out/$name.tmp" &&
		mv "$out/$name.tmp" "$out/$name.log"
}

# expect_fault NAME HART CAUSE_TEXT [more lines...]
expect_fault() {
	local name=$1 hart=$2 cause=$3 log=$out/$1.log w
	shift 3
	for w in "sbipmu: FATAL: firmware trap on hart $hart: $cause" \
		"sbipmu: FATAL:  ra 0x" "sbipmu: FATAL: sp 0x" \
		"powering off (failure)" "$@"; do
		has "$log" "$w" || fail "$name: no line with '$w' (see $log)"
	done
	has "$log" "NOT caught" && fail "$name: the fault was not caught"
	# (another hart's fault races with the boot hart's banner)
	[ "$hart" != 0 ] || ! has "$log" "Next stage" ||
		fail "$name: the boot went on"
	[ "$status" -eq 1 ] ||
		fail "$name: QEMU exit status $status, want 1 (power off, failure)"
	echo "fw-debug-check: $name: $(grep -a 'FATAL: firmware trap' "$log")"
}

# The release image holds no hook.
nm_tool=riscv64-unknown-elf-nm
if "$nm_tool" "${release%.bin}.elf" | grep -q fw_debug; then
	fail "release: fw_debug symbols in ${release%.bin}.elf"
fi
if grep -aq "sbipmu,debug" "$release"; then
	fail "release: hook property names in $release"
fi
boot release-ignores-hooks rv64 "$release" 2 "$smoke" \
	sbipmu,debug-fault=access
grep -aqE '^[0-9]+ passed, 0 failed' "$out/release-ignores-hooks.log" ||
	fail "release-ignores-hooks: the smoke payload did not pass"
has "$out/release-ignores-hooks.log" "FATAL" &&
	fail "release-ignores-hooks: a fault in the release firmware"
echo "fw-debug-check: release: no hook, boots clean with the property set"

boot access-hart0 rv64 "$debug64" 2 - sbipmu,debug-fault=access
expect_fault access-hart0 0 "mcause 0x5 (load access fault)" "mtval 0x0"

boot illegal-hart1 rv64 "$debug64" 2 - sbipmu,debug-fault=illegal \
	sbipmu,debug-fault-hart=1
expect_fault illegal-hart1 1 "mcause 0x2 (illegal instruction)"

for c in "overrun-hart1 rv64 $debug64 1" "overrun-hart0 rv64 $debug64 0" \
	"overrun-hart1-rv32 rv32 $debug32 1"; do
	set -- $c
	boot "$1" "$2" "$3" 2 - sbipmu,debug-fault=overrun \
		sbipmu,debug-fault-hart="$4"
	expect_fault "$1" "$4" "mcause 0x7 (store/AMO access fault)" \
		"sbipmu: FATAL: stack overrun: hart $4 used more than" \
		"return addresses on the stack from sp up: 0x"
done

boot late-hart1 rv64 "$debug64" 2 "$smoke" sbipmu,debug-late-hart=1
log=$out/late-hart1.log
has "$log" "late hart 1" || fail "late-hart1: hook not armed (see $log)"
for w in "PASS hsm: other STOPPED" "PASS hsm: other ran with opaque" \
	"PASS pmu: other hart has PMU state" \
	"PASS sse: other hart has SSE state"; do
	has "$log" "$w" || fail "late-hart1: no line with '$w' (see $log)"
done
grep -aqE '^[0-9]+ passed, 0 failed' "$log" ||
	fail "late-hart1: the smoke payload did not pass (see $log)"
echo "fw-debug-check: late-hart1: $(grep -a 'other hart has PMU' "$log")"

if [ "$fails" -ne 0 ]; then
	echo "fw-debug-check: $fails failure(s)"
	exit 1
fi
echo "fw-debug-check: OK (release clean, 5 faults reported, late hart served)"
