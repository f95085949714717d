import Synchronization

/// The ALSA write loop's last `StreamPosition`, published without a lock: the write thread
/// stores (`publish`, one writer), the control thread reads (`load`, retrying while a store is
/// under way: a sequence lock on atomics, so the three numbers read belong together). Built by
/// the control thread with the loop.
final class StreamPositionCell: Sendable {
    private let sequence = Atomic<UInt64>(0)
    private let written = Atomic<Int64>(0)
    private let delay = Atomic<Int64>(0)
    private let stamp = Atomic<Int64>(0)
    let rate: Int

    init(rate: Int) { self.rate = rate }

    /// Write thread: the frames written, the delay measured and when (`position`'s rate is the
    /// cell's). No lock, no allocation.
    @inline(__always)
    func publish(_ position: StreamPosition) {
        let next = sequence.load(ordering: .relaxed) &+ 1
        sequence.store(next, ordering: .relaxed)  // odd: a store is under way
        atomicMemoryFence(ordering: .releasing)
        written.store(position.written, ordering: .relaxed)
        delay.store(position.delay, ordering: .relaxed)
        stamp.store(position.stampNanos, ordering: .relaxed)
        sequence.store(next &+ 1, ordering: .releasing)
    }

    /// Control thread: the last position published, nil before the first (or when 1000 reads in
    /// a row met a store under way: a write thread preempted in the middle of one).
    func load() -> StreamPosition? {
        for _ in 0..<1000 {
            let before = sequence.load(ordering: .acquiring)
            if before & 1 == 1 { continue }
            let w = written.load(ordering: .relaxed), d = delay.load(ordering: .relaxed), s = stamp.load(ordering: .relaxed)
            atomicMemoryFence(ordering: .acquiring)
            guard sequence.load(ordering: .relaxed) == before else { continue }
            return before == 0 ? nil : StreamPosition(written: w, delay: d, stampNanos: s, rate: rate)
        }
        return nil
    }
}
