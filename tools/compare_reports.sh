#!/bin/sh
# compare_reports: the JSON and chart outputs of two builds, byte for byte, over every example and
# test input.
#
# usage: sh tools/compare_reports.sh OLD_BUILD_DIR NEW_BUILD_DIR    (each with rtgpu-analyze,
#        rtgpu-simulate and rtgpu-explore; run from the source root)
# Each build writes, with SOURCE_DATE_EPOCH=0 and the same command lines (each binary is copied to
# the same path so the provenance's command line matches): the JSON report of every example
# (with its .expect options; plain, --sensitivity, --windows synchronous -v, --interference naive
# --sensitivity), of every tests/data task set against each GPU beside it and two standard ones,
# with --check-measurements for the measurement files; the --emit-partitions json file of every
# example; rtgpu-simulate's JSON with and without --trace. Lines with wall-clock seconds (the
# search's "seconds", "first_layout_seconds", "best_layout_seconds"; the HTML's search time) are
# left out. Used when the
# JSON writers were moved from jansson trees to the streaming writer (report/jw.c): all 154
# outputs were identical. Since then also, in JSON and SVG: rtgpu-simulate --scenario (every
# scenario of every examples/tasksets file that has one); rtgpu-explore split, coschedule and mct
# over the inputs of tests/check_split.sh and tests/test_split_cli.c; the simulator's Gantt chart
# (make check's and one per simulated example); the explore plots of examples/explore and
# tests/data/explore sweeps (each swept once by the old build, plotted by both); the HTML reports
# of tests/check_html.sh. Exit 0 when all are equal.
set -u
old=${1:?usage: compare_reports.sh OLD_BUILD NEW_BUILD}; new=${2:?}
work=$(mktemp -d "${TMPDIR:-/tmp}/rtgpu-compare-XXXXXX")
run_all() {   # run_all BUILD OUT
  mkdir -p "$work/bin" "$2"
  cp "$1/rtgpu-analyze" "$1/rtgpu-simulate" "$1/rtgpu-explore" "$work/bin/"
  A=$work/bin/rtgpu-analyze S=$work/bin/rtgpu-simulate i=0 out=$2
  one() { i=$((i+1)); SOURCE_DATE_EPOCH=0 "$A" "$@" --format json -o "$work/cur.json" >/dev/null 2>&1
          echo "$i $? $*" >> "$out/index"; [ -f "$work/cur.json" ] && mv "$work/cur.json" "$out/$i.json"; }
  for ts in examples/tasksets/*.xml; do
    exp=${ts%.xml}.expect; gpu=examples/$(sed -n 's/^gpu=//p' "$exp"); args=$(sed -n 's/^args=//p' "$exp")
    # shellcheck disable=SC2086
    { one "$ts" --gpu "$gpu" $args; one "$ts" --gpu "$gpu" $args --sensitivity
      one "$ts" --gpu "$gpu" $args --windows synchronous -v
      one "$ts" --gpu "$gpu" $args --interference naive --sensitivity
      i=$((i+1)); "$A" "$ts" --gpu "$gpu" $args -q --emit-partitions json -O "$out/$i.json" >/dev/null 2>&1
      echo "$i $? $ts emit" >> "$out/index"; }
  done
  for d in tests/data/*/; do
    for ts in "$d"*.xml; do
      for g in "$d"*gpu*.xml tests/data/good/gpu.xml examples/gpus/rtx2060.xml; do
        [ -f "$g" ] && [ -f "$ts" ] && one "$ts" --gpu "$g" --sensitivity
      done
    done
  done
  for c in tests/data/meas/*.csv; do
    for g in tests/data/meas/gpu.xml tests/data/meas/gpu-g2.xml; do
      one tests/data/meas/taskset.xml --gpu "$g" --check-measurements "$c"
    done
  done
  for ts in examples/tasksets/paper-exp1.xml examples/tasksets/orin-camera-pipeline.xml; do
    gpu=examples/$(sed -n 's/^gpu=//p' "${ts%.xml}.expect")
    for o in "" "--trace" "--trace --release random --exec dynamic"; do
      i=$((i+1))
      # shellcheck disable=SC2086
      "$S" "$ts" --gpu "$gpu" --format json --job-cap 2000 $o > "$out/$i.json" 2>/dev/null
      echo "$i $? $ts simulate $o" >> "$out/index"
    done
  done
  X=$work/bin/rtgpu-explore
  # run_to EXT CMD...: CMD's standard output to the next output file, its status to the index
  run_to() { ext=$1; shift; i=$((i+1)); SOURCE_DATE_EPOCH=0 "$@" > "$out/$i.$ext" 2>/dev/null
             echo "$i $? $*" >> "$out/index"; }
  for ts in examples/tasksets/*.xml; do
    gpu=examples/$(sed -n 's/^gpu=//p' "${ts%.xml}.expect")
    for sc in $(sed -n 's/.*<scenario name="\([^"]*\)".*/\1/p' "$ts"); do
      for f in json svg; do run_to "$f" "$S" "$ts" --gpu "$gpu" --scenario "$sc" --format $f; done
    done
  done
  for ts in examples/tasksets/paper-exp1.xml examples/tasksets/orin-camera-pipeline.xml \
            examples/tasksets/paper-exp4.xml examples/tasksets/rtx2060-interference-miss.xml; do
    gpu=examples/$(sed -n 's/^gpu=//p' "${ts%.xml}.expect")
    run_to svg "$S" "$ts" --gpu "$gpu" --format svg --job-cap 2000
    run_to svg "$S" "$ts" --gpu "$gpu" --release random --exec dynamic --format svg
  done
  fig6="examples/tasksets/kernelmerge-fig6.xml --gpu examples/gpus/gtx460-kernelmerge.xml --pair A,B"
  k20="examples/tasksets/janzen-k20.xml --gpu examples/gpus/tesla-k20.xml"
  sms="tests/data/explore/split-sms.xml --gpu tests/data/explore/split-four-gpu.xml --pair a,b"
  cons="tests/data/explore/split-consistency.xml --gpu examples/gpus/rtx2060.xml --pair COPY,MVT"
  # shellcheck disable=SC2086
  for f in json svg; do
    run_to $f "$X" split $fig6 --split-unit slots --format $f
    run_to $f "$X" split $fig6 --format $f
    run_to $f "$X" split $fig6 --slots 5 --format $f
    run_to $f "$X" split $sms --interference naive --format $f
    run_to $f "$X" split $sms --interference none --format $f
    run_to $f "$X" split $cons --format $f
    run_to $f "$X" split $cons --split-unit slots --format $f
  done
  # shellcheck disable=SC2086
  { run_to json "$X" coschedule $k20 --kernel SYN --partitions 6,7 --format json
    run_to json "$X" coschedule $k20 --kernel SYN --partitions 6 --format json
    run_to json "$X" coschedule $k20 --kernel SYN --partitions 4,4,5 --format json
    run_to json "$X" mct $k20 --format json
    run_to json "$X" mct examples/tasksets/paper-exp1.xml --gpu examples/gpus/rtx2060.xml --format json; }
  for r in "$results"/*.jsonl; do
    b=${r##*/}; i=$((i+1)); "$X" plot "$(cat "$results/${b%.jsonl}.spec")" "$r" -o "$out/$i.svg" \
      >/dev/null 2>&1; echo "$i $? plot $b" >> "$out/index"
  done
  for h in "orin-camera-pipeline.xml --gpu examples/gpus/jetson-agx-orin.xml" \
           "rtx2060-interference-miss.xml --gpu examples/gpus/rtx2060.xml" \
           "orin-perception-search.xml --gpu examples/gpus/jetson-agx-orin.xml"; do
    # shellcheck disable=SC2086
    run_to html "$A" examples/tasksets/$h --format html
  done
  for f in "$out"/*.json "$out"/*.svg "$out"/*.html; do
    grep -v '"seconds"\|_layout_seconds"' "$f" | sed 's/MIP solves*, [^<]*</MIP solves, (seconds)</' > "$f.n"
  done
}
# the sweeps' results, made once by the old build, plotted by both
results=$work/results; mkdir -p "$results"; k=0
for spec in examples/explore/*.xml tests/data/explore/davis-sweep.xml \
            tests/data/explore/partitions.xml tests/data/explore/generate.xml; do
  k=$((k+1)); echo "$spec" > "$results/$k.spec"
  "$old/rtgpu-explore" sweep "$spec" -o "$results/$k.jsonl" -q >/dev/null 2>&1 || rm -f "$results/$k.jsonl"
done
run_all "$old" "$work/old"
run_all "$new" "$work/new"
bad=0; n=0
cmp -s "$work/old/index" "$work/new/index" || { echo "exit statuses differ"; bad=1; }
for f in "$work"/old/*.n; do
  n=$((n+1)); cmp -s "$f" "$work/new/${f##*/}" || { echo "DIFF ${f##*/}"; bad=$((bad+1)); }
done
echo "compare_reports: $n outputs, $bad differ"
rm -rf "$work"
[ "$bad" -eq 0 ]
