/// A bad option value found by a request after parsing: the command line reports it as a
/// usage error (exit status 64, with the usage hint), as it does its own checks. Any thread.
public struct OptionProblem: Error, CustomStringConvertible, Equatable {
    public let description: String
    public init(_ d: String) { description = d }
}
