#!/bin/sh
# Install into a DESTDIR and build a three-line client program against the installed library,
# found through its pkg-config file only (no -I or -L into the source tree). Then run it.
set -eu
root=$(mktemp -d "${TMPDIR:-/tmp}/rtgpu-install.XXXXXX")
trap 'rm -rf "$root"' EXIT
# BUILD and SANFLAGS come from make (the asan build installs a sanitized library: the client must
# link with the same -fsanitize flags).
MAKEFLAGS= make -s install BUILD="${BUILD:-build}" SANITIZE="${SANITIZE:-}" DESTDIR="$root" \
  PREFIX=/opt/rtgpu >/dev/null
cat > "$root/client.c" <<'C'
#include <rtgpu.h>
#include <stdio.h>
int main(int argc, char **argv) { rt_diags *d = rt_diags_new(8); rt_taskset *ts = argc > 1 ? rt_taskset_load(argv[1], d) : NULL; printf("%zu tasks\n", ts ? ts->n_tasks : 0); rt_taskset_free(ts); rt_diags_free(d); return 0; }
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
got=$("$root/client" "$root/opt/rtgpu/share/rtgpu/examples/tasksets/paper-exp4.xml")
for f in bin/rtgpu-analyze lib/librtgpu.a lib/pkgconfig/rtgpu.pc include/rtgpu/rtgpu.h \
         share/man/man1/rtgpu-analyze.1 share/doc/rtgpu/architecture.md \
         share/rtgpu/examples/gpus/rtx2060.xml share/rtgpu/schemas/taskset.xsd \
         bin/rtgpu-explore share/man/man1/rtgpu-explore.1 share/rtgpu/schemas/explore.xsd \
         share/rtgpu/examples/explore/acceptance.xml; do
  [ -f "$root/opt/rtgpu/$f" ] || { echo "install: $f missing"; exit 1; }
done
[ "$got" = "2 tasks" ] || { echo "install: client printed '$got', expected '2 tasks' (paper-exp4 has copy and saxpy)"; exit 1; }
echo "install: client built with pkg-config against DESTDIR and ran ($got)"
