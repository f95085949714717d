#!/usr/bin/env bash
# One phase of `make test`: runs `swift test --skip-build ARGS...`, keeps the whole output in
# .build/test-NAME.log, and when the phase fails, repeats every failed test and every issue it
# recorded at the very end, so the last lines of a CI log name what failed.
# Usage: scripts/test-phase.sh NAME [swift test arguments...]
set -uo pipefail
name=$1; shift
log=.build/test-$name.log
swift test --skip-build "$@" 2>&1 | tee "$log"
rc=${PIPESTATUS[0]}
if [ "$rc" -ne 0 ]; then
  echo
  echo "== phase '$name' failed (exit $rc); its failures, from $log: =="
  # Swift Testing marks a failed test and each recorded issue with ✘; a crash shows as "error:" or
  # "Fatal error"; the lines after an issue carry its expression and values.
  grep -n -E -A4 '✘|error:|Fatal error|signal [0-9]+|Exited with' "$log" | grep -v -E '^[0-9]+-.*(◇|✔)' | tail -n 60
  exit "$rc"
fi
