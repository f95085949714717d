import Foundation
import Persistence
import Player

/// The player's practice of one section at a time (`play`, `shadow`): which section, since
/// when, the passes heard, and its trouble — moved as a bad cut, asked for again, asked for
/// slower — turned into a practice-log entry when the player leaves the section (or stops).
/// Control thread (owned by `PlayerController`).
public struct SectionPractice: Sendable {
    /// A section practised: its number (from 0), when it began (the control loop's seconds),
    /// the passes heard, and the trouble counted while it played.
    public struct Stretch: Sendable, Equatable {
        public var index: Int
        public var since: Double
        public var passes = 0
        public var cuts = 0
        public var again = 0
        public var slower = 0

        public init(index: Int, since: Double) {
            self.index = index
            self.since = since
        }
    }

    public let mode: PracticeLogEntry.Mode
    /// The section being practised now; nil before the first refresh and after the end.
    public private(set) var current: Stretch?

    public init(mode: PracticeLogEntry.Mode) {
        self.mode = mode
    }

    /// The player as seen now (`nil`: it stops). Returns the stretch that ended — the learner
    /// left its section — when it is worth a line: at least one pass heard, or some trouble.
    public mutating func heard(_ v: PlayerView?, now: Double) -> (stretch: Stretch, milliseconds: Int64)? {
        if let v, var p = current, p.index == v.sectionIndex {
            let heard: Int = switch v.phase {
            case .gap: v.blind ? v.pass : v.pass + 1
            case .ended: v.passes ?? p.passes
            case .pass, .countIn: v.pass
            }
            p.passes = max(p.passes, heard)
            current = p
            return nil
        }
        let ended = current
        current = v.map { Stretch(index: $0.sectionIndex, since: now) }
        guard let p = ended, p.passes > 0 || p.cuts + p.again + p.slower > 0 else { return nil }
        return (p, Int64((now - p.since) * 1000))
    }

    /// The section's start or end moved (a bad cut).
    public mutating func cut() { current?.cuts += 1 }

    /// The section asked for again; `slower`: at a lower speed.
    public mutating func again(slower: Bool = false) {
        current?.again += 1
        if slower { current?.slower += 1 }
    }

    /// The speed stepped down while the section played.
    public mutating func slowedDown() { current?.slower += 1 }

    /// The log's entry for a stretch of section `name` (number `stretch.index + 1`) of the
    /// audio file at `path`, ended at `date`, played at `speed` (thousandths).
    public func entry(_ ended: (stretch: Stretch, milliseconds: Int64), name: String, path: String, speed: Int,
                      date: Date) -> PracticeLogEntry {
        var e = PracticeLogEntry(date: date, file: URL(fileURLWithPath: path).standardizedFileURL.path, section: name,
                                 index: ended.stretch.index + 1, passes: ended.stretch.passes, speed: speed,
                                 milliseconds: ended.milliseconds, mode: mode)
        e.cuts = ended.stretch.cuts
        e.again = ended.stretch.again
        e.slower = ended.stretch.slower
        return e
    }
}
