/// Whether decoded text is text at all: a subtitle, transcript or label file that is really a
/// sound, an image or an archive (chosen by mistake) is refused before anything it would
/// replace is touched, rather than read as junk. Any thread.
public enum TextContent {
    /// Why `text` is not text, or nil: it holds a NUL character, or more than half of its
    /// characters are control characters other than tab, line ends and form feed.
    public static func problem(_ text: String) -> String? {
        var controls = 0, count = 0
        for scalar in text.unicodeScalars {
            count += 1
            if scalar.value == 0 { return "not a text file (it holds NUL bytes)" }
            if scalar.isControlCharacter && !["\t", "\n", "\r", "\u{C}"].contains(scalar) { controls += 1 }
        }
        return controls * 2 > count ? "not a text file (it is mostly control characters)" : nil
    }

    /// Throws one `TextFileError` naming `source` when `text` is not text (`problem`).
    public static func check(_ text: String, source: String) throws(TextFileError) {
        if let problem = problem(text) { throw TextFileError(source: source, message: problem) }
    }
}
