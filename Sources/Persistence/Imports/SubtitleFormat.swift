import Foundation

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
