/// What `PracticeLog.read` found. Any thread (a value).
public struct PracticeLogContents: Sendable, Equatable {
    /// The entries, in the log's order (the order they were written).
    public var entries: [PracticeLogEntry] = []
    /// Lines skipped: a torn last line, and any other line that is not an entry, with its number.
    public var warnings: [TextFileWarning] = []

    public init(entries: [PracticeLogEntry] = [], warnings: [TextFileWarning] = []) {
        self.entries = entries
        self.warnings = warnings
    }
}
