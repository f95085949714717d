import Foundation
import Persistence

/// What `export` writes and `import` reads, chosen by the file name's extension (any case):
/// `.srt` and `.vtt` subtitles (import only), `.txt` an Audacity label track, anything else the
/// JSON exchange format. Any thread.
public enum SectionsExchangeFormat: Equatable {
    case subtitles(SubtitleFormat)
    case audacityLabels
    case json

    public init(path: String) {
        if let subtitles = SubtitleFormat(path: path) {
            self = .subtitles(subtitles)
        } else if URL(fileURLWithPath: path).pathExtension.lowercased() == "txt" {
            self = .audacityLabels
        } else {
            self = .json
        }
    }
}
