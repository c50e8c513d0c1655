#!/bin/sh
# bench_split: rtgpu-explore split on the H100 of examples/gpus/h100-sxm.xml (132 SMs), with no
# speed target: (1) unit slots, two kernels of 2^21 blocks each (the merged kernel: 256 threads,
# 64 registers -> 4 blocks per SM, W = 528 slots, 527 splits) and their work stealing over 2^22
# blocks (the most it simulates is 2^24); (2) unit sms, 65 splits (granularity 2), each a
# two-partition synchronous-window analysis (masola).
#
# usage: sh bench/bench_split.sh BIN BENCHDIR    (BIN: build/rtgpu-analyze; rtgpu-explore beside it)
# environment: RUNS (default 3, best run reported). Whole-process wall time (loading included).
set -eu
bin=${1:?usage: bench_split.sh BIN BENCHDIR}
dir=${2:?}
explore=$(dirname "$bin")/rtgpu-explore
runs=${RUNS:-3}
gpu=examples/gpus/h100-sxm.xml
if [ ! -x "$explore" ]; then echo "bench_split: $explore is missing (run make)" >&2; exit 2; fi
mkdir -p "$dir"
ts=$dir/split-bench.xml
cat > "$ts" <<'XML'
<?xml version="1.0" encoding="UTF-8"?>
<taskset name="split-bench">
  <kernel name="A" time="2ms" bw-gbps="900" kai="0.2">
    <launch grid="2097152" block="256" registers="32" shared-memory="0" block-time="10us"/>
  </kernel>
  <kernel name="B" time="3ms" bw-gbps="200" kai="2">
    <launch grid="2097152" block="128" registers="64" shared-memory="0" block-time="7us"/>
  </kernel>
  <task name="a" period="20ms"><run kernel="A"/></task>
  <task name="b" period="20ms"><run kernel="B"/></task>
</taskset>
XML
now() { date +%s.%N; }
printf '%-44s %8s %12s %16s\n' "case" "splits" "best s" "blocks/s (ws)"
for unit in slots sms; do
  best=
  for _ in $(seq "$runs"); do
    t0=$(now)
    "$explore" split "$ts" --gpu "$gpu" --pair A,B --split-unit "$unit" > "$dir/split-$unit.txt"
    t1=$(now)
    s=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.6f", b - a }')
    if [ -z "$best" ] || awk -v s="$s" -v b="$best" 'BEGIN { exit !(s < b) }'; then best=$s; fi
  done
  rows=$(awk '/^ *[0-9]+ +[0-9]+ /' "$dir/split-$unit.txt" | wc -l)
  if [ "$unit" = slots ]; then
    rate=$(awk -v b="$best" 'BEGIN { printf "%.0f", 4194304 / b }')
  else
    rate=-
  fi
  printf '%-44s %8s %12.3f %16s\n' "split --split-unit $unit (H100, 2 x 2^21 blocks)" "$rows" "$best" "$rate"
done
