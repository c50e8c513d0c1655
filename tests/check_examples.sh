#!/bin/sh
# Every examples/tasksets/X.xml has X.expect beside it: `gpu=FILE` (relative to examples/) and
# `exit=N`, the verdict's exit status; optional `args=...`. Run each and compare.
set -u
bin=${1:?usage: check_examples.sh BIN}
fail=0; n=0
for ts in examples/tasksets/*.xml; do
  exp=${ts%.xml}.expect
  if [ ! -f "$exp" ]; then echo "FAIL $ts: no ${exp##*/} beside it"; fail=$((fail+1)); continue; fi
  gpu=$(sed -n 's/^gpu=//p' "$exp"); want=$(sed -n 's/^exit=//p' "$exp"); args=$(sed -n 's/^args=//p' "$exp")
  # shellcheck disable=SC2086
  "$bin" "$ts" --gpu "examples/$gpu" $args -q >/dev/null 2>/tmp/rtgpu-example.$$; got=$?
  n=$((n+1))
  if [ "$got" != "$want" ]; then
    echo "FAIL $ts: exit $got, expected $want"; sed 's/^/    /' /tmp/rtgpu-example.$$; fail=$((fail+1))
  fi
done
rm -f /tmp/rtgpu-example.$$
for g in examples/gpus/*.xml; do
  n=$((n+1))
  if ! "$bin" --validate-only --gpu "$g" >/dev/null 2>&1; then echo "FAIL $g does not validate"; fail=$((fail+1)); fi
done
echo "examples: $((n-fail)) passed, $fail failed"
[ "$fail" -eq 0 ]
