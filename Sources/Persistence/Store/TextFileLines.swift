import Foundation

/// The lines of a text file (subtitles, a label track), numbered as an editor numbers them.
/// Any thread (a value).
///
/// - A byte order mark at the start is dropped.
/// - Lines end in LF, CRLF or a lone CR (WebVTT allows all three); the ends are not kept.
/// - A file ending in a line end has no empty last line after it.
struct TextFileLines {
    /// The lines, the first being line 1.
    let lines: [Substring]

    /// Decodes `data` as UTF-8; throws, naming the line of the first byte that is not UTF-8, or
    /// when it is not text at all (`TextContent`).
    init(_ data: Data, source: String) throws(TextFileError) {
        let bytes = TextFileLines.withoutByteOrderMark(data)
        guard let text = String(bytes: bytes, encoding: .utf8) else {
            throw TextFileError(source: source, line: TextFileLines.lineOfFirstBadByte(bytes),
                                message: "not UTF-8 text (save the file as UTF-8)")
        }
        try TextContent.check(text, source: source)
        self.init(text: text)
    }

    /// The lines of text already decoded.
    init(text: String) {
        var lines: [Substring] = []
        let scalars = text.unicodeScalars
        var start = scalars.startIndex
        var i = start
        while i < scalars.endIndex {
            let c = scalars[i]
            if c == "\n" || c == "\r" {
                lines.append(Substring(scalars[start..<i]))
                var next = scalars.index(after: i)
                if c == "\r", next < scalars.endIndex, scalars[next] == "\n" { next = scalars.index(after: next) }
                start = next
                i = next
            } else {
                i = scalars.index(after: i)
            }
        }
        if start < scalars.endIndex { lines.append(Substring(scalars[start...])) }
        self.lines = lines
    }

    /// `data` without the UTF-8 byte order mark it may start with.
    static func withoutByteOrderMark(_ data: Data) -> Data {
        data.starts(with: [0xEF, 0xBB, 0xBF]) ? Data(data.dropFirst(3)) : Data(data)
    }

    /// The 1-based line (counting LF and lone CR ends) of the first byte that does not decode.
    static func lineOfFirstBadByte(_ bytes: Data) -> Int {
        var line = 1
        var start = bytes.startIndex
        for (k, b) in zip(bytes.indices, bytes) {
            if b == UInt8(ascii: "\n") || b == UInt8(ascii: "\r") {
                if String(bytes: bytes[start...k], encoding: .utf8) == nil { return line }
                if !(b == UInt8(ascii: "\r") && k + 1 < bytes.endIndex && bytes[k + 1] == UInt8(ascii: "\n")) { line += 1 }
                start = k + 1
            }
        }
        return line
    }
}
