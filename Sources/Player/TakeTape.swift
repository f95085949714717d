import Foundation

/// Your latest turn as it is recorded, for `--compare`: the recorder appends the input of each
/// turn as it reads it, the player's worker plays it back after the turn (`ProgramStep.Kind
/// .yourTake`). A lock guards it (neither side is the render thread). Shared by every worker of
/// one player session.
public final class TakeTape: @unchecked Sendable {
    private let lock = NSLock()
    private var turn: UInt32 = 0
    private var samples: [Float] = []
    private var ended = false

    public init() {}

    /// The recorder's thread: `count` more frames of turn `turn` (a new turn starts the tape again).
    public func append(turn: UInt32, _ frames: UnsafePointer<Float>, count: Int) {
        lock.lock()
        if turn != self.turn {
            self.turn = turn
            samples.removeAll(keepingCapacity: true)
            ended = false
        }
        samples.append(contentsOf: UnsafeBufferPointer(start: frames, count: count))
        lock.unlock()
    }

    /// The recorder's thread: turn `turn` has ended (nothing more will come).
    public func end(turn: UInt32) {
        lock.lock()
        if turn == self.turn { ended = true }
        lock.unlock()
    }

    /// The worker: copies frames `from ..< from + count` of turn `turn` into `out`; returns how
    /// many it had, and whether more may come (false: the turn has ended, or another began).
    func read(turn: UInt32, from: Int, count: Int, into out: UnsafeMutablePointer<Float>) -> (copied: Int, more: Bool) {
        lock.lock()
        defer { lock.unlock() }
        guard turn == self.turn else { return (0, turn > self.turn) }
        let n = max(0, min(count, samples.count - from))
        if n > 0 { samples.withUnsafeBufferPointer { out.update(from: $0.baseAddress! + from, count: n) } }
        return (n, !ended)
    }
}
