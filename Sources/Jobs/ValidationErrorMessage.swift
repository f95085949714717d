/// A one-line user error from set-up (printed as `Error: ...`). Any thread.
public struct ValidationErrorMessage: Error, CustomStringConvertible {
    public let description: String
    public init(_ d: String) { description = d }
}
