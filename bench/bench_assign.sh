#!/bin/sh
# Assignment search benchmark (issue 16): generated task sets without partitions (gen_assign) of
# TASKS tasks on GPUs of SMS SMs, seeds SEEDS, each searched with --time-limit TIME_LIMIT.
# Default (make bench): a short run, 10 and 20 tasks on 30 SMs, seed 1, --time-limit 5.
# FULL=1: the full table, 10 20 40 tasks on 30 68 132 SMs, seeds 1 2 3 4, --time-limit 20 (36
# runs, about 12 minutes). Each variable still overrides. One row per run: tasks, SMs, seed,
# status, SMs used, the one-partition minimum, the proven lower bound, the gap, MIP solves, full
# analyses, seconds to the first and to the returned layout, the whole search's seconds, and
# which stage found each improvement of the best layout, when, and its SMs (stage@seconds:SMs,
# from the report's "improvements"; docs/assignment.md "The stages").
# usage: sh bench/bench_assign.sh BIN BENCHDIR     (BENCHDIR holds gen_assign)
set -eu
bin=${1:?usage: bench_assign.sh BIN BENCHDIR}
dir=${2:?usage: bench_assign.sh BIN BENCHDIR}
gen=$dir/gen_assign
if [ "${FULL:-0}" = 1 ]; then
  seeds=${SEEDS:-1 2 3 4}; tasks_list=${TASKS:-10 20 40}; limit=${TIME_LIMIT:-20}
  sms_list=${SMS:-30 68 132}
else
  seeds=${SEEDS:-1}; tasks_list=${TASKS:-10 20}; limit=${TIME_LIMIT:-5}; sms_list=${SMS:-30}
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/rtgpu-bench-assign.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM

# field NAME FILE: the first value of "NAME": in the report's "assignment" object (numbers,
# strings, null), found without a JSON tool (an improvement's "seconds" comes after the search's).
field() {
  tr -d '\n ' < "$2" | sed -n 's/.*"assignment":{\([^}]*\)}.*/\1/p' |
    tr ',' '\n' | sed -n "s/^\"$1\":\"\{0,1\}\([^\"]*\)\"\{0,1\}$/\1/p" | head -n 1
}
num() { v=$(field "$1" "$2"); [ "$v" = null ] && echo - || printf '%.2f' "$v"; }
# finds FILE: the report's improvements as stage@seconds:SMs, blanks in stage names as _
finds() {
  python3 -c 'import json, sys
a = json.load(open(sys.argv[1]))["assignment"]
print(" ".join("%s@%s:%d" % (f["stage"].replace(" ", "_"),
      "-" if f["seconds"] is None else "%.1f" % f["seconds"], f["sms"])
      for f in a.get("improvements") or []))' "$1"
}

printf '%-5s %-4s %-4s %-10s %-5s %-6s %-5s %-4s %-4s %-8s %-7s %-7s %-7s %s\n' tasks SMs seed \
  status used onepart bound gap mip analyses first_s best_s seconds found
for sms in $sms_list; do
  "$gen" gpu "$sms" > "$work/gpu$sms.xml"
  for tasks in $tasks_list; do
    for seed in $seeds; do
      set_file=$work/set-$tasks-$sms-$seed.xml
      out=$work/out-$tasks-$sms-$seed.json
      "$gen" taskset "$tasks" "$sms" "$seed" > "$set_file"
      rc=0
      "$bin" "$set_file" --gpu "$work/gpu$sms.xml" --format json -o "$out" \
        --time-limit "$limit" 2> "$work/err" || rc=$?
      if [ ! -s "$out" ]; then
        printf '%-5s %-4s %-4s %-10s (exit %s: %s)\n' "$tasks" "$sms" "$seed" error "$rc" \
          "$(head -n 1 "$work/err")"
        continue
      fi
      printf '%-5s %-4s %-4s %-10s %-5s %-6s %-5s %-4s %-4s %-8s %-7s %-7s %-7.2f %s\n' "$tasks" \
        "$sms" "$seed" "$(field status "$out")" "$(field sms_used "$out")" \
        "$(field one_partition_sms "$out")" "$(field lower_bound_sms "$out")" \
        "$(field gap_sms "$out")" "$(field iterations "$out")" "$(field analyses "$out")" \
        "$(num first_layout_seconds "$out")" "$(num best_layout_seconds "$out")" \
        "$(field seconds "$out")" "$(finds "$out")"
    done
  done
done
