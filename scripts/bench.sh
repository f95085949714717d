#!/usr/bin/env bash
# make bench: offline and live benchmarks of the release build against klick (scripts/bench.py);
# extra arguments go to bench.py (--skip-offline, --skip-live, --out FILE).
set -euo pipefail
cd "$(dirname "$0")/.."
exec python3 scripts/bench.py .build/release/woodshed "$@"
