# shellcheck shell=bash
# SPDX-License-Identifier: BSD-2-Clause
#
# The Linux guest's console log, cut into /init's steps (guest/init.c), in
# one place for linux-check.sh and kvm-check.sh (sourced, not run;
# conformance.sh's judge reads steps the same way, in
# scripts/conformance_judge.py). /init frames each step with "=== sbipmu: NAME ===" and
# "=== sbipmu: exit CODE after N s ===" (CODE may be "timeout"), and ends
# the run with "=== sbipmu: done ===". Console logs may carry CRs.
#
# awk reads the log itself and drops the CRs: no pipe into an awk that
# stops early, whose writer would die of SIGPIPE and, under the callers'
# pipefail, fail the step's parse at random.

# guest_step_text LOG STEP: the lines the step printed.
guest_step_text() {
	awk -v s="=== sbipmu: $2 ===" '
		{ gsub(/\r/, "") }
		$0 == s { on = 1; next }
		on && /^=== sbipmu: (exit|done)/ { exit }
		on' "$1"
}

# guest_step_exit LOG STEP: the step's exit word (a code, or "timeout");
# nothing if LOG has no such step or it never ended.
guest_step_exit() {
	awk -v s="=== sbipmu: $2 ===" '
		{ gsub(/\r/, "") }
		$0 == s { on = 1; next }
		on && /^=== sbipmu: exit / { print $4; exit }' "$1"
}

# guest_perf_readout LOG: what a run of /init's stat-hw, stat-fw and
# record steps shows, as "BOOTED HW FW SAMPLES": BOOTED 1 if /init got to
# its end; HW the smaller of perf stat's cycles and instructions (both
# must count); FW fw_misaligned_load's count; SAMPLES perf record's
# sample count; "-" for a figure the log lacks.
guest_perf_readout() {
	local log=$1 booted=0 hw fw samples
	grep -aq "=== sbipmu: done ===" "$log" 2>/dev/null && booted=1
	hw=$(guest_step_text "$log" stat-hw 2>/dev/null | awk -F, '
		($3 == "cycles" || $3 == "instructions") && $1 ~ /^[0-9]+$/ {
			n++; if (n == 1 || $1 + 0 < min + 0) min = $1 }
		END { if (n == 2) print min }')
	fw=$(guest_step_text "$log" stat-fw 2>/dev/null |
		awk -F, '$3 == "fw_misaligned_load" && $1 ~ /^[0-9]+$/ { print $1; exit }')
	samples=$(guest_step_text "$log" record 2>/dev/null |
		sed -n 's/.*(\([0-9]*\) samples).*/\1/p' | head -1)
	echo "$booted ${hw:--} ${fw:--} ${samples:--}"
}
