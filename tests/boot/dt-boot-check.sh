#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
#
# Boots the firmware on device trees it must refuse or survive, and
# judges what it says and does (docs/firmware.md, "A device tree the
# firmware refuses"; `make dt-boot-check`, a step of `make check`).
#
# Corrupt blobs (tests/boot/dt-blobs.py: truncated, wrong magic, structure
# block outside the blob, huge totalsize twice) are loaded at the end of
# RAM, so that what is readable ends where the blob's file does, and
# handed over in a1 by tests/boot/dtb-shim.S, QEMU's -dtb being unable to
# pass them. For each: the error line with the libfdt error and the
# address, the header line with totalsize against the bytes readable, the
# line saying the next stage is not started, QEMU's exit status 1 (power
# off with failure), and no banner.
# Then a valid tree whose riscv,pmu node has 20,000 rows: the heap
# diagnostic with its figures, the banner's map line, and the smoke
# payload booting on (its own verdict).
# Then QEMU's own virt tree with one edit each, trees the firmware must
# survive (docs/firmware.md, "Devices"): stdout-path naming no node, no
# stdout-path (the UART reachable through /aliases/serial0 only), and
# neither (the first UART in the tree): the banner's console line with
# the way it was found and why, DBCN among the extensions, the smoke
# payload clean (its checks include DBCN probed present). And a
# /cpus/timebase-frequency absent, zero or 8 bytes long: the banner's
# Timebase line, and the value the payload reads from the tree handed on.
# A tree naming extensions the harts lack (Zkr, Svpbmt, Smstateen, Ssaia
# on rv64): each dropped from the tree handed on, none named there. A
# CLINT of a kind the firmware does not know: the banner names the
# missing doorbells, the next stage starts on the boot hart.
# Last, boots without a next stage (no -kernel; one outside RAM; no
# -kernel and no power-off device): the error line and the stop, a
# power-off with status 1 in under 10 s, or the message and a WFI park.
#
# usage: dt-boot-check.sh FIRMWARE SHIM BASE_DTB SMOKE OUTDIR
set -uo pipefail
[ $# -eq 5 ] || { sed -n 's/^# usage: //p' "$0" >&2; exit 2; }
fw=$1 shim=$2 base=$3 smoke=$4 out=$5
here=$(dirname "$0")
QEMU=qemu-system-riscv64
RAM_END=$((0x90000000)) # -m 256M
SHIM_AT=0x8ff00000      # between QEMU's own tree (0x8fe00000) and ours
PROBE_MAX=$((16 << 20))

mkdir -p "$out"
fails=0
fail() {
	echo "dt-boot-check: FAIL $*"
	fails=$((fails + 1))
}

# Does log $1 hold a line containing the fixed string $2?
has() { grep -aqF -- "$2" "$1"; }

# The shim with blob address $2 in its last 8 bytes (little-endian).
shim_for() {
	local dst=$1 addr=$2 size i
	size=$(stat -c %s "$shim")
	head -c $((size - 8)) "$shim" >"$dst"
	for i in 0 1 2 3 4 5 6 7; do
		printf "\\x$(printf %02x $(((addr >> (8 * i)) & 0xff)))"
	done >>"$dst"
}

# Boot corrupt blob $1 (header totalsize $2, file size $3).
corrupt_case() {
	local name=$1 total=$2 size=$3 addr readable log status
	addr=$(((RAM_END - size) & ~7))
	readable=$((RAM_END - addr))
	[ "$total" -ge "$readable" ] || readable=$total
	[ "$readable" -le "$PROBE_MAX" ] || readable=$PROBE_MAX
	log=$out/$name.log
	shim_for "$out/$name.shim" "$addr"
	timeout 30 "$QEMU" -M virt -cpu rv64,sscofpmf=true -smp 1 -m 256M \
		-nographic -bios "$fw" \
		-device "loader,file=$out/$name.shim,addr=$SHIM_AT,force-raw=on" \
		-device "loader,file=$out/$name.dtb,addr=$addr,force-raw=on" \
		-device "loader,addr=$SHIM_AT,cpu-num=0" \
		</dev/null >"$log" 2>&1
	status=$?
	tr -d '\r' <"$log" >"$log.txt" && mv "$log.txt" "$log"
	local want=("$(printf 'sbipmu: ERROR: device tree at 0x%x: %s' "$addr" "$4")"
		"device tree header: totalsize $total bytes, $readable readable"
		"not starting it; powering off")
	for w in "${want[@]}"; do
		has "$log" "$w" || fail "$name: no line with '$w' (see $log)"
	done
	has "$log" "Next stage" && fail "$name: the firmware went on to boot"
	[ "$status" -eq 1 ] || fail "$name: QEMU exit status $status, want 1 (power off, failure)"
	echo "dt-boot-check: $name: $(grep -a 'ERROR: device tree at' "$log" | head -1)"
}

"$here/dt-blobs.py" "$base" "$out" >"$out/blobs.txt" || exit 2
while read -r name total size; do
	case $name in
	truncated) err="FDT_ERR_TRUNCATED: totalsize beyond what is readable" ;;
	bad-magic) err="FDT_ERR_BADMAGIC: header" ;;
	struct-outside) err="FDT_ERR_TRUNCATED: header" ;;
	huge-totalsize) err="FDT_ERR_TRUNCATED: totalsize beyond what is readable" ;;
	totalsize-2g) err="FDT_ERR_TRUNCATED: header" ;;
	*) fail "unknown case $name"; continue ;;
	esac
	corrupt_case "$name" "$total" "$size" "$err"
