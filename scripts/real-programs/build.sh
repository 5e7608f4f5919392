#!/usr/bin/env bash
# Builds GNU findutils 4.9.0, grep 3.8 and coreutils 9.1 (Debian bookworm's
# source packages) once per machine into whole-program LLVM bitcode and a
# native binary of the same build, in a cache folder outside the checkout:
#
#   scripts/real-programs/build.sh [findutils|grep|coreutils|coreutils-cov ...]
#
# Cache: $SE2REPAIR_CACHE (default ~/.cache/se2repair)/real/<pkg>/, holding
# the source tree, `bin/<prog>` (native) and `bc/<prog>.bc` (bitcode). A
# package whose `done` stamp matches this script is not rebuilt.
#
# Sources come from `apt-get source --download-only` (needs a deb-src line:
# `Types: deb deb-src` in /etc/apt/sources.list.d/debian.sources, then
# `apt-get update`). Tarballs already in the cache's `src/` are reused.
#
# Compiler: $SE2REPAIR_REAL_CLANG (default clang-16 when installed, else
# clang-14); a build by another compiler is rebuilt (the stamp names it).
#
# Flags: configure runs with plain clang (fast), `make` with wllvm (PyPI),
# which compiles every object twice, native and bitcode, and `extract-bc`
# links the bitcode of one program. -O0 keeps the code as written;
# -disable-O0-optnone lets later passes optimise the bitcode; -fno-pic with
# -no-pie gives absolute addresses (the VM's segmented address space cannot
# represent PIC relative tables); -fcommon for old tentative definitions.
# gnulib's regex and getopt are compiled into the programs, so they run in
# the VM rather than on the host.
set -euo pipefail

CACHE="${SE2REPAIR_CACHE:-$HOME/.cache/se2repair}/real"
mkdir -p "$CACHE/src"
# One build at a time per cache: tests that need the programs run in
# parallel, and the second waits for the first's build, then finds it done.
exec 9>"$CACHE/.lock"
flock 9
CFLAGS_BC='-O0 -g -Xclang -disable-O0-optnone -fno-pic -fcommon'

need() { command -v "$1" >/dev/null || { echo "real-programs: missing tool: $1 ($2)" >&2; exit 2; }; }
if [ -z "${SE2REPAIR_REAL_CLANG:-}" ]; then
  if command -v clang-16 >/dev/null; then SE2REPAIR_REAL_CLANG=clang-16; else SE2REPAIR_REAL_CLANG=clang-14; fi
fi
CLANG=$SE2REPAIR_REAL_CLANG
need "$CLANG" "apt-get install $CLANG"
# wllvm's clang is the one of the same LLVM as $CLANG: its own folder,
# links resolved (clang-16 -> /usr/lib/llvm-16/bin).
LLVM_BIN=$(dirname "$(readlink -f "$(command -v "$CLANG")")")
[ -x "$LLVM_BIN/clang" ] || { echo "real-programs: no clang beside $CLANG in $LLVM_BIN" >&2; exit 2; }
export LLVM_COMPILER=clang LLVM_COMPILER_PATH=$LLVM_BIN
need wllvm "pip install wllvm"
need extract-bc "pip install wllvm"
need file "apt-get install file (extract-bc uses it)"

# Versions of Debian bookworm's packages.
declare -A VERSION=([findutils]=4.9.0 [grep]=3.8 [coreutils]=9.1)
declare -A PROGS=(
  [findutils]="find/find"
  [grep]="src/grep"
  [coreutils]="src/base64 src/cat src/cp src/head src/ls src/pr src/pwd src/sort src/test src/wc"
)
declare -A EXTRA=(
  [findutils]="--without-selinux --with-included-regex"
  [grep]="--disable-perl-regexp --with-included-regex"
  [coreutils]="--without-selinux --disable-acl --disable-xattr --disable-libcap --without-libgmp --without-openssl --disable-libsmack --enable-no-install-program=stdbuf"
)

fetch() {
  local pkg=$1 ver=${VERSION[$1]}
  local tarball="$CACHE/src/${pkg}_${ver}.orig.tar.xz"
  if [ ! -f "$tarball" ]; then
    (cd "$CACHE/src" && apt-get source --download-only "$pkg" >/dev/null 2>&1) || {
      echo "real-programs: cannot download the source of $pkg: add a deb-src line (Types: deb deb-src in /etc/apt/sources.list.d/debian.sources) and run apt-get update" >&2
      exit 2
    }
  fi
  [ -f "$tarball" ] || { echo "real-programs: $tarball not found after apt-get source" >&2; exit 2; }
  echo "$tarball"
}

# A build is reused while its versions, flags and programs are unchanged.
COV_CFLAGS='-O0 -g --coverage'
SRC_STAMP=$(printf '%s\n' "$CFLAGS_BC" "${VERSION[@]}" "${EXTRA[@]}" "${PROGS[@]}" | sha256sum | cut -c1-16)
STAMP=$(printf '%s %s\n' "$SRC_STAMP" "$LLVM_BIN" | sha256sum | cut -c1-16)
# The VM's processor has no optional features (its cpuid answers 0), so
# the coverage build leaves out the code paths picked by cpuid (wc's AVX2
# line count), or a replay would run code the VM never chose.
COV_NO_CPUID='USE_AVX2_WC_LINECOUNT'
COV_STAMP=$(printf 'cov %s %s\n%s\n' "$COV_CFLAGS" "$COV_NO_CPUID" "$SRC_STAMP" | sha256sum | cut -c1-16)

