import WoodshedCore

/// What a subtitle file gave: the cues that could be read, in the file's order, and a warning
/// for each part that could not (a cue with a bad time line, a block without times) or was read
/// another way (text that is not UTF-8). Any thread (a value).
public struct SubtitleCues: Sendable, Equatable {
    public var cues: [SubtitleCue] = []
    /// Each names the file and its line, in the file's order.
    public var warnings: [TextFileWarning] = []
    /// How many cues or blocks were skipped (each has a warning).
    public var skipped = 0

    public init(cues: [SubtitleCue] = [], warnings: [TextFileWarning] = [], skipped: Int = 0) {
        self.cues = cues
        self.warnings = warnings
        self.skipped = skipped
    }

    /// Why no section can come from the file when it gave no cue; nil when it gave some.
    public var nothingRead: String? {
        guard cues.isEmpty else { return nil }
        return skipped == 0 ? "no cues in the file" : "no cue could be read (\(skipped) skipped)"
    }

    /// Adds a cue read at `line` (1-based, its time line), or skips it with a warning when it
    /// ends before it starts.
    mutating func add(start: SourceTime, end: SourceTime, text: String, line: Int, source: String) {
        guard end >= start else {
            skip(line: line, source: source, "the cue ends (\(end)) before it starts (\(start)): skipped")
            return
        }
        cues.append(SubtitleCue(start: start, end: end, text: text, line: line))
    }

    /// Notes a skipped cue or block with its warning.
    mutating func skip(line: Int, source: String, _ message: String) {
        warnings.append(TextFileWarning(source: source, line: line, message: message))
        skipped += 1
    }
}
