#!/bin/sh
# The include graph of src/ must point down the layers of docs/architecture.md, never up:
#   util < draw < taskset < models < analysis < search < run < sim < explore < report < rtgpu
#   < cli (draw: SVG and XHTML drawing, which knows no GPU)
# (run: the verdict pipeline every door calls; report writes what sim and explore computed,
# so it sits above both; Makefile's LAYERS lists the same order)
# where rtgpu is src/rtgpu.c, the installed API. Its header, src/rtgpu.h, is self-contained
# (system headers only) and no other file of src/ includes it: the library and the commands
# use the internal headers. Prints every offending edge (file, line, included header) and fails
# if there is one.
set -u
rank() {
  case $1 in
    util) echo 0;; draw) echo 1;; taskset) echo 2;; models) echo 3;; analysis) echo 4;;
    search) echo 5;; run) echo 6;; sim) echo 7;; explore) echo 8;; report) echo 9;;
    rtgpu) echo 10;; cli) echo 11;;
    *) echo 99;;
  esac
}
bad=0; edges=0
for f in src/*/*.c src/*/*.h src/rtgpu.c; do
  [ -f "$f" ] || continue
  from=${f#src/}; from=${from%%/*}; from=${from%.c}; rf=$(rank "$from")
  if [ "$rf" = 99 ]; then echo "$f: folder '$from' is not a layer"; bad=$((bad+1)); continue; fi
  grep -n '^#include "[a-z]*/' "$f" | while IFS= read -r hit; do
    line=${hit%%:*}; inc=${hit#*\"}; inc=${inc%\"*}; to=${inc%%/*}; rt=$(rank "$to")
    if [ "$rt" -gt "$rf" ]; then echo "$f:$line: $from includes $inc (layer '$to' is above '$from')"; fi
  done
  grep -n '^#include "rtgpu.h"' "$f" | while IFS= read -r hit; do
    [ "$f" = src/rtgpu.c ] || echo "$f:${hit%%:*}: includes rtgpu.h (the installed API; use the module headers)"
  done
done > /tmp/rtgpu-layers.$$
grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' src/rtgpu.h | while IFS= read -r hit; do
  echo "src/rtgpu.h:${hit%%:*}: the installed header includes ${hit#*:} (system headers only)"
done >> /tmp/rtgpu-layers.$$
edges=$(cat src/*/*.[ch] src/rtgpu.c | grep -c '^#include "[a-z]*/')
if [ -s /tmp/rtgpu-layers.$$ ]; then
  cat /tmp/rtgpu-layers.$$; bad=$((bad + $(wc -l < /tmp/rtgpu-layers.$$)))
fi
rm -f /tmp/rtgpu-layers.$$
echo "layers: $edges includes checked, $bad upward"
[ "$bad" -eq 0 ]
