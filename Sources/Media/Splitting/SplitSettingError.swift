/// Any thread (a value). Why silence-splitting settings were refused: one line, naming the
/// option as the user wrote it ("--threshold takes ...").
public struct SplitSettingError: Error, Equatable, Sendable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) { self.description = description }
}
