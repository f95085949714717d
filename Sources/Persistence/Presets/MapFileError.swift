/// Why a klick tempo map (a file, or a tempo on the command line) could not be read. Any thread.
///
/// Its description is one line that names the file, the line and what is wrong:
/// `song.klick:3: pattern 'X.x' has 3 steps; a bar of 4/4 has 4`.
public struct MapFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file's name as the user gave it; nil for a tempo given on the command line.
    public var file: String?
    /// 1-based line number; nil when the problem is the whole file.
    public var line: Int?
    /// What is wrong, in the user's words.
    public var message: String

    public init(file: String?, line: Int? = nil, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String {
        let place = [file, line.map(String.init)].compactMap { $0 }.joined(separator: ":")
        return place.isEmpty ? message : "\(place): \(message)"
    }
}
