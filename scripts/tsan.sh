#!/bin/bash
# make tsan: runs the ring and control-loop tests on the ThreadSanitizer build (.build-tsan,
# built by the Makefile), then the negative control, a planted data race that TSan must report.
# Fails if TSan reports anything in the real tests, or nothing in the negative control.
set -uo pipefail
FILTER=${TSAN_FILTER:?}
SCRATCH=.build-tsan
LOG=$SCRATCH/tsan-real.log
NEG=$SCRATCH/tsan-negative.log

echo "== ThreadSanitizer: $FILTER"
swift test --skip-build --sanitize=thread --scratch-path $SCRATCH --filter "$FILTER" 2>&1 | tee $LOG
status=${PIPESTATUS[0]}
reports=$(grep -c "WARNING: ThreadSanitizer" $LOG)
if [ "$status" -ne 0 ] || [ "$reports" -ne 0 ]; then
    echo "make tsan: FAILED: exit status $status, $reports ThreadSanitizer report(s) (see $LOG)"
    exit 1
fi

echo "== ThreadSanitizer negative control (WOODSHED_TSAN_NEGATIVE=1): a planted race must be reported"
WOODSHED_TSAN_NEGATIVE=1 swift test --skip-build --sanitize=thread --scratch-path $SCRATCH \
    --filter TSanNegativeControlTests > $NEG 2>&1
if ! grep -q "WARNING: ThreadSanitizer: data race" $NEG || ! grep -q "aPlantedDataRaceIsReported\|PlainCounter" $NEG; then
    echo "make tsan: FAILED: the planted race was not reported (see $NEG)"
    exit 1
fi
echo "make tsan: no report in the real tests; the planted race reported ($(grep -c 'WARNING: ThreadSanitizer' $NEG) report(s), $NEG)"
