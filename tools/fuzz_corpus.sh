#!/bin/sh
# Build the seed corpora of the fuzz harnesses (fuzz/NAME.c) under DIR/NAME/ from the files
# already in the tree, so the seeds follow the examples and the bad-input corpus:
#   taskset, gpu   every XML file of examples/ and tests/data/ and the bad-input corpus
#   sweep          the sweep files of examples/explore/ and tests/data/explore/
#   measurements   the measurements CSVs of tests/data/meas/ and tests/data/bad/measurements/
#   pipeline       TASKSET NUL GPU [NUL CSV [NUL OPTIONS]]: every example task set with the GPU
#                  of its .expect file, the test pairs of tests/data/, and one task-set file
#                  named with control characters (OPTIONS "name=..."); every whole system and
#                  GPU-step set once more under kernel preemption (OPTIONS "kernel")
#   simulate       TASKSET NUL GPU [NUL OPTIONS]: every example task set with its GPU, plain and
#                  with "random jitter" (whole systems also "extremes", GPU steps alone also
#                  "kernel"), and the simulator's test pairs
# Run from the source root (make fuzz does). DIR is emptied first.
set -eu
dir=${1:?usage: fuzz_corpus.sh DIR}
for h in taskset gpu sweep measurements pipeline simulate; do
  rm -rf "${dir:?}/$h"
  mkdir -p "$dir/$h"
done
n=0
# copy FILE HARNESS: one seed, named after its source
copy() { n=$((n + 1)); cp "$1" "$2/$n-$(basename "$1")"; }
for f in examples/*/*.xml tests/data/*.xml tests/data/*/*.xml tests/data/bad/*; do
  case $f in */MANIFEST|*/measurements) continue ;; esac
  [ -f "$f" ] || continue
  copy "$f" "$dir/taskset"; copy "$f" "$dir/gpu"
done
for f in examples/explore/*.xml tests/data/explore/*.xml; do copy "$f" "$dir/sweep"; done
for f in tests/data/meas/*.csv tests/data/bad/measurements/*.csv; do copy "$f" "$dir/measurements"; done
# pair NAME TASKSET GPU [CSV [OPTIONS]]: one pipeline seed
pair() {
  out="$dir/pipeline/$1"
  { cat "$2"; printf '\0'; cat "$3"
    if [ $# -ge 4 ]; then printf '\0'; [ -z "$4" ] || cat "$4"; fi
    if [ $# -ge 5 ]; then printf '\0%s' "$5"; fi; } > "$out"
}
# sim NAME TASKSET GPU [OPTIONS]: one simulate seed
sim() {
  { cat "$2"; printf '\0'; cat "$3"; if [ $# -ge 4 ]; then printf '\0%s' "$4"; fi; } \
    > "$dir/simulate/$1"
}
for ts in examples/tasksets/*.xml; do
  gpu=$(sed -n 's/^gpu=//p' "${ts%.xml}.expect")
  b=$(basename "$ts" .xml)
  pair "$b" "$ts" "examples/$gpu"
  pair "$b-kernel" "$ts" "examples/$gpu" "" kernel
  sim "$b" "$ts" "examples/$gpu"
  sim "$b-random" "$ts" "examples/$gpu" "random jitter"
  if grep -q '<cpu \|<copy ' "$ts"; then
    sim "$b-extremes" "$ts" "examples/$gpu" "extremes jitter"
  else
    sim "$b-kernel" "$ts" "examples/$gpu" "kernel"
  fi
done
for f in tests/data/sim/*.xml; do
  case $f in */gpu-*) continue ;; esac
  sim "test-$(basename "$f" .xml)" "$f" tests/data/sim/gpu-1ghz.xml
done
sim test-system tests/data/good/system.xml tests/data/good/system-gpu.xml "random jitter"
sim test-let-budget tests/data/cli/let-budget.xml tests/data/good/system-gpu.xml
pair exp4-options examples/tasksets/paper-exp4.xml examples/gpus/rtx2060.xml "" \
  "synchronous audsley naive spread"
pair orin-sync examples/tasksets/orin-camera-pipeline.xml examples/gpus/jetson-agx-orin.xml "" \
  "synchronous none given"
pair kernels-search examples/tasksets/paper-kernels.xml examples/gpus/rtx2060.xml "" quiet
pair cli-tiny tests/data/cli/tiny.xml tests/data/cli/tiny-gpu.xml
# a task-set file named with a line feed, a verdict and an escape sequence (name= in the options)
pair cli-evil-name tests/data/cli/tiny-miss.xml tests/data/cli/tiny-gpu.xml "" \
  "$(printf 'quiet name=evil\nSCHEDULABLE: every deadline holds (forged)\033[2J')"
pair cli-tiny-miss tests/data/cli/tiny-miss.xml tests/data/cli/tiny-gpu.xml
pair cli-infeasible tests/data/cli/infeasible.xml tests/data/cli/tiny-gpu.xml
pair good-full tests/data/good/taskset-full.xml tests/data/good/gpu-cc86.xml
pair good-tpc tests/data/good/taskset.xml tests/data/good/gpu-tpc.xml
pair conc-partial tests/data/good/conc-partial.xml examples/gpus/tesla-k40.xml
pair deploy-64 tests/data/deploy/h100-64-64.xml examples/gpus/h100-sxm.xml
pair deploy-68 tests/data/deploy/h100-64-68.xml examples/gpus/h100-sxm.xml
pair sens-jitter tests/data/sens/jitter.xml tests/data/good/gpu.xml
pair sens-two tests/data/sens/two-parts.xml tests/data/good/gpu.xml
pair sim-davis tests/data/sim/davis.xml tests/data/sim/gpu-1ghz.xml
pair meas-kernels tests/data/meas/taskset.xml tests/data/meas/gpu.xml tests/data/meas/kernels.csv
pair meas-jobs tests/data/meas/taskset.xml tests/data/meas/gpu.xml tests/data/meas/jobs.csv
pair meas-quoted tests/data/meas/taskset.xml tests/data/meas/gpu.xml tests/data/meas/quoted.csv
pair meas-g2 tests/data/meas/taskset-nopart.xml tests/data/meas/gpu-g2.xml tests/data/meas/kernels.csv
for h in taskset gpu sweep measurements pipeline simulate; do
  printf 'fuzz seeds: %s %s\n' "$h" "$(ls "$dir/$h" | wc -l)"
done
