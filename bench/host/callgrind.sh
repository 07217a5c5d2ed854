#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
#
# Instructions per CFG_MATCH + START + STOP(RESET) round on the host, for
# maps of 5, 50 and 255 rows, counted by callgrind inside bench_loop()
# only (map building excluded). Fails if 255 rows cost more than 1.02x
# 5 rows: the hot paths must not walk the map (issue 11: flat).
set -euo pipefail
bin=$1
out=$2
mkdir -p "$out"
declare -A ir
for rows in 5 50 255; do
	valgrind --tool=callgrind --toggle-collect='bench_loop*' \
		--callgrind-out-file="$out/callgrind.$rows" "$bin" "$rows" \
		>"$out/run.$rows.log" 2>&1
	total=$(sed -n 's/^summary: //p' "$out/callgrind.$rows")
	ir[$rows]=$((total / 1000))
	echo "bench-host: $rows rows: ${ir[$rows]} instructions per round (host, callgrind)"
done
ratio=$(awk -v a="${ir[255]}" -v b="${ir[5]}" 'BEGIN { printf "%.3f", a / b }')
echo "bench-host: 255/5 rows = $ratio (target <= 1.02)"
awk -v r="$ratio" 'BEGIN { exit !(r <= 1.02) }'
