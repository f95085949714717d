/// What the rehearsal player's display shows, taken from the session at one moment.
/// Any thread (a value).
public struct PlayerView: Equatable, Sendable {
    /// Index and name of the section heard now, and how many sections there are.
    public var sectionIndex: Int
    public var sectionName: String
    public var sectionCount: Int
    /// The section's range in source frames.
    public var sectionStart: Int64
    public var sectionEnd: Int64
    /// 0-based pass heard now, and the passes planned (nil: endless).
    public var pass: Int
    public var passes: Int?
    public enum Phase: String, Equatable, Sendable { case countIn = "count-in", pass = "playing", gap = "gap", ended = "ended" }
    public var phase: Phase
    /// Output frames left in a count-in or gap step.
    public var stepFramesLeft: Int64
    /// Source frame heard now (in a pass), else the section's start.
    public var sourceFrame: Int64
    /// Speed of the pass heard now, in thousandths.
    public var speed: Int
    /// The session speed (thousandths), which passes without a ladder use.
    public var sessionSpeed: Int
    public var transposeCents: Int
    /// The name of what follows the section's last pass; nil: the program stops there.
    public var nextSection: String?
    public var paused: Bool
    public var clickOn: Bool
    /// The pending mark in (source frame), if any.
    public var markIn: Int64?
    /// Output frames of silence because the worker was late, since the start.
    public var underrunFrames: Int64

    /// How far through the section the play head is, 0…1.
    public var progress: Double {
        guard sectionEnd > sectionStart else { return 0 }
        return min(1, max(0, Double(sourceFrame - sectionStart) / Double(sectionEnd - sectionStart)))
    }
}
