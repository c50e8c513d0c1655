#!/bin/sh
# bench_rta: wall time of the whole tool on one-partition task sets of 10 .. 10000 tasks.
#
# usage: sh bench/bench_rta.sh BIN BENCHDIR     (BENCHDIR holds the compiled gen_tasks)
# environment: GPU (default examples/gpus/rtx2060.xml), RUNS (default 5, best run reported),
#              SIZES (default "10 100 1000 10000"), UTIL (default 0.8), SEED (default 1).
#
# Each set is one partition of all SMs with deadline-monotonic priorities (bench/gen_tasks.c);
# two whole-process timings per set: `BIN set.xml --gpu GPU -q` (loading, WCET model,
# response-time analysis, verdict line: the analysis itself) and `... --format json -o FILE`
# (the same plus the full JSON report, whose kernel tables dominate for large sets). Exit status
# 0 and 1 are both results (schedulable or not); anything else is reported as a failure.
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

# time_runs LABEL ARGS...: best and median wall time of RUNS runs, in microseconds -> $best $median
time_runs() {
  times=
  r=0
  while [ "$r" -lt "$runs" ]; do
    r=$((r + 1))
    t0=$(now_ns)
    rc=0
    "$bin" "$set_xml" --gpu "$gpu" "$@" >"$tmp/out" 2>"$tmp/err" || rc=$?
    t1=$(now_ns)
    if [ "$rc" -gt 1 ]; then
      echo "bench_rta: $n tasks: exit status $rc" >&2
      cat "$tmp/err" >&2
      exit 1
    fi
    times="$times $(( (t1 - t0) / 1000 ))"
  done
  sorted=$(printf '%s\n' $times | sort -n)
  best=$(printf '%s\n' "$sorted" | head -n 1)
  median=$(printf '%s\n' "$sorted" | sed -n "$(( (runs + 1) / 2 ))p")
}

ms() { printf '%d.%03d' $(($1 / 1000)) $(($1 % 1000)); }

printf '%8s %14s %14s %14s %14s %8s\n' tasks analysis_best analysis_med json_best json_med verdict
for n in $sizes; do
  set_xml=$tmp/set-$n.xml
  "$gen" "$gpu" "$n" "$util" "$seed" > "$set_xml"
  time_runs -q
  a_best=$best; a_med=$median
  time_runs --format json -o "$tmp/report.json"
  verdict=schedulable
  [ "$rc" -eq 1 ] && verdict=misses
  printf '%8s %14s %14s %14s %14s %8s\n' "$n" "$(ms "$a_best")" "$(ms "$a_med")" \
    "$(ms "$best")" "$(ms "$median")" "$verdict"
done
echo "(wall milliseconds of the whole process, best and median of $runs runs)"