build() {
  local pkg=$1 ver=${VERSION[$1]} dir="$CACHE/$1"
  if [ -f "$dir/done" ] && [ "$(cat "$dir/done")" = "$STAMP" ]; then
    echo "real-programs: $pkg cached in $dir"
    return
  fi
  local tarball
  tarball=$(fetch "$pkg")
  rm -rf "$dir" && mkdir -p "$dir/bin" "$dir/bc"
  tar xf "$tarball" -C "$dir"
  local tree="$dir/$pkg-$ver"
  echo "real-programs: configuring $pkg $ver with $CLANG"
  local t0=$SECONDS
  # shellcheck disable=SC2086
  (cd "$tree" && FORCE_UNSAFE_CONFIGURE=1 ./configure CC="$CLANG" CFLAGS="$CFLAGS_BC" LDFLAGS=-no-pie \
      --disable-nls ${EXTRA[$pkg]} \
      gl_cv_func_getopt_gnu=no gl_cv_func_getopt_posix=no \
      >"$dir/configure.log" 2>&1) || { echo "real-programs: configure of $pkg failed: $dir/configure.log" >&2; exit 2; }
  echo "real-programs: configure took $((SECONDS - t0)) s; building with wllvm"
  t0=$SECONDS
  (cd "$tree" && make -j"$(nproc)" CC=wllvm >"$dir/make.log" 2>&1) || { echo "real-programs: make of $pkg failed: $dir/make.log" >&2; exit 2; }
  echo "real-programs: make took $((SECONDS - t0)) s"
  for p in ${PROGS[$pkg]}; do
    local name
    name=$(basename "$p")
    cp "$tree/$p" "$dir/bin/$name"
    extract-bc -o "$dir/bc/$name.bc" "$tree/$p" >"$dir/extract.log" 2>&1 || true
    [ -s "$dir/bc/$name.bc" ] || { echo "real-programs: extract-bc made no bitcode for $name: $dir/extract.log" >&2; exit 2; }
  done
  echo "$STAMP" > "$dir/done"
  echo "real-programs: $pkg built into $dir"
}

# A native build of a package with gcc's coverage instrumentation
# (`<pkg>-cov`), for the line coverage of generated tests (Table 5,
# scripts/table5.sh). Its tree keeps the `.gcno` files next to the objects;
# a replay writes its `.gcda` files elsewhere with GCOV_PREFIX.
build_cov() {
  local pkg=$1 ver=${VERSION[$1]} dir="$CACHE/$1-cov"
  if [ -f "$dir/done" ] && [ "$(cat "$dir/done")" = "$COV_STAMP" ]; then
    echo "real-programs: $pkg-cov cached in $dir"
    return
  fi
  need gcc "apt-get install gcc"
  need gcov "apt-get install gcc"
  local tarball
  tarball=$(fetch "$pkg")
  rm -rf "$dir" && mkdir -p "$dir"
  tar xf "$tarball" -C "$dir"
  local tree="$dir/$pkg-$ver"
  echo "real-programs: configuring $pkg $ver with coverage"
  local t0=$SECONDS
  # shellcheck disable=SC2086
  (cd "$tree" && FORCE_UNSAFE_CONFIGURE=1 ./configure CC=gcc CFLAGS="$COV_CFLAGS" LDFLAGS=--coverage \
      --disable-nls ${EXTRA[$pkg]} \
      gl_cv_func_getopt_gnu=no gl_cv_func_getopt_posix=no \
      >"$dir/configure.log" 2>&1) || { echo "real-programs: configure of $pkg-cov failed: $dir/configure.log" >&2; exit 2; }
  local macro
  for macro in $COV_NO_CPUID; do
    sed -i "s/^#define $macro 1\$/\/* $macro: not on the VM's processor *\//" "$tree/lib/config.h"
  done
  echo "real-programs: configure took $((SECONDS - t0)) s; building"
  t0=$SECONDS
  (cd "$tree" && make -j"$(nproc)" >"$dir/make.log" 2>&1) || { echo "real-programs: make of $pkg-cov failed: $dir/make.log" >&2; exit 2; }
  echo "real-programs: make took $((SECONDS - t0)) s"
  find "$tree" -name '*.gcda' -delete
  echo "$COV_STAMP" > "$dir/done"
  echo "real-programs: $pkg-cov built into $dir"
}

pkgs=("$@")
[ ${#pkgs[@]} -gt 0 ] || pkgs=(findutils grep coreutils)
for p in "${pkgs[@]}"; do
  if [ -n "${VERSION[${p%-cov}]:-}" ] && [ "$p" != "${p%-cov}" ]; then
    build_cov "${p%-cov}"
    continue
  fi
  [ -n "${VERSION[$p]:-}" ] || { echo "real-programs: unknown package $p (findutils, grep, coreutils, or PKG-cov)" >&2; exit 2; }
  build "$p"
done
