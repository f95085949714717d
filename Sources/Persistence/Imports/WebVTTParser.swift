import WoodshedCore

/// Reads the cues of a WebVTT (`.vtt`) file by the parsing rules of the W3C WebVTT
/// specification ("WebVTT parser algorithm", "collect a WebVTT block", "collect WebVTT cue
/// timings and settings", "collect a WebVTT timestamp"), as browsers read it. Any thread (pure).
///
/// - The file starts with `WEBVTT`, alone on its line or followed by a space or a tab (a byte
///   order mark before it is allowed); otherwise it is refused. NUL characters are read as
///   U+FFFD; lines end in LF, CRLF or CR.
/// - The lines after the first, up to a blank line or a line with `-->`, are the header.
/// - Then blocks, separated by empty lines (a line of spaces is not empty). A block is a cue
///   when its first line, or its second after an identifier line, has `-->`: the times, then
///   cue settings (`align:start line:0`, ignored), then the text up to an empty line or another
///   line with `-->` (which starts the next block).
/// - A cue whose time line does not read is discarded (the spec's "let cue be null"): skipped
///   with a warning naming the line.
/// - A block without times is skipped: `NOTE`, `STYLE` and `REGION` blocks (and the header)
///   without a word, any other with a warning naming its first line (CSS after an empty line
///   inside a `STYLE` block is such a block). Style sheets and regions are not used.
/// - The text is `WebVTTCueText`; hours may have any number of digits.
enum WebVTTParser {
    static func read(_ text: String, source: String, into result: inout SubtitleCues) throws(TextFileError) {
        var scalars = String.UnicodeScalarView()
        for c in text.unicodeScalars { scalars.append(c == "\u{0}" ? "\u{FFFD}" : c) }
        let lines = TextFileLines(text: String(scalars)).lines.map { Array($0.unicodeScalars) }
        guard let first = lines.first, first == signature || isKeyword(first, signature) else {
            throw TextFileError(source: source, line: 1, message: "a WebVTT file starts with 'WEBVTT'"
                + (lines.first.map { ", not '\(String(String.UnicodeScalarView($0)))'" } ?? ", but this one is empty"))
        }
        var reader = BlockReader(lines: lines, position: 1)
        guard reader.position < lines.count else { return }
        if lines[reader.position].isEmpty {
            reader.position += 1
        } else {
            _ = reader.collectBlock(inHeader: true)
        }
        reader.skipEmptyLines()
        while reader.position < lines.count {
            let block = reader.collectBlock(inHeader: false)
            let quiet = ["NOTE", "STYLE", "REGION"].contains { isKeyword(lines[block.first], $0) }
            switch block.kind {
            case .cue(let start, let end, let timesLine, let text):
                result.add(start: start, end: end, text: WebVTTCueText.text(text), line: timesLine + 1, source: source)
            case .badTimes(let timesLine, let problem) where !quiet:
                result.skip(line: timesLine + 1, source: source, problem + ": cue skipped")
            case .noTimes where !quiet:
                result.skip(line: block.first + 1, source: source,
                            "expected a cue's times ('\(SubtitleFormat.webVTT.exampleTimes)'), not '\(String(String.UnicodeScalarView(lines[block.first])))': skipped")
            default: break
            }
            reader.skipEmptyLines()
        }
    }

    static let signature = Array("WEBVTT".unicodeScalars)

    /// True for `word` followed by a space, a tab, or nothing else: what makes `WEBVTT - title`
    /// a signature and `NOTE a remark` a comment.
    static func isKeyword(_ line: [Unicode.Scalar], _ word: String) -> Bool {
        isKeyword(line, Array(word.unicodeScalars))
    }

    static func isKeyword(_ line: [Unicode.Scalar], _ word: [Unicode.Scalar]) -> Bool {
        line.starts(with: word) && (line.count == word.count || line[word.count] == " " || line[word.count] == "\t")
    }

    /// What a block turned out to be.
    enum Kind {
        case cue(start: SourceTime, end: SourceTime, timesLine: Int, text: [Unicode.Scalar])
        case badTimes(timesLine: Int, problem: String)
        case noTimes
    }

