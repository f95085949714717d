/// Why the MPRIS object could not be put on the session bus, in words (`description` is the
/// one line said once before the session runs on without it). Any thread (a value).
public struct MPRISError: Error, Equatable, Sendable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
