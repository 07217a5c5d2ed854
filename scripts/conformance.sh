#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
#
# Runs the SBI PMU conformance suite (payload/conformance/) under QEMU
# (MACHINE=virt by default; spike, sifive_u: scripts/machine.sh) against
# an M-mode firmware, and has scripts/conformance_judge.py judge the log:
# this file builds QEMU's command lines, boots and collects the output;
# every verdict is the Python's, and so is compare's table
# (scripts/conformance_compare.py); tests/scripts/ tests both.
#
#   conformance.sh run --firmware FW [--arch rv64|rv32] [--smp N]
#                      [--sscofpmf true|false]
#   conformance.sh matrix --firmware FW [--firmware-rv32 FW32]
#                         [--harts "N..."]
#   conformance.sh compare --ref FW [--ref-rv32 FW32] [--ref FW ...]
#                          --ours FW64 [--ours-rv32 FW32]
#                          --output FILE.md [--reuse-logs]
#                          [--kvm-log LOG [--kvm-ref-log LOG ...]]
#   conformance.sh judge LOG [--step NAME]
#
# run: one QEMU boot (-bios FW -kernel conformance.bin); the output goes
#   to build/payload/conformance-<fw>-<arch>-smp<N>-<sscofpmf|nosscofpmf>.log.
#   If the firmware crashes or hangs (no output for IDLE_SECONDS, or no
#   summary within TIMEOUT_SECONDS), the group in progress is recorded as
#   a FAIL and the suite is booted again with "skip=<next group>", so
#   every later check still gets a verdict; the crash's FAIL names the
#   group's last check with a verdict ("after ..."), and a line
#   "# conformance.sh: firmware stopped in group G after CHECK: WORDS"
#   records it for compare. After 20 boots it gives up ("# conformance.sh:
#   run ended early, ..."). QEMU gets SIGKILL 10 s after a SIGTERM it
#   ignores. Exit status: non-zero on any FAIL line or if a run ends
#   without its summary line. For each hart
#   beyond 8 the idle limit grows by a second and the total by two:
#   under TCG on 2 cores, 512 harts boot for about 3 minutes without a
#   line of output, and the whole run took 8 minutes.
# matrix: run for rv64 (and rv32 when a rv32 firmware is given) x
#   Sscofpmf on/off x 1 and 4 harts (--harts: other counts).
# compare: matrix for each reference (--ref, with --ref-rv32 its RV32
#   image if it has one; --opensbi is --ref's old name) and for ours,
#   then writes FILE.md: a column per firmware (A, B, ... in --ref order,
#   ours last) with each check's result, the check's own "why" text for
#   every deviation, and where each firmware crashed or hung (checks it
#   never reached show as "not run (firmware stopped)"). A reference's
#   failures, crashes and hangs are the table's content: compare's exit
#   status ignores them. The file is generated; never edit it by hand.
#   --reuse-logs writes the file from the logs of the last matrix runs.
#   Logs are named by fw_label: opensbi-<version> for a reference under
#   build/tools/opensbi-<version>/, so references never share logs.
#   --kvm-log LOG adds a column after ours: KVM's SBI PMU judged by the
#   suite as a KVM guest in Linux on ours, from the step kvm-conformance
#   of that console log (scripts/kvm-check.sh's; compare boots no
#   Linux), one configuration of its own. --kvm-ref-log LOG, the same
#   step with KVM on a reference firmware: the header says whether its
#   verdicts are the same, i.e. whether a KVM deviation could be the
#   firmware's.
# judge: the verdict of a log made elsewhere, e.g. the console of a Linux
#   guest whose /bin/kvm-vmm ran the suite under KVM (--step NAME: only
#   /init's section "=== sbipmu: NAME ===" ... "=== sbipmu: exit ..."):
#   the counts, whether every group ran, the FAIL lines. Exit status as
#   run's.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
. scripts/machine.sh
MACHINE=${MACHINE:-virt}

