import App
import Engine
import Glibc

/// A poller for tests: it records each timeout the loop sleeps with and, instead of sleeping,
/// moves the manual clock on by it; input scripted for a turn is reported ready at once.
/// Test thread.
final class ScriptedPoller: InputPoller {
    let clock: ManualClock
    /// Every timeout the loop asked for, in order (−1: no limit).
    private(set) var timeouts: [Int32] = []
    /// Descriptors to report ready at the next wait (then forgotten).
    var readyNext: Set<Int32> = []
    /// Called at each wait before it returns (a test's "meanwhile").
    var meanwhile: ((Int32) -> Void)?

    init(clock: ManualClock) { self.clock = clock }

    func wait(for descriptors: [Int32], timeoutMilliseconds: Int32) -> [Int] {
        timeouts.append(timeoutMilliseconds)
        meanwhile?(timeoutMilliseconds)
        let ready = descriptors.indices.filter { readyNext.contains(descriptors[$0]) }
        if !ready.isEmpty {
            readyNext = []
            return ready
        }
        if readyNext.isEmpty, descriptorHasData(descriptors[0]) { return [0] }  // the wake pipe
        precondition(timeoutMilliseconds >= 0, "the loop would sleep for ever")
        clock.advance(nanoseconds: Int64(timeoutMilliseconds) * 1_000_000)
        return []
    }

    private func descriptorHasData(_ fd: Int32) -> Bool {
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&p, 1, 0) > 0
    }
}
