/// Something in a text file that was read anyway but not as written: a cue past the end of the
/// audio left out or cut, a torn last line of the practice log skipped. One line naming the file
/// and the line (1-based) when there is one; the caller shows it. Any thread.
///
///     lesson.srt:41: cue 11 starts at 0:12.000, after the end of the audio (0:10.000): left out
public struct TextFileWarning: Equatable, Sendable, CustomStringConvertible {
    /// The file as the user gave it.
    public var source: String
    /// 1-based; nil when it is about the whole file.
    public var line: Int?
    /// What was done, in the user's words.
    public var message: String

    public init(source: String, line: Int? = nil, message: String) {
        self.source = source
        self.line = line
        self.message = message
    }

    /// Control characters quoted from the file are shown escaped (`\u{1B}`), so that the
    /// line can't drive the terminal.
    public var description: String {
        "\(source)\(line.map { ":\($0)" } ?? ""): \(message)".escapingControlCharacters()
    }
}
