#!/usr/bin/env bash
# make bench: offline and live benchmarks of the release build against klick, and of the
# rehearsal player against Rubber Band's CLI and mpv (scripts/bench.py; rewrites
# docs/benchmarks.md). About 3 minutes, 5 the first time on a machine (it makes a 2-hour FLAC
# and a 10-minute MP3 once, kept in $TMPDIR/woodshed-bench-cache). Extra arguments go to
# bench.py (--skip-offline, --skip-live, --skip-player, --out FILE).
set -euo pipefail
cd "$(dirname "$0")/.."
exec python3 scripts/bench.py .build/release/woodshed "$@"
