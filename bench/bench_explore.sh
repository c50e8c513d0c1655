#!/bin/sh
# bench_explore: points per second of rtgpu-explore on one core (--jobs 1): 10 tasks on 4 given
# partitions under the default model (bench/explore-given.xml, 5000 points; target: at least
# 5000 points/s) and the same tasks with the partition search (bench/explore-search.xml).
#
# usage: sh bench/bench_explore.sh BIN BENCHDIR    (BIN: build/rtgpu-analyze; rtgpu-explore beside it)
# environment: RUNS (default 3, best run reported).
# Two figures per sweep: the rate the tool reports (evaluation and output only) and the whole
# process (reading and checking the files included).
set -eu
bin=${1:?usage: bench_explore.sh BIN BENCHDIR}
explore=$(dirname "$bin")/rtgpu-explore
runs=${RUNS:-3}
if [ ! -x "$explore" ]; then echo "bench_explore: $explore is missing (run make)" >&2; exit 2; fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bench_explore.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
now() { date +%s.%N; }
printf '%-28s %8s %12s %14s %16s\n' sweep points "best s" "points/s" "tool points/s"
for spec in bench/explore-given.xml bench/explore-search.xml; do
  best=
  r=$runs
  case $spec in *search*) r=1 ;; esac    # the search takes seconds: one run
  for _ in $(seq "$r"); do
    rm -f "$tmp/out.jsonl"
    t0=$(now)
    "$explore" sweep "$spec" -o "$tmp/out.jsonl" --no-progress 2> "$tmp/err"
    t1=$(now)
    s=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.6f", b - a }')
    if [ -z "$best" ] || awk -v s="$s" -v b="$best" 'BEGIN { exit !(s < b) }'; then
      best=$s
      tool=$(sed -n 's/.* \([0-9]*\) points\/s$/\1/p' "$tmp/err")
    fi
  done
  n=$(wc -l < "$tmp/out.jsonl")
  printf '%-28s %8s %12.3f %14.0f %16s\n' "$(basename "$spec" .xml)" "$n" "$best" \
    "$(awk -v n="$n" -v s="$best" 'BEGIN { print n / s }')" "$tool"
done
echo "(one core; whole process wall time, best of $runs runs for given partitions, one run for search)"
