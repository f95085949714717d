/// Why a file could not be fingerprinted: it could not be opened or read. Any thread.
public struct FileFingerprintError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file as the caller gave it.
    public var path: String
    public var reason: String

    public var description: String { "can't read '\(path)': \(reason)" }
}
