/// Why a line-based text file of ours (subtitles, an Audacity label track) could not be used:
/// one line naming the file, the line (1-based) when there is one, and what is wrong. Any thread.
///
///     lesson.srt:14: bad timestamp '00:01:02.5x'
///     labels.txt:3: the label ends (1.500000) before it starts (2.000000)
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
