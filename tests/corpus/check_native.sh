#!/usr/bin/env bash
# Native self-check of the VM test corpus (no VM involved).
#
# Usage: tests/corpus/check_native.sh [FILE.c...]   (default: every NNN_*.c here)
#
# For every program:
#   * read the directives from the file's leading "//" comment lines:
#       // ARGS: a b c      argv[1..], split on spaces
#       // STDIN: text      stdin content, \n and \t escapes expanded
#       // CFLAGS: -O1      extra clang flags
#     a sibling NAME.stdin file, if present, is used as stdin instead;
#     without either, stdin is empty (/dev/null);
#   * build with  clang-14 -O0 -w $CFLAGS prog.c -lm  and run it twice:
#     stdout and exit code must be identical both times, stdout non-empty;
#   * build with  -fsanitize=undefined,address -fno-sanitize-recover=all
#     and run it: no sanitizer report, same stdout, same exit code;
#   * cross-check: build with clang -O2 and (when installed) gcc -O0 and gcc -O2;
#     stdout and exit code must match too. This catches unspecified evaluation
#     order and other compiler-dependent behaviour the sanitizers miss;
#   * warn when a native run takes 0.1 s or more, or the file is not 30-150 lines.
# Exit status: 0 when every program passed, 1 otherwise.
set -u
DIR=$(cd "$(dirname "$0")" && pwd)
CC=${CC:-clang-14}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# directive NAME FILE: value of "// NAME:" among the leading comment lines
directive() {
  awk -v key="// $1:" '
    !/^\/\// { exit }
    index($0, key) == 1 { v = substr($0, length(key) + 1); sub(/^ /, "", v); print v; exit }
  ' "$2"
}

xbuilds=("$CC -O2")
command -v gcc > /dev/null && xbuilds+=("gcc -O0" "gcc -O2")

if [ $# -gt 0 ]; then files=("$@"); else files=("$DIR"/[0-9][0-9][0-9]_*.c); fi
pass=0; fail=0; nonzero=0; o1=0
for src in "${files[@]}"; do
  name=$(basename "$src" .c)
  args=$(directive ARGS "$src")
  cflags=$(directive CFLAGS "$src")
  if [ -f "${src%.c}.stdin" ]; then
    cp "${src%.c}.stdin" "$TMP/in"
  elif [ -n "$(directive STDIN "$src")" ]; then
    s=$(directive STDIN "$src")
    s=${s//\\n/$'\n'}; s=${s//\\t/$'\t'}
    printf '%s' "$s" > "$TMP/in"
  else
    : > "$TMP/in"
  fi
  case " $cflags " in *" -O1 "*) o1=$((o1 + 1));; esac
  bad=""
  # shellcheck disable=SC2086
  if ! $CC -O0 -w $cflags "$src" -lm -o "$TMP/prog" 2> "$TMP/cc.err"; then
    echo "FAIL $name: compile error"; cat "$TMP/cc.err"; fail=$((fail + 1)); continue
  fi
  t0=$(date +%s%N)
  # shellcheck disable=SC2086
  "$TMP/prog" $args < "$TMP/in" > "$TMP/out1" 2> /dev/null; rc1=$?
  t1=$(date +%s%N)
  # shellcheck disable=SC2086
  "$TMP/prog" $args < "$TMP/in" > "$TMP/out2" 2> /dev/null; rc2=$?
  ms=$(( (t1 - t0) / 1000000 ))
  cmp -s "$TMP/out1" "$TMP/out2" || bad="$bad stdout-differs-between-runs"
  [ "$rc1" = "$rc2" ] || bad="$bad exit-code-differs-between-runs($rc1/$rc2)"
  [ -s "$TMP/out1" ] || bad="$bad no-stdout"

  : > "$TMP/err3"
  # shellcheck disable=SC2086
  if $CC -O0 -w -g $cflags -fsanitize=undefined,address -fno-sanitize-recover=all \
        "$src" -lm -o "$TMP/prog_san" 2> "$TMP/cc.err"; then
    # shellcheck disable=SC2086
    "$TMP/prog_san" $args < "$TMP/in" > "$TMP/out3" 2> "$TMP/err3"; rc3=$?
    cmp -s "$TMP/out1" "$TMP/out3" || bad="$bad stdout-differs-under-sanitizers"
    [ "$rc1" = "$rc3" ] || bad="$bad exit-code-differs-under-sanitizers($rc1/$rc3)"
    grep -qE 'runtime error|AddressSanitizer|LeakSanitizer' "$TMP/err3" && bad="$bad sanitizer-report"
  else
    bad="$bad sanitizer-compile-error"
  fi

  for xb in "${xbuilds[@]}"; do
    # shellcheck disable=SC2086
    if ! $xb -w $cflags ${xb##* } "$src" -lm -o "$TMP/prog_x" 2> /dev/null; then
      bad="$bad compile-error($xb)"; continue
    fi
    # shellcheck disable=SC2086
    "$TMP/prog_x" $args < "$TMP/in" > "$TMP/outx" 2> /dev/null; rcx=$?
    { cmp -s "$TMP/out1" "$TMP/outx" && [ "$rc1" = "$rcx" ]; } || bad="$bad differs-with(${xb// /})"
  done

  if [ -n "$bad" ]; then
    echo "FAIL $name:$bad"; grep -m5 -E 'runtime error|Sanitizer|SUMMARY' "$TMP/err3"
    fail=$((fail + 1))
  else
    pass=$((pass + 1))
    [ "$rc1" != 0 ] && nonzero=$((nonzero + 1))
    lines=$(wc -l < "$src")
    warn=""
    [ "$ms" -ge 100 ] && warn="$warn slow(${ms}ms)"
    { [ "$lines" -lt 30 ] || [ "$lines" -gt 150 ]; } && warn="$warn lines=$lines"
    printf 'ok   %-28s exit=%-3s %4sms %s\n' "$name" "$rc1" "$ms" "$warn"
  fi
done
echo "passed $pass, failed $fail (non-zero exit: $nonzero, -O1: $o1)"
[ "$fail" = 0 ]
