#!/bin/sh
# Install into a DESTDIR and build a client program against the installed library,
# found through its pkg-config file only (no -I or -L into the source tree). Then run it.
set -eu
root=$(mktemp -d "${TMPDIR:-/tmp}/rtgpu-install.XXXXXX")
trap 'rm -rf "$root"' EXIT
# BUILD and SANFLAGS come from make (the asan build installs a sanitized library: the client must
# link with the same -fsanitize flags).
MAKEFLAGS= make -s install BUILD="${BUILD:-build}" SANITIZE="${SANITIZE:-}" DESTDIR="$root" \
  PREFIX=/opt/rtgpu >/dev/null
# The client uses the installed API only (rtgpu.h, docs/architecture.md "The installed API"):
# load exp4 and the RTX 2060, analyse the task set's own layout, print the verdict, the
# partitions and each task's WCRT.
cat > "$root/client.c" <<'C'
#include <rtgpu.h>
#include <inttypes.h>
#include <stdio.h>
int main(int argc, char **argv)
{
    if (argc != 3)
        return 2;
    rtgpu_diags *d = rtgpu_diags_new();
    rtgpu_taskset *ts = rtgpu_taskset_load(argv[1], d);
    rtgpu_gpu *gpu = rtgpu_gpu_load(argv[2], d);
    rtgpu_result *r = rtgpu_analyse(ts, gpu, NULL, d);
    for (size_t i = 0; i < rtgpu_diags_count(d); i++)
        fprintf(stderr, "%s:%ld: %s: %s\n", rtgpu_diag_file(d, i), rtgpu_diag_line(d, i),
                rtgpu_severity_name(rtgpu_diag_severity(d, i)), rtgpu_diag_message(d, i));
    int verdict = (int)rtgpu_result_verdict(r);
    printf("verdict %d\n", verdict);
    for (size_t j = 0; j < rtgpu_result_partitions(r); j++)
        printf("%s %" PRId64 " SMs\n", rtgpu_result_partition_name(r, j),
               rtgpu_result_partition_sms(r, j));
    for (size_t i = 0; i < rtgpu_result_tasks(r); i++)
        printf("%s %s R %.4f ms D %.4f ms %s\n", rtgpu_result_task_name(r, i),
               rtgpu_result_partition_name(r, (size_t)rtgpu_result_task_partition(r, i)),
               (double)rtgpu_result_task_wcrt_ns(r, i) / 1e6,
               (double)rtgpu_result_task_deadline_ns(r, i) / 1e6,
               rtgpu_result_task_status(r, i) == RTGPU_TASK_SCHEDULABLE ? "ok" : "not ok");
    rtgpu_result_free(r);
    rtgpu_gpu_free(gpu);
    rtgpu_taskset_free(ts);
    rtgpu_diags_free(d);
    return verdict;
}
C
# The installed rtgpu.pc, with its prefix moved to where DESTDIR put it (libxml2 and jansson are
# found where the system has them).
mkdir "$root/pc"
sed "s|^prefix=.*|prefix=$root/opt/rtgpu|" "$root/opt/rtgpu/lib/pkgconfig/rtgpu.pc" > "$root/pc/rtgpu.pc"
export PKG_CONFIG_PATH="$root/pc"
pc=pkg-config
# shellcheck disable=SC2046
${CC:-cc} -std=c11 -Wall -Werror ${SANFLAGS:-} $($pc --cflags rtgpu) -o "$root/client" "$root/client.c" \
  $($pc --libs rtgpu)
ex="$root/opt/rtgpu/share/rtgpu/examples"
got=$("$root/client" "$ex/tasksets/paper-exp4.xml" "$ex/gpus/rtx2060.xml") || true
# The header is C++-clean (extern "C"), where a C++ compiler is installed.
if command -v "${CXX:-c++}" >/dev/null 2>&1; then
  printf '#include <rtgpu.h>\nint main() { rtgpu_diags_free(rtgpu_diags_new()); }\n' > "$root/client.cc"
  # shellcheck disable=SC2046
  "${CXX:-c++}" -Wall -Werror -fsyntax-only $($pc --cflags rtgpu) "$root/client.cc"
