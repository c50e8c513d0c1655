#!/bin/sh
# The certification evidence report (docs/evidence.md sec. 2), checked from the outside, for
# task sets of GPU steps (given, missed, searched, infeasible), whole systems (two examples and
# --gpu-preemption kernel) and a failing cause-effect chain (its section "chains"):
#   tests/check_html.sh BIN OUTDIR
# - well-formed XML (xmllint --noout --nonet): the page is polyglot XHTML5;
# - self-contained: no reference outside the file (no http(s) URL other than the two namespace
#   names xmlns="http://www.w3.org/1999/xhtml" and xmlns="http://www.w3.org/2000/svg", no src=,
#   no <link>, no <script>);
# - every in-page link (href="#x") leads to exactly one element with id="x";
# - deterministic: two runs with the same SOURCE_DATE_EPOCH give identical bytes, and the date
#   is the one SOURCE_DATE_EPOCH says;
# - rendered by headless Chromium (Debian's chromium) to PNG and to PDF: the PNG is a real
#   picture (not a blank page) and the PDF has one page per section or more (7 to 40 pages).
# Without chromium the rendering checks print a notice and are skipped.
set -eu
bin=${1:?usage: check_html.sh BIN OUTDIR}; out=${2:?usage: check_html.sh BIN OUTDIR}
mkdir -p "$out"
fail=0
bad() { echo "FAIL html: $*"; fail=$((fail+1)); }

run() {   # run NAME TASKSET GPU [args]: writes $out/NAME.html, exit status must be 0 or 1
  name=$1 ts=$2 gpu=$3; shift 3
  rc=0
  SOURCE_DATE_EPOCH=1764000000 "$bin" "$ts" --gpu "$gpu" --format html -o "$out/$name.html" "$@" \
    2>"$out/$name.err" || rc=$?
  [ "$rc" -le 1 ] || bad "$name: exit $rc: $(cat "$out/$name.err")"
}
run pass examples/tasksets/orin-camera-pipeline.xml examples/gpus/jetson-agx-orin.xml
run miss examples/tasksets/rtx2060-interference-miss.xml examples/gpus/rtx2060.xml
run search tests/data/cli/infeasible.xml tests/data/cli/tiny-gpu.xml
run found examples/tasksets/orin-perception-search.xml examples/gpus/jetson-agx-orin.xml
run system examples/tasksets/orin-system-pipeline.xml examples/gpus/jetson-agx-orin-system.xml
run server examples/tasksets/inference-server.xml examples/gpus/rtx2060-server.xml
run kernel examples/tasksets/kernel-preemption.xml examples/gpus/rtx2060.xml --gpu-preemption kernel
run chain examples/tasksets/orin-chain-fails.xml examples/gpus/jetson-agx-orin-system.xml

for f in pass miss search found system server kernel chain; do
  h=$out/$f.html
  [ -s "$h" ] || { bad "$f: no report"; continue; }
  if command -v xmllint >/dev/null 2>&1; then
    xmllint --noout --nonet "$h" || bad "$f: not well-formed XML"
  fi
  head -c 16 "$h" | grep -q '^<!DOCTYPE html>' || bad "$f: does not start with <!DOCTYPE html>"
  refs=$(sed -e 's#xmlns="http://www.w3.org/1999/xhtml"##g' -e 's#xmlns="http://www.w3.org/2000/svg"##g' "$h" |
         grep -o -i -E 'https?:|src=|<link|<script|<iframe|<object|url\(' | sort -u | tr '\n' ' ' || true)
  [ -z "$refs" ] || bad "$f: external references: $refs"
  grep -q 'Date</th><td>2025-11-24T16:00:00Z (from SOURCE_DATE_EPOCH)' "$h" || bad "$f: date not from SOURCE_DATE_EPOCH"
  for s in verdict system assumptions results derivations figures provenance channels \
           configuration; do
    grep -q "<section id=\"$s\"" "$h" || bad "$f: no section $s"
  done
  # the chains' section only where the task set has chains
  if [ "$f" = chain ]; then
    grep -q '<section id="chains"' "$h" || bad "$f: no section chains"
  elif grep -q '<section id="chains"' "$h"; then
    bad "$f: a section chains without chains"
  fi
  # every in-page link leads somewhere: href="#x" has an element with id="x", once
  for id in $(grep -o 'href="#[^"]*"' "$h" | sed 's/^href="#//; s/"$//' | sort -u); do
    n=$(grep -o "id=\"$id\"" "$h" | wc -l)
    [ "$n" -eq 1 ] || bad "$f: link #$id leads to $n elements"
  done
done
# determinism: the same command line (the report quotes it) and SOURCE_DATE_EPOCH give the same bytes
cp "$out/pass.html" "$out/pass.first.html"
run pass examples/tasksets/orin-camera-pipeline.xml examples/gpus/jetson-agx-orin.xml
cmp -s "$out/pass.html" "$out/pass.first.html" || bad "two runs with the same SOURCE_DATE_EPOCH differ"

if command -v chromium >/dev/null 2>&1; then
  abs=$(cd "$out" && pwd)
  prof=$(mktemp -d "${TMPDIR:-/tmp}/html-chromium.XXXXXX")
  trap 'rm -rf "$prof"' EXIT
  for f in pass miss system; do
    rm -f "$abs/$f.png" "$abs/$f.pdf"
    timeout 120 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars \
      --user-data-dir="$prof" --window-size=1200,3000 --screenshot="$abs/$f.png" \
      "file://$abs/$f.html" >/dev/null 2>&1 || true
    timeout 120 chromium --headless --no-sandbox --disable-gpu --user-data-dir="$prof" \
      --no-pdf-header-footer --print-to-pdf="$abs/$f.pdf" "file://$abs/$f.html" >/dev/null 2>&1 || true
    # a blank 1200x3000 page compresses to a few kB; the report's text and figures do not
    png=$(wc -c < "$abs/$f.png" 2>/dev/null || echo 0)
    [ "$png" -gt 60000 ] || bad "$f: PNG missing or blank ($png bytes)"
    pages=$(grep -a -o -E '/Type ?/Page([^s]|$)' "$abs/$f.pdf" 2>/dev/null | wc -l)
    [ "$pages" -ge 7 ] && [ "$pages" -le 40 ] || bad "$f: PDF has $pages pages (expected 7 to 40)"
    echo "html: $f.html -> $f.png ($png bytes), $f.pdf ($pages pages)"
  done
else
  echo "html: chromium not installed, rendering checks skipped"
fi
[ "$fail" -eq 0 ] && echo "html: 8 reports well-formed, self-contained, with working in-page links, deterministic"
[ "$fail" -eq 0 ]
