#!/usr/bin/env bash
# Differential testing of se2repair against native execution on random
# programs from csmith.
#
#   scripts/csmith-diff.sh [-n COUNT] [-s FIRST_SEED] [-j JOBS] [-t TIMEOUT]
#
# For each seed FIRST_SEED .. FIRST_SEED+COUNT-1: csmith generates a small
# program, clang-14 -O0 builds and runs it natively (programs whose native
# run times out after 1 s or crashes are skipped), then `se2repair run`
# runs it with --max-time TIMEOUT. Stdout ("checksum = ...") and the exit
# code must be the same. One line is printed per disagreement, then
#   csmith: N agree, M disagree, K skipped (agreement X%)
# The exit status is 0 only when nothing disagrees. Disagreeing programs
# are kept in ./csmith-failures/ (seed-S.c with the native and VM outputs).
#
# Needs csmith and its runtime headers (Debian: packages csmith and
# libcsmith-dev; the headers are in /usr/include/csmith). Environment:
# SE2REPAIR (the binary; default target/release/se2repair of this repo),
# CSMITH_INCLUDE (the header folder), CLANG (default clang-14),
# CSMITH_EXTRA (more csmith options, appended to the script's own).
set -u

COUNT=100
FIRST=1
JOBS=1
TIMEOUT=60
usage() { echo "usage: $0 [-n COUNT] [-s FIRST_SEED] [-j JOBS] [-t TIMEOUT]" >&2; exit 2; }
while getopts "n:s:j:t:h" opt; do
    case $opt in
        n) COUNT=$OPTARG ;;
        s) FIRST=$OPTARG ;;
        j) JOBS=$OPTARG ;;
        t) TIMEOUT=$OPTARG ;;
        *) usage ;;
    esac
