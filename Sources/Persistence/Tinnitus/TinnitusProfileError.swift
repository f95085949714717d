/// Why the tinnitus profile could not be read or saved, in one line naming the file. Any thread.
public enum TinnitusProfileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file is there but cannot be read or does not parse.
    case unreadable(JSONFileError)
    /// It could not be written.
    case cannotWrite(file: String, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let e):
            "\(e) (the tinnitus profile is left as it is: fix the file, or move it away and match again)"
        case .cannotWrite(let file, let reason):
            "can't save \(file): \(reason) (the tinnitus profile is as it was)"
        }
    }
}
