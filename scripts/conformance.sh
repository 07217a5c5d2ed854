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
#   conformance.sh compare --opensbi FW --ours FW64 [--ours-rv32 FW32]
#                          --output FILE.md [--reuse-logs]
#
# run: one QEMU boot (-bios FW -kernel conformance.bin); the output goes
#   to build/payload/conformance-<fw>-<arch>-smp<N>-<sscofpmf|nosscofpmf>.log.
#   If the firmware crashes or hangs (no output for IDLE_SECONDS, or no
#   summary within TIMEOUT_SECONDS), the group in progress is recorded as
#   a FAIL and the suite is booted again with "skip=<next group>", so
#   every later check still gets a verdict. Exit status: non-zero on any
#   FAIL line or if a run ends without its summary line. For each hart
#   beyond 8 the idle limit grows by a second and the total by two:
#   under TCG on 2 cores, 512 harts boot for about 3 minutes without a
#   line of output, and the whole run took 8 minutes.
# matrix: run for rv64 (and rv32 when a rv32 firmware is given) x
#   Sscofpmf on/off x 1 and 4 harts (--harts: other counts).
# compare: matrix for Debian's OpenSBI and for ours, then writes FILE.md:
#   each check's result per firmware, and the check's own "why" text for
#   every deviation. The file is generated; never edit it by hand.
#   --reuse-logs writes the file from the logs of the last matrix runs.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
. scripts/machine.sh
MACHINE=${MACHINE:-virt}

TIMEOUT_SECONDS=${TIMEOUT_SECONDS:-120}
IDLE_SECONDS=${IDLE_SECONDS:-15}
OUT_DIR=build/payload
# The matrix's hart counts (compare's tables are made with these).
MATRIX_HARTS="1 4"

die() {
	echo "conformance: $*" >&2
	exit 2
}

fw_label() {
	case "$1" in
	*opensbi*) echo opensbi ;;
	*) basename "$1" .bin ;;
	esac
}

# Boot once; output (CR stripped) to $1. Returns when QEMU has ended.
boot_once() {
	local out=$1 fw=$2 arch=$3 smp=$4 sscof=$5 skip=$6
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
	timeout "$timeout_s" "$qemu" "${MACHINE_ARGS[@]}" -no-reboot \
		-m 256M -nographic -bios "$fw" -dtb "$raw.dtb" \
		-kernel "$OUT_DIR/$arch/conformance.bin" \
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
	[ -f "$OUT_DIR/$arch/conformance.bin" ] ||
		die "$OUT_DIR/$arch/conformance.bin not built (make payload)"
	local tag="sscofpmf"
	[ "$sscof" = true ] || tag="nosscofpmf"
	local m=""
	[ "$MACHINE" = virt ] || m="$MACHINE-"
	[ -n "$log" ] || log="$OUT_DIR/conformance-$(fw_label "$fw")-$m$arch-smp$smp-$tag.log"
	mkdir -p "$(dirname "$log")"

	# Private temporaries: concurrent runs of one configuration must not
	# share files; the log appears whole at the end.
	local skip=0 runs=0 complete=0 part final="$log"
	part=$(mktemp "$OUT_DIR/.part.XXXXXX")
	log=$(mktemp "$OUT_DIR/.log.XXXXXX")
	while :; do
		runs=$((runs + 1))
		boot_once "$part" "$fw" "$arch" "$smp" "$sscof" "$skip"
		cat "$part" >>"$log"
		if grep -Eq '^[0-9]+ passed, [0-9]+ failed, [0-9]+ skipped$' "$part"; then
			complete=1
			break
		fi
		# Crashed or hung: blame the group in progress, resume after it.
		local group total last name
		group=$(sed -n 's/^# group \([0-9]*\) \(.*\)$/\1 \2/p' "$part" | tail -n 1)
		total=$(sed -n 's/^# groups: \([0-9]*\),.*/\1/p' "$part" | head -n 1)
		# The firmware's first words after the suite's last (its crash report).
		last=$(awk '/^# group /{found=""; next}
			/^(PASS|FAIL|SKIP): |^    why: |^# |^qemu-system|^\s*$/{next}
			found == "" {found=$0} END{print found}' "$part" | cut -c1-120)
		[ -n "$last" ] || last="no output"
		if [ -z "$group" ] || [ -z "$total" ]; then
			echo "FAIL: suite.boots: the suite's header got no output ($last)" >>"$log"
			echo "    why: the payload must start and print its group list" >>"$log"
			break
		fi
		# A group named like a check is that check; others get a name.
		name=${group#* }
		case "$name" in
		*.*) ;;
		*) name="group.$name.completes" ;;
		esac
		echo "FAIL: $name: an answer to every call got no further output (crash or hang: $last)" >>"$log"
		echo "    why: the firmware must not crash or hang on any input from S-mode; it stopped answering here" >>"$log"
		skip=$((${group%% *} + 1))
		if [ "$skip" -ge "$total" ] || [ "$runs" -ge 20 ]; then
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
	rm -f "$part"
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

cmd_compare() {
	local opensbi="" ours="" ours32="" output="" reuse=0
	while [ $# -gt 0 ]; do
		case "$1" in
		--reuse-logs) reuse=1; shift ;;
		--opensbi) opensbi=$2; shift 2 ;;
		--ours) ours=$2; shift 2 ;;
		--ours-rv32) ours32=$2; shift 2 ;;
		--output) output=$2; shift 2 ;;
		*) die "compare: unknown option $1" ;;
		esac
	done
	if [ -z "$opensbi" ] || [ -z "$ours" ] || [ -z "$output" ]; then
		die "compare: --opensbi, --ours and --output are required"
	fi
	[ -f "$ours32" ] || ours32=""
	if [ "$reuse" -eq 0 ]; then
		matrix_runs "$opensbi" "" >/dev/null
		matrix_runs "$ours" "$ours32" >/dev/null
	fi
	local ours_archs="rv64"
	[ -z "$ours32" ] || ours_archs="rv64 rv32"
	# Ours first: it reports the newer SBI version, so its logs list every
	# check, in the suite's order.
	{
		matrix_logs "$(fw_label "$ours")" "$ours_archs" | sed 's/^/B /'
		matrix_logs "$(fw_label "$opensbi")" rv64 | sed 's/^/A /'
	} >"$OUT_DIR/compare.list"
	write_table "$OUT_DIR/compare.list" "$opensbi" "$ours" >"$output"
	echo "conformance-compare: wrote $output"
}

