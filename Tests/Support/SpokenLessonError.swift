/// Test thread (a value). Why a spoken lesson could not be made.
public struct SpokenLessonError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
