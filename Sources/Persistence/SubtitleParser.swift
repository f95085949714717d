import Foundation
import WoodshedCore

/// Reads the cues of an SRT or WebVTT file. Any thread (pure: bytes in, cues out).
///
/// - The text is UTF-8, with or without a byte order mark; lines end in LF, CRLF or CR.
/// - Cues are separated by blank lines (a line of spaces counts as blank). A cue is an optional
///   identifier line (SRT's number, or any WebVTT identifier), its times, then its text lines.
/// - A line with `-->` is always a cue's times: it ends the text of the cue before it, even
///   without a blank line, and a number on the line just before it is the new cue's number.
/// - WebVTT: the file starts with `WEBVTT`; the header after it (up to a blank line or a line
///   with `-->`), and `NOTE`, `STYLE` and `REGION` blocks, are skipped; cue settings after the
///   end time (`line:0 align:start`) are ignored. SRT's coordinates after the end time
///   (`X1:… Y2:…`) are ignored too.
/// - The text is cleaned as `SubtitleText` says.
///
/// A file that breaks these rules is refused with the line at fault:
///
///     lesson.srt:14: bad timestamp '00:01:02.5x'
public enum SubtitleParser {
    /// The cues of `data` in the file's order; `source` names the file in errors.
    public static func cues(_ data: Data, format: SubtitleFormat, source: String) throws(TextFileError) -> [SubtitleCue] {
        let lines = try TextFileLines(data, source: source).lines
        func blank(_ k: Int) -> Bool { lines[k].allSatisfy(\.isWhitespace) }
        func fail(_ k: Int, _ message: String) -> TextFileError { TextFileError(source: source, line: k + 1, message: message) }
        var k = 0
        if format == .webVTT {
            guard let first = lines.first, first == "WEBVTT" || first.hasPrefix("WEBVTT ") || first.hasPrefix("WEBVTT\t") else {
                throw TextFileError(source: source, line: 1, message: "a WebVTT file starts with 'WEBVTT'"
                    + (lines.first.map { ", not '\($0)'" } ?? ", but this one is empty"))
            }
            k = 1
            while k < lines.count, !blank(k), !lines[k].contains("-->") { k += 1 }
        }
        var cues: [SubtitleCue] = []
        while k < lines.count {
            if blank(k) { k += 1; continue }
            var end = k
            while end < lines.count, !blank(end) { end += 1 }
            // lines[k..<end] is one block.
            if format == .webVTT, ["NOTE", "STYLE", "REGION"].contains(where: { isKeyword(lines[k], $0) }) {
                k = end
                continue
            }
            while k < end {
                let times: Int
                if lines[k].contains("-->") {
                    times = k
                } else if k + 1 < end, lines[k + 1].contains("-->") {
                    times = k + 1
                } else {
                    let at = k + 1 < end && isNumber(lines[k]) ? k + 1 : k
                    throw fail(at, "expected a cue's times ('\(format.exampleTimes)'), not '\(lines[at])'")
                }
                let (start, stop) = try parseTimes(lines[times], line: times + 1, source: source)
                var next = times + 1
                while next < end, !lines[next].contains("-->") { next += 1 }
                // A number just before the next cue's times is that cue's number, not text.
                var textEnd = next
                if next < end, textEnd - 1 > times, isNumber(lines[textEnd - 1]) { textEnd -= 1 }
                let text = SubtitleText.cleaned(lines[(times + 1)..<textEnd], format: format)
                cues.append(SubtitleCue(start: start, end: stop, text: text, line: times + 1))
                k = textEnd
            }
        }
        return cues
    }

    /// The start and end of a times line: `START --> END [settings]`.
    static func parseTimes(_ line: Substring, line number: Int, source: String) throws(TextFileError) -> (SourceTime, SourceTime) {
        func fail(_ message: String) -> TextFileError { TextFileError(source: source, line: number, message: message) }
        let arrow = line.range(of: "-->")!
        let left = line[..<arrow.lowerBound].trimmingWhitespace()
        let right = line[arrow.upperBound...].drop(while: \.isWhitespace)
        let endText = right.prefix { !$0.isWhitespace }
        guard !left.isEmpty else { throw fail("the start time is missing before '-->'") }
        guard !endText.isEmpty else { throw fail("the end time is missing after '-->'") }
        guard let start = SubtitleTimestamp.parse(Substring(left)) else { throw fail("bad timestamp '\(left)'") }
        guard let end = SubtitleTimestamp.parse(endText) else { throw fail("bad timestamp '\(endText)'") }
        guard end >= start else { throw fail("the cue ends (\(end)) before it starts (\(start))") }
        return (start, end)
    }

    /// True for `word` alone on the line or followed by a space, a tab or (for NOTE) the rest.
    static func isKeyword(_ line: Substring, _ word: String) -> Bool {
        line == word || line.hasPrefix(word + " ") || line.hasPrefix(word + "\t")
    }

    /// True for a line of ASCII digits only (an SRT cue number).
    static func isNumber(_ line: Substring) -> Bool {
        let t = line.trimmingWhitespace()
        return !t.isEmpty && t.allSatisfy { $0.isASCII && $0.isNumber }
    }
}
