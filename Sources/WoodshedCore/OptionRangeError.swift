/// A number outside its `OptionRange`: one line for the user. Any thread.
public struct OptionRangeError: Error, Equatable, Sendable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
