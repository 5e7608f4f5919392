#!/usr/bin/env bash
# klee-suite.sh — run KLEE's own lit regression suite against `se2repair klee`.
#
# Usage:
#   scripts/klee-suite.sh [--clang clang-16|clang-14] KLEE_SOURCE_DIR [TEST_PATH...]
#
#   --clang          the compiler of the suite's programs and its LLVM tools
#                    (FileCheck, llvm-as, llvm-link of the same version);
#                    default clang-16 when installed, else clang-14. With
#                    clang-16 KLEE's lit configuration is the one for LLVM 16,
#                    as KLEE's CI runs it.
#
#   KLEE_SOURCE_DIR  a checkout of github.com/klee/klee (its test/, include/,
#                    tools/ktest-tool and
#                    scripts/genTempFiles.sh are used in place, never copied here)
#   TEST_PATH        optional: only run these paths, relative to the checkout's
#                    test/ folder (e.g. Feature  or  Feature/DumpStatesOnHalt.c)
#
# Needs: lit (pip install lit), psutil (for the per-test timeout; installed with
# pip when missing), LLVM 16 or 14 (FileCheck, not, llvm-as, lli, clang), gcc/g++,
# and a built target/release/se2repair with its `klee` mode.
#
# Environment:
#   KLEE_SUITE_WORK      work folder (default ~/.cache/se2repair/klee-suite/clang-N):
#                        tools/ (klee, klee-stats, klee-replay, ktest-gen,
#                        ktest-randgen, ktest-tool),
#                        lib/libkleeRuntest.so (se2repair's own),
#                        test/lit.site.cfg, test/<dir>/Output (lit's scratch),
#                        results.json, lit.log, crashes.log, report.txt
#   KLEE_SUITE_SE2REPAIR the se2repair binary (default <repo>/target/release/se2repair)
#   KLEE_SUITE_JOBS      lit -j (default 2)
#   KLEE_SUITE_TIMEOUT   per-test timeout in seconds (default 120)
#
# Exit status: 0 when the suite ran (whatever passed), 2 when it could not run
# (missing lit/FileCheck/source dir/binary, or lit failed to load the config).
set -euo pipefail

die() { echo "klee-suite: $*" >&2; exit 2; }
note() { echo "klee-suite: $*"; }

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
HELPERS=$REPO/scripts/klee-suite
PYTHON=${PYTHON:-python3}
SE2=${KLEE_SUITE_SE2REPAIR:-$REPO/target/release/se2repair}
JOBS=${KLEE_SUITE_JOBS:-2}
TIMEOUT=${KLEE_SUITE_TIMEOUT:-120}

