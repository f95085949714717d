/// A cue's text without its styling. Any thread.
///
/// SRT, as players show it (FFmpeg's libavcodec/htmlsubtitles.c does the same for these):
/// - the tags `<i>`, `<b>`, `<u>`, `<s>` and `<font …>` and their end tags (`</i>`, `</font>`;
///   any case) are removed, their content kept; a tag runs to the next `>` on its line;
/// - `{\…}` override blocks (`{\an8}`, `{\i1}`) are removed;
/// - any other `<` is text: "I <3 this", "a < b", `<v Anna>` stay as written.
///
/// WebVTT: see `WebVTTCueText`.
///
/// Both: each line is trimmed, lines left empty are dropped, the rest are joined with "\n".
enum SubtitleText {
    /// The text of an SRT cue's lines.
    static func srt(_ lines: some Sequence<Substring>) -> String {
        joinedLines(lines.map(withoutSRTMarkup))
    }

    /// Each line trimmed, empty ones dropped, joined with "\n".
    static func joinedLines(_ lines: some Sequence<some StringProtocol>) -> String {
        lines.map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }.joined(separator: "\n")
    }

    /// The tags SRT players style with.
    static let srtTags: Set<String> = ["i", "b", "u", "s", "font"]

    /// The line without SRT's tags and `{\…}` blocks.
    static func withoutSRTMarkup(_ line: Substring) -> String {
        var out = ""
        var i = line.startIndex
        while i < line.endIndex {
            let c = line[i]
            let next = line.index(after: i)
            if c == "<", let end = srtTagEnd(line[next...]) {
                i = end
            } else if c == "{", next < line.endIndex, line[next] == "\\", let close = line[next...].firstIndex(of: "}") {
                i = line.index(after: close)
            } else {
                out.append(c)
                i = next
            }
        }
        return out
    }

    /// Where a tag that starts just after a `<` ends (after its `>`): `i>`, `/font>`,
    /// `font color="red">`; nil when the text there is not one of `srtTags`.
    static func srtTagEnd(_ rest: Substring) -> Substring.Index? {
        let body = rest.first == "/" ? rest.dropFirst() : rest
        let name = body.prefix { $0.isASCII && $0.isLetter }
        guard srtTags.contains(name.lowercased()), let close = body.firstIndex(of: ">") else { return nil }
        let after = body[name.endIndex]
        guard after == ">" || after.isWhitespace else { return nil }
        return rest.index(after: close)
    }
}

extension StringProtocol {
    /// Without spaces, tabs and other whitespace at either end.
    func trimmingWhitespace() -> String {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(self[first...last])
    }
}
