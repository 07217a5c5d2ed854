#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
#
# usage: tests/boot/boot-images-check.sh OUTDIR HIGH ODD ARCH...
#
# Linux with perf (the guest's check mode: stat-hw, stat-fw, record) on
# each way of booting the firmware (docs/boot.md), per ARCH (rv64, rv32):
#   dynamic@80000000  fw_dynamic.bin as -bios, QEMU's -kernel (fw_dynamic_info)
#   dynamic@HIGH      the same image at HIGH: tests/boot/jump-shim.S is
#                     -bios and jumps there with QEMU's a0-a2, every hart
#   jump              fw_jump.bin as -bios, -kernel where FW_JUMP_ADDR's
#                     default says (2 MiB / 4 MiB past the firmware)
#   payload           fw_payload.bin as -bios, the Image inside, no -kernel
# and OpenSBI 1.5.1's fw_dynamic (at 0x80000000 and at HIGH) and fw_jump
# side by side (Debian ships no fw_payload). Each boot must power off
# cleanly with every step's exit 0; ours must also say which image runs
# where, and Linux must reserve the firmware's region where it runs.
# Then the conformance suite ($BUILD/payload/rv64/conformance.bin, 4
# harts) on RV64's fw_dynamic at 0x80000000 and at HIGH: every SBI call
# it makes, from the relocated image, must give the same verdicts, none
# failed. Last, RV64's fw_dynamic started at ODD (jump-shim-rv64-odd.bin),
# an address its region's PMP entry cannot cover, must be refused with a
# message and a power-off. Images come from $BUILD/firmware/ARCH, shims
# from $BUILD/boot.
set -euo pipefail