# Directories of KLEE's test/ that we do not run, with the reason.
OUT_OF_SCOPE=(
  "CXX: C++ tests need KLEE's libc++ runtime (libcxx/eh-cxx), which se2repair does not provide"
  "kleaver: tests KLEE's kleaver (query-language tool), not klee"
  "klee-exec-tree: tests KLEE's klee-exec-tree tool, not klee"
  "Solver: tests choose KLEE's solver backends (STP/Z3/metaSMT options, kleaver queries)"
)
out_of_scope_dir() {  # prints the reason if $1 (a path relative to test/) is out of scope
  local top=${1%%/*} entry
  for entry in "${OUT_OF_SCOPE[@]}"; do
    [[ ${entry%%:*} == "$top" ]] && { echo "${entry#*: }"; return 0; }
  done
  return 1
}

# ---------------------------------------------------------------- arguments
CLANG=
case ${1:-} in
  --clang) [[ $# -ge 2 ]] || die "--clang needs clang-16 or clang-14"; CLANG=$2; shift 2 ;;
  --clang=*) CLANG=${1#--clang=}; shift ;;
esac
if [[ -z $CLANG ]]; then
  if command -v clang-16 >/dev/null; then CLANG=clang-16; else CLANG=clang-14; fi
fi
case $CLANG in
  clang-16) LLVM_MAJOR=16 ;;
  clang-14) LLVM_MAJOR=14 ;;
  *) die "--clang $CLANG: give clang-16 or clang-14" ;;
esac
command -v "$CLANG" >/dev/null || die "$CLANG is missing (apt-get install $CLANG)"
LLVM_BIN=/usr/lib/llvm-$LLVM_MAJOR/bin
WORK=${KLEE_SUITE_WORK:-$HOME/.cache/se2repair/klee-suite/$CLANG}
# KLEE's lit.cfg knows LLVM 15.0 and up: LLVM 14 is presented as 15.0.
if [[ $LLVM_MAJOR -ge 15 ]]; then LIT_LLVM_MAJOR=$LLVM_MAJOR; else LIT_LLVM_MAJOR=15; fi
[[ $# -ge 1 ]] || die "usage: scripts/klee-suite.sh [--clang clang-16|clang-14] KLEE_SOURCE_DIR [TEST_PATH...]"
[[ -d $1 ]] || die "KLEE source dir '$1' does not exist"
SRC=$(cd "$1" && pwd); shift
[[ -f $SRC/test/lit.cfg && -f $SRC/test/lit.site.cfg.in ]] ||
  die "'$SRC' is not a KLEE checkout (no test/lit.cfg, test/lit.site.cfg.in)"
for f in include/klee/klee.h tools/ktest-tool/ktest-tool scripts/genTempFiles.sh; do
  [[ -f $SRC/$f ]] || die "the KLEE checkout lacks $f"
done

# ---------------------------------------------------------------- checks
"$PYTHON" -c 'import lit.main' 2>/dev/null || die "lit is missing: pip install lit"
for t in FileCheck not llvm-as lli llvm-link; do
  [[ -x $LLVM_BIN/$t ]] || die "$LLVM_BIN/$t is missing (apt-get install llvm-$LLVM_MAJOR llvm-$LLVM_MAJOR-tools)"
done
for t in "$CLANG" "clang++-$LLVM_MAJOR" gcc g++ make; do
  command -v "$t" >/dev/null || die "$t is missing"
done
[[ -x $SE2 ]] || die "$SE2 is missing: build it first (cargo build --release)"
"$SE2" klee --help >/dev/null 2>&1 || die "$SE2 has no working 'klee' mode (se2repair klee --help fails)"

TIMEOUT_ARGS=(--timeout="$TIMEOUT")
if ! "$PYTHON" -c 'import psutil' 2>/dev/null; then
  note "psutil (needed for lit --timeout) is missing; trying: $PYTHON -m pip install psutil"
  if ! "$PYTHON" -m pip install --quiet psutil || ! "$PYTHON" -c 'import psutil' 2>/dev/null; then
    note "could not install psutil (pip install psutil): running WITHOUT a per-test timeout"
    TIMEOUT_ARGS=()
  fi
fi

# ---------------------------------------------------------------- work folder
mkdir -p "$WORK/tools/testtools" "$WORK/lib" "$WORK/test"
exec 9> "$WORK/.lock"
flock -n 9 || die "another klee-suite run is using $WORK (set KLEE_SUITE_WORK to run elsewhere)"
: > "$WORK/crashes.log"

# `klee`: se2repair's klee mode; logs runs where se2repair died by a signal.
# (klee mode exits 0 after a completed run and 1 on a bad command line, so a
# status >= 128 means the tool itself died.)
cat > "$WORK/tools/klee" <<EOF
#!/usr/bin/env bash
# Generated by scripts/klee-suite.sh: KLEE's \`klee\`, played by se2repair.
SE2REPAIR_CLANG=$CLANG "$SE2" klee "\$@"
status=\$?
if [ "\$status" -ge 128 ]; then
  printf -v args ' %q' "\$@"
  printf '%s\n' "status \$status (signal \$((status - 128))) in \$PWD: klee\$args" >> "$WORK/crashes.log"
fi
exit "\$status"
EOF
# `klee-stats`, `klee-replay`, `ktest-gen`, `ktest-randgen`, `klee-zesti`:
# se2repair's, by those names.
for t in klee-stats klee-replay ktest-gen ktest-randgen klee-zesti; do
  ln -sfn "$SE2" "$WORK/tools/$t"
done
# `ktest-tool`: the checkout's own Python script.
cat > "$WORK/tools/ktest-tool" <<EOF
#!/usr/bin/env bash
# Generated by scripts/klee-suite.sh: KLEE's ktest-tool from the checkout.
exec "$PYTHON" "$SRC/tools/ktest-tool/ktest-tool" "\$@"
EOF
chmod +x "$WORK/tools/klee" "$WORK/tools/ktest-tool"
# KLEE's other tools (kleaver, klee-exec-tree) are deliberately absent.
rm -f "$WORK/tools/"{kleaver,klee-exec-tree}
ln -sf "$LLVM_BIN/FileCheck" "$WORK/tools/testtools/FileCheck"
ln -sf "$LLVM_BIN/not" "$WORK/tools/testtools/not"

# libkleeRuntest: se2repair's own (runtest/), built with the binary.
RUNTEST=$WORK/lib/libkleeRuntest.so
[[ -f $(dirname "$SE2")/libkleeRuntest.so ]] ||
  die "$(dirname "$SE2")/libkleeRuntest.so is missing: build it first (cargo build --release)"
cp "$(dirname "$SE2")/libkleeRuntest.so" "$RUNTEST"

# lit.site.cfg: the variables of test/lit.site.cfg.in, then KLEE's test/lit.cfg.
[[ $LLVM_MAJOR -ge 15 ]] ||
  note "note: LLVM 14 is presented to KLEE's lit.cfg as 15.0 (it only accepts the versions it lists, 15.0 and up)"
cat > "$WORK/test/lit.site.cfg" <<EOF
# Generated by se2repair's scripts/klee-suite.sh from $SRC/test/lit.site.cfg.in
config.klee_src_root = "$SRC"
config.klee_obj_root = "$WORK"
config.klee_tools_dir = "$WORK/tools"
config.llvm_tools_dir = "$LLVM_BIN"
config.libcxx_include_dirs = [""]
# The programs' compiler: $CLANG (LLVM $LLVM_MAJOR; KLEE's lit.cfg accepts
# only the versions it lists, 15.0 and up, so LLVM 14 is given as 15.0).
config.llvm_version_major = "$LIT_LLVM_MAJOR"
config.llvm_version_minor = "0"
config.clang = "$CLANG -I$SRC/include"
config.clangxx = "clang++-$LLVM_MAJOR -I$SRC/include"
config.cc = "gcc -I $SRC/include"
config.cxx = "g++ -I $SRC/include"
config.O0opt = "-O0 -Xclang -disable-O0-optnone"
config.sqlite3 = ""
# se2repair carries its own C library and POSIX model.
config.enable_uclibc = True
config.enable_posix_runtime = True
config.enable_libcxx = False
config.enable_eh_cxx = False
config.have_selinux = False
config.enable_stp = False
config.enable_z3 = True
config.enable_zlib = False
config.have_asan = False
config.have_ubsan = False
config.have_32bit_support = False
config.have_sqlite3 = False
config.environment['LSAN_OPTIONS'] = "suppressions=$SRC/utils/sanitizers/lsan.txt"
config.environment['UBSAN_OPTIONS'] = "print_stacktrace=1,suppressions=$SRC/utils/sanitizers/ubsan.txt"
config.target_triple = "x86_64-pc-linux-gnu"
config.libkleeruntest = "$RUNTEST"
lit_config.load_config(config, "$SRC/test/lit.cfg")
# Newer lit (23 here) no longer defines %T (the Output dir shared by a folder's
# tests), which Runtime/POSIX/Futimesat.c still uses: give it a scratch dir.
config.substitutions.append(("%T", "$WORK/test/T"))
EOF
mkdir -p "$WORK/test/T"

# test/Concrete builds its bitcode with a CMake-generated makefile in the exec dir.
mkdir -p "$WORK/test/Concrete"
[[ -f $SRC/test/Concrete/Makefile.cmake.test.in ]] &&
sed -e "s|@AUTO_GEN_MSG@|Generated by se2repair's scripts/klee-suite.sh|" \
    -e "s|@LLVMCC@|$CLANG -I$SRC/include|" \
    -e "s|@LLVM_AS@|$LLVM_BIN/llvm-as|" \
    -e "s|@LLVM_LINK@|$LLVM_BIN/llvm-link|" \
    -e "s|@OZERO_OPT@|-O0 -Xclang -disable-O0-optnone|" \
    -e "s|@LLVM_AS_FLAGS@||" -e "s|@LLVM_LINK_FLAGS@||" \
    -e "s|@CMAKE_CURRENT_SOURCE_DIR@|$SRC/test/Concrete|" \
    "$SRC/test/Concrete/Makefile.cmake.test.in" > "$WORK/test/Concrete/Makefile.cmake.test"

# ---------------------------------------------------------------- what to run
# lit finds $WORK/test/lit.site.cfg by walking up from the paths it is given
# (as for an LLVM/KLEE build dir); lit.cfg maps them back to $SRC/test.
INPUTS=()
if [[ $# -eq 0 ]]; then
  for d in "$SRC"/test/*/; do
    d=$(basename "$d")
    out_of_scope_dir "$d" >/dev/null || INPUTS+=("$WORK/test/$d")
  done
else
  for p in "$@"; do
    p=${p#"$SRC/test/"}; p=${p#test/}; p=${p%/}
    [[ -e $SRC/test/$p ]] || die "no such test path: $SRC/test/$p"
    if reason=$(out_of_scope_dir "$p"); then
      note "skipping $p: out of scope ($reason)"
      continue
    fi
    INPUTS+=("$WORK/test/$p")
  done
fi
[[ ${#INPUTS[@]} -gt 0 ]] || die "nothing in scope to run"

# ---------------------------------------------------------------- run lit
export PATH="$LLVM_BIN:$WORK/tools:$PATH"
rm -f "$WORK/results.json"
note "running lit with $CLANG on ${#INPUTS[@]} path(s) of $SRC/test (-j$JOBS, timeout ${TIMEOUT}s); progress: tail -f $WORK/lit.log"
set +e
"$PYTHON" -c 'import lit.main; lit.main.main()' -j"$JOBS" "${TIMEOUT_ARGS[@]}" \
  -o "$WORK/results.json" "${INPUTS[@]}" > "$WORK/lit.log" 2>&1 9>&-
lit_status=$?
set -e
if [[ ! -s $WORK/results.json ]]; then
  tail -n 20 "$WORK/lit.log" >&2
  die "lit did not run the suite (exit status $lit_status; see $WORK/lit.log)"
fi

# ---------------------------------------------------------------- report
REPORT_ARGS=(--results "$WORK/results.json" --test-src "$SRC/test" --tools-dir "$WORK/tools"
             --crashes "$WORK/crashes.log" --report "$WORK/report.txt" --timeout "$TIMEOUT")
for entry in "${OUT_OF_SCOPE[@]}"; do REPORT_ARGS+=(--out-of-scope "$entry"); done
"$PYTHON" "$HELPERS/report.py" "${REPORT_ARGS[@]}"
note "full report: $WORK/report.txt"
exit 0