done <"$out/blobs.txt"

# A valid tree, QEMU's own for this machine, with 20,000 counter rows.
rows=20000
big=$out/pmu-$rows-rows.dtb
"$QEMU" -M "virt,dumpdtb=$big" -cpu rv64,sscofpmf=true -smp 2 -m 256M \
	-bios "$fw" -display none -serial null -monitor none </dev/null \
	>/dev/null 2>&1
fdtput -t x "$big" /pmu riscv,event-to-mhpmcounters \
	$(for ((i = 0; i < rows; i++)); do echo 10019 10019 7fff8; done) ||
	exit 2
log=$out/pmu-$rows-rows.log
timeout 60 "$QEMU" -M virt -cpu rv64,sscofpmf=true -smp 2 -m 256M \
	-nographic -bios "$fw" -dtb "$big" -kernel "$smoke" \
	</dev/null >"$log" 2>&1
tr -d '\r' <"$log" >"$log.txt" && mv "$log.txt" "$log"
for w in "pmu: riscv,pmu: its rows need $((rows * 12)) bytes, the boot heap has" \
	"a heap of " "make firmware FW_HEAP_KIB=" \
	"PMU map         : riscv,pmu rows ($((rows * 12)) bytes) do not fit the boot heap" \
	"PMU events      : general 2/10, cache 0/42"; do
	has "$log" "$w" || fail "pmu-$rows-rows: no line with '$w' (see $log)"
done
grep -aqE '^[0-9]+ passed, 0 failed' "$log" ||
	fail "pmu-$rows-rows: the smoke payload did not end clean (see $log)"
echo "dt-boot-check: pmu-$rows-rows: $(grep -a 'its rows need' "$log")"

# Trees QEMU's own virt tree becomes with one edit, booted with the
# smoke payload (or none): $out/virt.dtb is the base.
"$QEMU" -M "virt,dumpdtb=$out/virt.dtb" -cpu rv64,sscofpmf=true -smp 2 \
	-m 256M -display none -serial null -monitor none </dev/null \
	>/dev/null 2>&1 || exit 2
edited=0

# edited_boot NAME TIMEOUT [QEMU args...]: log in $log, QEMU's exit
# status in $status, seconds taken in $took.
edited_boot() {
	local name=$1 limit=$2 start
	shift 2
	edited=$((edited + 1))
	log=$out/$name.log
	start=$(date +%s)
	timeout "$limit" "$QEMU" -M virt -cpu rv64,sscofpmf=true -smp 2 \
		-m 256M -nographic -bios "$fw" "$@" </dev/null >"$log" 2>&1
	status=$?
	took=$(($(date +%s) - start))
	tr -d '\r' <"$log" >"$log.txt" && mv "$log.txt" "$log"
}

# expect NAME "text"...: each must be a line (or part of one) of $log.
expect() {
	local name=$1 w
	shift
	for w in "$@"; do
		has "$log" "$w" || fail "$name: no line with '$w' (see $log)"
	done
}

# The smoke payload ran to "N passed, 0 failed": among its checks, DBCN
# probed present (it prints through DBCN when offered).
smoke_clean() {
	grep -aqE '^[0-9]+ passed, 0 failed' "$log" ||
		fail "$1: the smoke payload did not end clean (see $log)"
}

