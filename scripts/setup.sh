#!/usr/bin/env bash
# Installs what se2repair needs on Debian bookworm (run as root):
#  * the build: clang-16 and LLVM 16 (linked in; the default compiler),
#    clang-14 and LLVM 14 beside them (the other compiler users may
#    choose, and KLEE's suite on both), libclang, Z3, libffi, gcc, git,
#    binutils (addr2line: where a failing test's failure shows),
#    clang's sanitizer runtimes (MemorySanitizer: `fix`'s inputs that
#    read memory never written);
#  * the real-program corpus (scripts/real-programs/): Debian source
#    packages (a deb-src line is added for `apt-get source`), make,
#    xz-utils, dpkg-dev, the en_US.UTF-8 locale, and wllvm from PyPI;
#  * patch (the DbgBench harness applies developer and generated patches)
#    and perl (the CoREBench coreutils trees run perl generators in src/;
#    scripts/coreutils-tests reads coreutils' Perl test lists with it);
#  * csmith, for the differential tests; util-linux's script (bsdutils),
#    a terminal for fix --ask's test.
# It is idempotent: what is there already is left alone.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive

# deb-src next to every deb line, for `apt-get source`.
changed=0
if [ -f /etc/apt/sources.list.d/debian.sources ] && ! grep -q 'deb-src' /etc/apt/sources.list.d/debian.sources; then
  sed -i 's/^Types: deb$/Types: deb deb-src/' /etc/apt/sources.list.d/debian.sources
  changed=1
fi
if [ -f /etc/apt/sources.list ] && grep -q '^deb ' /etc/apt/sources.list && ! grep -q '^deb-src ' /etc/apt/sources.list; then
  grep '^deb ' /etc/apt/sources.list | sed 's/^deb /deb-src /' >> /etc/apt/sources.list
  changed=1
fi

pkgs="gcc libasan8 binutils git clang-16 libclang-rt-16-dev llvm-16 llvm-16-dev llvm-16-tools clang-14 llvm-14 llvm-14-dev libclang-14-dev libz3-dev libffi-dev pkg-config csmith libcsmith-dev locales make patch perl xz-utils dpkg-dev file python3-pip python3-yaml bsdutils"
need=""
for p in $pkgs; do
  dpkg -s "$p" >/dev/null 2>&1 || need="$need $p"
done
if [ -n "$need" ] || [ "$changed" = 1 ] || ! apt-cache showsrc grep >/dev/null 2>&1; then
  apt-get update -qq
fi
if [ -n "$need" ]; then
  # shellcheck disable=SC2086
  apt-get install -y -qq $need >/dev/null
fi

# en_US.UTF-8 for the UTF-8 commands of the corpus (grep's DbgBench bugs).
if ! locale -a 2>/dev/null | grep -qi '^en_US.utf8$'; then
  sed -i 's/^# *en_US.UTF-8 UTF-8/en_US.UTF-8 UTF-8/' /etc/locale.gen
  grep -q '^en_US.UTF-8 UTF-8' /etc/locale.gen || echo 'en_US.UTF-8 UTF-8' >> /etc/locale.gen
  locale-gen >/dev/null
fi

# wllvm (PyPI): whole-program bitcode of autotools projects.
if ! command -v wllvm >/dev/null || ! command -v extract-bc >/dev/null; then
  python3 -m pip install -q wllvm 2>/dev/null || python3 -m pip install -q --break-system-packages wllvm
fi
command -v wllvm >/dev/null || { echo "setup: wllvm is not on PATH after pip install" >&2; exit 1; }
# rustfmt and clippy: CI checks the tree's form and lints.
if command -v rustup >/dev/null; then
  rustup component add rustfmt clippy >/dev/null 2>&1 || echo "setup: could not add rustfmt/clippy with rustup" >&2
fi
# `klee`, `klee-stats`, `klee-replay`, `ktest-tool`, `ktest-gen`,
# `ktest-randgen`, `klee-zesti`: KLEE's tools are the
# same binary called by their names (the links dangle until
# `cargo build --release` makes the binary).
mkdir -p "$(dirname "$0")/../target/release"
for t in klee klee-stats klee-replay ktest-tool ktest-gen ktest-randgen klee-zesti; do
  ln -sfn se2repair "$(dirname "$0")/../target/release/$t"
done
echo "setup: done"
