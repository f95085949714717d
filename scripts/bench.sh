#!/usr/bin/env bash
# make bench: offline and live benchmarks of the release build against klick, and of the
# rehearsal player against Rubber Band's CLI and mpv (the Python package scripts/bench, one
# module per comparison; rewrites docs/benchmarks.md). About 10 minutes, 20 the first time on a
# machine (it makes a 2-hour FLAC, a 10-minute MP3, 2-hour files in six formats and a 60-minute
# spoken lesson once, kept in $TMPDIR/woodshed-bench-cache, about 2 GB).
# Extra arguments go to it (--skip-offline, --skip-live, --skip-player, --skip-formats,
# --formats-only, --skip-remote, --remote-only, --notch-only, --input-only, --coach-only, --alsa-only, --upstream-only, --out FILE).
# make bench-compare: scripts/bench.sh --against REV [--out FILE] measures the key figures for REV's
# release build (built once into .build-baseline/) and this one, interleaved (bench/compare.py).
set -euo pipefail
cd "$(dirname "$0")/.."
export PYTHONPATH="scripts${PYTHONPATH:+:$PYTHONPATH}" PYTHONDONTWRITEBYTECODE=1
if [[ "${1:-}" == --against ]]; then
    [[ -n "${2:-}" ]] || { echo "Error: --against needs a revision (e.g. --against d8a1f4d)" >&2; exit 2; }
    exec python3 -m bench.compare "$2" .build/release/woodshed "${@:3}"
fi
exec python3 -m bench .build/release/woodshed "$@"
