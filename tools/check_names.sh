#!/bin/sh
# A name says where it lives (docs/architecture.md, "Names"): every function or variable that a
# file D/S.c of src/ exports
#   - begins with its stem S, or with rt_S (the library's namespace) or, in explore/, xp_S, or
#     in cli/, cli_S; followed by "_" or nothing (rt_taskset_load in taskset_load.c,
#     interference_eval in interference.c); src/rtgpu.c exports rtgpu_*, the commands main;
#   - is declared in the same-named header D/S.h (so a header is implemented by its own .c);
# and a header D/S.h without a D/S.c declares no function (only types, macros, static inline).
# Reads the objects of BUILD (default build, made by make); prints each offence and fails if any.
set -u
build=${1:-build}
bad=/tmp/rtgpu-names.$$
: > "$bad"
for f in src/*/*.c src/rtgpu.c; do
  o=$build/${f%.c}.o
  if [ ! -f "$o" ]; then echo "$f: no object $o (run make first)" >> "$bad"; continue; fi
  dir=${f#src/}; dir=${dir%%/*}; stem=$(basename "$f" .c); h=${f%.c}.h
  nm -g --defined-only "$o" | awk '$2 ~ /^[TDBRC]$/ {print $3}' | while read -r s; do
    case $dir:$stem:$s in
      cli:analyze:main|cli:simulate:main|cli:explore:main) continue;;
      rtgpu.c:rtgpu:rtgpu_*) ;;
      *:"$stem":"$stem"|*:"$stem":"$stem"_*|*:"$stem":rt_"$stem"|*:"$stem":rt_"$stem"_*) ;;
      explore:"$stem":xp_"$stem"|explore:"$stem":xp_"$stem"_*) ;;
      cli:"$stem":cli_"$stem"|cli:"$stem":cli_"$stem"_*) ;;
      *) echo "$f: exports $s (names of $stem.c begin with $stem)" >> "$bad"; continue;;
    esac
    grep -Eq "(^|[^A-Za-z0-9_])$s([^A-Za-z0-9_]|\$)" "$h" 2>/dev/null ||
      echo "$f: exports $s, which $h does not declare" >> "$bad"
  done
done
for h in src/*/*.h; do
  [ -f "${h%.h}.c" ] && continue
  # a prototype: a line that opens a declaration "type name(" at column 0 and is not inline
  grep -nE '^[a-z][a-z0-9_ ]*[ *]+[a-z_][a-z0-9_]*\(' "$h" | grep -v 'static inline' |
    grep -v '^[0-9]*:\(typedef\|return\|if\|for\|while\) ' | while IFS= read -r hit; do
      echo "$h:${hit%%:*}: declares a function but there is no ${h%.h}.c" >> "$bad"
    done
done
n=$(wc -l < "$bad")
if [ "$n" -gt 0 ]; then cat "$bad"; echo "check_names: $n offences"; rm -f "$bad"; exit 1; fi
rm -f "$bad"
echo "check_names: every exported name begins with its file's stem and is declared in its header"
