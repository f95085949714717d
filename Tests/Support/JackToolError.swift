/// A failure of the JACK test tooling, with what the tool said. Any thread.
public struct JackToolError: Error, CustomStringConvertible {
    /// What went wrong, including the tool's own output where there is one.
    public let description: String

    public init(_ description: String) { self.description = description }
}
