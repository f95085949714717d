/// One stretch of the practice program: a count-in, a pass over a section, or the gap after a
/// pass. Lengths are in output frames. Any thread (a value).
public struct ProgramStep: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// `beats` count-in clicks before a pass.
        case countIn(beats: Int)
        /// Plays source frames from `from` (the section's A, or where a live change resumed it)
        /// to the section's B.
        case pass(from: Int64)
        /// Silence after a pass (your turn).
        case gap
        /// `--compare`: after your turn, a pause (`ProgramSettings.comparePauseFrames`), then the
        /// turn just recorded played back (`TakeTape`).
        case yourTake
    }

    public var kind: Kind
    /// Index of the section in the program.
    public var section: Int
    /// 0-based pass number within the section's plan.
    public var pass: Int
    /// Speed of this pass in thousandths.
    public var speed: Int
    /// Output frames.
    public var length: Int64

    public init(kind: Kind, section: Int, pass: Int, speed: Int, length: Int64) {
        self.kind = kind
        self.section = section
        self.pass = pass
        self.speed = speed
        self.length = length
    }

    public var isPass: Bool { if case .pass = kind { true } else { false } }
}
