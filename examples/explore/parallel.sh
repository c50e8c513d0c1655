#!/bin/sh
# Run a sweep in SHARDS shards with GNU parallel, then merge them (docs/explore.md, "Many
# machines"). On one machine as is; on several, add --sshlogin (see below).
#
#   sh examples/explore/parallel.sh [SPEC.xml] [OUTDIR]
#   environment: SHARDS (default 4), JOBS (parallel's -j, default: one per core),
#                RTGPU_EXPLORE (default: rtgpu-explore on the PATH)
#
# The command line is the one to copy. For hosts a, b and c that share OUTDIR (NFS) and have
# rtgpu-explore installed:
#   parallel --sshlogin a,b,c --workdir . rtgpu-explore sweep SPEC.xml --shard {}/64 \
#     -o OUTDIR/part{}.jsonl --resume --no-progress -q ::: $(seq 64)
# --resume makes a re-run (parallel --retries, or the same command after a crash) continue each
# shard instead of refusing its existing file.
set -eu
spec=${1:-examples/explore/acceptance.xml}
out=${2:-explore-out}
shards=${SHARDS:-4}
explore=${RTGPU_EXPLORE:-rtgpu-explore}
mkdir -p "$out"
parallel ${JOBS:+-j "$JOBS"} --halt now,fail=1 \
  "$explore" sweep "$spec" --shard {}/"$shards" -o "$out"/part{}.jsonl --resume --no-progress -q \
  ::: $(seq "$shards")
"$explore" merge "$out"/part*.jsonl -o "$out"/all.jsonl
echo "merged $shards shards into $out/all.jsonl"
