import Foundation
import WoodshedCore

/// One cue of a subtitle file, as the file gives it: its times and its text with the styling
/// taken out. Any thread (a value).
public struct SubtitleCue: Sendable, Equatable {
    /// When it is shown (exact to the file's millisecond).
    public var start: SourceTime
    /// When it goes; not before `start`.
    public var end: SourceTime
    /// The text as a player shows it (`SubtitleText`, `WebVTTCueText`): without tags, each line
    /// trimmed, empty lines left out, the lines joined with "\n"; "" when nothing is left.
    public var text: String
    /// The 1-based line of its times (`00:00:01,000 --> 00:00:02,500`), for messages.
    public var line: Int

    public init(start: SourceTime, end: SourceTime, text: String, line: Int) {
        self.start = start
        self.end = end
        self.text = text
        self.line = line
    }
}
