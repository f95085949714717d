import Foundation

/// A plain transcript: the sentences of a text file, in order. Any thread (a value).
///
/// The text is UTF-8 (a byte order mark is skipped), UTF-16 with a byte order mark, or else read
/// as Windows-1252 (said in `warning`). A sentence ends at `.`, `!`, `?`, `…` (and `。！？`)
/// followed by a space or the end of a line — closing quotes and brackets stay with it — and
/// at every line end; runs of spaces become one, empty sentences are dropped.
public struct Transcript: Sendable, Equatable {
    public var sentences: [String]
    /// Set when the file was not UTF-8 and was read as Windows-1252.
    public var warning: String?

    public init(sentences: [String], warning: String? = nil) {
        self.sentences = sentences
        self.warning = warning
    }

    /// The transcript in `data`, refused (naming `source`) when it is not text (`TextContent`).
    public static func read(_ data: Data, source: String) throws(TextFileError) -> Transcript {
        let (text, warning) = decode(data)
        try TextContent.check(text, source: source)
        return Transcript(sentences: sentences(text), warning: warning)
    }

    /// The transcript in `data`.
    public init(data: Data) {
        let (text, warning) = Transcript.decode(data)
        self.init(sentences: Transcript.sentences(text), warning: warning)
    }

    /// The text of `data`, and the warning when it was not UTF-8.
    static func decode(_ data: Data) -> (text: String, warning: String?) {
        let bytes = TextFileLines.withoutByteOrderMark(data)
        if let utf8 = String(bytes: bytes, encoding: .utf8) { return (utf8, nil) }
        if let utf16 = SubtitleParser.utf16(data) { return (utf16, nil) }
        return (Windows1252.decode(bytes), "not UTF-8 text: read as Windows-1252")
    }

    /// The sentences of `text`.
    public static func sentences(_ text: String) -> [String] {
        let ends: Set<Character> = [".", "!", "?", "…", "。", "！", "？"]
        let closers: Set<Character> = ["\"", "'", "”", "’", "»", ")", "]", "」", "』"]
        let wide: Set<Character> = ["。", "！", "？"]
        var sentences: [String] = []
        for line in text.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline) {
            let chars = Array(line)
            var current = ""
            var i = 0
            func finish() {
                let words = current.split(whereSeparator: \.isWhitespace).joined(separator: " ")
                if !words.isEmpty { sentences.append(words) }
                current = ""
            }
            while i < chars.count {
                let c = chars[i]
                current.append(c)
                i += 1
                guard ends.contains(c) else { continue }
                while i < chars.count, ends.contains(chars[i]) || closers.contains(chars[i]) { current.append(chars[i]); i += 1 }
                if i == chars.count || chars[i].isWhitespace || wide.contains(c) { finish() }
            }
            finish()
        }
        return sentences
    }
}
