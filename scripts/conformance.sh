#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
#
# Runs the SBI PMU conformance suite (payload/conformance/) under QEMU
# (MACHINE=virt by default; spike, sifive_u: scripts/machine.sh) against
# an M-mode firmware, and judges the log.
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
. scripts/guest-log.sh
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

# A firmware's short name, for its log files: "opensbi-1.5.1" for a
# reference unpacked by scripts/setup-tools.sh (.../opensbi-<version>/...),
# "opensbi" for another OpenSBI, else the image's base name ("sbipmu").
fw_label() {
	case "$1" in
	*/opensbi-[0-9]*/*)
		local v=${1#*/opensbi-}
		echo "opensbi-${v%%/*}"
		;;
	*opensbi*) echo opensbi ;;
	*) basename "$1" .bin ;;
	esac
}

# A firmware's name for the tables: its banner ("OpenSBI v1.1" in the
# log $2), completed by its path's version where the banner has only
# major.minor (1.5.1 prints "OpenSBI v1.5"); else the path's version;
# else fw_label.
fw_name() {
	local fw=$1 log=$2 banner="" v=""
	[ -f "$log" ] && banner=$(sed -n 's/^OpenSBI v\([^ ]*\)$/\1/p' "$log" | head -n 1)
	case "$fw" in
	*/opensbi-[0-9]*/*) v=${fw#*/opensbi-}; v=${v%%/*} ;;
	esac
	if [ -n "$banner" ]; then
		case "$v" in
		"$banner".*) echo "OpenSBI $v" ;;
		*) echo "OpenSBI $banner" ;;
		esac
	elif [ -n "$v" ]; then
		echo "OpenSBI $v"
	else
		fw_label "$fw"
	fi
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

# The combined summary of a log's verdict lines.
count_verdicts() {
	awk '/^PASS: /{p++} /^FAIL: /{f++} /^SKIP: /{s++}
	     END{printf "%d passed, %d failed, %d skipped\n", p, f, s}' "$1"
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
	local skip=0 runs=0 complete=0 part final="$log" payload
	part=$(mktemp "$OUT_DIR/.part.XXXXXX")
	log=$(mktemp "$OUT_DIR/.log.XXXXXX")
	payload=$(mktemp "$OUT_DIR/.payload.XXXXXX")
	cp "$PAYLOAD_SRC/$arch/conformance.bin" "$payload"
	while :; do
		runs=$((runs + 1))
		boot_once "$part" "$fw" "$arch" "$smp" "$sscof" "$skip" "$payload"
		cat "$part" >>"$log"
		if grep -Eq '^[0-9]+ passed, [0-9]+ failed, [0-9]+ skipped$' "$part"; then
			complete=1
			break
		fi
		# Crashed or hung: blame the group in progress, resume after it.
		local group total last name after
		group=$(sed -n 's/^# group \([0-9]*\) \(.*\)$/\1 \2/p' "$part" | tail -n 1)
		total=$(sed -n 's/^# groups: \([0-9]*\),.*/\1/p' "$part" | head -n 1)
		# The firmware's first words after the suite's last (its crash report).
		last=$(awk '/^# group /{found=""; next}
			/^(PASS|FAIL|SKIP): |^    why: |^# |^qemu-system|^\s*$/{next}
			found == "" {found=$0} END{print found}' "$part" | cut -c1-120)
		[ -n "$last" ] || last="no output"
		# The group's last check with a verdict: the crash came after it.
		after=$(awk '/^# group /{c=""; next}
			/^(PASS|FAIL|SKIP): /{c=substr($0, 7); sub(/: .*/, "", c)}
			END{print c}' "$part")
		if [ -z "$group" ] || [ -z "$total" ]; then
			{
				echo "FAIL: suite.boots: the suite's header got no output ($last)"
				echo "    why: the payload must start and print its group list"
				# compare's tables read these two lines.
				echo "# conformance.sh: firmware stopped in group - after -: $last"
				echo "# conformance.sh: run ended early, groups from $skip on not run"
			} >>"$log"
			break
		fi
		# A group named like a check is that check; others get a name.
		name=${group#* }
		case "$name" in
		*.*) ;;
		*) name="group.$name.completes" ;;
		esac
		{
			echo "FAIL: $name: an answer to every call got no further output (crash or hang${after:+ after $after}: $last)"
			echo "    why: the firmware must not crash or hang on any input from S-mode; it stopped answering here"
			# For compare's tables: where it stopped, in fixed fields.
			echo "# conformance.sh: firmware stopped in group ${group#* } after ${after:--}: $last"
		} >>"$log"
		skip=$((${group%% *} + 1))
		if [ "$skip" -ge "$total" ]; then
			break
		fi
		if [ "$runs" -ge 20 ]; then
			echo "# conformance.sh: run ended early, groups from $skip on not run" >>"$log"
			break
		fi
		echo "# conformance.sh: resuming with skip=$skip" >>"$log"
	done
	# A summary is not enough: a firmware that corrupts the payload's
	# registers can make it leave its group loop early and still print
	# one (seen with a clobbered s-register). Every group must have run.
	if [ "$complete" -eq 1 ] && ! grep -q '^# no PMU counters' "$part"; then
		local first_total last_group
		first_total=$(sed -n 's/^# groups: \([0-9]*\),.*/\1/p' "$log" | head -n 1)
		last_group=$(sed -n 's/^# group \([0-9]*\) .*/\1/p' "$part" | tail -n 1)
		if [ -z "$last_group" ] || [ $((last_group + 1)) -ne "${first_total:-0}" ]; then
			echo "FAIL: suite.every_group_ran: the suite ended after group ${last_group:-none} of ${first_total:-?} with a summary" >>"$log"
			echo "    why: a run that skips groups judges nothing in them; the firmware may have corrupted S-mode state" >>"$log"
			complete=0
		fi
	fi
	rm -f "$part" "$payload"
	# The payload's own summary covers its last boot only.
	if [ "$runs" -gt 1 ] || [ "$complete" -ne 1 ]; then
		local total_line
		total_line=$(count_verdicts "$log")
		echo "# conformance.sh: combined over $runs boot(s)" >>"$log"
		echo "$total_line" >>"$log"
	fi
	chmod 644 "$log"
	mv "$log" "$final"
	log=$final

	local summary
	summary=$(tail -n 1 "$log")
	echo "conformance $(fw_label "$fw") $MACHINE $arch smp=$smp sscofpmf=$sscof: $summary (log: $log)"
	grep '^FAIL: ' "$log" | sed 's/^/  /'
	! grep -q '^FAIL: ' "$log" &&
		grep -Eq '^[0-9]+ passed, [0-9]+ failed, [0-9]+ skipped$' "$log"
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

# The logs of a firmware's matrix, one per line: "<config> <path>".
matrix_logs() {
	local label=$1 archs=$2 arch smp sscof tag
	for arch in $archs; do
		for smp in $MATRIX_HARTS; do
			for sscof in true false; do
				tag=sscofpmf
				[ "$sscof" = true ] || tag=nosscofpmf
				echo "$arch-smp$smp-$tag $OUT_DIR/conformance-$label-$arch-smp$smp-$tag.log"
			done
		done
	done
}

# compare's firmware keys, in column order: the references, then ours,
# then KVM (--kvm-log).
KEYS=(A B C D E F G H)

# The suite's lines of the kvm-conformance step in the Linux console log
# $1, without the kernel's messages. printk writes into the console
# mid-line ("# group 24 robustness.fid_5.host[   22.68] riscv-kvm-pmu:
# ...", then "ile_args" on the next line), so the text before a message
# is joined to the next line that holds no message.
kvm_section() {
	judge_text "$1" kvm-conformance | awk '
		{
			p = match($0, /\[ *[0-9]+\.[0-9]+\] /)
			if (!p) { print held $0; held = ""; next }
			held = held substr($0, 1, p - 1)
		}
		END { if (held != "") print held }'
}

# The configuration a kvm_section $1 ran in, named as matrix_logs' are
# with a "kvm-" prefix: kvm-rv64-smp4-sscofpmf (harts: the guest's vcpus).
kvm_config() {
	awk '
		/^# sbipmu conformance suite \(RV[0-9]+\)/ {
			a = $0; sub(/^[^(]*\(/, "", a); sub(/\).*/, "", a)
			a = tolower(a)
		}
		/^# SBI spec .* in the device tree/ {
			n = $0; sub(/ in the device tree.*/, "", n); sub(/.* of /, "", n)
			s = ($0 ~ /Sscofpmf yes/ ? "sscofpmf" : "nosscofpmf")
		}
		END {
			if (a == "" || n == "") print "kvm"
			else printf "kvm-%s-smp%s-%s\n", a, n, s
		}' "$1"
}

# The firmware under Linux in console log $1: its OpenSBI banner,
# completed by the log's name where the banner has only major.minor
# (kvm-check names logs qemu10-aia-OpenSBI-1.5.1.log); else the name.
kvm_fw_name() {
	local banner v
	banner=$(tr -d '\r' <"$1" | sed -n 's/^OpenSBI v\([^ ]*\)$/\1/p' | head -n 1)
	if [ -z "$banner" ]; then
		basename "$1" .log
		return
	fi
	v=$(basename "$1" .log | grep -o "OpenSBI-${banner}[.0-9]*" | head -n 1)
	v=${v#OpenSBI-}
	echo "OpenSBI ${v:-$banner}"
}

# The checks whose verdict differs between the kvm_sections $1 and $2
# (or that only one of them has), sorted.
kvm_differ() {
	awk '
		FNR == 1 { f++ }
		/^(PASS|FAIL|SKIP): / {
			n = substr($0, 7); p = index(n, ": ")
			if (p) n = substr(n, 1, p - 1)
			v[f, n] = substr($0, 1, 4); all[n] = 1
		}
		END { for (n in all) if (v[1, n] != v[2, n]) print n }' "$1" "$2" |
		sort
}

# Column KVM's header note: whether KVM over each reference firmware
# (logs $2...) gave its section $1's verdicts.
kvm_ref_note() {
	local section=$1 log ref name same=() note="" differ=""
	local -a diffs
	shift
	ref=$OUT_DIR/compare.kvm-ref.log
	for log in "$@"; do
		kvm_section "$log" >"$ref"
		if ! grep -Eq '^[0-9]+ passed, [0-9]+ failed, [0-9]+ skipped$' "$ref"; then
			echo "conformance-compare: no finished kvm-conformance step in $log; not compared" >&2
			continue
		fi
		name=$(kvm_fw_name "$log")
		# shellcheck disable=SC2016 # backquotes: Markdown
		mapfile -t diffs < <(kvm_differ "$section" "$ref" | sed 's/.*/`&`/')
		if [ ${#diffs[@]} -eq 0 ]; then
			same+=("$name")
		else
			differ="$differ; over $name (\`$log\`) $(and_list "${diffs[@]}") differed: there KVM's answer may depend on the firmware, or vary from run to run"
		fi
	done
	rm -f "$ref"
	note="Whether a deviation could be the firmware's was checked by running KVM over the references too (the same step in \`make kvm-check\`'s logs of those boots): "
	if [ ${#same[@]} -gt 0 ] && [ -z "$differ" ]; then
		note="${note}over $(and_list "${same[@]}") every check had the same verdict, so KVM's deviations are its own, not the firmware's."
	elif [ ${#same[@]} -gt 0 ]; then
		note="${note}over $(and_list "${same[@]}") every check had the same verdict$differ."
	elif [ -n "$differ" ]; then
		note="$note${differ#; }."
	else
		note="No log of KVM over another firmware was given, so whether a deviation could be the firmware's is not checked here (\`make kvm-check\` boots KVM over the references too: the same verdicts there mean a deviation is KVM's)."
	fi
	echo "$note"
}

cmd_compare() {
	local output="" reuse=0 ours="" ours32="" i key label first archs
	local kvm_log="" kvm_note=""
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
	[ ${#fws[@]} -lt $((${#KEYS[@]} - 1)) ] ||
		die "compare: at most $((${#KEYS[@]} - 2)) references"
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
	local ours_key=${KEYS[${#fws[@]} - 1]} info=$OUT_DIR/compare.info
	# Ours first: it reports the newest SBI version, so its logs list
	# (nearly) every check, in the suite's order; a check only another
	# firmware's log has is placed after the check before it there.
	: >"$OUT_DIR/compare.list"
	: >"$info"
	for i in $(seq $((${#fws[@]} - 1)) -1 0); do
		key=${KEYS[i]}
		label=$(fw_label "${fws[i]}")
		archs=rv64
		[ -z "${fws32[i]}" ] || archs="rv64 rv32"
		matrix_logs "$label" "$archs" | sed "s/^/$key /" >>"$OUT_DIR/compare.list"
		first=$(matrix_logs "$label" rv64 | head -n 1)
		first=${first#* }
		# key, name, RV64 image, RV32 image or -, SBI versions
		# reported, kind (fw; compare_kvm's: kvm)
		printf '%s\t%s\t%s\t%s\t%s\tfw\n' "$key" \
			"$(fw_name "${fws[i]}" "$first")" \
			"${fws[i]}" "${fws32[i]:--}" \
			"$(matrix_logs "$label" "$archs" | while read -r _ f; do
				[ -f "$f" ] && sed -n 's/^# SBI spec \([^,]*\),.*/\1/p' "$f"
			done | sort -u | paste -sd/ -)" >>"$info"
	done
	[ -z "$kvm_log" ] || kvm_note=$(compare_kvm "$kvm_log" "${KEYS[${#fws[@]}]}" \
		"$OUT_DIR/compare.list" "$info" "${kvm_refs[@]}")
	sort -o "$info" "$info"
	if ! write_table "$OUT_DIR/compare.list" "$info" "$ours_key" \
		"$kvm_note" >"$output.tmp"; then
		rm -f "$output.tmp"
		die "compare: writing $output failed"
	fi
	mv "$output.tmp" "$output"
	echo "conformance-compare: wrote $output"
	grep -E '^[0-9]+ checks; deviations' "$output"
}

# Column $2 from the kvm-conformance step of the console log $1: the
# step's lines as its log (build/payload/compare.kvm.log), a line in the
# list $3 and in the info $4; prints kvm_ref_note of the logs $5....
# Without a finished step (e.g. a log of `kvm-check --quick`, or a boot
# that failed) there is no column, only a warning.
compare_kvm() {
	local log=$1 key=$2 list=$3 info=$4 section=$OUT_DIR/compare.kvm.log
	local linux
	shift 4
	kvm_section "$log" >"$section"
	if ! grep -Eq '^[0-9]+ passed, [0-9]+ failed, [0-9]+ skipped$' "$section"; then
		echo "conformance-compare: no finished kvm-conformance step in $log; no KVM column" >&2
		return 0
	fi
	linux=$(tr -d '\r' <"$log" |
		sed -n 's/.*Linux version \([0-9]*\.[0-9]*\).*/\1/p' | head -n 1)
	echo "$key $(kvm_config "$section") $section" >>"$list"
	printf '%s\t%s\t%s\t-\t%s\tkvm\n' "$key" "KVM (Linux ${linux:-?}) guest" \
		"$log" "$(sed -n 's/^# SBI spec \([^,]*\),.*/\1/p' "$section" | head -n 1)" \
		>>"$info"
	kvm_ref_note "$section" "$@"
}

# "1", "1 and 4", "1, 4 and 64" from the words "1 4 64".
and_list() {
	local out="" i=0 x
	for x in "$@"; do
		i=$((i + 1))
		if [ "$i" -eq 1 ]; then
			out=$x
		elif [ "$i" -eq $# ]; then
			out="$out and $x"
		else
			out="$out, $x"
		fi
	done
	echo "$out"
}

# Markdown from the logs listed in $1 ("KEY <config> <log>" per line) and
# the firmwares described in $2 (compare.info); $3 is ours' key, $4 the
# KVM column's note (compare_kvm).
write_table() {
	local list=$1 info=$2 ours_key=$3 kvm_note=${4:-}
	local qemu_version key name fw fw32 sbi kind keys="" names="" desc=""
	local ours_name="" title kvm_desc=""
	local -a refs=()
	qemu_version=$(qemu-system-riscv64 --version | head -n 1)
	while IFS=$'\t' read -r key name fw fw32 sbi kind; do
		keys="$keys${keys:+ }$key"
		names="$names${names:+|}$name"
		if [ "$kind" = kvm ]; then
			kvm_desc="Column $key, $name: KVM's SBI PMU (vcpu_pmu) is the
implementation the suite judges, over firmware $ours_key ($ours_name). The
suite runs as a KVM guest (guest/kvm-vmm.c) in Linux on $ours_name, as
\`make kvm-check\` boots it; the column is the kvm-conformance step of
that console log, \`$fw\`, in its one configuration (the guest's harts
are its vcpus); it reports SBI ${sbi:-?}. $kvm_note"
			continue
		fi
		if [ "$key" = "$ours_key" ]; then
			ours_name=$name
		else
			refs+=("$name")
		fi
		desc="$desc${desc:+ }Firmware $key: $name, \`$fw\`"
		if [ "$fw32" != - ]; then
			desc="$desc and for RV32 \`$fw32\`"
		else
			desc="$desc (no RV32 image)"
		fi
		desc="$desc; it reports SBI ${sbi:-?}."
	done <"$info"
	title="$(and_list "${refs[@]}") against $ours_name"
	[ -z "$kvm_desc" ] || title="$title, and KVM over $ours_name"
	[ -z "$kvm_desc" ] || kvm_desc="
$kvm_desc
"
	# shellcheck disable=SC2086 # MATRIX_HARTS: words
	cat <<EOF
# SBI PMU conformance: $title

Generated by \`make conformance-compare\` (scripts/conformance.sh); do not
edit by hand. The suite (payload/conformance/) is an S-mode program that
judges a firmware only through SBI calls; each check is named after the
spec clause it tests. $desc
$qemu_version, \`-M virt\`, each firmware in every configuration it has
an image for: RV64 and RV32, Sscofpmf on and off, $(and_list $MATRIX_HARTS) harts.
$kvm_desc
A cell gives the result over all configurations: PASS (passed wherever
it ran), FAIL (with the configurations where it failed, if not all; rv64
or rv32 alone stands for every configuration of that architecture),
SKIP (not applicable anywhere, e.g. a function the firmware's SBI
version does not have, or a whole group skipped by a prefix of the
name), "not run (firmware stopped)" (the firmware crashed or hung
earlier in the check's group: see "Where a firmware stopped"), or "-"
(no verdict from that firmware at all). The note is the check's own
justification, shown for every deviation.

EOF
	awk -v list="$list" -v keys="$keys" -v names="$names" -f /dev/stdin <<'AWK'
function esc(s) { gsub(/\|/, "\\|", s); return s }
# Adds a check's name to the row order after prev (the check before it
# in the same log), or at the end.
function add_name(name, prev) {
	if (name in seen) return
	seen[name] = 1
	if (prev == "" || prev == tail) {
		if (tail == "") head = name; else nxt[tail] = name
		tail = name
	} else {
		nxt[name] = nxt[prev]; nxt[prev] = name
	}
}
BEGIN {
	nk = split(keys, key, " ")
	split(names, nms, "|")
	for (k = 1; k <= nk; k++) name_of[key[k]] = nms[k]
	while ((getline line < list) > 0) {
		split(line, f, " ")
		fwk = f[1]; cfg = f[2]; path = f[3]
		ncfg[fwk]++
		cfgs[fwk, ncfg[fwk]] = cfg
		has_cfg[fwk, cfg] = 1
		# a firmware of the matrix (not KVM's "kvm-..." row)
		if (cfg ~ /^rv64-/) has_arch[fwk, "rv64"] = 1
		if (!(cfg in cfg_seen)) { cfg_seen[cfg] = 1; cfg_order[++ncfgs] = cfg }
		last = ""; prev = ""; group = ""
		sum[fwk, cfg] = "no log"
		if ((getline l < path) <= 0) { close(path); continue }
		sum[fwk, cfg] = "no summary"
		do {
			if (l ~ /^[0-9]+ passed, [0-9]+ failed, [0-9]+ skipped$/)
				sum[fwk, cfg] = l
			if (l ~ /^# group [0-9]+ /) {
				group = l; sub(/^# group [0-9]+ /, "", group)
				started[fwk, cfg, group] = 1
			}
			# conformance.sh: "... in group G after C: the firmware's words"
			if (l ~ /^# conformance\.sh: firmware stopped in group /) {
				s = l; sub(/^# conformance\.sh: firmware stopped in group /, "", s)
				g = s; sub(/ .*/, "", g)
				s = substr(s, length(g) + 8)
				a = s; sub(/: .*/, "", a)
				w = substr(s, length(a) + 3)
				stopped[fwk, cfg, g] = 1
				nstop[fwk, cfg]++
				# One row for the same stop on any hart.
				wn = w; gsub(/hart[0-9]+/, "hart", wn)
				sk = fwk SUBSEP g SUBSEP a SUBSEP wn
				if (!(sk in stop_cfgs)) {
					stop_rec[++nrec] = sk; stop_cfgs[sk] = cfg
					stop_words[sk] = w
				} else if (index(", " stop_cfgs[sk] ", ", ", " cfg ", ") == 0)
					stop_cfgs[sk] = stop_cfgs[sk] ", " cfg
			}
			if (l ~ /^# conformance\.sh: run ended early/) {
				early[fwk, cfg] = 1
				s = l; sub(/^# conformance\.sh: run ended early, /, "", s)
				early_why[fwk, cfg] = s
			}
			if (l ~ /^    why: / && last != "") {
				sub(/^    why: /, "", l)
				if (!((fwk, last) in why_of))
					why_of[fwk, last] = l
				continue
			}
			last = ""
			if (l !~ /^(PASS|FAIL|SKIP): /)
				continue
			verdict = substr(l, 1, 4)
			rest = substr(l, 7)
			name = rest
			detail = ""
			p = index(rest, ": ")
			if (p) { name = substr(rest, 1, p - 1); detail = substr(rest, p + 2) }
			add_name(name, prev)
			prev = name
			if (!(name in group_of)) group_of[name] = group
			res[fwk, name, cfg] = verdict
			if (verdict != "SKIP") judged[name, cfg] = 1
			if (verdict == "FAIL") {
				last = name
				if (!((fwk, name) in got))
					got[fwk, name] = detail
			}
		} while ((getline l < path) > 0)
		close(path)
	}
	for (name = head; name != ""; name = nxt[name]) order[++n] = name

	cols = ""; rule = ""
	for (k = 1; k <= nk; k++) {
		cols = cols " | " key[k] ": " name_of[key[k]]; rule = rule "|---"
	}
	print "## Summary per configuration\n"
	print "| configuration" cols " |"
	print "|---" rule "|"
	for (i = 1; i <= ncfgs; i++) {
		c = cfg_order[i]
		row = "| " c
		for (k = 1; k <= nk; k++)
			row = row " | " esc(summary(key[k], c))
		print row " |"
	}

	print "\n## Checks\n"
	print "| check" cols " | note (why the check expects it) |"
	print "|---" rule "|---|"
	for (i = 1; i <= n; i++) {
		name = order[i]
		trivial = 1
		for (k = 1; k <= nk; k++) {
			ce[k] = cell(key[k], name)
			if (ce[k] !~ /^(SKIP|-)$/) trivial = 0
		}
		# A group skipped as a whole shows through its checks' rows.
		if (trivial && is_prefix(name))
			continue
		# The failing firmwares' "why"; each different one once,
		# with its firmwares' keys when they differ.
		nw = 0; delete wk
		row = "| `" name "`"
		for (k = 1; k <= nk; k++) {
			if (ce[k] ~ /^FAIL/) {
				dev[key[k]]++
				w = why_of[key[k], name]
				for (j = 1; j <= nw && wt[j] != w; j++) ;
				if (j > nw) { nw++; wt[j] = w; wk[j] = key[k] }
				else wk[j] = wk[j] ", " key[k]
			}
			if (ce[k] ~ /not run \(firmware stopped\)/) notrun[key[k]]++
			row = row " | " esc(ce[k])
		}
		note = (nw == 1 ? wt[1] : "")
		for (j = 1; nw > 1 && j <= nw; j++)
			note = note (j > 1 ? "; " : "") wk[j] ": " wt[j]
		print row " | " esc(note) " |"
		rows++
	}

	if (nrec) {
		print "\n## Where a firmware stopped\n"
		print "A crash or hang (no output for a while, or no summary in time) ends"
		print "a boot. The runner then records the group in progress as a FAIL"
		print "(`group.<name>.completes`, or the check's own name where the group is"
		print "that one check) and boots the suite again after that group, so only"
		print "the checks of that group after the last verdict go unjudged: they"
		print "show as \"not run (firmware stopped)\".\n"
		print "| firmware | group | last verdict before it | configurations | the firmware's last words |"
		print "|---|---|---|---|---|"
		for (i = 1; i <= nrec; i++) {
			split(stop_rec[i], sf, SUBSEP)
			print "| " sf[1] ": " name_of[sf[1]] " | `" sf[2] "` | " \
			    (sf[3] == "-" ? "none (at the group's start)" : "`" sf[3] "`") \
			    " | " cfglist(sf[1], stop_cfgs[stop_rec[i]]) " | " \
			    esc(stop_words[stop_rec[i]]) " |"
		}
	}

	line = sprintf("\n%d checks; deviations:", rows)
	for (k = 1; k <= nk; k++)
		line = line sprintf("%s %s %d", (k > 1 ? "," : ""), name_of[key[k]], dev[key[k]])
	line = line "."
	nr = ""
	for (k = 1; k <= nk; k++)
		if (notrun[key[k]])
			nr = nr sprintf("%s %s %d", (nr == "" ? "" : ","), name_of[key[k]], notrun[key[k]])
	if (nr != "")
		line = line " Not run (in some or all configurations) because the firmware stopped:" nr "."
	print line
}
# A configuration's summary line, and how often the firmware stopped.
function summary(fwk, c,    s) {
	if (!((fwk, c) in has_cfg))
		return (c ~ /^rv32-/ && (fwk, "rv64") in has_arch ? \
		    "not run (no RV32 image)" : "not run")
	s = sum[fwk, c]
	if (nstop[fwk, c]) {
		s = s "; the firmware stopped " nstop[fwk, c] \
		    (nstop[fwk, c] == 1 ? " time" : " times")
		if ((fwk, c) in early)
			s = s ", then the run ended early (" early_why[fwk, c] ")"
		else
			s = s ", the suite resumed after " \
			    (nstop[fwk, c] == 1 ? "it" : "each")
	}
	return s
}
function is_prefix(name,    j) {
	for (j = 1; j <= n; j++)
		if (index(order[j], name ".") == 1) return 1
	return 0
}
# A check's verdict in a configuration; a SKIP of a prefix of its name
# (a whole function or group skipped at once) counts as its SKIP.
function result(fwk, name, c,    p) {
	if ((fwk, name, c) in res) return res[fwk, name, c]
	for (p = name; sub(/\.[^.]*$/, "", p); )
		if ((fwk, p, c) in res && res[fwk, p, c] == "SKIP") return "SKIP"
	return ""
}
# No verdict because the firmware stopped: in the check's group, or
# before the group began in a run that ended early; and some firmware
# passed or failed the check in this configuration (else it does not
# apply here: a SKIP, e.g. "no SSE", speaks for its own firmware only).
function not_run(fwk, name, c,    g) {
	if (!(name in group_of) || !((name, c) in judged)) return 0
	g = group_of[name]
	if ((fwk, c, g) in stopped) return 1
	return ((fwk, c) in early) && !((fwk, c, g) in started)
}
# A list of configurations; "every configuration", or "rv64" or "rv32"
# when it is every one of that architecture, that the firmware ran.
function cfglist(fwk, l,    parts, np, i, a, cnt, all, want) {
	np = split(l, parts, ", ")
	if (np == ncfg[fwk] && ncfg[fwk] > 1) return "every configuration"
	for (a = 1; a <= 2; a++) {
		want = (a == 1 ? "rv64" : "rv32")
		cnt = 0; all = 0
		for (i = 1; i <= ncfg[fwk]; i++)
			if (index(cfgs[fwk, i], want "-") == 1) all++
		for (i = 1; i <= np; i++)
			if (index(parts[i], want "-") == 1) cnt++
		if (all && cnt == np && cnt == all) return want
	}
	return l
}
function cell(fwk, name,    i, c, v, pass, fail, skip, nrun, failed, stopped_in, k) {
	pass = fail = skip = nrun = 0; failed = stopped_in = ""
	for (i = 1; i <= ncfg[fwk]; i++) {
		c = cfgs[fwk, i]
		v = result(fwk, name, c)
		if (v == "") {
			if (not_run(fwk, name, c)) {
				nrun++
				stopped_in = stopped_in (stopped_in == "" ? "" : ", ") c
			}
			continue
		}
		if (v == "PASS") pass++
		else if (v == "SKIP") skip++
		else { fail++; failed = failed (failed == "" ? "" : ", ") c }
	}
	if (fail) {
		k = "FAIL"
		if (fail < pass + fail + skip + nrun) k = k " (" cfglist(fwk, failed) ")"
		k = k ": " got[fwk, name]
	} else if (pass) k = "PASS"
	else if (skip) k = "SKIP"
	else if (nrun) {
		k = "not run (firmware stopped)"
		if (nrun < ncfg[fwk]) k = k " in " cfglist(fwk, stopped_in)
		return k
	} else return "-"
	if (nrun) k = k "; not run (firmware stopped) in " cfglist(fwk, stopped_in)
	return k
}
AWK
}

# The suite's lines of $1 (CR stripped), or of /init's step $2 in it.
judge_text() {
	if [ -z "$2" ]; then
		tr -d '\r' <"$1"
		return
	fi
	guest_step_text "$1" "$2"
}

cmd_judge() {
	local log="" step="" text summary total last rc=0
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
	text=$(judge_text "$log" "$step")
	[ -n "$text" ] || die "judge: no suite output in $log${step:+ (step $step)}"
	summary=$(grep -E '^[0-9]+ passed, [0-9]+ failed, [0-9]+ skipped$' <<<"$text" | tail -n 1)
	total=$(sed -n 's/^# groups: \([0-9]*\),.*/\1/p' <<<"$text" | head -n 1)
	last=$(sed -n 's/^# group \([0-9]*\) .*/\1/p' <<<"$text" | tail -n 1)
	echo "judge $log${step:+ (step $step)}: $(count_verdicts <(echo "$text"))"
	if [ -z "$summary" ]; then
		echo "  no summary line: the suite did not finish"
		rc=1
	elif [ -z "$last" ] || [ $((last + 1)) -ne "${total:-0}" ]; then
		echo "  the suite ended after group ${last:-none} of ${total:-?}"
		rc=1
	fi
	grep '^FAIL: ' <<<"$text" | sed 's/^/  /'
	! grep -q '^FAIL: ' <<<"$text" && [ "$rc" -eq 0 ]
}

case "${1:-}" in
run) shift; cmd_run "$@" ;;
judge) shift; cmd_judge "$@" ;;
matrix) shift; cmd_matrix "$@" ;;
compare) shift; cmd_compare "$@" ;;
*) die "usage: $0 run|matrix|compare|judge [options] (see the header)" ;;
esac
