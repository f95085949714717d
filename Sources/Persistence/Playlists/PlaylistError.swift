/// Why a playlist command could not be done. Any thread. Its description is one line that
/// names the playlist, and for a file that does not parse, the file, line and field.
public enum PlaylistError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Not a name a playlist may have (see `PlaylistName`).
    case badName(String)
    /// No playlist of that name (its file, where it was looked for).
    case notFound(name: String, file: String)
    /// A playlist of that name already exists (its file).
    case exists(name: String, file: String)
    /// The playlist's file cannot be read or does not parse: it is left as it is.
    case unreadable(JSONFileError)
    /// Writing failed (the file before the change is still there).
    case cannotWrite(file: String, reason: String)
    /// `number` is not a track of the playlist (1 to `count`).
    case noSuchTrack(name: String, number: Int, count: Int)
    /// The file is not in the playlist.
    case notInPlaylist(name: String, path: String)

    public var description: String {
        switch self {
        case .badName(let text):
            "'\(text)' can't be a playlist name: use 1 to \(PlaylistName.maximumLength) letters, digits, '-', '_', '.' and '+', "
                + "not starting with '.' or '-'"
        case .notFound(let name, let file):
            "no playlist named '\(name)' (no file \(file)): create it with: woodshed playlist create \(name)"
        case .exists(let name, let file):
            "a playlist named '\(name)' already exists (\(file))"
        case .unreadable(let e):
            "\(e) (the playlist is left as it is: fix the file, or delete the playlist to start again)"
        case .cannotWrite(let file, let reason):
            "can't save \(file): \(reason) (the playlist is as it was)"
        case .noSuchTrack(let name, let number, let count):
            count == 0 ? "there is no track \(number): '\(name)' has no tracks"
                : "there is no track \(number): '\(name)' has tracks 1 to \(count)"
        case .notInPlaylist(let name, let path):
            "\(path) is not in '\(name)'"
        }
    }
}
