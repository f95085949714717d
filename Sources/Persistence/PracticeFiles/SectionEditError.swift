/// Why an edit of a practice file's sections was refused (nothing was changed). Any thread.
public struct SectionEditError: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) { self.description = description }
}
