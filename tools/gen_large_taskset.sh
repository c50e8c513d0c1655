#!/bin/sh
# gen_large_taskset: write a large task set of one shape to standard output, for measuring what
# the default work budget bounds (docs/analysis.md, "Choice (work budget)", the table of shapes).
# For the RTX 2060 of examples/gpus/rtx2060.xml (30 SMs).
#
# usage: sh tools/gen_large_taskset.sh SHAPE N > FILE.xml
#   tasks N       N tasks in 10 partitions of 3 SMs, each task running one of 4 kernels, periods
#                 10 s .. 10 s + N us (distinct: deadline-monotonic priorities), utilisation below 1:
#                 many tasks, few kernels;
#   tasks1 N      the same in one partition of 30 SMs (every task is in hp of the later ones);
#   runs N        100 tasks in 10 partitions, each running N / 100 launches of 4 kernels in turn:
#                 few tasks, many kernels (launches);
#   kernels N     N distinct kernels, one task each, in 10 partitions: many distinct kernels;
#   scenarios N   the tasks shape with N / 10 tasks, and N / 10 <scenario> elements of the 4
#                 kernels: many scenarios (read and checked by every command).
set -eu
shape=${1:?usage: gen_large_taskset.sh SHAPE N}
n=${2:?usage: gen_large_taskset.sh SHAPE N}
awk -v shape="$shape" -v n="$n" 'BEGIN {
  print "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
  print "<taskset name=\"large-" shape "\">"
  nk = shape == "kernels" ? n : 4
  for (k = 0; k < nk; k++)
    printf "  <kernel name=\"k%d\" time=\"%dus\" bw-gbps=\"%d\" kai=\"1\"><launch grid=\"60\" " \
           "block=\"256\" registers=\"32\" shared-memory=\"0\" block-time=\"%dus\"/></kernel>\n",
           k, 2 + k % 4, 10 + k % 50, 2 + k % 4
  nt = shape == "runs" ? 100 : shape == "scenarios" ? int(n / 10) : n
  one = shape == "tasks1"
  if (one) shape = "tasks"
  if (shape != "tasks" && shape != "runs" && shape != "kernels" && shape != "scenarios") {
    print "gen_large_taskset: unknown shape " shape > "/dev/stderr"; exit 2
  }
  runs = shape == "runs" ? int(n / 100) : 1
  for (t = 0; t < nt; t++) {
    printf "  <task name=\"t%d\" period=\"%dus\">", t, 10000000 + t
    for (r = 0; r < runs; r++)
      printf "<run kernel=\"k%d\"/>", shape == "kernels" ? t : (t + r) % 4
    print "</task>"
  }
  np = one ? 1 : 10
  for (p = 0; p < np; p++) {
    printf "  <partition name=\"P%d\" sms=\"%d\">\n", p, 30 / np
    for (t = p; t < nt; t += np)
      printf "    <task-ref name=\"t%d\"/>\n", t
    print "  </partition>"
  }
  if (shape == "scenarios")
    for (s = 0; s < int(n / 10); s++)
      printf "  <scenario name=\"s%d\"><submit kernel=\"k%d\" at=\"0us\"/><submit kernel=\"k%d\" " \
             "at=\"%dus\"/></scenario>\n", s, s % 4, (s + 1) % 4, s % 7
  print "</taskset>"
}'