TIMEOUT_SECONDS=${TIMEOUT_SECONDS:-120}
IDLE_SECONDS=${IDLE_SECONDS:-15}
OUT_DIR=build/payload
# The matrix's hart counts (compare's tables are made with these).
MATRIX_HARTS="1 4"
# Where the suite's images are: <dir>/<arch>/conformance.bin. Each run
# boots a private copy, taken once at its start (compare: one copy for
# all its runs), so a rebuild meanwhile cannot mix two suites in a log.
PAYLOAD_SRC=${PAYLOAD_SRC:-$OUT_DIR}

die() {
	echo "conformance: $*" >&2
	exit 2
}

# The judge (see the header).
judge() {
	python3 scripts/conformance_judge.py "$@"
}

# A firmware's short name, for its log files: "opensbi-1.5.1" for a
# reference unpacked by scripts/setup-tools.sh (.../opensbi-<version>/...),
# "opensbi" for another OpenSBI, else the image's base name ("sbipmu").
fw_label() {
	judge label "$1"
}

# Boot once; output (CR stripped) to $1. Returns when QEMU has ended.
boot_once() {
	local out=$1 fw=$2 arch=$3 smp=$4 sscof=$5 skip=$6 payload=$7
	local qemu cpu="$arch,sscofpmf=$sscof" base=-
	local raw start last_size=-1 idle=0 pid
	local extra=0 timeout_s idle_s

	raw=$(mktemp "$OUT_DIR/.qemu.XXXXXX")
	# Seconds per hart beyond 8 (see the header).
	[ "$smp" -le 8 ] || extra=$((smp - 8))
	timeout_s=$((TIMEOUT_SECONDS + 2 * extra))
	idle_s=$((IDLE_SECONDS + extra))

	machine_setup "$MACHINE" "$arch" "$smp" "$sscof" || return
	qemu=$MACHINE_QEMU
	: >"$raw"
	if [ "$MACHINE" != virt ]; then
		# this machine's own tree (chosen-dtb.sh dumps virt's)
		local dump=("${MACHINE_ARGS[@]}")
		base=$raw.base.dtb
		dump[1]="$MACHINE_DUMPDTB,dumpdtb=$base"
		"$qemu" "${dump[@]}" -m 256M -bios "$fw" -display none \
			-serial null -monitor none </dev/null >/dev/null 2>&1
	fi
	# QEMU's own device tree, asking sbipmu to offer the snapshot area
	# with Sscofpmf too (its default withholds it there, for Linux's
	# sake), so the suite judges it everywhere; others ignore /chosen.
	scripts/chosen-dtb.sh "$raw.dtb" "$base" "$qemu" "$cpu" "$smp" 256M \
		"$fw" sbipmu,snapshot=on >"$raw" 2>&1
	# -no-reboot: on a machine without power-off the suite ends by a
	# reboot (sifive_u), which then ends QEMU.
	# -k: QEMU gets SIGKILL if SIGTERM (the timeout's, or ours below)
	# has not ended it within 10 s, so `wait` always returns.
	timeout -k 10 "$timeout_s" "$qemu" "${MACHINE_ARGS[@]}" -no-reboot \
		-m 256M -nographic -bios "$fw" -dtb "$raw.dtb" \
		-kernel "$payload" \
		-append "skip=$skip" </dev/null >"$raw" 2>&1 &
	pid=$!
	start=$SECONDS
	while kill -0 "$pid" 2>/dev/null; do
		sleep 1
		if grep -Eq '^[0-9]+ passed, [0-9]+ failed, [0-9]+ skipped' \
			<(tr -d '\r' <"$raw"); then
			# Summary printed: give the shutdown a moment.
			sleep 2
			kill "$pid" 2>/dev/null
			break
		fi
		local size
		size=$(stat -c %s "$raw")
		if [ "$size" = "$last_size" ]; then
			idle=$((idle + 1))
		else
			idle=0
			last_size=$size
		fi
		if [ "$idle" -ge "$idle_s" ]; then
			echo "# conformance.sh: no output for ${idle_s} s," \
				"stopping QEMU" >>"$raw"
			kill "$pid" 2>/dev/null
			break
		fi
	done
	wait "$pid" 2>/dev/null
	tr -d '\r' <"$raw" >"$out"
	rm -f "$raw" "$raw.dtb" "$raw.base.dtb"
	: "$start"
}

