import Foundation
import Testing

/// `make tsan`'s negative control: a planted data race (two threads add to one plain integer
/// with no synchronisation), run only with WOODSHED_TSAN_NEGATIVE=1. `make tsan` requires
/// ThreadSanitizer to report it; without the variable the test does nothing.
@Suite struct TSanNegativeControlTests {
    /// A counter with no synchronisation at all: the race itself.
    final class PlainCounter: @unchecked Sendable { var value = 0 }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["WOODSHED_TSAN_NEGATIVE"] == "1"))
    func aPlantedDataRaceIsReported() {
        let counter = PlainCounter()
        RingPair.run(producer: {
            for _ in 0..<100_000 { counter.value += 1 }
        }, consumer: {
            for _ in 0..<100_000 { counter.value += 1 }
        })
        #expect(counter.value > 0)
    }
}
