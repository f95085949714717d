import WoodshedCore

/// Reads the cues of a SubRip (`.srt`) file as common players read it. Any thread (pure: lines
/// in, cues and warnings out).
///
/// SRT has no specification; this follows what FFmpeg (and so mpv) and VLC accept:
/// - A cue is an optional index line, its time line `START --> END`, then its text lines, up to
///   a blank line (a line of spaces counts as blank). The index may be missing or not a number
///   (`A12`, `#3`): the line before the time line after a blank line is never text.
/// - A line with `-->` is always a time line. It ends the cue before it even without a blank
///   line, and a number on the line just before it is its index, not text.
/// - Anything after the end time (`X1:… Y2:…` coordinates, WebVTT settings) is ignored.
/// - Times are `SubtitleTimestamp.srt`; the text is cleaned as `SubtitleText.srt` says.
///
/// What can't be read is skipped with a warning naming its line, and reading goes on:
/// - a time line that does not read (bad time, a part missing, the end before the start): that
///   cue, text and all, up to the next blank line or time line;
/// - lines with no time line (`Hello` after a blank line, `00:01 -> 00:02`): up to the next
///   blank line or time line.
enum SRTParser {
    /// Where the reader is, line by line.
    enum State {
        /// After a blank line or at the start.
        case between
        /// One line seen after a blank line, not a time line: an index if a time line follows.
        case index(Int)
        /// In the text of a cue whose time line is `line` (0-based).
        case cue(line: Int, start: SourceTime, end: SourceTime, text: [Substring])
        /// Skipping to the next blank line or time line, after a warning.
        case skipping
    }

    static func read(_ lines: [Substring], source: String, into result: inout SubtitleCues) {
        var state = State.between
        func finishCue() {
            guard case .cue(let line, let start, let end, let text) = state else { return }
            result.add(start: start, end: end, text: SubtitleText.srt(text), line: line + 1, source: source)
        }
        func noTimes(_ k: Int) {
            result.skip(line: k + 1, source: source,
                        "expected a cue's times ('\(SubtitleFormat.srt.exampleTimes)'), not '\(lines[k])': skipped")
        }
        for (k, line) in lines.enumerated() {
            if line.allSatisfy(\.isWhitespace) {
                finishCue()
                if case .index(let j) = state { noTimes(j) }
                state = .between
            } else if line.contains("-->") {
                // A number just before it, with no blank line, is its index, not the last cue's text.
                if case .cue(let at, let start, let end, var text) = state, let last = text.last, isNumber(last) {
                    text.removeLast()
                    state = .cue(line: at, start: start, end: end, text: text)
                }
                finishCue()
                switch times(line) {
                case .success(let (start, end)): state = .cue(line: k, start: start, end: end, text: [])
                case .failure(let problem):
                    result.skip(line: k + 1, source: source, problem.message + ": cue skipped")
                    state = .skipping
                }
            } else {
                switch state {
                case .between: state = .index(k)
                case .index(let j):
                    // Two lines and no time line: name the second if the first is an index.
                    noTimes(isNumber(lines[j]) ? k : j)
                    state = .skipping
                case .cue(let at, let start, let end, var text):
                    text.append(line)
                    state = .cue(line: at, start: start, end: end, text: text)
                case .skipping: break
                }
            }
        }
        finishCue()
        if case .index(let j) = state { noTimes(j) }
    }

    /// The start and end of a time line: `START --> END [anything]`.
    static func times(_ line: Substring) -> Result<(SourceTime, SourceTime), CueTimesProblem> {
        let arrow = line.range(of: "-->")!
        let left = line[..<arrow.lowerBound].trimmingWhitespace()
        let right = line[arrow.upperBound...].drop(while: \.isWhitespace)
        let endText = right.prefix { !$0.isWhitespace }
        guard !left.isEmpty else { return .failure(CueTimesProblem(message: "the start time is missing before '-->'")) }
        guard !endText.isEmpty else { return .failure(CueTimesProblem(message: "the end time is missing after '-->'")) }
        guard let start = SubtitleTimestamp.srt(Substring(left)) else { return .failure(CueTimesProblem(message: "bad timestamp '\(left)'")) }
        guard let end = SubtitleTimestamp.srt(endText) else { return .failure(CueTimesProblem(message: "bad timestamp '\(endText)'")) }
        return .success((start, end))
    }

    /// True for a line of ASCII digits only (an SRT cue number), spaces around allowed.
    static func isNumber(_ line: Substring) -> Bool {
        let t = line.trimmingWhitespace()
        return !t.isEmpty && t.allSatisfy { $0.isASCII && $0.isNumber }
    }
}