cmd_run() {
	local fw="" arch=rv64 smp=1 sscof=true log=""
	while [ $# -gt 0 ]; do
		case "$1" in
		--firmware) fw=$2; shift 2 ;;
		--arch) arch=$2; shift 2 ;;
		--smp) smp=$2; shift 2 ;;
		--sscofpmf) sscof=$2; shift 2 ;;
		--log) log=$2; shift 2 ;;
		*) die "run: unknown option $1" ;;
		esac
	done
	case $smp in
	'' | *[!0-9]* | 0) die "run: --smp needs a hart count, not '$smp'" ;;
	esac
	[ -n "$fw" ] || die "run: --firmware is required"
	[ -f "$fw" ] || die "firmware $fw not found"
	[ -f "$PAYLOAD_SRC/$arch/conformance.bin" ] ||
		die "$PAYLOAD_SRC/$arch/conformance.bin not built (make payload)"
	local tag="sscofpmf"
	[ "$sscof" = true ] || tag="nosscofpmf"
	local m=""
	[ "$MACHINE" = virt ] || m="$MACHINE-"
	[ -n "$log" ] || log="$OUT_DIR/conformance-$(fw_label "$fw")-$m$arch-smp$smp-$tag.log"
	mkdir -p "$(dirname "$log")"

	# Private temporaries: concurrent runs of one configuration must not
	# share files; the log appears whole at the end.
	local skip=0 runs=0 part final="$log" payload
	part=$(mktemp "$OUT_DIR/.part.XXXXXX")
	log=$(mktemp "$OUT_DIR/.log.XXXXXX")
	payload=$(mktemp "$OUT_DIR/.payload.XXXXXX")
	cp "$PAYLOAD_SRC/$arch/conformance.bin" "$payload"
	while :; do
		runs=$((runs + 1))
		boot_once "$part" "$fw" "$arch" "$smp" "$sscof" "$skip" "$payload"
		cat "$part" >>"$log"
		# Crashed or hung: the judge blames the group in progress and
		# names the group to resume at; nothing when the run is over.
		skip=$(judge boot "$part" "$log" "$skip" "$runs") ||
			die "run: judging $part failed"
		[ -n "$skip" ] || break
	done
	# Every group must have run; a summary over all boots.
	judge finish "$part" "$log" "$runs" || die "run: judging $log failed"
	rm -f "$part" "$payload"
	chmod 644 "$log"
	mv "$log" "$final"
	log=$final

	judge verdict "$log" \
		"conformance $(fw_label "$fw") $MACHINE $arch smp=$smp sscofpmf=$sscof"
}

# Matrix of runs; $1 rv64 firmware, $2 rv32 firmware (may be empty),
# $3 the hart counts (default MATRIX_HARTS).
matrix_runs() {
	local fw=$1 fw32=$2 harts=${3:-$MATRIX_HARTS} rc=0 arch smp sscof f
	for arch in rv64 rv32; do
		f=$fw
		if [ "$arch" = rv32 ]; then
			[ -n "$fw32" ] || continue
			f=$fw32
		fi
		for smp in $harts; do
			for sscof in true false; do
				cmd_run --firmware "$f" --arch "$arch" \
					--smp "$smp" --sscofpmf "$sscof" || rc=1
			done
		done
	done
	return $rc
}

cmd_matrix() {
	local fw="" fw32="" harts=$MATRIX_HARTS
	while [ $# -gt 0 ]; do
		case "$1" in
		--firmware) fw=$2; shift 2 ;;
		--firmware-rv32) fw32=$2; shift 2 ;;
		--harts) harts=$2; shift 2 ;;
		*) die "matrix: unknown option $1" ;;
		esac
	done
	[ -n "$fw" ] || die "matrix: --firmware is required"
	matrix_runs "$fw" "$fw32" "$harts"
}

# compare's columns are keyed A to H: references, ours, then KVM.
MAX_REFS=6