[ $# -ge 4 ] || { sed -n 's/^# usage: //p' "$0" >&2; exit 2; }
out=$1 high=$2 odd=$3
shift 3
BUILD=${BUILD:-build}
here=$(cd "$(dirname "$0")/../.." && pwd)
. "$here/scripts/guest-log.sh"
mkdir -p "$out"
steps="stat-hw stat-fw record"
append=" sbipmu.only=stat-hw,stat-fw,record sbipmu.rounds=20"
fails=0 boots=0
start=$(date +%s)

fail() {
	echo "boot-images-check: FAIL $*"
	fails=$((fails + 1))
}

# boot ARCH NAME WHO EXPECT_ADDR KIND FIRMWARE [linux-run args...]
# WHO: ours (its banner and the reserved region checked) or opensbi.
boot() {
	local arch=$1 name=$2 who=$3 addr=$4 kind=$5 fw=$6
	local log="$out/$arch-$name.log" rc=0 s t0 t1 hex
	shift 6
	boots=$((boots + 1))
	t0=$(date +%s)
	"$here/scripts/linux-run.sh" "$fw" --arch "$arch" --mode check \
		--append "$append" --quiet --timeout 120 --log "$log" "$@" ||
		rc=$?
	t1=$(date +%s)
	if [ "$rc" -ne 0 ]; then
		fail "$arch $name: QEMU exit $rc ($log)"
		return
	fi
	grep -q "=== sbipmu: done ===" "$log" ||
		{ fail "$arch $name: the guest never finished ($log)"; return; }
	for s in $steps; do
		[ "$(guest_step_exit "$log" "$s")" = 0 ] ||
			{ fail "$arch $name: step $s did not pass ($log)"; return; }
	done
	if [ "$who" = ours ]; then
		hex=$(printf '%x' "$addr")
		grep -q "^Firmware image  : $kind, running at 0x$hex" "$log" ||
			{ fail "$arch $name: the banner does not say $kind at 0x$hex"; return; }
		grep -q "reserved mem: 0x0*$hex\.\." "$log" ||
			{ fail "$arch $name: Linux reserved no region at 0x$hex"; return; }
	fi
	echo "boot-images-check: $arch $name: OK ($((t1 - t0)) s)"
}

for arch in "$@"; do
	fw="$BUILD/firmware/$arch"
	shim="$BUILD/boot/jump-shim-$arch.bin"
	osbi="$BUILD/tools/opensbi-1.5.1/root/usr/lib/riscv${arch#rv}-linux-gnu/opensbi/generic"
	boot "$arch" dynamic@80000000 ours 0x80000000 fw_dynamic \
		"$fw/fw_dynamic.bin"
	boot "$arch" "dynamic@${high#0x}" ours "$high" fw_dynamic "$shim" \
		-- -device "loader,file=$fw/fw_dynamic.bin,addr=$high"
	boot "$arch" jump ours 0x80000000 fw_jump "$fw/fw_jump.bin"
	boot "$arch" payload ours 0x80000000 fw_payload "$fw/fw_payload.bin" \
		--kernel none
	boot "$arch" opensbi-dynamic@80000000 opensbi - - \
		"$osbi/fw_dynamic.bin"
	boot "$arch" "opensbi-dynamic@${high#0x}" opensbi - - "$shim" \
		-- -device "loader,file=$osbi/fw_dynamic.bin,addr=$high"
	if [ -f "$osbi/fw_jump.bin" ]; then
		boot "$arch" opensbi-jump opensbi - - "$osbi/fw_jump.bin"
	fi
done

# conformance WHERE LOG [qemu args...]: the suite's verdicts, sorted.
conformance() {
	local log=$2
	shift 2
	timeout -k 5 120 qemu-system-riscv64 -M virt -cpu rv64,sscofpmf=true \
		-smp 4 -m 512M -nographic -no-reboot "$@" \
		-kernel "$BUILD/payload/rv64/conformance.bin" </dev/null >"$log" 2>&1 ||
		true
	grep -E '^(PASS|FAIL|SKIP): ' "$log" | tr -d '\r' | sort
}
c_low=$(conformance 80000000 "$out/rv64-conformance@80000000.log" \
	-bios "$BUILD/firmware/rv64/fw_dynamic.bin")
c_high=$(conformance "${high#0x}" "$out/rv64-conformance@${high#0x}.log" \
	-bios "$BUILD/boot/jump-shim-rv64.bin" \
	-device "loader,file=$BUILD/firmware/rv64/fw_dynamic.bin,addr=$high")
n_pass=$(grep -c '^PASS' <<<"$c_high" || true)
if [ -z "$c_low" ] || grep -q '^FAIL' <<<"$c_low$c_high"; then
	fail "rv64 conformance: a failure or no verdict ($out/rv64-conformance@*.log)"
elif [ "$c_low" != "$c_high" ]; then
	fail "rv64 conformance: other verdicts at $high than at 0x80000000:" \
		"$(diff <(echo "$c_low") <(echo "$c_high") | head -5 | tr '\n' ' ')"
else
	echo "boot-images-check: rv64 conformance@${high#0x}: the same" \
		"$(wc -l <<<"$c_high") verdicts as at 0x80000000 ($n_pass passed, none failed)"
fi

# The refusal: the firmware stops before Linux, so the boot is short.
log="$out/rv64-dynamic@${odd#0x}.log"
rc=0
"$here/scripts/linux-run.sh" "$BUILD/boot/jump-shim-rv64-odd.bin" \
	--mode check --quiet --timeout 30 --log "$log" \
	-- -device "loader,file=$BUILD/firmware/rv64/fw_dynamic.bin,addr=$odd" ||
	rc=$?
if ! grep -q "ERROR: loaded at $odd, which is not a multiple" "$log"; then
	fail "rv64 dynamic@${odd#0x}: no refusal of the address ($log)"
elif [ "$rc" -eq 124 ] || grep -q "Linux version" "$log"; then
	fail "rv64 dynamic@${odd#0x}: refused but did not stop (exit $rc)"
else
	echo "boot-images-check: rv64 dynamic@${odd#0x}: refused, powered off" \
		"(exit $rc)"
fi

took=$(($(date +%s) - start))
if [ "$fails" -eq 0 ]; then
	echo "boot-images-check: OK ($boots boots of Linux with perf, the" \
		"conformance suite relocated, a misaligned load refused, $took s)"
else
	echo "boot-images-check: $fails failed, of $boots boots, two" \
		"conformance runs and a refusal ($took s)"
	exit 1
fi
