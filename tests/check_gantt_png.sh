#!/bin/sh
# Render an SVG Gantt chart to PNG with headless Chromium (Debian package `chromium`) and check
# that a picture came out: tests/check_gantt_png.sh CHART.svg OUT.png [WIDTHxHEIGHT]
# Without chromium this prints a notice and succeeds: the picture is a manual check of the
# design (lanes, colours, legend, axis, miss markers), not a build requirement.
set -eu
if [ $# -lt 2 ]; then
  echo "usage: $0 CHART.svg OUT.png [WIDTHxHEIGHT]" >&2
  exit 2
fi
svg=$1; png=$2; size=${3:-1200x600}
if ! command -v chromium >/dev/null 2>&1; then
  echo "gantt png: chromium not installed, skipped"
  exit 0
fi
[ -f "$svg" ] || { echo "gantt png: $svg: no such file" >&2; exit 1; }
# Chromium renders a malformed file as its own error page, which would pass the size check.
if command -v xmllint >/dev/null 2>&1 && ! xmllint --noout --nonet "$svg"; then
  echo "gantt png: $svg is not well-formed XML" >&2
  exit 1
fi
# Chromium wants absolute paths for both the page and the screenshot.
abs() { case $1 in /*) printf '%s\n' "$1";; *) printf '%s/%s\n' "$(pwd)" "$1";; esac; }
svg_abs=$(abs "$svg"); png_abs=$(abs "$png")
w=${size%x*}; h=${size#*x}
rm -f "$png_abs"
# A private profile directory, so that no running browser or earlier profile is touched.
prof=$(mktemp -d "${TMPDIR:-/tmp}/gantt-chromium.XXXXXX")
trap 'rm -rf "$prof"' EXIT
timeout 120 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --user-data-dir="$prof" \
  --screenshot="$png_abs" --window-size="$w,$h" "file://$svg_abs" >/dev/null 2>&1 || true
if [ ! -f "$png_abs" ]; then
  echo "gantt png: chromium wrote no $png" >&2
  exit 1
fi
bytes=$(wc -c < "$png_abs")
if [ "$(od -An -tx1 -N8 "$png_abs" | tr -d ' \n')" != 89504e470d0a1a0a ]; then
  echo "gantt png: $png is not a PNG" >&2
  exit 1
fi
# A blank page is about 3.5 KB, the smallest chart (two bars) about 20 KB.
if [ "$bytes" -lt 8192 ]; then
  echo "gantt png: $png is only $bytes bytes: nothing drawn?" >&2
  exit 1
fi
echo "gantt png: $png ($bytes bytes)"
