#!/bin/sh
# An oracle for `se2repair fix --oracle` on the realbench subjects: the
# subject's reference program (its fix.c), compiled once into a cache and
# run with the question's arguments and stdin. The subject is the project
# folder's name (fix sets SE2REPAIR_PROJECT); its fix.c is looked up in
# REALBENCH_DIRS (default: shared/realbench-dev and realbench-dev-wide
# beside the checkout).
#   se2repair fix DIR --oracle "$PWD/scripts/realbench-oracle.sh"
set -eu
here=$(cd "$(dirname "$0")" && pwd)
dirs=${REALBENCH_DIRS:-"$here/../../shared/realbench-dev $here/../../shared/realbench-dev-wide"}
name=$(basename "${SE2REPAIR_PROJECT:?run by se2repair fix --oracle}")
ref=
for d in $dirs; do
    if [ -f "$d/$name/fix.c" ]; then ref="$d/$name/fix.c"; break; fi
done
[ -n "$ref" ] || { echo "realbench-oracle: no reference fix.c for $name in $dirs" >&2; exit 2; }
cache=${SE2REPAIR_ORACLE_CACHE:-${TMPDIR:-/tmp}/se2repair-oracle-cache}
mkdir -p "$cache"
exe="$cache/$name"
if [ ! -x "$exe" ] || [ "$ref" -nt "$exe" ]; then
    tmp=$(mktemp "$cache/.build.XXXXXX")
    ${CC:-clang-14} -std=gnu11 -O0 -w "$ref" -o "$tmp" -lm
    mv -f "$tmp" "$exe"
fi
exec "$exe" "$@"
