/// Why one line of the practice log could not be read (the line is skipped). Any thread.
public struct PracticeLogLineError: Error, Equatable, Sendable {
    /// `passes: expected a whole number, not "x"`, `not valid JSON: …`.
    public var message: String
}
