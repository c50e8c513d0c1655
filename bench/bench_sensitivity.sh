#!/bin/sh
# bench_sensitivity: how long --sensitivity takes (docs/evidence.md sec. 1), on every bundled
# example with given partitions and on a 50-task, 4-partition set (bench/sens-50x4.xml).
#
# usage: sh bench/bench_sensitivity.sh BIN BENCHDIR     environment: RUNS (default 5, best run)
# Per set: the whole process without and with --sensitivity (-q: the analysis, not the report),
# their difference (the sensitivity searches alone) and the number of candidate analyses they ran.
set -eu
bin=${1:?usage: bench_sensitivity.sh BIN BENCHDIR}
runs=${RUNS:-5}
now() { date +%s.%N; }
best() {   # best wall time of RUNS runs of "$@"
  b=
  i=0
  while [ "$i" -lt "$runs" ]; do
    t0=$(now); "$@" >/dev/null 2>&1 || true; t1=$(now)
    b=$(echo "$t0 $t1 ${b:-1e9}" | awk '{d = $2 - $1; print (d < $3 ? d : $3)}')
    i=$((i + 1))
  done
  echo "$b"
}
printf '%-34s %6s %10s %10s %10s %10s\n' "task set" "tasks" "plain ms" "sens ms" "extra ms" "analyses"
one() {   # one TASKSET GPU
  ts=$1 gpu=$2
  n=$(grep -c '<task ' "$ts")
  a=$(best "$bin" "$ts" --gpu "$gpu" -q)
  s=$(best "$bin" "$ts" --gpu "$gpu" -q --sensitivity)
  k=$("$bin" "$ts" --gpu "$gpu" --sensitivity 2>/dev/null | sed -n 's/.*; \([0-9]*\) candidate analyses.*/\1/p')
  echo "$(basename "$ts" .xml) $n $a $s ${k:-0}" |
    awk '{printf "%-34s %6d %10.2f %10.2f %10.2f %10s\n", $1, $2, $3 * 1000, $4 * 1000, ($4 - $3) * 1000, $5}'
}
for ts in examples/tasksets/*.xml; do
  grep -q '<partition' "$ts" || continue    # given partitions only: a search is timed elsewhere
  one "$ts" "examples/$(sed -n 's/^gpu=//p' "${ts%.xml}.expect")"
done
one bench/sens-50x4.xml examples/gpus/rtx2060.xml
