#!/bin/sh
# Run every bench/bench_*.sh with the tool and the compiled bench helpers; each prints figures.
set -eu
bin=${1:?usage: run.sh BIN BENCHDIR}; dir=${2:?}
for b in bench/bench_*.sh; do
  [ -f "$b" ] || continue
  echo "== $b"
  sh "$b" "$bin" "$dir"
done
