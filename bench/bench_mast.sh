#!/bin/sh
# bench_mast: MAST 1.7's `mast_analysis holistic` beside rtgpu's holistic analysis on one model:
# the generated system of bench_holistic.sh (200 tasks x 5 steps, 8 cores, 2 copy engines, 6
# partitions) with every partition non-preemptive, as MAST has no kernel-boundary preemption;
# bench/hol_system.c writes it as a MAST model (docs/system.md sec. 3.4). mast_analysis's time is
# the whole process (parsing the model and writing its results included), rtgpu's the analysis
# alone. Outside CI: MAST is no dependency of rtgpu, and without mast_analysis on PATH this
# bench says so and is skipped.
#
# usage: sh bench/bench_mast.sh BIN BENCHDIR     (BENCHDIR holds the compiled hol_system)
# environment: TASKS (default 200), RUNS (default 1: one mast_analysis run takes about a minute
# here), SEED (default 1).
set -eu
dir=${2:?usage: bench_mast.sh BIN BENCHDIR}
if ! command -v mast_analysis >/dev/null 2>&1; then
  echo "bench_mast: mast_analysis is not on PATH: skipped"
  exit 0
fi
if [ ! -x "$dir/hol_system" ]; then
  echo "bench_mast: $dir/hol_system is missing (run make bench)" >&2
  exit 2
fi
hol=$(cd "$dir" && pwd)/hol_system
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
runs=${RUNS:-1}
printf 'rtgpu holistic_analyse: '
"$hol" "${TASKS:-200}" "$runs" "${SEED:-1}" "$tmp/model.txt"
best=''
i=0
while [ "$i" -lt "$runs" ]; do
  t0=$(date +%s%N)
  (cd "$tmp" && mast_analysis holistic model.txt results.txt >log.txt 2>&1) || true
  t1=$(date +%s%N)
  ms=$(( (t1 - t0) / 1000000 ))
  if [ -z "$best" ] || [ "$ms" -lt "$best" ]; then best=$ms; fi
  i=$((i + 1))
done
echo "mast_analysis holistic, same model: best $best ms ($runs runs): $(tail -n 1 "$tmp/log.txt")"
