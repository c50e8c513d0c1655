#!/bin/sh
# Every examples/tasksets/X.xml has X.expect beside it, and may have more runs as X.NAME.expect.
# Each expect file: `gpu=FILE` (relative to examples/) and `exit=N`, the exit status; optional
# `cmd=simulate` (run rtgpu-simulate, beside BIN, instead of rtgpu-analyze); optional
# `args=...`; optional `line=TEXT` entries, each a line the text output must contain (leading
# blanks ignored); optional `flows=holistic`: the run is a whole system or --gpu-preemption
# kernel (docs/system.md), which --emit-taskset refuses, so it has no round trip. Run each and compare. Then every task set whose first run is an analysis that
# ends with a verdict (exit 0 or 1) goes round through --emit-taskset: the emitted file must load
# and give the same exit status (docs/rtgpu-analyze.1, --emit-taskset).
set -u
bin=${1:?usage: check_examples.sh BIN}
fail=0; n=0
check_one() {   # $1: task set, $2: expect file
  ts=$1; exp=$2
  gpu=$(sed -n 's/^gpu=//p' "$exp"); want=$(sed -n 's/^exit=//p' "$exp"); args=$(sed -n 's/^args=//p' "$exp")
  cmd=$(sed -n 's/^cmd=//p' "$exp"); run=$bin
  [ "$cmd" = simulate ] && run=$(dirname "$bin")/rtgpu-simulate
  # shellcheck disable=SC2086
  "$run" "$ts" --gpu "examples/$gpu" $args -q >/dev/null 2>/tmp/rtgpu-example.$$; got=$?
  n=$((n+1))
  if [ "$got" != "$want" ]; then
    echo "FAIL $exp: exit $got, expected $want"; sed 's/^/    /' /tmp/rtgpu-example.$$; fail=$((fail+1))
  fi
  if grep -q '^line=' "$exp"; then
    # shellcheck disable=SC2086
    "$run" "$ts" --gpu "examples/$gpu" $args 2>/dev/null | sed 's/^ *//' >/tmp/rtgpu-example-out.$$
    sed -n 's/^line=//p' "$exp" >/tmp/rtgpu-example-lines.$$
    while IFS= read -r l; do
      n=$((n+1))
      if ! grep -qxF -- "$l" /tmp/rtgpu-example-out.$$; then echo "FAIL $exp: no line \"$l\""; fail=$((fail+1)); fi
    done </tmp/rtgpu-example-lines.$$
  fi
}
emitted=/tmp/rtgpu-example-emit.$$.xml
round_trip() {   # $1: task set, $2: its expect file
  ts=$1; exp=$2
  gpu=$(sed -n 's/^gpu=//p' "$exp"); want=$(sed -n 's/^exit=//p' "$exp"); args=$(sed -n 's/^args=//p' "$exp")
  [ -z "$(sed -n 's/^cmd=//p' "$exp")" ] || return 0
  [ -z "$(sed -n 's/^flows=//p' "$exp")" ] || return 0
  [ "$want" = 0 ] || [ "$want" = 1 ] || return 0
  n=$((n+1)); rm -f "$emitted"
  # shellcheck disable=SC2086
  "$bin" "$ts" --gpu "examples/$gpu" $args -q --emit-taskset "$emitted" >/dev/null 2>&1; got=$?
  if [ "$got" != "$want" ] || [ ! -f "$emitted" ]; then
    echo "FAIL $ts --emit-taskset: exit $got, expected $want, file written: $([ -f "$emitted" ] && echo yes || echo no)"
    fail=$((fail+1)); return 0
  fi
  # the emitted file fixes the layout and the priorities: analysed as given
  "$bin" "$emitted" --gpu "examples/$gpu" -q >/dev/null 2>/tmp/rtgpu-example.$$; got=$?
  if [ "$got" != "$want" ]; then
    echo "FAIL $ts emitted again: exit $got, expected $want"; sed 's/^/    /' /tmp/rtgpu-example.$$; fail=$((fail+1))
  fi
}
for ts in examples/tasksets/*.xml; do
  exp=${ts%.xml}.expect
  if [ ! -f "$exp" ]; then echo "FAIL $ts: no ${exp##*/} beside it"; fail=$((fail+1)); continue; fi
  check_one "$ts" "$exp"
  round_trip "$ts" "$exp"
  for more in "${ts%.xml}".*.expect; do
    [ -f "$more" ] && check_one "$ts" "$more"
  done
done
rm -f /tmp/rtgpu-example.$$ /tmp/rtgpu-example-out.$$ "$emitted" /tmp/rtgpu-example-lines.$$
for g in examples/gpus/*.xml; do
  n=$((n+1))
  if ! "$bin" --validate-only --gpu "$g" >/dev/null 2>&1; then echo "FAIL $g does not validate"; fail=$((fail+1)); fi
done
echo "examples: $((n-fail)) passed, $fail failed"
[ "$fail" -eq 0 ]
