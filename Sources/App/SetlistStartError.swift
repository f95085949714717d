/// Why a setlist cannot start at the song asked for, in one line. Any thread (a value).
public struct SetlistStartError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
