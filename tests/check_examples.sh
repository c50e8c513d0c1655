#!/bin/sh
# Every examples/tasksets/X.xml has X.expect beside it: `gpu=FILE` (relative to examples/) and
# `exit=N`, the verdict's exit status; optional `args=...`; optional `line=TEXT` entries, each a
# line the text report must contain (leading blanks ignored). Run each and compare.
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
  if grep -q '^line=' "$exp"; then
    # shellcheck disable=SC2086
    "$bin" "$ts" --gpu "examples/$gpu" $args 2>/dev/null | sed 's/^ *//' >/tmp/rtgpu-example-out.$$
    sed -n 's/^line=//p' "$exp" >/tmp/rtgpu-example-lines.$$
    while IFS= read -r l; do
      n=$((n+1))
      if ! grep -qxF -- "$l" /tmp/rtgpu-example-out.$$; then echo "FAIL $ts: no line \"$l\""; fail=$((fail+1)); fi
    done </tmp/rtgpu-example-lines.$$
  fi
done
rm -f /tmp/rtgpu-example.$$ /tmp/rtgpu-example-out.$$ /tmp/rtgpu-example-lines.$$
for g in examples/gpus/*.xml; do
  n=$((n+1))
  if ! "$bin" --validate-only --gpu "$g" >/dev/null 2>&1; then echo "FAIL $g does not validate"; fail=$((fail+1)); fi
done
echo "examples: $((n-fail)) passed, $fail failed"
[ "$fail" -eq 0 ]
