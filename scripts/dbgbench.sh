#!/usr/bin/env bash
# The whole DbgBench experiment: the 13 real find and grep bugs and the
# bundled small subjects, fo / so-cbs / so-pse with the paper's bounds
# (400 paths, 10 minutes), into dbgbench-out/ (results.md is the table).
# Extra arguments go to `se2repair dbgbench` (e.g. --only find. --jobs 2).
# Needs the DbgBench data in ../shared/dbgbench or $SE2REPAIR_DBGBENCH.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release
exec ./target/release/se2repair dbgbench --subjects dbgbench/subjects --max-forks 400 --timeout 600 --out dbgbench-out "$@"
