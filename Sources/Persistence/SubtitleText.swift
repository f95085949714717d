/// A cue's text without its styling. Any thread.
///
/// - Tags are removed, their content kept: `<i>`, `</i>`, `<b>`, `<u>`, `<font color="…">`,
///   WebVTT's `<c.yellow>`, `<v Anna>`, `<lang en>`, `<ruby>`, and timestamps `<00:00:01.000>`.
///   A tag is `<` followed by a letter, a digit or `/`, up to the next `>` on the line; any other
///   `<` is text ("a < b", "I <3 it").
/// - `{\…}` override blocks (`{\an8}`, `{\i1}`) are removed.
/// - In WebVTT, the character references `&amp;` `&lt;` `&gt;` `&quot;` `&apos;` `&nbsp;` are
///   decoded, and `&lrm;` `&rlm;` removed.
/// - Each line is trimmed; lines left empty are dropped; the rest are joined with "\n".
enum SubtitleText {
    static func cleaned(_ lines: some Sequence<Substring>, format: SubtitleFormat) -> String {
        lines.map { line -> String in
            var text = withoutMarkup(line)
            if format == .webVTT { text = decodingReferences(text) }
            return text.trimmingWhitespace()
        }.filter { !$0.isEmpty }.joined(separator: "\n")
    }

    /// The line without `<…>` tags and `{\…}` blocks.
    static func withoutMarkup(_ line: Substring) -> String {
        var out = ""
        var i = line.startIndex
        while i < line.endIndex {
            let c = line[i]
            let next = line.index(after: i)
            if c == "<", next < line.endIndex, line[next].isLetter || line[next].isNumber || line[next] == "/",
               let close = line[next...].firstIndex(of: ">") {
                i = line.index(after: close)
            } else if c == "{", next < line.endIndex, line[next] == "\\", let close = line[next...].firstIndex(of: "}") {
                i = line.index(after: close)
            } else {
                out.append(c)
                i = next
            }
        }
        return out
    }

    static let references: [(String, String)] = [
        ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&apos;", "'"), ("&nbsp;", " "), ("&lrm;", ""), ("&rlm;", ""),
        ("&amp;", "&"),
    ]

    /// WebVTT's named character references decoded, in one pass (`&amp;lt;` becomes `&lt;`).
    static func decodingReferences(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var out = ""
        var rest = Substring(text)
        outer: while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            rest = rest[amp...]
            for (name, value) in references where rest.hasPrefix(name) {
                out += value
                rest = rest.dropFirst(name.count)
                continue outer
            }
            out += "&"
            rest = rest.dropFirst()
        }
        return out + rest
    }
}

extension StringProtocol {
    /// Without spaces, tabs and other whitespace at either end.
    func trimmingWhitespace() -> String {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(self[first...last])
    }
}