# Markdown from the logs listed in $1 ("A|B <config> <log>" per line).
write_table() {
	local list=$1 fw_a=$2 fw_b=$3
	local qemu_version
	qemu_version=$(qemu-system-riscv64 --version | head -n 1)
	cat <<EOF
# SBI PMU conformance: Debian's OpenSBI against sbipmu

Generated by \`make conformance-compare\` (scripts/conformance.sh); do not
edit by hand. The suite (payload/conformance/) is an S-mode program that
judges a firmware only through SBI calls; each check is named after the
spec clause it tests. Firmware A: \`$fw_a\` (OpenSBI 1.1, reports SBI
1.0). Firmware B: \`$fw_b\`$( [ -z "$(awk '$1=="B" && $2 ~ /^rv32/' "$list")" ] || echo " and its RV32 build"). $qemu_version, \`-M virt\`, each firmware in
every configuration: Sscofpmf on and off, 1 and 4 harts.

A cell gives the result over all configurations: PASS (passed wherever
it ran), FAIL (with the configurations where it failed, if not all),
SKIP (not applicable anywhere, e.g. a function the firmware's SBI
version does not have, or a whole group skipped by a prefix of the
name), or "-" (no verdict from that firmware at all). The note is the
check's own justification, shown for every deviation.

EOF
	awk -v list="$list" -f /dev/stdin <<'AWK'
function esc(s) { gsub(/\|/, "\\|", s); return s }
BEGIN {
	while ((getline line < list) > 0) {
		split(line, f, " ")
		fwk = f[1]; cfg = f[2]; path = f[3]
		ncfg[fwk]++
		cfgs[fwk, ncfg[fwk]] = cfg
		last = ""
		sum[fwk, cfg] = "no log"
		while ((getline l < path) > 0) {
			if (l ~ /^[0-9]+ passed, [0-9]+ failed, [0-9]+ skipped$/)
				sum[fwk, cfg] = l
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
			if (!(name in seen)) { seen[name] = 1; order[++n] = name }
			res[fwk, name, cfg] = verdict
			if (verdict == "FAIL") {
				last = name
				if (!((fwk, name) in got))
					got[fwk, name] = detail
			}
		}
		close(path)
	}
	print "## Summary per configuration\n"
	print "| configuration | A: OpenSBI 1.1 | B: sbipmu |"
	print "|---|---|---|"
	for (i = 1; i <= ncfg["B"]; i++) {
		c = cfgs["B", i]
		a = ((("A", c) in sum) ? sum["A", c] : "not run (no RV32 OpenSBI)")
		print "| " c " | " a " | " sum["B", c] " |"
	}
	print "\n## Checks\n"
	print "| check | A: OpenSBI 1.1 | B: sbipmu | note (why the check expects it) |"
	print "|---|---|---|---|"
	for (i = 1; i <= n; i++) {
		name = order[i]
		ca = cell("A", name); cb = cell("B", name)
		# A group skipped as a whole shows through its checks' rows.
		if (ca ~ /^(SKIP|-)$/ && cb ~ /^(SKIP|-)$/ && is_prefix(name))
			continue
		note = ""
		if (ca ~ /^FAIL/) note = why_of["A", name]
		if (cb ~ /^FAIL/ && note == "") note = why_of["B", name]
		print "| `" name "` | " esc(ca) " | " esc(cb) " | " esc(note) " |"
		if (ca ~ /^FAIL/) fa++
		if (cb ~ /^FAIL/) fb++
		rows++
	}
	printf "\n%d checks; deviations: OpenSBI 1.1 %d, sbipmu %d.\n", rows, fa, fb
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
function cell(fwk, name,    i, c, v, pass, fail, skip, failed, k) {
	pass = fail = skip = 0; failed = ""
	for (i = 1; i <= ncfg[fwk]; i++) {
		c = cfgs[fwk, i]
		v = result(fwk, name, c)
		if (v == "") continue
		if (v == "PASS") pass++
		else if (v == "SKIP") skip++
		else { fail++; failed = failed (failed == "" ? "" : ", ") c }
	}
	if (fail) {
		k = "FAIL"
		if (fail < pass + fail + skip) k = k " (" failed ")"
		return k ": " got[fwk, name]
	}
	if (pass) return "PASS"
	if (skip) return "SKIP"
	return "-"
}
AWK
}

case "${1:-}" in
run) shift; cmd_run "$@" ;;
matrix) shift; cmd_matrix "$@" ;;
compare) shift; cmd_compare "$@" ;;
*) die "usage: $0 run|matrix|compare [options] (see the header)" ;;
esac
