#!/bin/sh
# compare_reports: the JSON outputs of two builds, byte for byte, over every example and test input.
#
# usage: sh tools/compare_reports.sh OLD_BUILD_DIR NEW_BUILD_DIR    (each with rtgpu-analyze and
#        rtgpu-simulate; run from the source root)
# Each build writes, with SOURCE_DATE_EPOCH=0 and the same command lines (each binary is copied to
# the same path so the provenance's command line matches): the JSON report of every example
# (with its .expect options; plain, --sensitivity, --windows synchronous -v, --interference naive
# --sensitivity), of every tests/data task set against each GPU beside it and two standard ones,
# with --check-measurements for the measurement files; the --emit-partitions json file of every
# example; rtgpu-simulate's JSON with and without --trace. Lines with wall-clock seconds (the
# search's "seconds", "first_layout_seconds", "best_layout_seconds") are left out. Used when the
# JSON writers were moved from jansson trees to the streaming writer (report/jw.c): all 154
# outputs were identical. Exit 0 when all are equal.
set -u
old=${1:?usage: compare_reports.sh OLD_BUILD NEW_BUILD}; new=${2:?}
work=$(mktemp -d "${TMPDIR:-/tmp}/rtgpu-compare-XXXXXX")
run_all() {   # run_all BUILD OUT
  mkdir -p "$work/bin" "$2"
  cp "$1/rtgpu-analyze" "$1/rtgpu-simulate" "$work/bin/"
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
  for f in "$out"/*.json; do grep -v '"seconds"\|_layout_seconds"' "$f" > "$f.n"; done
}
run_all "$old" "$work/old"
run_all "$new" "$work/new"
bad=0; n=0
cmp -s "$work/old/index" "$work/new/index" || { echo "exit statuses differ"; bad=1; }
for f in "$work"/old/*.json.n; do
  n=$((n+1)); cmp -s "$f" "$work/new/${f##*/}" || { echo "DIFF ${f##*/}"; bad=$((bad+1)); }
done
echo "compare_reports: $n outputs, $bad differ"
rm -rf "$work"
[ "$bad" -eq 0 ]
