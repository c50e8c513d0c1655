#!/bin/sh
# Control characters in paths never reach an output raw (docs/formats.md, "Text outputs"): the
# inputs are copied into a folder whose name holds LF, CR, ESC and 0x01 and a forged line
# ("ev<LF>FORGED: line<CR><ESC>[31mX<0x01>"), and every output of every command (analyze text,
# JSON, HTML, --emit-taskset, --emit-partitions of each kind, --write-lp; simulate text, JSON
# with the trace, CSV, SVG, and the placement's text, JSON and SVG; explore sweep JSON lines,
# CSV and plot, shards and merge, plot, split, coschedule, mct) and standard error are checked:
# no line starts with FORGED, and no byte is a control character other than LF and tab. The
# outputs that show the path must show it escaped (\x0a...). Names inside the files cannot hold
# control characters (the loaders refuse them), so paths are what is left to forge with.
#   usage: tests/check_escape.sh BUILDDIR
set -eu
build=${1:?usage: check_escape.sh BUILDDIR}
B=$(pwd)/$build
src=$(pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/check_escape.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail() { echo "escape: FAIL: $*" >&2; exit 1; }
d="$tmp/$(printf 'ev\nFORGED: line\r\033[31mX\001')"
mkdir -p "$d" "$tmp/out"
cp -r "$src"/examples/gpus "$src"/examples/tasksets "$d/"
o=$tmp/out
TS="$d/tasksets/gilman-2080ti.xml"; G="$d/gpus/rtx2080ti.xml"
PT="$d/tasksets/gilman-placement-2080ti.xml"
mkdir -p "$d/explore"
# a sweep of 8 points; bad.xml: 40 partitions on 30 SMs, every point an error naming the GPU path
cat > "$d/explore/small.xml" <<'X'
<?xml version="1.0" encoding="UTF-8"?>
<explore name="small">
  <base gpu="../gpus/rtx2060.xml"/>
  <generate sets="2" tasks="3" utilization="0.2:0.4:0.2" kernels="../tasksets/paper-kernels.xml"
            partitions="2" seed="1" periods="1ms:100ms"/>
  <vary param="interference" values="masola none"/>
</explore>
X
sed 's/partitions="2"/partitions="40"/' "$d/explore/small.xml" > "$d/explore/bad.xml"
A=$B/rtgpu-analyze; S=$B/rtgpu-simulate; X=$B/rtgpu-explore
{
  "$A" "$TS" --gpu "$G" > $o/an.txt
  "$A" "$TS" --gpu "$G" -v > $o/an-v.txt
  "$A" "$TS" --gpu "$G" --format json > $o/an.json
  "$A" "$TS" --gpu "$G" --format html > $o/an.html
  "$A" "$TS" --gpu "$G" --emit-taskset $o/emit.xml > /dev/null
  for m in json libsmctrl nvtaskset green-contexts; do
    "$A" "$TS" --gpu "$G" --emit-partitions $m -O $o/dep.$m > /dev/null
  done
  "$A" "$TS" --gpu "$G" --assign search --write-lp $o/w.lp > /dev/null
  "$S" "$TS" --gpu "$G" > $o/sim.txt
  "$S" "$TS" --gpu "$G" --format json --trace > $o/sim.json
  "$S" "$TS" --gpu "$G" --format csv > $o/sim.csv
  "$S" "$TS" --gpu "$G" --format svg > $o/sim.svg
  for f in text json svg; do
    "$S" "$PT" --gpu "$G" --scenario colocated --format $f > $o/pl.$f
  done
  "$X" sweep "$d/explore/small.xml" -o $o/sw.jsonl --plot $o/sw.svg -q
  "$X" sweep "$d/explore/small.xml" -o $o/sw.csv -q
  "$X" sweep "$d/explore/bad.xml" -o $o/bad.csv -q
  "$X" sweep "$d/explore/bad.xml" -o $o/bad.jsonl -q
  "$X" sweep "$d/explore/small.xml" --shard 1/2 -o $o/p1.jsonl -q
  "$X" sweep "$d/explore/small.xml" --shard 2/2 -o $o/p2.jsonl -q
  "$X" merge $o/p1.jsonl $o/p2.jsonl -o $o/merged.jsonl
  "$X" plot "$d/explore/small.xml" $o/sw.jsonl -o $o/plot.svg
  for f in text json svg; do
    "$X" split "$d/tasksets/kernelmerge-fig6.xml" --gpu "$d/gpus/gtx460-kernelmerge.xml" \
      --pair A,B --format $f > $o/split.$f
  done
  for f in text json; do
    "$X" coschedule "$d/tasksets/janzen-k20.xml" --gpu "$d/gpus/tesla-k20.xml" --kernel SYN \
      --partitions 2,3 --format $f > $o/co.$f
    "$X" mct "$d/tasksets/janzen-k20.xml" --gpu "$d/gpus/tesla-k20.xml" --format $f > $o/mct.$f
  done
  # messages that name paths
  "$X" sweep "$d/none.xml" -o $o/none.jsonl || true
  "$X" merge "$d/none.jsonl" -o $o/none2.jsonl || true
  "$S" "$PT" --gpu "$G" --scenario none || true
  "$A" "$d/none.xml" --gpu "$G" || true
} 2> $tmp/stderr
mv $tmp/stderr $o/stderr
n=0
for f in $o/*; do
  [ "$(grep -c '^FORGED' "$f")" -eq 0 ] || fail "$(basename "$f"): a line starts with the forged text"
  c0=$(LC_ALL=C tr -d '\n\t' < "$f" | LC_ALL=C tr -dc '\000-\037\177' | wc -c)
  [ "$c0" -eq 0 ] || fail "$(basename "$f"): $c0 control characters"
  n=$((n + 1))
done
for f in an.txt pl.text bad.csv stderr; do
  grep -q 'ev\\x0aFORGED: line\\x0d\\x1b\[31mX\\x01/' $o/$f || fail "$f: the path is not shown escaped"
done
grep -q 'ev\\nFORGED' $o/bad.jsonl || fail "bad.jsonl: the path is not in the error"
[ "$(wc -l < $o/bad.csv)" -eq 9 ] || fail "bad.csv: not a header and 8 records"
echo "escape: $n outputs with a path holding LF, CR, ESC and 0x01: no control character, no forged line"