    /// The spec's "collect a WebVTT block", over lines (0-based).
    struct BlockReader {
        let lines: [[Unicode.Scalar]]
        var position: Int

        /// The spec's "collect a sequence of code points that are U+000A LINE FEED characters".
        mutating func skipEmptyLines() {
            while position < lines.count, lines[position].isEmpty { position += 1 }
        }

        mutating func collectBlock(inHeader: Bool) -> (first: Int, kind: Kind) {
            let first = position
            var lineCount = 0
            var previousPosition = position
            var buffer: [[Unicode.Scalar]] = []
            var seenArrow = false
            var kind = Kind.noTimes
            var cue: (start: SourceTime, end: SourceTime, line: Int)?
            while position < lines.count {
                let line = lines[position]
                position += 1
                lineCount += 1
                if contains(line, arrow) {
                    guard !inHeader, lineCount == 1 || (lineCount == 2 && !seenArrow) else {
                        position = previousPosition
                        break
                    }
                    seenArrow = true
                    previousPosition = position
                    switch WebVTTParser.times(line) {
                    case .success(let (start, end)):
                        cue = (start, end, position - 1)
                        buffer = []
                    case .failure(let problem):
                        cue = nil
                        kind = .badTimes(timesLine: position - 1, problem: problem.message)
                    }
                } else if line.isEmpty {
                    break
                } else {
                    // (The spec turns a STYLE or REGION block into a style sheet or a region
                    // here; neither is used, so both end as blocks without times.)
                    buffer.append(line)
                    previousPosition = position
                }
            }
            if let cue {
                return (first, .cue(start: cue.start, end: cue.end, timesLine: cue.line, text: Array(buffer.joined(separator: ["\n"]))))
            }
            return (first, kind)
        }
    }

    static let arrow = Array("-->".unicodeScalars)

    static func contains(_ line: [Unicode.Scalar], _ part: [Unicode.Scalar]) -> Bool {
        guard line.count >= part.count else { return false }
        return (0...(line.count - part.count)).contains { line[$0..<($0 + part.count)].elementsEqual(part) }
    }

    /// The spec's "collect WebVTT cue timings and settings": start, `-->`, end, then settings
    /// (ignored), with whitespace between them allowed.
    static func times(_ line: [Unicode.Scalar]) -> Result<(SourceTime, SourceTime), CueTimesProblem> {
        var p = 0
        func skipWhitespace() { while p < line.count, isWhitespace(line[p]) { p += 1 } }
        /// The word at `p` for messages: up to whitespace or `-->`.
        func word() -> String {
            var end = p
            while end < line.count, !isWhitespace(line[end]), !line[end...].starts(with: arrow) { end += 1 }
            return String(String.UnicodeScalarView(line[p..<end]))
        }
        func fail(_ message: String) -> Result<(SourceTime, SourceTime), CueTimesProblem> { .failure(CueTimesProblem(message: message)) }
        skipWhitespace()
        let startWord = word()
        guard let start = SubtitleTimestamp.webVTT(line, at: &p) else {
            return fail(startWord.isEmpty ? "the start time is missing before '-->'" : "bad timestamp '\(startWord)'")
        }
        let glued = p < line.count && !isWhitespace(line[p]) && !line[p...].starts(with: arrow)
        skipWhitespace()
        guard line[p...].starts(with: arrow) else {
            return fail(glued ? "bad timestamp '\(startWord)'" : "expected '-->' after the start time, not '\(word())'")
        }
        p += arrow.count
        skipWhitespace()
        let endWord = word()
        guard let end = SubtitleTimestamp.webVTT(line, at: &p) else {
            return fail(endWord.isEmpty ? "the end time is missing after '-->'" : "bad timestamp '\(endWord)'")
        }
        return .success((start, end))
    }

    /// ASCII whitespace: tab, line feed, form feed, carriage return, space.
    static func isWhitespace(_ c: Unicode.Scalar) -> Bool {
        c == " " || c == "\t" || c == "\n" || c == "\u{C}" || c == "\r"
    }
}
