/// A named A–B range of an audio file, in the file's own frames (source frames), with the plan
/// it is practised by. Any thread (a value).
public struct Section: Hashable, Sendable {
    public var name: String
    /// First source frame of the range (A).
    public var start: Int64
    /// One past the last source frame (B): a pass plays B − A source frames.
    public var end: Int64
    public var plan: RepeatPlan
    /// What is said in it (a subtitle cue's text, lines joined with "\n"), to show while it
    /// plays; nil when there is none.
    public var text: String?

    /// A section from `start` to `end`; throws unless 0 ≤ start < end and the name is usable.
    public init(name: String, start: Int64, end: Int64, plan: RepeatPlan = RepeatPlan(), text: String? = nil) throws(TimingError) {
        guard !name.isEmpty, !name.contains(where: \.isNewline) else { throw .badSection("a section needs a one-line name") }
        guard start >= 0 else { throw .badSection("'\(name)' starts before the file does") }
        // Frames mean nothing to users, and times need the rate: callers that know it say where
        // (see `PracticeFile.checkRange`, `PlaySetup`).
        guard end > start else { throw .badSection("'\(name)' must end after it starts") }
        self.name = name
        self.start = start
        self.end = end
        self.plan = plan
        self.text = text
    }

    /// Source frames in one pass.
    public var length: Int64 { end - start }
}
