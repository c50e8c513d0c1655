#!/bin/sh
# rtgpu-explore split end to end (make check): the bundled Fig. 6 example (27 splits and the
# sequential row, examples/explore/kernelmerge-fig6.txt) must be reproduced byte for byte; its
# JSON must parse; its SVG bar chart must render (tests/check_gantt_png.sh).
#   usage: tests/check_split.sh BUILDDIR
set -eu
build=${1:?usage: check_split.sh BUILDDIR}
explore=$build/rtgpu-explore
tmp=$(mktemp -d "${TMPDIR:-/tmp}/check_split.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
args="examples/tasksets/kernelmerge-fig6.xml --gpu examples/gpus/gtx460-kernelmerge.xml --pair A,B --split-unit slots"
# shellcheck disable=SC2086
"$explore" split $args > "$tmp/fig6.txt"
if ! cmp -s examples/explore/kernelmerge-fig6.txt "$tmp/fig6.txt"; then
  echo "split: FAIL: the Fig. 6 example differs from examples/explore/kernelmerge-fig6.txt:" >&2
  diff examples/explore/kernelmerge-fig6.txt "$tmp/fig6.txt" >&2 || true
  exit 1
fi
# shellcheck disable=SC2086
"$explore" split $args --format json -o "$tmp/fig6.json"
if command -v python3 >/dev/null 2>&1; then
  python3 -c 'import json,sys; d=json.load(open(sys.argv[1]))["split"][0]; assert len(d["rows"])==27 and d["verdict"]=="sequential" and d["best"]["a"]==7' "$tmp/fig6.json" \
    || { echo "split: FAIL: the JSON does not hold 27 rows, best 7, sequential" >&2; exit 1; }
fi
# shellcheck disable=SC2086
"$explore" split $args --format svg -o "$build/split-check.svg"
sh tests/check_gantt_png.sh "$build/split-check.svg" "$build/split-check.png" 900x420
echo "split: Fig. 6 example reproduced (27 splits + sequential), JSON and SVG checked"
