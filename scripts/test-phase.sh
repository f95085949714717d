#!/usr/bin/env bash
# One phase of `make test`: runs `swift test --skip-build ARGS...`, keeps the whole output in
# .build/test-NAME.log, and when the phase fails, repeats every failed test and every issue it
# recorded at the very end, so the last lines of a CI log name what failed.
#
# One retry, for live suites only: when every recorded issue lies in an end-to-end suite that runs
# a private JACK server, D-Bus or tmux (Tests/EndToEndTests, at most two suites) — timing under a
# 2-core CI machine's parallel load, never a crash — those suites run once more, alone and one test
# at a time. The phase passes only if they all pass then; the first failure stays printed in the
# log and is recorded in .build/test-retries.log, so a flake is seen, not hidden.
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

  # Which suites recorded the issues (by file), and is each a live end-to-end suite?
  issues=$(grep -c -E '✘ Test .* recorded an issue' "$log")
  located=$(grep -o -E '✘ Test .* recorded an issue at [A-Za-z0-9_]+\.swift:' "$log" | sed -E 's/.* at ([A-Za-z0-9_]+)\.swift:$/\1/' | sort -u)
  crashed=$(grep -c -E 'Fatal error|signal [0-9]+|Exited with|error: ' "$log")
  count=$(printf '%s\n' $located | grep -c .)
  retry=yes
  if [ "$issues" -eq 0 ] || [ "$crashed" -ne 0 ] || [ "$count" -eq 0 ] || [ "$count" -gt 2 ]; then retry=no; fi
  unlocated=$(grep -E '✘ Test .* recorded an issue' "$log" | grep -v -c -E 'recorded an issue at [A-Za-z0-9_]+\.swift:')
  [ "$unlocated" -ne 0 ] && retry=no
  for suite in $located; do
    file=Tests/EndToEndTests/$suite.swift
    if [ ! -f "$file" ] || ! grep -q -E 'PrivateJackServer|Tmux|tmux|dbus-daemon|DBusSession' "$file"; then retry=no; fi
  done
  if [ "$retry" != yes ]; then exit "$rc"; fi
  filter=$(printf '%s\n' $located | paste -sd '|')
  echo
  echo "== phase '$name': the failures above are all in live suites ($filter); running them once more, alone =="
  swift test --skip-build --no-parallel --filter "$filter" 2>&1 | tee "$log.retry"
  rrc=${PIPESTATUS[0]}
  {
    date -u +%FT%TZ
    echo "phase $name: $filter failed in the phase's run; alone: $([ "$rrc" -eq 0 ] && echo passed || echo failed)"
    grep -E -A3 '✘ Test .* recorded an issue' "$log" | head -n 20
  } >> .build/test-retries.log
  if [ "$rrc" -ne 0 ]; then
    echo "== phase '$name': $filter failed again alone =="
    grep -n -E -A4 '✘|error:|Fatal error' "$log.retry" | grep -v -E '^[0-9]+-.*(◇|✔)' | tail -n 40
    exit "$rrc"
  fi
  echo "== phase '$name': $filter passed alone; the failure under load is kept in .build/test-retries.log =="
fi
