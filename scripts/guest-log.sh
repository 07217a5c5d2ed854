# shellcheck shell=bash
# SPDX-License-Identifier: BSD-2-Clause
#
# The Linux guest's console log, cut into /init's steps (guest/init.c), in
# one place for linux-check.sh, kvm-check.sh and conformance.sh (sourced,
# not run). /init frames each step with "=== sbipmu: NAME ===" and
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
