/// One label of an Audacity label track, as the file writes it. Any thread (a value).
public struct AudacityLabel: Sendable, Equatable {
    /// Where it starts and ends, in nanoseconds (the file's decimals, exactly, up to nine).
    public var start: Int64
    public var end: Int64
    /// The label's text, as it is.
    public var text: String
    /// Its 1-based line in the file, for messages.
    public var line: Int

    public init(start: Int64, end: Int64, text: String, line: Int) {
        self.start = start
        self.end = end
        self.text = text
        self.line = line
    }

    /// True for a point label (no length).
    public var isPoint: Bool { start == end }
}
