#!/bin/sh
# bench_placement: blocks placed per second by rtgpu-simulate --scenario (most-room placement
# with the timed block simulation, docs/concurrency.md sec. 2) on the 68-SM RTX 2080 Ti of
# examples/gpus/rtx2080ti.xml with 10^5 blocks of four kernels (bench/placement-68.xml).
#
# usage: sh bench/bench_placement.sh BIN BENCHDIR   (BIN: build/rtgpu-analyze; rtgpu-simulate beside it)
# environment: RUNS (default 3, best run reported).
# Whole-process wall time with -q (loading, the simulation, no output written); with
# --format json the 10^5 block records are written too (second line).
set -eu
bin=${1:?usage: bench_placement.sh BIN BENCHDIR}
sim=$(dirname "$bin")/rtgpu-simulate
runs=${RUNS:-3}
ts=bench/placement-68.xml
gpu=examples/gpus/rtx2080ti.xml
blocks=100000
if [ ! -x "$sim" ]; then echo "bench_placement: $sim is missing (run make)" >&2; exit 2; fi
now() { date +%s.%N; }
printf '%-40s %8s %10s %12s\n' "placement, 68 SMs" "blocks" "best s" "blocks/s"
for fmt in quiet json; do
  best=
  for _ in $(seq "$runs"); do
    t0=$(now)
    if [ "$fmt" = quiet ]; then
      "$sim" "$ts" --gpu "$gpu" --scenario mix -q > /dev/null
    else
      "$sim" "$ts" --gpu "$gpu" --scenario mix --format json > /dev/null
    fi
    t1=$(now)
    s=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.6f", b - a }')
    if [ -z "$best" ] || awk -v s="$s" -v b="$best" 'BEGIN { exit !(s < b) }'; then best=$s; fi
  done
  label="--scenario mix -q"
  [ "$fmt" = json ] && label="--scenario mix --format json"
  printf '%-40s %8s %10.3f %12.0f\n' "$label" "$blocks" "$best" \
    "$(awk -v j="$blocks" -v b="$best" 'BEGIN { print j / b }')"
done
