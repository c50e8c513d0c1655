#!/bin/sh
# Install what rtgpu needs on Debian/Ubuntu (build tools, libxml2, GLPK, CUnit, jansson, valgrind;
# chromium renders the SVG checks, GNU parallel runs the sharded rtgpu-explore check; clang with
# its libFuzzer runtime builds make fuzz, clang-tidy runs make analyze; python3-jsonschema validates
# the JSON outputs against schemas/*.schema.json in make check).
set -eu
SUDO=
if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends \
  gcc make pkg-config libc6-dev libxml2-dev libglpk-dev libcunit1-dev libjansson-dev \
  valgrind libxml2-utils chromium parallel clang clang-tidy libclang-rt-dev \
  python3 python3-jsonschema >/dev/null
echo "rtgpu: dependencies installed"
