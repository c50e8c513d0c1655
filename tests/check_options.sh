#!/bin/sh
# The options that --help lists and those the man page's OPTIONS describe must be the same set,
# for each command (rtgpu-explore: its --help and the --help of split, coschedule and mct,
# against every OPTIONS section of docs/rtgpu-explore.1). Options are read from the help lines
# that start with "  -" and from the .TP headings of the man page. Exit 1 and name each option
# found on one side only.
# Usage: sh tests/check_options.sh BUILD_DIR
set -u
B=${1:-build}
T=$(mktemp -d) || exit 2
trap 'rm -rf "$T"' EXIT
status=0

# Option names on stdin's lines: -x and --long-name tokens that start a word.
opts_of() {
    sed 's/\\f[RBIP]//g; s/\\-/-/g' | grep -oE '(^|[ ,|"(])--?[A-Za-z][A-Za-z0-9-]*' |
        sed 's/^[ ,|"(]*//' | sort -u
}

help_opts() {   # PROG [SUBCOMMANDS...]
    prog=$1; shift
    { "$B/$prog" --help; for sub in "$@"; do "$B/$prog" "$sub" --help; done; } |
        grep -E '^  -' | opts_of
}

man_opts() {    # MAN: the heading line after each .TP in a section named ...OPTIONS
    awk '/^\.SH/ { inopt = ($0 ~ /OPTIONS/) ; next }
         inopt && tp { print; tp = 0; next }
         inopt && /^\.TP/ { tp = 1 }' "$1" | opts_of
}

check() {       # PROG MAN [SUBCOMMANDS...]
    prog=$1 man=$2; shift 2
    help_opts "$prog" "$@" >"$T/help" || { echo "check_options: $prog --help failed"; status=1; }
    man_opts "$man" >"$T/man"
    if [ ! -s "$T/help" ] || [ ! -s "$T/man" ]; then
        echo "check_options: no options read for $prog"; status=1; return
    fi
    for o in $(comm -23 "$T/help" "$T/man"); do
        echo "check_options: $prog --help lists $o, $man does not"; status=1
    done
    for o in $(comm -13 "$T/help" "$T/man"); do
        echo "check_options: $man lists $o, $prog --help does not"; status=1
    done
}

# Exit statuses: the digits that open a clause of --help's "Exit status:" paragraph (up to the
# first blank line) and the .B headings of the man page's EXIT STATUS section.
help_status() {
    "$B/$1" --help | awk '/^Exit status:/ { on = 1 } on && /^$/ { on = 0 } on' | tr '\n' ' ' |
        grep -oE '(:|;|,) [0-9]( |$)' | grep -oE '[0-9]' | sort -u
}
man_status() {
    awk '/^\.SH/ { on = ($0 ~ /EXIT STATUS/); next } on && /^\.B [0-9]/ { print $2 }' "$1" |
        sort -u
}
check_status() {  # PROG MAN
    help_status "$1" >"$T/hs"; man_status "$2" >"$T/ms"
    if ! cmp -s "$T/hs" "$T/ms"; then
        echo "check_options: $1 --help gives exit statuses $(tr '\n' ' ' <"$T/hs")but $2 gives" \
             "$(tr '\n' ' ' <"$T/ms")"; status=1
    fi
}

check rtgpu-analyze docs/rtgpu-analyze.1
check rtgpu-simulate docs/rtgpu-simulate.1
check_status rtgpu-analyze docs/rtgpu-analyze.1
check_status rtgpu-simulate docs/rtgpu-simulate.1
check rtgpu-explore docs/rtgpu-explore.1 split coschedule mct
[ $status -eq 0 ] && echo "check_options: --help and the man pages list the same options and exit statuses"
exit $status
