#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
#
# The firmware on every QEMU machine and on trees that lack or break a
# device (docs/firmware.md, "Harts", "Devices", "Machines"; `make
# machines-check`, a step of `make check`). Each case boots the smoke
# payload and judges what the firmware printed and what QEMU did:
#   virt, spike, sifive_u (RV64, 2 harts) and virt with 16 harts: the
#     banner names the console, reset device and machine file the tree
#     gives, the payload starts on the expected boot hart, and (but on
#     sifive_u, whose payload checks assume a stoppable cycle counter)
#     passes with 0 failures; sifive_u parks hart 0 (no S-mode);
#   spike RV32: the same on a 32-bit hart;
#   a tree without /chosen/stdout-path whose UART is disabled, and one
#     whose UART is of an unknown kind: no console to fall back to (the
#     fallbacks themselves: dt-boot-check), so the firmware prints
#     nothing, and the payload still runs and powers off (QEMU exits 0
#     through SRST) instead of hanging;
#   8 harts on a firmware built for 4: the banner says 4 are not served
#     and the payload passes on the 4 served.
#
#   the conformance suite on spike and on sifive_u (3 harts: its E51
#     parked, disabled in the tree, and refused by HSM): 0 failures;
#   on QEMU 10, counter delegation: the suite's counter_delegation group
#     on harts with Smcdeleg/Ssccfg/Sscsrind, with and without Smstateen.
#
# usage: machines-check.sh FW64 FW32 FW64_MAX4 SMOKE64 SMOKE32 CONF64 OUTDIR
set -uo pipefail
[ $# -eq 7 ] || { sed -n 's/^# usage: //p' "$0" >&2; exit 2; }
fw64=$1 fw32=$2 fw4=$3 smoke64=$4 smoke32=$5 conf64=$6 out=$7
mkdir -p "$out"
fails=0
cases=0
fail() {
	echo "machines-check: FAIL $*"
	fails=$((fails + 1))
}
has() { grep -aqF -- "$2" "$1"; }

# boot NAME QEMU FW PAYLOAD [QEMU args...]: log in $out/NAME.log, $status
boot() {
	local name=$1 qemu=$2 fw=$3 payload=$4
	shift 4
	cases=$((cases + 1))
	log=$out/$name.log
	timeout "${BOOT_TIMEOUT:-120}" "$qemu" -m 256M -nographic -bios "$fw" -kernel "$payload" \
		"$@" </dev/null >"$log" 2>&1
	status=$?
}

# expect NAME "text"...: each must be in the last log
expect() {
	local name=$1 t
	shift
	for t in "$@"; do
		has "$log" "$t" || fail "$name: no line with '$t' (see $log)"
	done
}

clean_summary() {
	local name=$1
	grep -aqE '^[0-9]+ passed, 0 failed' "$log" ||
		fail "$name: the payload did not pass (see $log)"
}

boot virt qemu-system-riscv64 "$fw64" "$smoke64" -M virt \
	-cpu rv64,sscofpmf=true -smp 2
expect virt "Console         : ns16550 at 0x10000000" \
	"Reset           : register write: shutdown reboot" \
	"(machine file: QEMU virt)" "smoke: S-mode payload on hart 0"
clean_summary virt

boot virt16 qemu-system-riscv64 "$fw64" "$smoke64" -M virt \
	-cpu rv64,sscofpmf=true -smp 16
# A busy host can keep a vCPU from checking in within the firmware's
# wait (16 vCPUs on 2 host cores): the banner then lists it as late, to
# be served when it does. All 16 must be there, served or late.
harts_listed() { # "0-3,5" -> 5
	tr ',' '\n' <<<"$1" | awk -F- 'NF == 2 { n += $2 - $1 + 1; next } NF == 1 && $1 != "" { n++ } END { print n + 0 }'
}
expect_harts_found() { # NAME N: N harts served or late, boot hart 0
	local served late
	served=$(sed -n 's/^Harts           : [0-9]* \[\([0-9,-]*\)\], boot hart 0 .*/\1/p' "$log" | head -n 1)
	late=$(sed -n 's/^Harts late      : \[\([0-9,-]*\)\].*/\1/p' "$log" | head -n 1)
	if [ -z "$served" ]; then
		fail "$1: no 'Harts : ... boot hart 0' line (see $log)"
	elif [ $(($(harts_listed "$served") + $(harts_listed "$late"))) -ne "$2" ]; then
		fail "$1: harts served [$served] and late [$late] are not $2 (see $log)"
	elif [ -n "$late" ]; then
		echo "# $1: harts [$late] checked in late (busy host), served when they did"
	fi
}
expect_harts_found virt16 16
clean_summary virt16

boot spike qemu-system-riscv64 "$fw64" "$smoke64" -M spike \
	-cpu rv64,sscofpmf=true -smp 2
expect spike "Console         : ucb,htif0 at 0x1000000" \
	"Reset           : htif: shutdown" "(machine file: Spike)" \
	"PMU map         : no riscv,pmu node: QEMU's CPU, its 5 events on counters 3-18"
clean_summary spike
[ "$status" -eq 0 ] || fail "spike: QEMU status $status, not 0 (HTIF power-off)"

boot spike-rv32 qemu-system-riscv32 "$fw32" "$smoke32" -M spike -smp 2
expect spike-rv32 "RV32" "Console         : ucb,htif0 at 0x1000000"
clean_summary spike-rv32

# sifive_u has no power-off device: -no-reboot makes SRST's reboot, or
# the payload's fallback, end QEMU; a payload that knows no fallback
# waits for the timeout (20 s: it is done in 2).
BOOT_TIMEOUT=20 boot sifive_u qemu-system-riscv64 "$fw64" "$smoke64" -M sifive_u -smp 2 \
	-no-reboot
expect sifive_u "Console         : sifive,uart0 at 0x10010000" \
	"Harts           : 1 [1], boot hart 1" \
	"Harts parked    : [0] without S-mode" \
	"Reset           : gpio: reboot" \
	"(machine file: SiFive FU540; remote sfence.vma flushes all)" \
	"no mcountinhibit" "smoke: S-mode payload on hart 1"

dtb=$out/virt2.dtb
qemu-system-riscv64 -M virt,dumpdtb="$dtb" -cpu rv64,sscofpmf=true -smp 2 \
	-m 256M -nographic >/dev/null 2>&1
cp "$dtb" "$out/no-console.dtb"
fdtput -d "$out/no-console.dtb" /chosen stdout-path
fdtput -t s "$out/no-console.dtb" /soc/serial@10000000 status disabled
cp "$dtb" "$out/bad-console.dtb"
fdtput -t s "$out/bad-console.dtb" /soc/serial@10000000 compatible acme,nope
for t in no-console bad-console; do
	boot "$t" qemu-system-riscv64 "$fw64" "$smoke64" -M virt \
		-cpu rv64,sscofpmf=true -smp 2 -dtb "$out/$t.dtb"
	[ "$status" -eq 0 ] ||
		fail "$t: QEMU status $status: the next stage did not run to its power-off"
	! has "$log" "sbipmu 0.1" || fail "$t: the firmware printed without a console"
done

boot conf-spike qemu-system-riscv64 "$fw64" "$conf64" -M spike \
	-cpu rv64,sscofpmf=true -smp 3
grep -aqE '^[0-9]+ passed, 0 failed' "$log" ||
	fail "conf-spike: the conformance suite did not pass (see $log)"
boot conf-sifive_u qemu-system-riscv64 "$fw64" "$conf64" -M sifive_u \
	-smp 3 -no-reboot
grep -aqE '^[0-9]+ passed, 0 failed' "$log" ||
	fail "conf-sifive_u: the conformance suite did not pass (see $log)"
expect conf-sifive_u "PASS: hsm.start.disabled_hart_refused"

# Counter delegation (QEMU 10: Smcdeleg, Ssccfg, Smcsrind/Sscsrind,
# with and without Smstateen): the firmware sets the harts up for it and
# the conformance group counter_delegation programs a counter from S-mode
# beside SBI calls. QEMU 7.2 has none of these.
CDELEG=rv64,sscofpmf=true,smcntrpmf=true,smcdeleg=true,ssccfg=true,smcsrind=true,sscsrind=true
if "$(dirname "$0")/../../scripts/qemu-accepts.sh" "$CDELEG"; then
	for st in "" ",smstateen=true"; do
		boot "conf-cdeleg${st:+-stateen}" qemu-system-riscv64 "$fw64" \
			"$conf64" -M virt -cpu "$CDELEG$st" -smp 2
		grep -aqE '^[0-9]+ passed, 0 failed' "$log" ||
			fail "conf-cdeleg$st: the conformance suite did not pass (see $log)"
		expect "conf-cdeleg$st" "Counter deleg.  : Smcdeleg, Ssccfg, Sscsrind: menvcfg.CDE set" \
			"PASS: counter_delegation.sbi_counter_counts_beside"
	done
else
	echo "machines-check: $(qemu-system-riscv64 --version | head -1): no counter delegation, not booted"
fi

boot max4 qemu-system-riscv64 "$fw4" "$smoke64" -M virt \
	-cpu rv64,sscofpmf=true -smp 8
expect max4 "Harts           : 4 [0-3], boot hart 0" \
	"4 more in the tree not served (at most 4"
clean_summary max4

if [ "$fails" -eq 0 ]; then
	echo "machines-check: OK ($cases boots)"
else
	echo "machines-check: $fails failure(s) in $cases boots"
	exit 1
fi
