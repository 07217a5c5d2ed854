#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
#
# Runs one long build step of the Linux guest (kernel, perf) with its output
# sent to a log file, printing a heartbeat line every few seconds so that a
# 4-minute kernel build shows progress without flooding the terminal.
# On failure the tail of the log is printed and the step's exit code returned.
#
# usage: linux-logrun.sh LOGFILE LABEL -- COMMAND [ARGS...]
set -euo pipefail

if [ $# -lt 4 ] || [ "$3" != "--" ]; then
	echo "usage: $0 LOGFILE LABEL -- COMMAND [ARGS...]" >&2
	exit 2
fi
log=$1
label=$2
shift 3
interval=${LINUX_HEARTBEAT:-20}

mkdir -p "$(dirname "$log")"
: >"$log"

# The step is a separate make, not a recursive one of ours: drop the
# jobserver variables so it uses its own -j without warnings.
env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL "$@" >>"$log" 2>&1 &
pid=$!
trap 'kill "$pid" 2>/dev/null || true' INT TERM

start=$SECONDS
while kill -0 "$pid" 2>/dev/null; do
	for _ in $(seq "$interval"); do
		kill -0 "$pid" 2>/dev/null || break
		sleep 1
	done
	if kill -0 "$pid" 2>/dev/null; then
		last=$(tail -n 1 "$log" 2>/dev/null | cut -c1-70 || true)
		printf '[linux]   %s: %ds, %s lines of log, last: %s\n' \
			"$label" "$((SECONDS - start))" "$(wc -l <"$log")" "$last"
	fi
done

rc=0
wait "$pid" || rc=$?
if [ "$rc" -ne 0 ]; then
	echo "[linux] $label FAILED (exit $rc); last lines of $log:" >&2
	tail -n 40 "$log" >&2
	exit "$rc"
fi
printf '[linux]   %s done in %ds (log: %s)\n' "$label" "$((SECONDS - start))" "$log"
