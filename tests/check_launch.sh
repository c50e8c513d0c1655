#!/bin/sh
# The --emit-launch file runs each task's program, and nothing else, whatever the task's name
# (docs/system.md sec. 6). tests/data/cli/system-hostile-names.xml names its tasks PATH=./evil,
# exit, if, -x, $(id), it's "q", a;b&c|d, *, `id` and ~root. The file is run by sh with
# stand-ins for taskset, chrt and nvtaskset first on the PATH: each logs its arguments, checks
# that they have the shape of the real tool's (taskset -c CORE, chrt -f PRIO or -o 0, nvtaskset
# -t RANGE --) and starts the rest as the real tools do (exec). Every task's program is a
# stand-in that logs its name and argument count (PATH=./evil holds a slash, so execvp(3) runs
# it as the path ./PATH=./evil, not from the PATH). ./evil holds hijackers of every tool and of id:
# none may run. The expected log is written out by hand from the task set (priority numbers
# 3, 5, 6, 7, 8, 10 of the CPU steps ranked 98 down to 93; P0 is SMs 0-9 = TPCs 0-9 on a GPU of
# one SM per TPC). A name with a line feed is refused by the loader (exit 2).
#   usage: tests/check_launch.sh BUILDDIR
set -eu
build=${1:?usage: check_launch.sh BUILDDIR}
A=$(pwd)/$build/rtgpu-analyze
src=$(pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/check_launch.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail() { echo "launch: FAIL: $*" >&2; exit 1; }
mkdir -p "$tmp/bin" "$tmp/evil" "$tmp/run"
log=$tmp/log
# log WORD ARGS...: one line, each argument in brackets
cat > "$tmp/bin/rt-log" <<'X'
#!/bin/sh
{ printf '%s' "$1"; shift; for a in "$@"; do printf ' [%s]' "$a"; done; echo; } >> "$LAUNCH_LOG"
X
cat > "$tmp/bin/taskset" <<'X'
#!/bin/sh
rt-log taskset "$@"
[ "$1" = -c ] || { rt-log BAD-TASKSET "$@"; exit 97; }
shift 2; exec "$@"
X
cat > "$tmp/bin/chrt" <<'X'
#!/bin/sh
rt-log chrt "$@"
case "$1 $2" in "-f "[1-9]*|"-o 0") ;; *) rt-log BAD-CHRT "$@"; exit 97;; esac
shift 2; exec "$@"
X
cat > "$tmp/bin/nvtaskset" <<'X'
#!/bin/sh
rt-log nvtaskset "$@"
[ "$1" = -t ] && [ "$3" = -- ] || { rt-log BAD-NVTASKSET "$@"; exit 97; }
shift 3; exec "$@"
X
cat > "$tmp/task" <<'X'
#!/bin/sh
rt-log run "${0#"$LAUNCH_BIN/"}" "$#"
X
for n in exit if -x '$(id)' "it's \"q\"" 'a;b&c|d' '*' '`id`' '~root'; do
  cp "$tmp/task" "$tmp/bin/$n"
done
for t in taskset chrt nvtaskset id; do
  printf '#!/bin/sh\nrt-log HIJACKED %s "$@"\n' "$t" > "$tmp/evil/$t"
  [ "$t" = id ] && cp "$tmp/evil/id" "$tmp/bin/id"
done
chmod +x "$tmp/bin/"* "$tmp/evil/"*
"$A" "$src/tests/data/cli/system-hostile-names.xml" --gpu "$src/tests/data/good/system-gpu.xml" \
  --emit-launch "$tmp/run/launch.sh" -q > /dev/null || fail "rtgpu-analyze exit $?"
cp -r "$tmp/evil" "$tmp/run/evil"
# a name with a slash is a path to execvp(3): PATH=./evil is the program evil in ./PATH=.
mkdir "$tmp/run/PATH=."
cp "$tmp/task" "$tmp/run/PATH=./evil"; chmod +x "$tmp/run/PATH=./evil"
(cd "$tmp/run" && PATH="$tmp/bin:$PATH" LAUNCH_BIN=$tmp/bin LAUNCH_LOG=$log timeout 20 sh launch.sh > out.txt 2>&1) \
  || fail "the launch file ended with status $? ($(cat "$tmp/run/out.txt"))"
[ ! -s "$tmp/run/out.txt" ] || fail "the launch file printed: $(cat "$tmp/run/out.txt")"
cat > "$tmp/expected" <<'X'
chrt [-o] [0] [PATH=./evil]
run [PATH=./evil] [0]
chrt [-o] [0] [exit]
run [exit] [0]
taskset [-c] [0] [chrt] [-f] [98] [if]
chrt [-f] [98] [if]
run [if] [0]
chrt [-o] [0] [nvtaskset] [-t] [0-9] [--] [-x]
nvtaskset [-t] [0-9] [--] [-x]
run [-x] [0]
taskset [-c] [1] [chrt] [-f] [97] [nvtaskset] [-t] [0-9] [--] [$(id)]
chrt [-f] [97] [nvtaskset] [-t] [0-9] [--] [$(id)]
nvtaskset [-t] [0-9] [--] [$(id)]
run [$(id)] [0]
taskset [-c] [2] [chrt] [-f] [96] [it's "q"]
chrt [-f] [96] [it's "q"]
run [it's "q"] [0]
taskset [-c] [3] [chrt] [-f] [95] [a;b&c|d]
chrt [-f] [95] [a;b&c|d]
run [a;b&c|d] [0]
taskset [-c] [3] [chrt] [-f] [94] [*]
chrt [-f] [94] [*]
run [*] [0]
chrt [-o] [0] [`id`]
run [`id`] [0]
taskset [-c] [0] [chrt] [-f] [93] [~root]
chrt [-f] [93] [~root]
run [~root] [0]
X
cmp -s "$tmp/expected" "$log" || { diff "$tmp/expected" "$log" >&2 || true; fail "the log differs"; }
# a line feed in a name: refused where it is read, nothing written
printf '<taskset name="nl"><kernel name="K" time="1us" bw-gbps="1" kai="1"/><task name="a&#10;exit" period="1ms"><cpu core="0" wcet="1us"/></task></taskset>\n' \
  > "$tmp/nl.xml"
st=0
"$A" "$tmp/nl.xml" --gpu "$src/tests/data/good/system-gpu.xml" --emit-launch "$tmp/nl.sh" \
  -q 2> "$tmp/nl.err" || st=$?
[ "$st" -eq 2 ] || fail "a name with a line feed: exit $st, not 2"
grep -q "nl.xml:1: .*name contains a control character" "$tmp/nl.err" || fail "a name with a line feed: $(cat "$tmp/nl.err")"
[ ! -e "$tmp/nl.sh" ] || fail "a name with a line feed: the launch file was written"
echo "launch: 10 hostile task names, each started with its own line and nothing else run"
