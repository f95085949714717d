/// Where a file stopped giving frames before the end its header gives, found while reading
/// (damage in the stream, or a file cut short or still being written): reads give silence
/// from `frame` on. Any thread (a value).
public struct ReadStop: Equatable, Sendable {
    /// The first frame that could not be read.
    public var frame: Int64
    /// Why, in the decoder's words, or `ReadStop.endedEarly`.
    public var reason: String

    /// The reason when the decoder reports none: the data just ends.
    public static let endedEarly = "the file ends early (cut short, or still being written)"

    public init(frame: Int64, reason: String) {
        self.frame = frame
        self.reason = reason
    }
}
