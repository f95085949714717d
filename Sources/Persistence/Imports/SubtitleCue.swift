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

/// The two subtitle formats Woodshed reads. Any thread.
public enum SubtitleFormat: String, Sendable, CaseIterable {
    /// SubRip: numbered cues, `00:00:01,000 --> 00:00:02,500`.
    case srt
    /// WebVTT: a `WEBVTT` header, optional cue identifiers, `00:01.000 --> 00:02.500 settings`.
    case webVTT = "vtt"

    /// The format a file name's extension says (`.srt`, `.vtt`, any case); nil for others.
    public init?(path: String) {
        guard let format = SubtitleFormat(rawValue: URL(fileURLWithPath: path).pathExtension.lowercased()) else { return nil }
        self = format
    }

    /// A well-formed cue time line, for messages.
    var exampleTimes: String {
        switch self {
        case .srt: "00:00:01,000 --> 00:00:02,500"
        case .webVTT: "00:00:01.000 --> 00:00:02.500"
        }
    }
}

/// Why a cue's time line does not read, in the user's words ("bad timestamp '00:01:02.5x'").
/// Any thread.
struct CueTimesProblem: Error {
    var message: String
}
