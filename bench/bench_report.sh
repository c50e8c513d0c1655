#!/bin/sh
# bench_report: the memory of a large JSON report (issue 17: under 200 MB for 1,000 kernels on a
# 4,096-SM GPU). The task set and GPU are generated here (N kernels with a launch each, N tasks,
# two partitions of SMS/2 SMs); the report is written with -o to a file in BENCHDIR, then removed.
#
# usage: sh bench/bench_report.sh BIN BENCHDIR    environment: N (default 1000), SMS (default 4096)
# Peak resident memory (getrusage, bench/maxrss.c) of the analysis alone (-q, text: no report
# but the verdict line), of the whole run with the JSON report, and their difference: what the
# report itself costs. The report streams (report/jw.c), so its cost should stay near zero.
set -eu
bin=${1:?usage: bench_report.sh BIN BENCHDIR}
dir=${2:?}
n=${N:-1000}
sms=${SMS:-4096}
rss=$dir/maxrss
if [ ! -x "$rss" ]; then echo "bench_report: $rss is missing (make bench builds it)" >&2; exit 2; fi
work=$dir/report-bench
mkdir -p "$work"
cat > "$work/gpu.xml" <<G
<?xml version="1.0" encoding="UTF-8"?>
<gpu name="wide" sms="$sms" clock-mhz="1000" l2-banks="64" bw-nominal-gbps="1000"
     bw-effective-gbps="900" partition-granularity="1">
  <sm threads="1024" blocks="16" warps="32" registers="65536" shared-memory="65536"/>
</gpu>
G
awk -v n="$n" -v sms="$sms" 'BEGIN {
  print "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"; print "<taskset name=\"wide\">"
  for (i = 0; i < n; i++)
    printf "  <kernel name=\"K%d\" cycles=\"%d\" bw-gbps=\"%d\" kai=\"1\"><launch grid=\"%d\" block=\"128\" shared-memory=\"0\"/></kernel>\n", i, 1000 + i, 1 + i % 50, 64 + i
  for (i = 0; i < n; i++) printf "  <task name=\"t%d\" period=\"1s\"><run kernel=\"K%d\"/></task>\n", i, i
  for (p = 0; p < 2; p++) {
    printf "  <partition name=\"P%d\" sms=\"%d\">\n", p, sms / 2
    for (i = p; i < n; i += 2) printf "    <task-ref name=\"t%d\"/>\n", i
    print "  </partition>"
  }
  print "</taskset>" }' > "$work/ts.xml"
field() { sed -n "s/.*$1=\([0-9.]*\).*/\1/p" "$2"; }
"$rss" "$bin" "$work/ts.xml" --gpu "$work/gpu.xml" -q >/dev/null 2>"$work/a.txt" || true
"$rss" "$bin" "$work/ts.xml" --gpu "$work/gpu.xml" --format json -o "$work/report.json" \
  >/dev/null 2>"$work/j.txt" || true
bytes=$(wc -c < "$work/report.json" 2>/dev/null || echo 0)
rm -f "$work/report.json"
a=$(field maxrss_kb "$work/a.txt"); j=$(field maxrss_kb "$work/j.txt")
printf '%-48s %9s %12s %12s %12s %8s\n' "json report -o FILE" "size MB" "analysis MB" \
  "total MB" "report's MB" "wall s"
echo "$n $sms $bytes $a $j $(field wall_s "$work/j.txt")" | awk '{
  printf "%-48s %9.0f %12.1f %12.1f %12.1f %8.2f\n",
    sprintf("%d kernels x %d SMs (target: total < 200 MB)", $1, $2), $3 / 1e6, $4 / 1024,
    $5 / 1024, ($5 - $4) / 1024, $6 }'
