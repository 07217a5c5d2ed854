#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Runs cmocka test programs one after another (each prints cmocka's own
# summary) and fails if any program fails.
set -uo pipefail
failed=0
for t in "$@"; do
	echo "## $t"
	if ! "$t"; then
		failed=$((failed + 1))
	fi
done
if [ "$failed" -ne 0 ]; then
	echo "unit: $failed test program(s) failed"
	exit 1
fi
echo "unit: $# test program(s) passed"
