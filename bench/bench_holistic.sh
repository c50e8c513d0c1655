#!/bin/sh
# bench_holistic: wall time of the holistic analysis alone (docs/system.md sec. 3) on a generated
# system of 200 tasks x 5 steps over 8 cores, 2 copy engines and 6 partitions (bench/hol_system.c).
#
# usage: sh bench/bench_holistic.sh BIN BENCHDIR     (BENCHDIR holds the compiled hol_system)
# environment: TASKS (default 200), RUNS (default 5), SEED (default 1). Target: under 100 ms.
set -eu
dir=${2:?usage: bench_holistic.sh BIN BENCHDIR}
if [ ! -x "$dir/hol_system" ]; then
  echo "bench_holistic: $dir/hol_system is missing (run make bench)" >&2
  exit 2
fi
"$dir/hol_system" "${TASKS:-200}" "${RUNS:-5}" "${SEED:-1}"
