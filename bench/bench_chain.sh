#!/bin/sh
# bench_chain: wall time of the chain analysis alone (docs/chains.md) of 100 chains of 10 tasks,
# half implicit and half LET, over a generated system of 1,000 tasks with harmonic periods
# 1 .. 200 ms whose WCRTs are given as figures (bench/chain_system.c).
#
# usage: sh bench/bench_chain.sh BIN BENCHDIR     (BENCHDIR holds the compiled chain_system)
# environment: TASKS (default 1000), CHAINS (default 100), TLEN (default 10), RUNS (default 5),
# SEED (default 1). Target: under 1 s.
set -eu
dir=${2:?usage: bench_chain.sh BIN BENCHDIR}
if [ ! -x "$dir/chain_system" ]; then
  echo "bench_chain: $dir/chain_system is missing (run make bench)" >&2
  exit 2
fi
"$dir/chain_system" "${TASKS:-1000}" "${CHAINS:-100}" "${TLEN:-10}" "${RUNS:-5}" "${SEED:-1}"
