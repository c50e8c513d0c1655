#!/bin/sh
# rtgpu-explore end to end (make check): examples/explore/acceptance.xml in 4 shards with GNU
# parallel (examples/explore/parallel.sh) and as a Slurm array (examples/explore/slurm.sbatch run
# with SLURM_ARRAY_TASK_ID/COUNT set), each merged and compared with a single-process run point
# for point; a run killed with SIGKILL leaves only whole lines and --resume completes it to the
# same bytes; the plots are rendered to PNG (tests/check_gantt_png.sh).
#   usage: tests/check_explore.sh BUILDDIR
set -eu
build=${1:?usage: check_explore.sh BUILDDIR}
explore=$(pwd)/$build/rtgpu-explore
tmp=$(mktemp -d "${TMPDIR:-/tmp}/check_explore.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
spec=examples/explore/acceptance.xml
fail() { echo "explore: FAIL: $*" >&2; exit 1; }

"$explore" sweep "$spec" -o "$tmp/one.jsonl" --plot "$tmp/acceptance.svg" -q

# GNU parallel, 4 shards
if command -v parallel >/dev/null 2>&1; then
  SHARDS=4 RTGPU_EXPLORE=$explore sh examples/explore/parallel.sh "$spec" "$tmp/par" >/dev/null
  [ "$(ls "$tmp"/par/part*.jsonl | wc -l)" -eq 4 ] || fail "parallel: not 4 shard files"
  cmp "$tmp/one.jsonl" "$tmp/par/all.jsonl" || fail "parallel: merge differs from one run"
  echo "explore: GNU parallel, 4 shards merged = one run ($(wc -l < "$tmp/one.jsonl") points)"
else
  echo "explore: GNU parallel not installed (tools/deps.sh installs it): parallel run skipped"
fi

# Slurm job array of 3 tasks, the script run as Slurm would run each task
for i in 1 2 3; do
  SLURM_ARRAY_TASK_ID=$i SLURM_ARRAY_TASK_COUNT=3 RTGPU_EXPLORE=$explore \
    sh examples/explore/slurm.sbatch "$spec" "$tmp/slurm" 2>/dev/null
done
"$explore" merge "$tmp"/slurm/part*.jsonl -o "$tmp/slurm-all.jsonl"
cmp "$tmp/one.jsonl" "$tmp/slurm-all.jsonl" || fail "slurm: merge differs from one run"
echo "explore: Slurm array 1-3 merged = one run"

# killed in the middle: only whole lines, then --resume completes it
long=tests/data/explore/long.xml
"$explore" sweep "$long" -o "$tmp/ref.jsonl" -q
"$explore" sweep "$long" -o "$tmp/killed.jsonl" -q &
pid=$!
n=0
while [ "$n" -lt 50 ]; do
  sleep 0.05
  n=$((n + 1))
  [ -s "$tmp/killed.jsonl" ] && [ "$(wc -c < "$tmp/killed.jsonl")" -gt 100000 ] && break
done
kill -9 "$pid" 2>/dev/null || true
wait "$pid" 2>/dev/null || true
lines=$(wc -l < "$tmp/killed.jsonl")
total=$(wc -l < "$tmp/ref.jsonl")
[ "$lines" -lt "$total" ] || fail "kill: the run finished before it was killed"
# SIGKILL can stop the kernel between two pages of one write(2), so the last line may be torn
# (docs/explore.md, "Whole lines"); every line before it is whole, and --resume cuts it.
torn=0
if [ -s "$tmp/killed.jsonl" ] &&
   [ "$(tail -c 1 "$tmp/killed.jsonl" | od -An -c | tr -d ' ')" != '\n' ]; then
  torn=1
fi
bad=$(grep -vc '^{"point":[0-9]*,.*"error":null}$' "$tmp/killed.jsonl" || true)
[ "$bad" -le "$torn" ] || fail "kill: $bad lines are not whole result lines"
"$explore" sweep "$long" -o "$tmp/killed.jsonl" --resume -q 2> "$tmp/resume.err"
if [ "$torn" = 1 ]; then
  grep -q "cut off" "$tmp/resume.err" || fail "kill: --resume did not say it cut the torn line"
fi
cmp "$tmp/ref.jsonl" "$tmp/killed.jsonl" || fail "kill: the resumed run differs from one run"
echo "explore: killed after $lines of $total lines (torn last line: $torn); --resume completed it"

# plots: acceptance curves and a heat map, rendered
"$explore" sweep examples/explore/orin-partitions.xml -o /dev/null --plot "$tmp/orin.svg" -q
sh tests/check_gantt_png.sh "$tmp/acceptance.svg" "$build/explore-acceptance.png" 900x600
sh tests/check_gantt_png.sh "$tmp/orin.svg" "$build/explore-heat.png" 900x520

# a period sweep over a cause-effect chain (docs/explore.md, "Chains"): below scale 1 deadlines
# are missed, above it the chain's bound passes max-reaction; only scale 1 is schedulable
"$explore" sweep examples/explore/orin-chain-periods.xml -q -o "$tmp/chain.jsonl" --plot "$tmp/chain.svg"
got=$(sed 's/.*"period_scale":\([0-9.]*\),"schedulable":\([a-z]*\),.*"chain_passes:frame-to-track":\([a-z]*\),.*/\1:\2:\3/' \
  "$tmp/chain.jsonl" | tr '\n' ' ')
want="0.5:false:false 0.75:false:true 1:true:true 1.25:false:false 1.5:false:false 1.75:false:false 2:false:false "
[ "$got" = "$want" ] || fail "chain periods: got $got, expected $want"
grep -q '>a deadline can be missed or a chain fails<' "$tmp/chain.svg" ||
  fail "chain periods: the plot's legend does not say that a cross may be a failed chain"
sh tests/check_gantt_png.sh "$tmp/chain.svg" "$build/explore-chain.png" 900x580
echo "explore: chain over a period sweep: schedulable at scale 1 only"
