#!/usr/bin/env bash
# The paper's Table 5 on the ten coreutils 9.1 tools: symbolic test
# generation with library functions taken away (baseline), with models
# synthesized by `se2repair model-lib` (model) and with the real library
# (real), every test replayed natively with gcov.
#
#   scripts/table5.sh [--time SECONDS] [--tools LIST] [--jobs N] --out DIR
#
# Builds what it needs once per machine (the release binaries; coreutils
# as bitcode and with coverage, scripts/real-programs/build.sh). Writes
# DIR/table5.json, DIR/table5.md and DIR/table5.svg; docs/table5.md says
# what each column means and how long a run takes.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release >&2
bash scripts/real-programs/build.sh coreutils coreutils-cov >&2
exec python3 scripts/table5.py "$@"
