#!/bin/sh
# bench_sim: jobs simulated per second by rtgpu-simulate, 10^6 jobs of 20 tasks on 4 partitions
# (bench/sim-20x4.xml), for --exec wcet (target: 2 million jobs/s on one core) and --exec dynamic.
#
# usage: sh bench/bench_sim.sh BIN BENCHDIR    (BIN: build/rtgpu-analyze; rtgpu-simulate beside it)
# environment: RUNS (default 3, best run reported), JOBS (default 1000000).
# Whole-process wall time, so loading and the analysis (a few ms) are included: the figure is a
# lower bound of the simulator's own rate.
set -eu
bin=${1:?usage: bench_sim.sh BIN BENCHDIR}
sim=$(dirname "$bin")/rtgpu-simulate
runs=${RUNS:-3}
jobs=${JOBS:-1000000}
set_xml=bench/sim-20x4.xml
gpu=examples/gpus/rtx2060.xml
if [ ! -x "$sim" ]; then echo "bench_sim: $sim is missing (run make)" >&2; exit 2; fi
now() { date +%s.%N; }
printf '%-36s %10s %12s %14s\n' "mode" "jobs" "best s" "jobs/s"
for mode in "wcet synchronous" "dynamic synchronous" "wcet random" "dynamic random"; do
  set -- $mode
  best=
  for _ in $(seq "$runs"); do
    t0=$(now)
    "$sim" "$set_xml" --gpu "$gpu" --exec "$1" --release "$2" --horizon 1000000s \
      --job-cap "$jobs" -q > /dev/null
    t1=$(now)
    s=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.6f", b - a }')
    if [ -z "$best" ] || awk -v s="$s" -v b="$best" 'BEGIN { exit !(s < b) }'; then best=$s; fi
  done
  printf '%-36s %10s %12.3f %14.0f\n' "--exec $1 --release $2" "$jobs" "$best" \
    "$(awk -v j="$jobs" -v b="$best" 'BEGIN { print j / b }')"
done
