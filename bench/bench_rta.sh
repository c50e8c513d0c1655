#!/bin/sh
# bench_rta: wall time of the whole tool on one-partition task sets of 10 .. 10000 tasks.
#
# usage: sh bench/bench_rta.sh BIN BENCHDIR     (BENCHDIR holds the compiled gen_tasks)
# environment: GPU (default examples/gpus/rtx2060.xml), RUNS (default 5, best run reported),
#              SIZES (default "10 100 1000 10000"), UTIL (default 0.8), SEED (default 1).
#
# Each set is one partition of all SMs with deadline-monotonic priorities (bench/gen_tasks.c);
# the timed command is the whole process `BIN set.xml --gpu GPU --format json -o /dev/null`:
# loading, WCET model, response-time analysis and the JSON report. Exit status 0 and 1 are both
# results (schedulable or not); anything else is reported as a failure.
set -eu

bin=${1:?usage: bench_rta.sh BIN BENCHDIR}
dir=${2:?usage: bench_rta.sh BIN BENCHDIR}
gpu=${GPU:-examples/gpus/rtx2060.xml}
runs=${RUNS:-5}
sizes=${SIZES:-10 100 1000 10000}
util=${UTIL:-0.8}
seed=${SEED:-1}
gen=$dir/gen_tasks

for f in "$bin" "$gen"; do
  if [ ! -x "$f" ]; then
    echo "bench_rta: $f is missing (run make bench)" >&2
    exit 2
  fi
done
if [ ! -r "$gpu" ]; then
  echo "bench_rta: GPU file $gpu not readable (set GPU=...)" >&2
  exit 2
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/bench_rta.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

now_ns() { date +%s%N; }
case $(now_ns) in
  *[!0-9]*) echo "bench_rta: needs a date(1) that prints nanoseconds (date +%s%N)" >&2; exit 2 ;;
esac

printf '%8s %10s %10s %8s\n' tasks best_ms median_ms verdict
for n in $sizes; do
  set_xml=$tmp/set-$n.xml
  "$gen" "$gpu" "$n" "$util" "$seed" > "$set_xml"
  times=
  r=0
  while [ "$r" -lt "$runs" ]; do
    r=$((r + 1))
    t0=$(now_ns)
    rc=0
    "$bin" "$set_xml" --gpu "$gpu" --format json -o /dev/null 2>"$tmp/err" || rc=$?
    t1=$(now_ns)
    if [ "$rc" -gt 1 ]; then
      echo "bench_rta: $n tasks: exit status $rc" >&2
      cat "$tmp/err" >&2
      exit 1
    fi
    times="$times $(( (t1 - t0) / 1000 ))"
  done
  # best and median of the runs, in ms with three decimals (from microseconds)
  sorted=$(printf '%s\n' $times | sort -n)
  best=$(printf '%s\n' "$sorted" | head -n 1)
  median=$(printf '%s\n' "$sorted" | sed -n "$(( (runs + 1) / 2 ))p")
  verdict=schedulable
  [ "$rc" -eq 1 ] && verdict=misses
  printf '%8s %10s %10s %8s\n' "$n" \
    "$(printf '%d.%03d' $((best / 1000)) $((best % 1000)))" \
    "$(printf '%d.%03d' $((median / 1000)) $((median % 1000)))" "$verdict"
done
