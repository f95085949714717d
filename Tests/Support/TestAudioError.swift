/// Why a test sound file could not be written or read. Any thread.
public struct TestAudioError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