done
shift $((OPTIND - 1))
[ $# -eq 0 ] || usage
for v in "$COUNT" "$FIRST" "$JOBS" "$TIMEOUT"; do
    [[ $v =~ ^[0-9]+$ ]] || usage
done
[ "$JOBS" -ge 1 ] || JOBS=1

ROOT=$(cd "$(dirname "$0")/.." && pwd)
SE2REPAIR=${SE2REPAIR:-$ROOT/target/release/se2repair}
CLANG=${CLANG:-clang-14}
CSMITH_INCLUDE=${CSMITH_INCLUDE:-}
if [ -z "$CSMITH_INCLUDE" ]; then
    for d in /usr/include/csmith /usr/local/include/csmith /usr/include/csmith-2.3.0 /usr/local/include/csmith-2.3.0; do
        if [ -f "$d/csmith.h" ]; then CSMITH_INCLUDE=$d; break; fi
    done
fi
command -v csmith >/dev/null || { echo "csmith not found: install the csmith package" >&2; exit 2; }
[ -f "$CSMITH_INCLUDE/csmith.h" ] || { echo "csmith.h not found: install libcsmith-dev (or set CSMITH_INCLUDE)" >&2; exit 2; }
command -v "$CLANG" >/dev/null || { echo "$CLANG not found" >&2; exit 2; }
[ -x "$SE2REPAIR" ] || { echo "$SE2REPAIR not found: build it with cargo build --release" >&2; exit 2; }

# Small programs that terminate quickly; every language feature stays on.
CSMITH_OPTS=(--no-argc --concise --max-funcs 4 --max-block-depth 3 --max-block-size 4
    --max-expr-complexity 6 --max-array-dim 2 --max-array-len-per-dim 6
    --max-struct-fields 6 --max-union-fields 4 --max-pointer-depth 2)
# More csmith options (e.g. CSMITH_EXTRA="--float --no-bitfields") go last,
# so they override the ones above.
read -r -a EXTRA <<<"${CSMITH_EXTRA:-}"
CSMITH_OPTS+=("${EXTRA[@]}")

TMP=$(mktemp -d "${TMPDIR:-/tmp}/csmith-diff.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
trap 'exit 130' INT TERM
FAILDIR=$PWD/csmith-failures
mkdir -p "$TMP/res"

# Runs one seed; writes "agree", "skip REASON" or "disagree" to res/SEED
# and prints the disagreement line.
one() {
    local s=$1 d=$TMP/s$1
    mkdir -p "$d"
    if ! csmith "${CSMITH_OPTS[@]}" -s "$s" -o "$d/p.c" >/dev/null 2>&1; then
        echo "skip csmith" >"$TMP/res/$s"; rm -rf "$d"; return
    fi
    if ! "$CLANG" -O0 -w -I"$CSMITH_INCLUDE" "$d/p.c" -o "$d/native" >/dev/null 2>&1; then
        echo "skip native-build" >"$TMP/res/$s"; rm -rf "$d"; return
    fi
    timeout -k 1 1 "$d/native" >"$d/native.out" 2>/dev/null </dev/null
    local nrc=$?
    if [ $nrc -eq 124 ] || [ $nrc -ge 128 ]; then
        echo "skip native-rc=$nrc" >"$TMP/res/$s"; rm -rf "$d"; return
    fi
    timeout -k 5 $((TIMEOUT + 30)) "$SE2REPAIR" run -q --max-time "$TIMEOUT" --output-dir "$d/out" \
        --cflags="-I$CSMITH_INCLUDE -w" "$d/p.c" >"$d/vm.out" 2>"$d/vm.err" </dev/null
    local vrc=$?
    local what=""
    if ! cmp -s "$d/native.out" "$d/vm.out"; then
        what="stdout (native '$(head -c 60 "$d/native.out" | head -n 1)' vm '$(head -c 60 "$d/vm.out" | head -n 1)')"
    fi
    if [ $nrc -ne $vrc ]; then
        what="${what:+$what, }exit code (native $nrc vm $vrc)"
    fi
    if [ -z "$what" ]; then
        echo agree >"$TMP/res/$s"
    else
        echo disagree >"$TMP/res/$s"
        mkdir -p "$FAILDIR"
        [ -f "$FAILDIR/.gitignore" ] || echo '*' >"$FAILDIR/.gitignore"
        cp "$d/p.c" "$FAILDIR/seed-$s.c"
        cp "$d/native.out" "$FAILDIR/seed-$s.native.out"
        cp "$d/vm.out" "$FAILDIR/seed-$s.vm.out"
        cp "$d/vm.err" "$FAILDIR/seed-$s.vm.err"
        # With -q the VM prints nothing on stderr for a failed path; its
        # error is then in the output folder's test*.err.
        local errf=$d/vm.err
        if ! grep -q '[^[:space:]]' "$errf"; then
            errf=$(ls "$d"/out/test*.err 2>/dev/null | head -n 1)
            [ -n "$errf" ] && cp "$errf" "$FAILDIR/seed-$s.test.err"
        fi
        local err=""
        [ -n "$errf" ] && err=$(grep -v '^[[:space:]]*$' "$errf" | head -n 3 | cut -c 1-160 | awk '{ printf "%s%s", (NR > 1 ? " | " : ""), $0 }')
        echo "seed $s: $what; vm stderr: ${err:-(empty)}"
    fi
    rm -rf "$d"
}

running=0
for ((s = FIRST; s < FIRST + COUNT; s++)); do
    one "$s" &
    running=$((running + 1))
    if [ $running -ge "$JOBS" ]; then
        wait -n
        running=$((running - 1))
    fi
done
wait

agree=0 disagree=0 skipped=0
for f in "$TMP"/res/*; do
    [ -e "$f" ] || continue
    case $(cut -d' ' -f1 "$f") in
        agree) agree=$((agree + 1)) ;;
        disagree) disagree=$((disagree + 1)) ;;
        *) skipped=$((skipped + 1)) ;;
    esac
done
compared=$((agree + disagree))
if [ $compared -gt 0 ]; then
    pct=$(awk -v a=$agree -v c=$compared 'BEGIN { printf "%.1f", 100 * a / c }')
else
    pct="n/a"
fi
echo "csmith: $agree agree, $disagree disagree, $skipped skipped (agreement $pct%)"
[ $disagree -eq 0 ]
