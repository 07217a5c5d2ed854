#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
#
# The project's test command (`make check`, and so CI's .ci/run): installs
# what is missing, then runs every step below in order, each as a make
# target, and ends with `check: N passed, M failed`. Exit status is
# non-zero if any step failed. Logs of each step are kept in
# build/check/<step>.log and the tail of a failing one is shown.
set -uo pipefail
# (pipefail: a step's status is make's, not the progress filter's.)
cd "$(dirname "$0")/.."

scripts/ensure-setup.sh || exit 1

JOBS=${JOBS:-$(nproc)}
# Host tests first (fast, most precise; scripts-test: the scripts' own
# judging logic; boards-check: Linux's board trees through the
# firmware's decoders, docs/boards.md), then the firmware on QEMU, then
# the real client: Linux with perf (its first build, kernel and perf,
# takes ~10 minutes on one free core), on the CPU models of
# cpus-check-quick, perf record's yield beside OpenSBI's, the other
# machines and the Debian package. Every QEMU step runs on QEMU 10.0
# (the default, QEMU=10.0); "STEP@7.2" runs it on Debian 12's QEMU 7.2
# (make STEP QEMU=7.2). The list is what fits in 30 minutes on a 2-core
# host with one core busy (README, "Tests under load"); make check-more
# (mk/check.mk) runs the rest the same way: KVM guests, RV32 Linux,
# U-Boot and the other boot chains, the soak, Linux on QEMU 7.2.
STEPS=(${CHECK_STEPS:-unit-asan scripts-test lint boards-check fuzz-smoke fuzz-dt-smoke firmware fw-smoke legacy-check
	dt-boot-check fw-debug-check machines-check conformance-check bench-check bench-host linux-check-quick
	cpus-check-quick bench-sampling-check linux-machines-quick thead-timers-check deb-check
	fw-smoke@7.2 legacy-check@7.2 machines-check@7.2})
mkdir -p build/check
passed=0
failed=0
for step in "${STEPS[@]}"; do
	start=$(date +%s)
	echo "[check] $step ..."
	# Long builds print "[linux] ..." progress lines: pass those through.
	target=${step%@*}
	qemu=()
	[ "$target" = "$step" ] || qemu=("QEMU=${step#*@}")
	if make -j"$JOBS" "$target" "${qemu[@]}" 2>&1 | tee "build/check/$step.log" |
		{ grep --line-buffered -E '^\[(linux|firmware|kvm)\] ' | sed 's/^/    /'; true; }; then
		passed=$((passed + 1))
		echo "[check] $step: ok ($(($(date +%s) - start)) s)"
	else
		failed=$((failed + 1))
		echo "[check] $step: FAIL ($(($(date +%s) - start)) s), log: build/check/$step.log"
		tail -n 40 "build/check/$step.log" | sed 's/^/    /'
	fi
	# Show cmocka's and other runners' own summaries.
	grep -E '^\[  (PASSED|FAILED)  \]|^Ran [0-9]+ tests|passed, .* failed|^unit:|Done [0-9]+ runs|^bench-sampling: [0-9]+ verdicts|^(dt-boot|fw-debug|machines|boot-images)-check: (OK|FAIL|[0-9]+ fail)|^boards-check: |^linux-machines: ' \
		"build/check/$step.log" | sed 's/^/    /' | tail -n 12
done
echo "check: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