# A console however the tree names it (docs/firmware.md, "Devices"):
# stdout-path to no node, no stdout-path (QEMU's /aliases/serial0 names
# the UART), and neither (the first UART in the tree). Each: the banner
# says which and why, DBCN is offered, the payload runs.
console_case() {
	local name=$1 says=$2
	shift 2
	cp "$out/virt.dtb" "$out/$name.dtb"
	"$@" || exit 2
	edited_boot "$name" 30 -dtb "$out/$name.dtb" -kernel "$smoke"
	expect "$name" "Console         : ns16550 at 0x10000000 ($says)" \
		"SBI extensions  : BASE TIME IPI RFNC HSM SRST DBCN "
	smoke_clean "$name"
	echo "dt-boot-check: $name: $(grep -a '^Console' "$log")"
}
# serial0 DTB [stdout-path]: /aliases/serial0 names the UART (QEMU
# 7.2's tree has no /aliases: -p makes it, so each case is the same tree
# on either QEMU), and stdout-path is set to the value given, or deleted.
serial0() {
	fdtput -p -t s "$1" /aliases serial0 /soc/serial@10000000 || return
	if [ $# -gt 1 ]; then
		fdtput -t s "$1" /chosen stdout-path "$2"
	else
		fdtput -d "$1" /chosen stdout-path
	fi
}
console_case console-stdout-path-to-no-node \
	"/aliases/serial0; stdout-path gave none: stdout-path names no node" \
	serial0 "$out/console-stdout-path-to-no-node.dtb" /soc/nothing
console_case console-serial0-only \
	"/aliases/serial0; stdout-path gave none: no /chosen/stdout-path" \
	serial0 "$out/console-serial0-only.dtb"
console_case console-first-uart \
	"first console node in the tree; stdout-path gave none: no /chosen/stdout-path; serial0 gave none: no /aliases/serial0" \
	sh -c "fdtput -d '$out/console-first-uart.dtb' /chosen stdout-path &&
		fdtput -p -t s '$out/console-first-uart.dtb' /aliases serial0 x &&
		fdtput -r '$out/console-first-uart.dtb' /aliases"

# A timebase Linux cannot use (docs/firmware.md, "Devices"): absent,
# zero, and 8 bytes (Linux reads the high cell, 0). The banner says what
# was wrong and what was written; the smoke payload reads the tree it
# was handed and prints /cpus/timebase-frequency as Linux reads it (one
# cell), and its check of it passes.
timebase_case() {
	local name=$1 hz=$2 says=$3
	shift 3
	cp "$out/virt.dtb" "$out/$name.dtb"
	fdtput "$@" || exit 2
	edited_boot "$name" 30 -dtb "$out/$name.dtb" -kernel "$smoke"
	expect "$name" "Timebase        : /cpus/timebase-frequency $says" \
		"smoke: handed-on /cpus/timebase-frequency $hz (4 bytes)" \
		"PASS handoff: /cpus/timebase-frequency is one nonzero cell"
	smoke_clean "$name"
	echo "dt-boot-check: $name: $(grep -a '^Timebase' "$log")"
}
timebase_case timebase-absent 10000000 \
	"absent: 10000000 Hz (assumed) written there in the tree handed on" \
	-d "$out/timebase-absent.dtb" /cpus timebase-frequency
timebase_case timebase-zero 10000000 \
	"zero: 10000000 Hz (assumed) written there in the tree handed on" \
	"$out/timebase-zero.dtb" /cpus timebase-frequency 0
timebase_case timebase-8-bytes 1000000 \
	"not one 32-bit cell: 1000000 Hz (as read from the tree) written there" \
	"$out/timebase-8-bytes.dtb" /cpus timebase-frequency 0 1000000

# A tree that names extensions the harts lack (docs/firmware.md, "M-mode
# enables"): rv64 has no Zkr (no mseccfg), no Svpbmt (menvcfg.PBMTE does
# not stick), no Smstateen and no AIA CSRs, yet every cpu node claims
# them. The firmware must drop each from the tree it hands on (banner
# line), and the payload must find none of them named: a named one
# would be checked by reading its CSR from S-mode.
isa=$(fdtget -t s "$out/virt.dtb" /cpus/cpu@0 riscv,isa-extensions) || exit 2
cp "$out/virt.dtb" "$out/isa-claims.dtb"
for cpu in /cpus/cpu@0 /cpus/cpu@1; do
	# shellcheck disable=SC2086 # one word per extension
	fdtput -t s "$out/isa-claims.dtb" $cpu riscv,isa-extensions \
		$isa zkr svpbmt smstateen ssaia || exit 2
done
edited_boot isa-claims 30 -dtb "$out/isa-claims.dtb" -kernel "$smoke"
expect isa-claims "stick): svpbmt zkr ssaia smstateen"
for ext in zkr svpbmt smstateen ssaia; do
	! has "$log" "smoke: handed-on ISA names $ext" ||
		fail "isa-claims: $ext still named in the tree handed on"
done
smoke_clean isa-claims
echo "dt-boot-check: isa-claims: $(grep -a '^ISA note        : dropped' "$log")"

# A device the firmware does not know: the CLINT renamed (acme,nope).
# No hart has a doorbell or an mtimecmp, and the banner says so; the
# boot hart still starts the next stage, and the other hart, which no
# doorbell can wake, is refused to HSM's hart_start with FAILED
# (SBI_ERR_FAILED, -1) instead of a success the payload would wait on.
cp "$out/virt.dtb" "$out/unknown-clint.dtb"
fdtput -t s "$out/unknown-clint.dtb" /soc/clint@2000000 compatible acme,nope ||
	exit 2
edited_boot unknown-clint 30 -dtb "$out/unknown-clint.dtb" -kernel "$smoke"
expect unknown-clint "Timer, IPI      : 0 timer/IPI device(s)" \
	"IPI             : WARNING: 2 hart(s) have no doorbell" \
	"Next stage      : 0x80200000, S-mode" \
	"FAIL hsm: start other (got 0xffffffffffffffff, want 0x0)"
grep -aqE '^[0-9]+ passed, [0-9]+ failed' "$log" && [ "$status" -eq 0 ] ||
	fail "unknown-clint: the payload did not reach its end and power off (status $status, see $log)"

# No next stage (docs/firmware.md, "Boot"): QEMU without -kernel (its
# fw_dynamic_info says 0), and a next stage outside RAM (/memory cut to
# 1 MiB, the payload at 2 MiB). Each: the error line, the payload never
# entered, and a power-off with the failure status (QEMU exits 1) well
# inside the timeout. Then without -kernel on a tree without a power-off
# device: the error line says the hart waits in WFI, and QEMU is still
# running when the timeout ends it (124).
no_next_case() {
	local name=$1 says=$2 status_want=$3 limit=$4
	shift 4
	edited_boot "$name" "$limit" "$@"
	expect "$name" "sbipmu: ERROR: next stage at $says"
	has "$log" "smoke: S-mode payload" &&
		fail "$name: the payload was entered"
	[ "$status" -eq "$status_want" ] ||
		fail "$name: QEMU exit status $status, want $status_want"
	echo "dt-boot-check: $name: $(grep -a 'ERROR: next stage' "$log") (status $status, ${took} s)"
}
no_next_case no-kernel "0x0: address 0: none was given (QEMU passes 0 without -kernel): not entering it; powering off" 1 20
[ "$took" -le 10 ] || fail "no-kernel: the power-off took $took s"
# QEMU's fw_dynamic_info is valid without -kernel (it names the boot
# hart, asks for S-mode): only its next address is 0.
expect no-kernel "Next stage      : 0x0, S-mode" "boot hart 0 (fw_dynamic)"
cp "$out/virt.dtb" "$out/next-outside-ram.dtb"
fdtput -t x "$out/next-outside-ram.dtb" /memory@80000000 reg 0 80000000 0 100000 ||
	exit 2
no_next_case next-outside-ram "0x80200000: outside RAM (the tree's /memory, less the firmware's own region): not entering it; powering off" 1 20 \
	-dtb "$out/next-outside-ram.dtb" -kernel "$smoke"
[ "$took" -le 10 ] || fail "next-outside-ram: the power-off took $took s"
cp "$out/virt.dtb" "$out/no-kernel-no-reset.dtb"
fdtput -t s "$out/no-kernel-no-reset.dtb" /soc/test@100000 compatible acme,nope ||
	exit 2
no_next_case no-kernel-no-reset "0x0: address 0: none was given (QEMU passes 0 without -kernel): not entering it; no power-off device, so this hart waits in WFI" 124 5 \
	-dtb "$out/no-kernel-no-reset.dtb"
expect no-kernel-no-reset "Reset           : none: SRST not offered"

if [ "$fails" -ne 0 ]; then
	echo "dt-boot-check: $fails failure(s)"
	exit 1
fi
echo "dt-boot-check: OK (5 corrupt trees refused, 1 oversized map survived, $edited boots on edited trees or without a next stage)"
