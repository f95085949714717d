import Foundation
import Synchronization
import Testing

/// `make tsan`'s negative control: a planted data race (two threads add to one plain integer
/// with no synchronisation, at the same time), run only with WOODSHED_TSAN_NEGATIVE=1. `make
/// tsan` requires ThreadSanitizer to report it; without the variable the test does nothing.
@Suite struct TSanNegativeControlTests {
    /// A counter with no synchronisation at all: the race itself.
    final class PlainCounter: @unchecked Sendable { var value = 0 }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["WOODSHED_TSAN_NEGATIVE"] == "1"))
    func aPlantedDataRaceIsReported() {
        let counter = PlainCounter()
        // Both threads start adding together (a thread that ran alone, long before the other,
        // could leave TSan's short history of the counter before the other's first access).
        let ready = Atomic<Int>(0)
        let add: @Sendable () -> Void = {
            ready.add(1, ordering: .relaxed)
            while ready.load(ordering: .relaxed) < 2 {}
            for _ in 0..<1_000_000 { counter.value += 1 }
        }
        RingPair.run(producer: add, consumer: add)
        #expect(counter.value > 0)
    }
}
