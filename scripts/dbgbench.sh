#!/usr/bin/env bash
# The whole repair experiment: DbgBench's 13 real find and grep bugs,
# CoREBench's 17 real coreutils bugs and the bundled small subjects,
# fo / so-cbs / so-pse with the paper's bounds (400 paths, 10 minutes),
# into dbgbench-out/ (results.md is the table). Extra arguments go to
# `se2repair dbgbench` (e.g. --only find.,grep.,coreutils. --jobs 2, or
# --verify first). Needs the DbgBench data in ../shared/dbgbench or
# $SE2REPAIR_DBGBENCH and CoREBench's in ../shared/corebench or
# $SE2REPAIR_COREBENCH.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release
exec ./target/release/se2repair dbgbench --subjects dbgbench/subjects --max-forks 400 --timeout 600 --out dbgbench-out "$@"
