/// One line about a line-based text file of ours (subtitles, an Audacity label track, the
/// practice log): the file, the line (1-based) when there is one, and what is wrong — thrown
/// when the file cannot be used, or kept as a `TextFileWarning` when it was read anyway but not
/// as written. Any thread.
///
///     lesson.srt:14: bad timestamp '00:01:02.5x'
///     labels.txt:3: the label ends (1.500000) before it starts (2.000000)
///     lesson.srt:41: cue 11 starts at 0:12.000, after the end of the audio (0:10.000): left out
public struct TextFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file as the user gave it.
    public var source: String
    /// 1-based; nil when the problem is the whole file.
    public var line: Int?
    /// What is wrong, in the user's words.
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

/// Something in a text file that was read anyway but not as written (a cue past the end of the
/// audio left out or cut, a torn last line of the practice log skipped): the same one line as a
/// `TextFileError`, which the caller shows instead of throwing.
public typealias TextFileWarning = TextFileError
