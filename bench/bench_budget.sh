#!/bin/sh
# bench_budget: the hostile inputs of issue 17 at sizes that finish in seconds; CPU seconds and
# maximum resident set size of the whole process (getrusage, bench/rusage.c) and the exit status.
#
# usage: sh bench/bench_budget.sh BIN BENCHDIR   (BENCHDIR holds gen_hostile and rusage)
# environment: SIZE_EQ (default 200), SIZE_BLOCKED (3), SIZE_KERNELS (8000), SIZE_LAUNCHES (500),
#              SIZE_SYNC (100), BUDGET_BLOCKED (default 1000000000: the default budget would
#              take about a minute per run).
# Exit status 0, 1 (a verdict) and 3 (undecided: budget spent) are all results.
set -eu
bin=${1:?usage: bench_budget.sh BIN BENCHDIR}
dir=${2:?usage: bench_budget.sh BIN BENCHDIR}
gpu=examples/gpus/rtx2060.xml
SIZE_EQ=${SIZE_EQ:-200}; SIZE_BLOCKED=${SIZE_BLOCKED:-3}; SIZE_KERNELS=${SIZE_KERNELS:-8000}
SIZE_LAUNCHES=${SIZE_LAUNCHES:-500}; SIZE_SYNC=${SIZE_SYNC:-100}
BUDGET_BLOCKED=${BUDGET_BLOCKED:-1000000000}
for f in "$bin" "$dir/gen_hostile" "$dir/rusage"; do
  [ -x "$f" ] || { echo "bench_budget: $f is missing (run make bench)" >&2; exit 2; }
done
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bench_budget.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

# run LABEL MODE N ARGS...: one line of figures
run() {
  label=$1; mode=$2; n=$3; shift 3
  "$dir/gen_hostile" "$mode" "$n" > "$tmp/in.xml"
  size=$(wc -c < "$tmp/in.xml")
  fig=$("$dir/rusage" "$bin" "$tmp/in.xml" --gpu "$gpu" -q "$@" 2>&1 >/dev/null | tail -n 1) || true
  printf '%-34s %9s bytes  %s\n' "$label" "$size" "$fig"
}

run "eqprio $SIZE_EQ tasks, jitter 10 s" eqprio "$SIZE_EQ"
run "blocked $SIZE_BLOCKED partitions" blocked "$SIZE_BLOCKED" --budget "$BUDGET_BLOCKED"
run "kernels 2 x $SIZE_KERNELS" kernels "$SIZE_KERNELS"
run "kernels 2 x $SIZE_KERNELS, json" kernels "$SIZE_KERNELS" --format json -o "$tmp/r.json"
run "launches 10 x $SIZE_LAUNCHES x 4" launches "$SIZE_LAUNCHES"
run "sync 10 x $SIZE_SYNC x 4, synchronous" sync "$SIZE_SYNC" --windows synchronous
echo "(CPU seconds user + system and max RSS of the whole process; exit 3 = budget spent)"
