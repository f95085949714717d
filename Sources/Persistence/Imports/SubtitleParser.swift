import Foundation
import WoodshedCore

/// Reads the cues of an SRT or WebVTT file: what can be read is read, and each part that
/// can't is skipped with a warning naming its line. Any thread (pure: bytes in, cues out).
///
/// - The text is UTF-8, with or without a byte order mark; lines end in LF, CRLF or CR.
/// - SRT may also be UTF-16 with its byte order mark.
/// - SRT that is not UTF-8 is read as Windows-1252 (the encoding of old Windows subtitles),
///   with one warning naming the line of the first byte that is not UTF-8.
/// - WebVTT is always UTF-8, as its specification says: a byte that is not is read as U+FFFD,
///   with one warning naming its line.
/// - The formats: `SRTParser`, `WebVTTParser`.
///
/// Only a WebVTT file without its `WEBVTT` signature is refused here (with the line):
///
///     lesson.vtt:1: a WebVTT file starts with 'WEBVTT', not '1'
///
/// A file that gives no cue at all says why in `SubtitleCues.nothingRead`.
public enum SubtitleParser {
    /// The cues of `data`; `source` names the file in errors and warnings.
    public static func read(_ data: Data, format: SubtitleFormat, source: String) throws(TextFileError) -> SubtitleCues {
        var result = SubtitleCues()
        let bytes = TextFileLines.withoutByteOrderMark(data)
        var text: String
        if let utf8 = String(bytes: bytes, encoding: .utf8) {
            text = utf8
        } else if format == .srt, let utf16 = utf16(data) {
            text = utf16
        } else {
            let line = TextFileLines.lineOfFirstBadByte(bytes)
            switch format {
            case .srt:
                text = Windows1252.decode(bytes)
                result.warnings.append(TextFileWarning(source: source, line: line, message: "not UTF-8 text: read as Windows-1252"))
            case .webVTT:
                text = String(decoding: bytes, as: UTF8.self)
                result.warnings.append(TextFileWarning(source: source, line: line,
                                                       message: "not UTF-8 text: each bad byte read as U+FFFD (WebVTT is always UTF-8)"))
            }
        }
        try TextContent.check(text, source: source)
        switch format {
        case .srt: SRTParser.read(TextFileLines(text: text).lines, source: source, into: &result)
        case .webVTT: try WebVTTParser.read(text, source: source, into: &result)
        }
        return result
    }

    /// SRT saved as UTF-16 ("Unicode" in Windows Notepad), told by its byte order mark, as
    /// FFmpeg's text reader tells it; nil for anything else.
    static func utf16(_ data: Data) -> String? {
        if data.starts(with: [0xFF, 0xFE]) { return String(data: data.dropFirst(2), encoding: .utf16LittleEndian) }
        if data.starts(with: [0xFE, 0xFF]) { return String(data: data.dropFirst(2), encoding: .utf16BigEndian) }
        return nil
    }
}
