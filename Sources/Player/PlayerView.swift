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
    /// Output frames left in the step heard now, and its length.
    public var stepFramesLeft: Int64
    public var stepLength: Int64
    /// The silent turn after the last pass (shadowing's blind pass).
    public var blind: Bool
    /// The section's text (a subtitle's), and the next section's.
    public var sectionText: String?
    public var nextText: String?
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
    /// `--compare`: your take is played back now (the phase is `gap`).
    public var yourTake = false

    /// How far through the section the play head is, 0…1.
    public var progress: Double {
        guard sectionEnd > sectionStart else { return 0 }
        return min(1, max(0, Double(sourceFrame - sectionStart) / Double(sectionEnd - sectionStart)))
    }
}
