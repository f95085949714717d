import Foundation

/// The turns the player's worker has written (a gap after a pass, where you repeat), by the
/// number the deck marks their frames with: which section and pass each one is, for the
/// recorder. The worker writes, the recorder's thread takes; a lock guards it (neither is the
/// render thread). Shared by every worker of one player session.
public final class TurnBook: @unchecked Sendable {
    private let lock = NSLock()
    private var steps: [UInt32: (section: Int, pass: Int)] = [:]

    public init() {}

    /// Worker thread: turn `number` is `step`'s.
    func note(_ number: UInt32, _ step: ProgramStep) {
        lock.lock()
        steps[number] = (step.section, step.pass)
        // Without a recorder nobody takes them: keep the last turns only.
        if steps.count > 64 { steps = steps.filter { number &- $0.key < 64 } }
        lock.unlock()
    }

    /// The section and pass of turn `number`, forgotten once asked for (each take asks once,
    /// when it begins). Any thread.
    public func take(_ number: UInt32) -> (section: Int, pass: Int)? {
        lock.lock()
        defer { lock.unlock() }
        return steps.removeValue(forKey: number)
    }
}
