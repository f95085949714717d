/// The words of a WebVTT cue as a browser shows them: the cue text run through the WebVTT
/// specification's cue text tokenizer, keeping the string tokens. Any thread (pure).
///
/// - `<` starts a tag, which runs to the next `>` or to the end of the cue, across lines: class,
///   voice, language, ruby and timestamp tags (`<c.yellow>`, `<v Anna>`, `<00:00:01.500>`) and
///   their end tags go, their content stays. So "I <3 this" shows "I " (the rest is a tag, as
///   browsers show it); write `&lt;3` for a `<`.
/// - `&` starts a character reference: `&amp;` `&lt;` `&gt;` `&quot;` `&apos;` `&nbsp;` (a
///   no-break space), `&lrm;` `&rlm;` (invisible marks), and numeric ones (`&#233;`, `&#xE9;`)
///   are decoded as HTML decodes them (`&amp` `&lt` `&gt` `&quot` `&nbsp` without the `;` too).
///   Other named references (`&eacute;`) stay as written.
/// - Then, as for SRT, each line is trimmed, empty lines are dropped, the rest joined with "\n".
enum WebVTTCueText {
    static func text(_ cue: [Unicode.Scalar]) -> String {
        var out = String.UnicodeScalarView()
        var i = 0
        while i < cue.count {
            switch cue[i] {
            case "<":
                // The tag states: everything up to and including the next '>' (or the end).
                i += 1
                while i < cue.count, cue[i] != ">" { i += 1 }
                i += 1
            case "&":
                i += 1
                if let (decoded, length) = reference(cue, at: i) {
                    out.append(contentsOf: decoded)
                    i += length
                } else {
                    out.append("&")
                }
            default:
                out.append(cue[i])
                i += 1
            }
        }
        return SubtitleText.joinedLines(String(out).split(separator: "\n", omittingEmptySubsequences: false))
    }

    /// Named references with their `;`; those marked `true` are also read without it (HTML's
    /// legacy list).
    static let named: [(name: String, value: String, legacy: Bool)] = [
        ("amp", "&", true), ("lt", "<", true), ("gt", ">", true), ("quot", "\"", true), ("nbsp", "\u{A0}", true),
        ("apos", "'", false), ("lrm", "\u{200E}", false), ("rlm", "\u{200F}", false),
    ]

    /// The character reference just after a `&` at `start`: its characters and how many
    /// scalars it takes; nil when there is none (the `&` is then text).
    static func reference(_ s: [Unicode.Scalar], at start: Int) -> ([Unicode.Scalar], Int)? {
        guard start < s.count else { return nil }
        if s[start] == "#" {
            var i = start + 1
            let hex = i < s.count && (s[i] == "x" || s[i] == "X")
            if hex { i += 1 }
            let digitsStart = i
            var value: UInt32 = 0
            while i < s.count, let d = hex ? hexDigit(s[i]) : s[i].asciiDigit.map({ UInt32($0) }) {
                value = min(value &* (hex ? 16 : 10) &+ d, 0x110000)
                i += 1
            }
            guard i > digitsStart else { return nil }
            if i < s.count, s[i] == ";" { i += 1 }
            return ([numericReference(value)], i - start)
        }
        for (name, value, legacy) in named {
            let scalars = Array(name.unicodeScalars)
            guard s.count - start >= scalars.count, Array(s[start..<(start + scalars.count)]) == scalars else { continue }
            let end = start + scalars.count
            if end < s.count, s[end] == ";" { return (Array(value.unicodeScalars), scalars.count + 1) }
            if legacy { return (Array(value.unicodeScalars), scalars.count) }
        }
        return nil
    }

    static func hexDigit(_ c: Unicode.Scalar) -> UInt32? {
        switch c {
        case "0"..."9": c.value - 48
        case "a"..."f": c.value - 87
        case "A"..."F": c.value - 55
        default: nil
        }
    }

    /// HTML's reading of `&#N;`: 0, surrogates and values past U+10FFFF give U+FFFD; 0x80–0x9F
    /// are read as Windows-1252 (`&#150;` is an en dash).
    static func numericReference(_ value: UInt32) -> Unicode.Scalar {
        if (0x80...0x9F).contains(value) { return Windows1252.scalar(UInt8(value)) }
        guard value != 0, let scalar = Unicode.Scalar(value) else { return "\u{FFFD}" }
        return scalar
    }
}
