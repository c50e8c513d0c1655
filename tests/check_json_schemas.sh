#!/bin/sh
# Every JSON output validated against its shipped JSON Schema (schemas/*.schema.json, draft
# 2020-12; docs/report.md "JSON Schemas"), make check: real outputs of every example task set
# (rtgpu-analyze --format json, with --sensitivity, with the max-min-slack search and with
# --check-measurements; --emit-partitions json; rtgpu-simulate --format json, with --trace and
# --scenario), the sweep lines of every examples/explore spec (with --sensitivity and merged),
# and the split, coschedule and mct outputs. Needs python3 with the jsonschema module (Debian
# python3-jsonschema, tools/deps.sh): without it the check FAILS, it is never skipped.
set -u
build=${1:?usage: check_json_schemas.sh BUILD}
if ! python3 -c 'import jsonschema' 2>/dev/null; then
  echo "json schemas: FAIL: python3 and its jsonschema module are needed (apt-get install python3-jsonschema, tools/deps.sh)" >&2
  exit 1
fi
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
an=$build/rtgpu-analyze; si=$build/rtgpu-simulate; ex=$build/rtgpu-explore
n=0
fail=0
# The next output file, f; the previous one must have been written (a command that failed is
# a failure of this check, never a document left out).
written() { [ -z "${f:-}" ] || [ -s "$f" ] || { echo "json schemas: FAIL: ${f##*/} was not written" >&2; fail=1; }; }
nx() { written; n=$((n+1)); f=$tmp/$1.$n.json; }
for exp in examples/tasksets/*.expect; do
  base=${exp##*/}; ts=examples/tasksets/${base%%.*}.xml
  gpu=examples/$(sed -n 's/^gpu=//p' "$exp"); args=$(sed -n 's/^args=//p' "$exp" | sed 's/-v//')
  case "$args" in
    *--scenario*)   # a placement scenario: rtgpu-simulate's placement JSON
      nx placement
      # shellcheck disable=SC2086
      "$si" "$ts" --gpu "$gpu" $args --format json > "$f" 2>/dev/null
      continue ;;
  esac
  if [ "$(sed -n 's/^cmd=//p' "$exp")" = simulate ]; then
    nx sim
    # shellcheck disable=SC2086
    "$si" "$ts" --gpu "$gpu" $args --format json > "$f" 2>/dev/null
    continue
  fi
  nx analyze
  # shellcheck disable=SC2086
  "$an" "$ts" --gpu "$gpu" $args --format json > "$f" 2>/dev/null
  # a whole system or kernel preemption (flows=holistic): no sensitivity or emit yet
  # (docs/system.md sec. 5); the whole-system simulation with its segments
  if [ -n "$(sed -n 's/^flows=//p' "$exp")" ]; then
    nx sim
    # shellcheck disable=SC2086
    "$si" "$ts" --gpu "$gpu" $args --format json --trace --horizon 100ms > "$f" 2>/dev/null
    continue
  fi
  nx analyze
  # shellcheck disable=SC2086
  "$an" "$ts" --gpu "$gpu" $args --sensitivity --format json > "$f" 2>/dev/null
  nx emit
  # shellcheck disable=SC2086
  "$an" "$ts" --gpu "$gpu" $args -q --emit-partitions json -O "$f" >/dev/null 2>&1
  nx sim
  # shellcheck disable=SC2086
  "$si" "$ts" --gpu "$gpu" $args --format json --trace --job-cap 200 > "$f" 2>/dev/null
done
# the searches: min-sms, max-min-slack (with --sensitivity), under SOURCE_DATE_EPOCH (the
# wall-clock seconds null), and with sizes constrained (partition_sizes an object)
srch=examples/tasksets/orin-perception-search.xml; orin=examples/gpus/jetson-agx-orin.xml
nx analyze
"$an" "$srch" --gpu "$orin" --format json > "$f" 2>/dev/null
nx analyze
"$an" "$srch" --gpu "$orin" --objective max-min-slack --format json --sensitivity > "$f" 2>/dev/null
nx analyze
SOURCE_DATE_EPOCH=0 "$an" "$srch" --gpu "$orin" --format json > "$f" 2>/dev/null
nx analyze
"$an" "$srch" --gpu "$orin" --deploy green-contexts --min-partition-sms 6 --format json > "$f" \
  2>/dev/null
# --check-measurements, both kinds of observations
for csv in jobs kernels; do
  nx analyze
  "$an" tests/data/meas/taskset.xml --gpu tests/data/meas/gpu.xml \
    --check-measurements "tests/data/meas/$csv.csv" --format json > "$f" 2>/dev/null
done
# sweeps: every spec, JSON lines, without and with --sensitivity; the smallest also merged from
# two shards (the shard files themselves are checked too)
for spec in examples/explore/*.xml; do
  "$ex" sweep "$spec" -q --no-progress > "$tmp/sweep.$n.jsonl" 2>/dev/null; n=$((n+1))
  "$ex" sweep "$spec" -q --no-progress --sensitivity > "$tmp/sweep.$n.jsonl" 2>/dev/null; n=$((n+1))
done
spec=examples/explore/orin-partitions.xml
"$ex" sweep "$spec" -q --no-progress --shard 1/2 -o "$tmp/s1.$n.jsonl" 2>/dev/null
"$ex" sweep "$spec" -q --no-progress --shard 2/2 -o "$tmp/s2.$n.jsonl" 2>/dev/null
"$ex" merge "$tmp/s1.$n.jsonl" "$tmp/s2.$n.jsonl" -o "$tmp/sweep.$n.merged.jsonl" 2>/dev/null
nx split
"$ex" split examples/tasksets/kernelmerge-fig6.xml --gpu examples/gpus/gtx460-kernelmerge.xml \
  --pair A,B --split-unit slots --format json > "$f" 2>/dev/null
nx split
"$ex" split examples/tasksets/kernelmerge-fig6.xml --gpu examples/gpus/gtx460-kernelmerge.xml \
  --pair A,B --format json > "$f" 2>/dev/null
nx coschedule
"$ex" coschedule examples/tasksets/janzen-k20.xml --gpu examples/gpus/tesla-k20.xml --kernel SYN \
  --partitions 6,7 --format json > "$f" 2>/dev/null
nx mct
"$ex" mct examples/tasksets/janzen-k20.xml --gpu examples/gpus/tesla-k20.xml --format json \
  > "$f" 2>/dev/null
written
for j in "$tmp"/*.jsonl; do [ -s "$j" ] || { echo "json schemas: FAIL: ${j##*/} is empty" >&2; fail=1; }; done
python3 tools/check_json_schemas.py schemas "$tmp" || fail=1
[ "$fail" = 0 ] || { echo "json schemas: FAIL" >&2; exit 1; }