fi
for f in bin/rtgpu-analyze lib/librtgpu.a lib/pkgconfig/rtgpu.pc include/rtgpu/rtgpu.h \
         share/man/man1/rtgpu-analyze.1 share/doc/rtgpu/architecture.md \
         share/rtgpu/examples/gpus/rtx2060.xml share/rtgpu/schemas/taskset.xsd \
         bin/rtgpu-explore share/man/man1/rtgpu-explore.1 share/rtgpu/schemas/explore.xsd \
         share/rtgpu/examples/explore/acceptance.xml share/rtgpu/schemas/analyze.schema.json \
         share/rtgpu/schemas/sweep.schema.json; do
  [ -f "$root/opt/rtgpu/$f" ] || { echo "install: $f missing"; exit 1; }
done
# Expected, from the hand calculation in paper-exp4.xml's header (docs/model.md, worst-case
# windows, margin 0.2): each task alone in its 15-SM partition, so R = its WCET: COPY 1.8243 ms,
# SAXPY 1.5032 ms; deadline = period = 2 ms; both hold, verdict 0 (paper-exp4.expect: exit=0).
want="verdict 0
P0 15 SMs
P1 15 SMs
copy P0 R 1.8243 ms D 2.0000 ms ok
saxpy P1 R 1.5032 ms D 2.0000 ms ok"
[ "$got" = "$want" ] || { printf 'install: client printed\n%s\nexpected\n%s\n' "$got" "$want"; exit 1; }
# Only the API is installed: one header, and an archive whose only global symbols are rtgpu_.
hdrs=$(cd "$root/opt/rtgpu/include" && find . -type f | sort)
[ "$hdrs" = "./rtgpu/rtgpu.h" ] || { echo "install: headers other than rtgpu.h: $hdrs"; exit 1; }
others=$(nm -g --defined-only "$root/opt/rtgpu/lib/librtgpu.a" | awk 'NF == 3 && $3 !~ /^rtgpu_/')
[ -z "$others" ] || { printf 'install: librtgpu.a exports non-API symbols:\n%s\n' "$others"; exit 1; }
echo "install: client built with pkg-config against DESTDIR and ran (exp4: verdict 0, copy 1.8243 ms, saxpy 1.5032 ms)"
# The library is a door like rtgpu-analyze (docs/architecture.md, "The verdict pipeline"): on
# every bundled example that rtgpu-analyze analyses (its first .expect; --gpu-preemption kernel
# where it says so), the installed library gives the installed command's verdict and every figure
# of its JSON report: partitions, each task's R and status, each step's O, J and R, each chain's
# binding bounds, their analyses and its verdict (tests/library_door.c, tests/library_vs_cli.py).
# shellcheck disable=SC2046
${CC:-cc} -std=c11 -Wall -Werror ${SANFLAGS:-} $($pc --cflags rtgpu) -o "$root/door" \
  tests/library_door.c $($pc --libs rtgpu)
n=0; figures=0
for ts in "$ex"/tasksets/*.xml; do
  exp=${ts%.xml}.expect
  [ -z "$(sed -n 's/^cmd=//p' "$exp")" ] || continue
  gpu="$ex/$(sed -n 's/^gpu=//p' "$exp")"; args=$(sed -n 's/^args=//p' "$exp")
  kernel=; case $args in *"--gpu-preemption kernel"*) kernel=kernel;; esac
  st=0
  # shellcheck disable=SC2086
  "$root/opt/rtgpu/bin/rtgpu-analyze" "$ts" --gpu "$gpu" ${kernel:+--gpu-preemption kernel} \
    --format json > "$root/cli.json" 2>/dev/null || st=$?
  "$root/door" "$ts" "$gpu" $kernel > "$root/lib.json" 2>/dev/null || true
  got=$(python3 tests/library_vs_cli.py "${ts##*/}" "$root/lib.json" "$root/cli.json" "$st") ||
    { echo "$got"; exit 1; }
  n=$((n + 1)); figures=$((figures + got))
done
echo "library: $n examples, the command's verdict and $figures figures of its JSON each equal"