cmd_compare() {
	local output="" reuse=0 ours="" ours32="" i
	local kvm_log=""
	# Each firmware's RV64 image, and its RV32 image or "".
	local -a fws=() fws32=() kvm_refs=()
	while [ $# -gt 0 ]; do
		case "$1" in
		--reuse-logs) reuse=1; shift ;;
		--ref | --opensbi) fws+=("$2"); fws32+=(""); shift 2 ;;
		--ref-rv32)
			[ ${#fws[@]} -gt 0 ] ||
				die "compare: --ref-rv32 belongs after its --ref"
			fws32[${#fws[@]} - 1]=$2
			shift 2
			;;
		--ours) ours=$2; shift 2 ;;
		--ours-rv32) ours32=$2; shift 2 ;;
		--output) output=$2; shift 2 ;;
		--kvm-log) kvm_log=$2; shift 2 ;;
		--kvm-ref-log) kvm_refs+=("$2"); shift 2 ;;
		*) die "compare: unknown option $1" ;;
		esac
	done
	if [ ${#fws[@]} -eq 0 ] || [ -z "$ours" ] || [ -z "$output" ]; then
		die "compare: --ref (one or more), --ours and --output are required"
	fi
	[ ${#fws[@]} -le $MAX_REFS ] ||
		die "compare: at most $MAX_REFS references"
	[ -z "$kvm_log" ] || [ -f "$kvm_log" ] ||
		die "compare: KVM log $kvm_log not found"
	[ -f "$ours32" ] || ours32=""
	fws+=("$ours")
	fws32+=("$ours32")
	for i in "${!fws[@]}"; do
		[ -f "${fws[i]}" ] ||
			die "firmware ${fws[i]} not found (scripts/setup-tools.sh unpacks the references)"
		if [ -n "${fws32[i]}" ] && [ ! -f "${fws32[i]}" ]; then
			echo "conformance-compare: ${fws32[i]} not found; its RV32 rows are not run" >&2
			fws32[i]=""
		fi
	done
	# A firmware that fails checks, crashes or hangs is the table's
	# subject, not compare's failure: the runs' status is ignored, and
	# only their summary lines are shown.
	if [ "$reuse" -eq 0 ]; then
		# One copy of the suite for every firmware (see PAYLOAD_SRC).
		local snap a
		snap=$(mktemp -d "$OUT_DIR/.compare-payload.XXXXXX")
		# shellcheck disable=SC2064 # expand now: snap is local
		trap "rm -rf '$snap'" EXIT
		for a in rv64 rv32; do
			[ -f "$PAYLOAD_SRC/$a/conformance.bin" ] || continue
			mkdir -p "$snap/$a"
			cp "$PAYLOAD_SRC/$a/conformance.bin" "$snap/$a/"
		done
		for i in "${!fws[@]}"; do
			PAYLOAD_SRC=$snap matrix_runs "${fws[i]}" "${fws32[i]}" |
				grep '^conformance ' || :
		done
		rm -rf "$snap"
		trap - EXIT
	fi
	local -a args=()
	for i in "${!fws[@]}"; do
		args+=(--firmware "${fws[i]}" "${fws32[i]:--}")
	done
	[ -z "$kvm_log" ] || args+=(--kvm-log "$kvm_log")
	for i in "${kvm_refs[@]}"; do
		args+=(--kvm-ref-log "$i")
	done
	python3 scripts/conformance_compare.py --out-dir "$OUT_DIR" --harts "$MATRIX_HARTS" \
		--qemu-version "$(qemu-system-riscv64 --version | head -n 1)" \
		--output "$output" "${args[@]}" ||
		die "compare: writing $output failed"
}

cmd_judge() {
	local log="" step=""
	while [ $# -gt 0 ]; do
		case "$1" in
		--step) step=$2; shift 2 ;;
		-*) die "judge: unknown option $1" ;;
		*)
			[ -z "$log" ] || die "judge: one log only"
			log=$1
			shift
			;;
		esac
	done
	[ -f "$log" ] || die "judge: log '$log' not found"
	judge judge "$log" "--step=$step"
}

case "${1:-}" in
run) shift; cmd_run "$@" ;;
judge) shift; cmd_judge "$@" ;;
matrix) shift; cmd_matrix "$@" ;;
compare) shift; cmd_compare "$@" ;;
*) die "usage: $0 run|matrix|compare|judge [options] (see the header)" ;;
esac
