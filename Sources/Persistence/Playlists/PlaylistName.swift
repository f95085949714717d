/// The name of a playlist, as the user types it and as its file is named (`NAME.json`): 1 to
/// 64 letters, digits, `-`, `_`, `.` and `+`, not starting with `.` or `-`, so it is always
/// one plain file name in the playlists folder and never an option. Any thread (a value).
public struct PlaylistName: Sendable, Hashable, Comparable, CustomStringConvertible {
    public static let maximumLength = 64
    public let text: String

    /// Checks `text`; throws `PlaylistError.badName` for anything else.
    public init(_ text: String) throws(PlaylistError) {
        guard PlaylistName.isValid(text) else { throw .badName(text) }
        self.text = text
    }

    public var description: String { text }

    public static func < (a: PlaylistName, b: PlaylistName) -> Bool { a.text < b.text }

    static func isValid(_ text: String) -> Bool {
        guard let first = text.first, first != ".", first != "-", text.count <= maximumLength else { return false }
        return text.allSatisfy { c in
            c.isASCII ? (c.isLetter || c.isNumber || "-_.+".contains(c)) : (c.isLetter || c.isNumber)
        }
    }
}
